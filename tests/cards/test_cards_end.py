"""End and scoring (RULES.md Part II, C11: CARD-END-1..CARD-END-5, CARD-SCORE-1)."""

from __future__ import annotations

import attrs
from card_scenario import BLACK, BLUE, GREEN, RED, play, play_events, rejected, table

from tigris_rules import COLORS
from tigris_rules.cards import (
    CardsDrawn,
    EndTurn,
    GameOver,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
    TurnEnded,
    card_is_over,
    card_legal_actions,
    card_result,
    card_to_move,
)


def test_refill_to_eight_active_player_first() -> None:
    """CARD-END-1: at every end of turn each player draws up to 8, the active player first,
    then clockwise; refilling is automatic."""
    state = table(
        players=3,
        active=1,
        hands={0: "kkkkkk", 1: "kkkkkkk", 2: "kkkkk"},
        draw="rbbggkk",
    )
    after, events = play_events(state, PlayColumn(BLACK, 1))
    assert after.pending is None
    after, events = play_events(after, EndTurn())
    draws = [e for e in events if isinstance(e, CardsDrawn)]
    assert draws == [CardsDrawn(1, (RED, BLUE)), CardsDrawn(2, (BLUE, GREEN, GREEN)),
                     CardsDrawn(0, (BLACK, BLACK))]  # fmt: skip
    assert [after.hand_size(p) for p in range(3)] == [8, 8, 8]


def test_a_short_draw_ends_the_game_after_this_turn() -> None:
    """CARD-END-2: if the draw pile runs out before every player holds 8, the game ends after
    this end of turn; a pile with exactly enough does not end it."""
    state = table(players=3, hands={0: "kkkkkkk", 1: "kkkkkkkk", 2: "kkkkkkkk"})
    state = attrs.evolve(state, draw_pos=len(state.draw) - 1)  # one card left
    exact = play(state, EndTurn())
    assert not card_is_over(exact)
    assert exact.draw_size == 0
    short = attrs.evolve(state, hands=((6, 0, 0, 0), *state.hands[1:]))
    after, events = play_events(short, EndTurn())
    assert card_is_over(after)
    assert after.end_reason == "draw pile"
    last = COLORS[state.draw[-1]]
    assert CardsDrawn(0, (last,), True) in events
    assert events[-2:] == [TurnEnded(0, None), GameOver("draw pile")]
    assert card_to_move(after) is None


def test_one_treasure_head_left_ends_the_game_at_the_end_of_the_turn() -> None:
    """CARD-END-3: the game ends at the end of a turn when only one head is still a treasure
    card; the turn is finished first."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        heads="TTrrrrrr",
        piles={0: "TTT", 1: "TTT"},
        leaders={"1.0": "1G"},
        hands={0: "kk", 1: "rr"},
    )
    state = play(state, PlayGap(BLACK, 1), TakeTreasures((2,)))
    assert state.treasure_heads() == (1,)
    assert not card_is_over(state)
    after = play(state, PlayColumn(BLACK, 3))
    assert card_is_over(after)
    assert after.end_reason == "treasures"


def test_nothing_else_ends_the_game_and_no_extra_turns() -> None:
    """CARD-END-4: only CARD-END-2, CARD-END-3 and CARD-END-5 end the game; once over, no
    further turn is played and every input is rejected under END-3."""
    state = table(players=3, hands=dict.fromkeys(range(3), "kkkkkkkk"))
    state = attrs.evolve(state, draw_pos=len(state.draw))  # the draw pile is empty
    after = play(state, PlayLeader(RED, "1.0"), EndTurn())
    assert not card_is_over(after)
    assert after.draw_size == 0
    assert after.active == 1
    over = play(attrs.evolve(state, hands=((0, 0, 0, 0), *state.hands[1:])), EndTurn())
    assert card_is_over(over)
    assert over.active == 0
    assert over.turn == 1
    rejected(over, EndTurn(), "END-3")
    rejected(over, PlayLeader(RED, "1.0"), "END-3", player=0)
    assert len(card_legal_actions(over)) == 0


def test_a_full_round_without_action_ends_the_game() -> None:
    """CARD-END-5: the game ends at the end of a turn completing a full round (one turn per
    player) in which nobody took an action; an action restarts the count."""
    state = table(players=3, hands=dict.fromkeys(range(3), "kkkkkkkk"))
    after = play(state, EndTurn(), EndTurn())
    assert not card_is_over(after)
    assert after.idle_turns == 2
    restarted = play(after, PlayLeader(BLACK, "1.0"), EndTurn())
    assert restarted.idle_turns == 0
    after, events = play_events(after, EndTurn())
    assert card_is_over(after)
    assert after.end_reason == "stalemate"
    assert GameOver("stalemate") in events


def test_score_sorted_piles_treasures_wild_ranking() -> None:
    """CARD-SCORE-1: each player sorts his VP pile by colour; treasure cards are wild and
    assigned as in SCORE-2; players are ranked as in SCORE-3..SCORE-6 (001's example)."""
    piles = {
        0: "g" * 5 + "r" * 7 + "b" * 6 + "k" * 5,  # archer
        1: "g" * 6 + "r" * 4 + "b" * 6 + "k" * 6,  # lion
        2: "g" * 4 + "r" * 9 + "b" * 5 + "k" * 6,  # bull
        3: "g" * 9 + "r" * 7 + "b" * 8 + "k" * 3,  # urn
    }
    result = card_result(table(players=4, piles=piles))
    assert [p.score for p in result.players] == [5, 4, 4, 3]
    assert [p.place for p in result.players] == [1, 2, 3, 4]
    assert result.winners == (0,)
    assert not result.final
    wild = card_result(table(players=2, piles={0: "kkrbTTTT", 1: "kkrrbbgg"}, heads="TTTTrrrr"))
    assert wild.players[0].allocation == (0, 1, 1, 2)
    assert wild.players[0].vector == (2, 2, 2, 2)
    assert [p.place for p in wild.players] == [1, 1]
