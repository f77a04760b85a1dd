"""Scenario tests for the turn structure, RULES.md §3 and §12 (TURN-1..TURN-13)."""

from __future__ import annotations

import json

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules import (
    Color,
    CommitDecision,
    CommitSupport,
    Decline,
    EndTurn,
    GameConfig,
    KeepTreasure,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    StructureDecision,
    SwapTiles,
    TreasureDecision,
    WithdrawLeader,
)
from tigris_rules.model.actions import MAIN_ACTION_TYPES
from tigris_rules.model.cells import CATASTROPHE, EMPTY
from tigris_rules.model.events import (
    CatastrophePlaced,
    ConflictResolved,
    ConflictStarted,
    GameOver,
    LeaderMoved,
    LeaderPlaced,
    LeaderReturned,
    PointsScored,
    ScoreCause,
    SupportCommitted,
    TileLeft,
    TilePlaced,
    TilesDrawn,
    TilesSwapped,
    TreasureTaken,
    TurnEnded,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position

BLACK, RED, BLUE, GREEN = Color.BLACK, Color.RED, Color.BLUE, Color.GREEN


def with_spare_treasures(state: GameState) -> GameState:
    """``state`` with three lone temples carrying treasures on a11, c11 and e11, so that the
    treasure end (END-1) does not end the game at the end of a turn."""
    cells = list(state.cells)
    spare = [square_index(name) for name in ("a11", "c11", "e11")]
    for square in spare:
        cells[square] = RED.index
    return attrs.evolve(state, cells=tuple(cells), treasures=state.treasures | set(spare))


def refused(state: GameState, action: tr.Action, rule: str, player: int) -> None:
    """Assert that ``player`` may not send ``action`` (which the player to move may)."""
    before = state
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, action, player)
    assert info.value.rule == rule, info.value
    assert state == before


def of(kind: type, events: tuple[tr.Event, ...]) -> list[tr.Event]:
    return [e for e in events if isinstance(e, kind)]


# --- TURN-1 --------------------------------------------------------------------------------


def test_turn_1_only_the_active_player_acts_and_turns_pass_clockwise() -> None:
    """TURN-1: turns pass clockwise from seat 0; only the active player takes actions."""
    state = tr.new_game(GameConfig(players=3), seed=4)
    refused(state, PlaceLeader(BLACK, "g3"), "TURN-1", player=1)
    refused(state, EndTurn(), "TURN-1", player=2)
    state = tr.apply(state, EndTurn(), 0)
    assert state.active == 1
    refused(state, EndTurn(), "TURN-1", player=0)
    state = tr.apply(state, PlaceLeader(BLACK, "g3"), 1)
    assert state.leader_square(1, BLACK) == "g3"
    state = tr.apply(state, EndTurn(), 1)
    assert state.active == 2
    state = tr.apply(state, EndTurn(), 2)
    assert state.active == 0


def test_turn_1_other_players_answer_decisions_addressed_to_them() -> None:
    """TURN-1: a non-active player answers a decision addressed to him (revolt defender)."""
    state = position(
        """
            f  g  h
         5  r  1R .
         6  .  r  .
        """,
        hands={0: "r", 1: "rr"},
    )
    state = tr.apply(state, PlaceLeader(RED, "h6"), 0)
    state = tr.apply(state, CommitSupport(1), 0)
    assert isinstance(state.pending, CommitDecision)
    assert state.pending.player == 1
    assert state.active == 0
    refused(state, CommitSupport(0), "CONV-15", player=0)
    state = tr.apply(state, CommitSupport(2), 1)
    assert state.pending is None
    assert state.active == 0
    assert state.hands[1] == (0, 0, 0, 0)


# --- TURN-2 --------------------------------------------------------------------------------


def test_turn_2_four_kinds_of_action() -> None:
    """TURN-2: leader, tile, catastrophe and swap actions (and the end of turn) answer the
    choice of action; leader actions are place/move and withdraw."""
    assert set(MAIN_ACTION_TYPES) == {
        PlaceLeader,
        WithdrawLeader,
        PlaceTile,
        PlaceCatastrophe,
        SwapTiles,
        EndTurn,
    }


def test_turn_2_two_actions_of_the_same_kind() -> None:
    """TURN-2: a turn holds at most two actions, and both may be tiles."""
    state = with_spare_treasures(position("", hands={0: "kkk"}, bag="rrrrrrrrrrrr"))
    after = play(state, PlaceTile(BLACK, "g5"))
    assert after.active == 0
    assert after.actions_taken == 1
    after, events = tr.step(after, PlaceTile(BLACK, "j5"))
    assert after.cells[square_index("g5")] == BLACK.index
    assert after.cells[square_index("j5")] == BLACK.index
    assert of(TurnEnded, events) == [TurnEnded(0, 1)]
    assert after.active == 1
    assert after.actions_taken == 0


def test_turn_2_two_actions_of_different_kinds_in_any_order() -> None:
    """TURN-2: a catastrophe then a swap, or a swap then a catastrophe, fill the turn."""
    state = with_spare_treasures(position("", hands={0: "kk", 1: "rr"}, bag="gggggggggggg"))
    after = play(state, PlaceCatastrophe("g5"), SwapTiles(black=1))
    assert after.active == 1
    assert after.catastrophes == (1, 2)
    after = play(after, SwapTiles(red=2), PlaceCatastrophe("h5"))
    assert after.active == 0
    assert after.catastrophes == (1, 1)
    assert after.cells[square_index("h5")] == CATASTROPHE


# --- TURN-3 --------------------------------------------------------------------------------


def test_turn_3_ending_after_zero_or_one_action_is_legal() -> None:
    """TURN-3: end turn is legal with 0 or 1 actions taken (D8)."""
    state = with_spare_treasures(position("", hands={0: "kk", 1: "kk"}, bag="rrrrrrrrrrrr"))
    assert EndTurn() in tr.legal_actions(state)
    after, events = tr.step(state, EndTurn())
    assert of(TurnEnded, events) == [TurnEnded(0, 1)]
    assert after.active == 1
    after = play(after, PlaceTile(BLACK, "g5"))
    assert after.actions_taken == 1
    assert EndTurn() in tr.legal_actions(after)
    after = play(after, EndTurn())
    assert after.active == 0
    assert after.hands[1] == (1, 5, 0, 0)


def test_turn_3_there_is_no_third_action() -> None:
    """TURN-3: once the second action is complete the turn ends at once; the next input
    comes from the next player, and the former active player is refused under TURN-1."""
    state = with_spare_treasures(position("", hands={0: "kkkk"}, bag="rrrrrrrrrrrr"))
    after, events = tr.step(state, PlaceTile(BLACK, "g5"))
    assert of(TurnEnded, events) == []
    after, events = tr.step(after, PlaceTile(BLACK, "j5"))
    assert of(TurnEnded, events) == [TurnEnded(0, 1)]
    assert tr.to_move(after) == 1
    refused(after, PlaceTile(BLACK, "l5"), "TURN-1", player=0)


def test_turn_3_a_decision_answer_is_not_an_action() -> None:
    """TURN-3: at the choice of action only an action or end turn is accepted."""
    state = position("", hands={0: "kk"})
    rejected(state, CommitSupport(0), "TURN-3")
    rejected(state, Decline(), "TURN-3", player=0)
    rejected(state, KeepTreasure("b2"), "TURN-3")


# --- TURN-4 --------------------------------------------------------------------------------


def test_turn_4_an_action_is_in_progress_until_its_decisions_are_answered() -> None:
    """TURN-4: during a revolt no other action, no withdrawal and no end of turn is
    possible; the action counts only once the revolt is over."""
    state = position(
        """
            f  g  h
         5  r  1K .
         6  .  r  .
        """,
        hands={0: "rr", 1: "r"},
    )
    state = play(state, PlaceLeader(BLACK, "h6"))
    assert state.actions_taken == 0
    rejected(state, EndTurn(), "CONV-15")
    rejected(state, WithdrawLeader(BLACK), "CONV-15")
    rejected(state, PlaceLeader(BLACK, "h5"), "CONV-15")
    state = play(state, CommitSupport(0))
    assert state.actions_taken == 0
    refused(state, WithdrawLeader(BLACK), "CONV-15", player=1)
    state = play(state, CommitSupport(1))
    assert state.pending is None
    assert state.actions_taken == 1
    # The defender won the tie (1 + 0 against 1 + 1) and the attacking king went home.
    assert state.leader_square(0, BLACK) is None
    assert state.leader_square(1, BLACK) == "g5"


def test_turn_4_the_structure_decision_belongs_to_the_tile_action() -> None:
    """TURN-4: a tile action waits for its structure decision before it counts."""
    state = position(
        """
            f  g  h
         5  0K r  r
         6  r  r  .
        """,
        hands={0: "r"},
    )
    state = play(state, PlaceTile(RED, "h6"))
    assert isinstance(state.pending, StructureDecision)
    assert state.actions_taken == 0
    rejected(state, EndTurn(), "CONV-15")
    state = play(state, Decline())
    assert state.actions_taken == 1
    assert state.pending is None


# --- TURN-5 --------------------------------------------------------------------------------


def test_turn_5_leader_action_revolt_then_treasure_check() -> None:
    """TURN-5: the leader is placed, the revolt follows, and only then the end of action's
    treasure check runs, for the revolt's winner."""
    state = position(
        """
            f  g  h  i
         5  r* 1G .  r*
         6  r  r  r  .
        """,
        hands={0: "r", 1: ""},
    )
    state, events = tr.step(state, PlaceLeader(GREEN, "h5"))
    assert of(LeaderPlaced, events) == [LeaderPlaced(0, GREEN, "h5")]
    assert of(ConflictStarted, events) == [
        ConflictStarted(tr.ConflictKind.REVOLT, GREEN, 0, 1, 2, 2)
    ]
    assert of(TreasureTaken, events) == []
    state = play(state, CommitSupport(1))
    state, events = tr.step(state, CommitSupport(0))
    assert of(ConflictResolved, events) == [
        ConflictResolved(tr.ConflictKind.REVOLT, GREEN, 0, 1, 3, 2)
    ]
    assert state.leader_square(1, GREEN) is None
    # The joined kingdom holds f5 and i5, both ordinary: the winner decides which stays.
    assert state.pending == TreasureDecision(0, ("f5", "i5"), ("f5", "i5"))
    state, events = tr.step(state, KeepTreasure("i5"))
    assert of(TreasureTaken, events) == [TreasureTaken(0, "f5")]
    assert state.treasures_held == (1, 0)
    assert state.actions_taken == 1


def test_turn_5_the_defender_wins_and_nothing_is_taken() -> None:
    """TURN-5: the same revolt won by the defender: the attacker's trader leaves first, so
    the kingdom holds one treasure and the check takes nothing."""
    state = position(
        """
            f  g  h  i
         5  r* 1G .  r*
         6  r  r  r  .
        """,
        hands={0: "r", 1: ""},
    )
    state = play(state, PlaceLeader(GREEN, "h5"), CommitSupport(0), CommitSupport(0))
    assert state.pending is None
    assert state.leader_square(0, GREEN) is None
    assert state.treasures_held == (0, 0)
    assert len(state.treasures) == 2
    assert state.scores[1] == (0, 1, 0, 0)
    assert state.actions_taken == 1


def test_turn_5_a_move_lifts_then_places() -> None:
    """TURN-5: a move lifts the leader and places it; moving into a kingdom with a leader of
    the same colour starts a revolt."""
    state = position(
        """
            f  g  h  i  j  k
         5  r  0K .  .  1K r
         6  .  .  .  .  .  .
        """,
        hands={0: "", 1: ""},
    )
    state, events = tr.step(state, PlaceLeader(BLACK, "k6"))
    assert of(LeaderMoved, events) == [LeaderMoved(0, BLACK, "g5", "k6")]
    assert state.cells[square_index("g5")] == EMPTY
    assert of(ConflictStarted, events) == [
        ConflictStarted(tr.ConflictKind.REVOLT, BLACK, 0, 1, 1, 1)
    ]
    state = play(state, CommitSupport(0), CommitSupport(0))
    assert state.leader_square(0, BLACK) is None
    assert state.scores == ((0, 0, 0, 0), (0, 1, 0, 0))


# --- TURN-6 --------------------------------------------------------------------------------


def test_turn_6_tile_action_vp_then_structure_then_treasures() -> None:
    """TURN-6: the tile scores at once (3), the structure decision comes after (5), and the
    treasure check last (6)."""
    state = position(
        """
            f  g  h  i  j
         5  r* 0G g  .  r*
         6  .  .  g  g  .
        """,
        hands={0: "g"},
    )
    state, events = tr.step(state, PlaceTile(GREEN, "i5"))
    assert of(TilePlaced, events) == [TilePlaced(0, GREEN, "i5")]
    assert of(PointsScored, events) == [PointsScored(0, GREEN, 1, ScoreCause.PLACEMENT)]
    assert of(TreasureTaken, events) == []
    assert state.pending == StructureDecision(
        0,
        ((Monument.BLACK_GREEN, "h5"), (Monument.RED_GREEN, "h5"), (Monument.BLUE_GREEN, "h5")),
    )
    state = play(state, Decline())
    assert state.pending == TreasureDecision(0, ("f5", "j5"), ("f5", "j5"))
    assert state.actions_taken == 0
    state, events = tr.step(state, KeepTreasure("f5"))
    assert of(TreasureTaken, events) == [TreasureTaken(0, "j5")]
    assert state.actions_taken == 1
    assert state.scores[0] == (0, 0, 0, 1)


def test_turn_6_unification_without_war_scores_nothing() -> None:
    """TURN-6: with two adjacent kingdoms the tile unites them and no VP is given; with no
    pending conflict the marker goes at once and the action ends."""
    state = position(
        """
            f  g  h  i  j
         5  r  0K .  1R r
        """,
        hands={0: "k"},
    )
    state, events = tr.step(state, PlaceTile(BLACK, "h5"))
    assert of(TilePlaced, events) == [TilePlaced(0, BLACK, "h5", unification=True)]
    assert of(PointsScored, events) == []
    assert state.marker == NO_SQUARE
    assert state.pending is None
    assert state.actions_taken == 1


# --- TURN-7 --------------------------------------------------------------------------------


def test_turn_7_catastrophe_then_temple_loss_then_end_of_action() -> None:
    """TURN-7: the catastrophe destroys the tile, then leaders without a temple go home,
    and the action is complete."""
    state = position(
        """
            f  g  h
         5  0K r  1R
         6  .  .  r
        """
    )
    state, events = tr.step(state, PlaceCatastrophe("g5"))
    assert events[0] == CatastrophePlaced(0, "g5", RED)
    assert of(LeaderReturned, events) == [LeaderReturned(0, BLACK, "f5", "temple loss")]
    assert of(PointsScored, events) == []
    assert state.leader_square(1, RED) == "h5"
    assert state.cells[square_index("g5")] == CATASTROPHE
    assert state.catastrophes == (1, 2)
    assert state.out_of_game == (0, 1, 0, 0)
    assert state.actions_taken == 1


# --- TURN-8 --------------------------------------------------------------------------------


def test_turn_8_swap_discards_then_draws() -> None:
    """TURN-8: the named tiles leave the game, as many are drawn from the bag, and the drawn
    tiles may be used in the same turn (SWAP-3)."""
    state = with_spare_treasures(position("", hands={0: "rrkkgg"}, bag="bbbkkkrrrrrr"))
    state, events = tr.step(state, SwapTiles(black=1, red=2))
    assert list(events) == [
        TileLeft(0, BLACK, 1),
        TileLeft(0, RED, 2),
        TilesSwapped(0, 3),
        TilesDrawn(0, (BLUE, BLUE, BLUE)),
    ]
    assert state.hands[0] == (1, 0, 3, 2)
    assert state.bag_pos == 3
    assert state.out_of_game == (1, 2, 0, 0)
    assert state.actions_taken == 1
    state = play(state, PlaceTile(BLUE, "e2"))
    assert state.cells[square_index("e2")] == BLUE.index
    assert state.active == 1


# --- TURN-9 --------------------------------------------------------------------------------


def test_turn_9_no_refill_between_actions() -> None:
    """TURN-9: a tile played in the first action is not replaced before the second; the
    end-of-turn refill brings the hand back to 6."""
    state = with_spare_treasures(position("", hands={0: "kkkkkk", 1: "rrrrrr"}, bag="ggggggbbbbbb"))
    state = play(state, PlaceTile(BLACK, "g5"))
    assert state.hands[0] == (5, 0, 0, 0)
    assert state.bag_pos == 0
    state = play(state, PlaceTile(BLACK, "j5"))
    assert state.hands[0] == (4, 0, 0, 2)
    assert state.bag_pos == 2


def test_turn_9_tiles_committed_in_the_first_action_are_missing_for_the_second() -> None:
    """TURN-9: red tiles committed to a revolt are gone for the rest of the turn."""
    state = position(
        """
            f  g  h
         5  r  1K .
         6  .  r  .
        """,
        hands={0: "rrr", 1: ""},
    )
    state = play(state, PlaceLeader(BLACK, "h6"), CommitSupport(2), CommitSupport(0))
    assert state.hands[0] == (0, 1, 0, 0)
    assert state.actions_taken == 1
    rejected(state, SwapTiles(red=2), "SWAP-1")
    assert state.bag_pos == 0


# --- TURN-10 -------------------------------------------------------------------------------


def test_turn_10_the_treasure_check_ends_every_action() -> None:
    """TURN-10: a trader placed in a kingdom with a priority and an ordinary treasure takes
    the priority one before the action is complete."""
    state = position(
        """
            a  b  c
         2  .  r* .
         3  .  r* .
        """
    )
    state, events = tr.step(state, PlaceLeader(GREEN, "a2"))
    assert of(TreasureTaken, events) == [TreasureTaken(0, "b2")]
    assert events.index(TreasureTaken(0, "b2")) > events.index(LeaderPlaced(0, GREEN, "a2"))
    assert state.treasures == frozenset({square_index("b3")})
    assert state.treasures_held == (1, 0)
    assert state.actions_taken == 1


def test_turn_10_the_check_runs_after_a_swap_and_covers_every_kingdom() -> None:
    """TURN-10: the check also runs at the end of a swap and looks at every kingdom, not
    only the one the action touched (a drawn position: a trader's kingdom with two
    treasures, one of them priority)."""
    state = with_spare_treasures(
        position(
            """
            a  b  c
         2  .  r* 1G
         3  .  r* .
        """,
            hands={0: "k"},
            bag="rrrrrrrrrrrr",
        )
    )
    state, events = tr.step(state, SwapTiles(black=1))
    assert of(TreasureTaken, events) == [TreasureTaken(1, "b2")]
    assert state.treasures_held == (0, 1)
    assert state.actions_taken == 1


def test_turn_10_the_tile_just_placed_is_recorded_only_while_its_action_is_in_progress() -> None:
    """TURN-10, TURN-6: while the tile action waits for its structure decision the state
    records the tile just placed; once the action is complete (TURN-10) it records none."""
    state = position(
        """
            g  h  i
         5  0G g  .
         6  .  g  g
        """,
        hands={0: "gg"},
    )
    assert state.placed == NO_SQUARE
    state = play(state, PlaceTile(GREEN, "i5"))
    assert isinstance(state.pending, StructureDecision)
    assert state.placed == square_index("i5")
    state = play(state, Decline())
    assert state.pending is None
    assert state.actions_taken == 1
    assert state.placed == NO_SQUARE
    state = play(state, PlaceTile(GREEN, "g6"))
    assert state.pending is None
    assert state.placed == NO_SQUARE


# --- TURN-11 -------------------------------------------------------------------------------


def test_turn_11_end_of_turn_order() -> None:
    """TURN-11: (a) monument income, (c) the active player's refill, (d) the others below 6
    clockwise after him, (e) end checks, (f) the next player clockwise."""
    state = with_spare_treasures(
        position(
            """
            f  g  h  i
         5  .  .  .  .
         6  .  .  1K r
        """,
            players=3,
            active=1,
            hands={0: "kkkk", 1: "kkk", 2: "kkkkk"},
            monuments={Monument.BLACK_RED: "f5"},
            bag="rgbrgbrrrrrrrr",
        )
    )
    state, events = tr.step(state, EndTurn(), 1)
    assert list(events) == [
        PointsScored(1, BLACK, 1, ScoreCause.MONUMENT),
        TilesDrawn(1, (RED, GREEN, BLUE)),
        TilesDrawn(2, (RED,)),
        TilesDrawn(0, (GREEN, BLUE)),
        TurnEnded(1, 2),
    ]
    assert state.hands == ((4, 0, 1, 1), (3, 1, 1, 1), (5, 1, 0, 0))
    assert state.scores[1] == (1, 0, 0, 0)
    assert state.active == 2
    assert state.turn == 1
    assert state.actions_taken == 0
    assert not state.over


def test_turn_11_end_checks_come_after_the_refills() -> None:
    """TURN-11: (e) after the refills, with two treasures left, the game ends; no next
    player becomes active."""
    state = position(
        """
            a  b
         2  r* .
         3  r* .
        """,
        hands={0: "k"},
        bag="rrrrrrrrrrrr",
    )
    state, events = tr.step(state, EndTurn())
    assert list(events) == [
        TilesDrawn(0, (RED,) * 5),
        TilesDrawn(1, (RED,) * 6),
        TurnEnded(0, None),
        GameOver("treasures"),
    ]
    assert state.over
    assert state.active == 0


def test_turn_11_the_next_turn_starts_with_the_short_draw_flag_false() -> None:
    """TURN-11 (f), END-2: a turn that ends with full refills hands the next player a state
    whose short-draw flag is False (a bool, also in the saved state)."""
    state = with_spare_treasures(position("", hands={0: "k"}, bag="rrrrrrrrrrrr"))
    state = play(state, EndTurn())
    assert not state.over
    assert state.active == 1
    assert state.short_draw is False
    assert json.loads(tr.dumps(state))["short_draw"] is False


# --- TURN-12 -------------------------------------------------------------------------------


def test_turn_12_refill_draws_six_minus_hand() -> None:
    """TURN-12: a refill draws 6 - h tiles."""
    state = with_spare_treasures(
        position("", players=3, hands={0: "k", 1: "kkkkkk", 2: "kkk"}, bag="rrrrrrrrrrrr")
    )
    state = play(state, EndTurn())
    assert [sum(h) for h in state.hands] == [6, 6, 6]
    assert state.bag_pos == 5 + 0 + 3


def test_turn_12_a_short_refill_takes_what_is_left_and_later_players_draw_nothing() -> None:
    """TURN-12: if the bag holds fewer than 6 - h, the player draws what is left and anyone
    after him draws nothing."""
    state = with_spare_treasures(
        position("", players=3, active=0, hands={0: "kkkk", 1: "kkk", 2: "kkkkk"}, bag="rgb")
    )
    state, events = tr.step(state, EndTurn())
    assert state.hands == ((4, 1, 0, 1), (3, 0, 1, 0), (5, 0, 0, 0))
    assert state.bag_size == 0
    drawn = of(TilesDrawn, events)
    assert drawn[:2] == [TilesDrawn(0, (RED, GREEN)), TilesDrawn(1, (BLUE,), short=True)]
    assert all(e.tiles == () for e in drawn[2:] if isinstance(e, TilesDrawn))
    assert state.over


# --- TURN-13 -------------------------------------------------------------------------------


def test_turn_13_a_defender_who_committed_waits_for_the_refill() -> None:
    """TURN-13: no draw outside TURN-11 (and swaps): the defender's committed tiles are
    replaced only at the end of the attacker's turn, in TURN-11(d)."""
    state = with_spare_treasures(
        position(
            """
            f  g  h
         5  r  1K .
         6  .  r  .
        """,
            hands={0: "rkkkkk", 1: "rrrrrr"},
            bag="gggggggggggg",
        )
    )
    state = play(state, PlaceLeader(BLACK, "h6"), CommitSupport(1), CommitSupport(2))
    assert state.hands[1] == (0, 4, 0, 0)
    assert state.bag_pos == 0
    assert state.leader_square(0, BLACK) is None  # 1 + 1 against 1 + 2
    state = play(state, PlaceTile(BLACK, "j5"))
    assert state.hands[1] == (0, 4, 0, 2)
    assert state.hands[0] == (4, 0, 0, 2)
    assert state.bag_pos == 4
    assert state.active == 1


# --- TURN-1 and CONV-15 through step ----------------------------------------------------------


def test_turn_1_step_checks_the_sending_player_like_apply() -> None:
    """TURN-1, CONV-15: ``step`` refuses an action from a player who is not the active one
    (TURN-1) and an answer from a player the decision does not name (CONV-15), with the same
    rule and reason as ``apply``; from the right player it gives the state ``apply`` gives
    and the events of the input in the order they happened."""
    state = position(
        """
            f  g  h
         5  r  1R .
         6  .  r  .
        """,
        hands={0: "r", 1: "rr"},
    )
    for action, wrong, rule in (
        (PlaceLeader(RED, "h6"), 1, "TURN-1"),
        (EndTurn(), 1, "TURN-1"),
    ):
        with pytest.raises(tr.IllegalActionError) as by_step:
            tr.step(state, action, wrong)
        with pytest.raises(tr.IllegalActionError) as by_apply:
            tr.apply(state, action, wrong)
        assert by_step.value.rule == by_apply.value.rule == rule
        assert by_step.value.reason == by_apply.value.reason
    after, events = tr.step(state, PlaceLeader(RED, "h6"), 0)
    assert after == tr.apply(state, PlaceLeader(RED, "h6"), 0)
    assert events == (
        LeaderPlaced(0, RED, "h6"),
        ConflictStarted(tr.ConflictKind.REVOLT, RED, 0, 1, 1, 2),
    )
    assert isinstance(after.pending, CommitDecision)
    assert after.pending.player == 0
    with pytest.raises(tr.IllegalActionError) as info:
        tr.step(after, CommitSupport(1), 1)
    assert info.value.rule == "CONV-15"
    assert info.value.reason == "a decision is pending: player 0 must commit support"
    after, events = tr.step(after, CommitSupport(1), 0)
    assert after.pending is not None
    assert after.pending.player == 1
    with pytest.raises(tr.IllegalActionError) as info:
        tr.step(after, CommitSupport(0), 0)
    assert info.value.rule == "CONV-15"
    final, events = tr.step(after, CommitSupport(2), 1)
    assert final == tr.apply(after, CommitSupport(2), 1)
    assert events == (
        SupportCommitted(1, RED, 2),
        TileLeft(1, RED, 2),
        ConflictResolved(tr.ConflictKind.REVOLT, RED, 1, 0, 2, 4),
        LeaderReturned(0, RED, "h6", "revolt"),
        PointsScored(1, RED, 1, ScoreCause.REVOLT),
    )


@pytest.mark.parametrize("seat", [3, 7, -1, True, "1"])
def test_a_seat_that_does_not_exist_is_named_as_such(seat: object) -> None:
    """TURN-1: an input sent by no seat of the game is refused, saying that the seat does not
    exist and naming the seats (the card game: a malformed player, CONV-19)."""
    state = tr.new_game(tr.GameConfig(players=3), seed=1)
    action = tr.legal_actions(state)[0]
    with pytest.raises(tr.IllegalActionError, match=r"no seat .* seats are 0 to 2") as info:
        tr.apply(state, action, player=seat)  # type: ignore[call-overload]
    assert info.value.rule == "TURN-1"
    cards = tr.new_card_game(tr.GameConfig(players=3, game="cards"), seed=1)
    with pytest.raises(tr.InvalidActionError, match=r"no seat .* seats are 0 to 2"):
        tr.apply(cards, tr.legal_actions(cards)[0], player=seat)  # type: ignore[call-overload]


def test_a_seat_of_the_game_not_to_move_is_still_told_whose_turn_it_is() -> None:
    state = tr.new_game(tr.GameConfig(players=3), seed=1)
    with pytest.raises(tr.IllegalActionError, match="it is player 0's turn; player 2 may not"):
        tr.apply(state, tr.legal_actions(state)[0], player=2)
