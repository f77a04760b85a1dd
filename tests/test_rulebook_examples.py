"""The conflict examples of the French rulebook (seeds/000_38aaf2f8186a4bca.txt, around its
lines 270-350), played as scenarios through ``tr.step``.

Seats follow CONV-4's default dynasties: seat 0 archer, seat 1 bull, seat 2 lion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

import tigris_rules as tr
from tigris_rules.model.cells import EMPTY
from tigris_rules.model.events import (
    ConflictResolved,
    ConflictStarted,
    Event,
    LeaderReturned,
    PointsScored,
    ScoreCause,
    SupportCommitted,
    TilePlaced,
    TilesRemoved,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.regions import regions_of

BLACK = tr.Color.BLACK
RED = tr.Color.RED
GREEN = tr.Color.GREEN
REVOLT = tr.ConflictKind.REVOLT
WAR = tr.ConflictKind.WAR
E = TypeVar("E")

ARCHER, BULL, LION = 0, 1, 2


def cell(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


def commit_decision(state: GameState) -> tr.CommitDecision:
    decision = state.pending
    assert isinstance(decision, tr.CommitDecision), decision
    return decision


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


# --- Internal conflict example (000: « L'attaquant peut compter sur deux Temples voisins,
# le défenseur n'en a qu'un. L'attaquant ajoute deux Temples en renfort, le défenseur trois. »)

# Player 1's priest on f5 touches one temple (e5). The square h5 touches two (h4, i5) and the
# kingdom through the settlement g5.
REVOLT_BOARD = """
     e  f  g  h  i
  4  .  .  .  r  .
  5  r  1R k  .  r
  6  .  .  .  .  .
"""


def test_rulebook_revolt_example_tie_four_all_won_by_the_defender() -> None:
    """REVOLT-3, REVOLT-4, REVOLT-5, REVOLT-7..REVOLT-10 (000, internal conflict example):
    the attacker counts two adjacent temples and the defender one; the attacker adds two
    temples and the defender three. Both have four: the defender wins the tie, scores one red
    VP, the attacker takes back his leader, and the five temples added leave the game."""
    state = position(REVOLT_BOARD, hands={0: "rrkkbg", 1: "rrrgg"})

    after, events = tr.step(state, tr.PlaceLeader(RED, "h5"), 0)
    assert of_type(events, ConflictStarted) == [ConflictStarted(REVOLT, RED, 0, 1, 2, 1)]
    decision = commit_decision(after)
    assert (decision.player, decision.role) == (0, tr.Role.ATTACKER)
    assert same_region(after, "e5", "h5", "h4", "i5")

    after, events = tr.step(after, tr.CommitSupport(2), 0)
    assert of_type(events, SupportCommitted) == [SupportCommitted(0, RED, 2)]
    decision = commit_decision(after)
    assert (decision.player, decision.role) == (1, tr.Role.DEFENDER)
    assert decision.conflict.attacker_commit == 2

    after, events = tr.step(after, tr.CommitSupport(3), 1)
    assert of_type(events, ConflictResolved) == [ConflictResolved(REVOLT, RED, 1, 0, 4, 4)]
    assert of_type(events, LeaderReturned) == [LeaderReturned(0, RED, "h5", "revolt")]
    assert of_type(events, PointsScored) == [PointsScored(1, RED, 1, ScoreCause.REVOLT)]
    assert after.scores == ((0, 0, 0, 0), (0, 1, 0, 0))
    assert after.leader_square(0, RED) is None
    assert after.leader_square(1, RED) == "f5"
    assert cell(after, "h5") == EMPTY
    assert after.out_of_game == (0, 5, 0, 0)
    assert after.hands == ((2, 0, 1, 1), (0, 0, 0, 2))
    assert after.cells == state.cells  # no temple on the board is touched
    assert after.pending is None
    assert after.actions_taken == 1


def test_rulebook_revolt_leader_cannot_be_withdrawn_to_avoid_it() -> None:
    """TURN-4, REVOLT-5 (000: « Il n'est pas possible de retirer son chef avant le conflit
    pour éviter la confrontation »): while the revolt is pending the defender can only
    commit; withdrawing his priest is rejected."""
    state = position(REVOLT_BOARD, hands={0: "rr", 1: "rrr"})
    after = tr.apply(state, tr.PlaceLeader(RED, "h5"), 0)
    after = tr.apply(after, tr.CommitSupport(2), 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.WithdrawLeader(RED), 1)
    assert info.value.rule == "CONV-15"
    assert all(isinstance(a, tr.CommitSupport) for a in tr.legal_actions(after))


# --- External conflict example (000: « Deux conflits éclatent, l'un entre les Marchands
# (chefs verts), l'autre entre les Rois (chefs noirs). »)

# The lion's king and trader (left) and the archer's king and trader (right) are in two
# kingdoms that a tile on h5 joins. Left: one market (f5). Right: two markets (i5, j5) that
# are the archer's only link from h5 to his king on l5.
WAR_BOARD = """
     e  f  g  h  i  j  k  l
  4  .  .  2G .  .  0G r  .
  5  .  g  r  .  g  g  r  0K
  6  .  .  2K .  .  .  .  .
"""


def test_rulebook_war_example_green_war_won_five_to_three_ends_the_black_conflict() -> None:
    """WAR-1..WAR-5, WAR-7..WAR-9, WAR-11..WAR-13, WAR-15..WAR-17 (000, external conflict
    example): the bull joins two kingdoms, making a green and a black conflict. Not involved,
    he still chooses the order and takes green first; the lion, first involved player
    clockwise, attacks. The lion counts one market and adds four; the archer counts two and
    adds one. 5 against 3: the lion wins, the archer's trader returns, his two markets leave
    the board and the lion scores three green VP. The kingdom is split again, so the black
    conflict lapses, the marker is removed and the action ends."""
    state = position(
        WAR_BOARD,
        players=3,
        active=BULL,
        hands={ARCHER: "gkk", BULL: "kr", LION: "ggggr"},
    )

    # The bull's tile joins the kingdoms: two conflicts, his choice of order.
    after, events = tr.step(state, tr.PlaceTile(BLACK, "h5"), BULL)
    assert of_type(events, TilePlaced) == [TilePlaced(BULL, BLACK, "h5", unification=True)]
    assert after.marker == square_index("h5")
    decision = after.pending
    assert isinstance(decision, tr.WarOrderDecision)
    assert decision.player == BULL
    assert decision.colors == (BLACK, GREEN)
    assert not of_type(events, PointsScored)  # no VP for joining two kingdoms

    # Green first: the lion attacks (clockwise from the bull), the archer defends.
    after, events = tr.step(after, tr.ChooseConflict(GREEN), BULL)
    assert of_type(events, ConflictStarted) == [ConflictStarted(WAR, GREEN, LION, ARCHER, 1, 2)]
    decision = commit_decision(after)
    assert (decision.player, decision.role) == (LION, tr.Role.ATTACKER)
    assert tr.to_move(after) == LION

    after, events = tr.step(after, tr.CommitSupport(4), LION)
    decision = commit_decision(after)
    assert (decision.player, decision.role) == (ARCHER, tr.Role.DEFENDER)
    assert decision.conflict.attacker_commit == 4

    after, events = tr.step(after, tr.CommitSupport(1), ARCHER)
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, GREEN, LION, ARCHER, 5, 3)]
    assert of_type(events, LeaderReturned) == [LeaderReturned(ARCHER, GREEN, "j4", "war")]
    assert [sorted(e.squares) for e in of_type(events, TilesRemoved)] == [["i5", "j5"]]
    assert of_type(events, PointsScored) == [PointsScored(LION, GREEN, 3, ScoreCause.WAR)]

    # The black conflict lapsed: no second war, no VP, the marker is gone, the action is over.
    assert of_type(events, ConflictStarted) == []
    assert after.pending is None
    assert after.marker == NO_SQUARE
    assert after.actions_taken == 1
    assert tr.to_move(after) == BULL
    assert not same_region(after, "h5", "l5")
    assert after.leader_square(ARCHER, BLACK) == "l5"
    assert after.leader_square(LION, BLACK) == "g6"
    assert after.leader_square(LION, GREEN) == "g4"
    assert after.leader_square(ARCHER, GREEN) is None

    # Board, hands, scores and the tiles out of the game.
    assert cell(after, "i5") == EMPTY
    assert cell(after, "j5") == EMPTY
    assert cell(after, "f5") == GREEN.index
    assert cell(after, "h5") == BLACK.index
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 3))
    assert after.hands == ((2, 0, 0, 0), (0, 1, 0, 0), (0, 1, 0, 0))
    assert after.out_of_game == (0, 0, 0, 7)  # 4 + 1 committed, 2 removed


def test_rulebook_war_example_black_conflict_would_have_been_fought_without_the_split() -> None:
    """WAR-4, WAR-17 (000: « les conflits qui restent d'actualité doivent à leur tour être
    résolus »): had the archer won the green war (his markets stay), the kings would still be
    united and the black war would follow at once."""
    state = position(
        WAR_BOARD,
        players=3,
        active=BULL,
        hands={ARCHER: "gg", BULL: "k", LION: "g"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), BULL)
    after = tr.apply(after, tr.ChooseConflict(GREEN), BULL)
    after = tr.apply(after, tr.CommitSupport(1), LION)  # 1 + 1 = 2
    after, events = tr.step(after, tr.CommitSupport(0), ARCHER)  # 2 + 0 = 2: tie
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, GREEN, ARCHER, LION, 2, 2)]
    assert [sorted(e.squares) for e in of_type(events, TilesRemoved)] == [["f5"]]
    assert of_type(events, ConflictStarted)[-1] == ConflictStarted(WAR, BLACK, LION, ARCHER, 0, 0)
    assert commit_decision(after).player == LION
    assert after.marker == square_index("h5")
