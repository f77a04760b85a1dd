"""Scenario tests for treasures (RULES.md §11, TREAS-1..TREAS-8).

Priority ("corner") squares on the classic board are b2, p2, b8 and o9 (COMP-2).
"""

from __future__ import annotations

import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.cells import FLIPPED
from tigris_rules.model.events import (
    LeaderPlaced,
    PointsScored,
    ScoreCause,
    TilePlaced,
    TreasureTaken,
)
from tigris_rules.model.squares import SQUARE_NAMES, square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN


def treasures(state: GameState) -> set[str]:
    return {SQUARE_NAMES[s] for s in state.treasures}


def taken(events: tuple[object, ...] | list[object]) -> list[TreasureTaken]:
    return [e for e in events if isinstance(e, TreasureTaken)]


# The row-2 chain of the classic board from the corner b2 to the corner p2, with the start
# temples f3 and k1 hanging off it. The trader goes on g3, next to the temple on f3.
EXAMPLE_P1_P2_O1_O2 = """
     a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
  1  .  .  .  .  ~  ~  ~  ~  ~  .  r* .  ~  .  .  .
  2  .  r* k  k  b  k  k  k  k  k  k  k  b  k  k  r*
  3  .  .  .  ~  ~  r* .  .  .  .  .  .  ~  ~  .  .
"""

EXAMPLE_P1_P2_O1 = """
     a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
  1  .  .  .  .  ~  ~  ~  ~  ~  .  .  .  ~  .  .  .
  2  .  r* k  k  b  k  k  k  k  k  k  k  b  k  k  r*
  3  .  .  .  ~  ~  r* .  .  .  .  .  .  ~  ~  .  .
"""

# As above without ordinary treasures, plus a chain down column b to the corner b8.
EXAMPLE_P1_P2_P3 = """
     a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
  1  .  .  .  .  ~  ~  ~  ~  ~  .  .  .  ~  .  .  .
  2  .  r* k  k  b  k  k  k  k  k  k  k  b  k  k  r*
  3  .  k  .  ~  ~  r  .  .  .  .  .  .  ~  ~  .  .
  4  ~  b  ~  ~  .  .  .  .  .  .  .  .  .  ~  ~  ~
  5  .  k  .  .  .  .  .  .  .  .  .  .  .  .  ~  ~
  6  .  k  .  .  .  .  .  .  .  .  .  .  .  .  ~  .
  7  ~  b  ~  ~  .  .  .  .  .  .  .  .  ~  ~  ~  .
  8  .  r* .  ~  ~  ~  ~  .  .  .  .  .  ~  .  .  .
"""

EXAMPLE_P1_O1 = """
     a  b  c  d  e  f  g
  1  .  .  .  .  ~  ~  ~
  2  .  r* k  k  b  k  .
  3  .  .  .  ~  ~  r* .
"""

# The start temple n5 linked to the corner o9 (the corner has the higher square number).
CORNER_O9 = """
     m  n  o  p
  5  .  r* ~  ~
  6  .  k  ~  .
  7  ~  b  ~  .
  8  ~  k  .  .
  9  ~  k  r* .
"""


# --- RULES.md §11 worked example -------------------------------------------------------------


def test_treas_example_p1_p2_o1_o2_owner_chooses_which_ordinary_stays() -> None:
    """TREAS-2, TREAS-4, TREAS-5 (Example): P1 = b2, P2 = p2, O1 = f3, O2 = k1. The owner
    must take P1, P2 and one ordinary treasure; he decides which ordinary one stays."""
    state = position(EXAMPLE_P1_P2_O1_O2)
    state, events = tr.step(state, tr.PlaceLeader(GREEN, "g3"))
    assert events == (LeaderPlaced(0, GREEN, "g3"),)
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert decision.player == 0
    assert set(decision.treasures) == {"b2", "p2", "f3", "k1"}
    assert set(decision.candidates) == {"f3", "k1"}
    assert set(tr.legal_actions(state)) == {tr.KeepTreasure("f3"), tr.KeepTreasure("k1")}
    assert state.treasures_held == (0, 0)
    after, events = tr.step(state, tr.KeepTreasure("k1"))
    assert set(taken(list(events))) == {
        TreasureTaken(0, "b2"),
        TreasureTaken(0, "p2"),
        TreasureTaken(0, "f3"),
    }
    assert treasures(after) == {"k1"}
    assert after.treasures_held == (3, 0)
    assert after.pending is None
    assert after.actions_taken == 1


def test_treas_example_p1_p2_o1_ordinary_stays_without_decision() -> None:
    """TREAS-4 (Example): with P1, P2, O1 he takes P1 and P2, and O1 stays without a
    decision."""
    state = position(EXAMPLE_P1_P2_O1)
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "g3"))
    assert after.pending is None
    assert set(taken(list(events))) == {TreasureTaken(0, "b2"), TreasureTaken(0, "p2")}
    assert treasures(after) == {"f3"}
    assert after.treasures_held == (2, 0)


def test_treas_example_p1_p2_p3_owner_chooses_which_priority_stays() -> None:
    """TREAS-4, TREAS-5 (Example): with P1, P2, P3 (b2, p2, b8) he takes two and chooses
    which priority treasure stays."""
    state = position(EXAMPLE_P1_P2_P3)
    state = play(state, tr.PlaceLeader(GREEN, "g3"))
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.treasures) == {"b2", "p2", "b8"}
    assert set(decision.candidates) == {"b2", "p2", "b8"}
    after, events = tr.step(state, tr.KeepTreasure("b8"))
    assert set(taken(list(events))) == {TreasureTaken(0, "b2"), TreasureTaken(0, "p2")}
    assert treasures(after) == {"b8"}
    assert after.treasures_held == (2, 0)


def test_treas_example_p1_o1_corner_taken_automatically() -> None:
    """TREAS-4 (Example): with P1 (b2) and O1 (f3) he takes P1 automatically."""
    state = position(EXAMPLE_P1_O1)
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "g3"))
    assert events == (LeaderPlaced(0, GREEN, "g3"), TreasureTaken(0, "b2"))
    assert after.pending is None
    assert treasures(after) == {"f3"}
    assert after.treasures_held == (1, 0)


def test_treas_4_rulebook_corner_treasure_taken_first() -> None:
    """TREAS-4, rulebook case "a corner treasure taken first": the trader's kingdom holds
    the corner treasure o9 and the ordinary n5; the corner one is taken, n5 stays."""
    state = position(CORNER_O9)
    action = tr.PlaceLeader(GREEN, "m5")
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events == (LeaderPlaced(0, GREEN, "m5"), TreasureTaken(0, "o9"))
    assert treasures(after) == {"n5"}
    assert after.treasures_held == (1, 0)
    assert after.pending is None


# --- TREAS-1 ---------------------------------------------------------------------------------


def test_treas_1_treasure_stays_when_its_tile_is_flipped_and_is_taken_later() -> None:
    """TREAS-1, MON-8: building a monument over the treasure's temple leaves the treasure
    on its square; a later trader counts it and may take it."""
    state = position(
        """
             c  d  e  f  g  h
          5  .  r* r  r* r  0R
          6  .  .  .  r  .  .
        """,
        hands={0: "r"},
    )
    state = play(state, tr.PlaceTile(RED, "g6"))
    assert isinstance(state.pending, tr.StructureDecision)
    state = play(state, tr.BuildMonument(tr.Monument.RED_BLUE, "f5"))
    assert state.cells[square_index("f5")] == FLIPPED
    assert treasures(state) == {"d5", "f5"}
    assert state.treasures_held == (0, 0)
    state = play(state, tr.PlaceLeader(GREEN, "c5"))
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.candidates) == {"d5", "f5"}
    after, events = tr.step(state, tr.KeepTreasure("d5"))
    assert taken(list(events)) == [TreasureTaken(0, "f5")]
    assert treasures(after) == {"d5"}


def test_treas_1_treasure_stays_in_kingdom_without_trader() -> None:
    """TREAS-1: treasures of a kingdom without a trader stay on their squares after
    actions there."""
    state = position(EXAMPLE_P1_O1, hands={0: "kk"})
    state = play(state, tr.PlaceLeader(BLACK, "g3"), tr.PlaceTile(BLACK, "g2"))
    assert treasures(state) == {"b2", "f3"}
    assert state.treasures_held == (0, 0)


def test_treas_1_treasure_temple_survives_a_lost_red_war() -> None:
    """TREAS-1 (with WAR-14): player 0 loses a red war; the unprotected temple f5 on his side
    is removed, the treasure temple d5 stays with its treasure on it."""
    state = position(
        """
             d  e  f  g  h  i
          5  r* 0R r  .  r  1R
        """,
        hands={0: "k", 1: "rr"},
    )
    after = play(state, tr.PlaceTile(BLACK, "g5"), tr.CommitSupport(0), tr.CommitSupport(2))
    assert after.leader_square(0, RED) is None
    assert after.cells[square_index("f5")] != RED.index
    assert after.cells[square_index("d5")] == RED.index
    assert treasures(after) == {"d5"}
    assert after.treasures_held == (0, 0)


# --- TREAS-2 ---------------------------------------------------------------------------------


def test_treas_2_trader_owner_takes_at_end_of_anothers_action() -> None:
    """TREAS-2: player 0's settlement joins the territory with f3 to player 1's trader's
    kingdom; player 1 must take all treasures but one (here the corner b2)."""
    state = position(
        """
             a  b  c  d  e  f
          1  .  .  .  .  ~  ~
          2  1G r* .  k  b  k
          3  .  .  .  ~  ~  r*
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "c2"))
    assert events == (TilePlaced(0, BLACK, "c2", unification=False), TreasureTaken(1, "b2"))
    assert after.treasures_held == (0, 1)
    assert treasures(after) == {"f3"}
    assert after.pending is None


def test_treas_2_decision_goes_to_non_active_trader_owner() -> None:
    """TREAS-2, TREAS-5: the taker answers the treasure decision although player 0 is
    active."""
    state = position(
        """
             f  g  h  i  j  k
          1  ~  ~  ~  ~  .  r*
          2  k  k  .  k  k  k
          3  r* 1G .  .  .  .
        """,
        hands={0: "k"},
    )
    state = play(state, tr.PlaceTile(BLACK, "h2"))
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert decision.player == 1
    assert tr.to_move(state) == 1
    assert set(decision.candidates) == {"f3", "k1"}
    after, events = tr.step(state, tr.KeepTreasure("f3"), 1)
    assert taken(list(events)) == [TreasureTaken(1, "k1")]
    assert after.treasures_held == (0, 1)
    assert after.active == 0
    assert after.actions_taken == 1


def test_treas_2_check_covers_every_kingdom() -> None:
    """TREAS-2 (D4): the check after player 0's tile in the middle of the board also takes
    in player 1's kingdom in the corner, away from the action."""
    state = position(
        """
             a  b  c  d  e  f  g  h
          2  1G r* k  k  b  k  .  .
          3  .  .  .  ~  ~  r* .  .
          5  .  .  .  .  .  .  .  .
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "h5"))
    assert events == (TilePlaced(0, BLACK, "h5", unification=False), TreasureTaken(1, "b2"))
    assert after.treasures_held == (0, 1)


def test_treas_2_one_treasure_is_not_taken() -> None:
    """TREAS-2: a kingdom with a trader and a single treasure keeps it."""
    state = position(
        """
             f  g
          3  r* .
        """
    )
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "g3"))
    assert events == (LeaderPlaced(0, GREEN, "g3"),)
    assert after.treasures_held == (0, 0)
    assert treasures(after) == {"f3"}


def test_treas_2_check_runs_at_end_of_action_after_revolt() -> None:
    """TREAS-2 (TURN-10): the trader placed on f2 joins the territory with f3 to player 1's
    kingdom and starts a revolt; nothing is taken until it is over, then the winner
    takes."""
    state = position(
        """
             a  b  c  d  e  f
          1  .  .  .  .  ~  ~
          2  1G r* k  k  b  .
          3  .  .  .  ~  ~  r*
        """,
        hands={0: "r"},
    )
    state = play(state, tr.PlaceLeader(GREEN, "f2"))
    assert isinstance(state.pending, tr.CommitDecision)
    assert treasures(state) == {"b2", "f3"}
    state = play(state, tr.CommitSupport(1))
    assert treasures(state) == {"b2", "f3"}
    after, events = tr.step(state, tr.CommitSupport(0))
    assert after.leader_square(1, GREEN) is None
    assert events[-1] == TreasureTaken(0, "b2")
    assert after.treasures_held == (1, 0)
    assert treasures(after) == {"f3"}


def test_treas_2_check_waits_for_the_structure_decision() -> None:
    """TREAS-2 (TURN-10): the temple on g5 brings h5 into the trader's kingdom and completes
    a red block; nothing is taken while the structure decision is open, and the check runs
    once it is answered."""
    state = position(
        """
             e  f  g  h
          4  .  r* r  .
          5  0G r  .  r*
        """,
        hands={0: "r"},
    )
    state = play(state, tr.PlaceTile(RED, "g5"))
    assert isinstance(state.pending, tr.StructureDecision)
    assert treasures(state) == {"f4", "h5"}
    assert state.treasures_held == (0, 0)
    state = play(state, tr.Decline())
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.candidates) == {"f4", "h5"}
    after = play(state, tr.KeepTreasure("h5"))
    assert treasures(after) == {"h5"}
    assert after.treasures_held == (1, 0)


# --- TREAS-3 ---------------------------------------------------------------------------------


def test_treas_3_priority_treasure_on_flipped_tile() -> None:
    """TREAS-3: the corner treasure b2 lies under a monument; it is still a priority
    treasure and is taken before the ordinary f3."""
    state = position(
        """
             a  b  c  d  e  f
          1  #  #  .  .  ~  ~
          2  #  #* r  k  b  k
          3  .  .  .  ~  ~  r*
        """,
        monuments={tr.Monument.RED_GREEN: "a1"},
    )
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "c3"))
    assert events == (LeaderPlaced(0, GREEN, "c3"), TreasureTaken(0, "b2"))
    assert treasures(after) == {"f3"}


def test_treas_3_priority_treasure_on_ziggurat_square() -> None:
    """TREAS-3: the corner treasure o9 lies on the ziggurat; it is still a priority
    treasure and is taken before the ordinary n5."""
    state = position(
        """
             m  n  o  p
          5  .  r* ~  ~
          6  .  k  ~  .
          7  ~  b  ~  .
          8  ~  k  Z  .
          9  ~  Z  Z* Z
         10  .  .  Z  .
        """,
        config=tr.GameConfig(variants=("ziggurat",)),
    )
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "m5"))
    assert events == (LeaderPlaced(0, GREEN, "m5"), TreasureTaken(0, "o9"))
    assert treasures(after) == {"n5"}


def test_treas_3_ordinary_square_is_not_priority() -> None:
    """TREAS-3: treasures on the start squares f3 and k1 are ordinary: both are candidates
    to stay."""
    state = position(
        """
             f  g  h  i  j  k
          1  ~  ~  ~  ~  .  r*
          2  k  k  k  k  k  k
          3  r* .  .  .  .  .
        """
    )
    state = play(state, tr.PlaceLeader(GREEN, "g3"))
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.candidates) == {"f3", "k1"}


# --- TREAS-4 ---------------------------------------------------------------------------------


def test_treas_4_priority_stays_only_when_no_ordinary() -> None:
    """TREAS-4: with only the corners b2 and p2 in the kingdom, one corner treasure stays;
    the owner chooses which."""
    state = position(
        """
             a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
          2  .  r* k  k  b  k  k  k  k  k  k  k  b  k  k  r*
          3  .  .  .  ~  ~  r  .  .  .  .  .  .  ~  ~  .  .
        """
    )
    state = play(state, tr.PlaceLeader(GREEN, "g3"))
    decision = state.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.candidates) == {"b2", "p2"}
    after = play(state, tr.KeepTreasure("p2"))
    assert treasures(after) == {"p2"}
    assert after.treasures_held == (1, 0)


# --- TREAS-5 ---------------------------------------------------------------------------------


def test_treas_5_only_an_offered_candidate_may_stay() -> None:
    """TREAS-5: while an ordinary treasure may stay, naming a priority treasure, a square
    without a treasure or a treasure of another kingdom is rejected under TREAS-5."""
    state = position(EXAMPLE_P1_P2_O1_O2 + "  5  .  .  .  .  .  .  .  .  .  .  r* .  .  .  .  .\n")
    state = play(state, tr.PlaceLeader(GREEN, "g3"))
    assert isinstance(state.pending, tr.TreasureDecision)
    rejected(state, tr.KeepTreasure("b2"), "TREAS-5")
    rejected(state, tr.KeepTreasure("p2"), "TREAS-5")
    rejected(state, tr.KeepTreasure("g5"), "TREAS-5")
    rejected(state, tr.KeepTreasure("k5"), "TREAS-5")


def test_treas_5_automatic_when_one_candidate() -> None:
    """TREAS-5: with a single candidate to stay, no decision is asked."""
    state = position(EXAMPLE_P1_P2_O1)
    after = play(state, tr.PlaceLeader(GREEN, "g3"))
    assert after.pending is None
    assert after.actions_taken == 1


# --- TREAS-6 ---------------------------------------------------------------------------------


def test_treas_6_kingdom_without_trader_skipped_until_trader_arrives() -> None:
    """TREAS-6: the king's kingdom holds b2 and f3 and no trader: nothing is taken (no king
    stands in). A trader placed later takes them in that later check."""
    state = position(
        """
             a  b  c  d  e  f  g
          1  .  .  .  .  ~  ~  ~
          2  0K r* .  k  b  k  .
          3  .  .  .  ~  ~  r* .
        """,
        hands={0: "k"},
    )
    state, events = tr.step(state, tr.PlaceTile(BLACK, "c2"))
    assert events == (
        TilePlaced(0, BLACK, "c2", unification=False),
        PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT),
    )
    assert treasures(state) == {"b2", "f3"}
    assert state.treasures_held == (0, 0)
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "g3"))
    assert events[:2] == (LeaderPlaced(0, GREEN, "g3"), TreasureTaken(0, "b2"))
    assert after.treasures_held == (1, 0)


def test_treas_6_territory_treasures_join_a_later_check() -> None:
    """TREAS-6: the treasures b2 and f3 lay in territories; once a tile joins them to the
    trader's kingdom, they are taken like any other."""
    state = position(
        """
             a  b  c  d  e  f  g  h
          1  .  .  .  .  ~  ~  ~  ~
          2  .  r* k  .  b  k  .  .
          3  .  .  .  ~  ~  r* 0G .
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "d2"))
    assert events[-1] == TreasureTaken(0, "b2")
    assert after.treasures_held == (1, 0)
    assert treasures(after) == {"f3"}


# --- TREAS-7 ---------------------------------------------------------------------------------


def test_treas_7_kingdoms_handled_in_seat_order_from_active_player() -> None:
    """TREAS-7: three kingdoms qualify in one check while player 1 is active; player 1's is
    handled first, then player 2's, then player 0's."""
    state = position(
        """
             a  b  c  l  m  n  o  p
          2  0G r* .  .  ~  .  1G r*
          3  .  r* .  .  ~  ~  .  r*
          5  .  .  .  .  .  .  .  .
          9  .  .  .  ~  ~  .  r* 2G
         10  .  .  .  .  .  .  r* .
        """,
        players=3,
        active=1,
        hands={1: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "l5"), 1)
    assert taken(list(events)) == [
        TreasureTaken(1, "p2"),
        TreasureTaken(2, "o9"),
        TreasureTaken(0, "b2"),
    ]
    assert after.treasures_held == (1, 1, 1)
    assert treasures(after) == {"b3", "p3", "o10"}


def test_treas_7_decisions_asked_in_seat_order_from_active_player() -> None:
    """TREAS-7, TREAS-5: two kingdoms each need a decision while player 1 is active: player
    2 answers first, then player 0."""
    state = position(
        """
             f  g  h  i  j  k  l
          4  .  0G .  .  .  2G .
          5  .  r* r* .  .  r* r*
          8  .  .  .  .  .  .  .
        """,
        players=3,
        active=1,
        hands={1: "k"},
    )
    state = play(state, tr.PlaceTile(BLACK, "i8"))
    first = state.pending
    assert isinstance(first, tr.TreasureDecision)
    assert first.player == 2
    assert set(first.candidates) == {"k5", "l5"}
    rejected(state, tr.KeepTreasure("g5"), "TREAS-5")
    state = play(state, tr.KeepTreasure("l5"))
    second = state.pending
    assert isinstance(second, tr.TreasureDecision)
    assert second.player == 0
    assert set(second.candidates) == {"g5", "h5"}
    after = play(state, tr.KeepTreasure("g5"))
    assert after.pending is None
    assert after.treasures_held == (1, 0, 1)
    assert treasures(after) == {"g5", "l5"}
    assert after.active == 1
    assert after.actions_taken == 1


# --- TREAS-8 ---------------------------------------------------------------------------------


def test_treas_8_taken_treasures_are_wild_vp_for_final_scoring() -> None:
    """TREAS-8: the taker keeps each treasure, not as VP of a colour now, but as one wild
    VP in the final scoring (SCORE-2)."""
    state = position(EXAMPLE_P1_P2_O1, scores={0: (3, 1, 2, 5)})
    after = play(state, tr.PlaceLeader(GREEN, "g3"))
    assert after.treasures_held == (2, 0)
    assert after.scores == ((3, 1, 2, 5), (0, 0, 0, 0))
    standing = tr.result(after).players[0]
    assert standing.treasures == 2
    assert standing.allocation == (0, 2, 0, 0)
    assert standing.vector == (2, 3, 3, 5)


def test_treas_2_a_trader_on_the_first_square_collects() -> None:
    """TREAS-2, TREAS-4: the check covers every trader, also one standing on a1 (square 0);
    the priority treasure on b2 is taken and the ordinary one on a2 stays."""
    state = position(
        """
             a  b  c
          1  3G r  .
          2  r* r* .
        """,
        players=4,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(tr.Color.BLACK, "c1"))
    assert [e for e in events if isinstance(e, TreasureTaken)] == [TreasureTaken(3, "b2")]
    assert after.treasures_held[3] == 1
    assert after.treasures == frozenset({square_index("a2")})


def test_treas_7_order_starts_with_the_active_player_not_seat_0() -> None:
    """TREAS-5, TREAS-7: with seat 1 active, the kingdoms are handled for seats 1, 2, 0 in
    that order, so seat 2 decides which treasure stays before seat 0 does."""
    state = position(
        """
             a  b  c  d  e  f  g  h
          1  r* r* 0G .  r* r* 2G .
          2  .  .  .  .  .  .  .  .
        """,
        players=3,
        active=1,
        hands={1: "k"},
    )
    state = tr.apply(state, tr.PlaceTile(tr.Color.BLACK, "h2"))
    assert isinstance(state.pending, tr.TreasureDecision)
    assert state.pending.player == 2
    state = tr.apply(state, tr.KeepTreasure("e1"), player=2)
    assert isinstance(state.pending, tr.TreasureDecision)
    assert state.pending.player == 0
    state = tr.apply(state, tr.KeepTreasure("a1"), player=0)
    assert state.treasures_held == (1, 0, 1)


def test_treas_7_order_wraps_around_from_the_last_seat() -> None:
    """TREAS-7: with seat 2 of 3 active, the order is 2, 0, 1: seat 0 decides before
    seat 1."""
    state = position(
        """
             a  b  c  d  e  f  g  h
          1  r* r* 0G .  r* r* 1G .
          2  .  .  .  .  .  .  .  .
        """,
        players=3,
        active=2,
        hands={2: "k"},
    )
    state = tr.apply(state, tr.PlaceTile(tr.Color.BLACK, "h2"))
    assert isinstance(state.pending, tr.TreasureDecision)
    assert state.pending.player == 0
    state = tr.apply(state, tr.KeepTreasure("a1"), player=0)
    assert isinstance(state.pending, tr.TreasureDecision)
    assert state.pending.player == 1


def test_treas_5_rejection_names_the_square_and_the_candidates() -> None:
    """TREAS-5: naming a treasure that may not stay is rejected with a sentence naming it
    and every treasure that may stay."""
    state = position(EXAMPLE_P1_P2_O1_O2 + "  5  .  .  .  .  .  .  .  .  .  .  r* .  .  .  .  .\n")
    state = play(state, tr.PlaceLeader(GREEN, "g3"))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.KeepTreasure("b2"))
    assert (info.value.rule, info.value.reason) == (
        "TREAS-5",
        "the treasure on b2 cannot be the one that stays (choose among k1, f3)",
    )
