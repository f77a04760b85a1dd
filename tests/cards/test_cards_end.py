"""End and scoring (RULES.md Part II, C11: CARD-END-1..CARD-END-5, CARD-SCORE-1)."""

from __future__ import annotations

import attrs
from card_scenario import BLACK, BLUE, GREEN, RED, play, play_events, rejected, table

from tigris_rules import COLORS, Termination, check_state
from tigris_rules.cards import (
    CardGameState,
    CardsDrawn,
    CommitSupport,
    EndTurn,
    GameOver,
    PaymentDecision,
    PayPoints,
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
    restarted = play(after, PlayColumn(BLACK, 1), EndTurn())
    assert restarted.idle_turns == 0
    after, events = play_events(after, EndTurn())
    assert card_is_over(after)
    assert after.end_reason == "stalemate"
    assert GameOver("stalemate") in events


def locked_table(*, turn_start: bool = True, hands: dict[int, str] | None = None) -> CardGameState:
    """A table where no card can be played any more: every column holds ``column_limit``
    (4) cards, every gap is filled (one kingdom) and both catastrophes are used. Seat 0's
    king is on the head of column 1, seat 1's priest on the head of column 4."""
    return table(
        columns=dict.fromkeys(range(1, 9), "kbgk"),
        gaps=dict.fromkeys(range(1, 8), "b"),
        leaders={"1.0": "0K", "4.0": "1R"},
        hands=hands or {0: "kkkkbbgg", 1: "kkkkbbgg"},
        catastrophes=(False, False),
        column_limit=4,
        turn_start=turn_start,
    )


NOBODY_COMMITS = (CommitSupport(0), CommitSupport(0))


def revolts_of_seat_0(state: CardGameState) -> CardGameState:
    """Seat 0's turn on :func:`locked_table`: twice he places his priest from his supply into
    the one kingdom, where seat 1's priest stands (CARD-REVOLT-1); nobody commits
    (CARD-REVOLT-4), the defender wins the tie (CARD-REVOLT-5) and pays nothing of his red
    point (CARD-REVOLT-7, CARD-VP-2). The second action ends the turn (TURN-3)."""
    once = (PlayLeader(RED, "3.0"), *NOBODY_COMMITS, PayPoints(0))
    return play(state, *once, *once)


def test_a_locked_table_with_revolts_that_move_no_card_ends_after_a_round() -> None:
    """CARD-END-5 (D24, D25): on a locked table, a turn in which no card left a hand counts as
    idle. On a locked table the players keep revolting with nothing committed; after one full
    round the game ends by stalemate."""
    state = revolts_of_seat_0(locked_table())
    assert state.active == 1
    assert state.idle_turns == 1
    assert not card_is_over(state)
    state = play(state, PlayLeader(BLACK, "2.0"), *NOBODY_COMMITS, PayPoints(0))
    assert not card_is_over(state)
    after, events = play_events(state, EndTurn())
    assert card_is_over(after)
    assert after.end_reason == "stalemate"
    assert events[-2:] == [TurnEnded(1, None), GameOver("stalemate")]
    assert after.turn == 2


def test_without_a_snapshot_only_a_turn_without_action_is_idle() -> None:
    """CARD-END-5 as written: in a position built without a turn-start snapshot, the turn in
    progress is idle only without any action, so the same round of revolts does not end the
    game; the next turn starts with a snapshot and counts by the cards moved."""
    state = revolts_of_seat_0(locked_table(turn_start=False))
    assert state.idle_turns == 0
    assert state.turn_start is not None
    state = play(state, PlayLeader(BLACK, "2.0"), *NOBODY_COMMITS, PayPoints(0), EndTurn())
    assert not card_is_over(state)
    assert state.idle_turns == 1


def test_a_round_where_a_card_moved_is_not_idle() -> None:
    """CARD-END-5: a card that left a hand (a red card committed to a revolt, then put on the
    winner's VP pile, CARD-REVOLT-7) is a card moved: the turn is not idle and the count
    starts again."""
    state = revolts_of_seat_0(locked_table(hands={0: "kkkkbbgg", 1: "rkkkbbgg"}))
    assert state.idle_turns == 1
    state = play(state, PlayLeader(BLACK, "2.0"), *NOBODY_COMMITS)
    assert isinstance(state.pending, PaymentDecision)
    state = play(state, PayPoints(0), PlayLeader(BLACK, "2.0"), CommitSupport(1))
    after = play(state, CommitSupport(0))  # seat 1 wins 2 to 1; the second action ends his turn
    assert after.piles[1] == bytes((RED.index,))
    assert after.active == 0
    assert after.idle_turns == 0
    assert not card_is_over(after)


def boat_table() -> CardGameState:
    """A locked table (every column full, every gap filled, no catastrophe card left) with
    the blue/black boat in column 1 and seat 0's king beside it."""
    return table(
        columns={1: "kKgk", **dict.fromkeys(range(2, 9), "kbgk")},
        gaps=dict.fromkeys(range(1, 8), "b"),
        leaders={"1.0": "0K"},
        hands={0: "kkk", 1: "bbbbbbbb"},
        catastrophes=(False, False),
        column_limit=4,
        turn_start=True,
    )


def test_boat_income_that_pays_a_card_makes_the_turn_not_idle() -> None:
    """CARD-END-5 (D25): idleness is judged after the boat income (CARD-BOAT-6); on a locked
    table, a turn whose only moved card is one paid as boat income is not idle."""
    state = play(boat_table(), PlayLeader(RED, "2.0"), EndTurn())
    assert isinstance(state.pending, PaymentDecision)
    assert state.pending.cause.value == "boat"
    state = play(state, PayPoints(1))
    assert state.active == 1
    assert state.idle_turns == 0


def test_boat_income_paying_nothing_and_the_refill_leave_the_turn_idle() -> None:
    """CARD-END-5 (D25): on a locked table, a turn whose actions and boat income took no card
    from a hand is idle; the cards drawn at the refill (CARD-END-1) do not count and are part
    of the next turn's snapshot. After a full round of such turns the game ends."""
    state = play(boat_table(), PlayLeader(RED, "2.0"), EndTurn())
    state, events = play_events(state, PayPoints(0))
    assert any(isinstance(e, CardsDrawn) and e.player == 0 for e in events)
    assert state.active == 1
    assert state.idle_turns == 1
    assert state.turn_start is not None
    assert state.turn_start.hands == state.hands
    after = play(state, PlayLeader(BLUE, "3.0"), EndTurn())
    assert isinstance(after.pending, PaymentDecision)
    assert after.pending.cause.value == "boat"
    after = play(after, PayPoints(0))
    assert card_is_over(after)
    assert after.end_reason == "stalemate"


def test_a_turn_without_action_is_idle_even_with_boat_income() -> None:
    """CARD-END-5: a turn in which no action was taken is idle, whatever its boat income."""
    state = table(
        columns={1: "kKgk", 2: "kb"},
        leaders={"1.0": "0K"},
        hands={0: "kkk", 1: "bbbbbbbb"},
        turn_start=True,
    )
    state = play(state, EndTurn())
    assert isinstance(state.pending, PaymentDecision)
    state = play(state, PayPoints(1))
    assert state.active == 1
    assert state.idle_turns == 1


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


def test_leader_moves_before_the_table_is_locked_are_not_idle() -> None:
    """CARD-END-5 as written holds until the table is locked: a full round of leader actions
    that move no card, on a table where cards can still be played, is not idle."""
    state = table(
        columns={1: "kb", 2: "gk"},
        hands={0: "kkkkbbgg", 1: "kkkkbbgg"},
        turn_start=True,
    )
    state = play(state, PlayLeader(BLACK, "1.0"), EndTurn())
    assert state.idle_turns == 0
    state = play(state, PlayLeader(BLUE, "2.0"), EndTurn())
    assert state.idle_turns == 0
    assert not card_is_over(state)


# --- why the game ended: Result.termination ------------------------------------------------


def test_the_result_names_the_draw_pile_end() -> None:
    """CARD-END-2: a game ended by a short refill has the draw pile as its termination."""
    state = table(players=3, hands={0: "kkkkkk", 1: "kkkkkkkk", 2: "kkkkkkkk"})
    state = attrs.evolve(state, draw_pos=len(state.draw) - 1)
    assert card_result(state).termination is None
    after = play(state, EndTurn())
    assert card_result(after).terminations == (Termination.DRAW_PILE,)
    assert card_result(after).termination is Termination.DRAW_PILE


def test_the_result_names_the_treasure_end() -> None:
    """CARD-END-3: a game ended with one treasure head left has the treasure end as its
    termination."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        heads="TTrrrrrr",
        piles={0: "TTT", 1: "TTT"},
        leaders={"1.0": "1G"},
        hands={0: "kk", 1: "rr"},
    )
    after = play(state, PlayGap(BLACK, 1), TakeTreasures((2,)), PlayColumn(BLACK, 3))
    assert card_result(after).terminations == (Termination.TREASURES,)
    assert card_result(after).termination is Termination.TREASURES


def test_the_result_names_the_stalemate() -> None:
    """CARD-END-5: a full round of idle turns has the stalemate as its termination."""
    state = table(players=3, hands=dict.fromkeys(range(3), "kkkkkkkk"))
    after = play(state, EndTurn(), EndTurn(), EndTurn())
    assert card_result(after).terminations == (Termination.STALEMATE,)
    assert card_result(after).termination is Termination.STALEMATE


def test_several_ends_at_once_the_result_lists_them_in_rule_order() -> None:
    """CARD-END-2, CARD-END-3: when both hold at one end of turn, ``end_reason`` and the
    termination name the first in rule order (the draw pile); the result lists both."""
    state = table(
        players=2, heads="Trrrrrrr", piles={0: "TTTT", 1: "TTT"}, hands={0: "kkkkkk", 1: "kkkkkkkk"}
    )
    state = attrs.evolve(state, draw_pos=len(state.draw) - 1)
    after, events = play_events(state, EndTurn())
    assert after.end_reason == "draw pile"
    assert events[-1] == GameOver("draw pile")
    outcome = card_result(after)
    assert outcome.terminations == (Termination.DRAW_PILE, Termination.TREASURES)
    assert outcome.termination is Termination.DRAW_PILE


def test_an_end_reason_the_end_checks_do_not_give_is_refused() -> None:
    """CARD-END-4: nothing but the end checks ends the game; a state whose end reason they
    do not give (or a finished game without one) cannot be reached."""
    state = table(players=3, hands=dict.fromkeys(range(3), "kkkkkkkk"))
    for reason in ("stalemate", "draw pile", "treasures", None):
        over = attrs.evolve(state, over=True, end_reason=reason)
        problems = [(p.code, p.rule) for p in check_state(over)]
        assert problems == [("end-reason", "CARD-END-4")], reason
    idle = attrs.evolve(state, over=True, end_reason="stalemate", idle_turns=3)
    assert check_state(idle) == []
