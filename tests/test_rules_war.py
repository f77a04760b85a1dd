"""Scenario tests for wars, the external conflict (RULES.md §9, WAR-1..WAR-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.actions import Monument
from tigris_rules.model.cells import EMPTY, FLIPPED
from tigris_rules.model.events import (
    ConflictResolved,
    ConflictStarted,
    Event,
    LeaderReturned,
    PointsScored,
    ScoreCause,
    SupportCommitted,
    TileLeft,
    TilePlaced,
    TilesRemoved,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.regions import regions_of

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN
WAR = tr.ConflictKind.WAR
K, R, B, G = BLACK.index, RED.index, BLUE.index, GREEN.index
E = TypeVar("E")

# Two kingdoms, joined by a tile on h5. Left (player 0's king on g5): black d5, e5, a black/green
# monument on b5-c6 (flipped tiles) and player 0's priest on e4. Right (player 1's king on i5):
# black k5. The territory h3-h4 (black) touches h5 only.
KINGS_WAR = """
     b  c  d  e  f  g  h  i  j  k
  3  .  .  .  .  .  .  k  .  .  .
  4  .  .  .  0R r  .  k  .  .  .
  5  #  #  k  k  r  0K .  1K r  k
  6  #  #  .  .  .  r  .  r  .  .
"""
KINGS_WAR_MONUMENTS = {Monument.BLACK_GREEN: "b5"}


def kings_war(hands: dict[int, str]) -> GameState:
    return position(KINGS_WAR, hands=hands, monuments=KINGS_WAR_MONUMENTS)


def cell(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


def commit_decision(state: GameState) -> tr.CommitDecision:
    decision = state.pending
    assert isinstance(decision, tr.CommitDecision), decision
    return decision


def war_order(state: GameState) -> tr.WarOrderDecision:
    decision = state.pending
    assert isinstance(decision, tr.WarOrderDecision), decision
    return decision


def run(state: GameState, *inputs: tuple[tr.Action, int]) -> tuple[GameState, list[Event]]:
    """Apply each ``(input, player)`` in turn with ``tr.step``; all events, in order."""
    events: list[Event] = []
    for action, player in inputs:
        state, ev = tr.step(state, action, player)
        events += ev
    return state, events


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def removals(events: Sequence[Event]) -> list[tuple[tr.Color, list[str]]]:
    """Each TilesRemoved event as (colour, sorted squares): the order is not specified."""
    return [(e.color, sorted(e.squares)) for e in of_type(events, TilesRemoved)]


# --- WAR-1: the unification tile ---------------------------------------------------------


def test_war_1_tile_touching_two_kingdoms_is_marked_and_unites_them_with_territories() -> None:
    """WAR-1: the tile on h5 touches two kingdoms: it is the unification tile, its square is
    marked while the war is pending, and the united kingdom holds both kingdoms, the tile and
    the territory h3-h4 it touches (D16)."""
    state = kings_war({0: "k", 1: ""})
    assert not same_region(state, "g5", "i5")
    after, events = tr.step(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert events[0] == TilePlaced(0, BLACK, "h5", unification=True)
    assert after.marker == square_index("h5")
    assert same_region(after, "b5", "g5", "h5", "i5", "k5", "h3")
    assert commit_decision(after).conflict.kind is WAR
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))  # TILE-10: no VP for the tile


def test_war_1_the_united_kingdom_stays_united_after_a_war_without_removals() -> None:
    """WAR-1: after the war (the attacker wins; his side loses nothing) the kingdom of the
    winner, the unification tile and the joined territory remain one region; the loser's
    king has left i5, so i6 is cut off from it."""
    state = kings_war({0: "k", 1: ""})
    after = play(state, tr.PlaceTile(BLACK, "h5"), tr.CommitSupport(0), tr.CommitSupport(0))
    assert after.marker == NO_SQUARE
    assert same_region(after, "b5", "g5", "h5", "h3")
    assert not same_region(after, "h5", "i6")


# --- WAR-2: which conflicts are pending ----------------------------------------------------

# Player 0's king, priest and trader on the left, player 1's on the right; h5 joins them.
THREE_CONFLICTS = """
     c  d  e  f  g  h  i  j  k  l  m
  4  .  .  0G .  .  .  .  1G .  .  .
  5  r  r  r  r  r  .  r  r  r  r  r
  6  .  0K .  0R .  .  .  1K .  1R .
"""


def test_war_2_one_conflict_per_colour_with_two_leaders_in_the_united_kingdom() -> None:
    """WAR-2: kings, priests and traders meet, farmers do not: exactly the black, red and
    green conflicts are pending, each between leaders of different players."""
    state = position(THREE_CONFLICTS, hands={0: "k", 1: ""})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert war_order(after).colors == (BLACK, RED, GREEN)
    after = tr.apply(after, tr.ChooseConflict(RED), 0)
    conflict = commit_decision(after).conflict
    assert conflict.color is RED
    assert {conflict.attacker, conflict.defender} == {0, 1}


def test_war_2_no_conflict_for_a_colour_with_one_leader() -> None:
    """WAR-2: a priest on each side makes one conflict; the lone king and trader make none,
    so the single conflict starts without a war order decision (WAR-4)."""
    state = position(
        """
             e  f  g  h  i  j
          4  .  0K .  .  .  .
          5  r  r  0R .  1R r
          6  .  .  .  .  1G r
        """,
        hands={0: "k", 1: ""},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert [e.color for e in of_type(events, ConflictStarted)] == [RED]
    assert commit_decision(after).conflict.color is RED


# --- WAR-3: the marker is removed when no conflict is pending ---------------------------------


def test_war_3_unification_without_conflict_removes_the_marker_and_scores_nothing() -> None:
    """WAR-3: a king and a priest meet; no conflict is pending, the marker goes at once, the
    tile stays as an ordinary tile and nobody scores."""
    state = position(
        """
             e  f  g  h  i
          5  r  0K .  1R r
        """,
        hands={0: "kk", 1: ""},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g5"), 0)
    assert events[0] == TilePlaced(0, BLACK, "g5", unification=True)
    assert after.marker == NO_SQUARE
    assert after.pending is None
    assert cell(after, "g5") == K
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))
    assert not of_type(events, PointsScored)
    assert same_region(after, "f5", "h5")
    assert after.actions_taken == 1


def test_war_3_after_the_marker_goes_the_tile_action_continues_to_the_structure_step() -> None:
    """WAR-3: with no conflict the marker goes and TURN-6 goes on: the unification tile on g5
    completes the red block f4-g5, so the structure decision is asked (MON-2)."""
    state = position(
        """
             e  f  g  h  i
          4  0K r  r  .  .
          5  .  r  .  1R r
        """,
        hands={0: "r", 1: ""},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g5"), 0)
    assert after.marker == NO_SQUARE
    assert isinstance(after.pending, tr.StructureDecision)
    assert {block for _, block in after.pending.monuments} == {"f4"}


def test_war_3_marker_removed_after_the_last_war() -> None:
    """WAR-3: once the only war is resolved, no conflict is pending: the marker is removed,
    the tile stays face up and the action ends."""
    state = kings_war({0: "k", 1: ""})
    during = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert during.marker == square_index("h5")
    after = play(during, tr.CommitSupport(0), tr.CommitSupport(0))
    assert after.marker == NO_SQUARE
    assert cell(after, "h5") == K
    assert after.pending is None
    assert after.actions_taken == 1


# --- WAR-4: the war order -------------------------------------------------------------------


def test_war_4_active_player_not_involved_picks_the_order_and_picks_again() -> None:
    """WAR-4: with three players, seat 2 joins the kingdoms of seats 0 and 1. Although none of
    his leaders is involved he picks the next war among black, red and green; after the black
    war he picks again among red and green; the last war starts by itself."""
    state = position(THREE_CONFLICTS, players=3, active=2, hands={0: "", 1: "", 2: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 2)
    decision = war_order(after)
    assert decision.player == 2
    assert decision.colors == (BLACK, RED, GREEN)
    assert tr.to_move(after) == 2
    rejected(after, tr.ChooseConflict(BLUE), "WAR-4", 2)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.ChooseConflict(BLACK), 0)
    assert info.value.rule == "CONV-15"

    after = tr.apply(after, tr.ChooseConflict(BLACK), 2)
    assert commit_decision(after).conflict.color is BLACK
    after = play(after, tr.CommitSupport(0), tr.CommitSupport(0))  # 0 = 0: player 1 wins
    assert after.leader_square(0, BLACK) is None

    decision = war_order(after)
    assert decision.player == 2
    assert decision.colors == (RED, GREEN)
    rejected(after, tr.ChooseConflict(BLACK), "WAR-4", 2)
    after = tr.apply(after, tr.ChooseConflict(GREEN), 2)
    assert commit_decision(after).conflict.color is GREEN
    after = play(after, tr.CommitSupport(0), tr.CommitSupport(0))

    # only red is left: it starts without a decision
    assert commit_decision(after).conflict.color is RED


def test_war_4_single_pending_conflict_is_taken_automatically() -> None:
    """WAR-4 (D15): with one conflict pending no war order decision is asked."""
    state = kings_war({0: "k", 1: ""})
    after, events = tr.step(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert not isinstance(after.pending, tr.WarOrderDecision)
    assert commit_decision(after).conflict.color is BLACK
    assert of_type(events, ConflictStarted) == [ConflictStarted(WAR, BLACK, 0, 1, 2, 1)]


# --- WAR-5: attacker and defender -------------------------------------------------------------


def kings_of(left: int, right: int, players: int, active: int) -> GameState:
    return position(
        f"""
             e  f  g  h  i
          5  r  {left}K .  {right}K r
        """,
        players=players,
        active=active,
        hands={active: "k"},
    )


@pytest.mark.parametrize(
    ("left", "right", "players", "active", "attacker", "defender"),
    [
        (0, 1, 2, 1, 1, 0),  # the active player owns one of the kings
        (1, 0, 2, 1, 1, 0),
        (0, 1, 3, 2, 0, 1),  # not involved: first owner clockwise from seat 2 is seat 0
        (2, 1, 3, 0, 1, 2),
        (0, 3, 4, 1, 3, 0),  # from seat 1 clockwise: 2, 3, 0
        (2, 0, 4, 3, 0, 2),  # from seat 3 clockwise: 0, 1, 2
    ],
)
def test_war_5_attacker_is_active_player_or_first_owner_clockwise(
    left: int, right: int, players: int, active: int, attacker: int, defender: int
) -> None:
    """WAR-5: the attacker is the active player if he owns one of the two leaders, otherwise
    the owner who comes first clockwise from the active player; the other one defends."""
    state = kings_of(left, right, players, active)
    after = tr.apply(state, tr.PlaceTile(BLACK, "g5"), active)
    decision = commit_decision(after)
    assert (decision.conflict.attacker, decision.conflict.defender) == (attacker, defender)
    assert decision.player == attacker
    assert decision.role is tr.Role.ATTACKER
    after = tr.apply(after, tr.CommitSupport(0), attacker)
    assert commit_decision(after).player == defender


# --- WAR-6, WAR-7: sides and base strength ---------------------------------------------------


@pytest.mark.parametrize("tile", [BLACK, GREEN, RED])
def test_war_7_base_counts_conflict_colour_tiles_of_each_side_only(tile: tr.Color) -> None:
    """WAR-6, WAR-7: the left side counts d5 and e5 (2), the right side k5 (1). The
    unification tile (whatever its colour), the territory h3-h4 joined by it (neither side)
    and the flipped monument tiles b5-c6 count for nobody."""
    state = kings_war({0: {BLACK: "k", RED: "r", GREEN: "g"}[tile], 1: ""})
    after, events = tr.step(state, tr.PlaceTile(tile, "h5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (2, 1)
    assert of_type(events, ConflictStarted) == [ConflictStarted(WAR, BLACK, 0, 1, 2, 1)]


def test_war_6_parts_cut_off_by_an_earlier_war_are_on_neither_side() -> None:
    """WAR-6: sides are fixed when each war begins. The green war (first) removes j5, which
    cuts k5-l5 off from player 1's king: in the black war that follows they are on neither
    side, so his base is 0, not 2, and they are not removed when he loses (WAR-13)."""
    state = position(
        """
             e  f  g  h  i  j  k  l
          4  .  .  .  .  1G .  .  .
          5  k  r  0K .  r  g  k  k
          6  g  0G r  .  1K .  .  .
        """,
        hands={0: "gr", 1: ""},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "h5"), 0)
    assert war_order(after).colors == (BLACK, GREEN)
    after, events = run(
        after,
        (tr.ChooseConflict(GREEN), 0),
        (tr.CommitSupport(1), 0),  # 1 + 1 = 2 > 1 + 0
        (tr.CommitSupport(0), 1),
    )
    assert removals(events) == [(GREEN, ["j5"])]
    assert of_type(events, ConflictStarted)[-1] == ConflictStarted(WAR, BLACK, 0, 1, 1, 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (1, 0)

    after, events = run(after, (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1))
    assert ConflictResolved(WAR, BLACK, 0, 1, 1, 0) in events
    assert not of_type(events, TilesRemoved)
    assert cell(after, "k5") == K
    assert cell(after, "l5") == K
    assert after.scores[0] == (1, 0, 0, 2)


def test_war_6_a_side_is_everything_linked_to_its_leader_through_occupied_squares() -> None:
    """WAR-6: the right side runs through player 1's farmer on j6 to the black j7 and through
    the flipped tiles k4-l5 to the black m5; with i6 it counts 3. Nothing links the left king
    to them except through the marked square h5, so the left side counts 0."""
    state = position(
        """
             f  g  h  i  j  k  l  m
          4  .  .  .  .  .  #  #  .
          5  r  0K .  1K r  #  #  k
          6  .  .  .  k  1B .  .  .
          7  .  .  .  .  k  .  .  .
        """,
        hands={0: "k", 1: ""},
        monuments={Monument.RED_GREEN: "k4"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (0, 3)


# --- WAR-8, WAR-9: the commitments -----------------------------------------------------------


def test_war_8_attacker_commit_is_asked_even_without_matching_tiles() -> None:
    """WAR-8: the attacker's commitment is always asked; holding no black tile (only red and
    green) his only legal answer is 0, and 1 is rejected under WAR-8."""
    state = kings_war({0: "krrg", 1: "kk"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    decision = commit_decision(after)
    assert (decision.player, decision.role) == (0, tr.Role.ATTACKER)
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(0)]
    rejected(after, tr.CommitSupport(1), "WAR-8", 0)


def test_war_8_attacker_commits_up_to_conflict_tiles_held() -> None:
    """WAR-8: 0 <= a <= black tiles held (3); 4 is rejected under WAR-8."""
    state = kings_war({0: "kkkkr", 1: ""})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(n) for n in range(4)]
    rejected(after, tr.CommitSupport(4), "WAR-8", 0)
    after = tr.apply(after, tr.CommitSupport(3), 0)
    assert after.hands[0] == (0, 1, 0, 0)


def test_war_9_defender_commit_is_asked_after_the_attacker_with_a_known() -> None:
    """WAR-9: the defender answers after the attacker and sees a; he is asked even with no
    black tile, and more than he holds is rejected under WAR-9."""
    state = kings_war({0: "kk", 1: "rrg"})
    after = play(state, tr.PlaceTile(BLACK, "h5"), tr.CommitSupport(1))
    decision = commit_decision(after)
    assert (decision.player, decision.role) == (1, tr.Role.DEFENDER)
    assert decision.conflict.attacker_commit == 1
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(0)]
    rejected(after, tr.CommitSupport(1), "WAR-9", 1)


def test_war_9_defender_commits_up_to_conflict_tiles_held() -> None:
    """WAR-9: 0 <= d <= black tiles held (2); 3 is rejected."""
    state = kings_war({0: "k", 1: "kkg"})
    after = play(state, tr.PlaceTile(BLACK, "h5"), tr.CommitSupport(0))
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(n) for n in range(3)]
    rejected(after, tr.CommitSupport(3), "WAR-9", 1)
    after = tr.apply(after, tr.CommitSupport(2), 1)
    assert after.hands[1] == (0, 0, 0, 1)


# --- WAR-10: commit rules ------------------------------------------------------------------


def test_war_10a_commit_answer_names_only_a_count_and_colour_is_the_conflict_colour() -> None:
    """WAR-10(a) (structural): the commit answer holds only a count; the decision fixes the
    colour, which for a war is the conflict colour."""
    assert [f.name for f in attrs.fields(tr.CommitSupport)] == ["count"]
    for color in tr.COLORS:
        conflict = tr.Conflict(WAR, color, 0, 1, "g5", "i5", 2, 1)
        assert tr.CommitDecision(0, tr.Role.ATTACKER, conflict).commit_color is color
        assert tr.CommitDecision(1, tr.Role.DEFENDER, conflict).commit_color is color


def test_war_10a_a_green_war_takes_green_tiles_only() -> None:
    """WAR-10(a): in a war of traders only green tiles are committed; red tiles in hand are
    untouched."""
    state = position(
        """
             e  f  g  h  i  j
          5  r  0G .  1G r  g
          6  .  g  .  .  .  .
        """,
        hands={0: "kgggrr", 1: "ggrr"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    decision = commit_decision(after)
    assert decision.commit_color is GREEN
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(n) for n in range(4)]
    after, events = run(after, (tr.CommitSupport(2), 0), (tr.CommitSupport(1), 1))
    assert after.hands == ((0, 2, 0, 1), (0, 2, 0, 1))
    assert SupportCommitted(0, GREEN, 2) in events
    assert SupportCommitted(1, GREEN, 1) in events


def test_war_10b_each_side_commits_exactly_once() -> None:
    """WAR-10(b): after his commitment the attacker cannot commit again (the decision names
    the defender: CONV-15); after the defender's the war is over and no commitment is asked
    (TURN-3)."""
    state = kings_war({0: "kkk", 1: "kk"})
    after = play(state, tr.PlaceTile(BLACK, "h5"), tr.CommitSupport(1))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.CommitSupport(1), 0)
    assert info.value.rule == "CONV-15"
    done = tr.apply(after, tr.CommitSupport(1), 1)
    assert done.pending is None
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(done, tr.CommitSupport(1), 0)
    assert info.value.rule == "TURN-3"


# --- WAR-11: who wins -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defend", "winner"),
    [
        (0, 0, 0),  # 2 > 1
        (0, 1, 1),  # 2 = 2: tie to the defender
        (1, 1, 0),  # 3 > 2
        (2, 3, 1),  # 4 = 4
        (0, 2, 1),  # 2 < 3
    ],
)
def test_war_11_attacker_wins_only_with_strictly_more(
    attack: int, defend: int, winner: int
) -> None:
    """WAR-11: base 2 + a against base 1 + d; the attacker needs strictly more, ties go to the
    defender."""
    state = kings_war({0: "kkk", 1: "kkk"})
    after, events = run(
        state,
        (tr.PlaceTile(BLACK, "h5"), 0),
        (tr.CommitSupport(attack), 0),
        (tr.CommitSupport(defend), 1),
    )
    assert of_type(events, ConflictResolved) == [
        ConflictResolved(WAR, BLACK, winner, 1 - winner, 2 + attack, 1 + defend)
    ]
    assert after.leader_square(1 - winner, BLACK) is None
    assert after.leader_square(winner, BLACK) == ("g5", "i5")[winner]


# --- WAR-12, WAR-13, WAR-15, WAR-16: the outcome -------------------------------------------


def test_war_12_loser_leader_returns_to_supply() -> None:
    """WAR-12: the losing king (player 1, i5) returns to supply; the winner stays."""
    state = kings_war({0: "k", 1: ""})
    after, events = run(
        state, (tr.PlaceTile(BLACK, "h5"), 0), (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1)
    )
    assert after.leader_square(1, BLACK) is None
    assert cell(after, "i5") == EMPTY
    assert after.leader_square(0, BLACK) == "g5"
    assert LeaderReturned(1, BLACK, "i5", "war") in events


def test_war_13_attacker_wins_and_defender_side_loses_its_conflict_tiles() -> None:
    """WAR-13, WAR-15: the attacker wins; k5, the only black tile on the loser's side, leaves
    the game. The winner's side (d5, e5), the unification tile h5, the territory h3-h4
    (neither side), the flipped tiles and the red tiles stay. Winner scores 1 + 1 black."""
    state = kings_war({0: "k", 1: ""})
    after, events = run(
        state, (tr.PlaceTile(BLACK, "h5"), 0), (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1)
    )
    assert removals(events) == [(BLACK, ["k5"])]
    assert cell(after, "k5") == EMPTY
    for square in ("d5", "e5", "h5", "h3", "h4"):
        assert cell(after, square) == K, square
    for square in ("j5", "i6", "f5", "g6", "f4"):
        assert cell(after, square) == R, square
    for square in ("b5", "c5", "b6", "c6"):
        assert cell(after, square) == FLIPPED, square
    assert after.scores == ((2, 0, 0, 0), (0, 0, 0, 0))
    assert of_type(events, PointsScored) == [PointsScored(0, BLACK, 2, ScoreCause.WAR)]
    assert after.out_of_game == (1, 0, 0, 0)


def test_war_13_defender_wins_and_attacker_side_loses_its_conflict_tiles() -> None:
    """WAR-13, WAR-14, WAR-15: the defender wins; d5 and e5 leave the game, e5 although it
    touches player 0's priest (the priest exception is for red wars only). Flipped tiles, the
    unification tile, the territory and the winner's k5 stay. Winner scores 1 + 2 black."""
    state = kings_war({0: "k", 1: "kk"})
    after, events = run(
        state, (tr.PlaceTile(BLACK, "h5"), 0), (tr.CommitSupport(0), 0), (tr.CommitSupport(2), 1)
    )
    assert ConflictResolved(WAR, BLACK, 1, 0, 2, 3) in events
    assert removals(events) == [(BLACK, ["d5", "e5"])]
    assert cell(after, "d5") == EMPTY
    assert cell(after, "e5") == EMPTY
    for square in ("k5", "h5", "h3", "h4"):
        assert cell(after, square) == K, square
    for square in ("b5", "c5", "b6", "c6"):
        assert cell(after, square) == FLIPPED, square
    assert after.leader_square(0, BLACK) is None
    assert after.leader_square(0, RED) == "e4"  # its temple f4 stays
    assert after.scores == ((0, 0, 0, 0), (3, 0, 0, 0))
    assert after.out_of_game == (4, 0, 0, 0)  # 2 committed + 2 removed


def test_war_15_winner_scores_one_for_the_leader_plus_one_per_removed_tile() -> None:
    """WAR-15: the winner scores VP of the conflict colour (green): 1 for the defeated trader
    plus 1 for each of the 2 green tiles removed, on top of what he had."""
    state = position(
        """
             e  f  g  h  i  j  k
          5  r  0G .  1G r  g  g
          6  .  g  .  .  .  .  .
        """,
        hands={0: "kggg", 1: ""},
        scores={0: (1, 1, 1, 1)},
    )
    after, events = run(
        state, (tr.PlaceTile(BLACK, "g5"), 0), (tr.CommitSupport(2), 0), (tr.CommitSupport(0), 1)
    )
    assert of_type(events, PointsScored) == [PointsScored(0, GREEN, 3, ScoreCause.WAR)]
    assert after.scores == ((1, 1, 1, 4), (0, 0, 0, 0))


def test_war_16_committed_tiles_leave_the_game_and_score_nothing() -> None:
    """WAR-16: all committed tiles of both sides leave the game and score nothing: the
    winner gets only 1 + 1 for the king and k5, although 5 tiles were committed."""
    state = kings_war({0: "kkkk", 1: "kkk"})
    after, events = run(
        state, (tr.PlaceTile(BLACK, "h5"), 0), (tr.CommitSupport(3), 0), (tr.CommitSupport(2), 1)
    )
    assert ConflictResolved(WAR, BLACK, 0, 1, 5, 3) in events
    assert TileLeft(0, BLACK, 3) in events
    assert TileLeft(1, BLACK, 2) in events
    assert after.hands == ((0, 0, 0, 0), (1, 0, 0, 0))
    assert after.out_of_game == (6, 0, 0, 0)  # 5 committed + k5
    assert after.scores == ((2, 0, 0, 0), (0, 0, 0, 0))


# --- WAR-14: the priest exception ------------------------------------------------------------

# RULES.md §9 example: R1..R5 on a5..e5 on the attacker's side; player 0's priest on b6
# touches R2, his farmer on c6 touches R3, seat 2's trader on d6 touches R4; R1 carries a
# treasure. The defender's side (player 1's priest on h6) holds g5 and h5. f5 joins them.
PRIESTS = """
     a  b  c  d  e  f  g  h  i
  5  r* r  r  r  r  .  r  r  .
  6  .  0R 0B 2G .  .  .  1R .
"""


def test_war_14_priest_exception_example_from_rules() -> None:
    """WAR-14, WAR-11, WAR-15, WAR-16, WAR-17 (RULES.md §9, example (priest exception)): red
    war, attacker base 5 (R1-R5), defender base 2; the red unification tile counts for nobody.
    The attacker commits 0 and the defender 3: 5 = 5, the defender wins and the attacking
    priest returns. R1 (treasure), R3 (farmer) and R4 (third player's trader) stay; R2 (only
    the losing priest) and R5 (no leader) are removed. The defender scores 1 + 2 = 3 red, the
    3 committed tiles leave the game, and the farmer keeps its temple R3."""
    state = position(PRIESTS, players=3, hands={0: "rk", 1: "rrrk", 2: ""})
    after, events = run(state, (tr.PlaceTile(RED, "f5"), 0))
    conflict = commit_decision(after).conflict
    assert (conflict.color, conflict.attacker, conflict.defender) == (RED, 0, 1)
    assert (conflict.attacker_base, conflict.defender_base) == (5, 2)

    after, events = run(after, (tr.CommitSupport(0), 0), (tr.CommitSupport(3), 1))
    assert ConflictResolved(WAR, RED, 1, 0, 5, 5) in events
    assert LeaderReturned(0, RED, "b6", "war") in events
    assert removals(events) == [(RED, ["b5", "e5"])]
    for square in ("a5", "c5", "d5", "f5", "g5", "h5"):
        assert cell(after, square) == R, square
    assert cell(after, "b5") == EMPTY
    assert cell(after, "e5") == EMPTY
    assert square_index("a5") in after.treasures
    assert of_type(events, PointsScored) == [PointsScored(1, RED, 3, ScoreCause.WAR)]
    assert after.scores == ((0, 0, 0, 0), (0, 3, 0, 0), (0, 0, 0, 0))
    assert after.out_of_game == (0, 5, 0, 0)  # 3 committed + R2 + R5
    assert after.hands[1] == (1, 0, 0, 0)
    # WAR-17: temple loss is checked but nobody else leaves
    assert after.leader_square(0, BLUE) == "c6"
    assert after.leader_square(2, GREEN) == "d6"
    assert after.leader_square(1, RED) == "h6"
    assert not [e for e in of_type(events, LeaderReturned) if e.reason != "war"]
    assert after.pending is None
    assert after.marker == NO_SQUARE


def test_war_14_exception_judged_after_the_losing_priest_left() -> None:
    """WAR-14 (D3): a temple touching only the losing priest is not protected by him: when the
    defending priest loses, i5 (touching only him) goes, j5 (touching player 0's king) stays."""
    state = position(
        """
             e  f  g  h  i  j  k
          4  .  .  .  .  .  0K .
          5  r  0R .  r  r  r  .
          6  .  .  .  1R .  .  .
        """,
        hands={0: "rrrr", 1: ""},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (1, 3)
    after, events = run(after, (tr.CommitSupport(3), 0), (tr.CommitSupport(0), 1))
    assert ConflictResolved(WAR, RED, 0, 1, 4, 3) in events
    assert removals(events) == [(RED, ["h5", "i5"])]
    assert cell(after, "j5") == R
    assert after.leader_square(0, BLACK) == "j4"
    assert after.scores[0] == (0, 3, 0, 0)


# --- WAR-17: after each war ----------------------------------------------------------------


def test_war_17_a_conflict_whose_leaders_were_separated_lapses_without_vp() -> None:
    """WAR-17: the green war is fought first; its removals (i5, j5) split the kingdom, so
    player 1's king is no longer in the marked square's region: the black conflict lapses with
    no VP, the marker is removed and the action ends."""
    state = position(
        """
             e  f  g  h  i  j  k  l
          4  .  .  0G .  .  1G r  .
          5  .  g  r  .  g  g  r  1K
          6  .  .  0K .  .  .  .  .
        """,
        hands={0: "rggg", 1: ""},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "h5"), 0)
    assert war_order(after).colors == (BLACK, GREEN)
    after, events = run(
        after,
        (tr.ChooseConflict(GREEN), 0),
        (tr.CommitSupport(2), 0),  # 1 + 2 = 3 > 2 + 0
        (tr.CommitSupport(0), 1),
    )
    assert removals(events) == [(GREEN, ["i5", "j5"])]
    assert [e.color for e in of_type(events, ConflictStarted)] == [GREEN]
    assert after.leader_square(0, BLACK) == "g6"
    assert after.leader_square(1, BLACK) == "l5"
    assert not same_region(after, "h5", "l5")
    assert after.marker == NO_SQUARE
    assert after.pending is None
    assert after.scores == ((0, 0, 0, 3), (0, 0, 0, 0))
    assert after.actions_taken == 1


def test_war_17_a_conflict_still_united_is_fought_next() -> None:
    """WAR-17: after the black war the priests are still both in the marked square's region,
    so their war follows at once (the only one left, WAR-4)."""
    state = position(
        """
             e  f  g  h  i  j
          4  0K 0R .  .  1R .
          5  r  r  r  .  r  1K
        """,
        hands={0: "k", 1: ""},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert war_order(after).colors == (BLACK, RED)
    after, events = run(
        after, (tr.ChooseConflict(BLACK), 0), (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1)
    )
    assert ConflictResolved(WAR, BLACK, 1, 0, 0, 0) in events
    conflict = commit_decision(after).conflict
    assert conflict.color is RED
    assert (conflict.attacker_base, conflict.defender_base) == (3, 1)
    assert after.marker == square_index("h5")


def test_war_4_and_war_8_rejections_say_what_is_wrong() -> None:
    """WAR-4: a war colour not pending is rejected naming it and every pending colour;
    WAR-8: committing more tiles than held names the player, the tiles held and the
    amount asked."""
    state = position(THREE_CONFLICTS, players=3, active=2, hands={0: "", 1: "", 2: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 2)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.ChooseConflict(BLUE), 2)
    assert (info.value.rule, info.value.reason) == (
        "WAR-4",
        "no blue war is pending (pending: black, red, green)",
    )
    war = kings_war({0: "krrg", 1: "kk"})
    after = tr.apply(war, tr.PlaceTile(BLACK, "h5"), 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.CommitSupport(1), 0)
    assert (info.value.rule, info.value.reason) == (
        "WAR-8",
        "player 0 holds only 0 black tile(s) and cannot commit 1",
    )
