"""Scenario tests for revolts, the internal conflict (RULES.md §8, REVOLT-1..REVOLT-10)."""

from __future__ import annotations

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.actions import Monument
from tigris_rules.model.cells import EMPTY, LEADER
from tigris_rules.model.events import (
    ConflictResolved,
    ConflictStarted,
    Event,
    LeaderReturned,
    PointsScored,
    ScoreCause,
    SupportCommitted,
    TileLeft,
    TilesRemoved,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.regions import regions_of

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN
REVOLT = tr.ConflictKind.REVOLT

# Player 1's king on g5 touches three temples (f5, h5, g6). A king placed on i5 touches one
# temple, h5, which it shares with the defender.
KINGS = """
     e  f  g  h  i  j
  5  .  r  1K r  .  .
  6  .  .  r  .  .  .
"""


def cell(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


def commit_decision(state: GameState) -> tr.CommitDecision:
    decision = state.pending
    assert isinstance(decision, tr.CommitDecision), decision
    return decision


def step(state: GameState, action: tr.Action, player: int) -> tuple[GameState, tuple[Event, ...]]:
    return tr.step(state, action, player)


def revolt(
    state: GameState, leader: tr.Action, attack: int, defend: int
) -> tuple[GameState, list[Event]]:
    """Play ``leader`` (which must start a revolt), then both commitments; all events."""
    events: list[Event] = []
    attacker = state.active
    state, ev = step(state, leader, attacker)
    events += ev
    defender = commit_decision(state).conflict.defender
    state, ev = step(state, tr.CommitSupport(attack), attacker)
    events += ev
    state, ev = step(state, tr.CommitSupport(defend), defender)
    events += ev
    return state, events


def scores_of(events: list[Event]) -> list[PointsScored]:
    return [e for e in events if isinstance(e, PointsScored)]


# --- REVOLT-1: what causes a revolt ----------------------------------------------------------


def test_revolt_1_leader_placed_into_kingdom_with_same_colour_leader_starts_revolt() -> None:
    """REVOLT-1: player 0's king placed into the kingdom of player 1's king starts a revolt
    of kings; the attacker's commitment is asked at once."""
    state = position(KINGS, hands={0: "rr", 1: "r"})
    after, events = step(state, tr.PlaceLeader(BLACK, "i5"), 0)
    started = [e for e in events if isinstance(e, ConflictStarted)]
    assert started == [ConflictStarted(REVOLT, BLACK, 0, 1, 1, 3)]
    decision = commit_decision(after)
    assert decision.conflict.kind is REVOLT
    assert decision.conflict.color is BLACK
    assert after.leader_square(0, BLACK) == "i5"
    assert after.actions_taken == 0  # the action is still in progress (TURN-4)


def test_revolt_1_leader_of_another_colour_causes_no_revolt() -> None:
    """REVOLT-1: only a leader of the same colour starts a revolt; a priest entering the
    kingdom of a king does not."""
    state = position(KINGS, hands={0: "rr", 1: "r"})
    after, events = step(state, tr.PlaceLeader(RED, "i5"), 0)
    assert after.pending is None
    assert not [e for e in events if isinstance(e, ConflictStarted)]
    assert after.actions_taken == 1
    assert after.leader_square(1, BLACK) == "g5"


def test_revolt_1_moving_a_leader_into_the_kingdom_starts_a_revolt() -> None:
    """REVOLT-1: moving a leader (not only placing one) into a kingdom with a leader of its
    colour starts a revolt."""
    state = position(
        """
             b  c  d  e  f  g  h  i  j
          5  r  0K .  .  r  1K r  .  .
          6  .  .  .  .  .  r  .  .  .
        """,
        hands={0: "r", 1: "r"},
    )
    after = tr.apply(state, tr.PlaceLeader(BLACK, "i5"), 0)
    decision = commit_decision(after)
    assert decision.conflict.kind is REVOLT
    assert decision.conflict.attacker_square == "i5"
    assert decision.conflict.defender_square == "g5"
    assert cell(after, "c5") == EMPTY


def test_revolt_1_judged_on_the_kingdom_after_placement_with_joined_territory() -> None:
    """REVOLT-1: the kingdom is judged after the placement. The king on i5 joins player 1's
    kingdom and the territory j5-k5 into one kingdom, and the revolt starts there."""
    state = position(
        """
             e  f  g  h  i  j  k
          5  .  r  1K r  .  r  r
          6  .  .  r  .  .  .  .
        """,
        hands={0: "", 1: ""},
    )
    assert not same_region(state, "g5", "k5")
    after = tr.apply(state, tr.PlaceLeader(BLACK, "i5"), 0)
    assert commit_decision(after).conflict.kind is REVOLT
    assert same_region(after, "g5", "i5", "k5")


def test_revolt_1_a_tile_never_causes_a_revolt() -> None:
    """REVOLT-1: a tile joining the kingdoms of two kings starts a war, never a revolt; a tile
    added to one kingdom starts no conflict at all."""
    board = """
         e  f  g  h  i  j
      5  r  0K .  1K r  .
      6  .  .  .  .  .  .
    """
    state = position(board, hands={0: "kk", 1: "k"})
    after, events = step(state, tr.PlaceTile(BLACK, "g5"), 0)
    assert commit_decision(after).conflict.kind is tr.ConflictKind.WAR
    assert [e.kind for e in events if isinstance(e, ConflictStarted)] == [tr.ConflictKind.WAR]

    after = tr.apply(state, tr.PlaceTile(BLACK, "f6"), 0)
    assert after.pending is None
    assert after.actions_taken == 1


def test_revolt_1_a_withdrawal_never_causes_a_revolt() -> None:
    """REVOLT-1: withdrawing a leader never starts a revolt."""
    state = position(
        """
             e  f  g  h  i
          5  .  r  1K r  0R
          6  .  .  r  .  .
        """,
        hands={0: "r", 1: "r"},
    )
    after, events = step(state, tr.WithdrawLeader(RED), 0)
    assert after.pending is None
    assert not [e for e in events if isinstance(e, ConflictStarted)]
    assert after.leader_square(0, RED) is None
    assert after.actions_taken == 1


# --- REVOLT-2: attacker and defender ---------------------------------------------------------


def test_revolt_2_attacker_is_active_player_and_defender_owns_the_leader_there() -> None:
    """REVOLT-2: with three players, seat 1 (active) places his farmer into the kingdom of
    seat 2's farmer: seat 1 attacks and commits first, seat 2 defends and commits second."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  2B r  .
          6  .  .  r  .  .
        """,
        players=3,
        active=1,
        hands={0: "rrr", 1: "rr", 2: "rr"},
    )
    after = tr.apply(state, tr.PlaceLeader(BLUE, "i5"), 1)
    decision = commit_decision(after)
    assert decision.player == 1
    assert decision.role is tr.Role.ATTACKER
    assert decision.conflict.attacker == 1
    assert decision.conflict.defender == 2
    assert decision.conflict.attacker_square == "i5"
    assert decision.conflict.defender_square == "g5"
    assert tr.to_move(after) == 1

    after = tr.apply(after, tr.CommitSupport(1), 1)
    decision = commit_decision(after)
    assert decision.player == 2
    assert decision.role is tr.Role.DEFENDER
    assert tr.to_move(after) == 2


@pytest.mark.parametrize("color", list(tr.COLORS))
@pytest.mark.parametrize("seat", [1, 2, 3])
def test_revolt_2_every_seat_attacks_with_every_leader_in_a_four_player_game(
    seat: int, color: tr.Color
) -> None:
    """REVOLT-2: with four players, whichever seat is active and whichever leader he places,
    that seat is the attacker (in the started event, the conflict and the first commitment)
    and the owner of the other leader of the colour is the defender."""
    defender = (seat + 1) % 4
    letter = "KRBG"[color.index]
    state = position(
        f"""
             f  g  h  i
          5  r  {defender}{letter} r  .
          6  .  r  .  .
        """,
        players=4,
        active=seat,
        hands=dict.fromkeys(range(4), "rr"),
    )
    after, events = step(state, tr.PlaceLeader(color, "i5"), seat)
    started = [e for e in events if isinstance(e, ConflictStarted)]
    assert started == [ConflictStarted(REVOLT, color, seat, defender, 1, 3)]
    decision = commit_decision(after)
    assert (decision.conflict.attacker, decision.conflict.defender) == (seat, defender)
    assert decision.player == seat
    assert decision.role is tr.Role.ATTACKER
    assert tr.to_move(after) == seat


# --- REVOLT-3: base strength -----------------------------------------------------------------


def test_revolt_3_base_is_temples_adjacent_to_own_leader_shared_temple_counts_twice() -> None:
    """REVOLT-3: each base counts only the temples adjacent to that leader's square; h5 counts
    for both. Diagonal temples (f4, h6), other temples of the kingdom (e5), flipped tiles
    (i4), other tiles (j5), other leaders and tiles in hand count for nothing."""
    state = position(
        """
             e  f  g  h  i  j
          4  .  r  r  .  #  #
          5  r  r* 1K r  .  k
          6  .  .  1B r  .  .
        """,
        hands={0: "rrrrrr", 1: "rrrrrr"},
        monuments={Monument.RED_BLUE: "i3"},
    )
    after, events = step(state, tr.PlaceLeader(BLACK, "i5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (1, 3)
    assert [e for e in events if isinstance(e, ConflictStarted)] == [
        ConflictStarted(REVOLT, BLACK, 0, 1, 1, 3)
    ]


# --- REVOLT-4, REVOLT-5: the commitments ------------------------------------------------------


def test_revolt_4_attacker_commit_is_asked_even_without_red_tiles() -> None:
    """REVOLT-4: the attacker's commitment is always asked; holding no red tile, committing
    0 is his only legal answer and committing 1 is rejected under REVOLT-4."""
    state = position(KINGS, hands={0: "kkbg", 1: "rr"})
    after = tr.apply(state, tr.PlaceLeader(BLACK, "i5"), 0)
    decision = commit_decision(after)
    assert decision.player == 0
    assert decision.role is tr.Role.ATTACKER
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(0)]
    rejected(after, tr.CommitSupport(1), "REVOLT-4", 0)


def test_revolt_4_attacker_commits_from_zero_up_to_red_tiles_held() -> None:
    """REVOLT-4: 0 <= a <= red tiles held; a = 3 with 3 red tiles is accepted and a = 4 is
    rejected under REVOLT-4, changing nothing."""
    state = position(KINGS, hands={0: "rrrk", 1: "r"})
    after = tr.apply(state, tr.PlaceLeader(BLACK, "i5"), 0)
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(n) for n in range(4)]
    rejected(after, tr.CommitSupport(4), "REVOLT-4", 0)
    assert after.hands[0] == (1, 3, 0, 0)
    committed = tr.apply(after, tr.CommitSupport(3), 0)
    assert committed.hands[0] == (1, 0, 0, 0)


def test_revolt_5_defender_commit_is_asked_after_the_attacker_with_a_known() -> None:
    """REVOLT-5: the defender's commitment comes after the attacker's and shows a; it is
    asked even when the defender holds no red tile (0 is then his only answer)."""
    state = position(KINGS, hands={0: "rr", 1: "kkk"})
    after = tr.apply(state, tr.PlaceLeader(BLACK, "i5"), 0)
    after = tr.apply(after, tr.CommitSupport(2), 0)
    decision = commit_decision(after)
    assert decision.player == 1
    assert decision.role is tr.Role.DEFENDER
    assert decision.conflict.attacker_commit == 2
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(0)]
    rejected(after, tr.CommitSupport(1), "REVOLT-5", 1)


def test_revolt_5_defender_commits_up_to_red_tiles_held() -> None:
    """REVOLT-5: 0 <= d <= red tiles held; more is rejected under REVOLT-5."""
    state = position(KINGS, hands={0: "r", 1: "rrg"})
    after = play(state, tr.PlaceLeader(BLACK, "i5"), tr.CommitSupport(1))
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(n) for n in range(3)]
    rejected(after, tr.CommitSupport(3), "REVOLT-5", 1)
    done = tr.apply(after, tr.CommitSupport(2), 1)
    assert done.hands[1] == (0, 0, 0, 1)
    assert done.pending is None


# --- REVOLT-6: commit rules ------------------------------------------------------------------


def test_revolt_6a_commit_answer_names_only_a_count_and_the_colour_is_red() -> None:
    """REVOLT-6(a) (structural): the commit answer holds only a count, so no colour can be
    named; the decision fixes the colour, red for a revolt of any leaders."""
    assert [f.name for f in attrs.fields(tr.CommitSupport)] == ["count"]
    for color in tr.COLORS:
        conflict = tr.Conflict(REVOLT, color, 0, 1, "i5", "g5", 1, 3)
        assert tr.CommitDecision(0, tr.Role.ATTACKER, conflict).commit_color is RED
        assert tr.CommitDecision(1, tr.Role.DEFENDER, conflict).commit_color is RED


def test_revolt_6a_a_trader_revolt_takes_red_tiles_not_green_ones() -> None:
    """REVOLT-6(a): in a revolt of traders the commitments are red tiles; green tiles in hand
    are untouched and cannot be committed."""
    state = position(
        """
             e  f  g  h  i
          5  .  r  1G r  .
          6  .  .  r  .  .
        """,
        hands={0: "gggr", 1: "ggg"},
    )
    after = tr.apply(state, tr.PlaceLeader(GREEN, "i5"), 0)
    assert commit_decision(after).commit_color is RED
    assert list(tr.legal_actions(after)) == [tr.CommitSupport(0), tr.CommitSupport(1)]
    after, events = step(after, tr.CommitSupport(1), 0)
    assert after.hands[0] == (0, 0, 0, 3)
    assert SupportCommitted(0, RED, 1) in events
    rejected(after, tr.CommitSupport(1), "REVOLT-5", 1)
    after = tr.apply(after, tr.CommitSupport(0), 1)
    assert after.hands[1] == (0, 0, 0, 3)
    assert after.out_of_game == (0, 1, 0, 0)


def test_revolt_6b_each_side_commits_exactly_once() -> None:
    """REVOLT-6(b): after the attacker's commitment only the defender may answer, so a second
    commitment by the attacker is rejected (CONV-15); once the defender has answered the
    revolt is over and a further commitment is rejected (TURN-3)."""
    state = position(KINGS, hands={0: "rrr", 1: "rrr"})
    after = play(state, tr.PlaceLeader(BLACK, "i5"), tr.CommitSupport(1))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.CommitSupport(1), 0)
    assert info.value.rule == "CONV-15"
    done = tr.apply(after, tr.CommitSupport(0), 1)
    assert done.pending is None
    assert done.hands[0][RED.index] == 2
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(done, tr.CommitSupport(1), 0)
    assert info.value.rule == "TURN-3"
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(done, tr.CommitSupport(1), 1)
    assert info.value.rule == "TURN-1"


# --- REVOLT-7: who wins ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defend", "winner"),
    [
        (3, 0, 0),  # 1 + 3 = 4 > 3 + 0
        (2, 0, 1),  # 1 + 2 = 3 = 3 + 0: tie to the defender
        (4, 2, 1),  # 1 + 4 = 5 = 3 + 2: tie again
        (4, 1, 0),  # 5 > 4
        (0, 0, 1),  # 1 < 3
    ],
)
def test_revolt_7_attacker_wins_only_with_strictly_more(
    attack: int, defend: int, winner: int
) -> None:
    """REVOLT-7: the attacker wins only if base + a is strictly greater than the defender's
    base + d; ties go to the defender."""
    state = position(KINGS, hands={0: "rrrrr", 1: "rr"})
    after, events = revolt(state, tr.PlaceLeader(BLACK, "i5"), attack, defend)
    resolved = [e for e in events if isinstance(e, ConflictResolved)]
    assert resolved == [ConflictResolved(REVOLT, BLACK, winner, 1 - winner, 1 + attack, 3 + defend)]
    assert after.leader_square(1 - winner, BLACK) is None
    assert after.leader_square(winner, BLACK) == ("i5", "g5")[winner]


# --- REVOLT-8: the loser's leader goes home ---------------------------------------------------


def test_revolt_8_defender_loses_and_his_leader_returns_to_supply() -> None:
    """REVOLT-8: the losing defender's king leaves g5 for his supply; the winning attacker's
    king stays on i5."""
    state = position(KINGS, hands={0: "rrr", 1: ""})
    after, events = revolt(state, tr.PlaceLeader(BLACK, "i5"), 3, 0)
    assert after.leader_square(1, BLACK) is None
    assert cell(after, "g5") == EMPTY
    assert after.leader_square(0, BLACK) == "i5"
    assert cell(after, "i5") == LEADER
    assert LeaderReturned(1, BLACK, "g5", "revolt") in events
    for square in ("f5", "h5", "g6"):  # REVOLT-10: the loser's temples stay
        assert cell(after, square) == RED.index, square


def test_revolt_8_attacker_loses_and_his_leader_returns_to_supply() -> None:
    """REVOLT-8: the losing attacker's king leaves i5 at once; the defender's king stays."""
    state = position(KINGS, hands={0: "r", 1: ""})
    after = revolt(state, tr.PlaceLeader(BLACK, "i5"), 1, 0)[0]
    assert after.leader_square(0, BLACK) is None
    assert cell(after, "i5") == EMPTY
    assert after.leader_square(1, BLACK) == "g5"


# --- REVOLT-9: 1 red VP to the winner ---------------------------------------------------------


def test_revolt_9_winner_of_a_revolt_of_kings_scores_one_red_vp() -> None:
    """REVOLT-9: the winner scores 1 red VP even though the leaders are kings; the loser
    scores nothing."""
    state = position(KINGS, hands={0: "rrr", 1: ""})
    after, events = revolt(state, tr.PlaceLeader(BLACK, "i5"), 3, 0)
    assert after.scores == ((0, 1, 0, 0), (0, 0, 0, 0))
    assert scores_of(events) == [PointsScored(0, RED, 1, ScoreCause.REVOLT)]


def test_revolt_9_winner_of_a_revolt_of_farmers_scores_red_not_blue() -> None:
    """REVOLT-9: a defending farmer who wins scores 1 red VP, not blue."""
    state = position(
        """
             e  f  g  h  i
          5  .  r  1B r  .
          6  .  .  r  .  .
        """,
        hands={0: "rr", 1: "r"},
        scores={1: (0, 2, 5, 0)},
    )
    after, events = revolt(state, tr.PlaceLeader(BLUE, "i5"), 2, 1)
    assert after.scores == ((0, 0, 0, 0), (0, 3, 5, 0))
    assert scores_of(events) == [PointsScored(1, RED, 1, ScoreCause.REVOLT)]


# --- REVOLT-10: committed tiles leave, the board stays -----------------------------------------


def test_revolt_10_committed_tiles_leave_the_game_and_no_board_tile_is_removed() -> None:
    """REVOLT-10: all committed tiles of both sides leave the game and score nothing; no tile
    on the board is removed, not even the loser's temples."""
    state = position(KINGS, hands={0: "rrrrk", 1: "rrg"})
    after, events = revolt(state, tr.PlaceLeader(BLACK, "i5"), 4, 2)
    assert after.hands == ((1, 0, 0, 0), (0, 0, 0, 1))
    assert after.out_of_game == (0, 6, 0, 0)
    assert TileLeft(0, RED, 4) in events
    assert TileLeft(1, RED, 2) in events
    assert not [e for e in events if isinstance(e, TilesRemoved)]
    # the attacking king lost and left i5: the board is exactly as before his placement
    assert after.cells == state.cells
    assert after.treasures == state.treasures
    assert after.scores == ((0, 0, 0, 0), (0, 1, 0, 0))


def test_revolt_10_the_losers_departure_may_split_the_kingdom() -> None:
    """REVOLT-10: the attacking king on i5 linked player 1's kingdom and the territory j5-k5;
    when he loses, the kingdom splits again and nothing else happens."""
    state = position(
        """
             e  f  g  h  i  j  k
          5  .  r  1K r  .  r  r
          6  .  .  r  .  .  .  .
        """,
        hands={0: "r", 1: "r"},
    )
    during = tr.apply(state, tr.PlaceLeader(BLACK, "i5"), 0)
    assert same_region(during, "g5", "k5")
    after = play(during, tr.CommitSupport(1), tr.CommitSupport(0))  # 2 + 1 = 3 vs 3 + 0
    assert after.leader_square(0, BLACK) is None
    assert not same_region(after, "g5", "k5")
    assert same_region(after, "j5", "k5")
    assert cell(after, "j5") == RED.index
    assert cell(after, "k5") == RED.index
    assert after.pending is None
    assert after.actions_taken == 1


# --- RULES.md §8 worked example ---------------------------------------------------------------


def test_revolt_tie_example_from_rules() -> None:
    """REVOLT-7, REVOLT-8, REVOLT-9, REVOLT-10 (RULES.md §8, example (tie)): two kings; the
    attacker's base is 1 and the defender's 3, with one temple (h5) touching both. The
    attacker commits 4 (total 5) and the defender 2 (total 5). The defender wins the tie and
    scores 1 red VP, the attacking king returns to supply, the 6 committed tiles leave the
    game, and the board stays as it was."""
    state = position(KINGS, hands={0: "rrrrkb", 1: "rrrg"})
    after, events = step(state, tr.PlaceLeader(BLACK, "i5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (1, 3)

    after, events = step(after, tr.CommitSupport(4), 0)
    assert events == (SupportCommitted(0, RED, 4), TileLeft(0, RED, 4))
    assert commit_decision(after).conflict.attacker_commit == 4
    _, nothing_committed = step(after, tr.CommitSupport(0), 1)
    assert not [e for e in nothing_committed if isinstance(e, TileLeft)]  # CONV-12: none left

    after, events = step(after, tr.CommitSupport(2), 1)
    assert ConflictResolved(REVOLT, BLACK, 1, 0, 5, 5) in events
    assert LeaderReturned(0, BLACK, "i5", "revolt") in events
    assert scores_of(list(events)) == [PointsScored(1, RED, 1, ScoreCause.REVOLT)]
    assert after.scores == ((0, 0, 0, 0), (0, 1, 0, 0))
    assert after.leader_square(0, BLACK) is None
    assert after.leader_square(1, BLACK) == "g5"
    assert after.out_of_game == (0, 6, 0, 0)
    assert after.hands == ((1, 0, 1, 0), (0, 1, 0, 1))
    assert after.cells == state.cells
    assert after.pending is None
    assert after.actions_taken == 1
