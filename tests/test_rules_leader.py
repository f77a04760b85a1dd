"""Scenario tests for the leader actions (RULES.md §4, LEADER-1..LEADER-12)."""

from __future__ import annotations

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected, rejected_with_reasons
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER
from tigris_rules.model.events import (
    CatastrophePlaced,
    LeaderMoved,
    LeaderPlaced,
    LeaderReturned,
    LeaderWithdrawn,
    MonumentBuilt,
    PointsScored,
)
from tigris_rules.model.squares import SQUARE_NAMES, square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.regions import regions_of

ZIGGURAT = tr.GameConfig(variants=("ziggurat",))
"""A game with the ziggurat, whose squares a diagram draws ``Z``."""

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN


def cell(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


# --- LEADER-1, LEADER-2, LEADER-3: structural parts ----------------------------------------


def test_leader_1_action_format_names_no_player_or_owner() -> None:
    """LEADER-1 (structural): a leader action names only a colour (and a square); the leader
    is always the active player's own, so another player's leader cannot be named."""
    assert [f.name for f in attrs.fields(tr.PlaceLeader)] == ["color", "square"]
    assert [f.name for f in attrs.fields(tr.WithdrawLeader)] == ["color"]


def test_leader_1_action_always_acts_on_active_players_own_leader() -> None:
    """LEADER-1: with player 1's king on the board and player 0's in supply, player 0's king
    action places his own king, and he cannot withdraw player 1's king."""
    state = position(
        """
             e  f  g  h  i  j
          5  1K r  .  .  r  .
        """
    )
    rejected(state, tr.WithdrawLeader(BLACK), "LEADER-4")
    after, events = tr.step(state, tr.PlaceLeader(BLACK, "j5"))
    assert events == (LeaderPlaced(0, BLACK, "j5"),)
    assert after.leader_square(0, BLACK) == "j5"
    assert after.leader_square(1, BLACK) == "e5"


def test_leader_2_place_comes_from_supply() -> None:
    """LEADER-2 (structural): a placement has no origin field; a leader in its owner's
    supply goes from the supply to the named square."""
    assert "origin" not in [f.name for f in attrs.fields(tr.PlaceLeader)]
    state = position(
        """
             f  g
          5  r  .
        """
    )
    assert state.leader_square(0, RED) is None
    assert tr.PlaceLeader(RED, "g5") in tr.legal_actions(state)
    after, events = tr.step(state, tr.PlaceLeader(RED, "g5"))
    assert events == (LeaderPlaced(0, RED, "g5"),)
    assert after.leader_square(0, RED) == "g5"
    assert cell(after, "g5") == LEADER
    assert after.actions_taken == 1


def test_leader_3_move_lifts_and_places_on_board_leader() -> None:
    """LEADER-3 (structural): the same action moves a leader that is on the board; it is
    lifted from its square and put on the new one."""
    assert [f.name for f in attrs.fields(tr.PlaceLeader)] == ["color", "square"]
    state = position(
        """
             e  f  g
          5  0R r  0K
          6  .  r  .
        """
    )
    action = tr.PlaceLeader(BLACK, "g6")
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events == (LeaderMoved(0, BLACK, "g5", "g6"),)
    assert cell(after, "g5") == EMPTY
    assert cell(after, "g6") == LEADER
    assert after.leader_square(0, BLACK) == "g6"
    # LEADER-3: the target may be in the same kingdom.
    assert same_region(after, "e5", "g6")


def test_leader_3_origin_square_is_never_a_target() -> None:
    """LEADER-3: a leader may not be "moved" to the square it stands on."""
    state = position(
        """
             f  g
          5  r  0K
        """
    )
    rejected(state, tr.PlaceLeader(BLACK, "g5"), "LEADER-3")


def test_leader_3_target_judged_with_leader_lifted() -> None:
    """LEADER-3 (D7): the move target is judged after the leader is lifted. g5 touches the
    king's kingdom and player 1's kingdom; once the king is lifted, its old kingdom is a
    territory, so the king may move there, while placing another leader there breaks
    LEADER-8."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  .  r  1R
        """
    )
    rejected(state, tr.PlaceLeader(GREEN, "g5"), "LEADER-8")
    move = tr.PlaceLeader(BLACK, "g5")
    assert move in tr.legal_actions(state)
    after, events = tr.step(state, move)
    assert events == (LeaderMoved(0, BLACK, "e5", "g5"),)
    assert after.leader_square(0, BLACK) == "g5"
    assert cell(after, "e5") == EMPTY
    assert same_region(after, "f5", "g5", "i5")
    assert after.pending is None


def test_leader_3_lifting_can_make_target_illegal() -> None:
    """LEADER-3 (D7): the king on g5 links two halves of a kingdom. Lifted, it leaves two
    kingdoms that both touch g4, so it may not move there (LEADER-8), although another
    leader may be placed on g4, which touches one kingdom."""
    state = position(
        """
             e  f  g  h  i
          4  .  r  .  r  .
          5  0R r  0K r  1B
        """
    )
    rejected(state, tr.PlaceLeader(BLACK, "g4"), "LEADER-8")
    assert tr.PlaceLeader(GREEN, "g4") in tr.legal_actions(state)


def test_leader_3_lifting_splits_the_region_around_a_target_it_surrounds() -> None:
    """LEADER-3 (D7), LEADER-8: f4's four neighbours all belong to the king's region, which
    only the king on g3 holds together. Lifted, it leaves two kingdoms (the priest's and the
    trader's), both beside f4, so the king may not move there; placed from supply, the
    priest of seat 0 would touch a single kingdom there."""
    state = position(
        """
             e  f  g
          3  1R r  0K
          4  k  .  r
          5  .  k  1G
        """
    )
    rejected(state, tr.PlaceLeader(BLACK, "f4"), "LEADER-8")
    assert tr.PlaceLeader(BLACK, "f4") not in list(tr.legal_actions(state))
    assert tr.PlaceLeader(RED, "f4") in list(tr.legal_actions(state))


# --- LEADER-4: withdraw ----------------------------------------------------------------------


def test_leader_4_withdraw_needs_leader_on_board() -> None:
    """LEADER-4: a leader in supply cannot be withdrawn."""
    state = position(
        """
             f  g
          5  r  0K
        """
    )
    rejected(state, tr.WithdrawLeader(RED), "LEADER-4")


def test_leader_4_withdraw_returns_to_supply_without_vp_or_conflict() -> None:
    """LEADER-4: withdrawing returns the leader to supply with no VP and no conflict, even
    when it splits the kingdom in two."""
    state = position(
        """
             d  e  f  g  h
          5  0R r  0K r  1B
        """,
        scores={0: (1, 2, 3, 4)},
    )
    action = tr.WithdrawLeader(BLACK)
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events == (LeaderWithdrawn(0, BLACK, "f5"),)
    assert after.leader_square(0, BLACK) is None
    assert cell(after, "f5") == EMPTY
    assert after.scores == state.scores
    assert after.pending is None
    assert after.actions_taken == 1


# --- LEADER-5..LEADER-8: the target ----------------------------------------------------------


@pytest.mark.parametrize("token", ["k", "r", "g", "#", "Z", "X", "1K", "0R"])
def test_leader_5_target_must_be_empty(token: str) -> None:
    """LEADER-5: a leader may not go on a tile, a flipped tile, a ziggurat square, a
    catastrophe or another leader (its own included)."""
    state = position(
        f"""
             f  g
          5  r  {token}
        """,
        config=ZIGGURAT if token == "Z" else None,
    )
    rejected(state, tr.PlaceLeader(BLACK, "g5"), "LEADER-5")


def test_leader_5_target_occupied_also_for_a_move() -> None:
    """LEADER-5: moving a leader onto a tile is rejected too."""
    state = position(
        """
             e  f  g
          5  0K r  k
        """
    )
    rejected(state, tr.PlaceLeader(BLACK, "g5"), "LEADER-5")


def test_leader_6_target_not_river() -> None:
    """LEADER-6: d4 is an empty river square next to the temple on d5."""
    state = position(
        """
             c  d
          4  ~  ~
          5  .  r
        """
    )
    rejected(state, tr.PlaceLeader(BLACK, "d4"), "LEADER-6")
    assert tr.PlaceLeader(BLACK, "c5") in tr.legal_actions(state)


@pytest.mark.parametrize(
    "diagram",
    [
        # no tile around at all
        """
             f  g  h
          5  .  .  .
        """,
        # a temple only diagonally adjacent (CONV-2)
        """
             f  g  h
          5  .  .  .
          6  .  .  r
        """,
        # adjacent to tiles of other colours only
        """
             f  g  h
          4  .  k  .
          5  k  .  g
        """,
        # adjacent only to a flipped tile and a ziggurat square (CONV-10)
        """
             f  g  h
          5  #  .  Z
        """,
    ],
)
def test_leader_7_target_adjacent_to_temple(diagram: str) -> None:
    """LEADER-7: g5 has no orthogonally adjacent face-up red tile."""
    state = position(diagram, config=ZIGGURAT if "Z" in diagram else None)
    rejected(state, tr.PlaceLeader(BLACK, "g5"), "LEADER-7")


def test_leader_7_flipped_red_tiles_are_no_temples() -> None:
    """LEADER-7, CONV-10: red tiles turned face down under a monument are not temples."""
    state = position(monuments={tr.Monument.RED_BLUE: "f5"})
    rejected(state, tr.PlaceLeader(BLACK, "h5"), "LEADER-7")


def test_leader_8_target_not_adjacent_to_two_kingdoms() -> None:
    """LEADER-8: g5 touches player 1's two kingdoms."""
    state = position(
        """
             e  f  g  h  i
          5  1K r  .  r  1R
        """
    )
    rejected(state, tr.PlaceLeader(GREEN, "g5"), "LEADER-8")
    assert not any(
        isinstance(a, tr.PlaceLeader) and a.square == "g5" for a in tr.legal_actions(state)
    )


def test_leader_8_own_kingdoms_count_too() -> None:
    """LEADER-8: the two kingdoms may both hold the active player's leaders."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  .  r  0R
        """
    )
    rejected(state, tr.PlaceLeader(GREEN, "g5"), "LEADER-8")


def test_leader_8_one_kingdom_on_two_sides_plus_territories_joins_all() -> None:
    """LEADER-8 (D17): g5 touches one kingdom on two sides and two territories; the leader
    may go there and joins them all into one kingdom."""
    state = position(
        """
             e  f  g  h
          4  .  r  r  .
          5  1K r  .  r
          6  .  .  k  .
        """
    )
    action = tr.PlaceLeader(GREEN, "g5")
    assert action in tr.legal_actions(state)
    after = play(state, action)
    assert after.pending is None
    assert same_region(after, "e5", "g5", "h5", "g6", "g4")
    regions = regions_of(after)
    label = regions.label[square_index("g5")]
    assert sorted(regions.leaders[label]) == [4 * 0 + GREEN.index, 4 * 1 + BLACK.index]


# --- LEADER-5..LEADER-8: the generated list of leader targets ----------------------------------


def leader_targets(state: GameState, color: tr.Color) -> set[str]:
    """The squares the listed leader actions of ``color`` name; checked against the squares
    the rule checks accept, so that the list and the checks agree (CONV-17)."""
    actions = tr.legal_actions(state)
    listed = {a.square for a in actions if isinstance(a, tr.PlaceLeader) and a.color is color}
    accepted = {s for s in SQUARE_NAMES if tr.PlaceLeader(color, s) in actions}
    assert listed == accepted
    return listed


def test_leader_5_to_8_supply_targets_listed_exactly() -> None:
    """LEADER-5..LEADER-8: from the supply, a leader may go on an empty land square next to a
    temple and next to at most one kingdom: the corner squares b1 and a2 beside a lone temple
    (a territory), g5, h7, i5, i7 beside one kingdom, f7 beside one kingdom on two sides; not
    h6 between two kingdoms, nor the river square g8."""
    state = position(
        """
             a  b  c  d  e  f  g  h  i  j
          1  r  .  .  .  ~  ~  ~  ~  ~  .
          5  .  .  .  .  .  .  .  .  .  .
          6  .  .  .  .  .  1K r  .  r  1R
          7  ~  ~  ~  ~  .  .  r  .  .  .
        """
    )
    expected = {"b1", "a2", "g5", "f7", "h7", "i5", "i7"}
    for color in tr.COLORS:
        assert leader_targets(state, color) == expected


def test_leader_8_move_next_to_its_former_territory_and_another_kingdom() -> None:
    """LEADER-8 (D7), seat 1 active: lifted from g5, player 1's king leaves the temple f5 a
    territory, so f6 touches only player 0's kingdom and is a legal move; from the supply f6
    touches two kingdoms and is not."""
    state = position(
        """
             e  f  g  h
          4  .  .  .  .
          5  .  r  1K .
          6  .  .  .  .
          7  .  r  0K .
        """,
        active=1,
    )
    assert leader_targets(state, BLACK) == {"f4", "e5", "f6", "e7"}
    for color in (RED, BLUE, GREEN):
        assert leader_targets(state, color) == {"f4", "e5", "e7"}


def test_leader_8_move_out_of_a_kingdom_that_splits_in_two() -> None:
    """LEADER-8 (D7): lifted from g5, the king splits his kingdom into two, one with player
    1's priest and one with his trader. g6 touches both and is no move target, though a
    leader from the supply may go there; the other squares beside the two halves, and the
    corner squares beside the lone temple a1, are move targets."""
    state = position(
        """
             a  b  c  d  e  f  g  h  i
          1  r  .  .  .  ~  ~  ~  ~  ~
          4  ~  ~  ~  ~  .  .  .  .  .
          5  .  .  .  .  1R r  0K r  1G
          6  .  .  .  .  .  r  .  r  .
        """
    )
    near = {"b1", "a2", "f4", "h4", "e6", "f7", "h7", "i6"}
    assert leader_targets(state, BLACK) == near
    for color in (RED, BLUE, GREEN):
        assert leader_targets(state, color) == near | {"g6"}


def test_leader_8_move_within_a_kingdom_with_a_second_leader() -> None:
    """LEADER-8 (D7): player 0's priest and king share the kingdom e4-g4; player 1's kingdom
    e6-h6 lies below. Moving one of the two, the other keeps the kingdom: a square beside
    what remains of it and beside player 1's kingdom is no target, a square beside only the
    lifted leader's square and player 1's kingdom is (g5 for the king, e5 for the priest)."""
    state = position(
        """
             d  e  f  g  h
          4  ~  0R r  0K .
          5  .  .  .  .  .
          6  .  r  r  r  1K
        """
    )
    apart = {"f3", "d6", "e7", "f7", "g7"}
    assert leader_targets(state, BLACK) == apart | {"g5"}
    assert leader_targets(state, RED) == apart | {"e5"}
    assert leader_targets(state, BLUE) == apart
    assert leader_targets(state, GREEN) == apart


# --- LEADER-9, LEADER-10 -------------------------------------------------------------------


def test_leader_9_placing_or_moving_never_scores() -> None:
    """LEADER-9: neither placing a leader next to many tiles nor moving it scores."""
    state = position(
        """
             e  f  g  h
          4  .  g  r  .
          5  k  r  .  r
          6  .  k  k  g
        """
    )
    after, events = tr.step(state, tr.PlaceLeader(BLACK, "g5"))
    assert not any(isinstance(e, PointsScored) for e in events)
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))
    after, events = tr.step(after, tr.PlaceLeader(BLACK, "h4"))
    assert events[0] == LeaderMoved(0, BLACK, "g5", "h4")
    assert not any(isinstance(e, PointsScored) for e in events)
    assert after.leader_square(0, BLACK) == "h4"
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_leader_10_withdrawn_leader_placed_again_on_same_square() -> None:
    """LEADER-10: a leader withdrawn by the first action may be placed again by the second,
    even on the square it left."""
    state = position(
        """
             f  g
          5  r  0K
        """
    )
    state = play(state, tr.WithdrawLeader(BLACK))
    again = tr.PlaceLeader(BLACK, "g5")
    assert again in tr.legal_actions(state)
    after, events = tr.step(state, again)
    assert events[0] == LeaderPlaced(0, BLACK, "g5")
    assert after.leader_square(0, BLACK) == "g5"
    assert after.turn == 1 or after.over  # the second action ended the turn


def test_leader_10_leader_lost_in_revolt_placed_again_same_turn() -> None:
    """LEADER-10: a king that lost a revolt in the first action returns to the square it
    left in the second action (and starts a new revolt)."""
    state = position(
        """
             f  g  h
          5  r  .  1K
          6  .  r  r
        """,
        hands={0: "r", 1: "rr"},
    )
    state = play(state, tr.PlaceLeader(BLACK, "g5"), tr.CommitSupport(0), tr.CommitSupport(1))
    assert state.leader_square(0, BLACK) is None
    assert state.actions_taken == 1
    assert state.pending is None
    again = tr.PlaceLeader(BLACK, "g5")
    assert again in tr.legal_actions(state)
    after = play(state, again)
    assert after.leader_square(0, BLACK) == "g5"
    assert isinstance(after.pending, tr.CommitDecision)
    assert after.pending.player == 0


# --- LEADER-11: temple loss ------------------------------------------------------------------


def test_leader_11a_leader_without_temple_returns_at_once() -> None:
    """LEADER-11(a): the catastrophe destroys the only temple next to player 1's priest; it
    returns to supply. The king still has the temple on e4 and stays."""
    state = position(
        """
             e  f  g
          4  r  .  .
          5  0K r  1R
        """
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("f5"))
    assert after.leader_square(1, RED) is None
    assert cell(after, "g5") == EMPTY
    assert after.leader_square(0, BLACK) == "e5"
    assert LeaderReturned(1, RED, "g5", "temple loss") in events
    assert not any(isinstance(e, LeaderReturned) and e.square == "e5" for e in events)


def test_leader_11b_checked_right_after_catastrophe() -> None:
    """LEADER-11(b): the check runs right after the catastrophe is placed, within the same
    action (the leader is gone before the next action)."""
    state = position(
        """
             f  g
          5  r  0G
        """
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("f5"))
    assert isinstance(events[0], CatastrophePlaced)
    assert events[1] == LeaderReturned(0, GREEN, "g5", "temple loss")
    assert after.leader_square(0, GREEN) is None
    assert after.pending is None
    assert after.actions_taken == 1


def test_leader_11b_checked_after_monument() -> None:
    """LEADER-11(b), MON-9: building a monument on a red block flips the temples; the
    priest on h5 (touching only g5) leaves; player 1's king keeps the temple on d5."""
    state = position(
        """
             d  e  f  g  h
          5  r  1K r  r  0R
          6  .  .  r  .  .
        """,
        hands={0: "r"},
    )
    state = play(state, tr.PlaceTile(RED, "g6"))
    assert isinstance(state.pending, tr.StructureDecision)
    assert state.leader_square(0, RED) == "h5"
    after, events = tr.step(state, tr.BuildMonument(tr.Monument.RED_BLUE, "f5"))
    assert events[0] == MonumentBuilt(0, tr.Monument.RED_BLUE, "f5")
    assert LeaderReturned(0, RED, "h5", "temple loss") in events
    assert after.leader_square(0, RED) is None
    assert cell(after, "h5") == EMPTY
    assert cell(after, "g5") == FLIPPED
    assert after.leader_square(1, BLACK) == "e5"


def test_leader_11c_all_leaders_losing_last_temple_leave_together() -> None:
    """LEADER-11(c): the temple on f5 is the last temple of three leaders of two players;
    the catastrophe sends all three back in the same action."""
    state = position(
        """
             e  f  g
          4  .  .  .
          5  0K r  1R
          6  .  1G .
        """
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("f5"))
    returned = {e for e in events if isinstance(e, LeaderReturned)}
    assert returned == {
        LeaderReturned(0, BLACK, "e5", "temple loss"),
        LeaderReturned(1, RED, "g5", "temple loss"),
        LeaderReturned(1, GREEN, "f6", "temple loss"),
    }
    assert after.leaders == tuple([-1] * 8)
    assert cell(after, "f5") == CATASTROPHE


def test_leader_11d_temple_loss_scores_nothing() -> None:
    """LEADER-11(d): nobody scores when leaders return through temple loss."""
    state = position(
        """
             e  f  g
          5  0K r  1R
        """,
        scores={0: (2, 2, 2, 2), 1: (1, 1, 1, 1)},
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("f5"))
    assert after.leader_square(0, BLACK) is None
    assert after.leader_square(1, RED) is None
    assert not any(isinstance(e, PointsScored) for e in events)
    assert after.scores == ((2, 2, 2, 2), (1, 1, 1, 1))


# --- LEADER-12 -------------------------------------------------------------------------------


def test_leader_12_catastrophe_split_keeps_leaders_with_temples() -> None:
    """LEADER-12: a catastrophe splitting a kingdom removes no leader that keeps a temple."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  k  r  1R
        """
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("g5"))
    assert not any(isinstance(e, LeaderReturned) for e in events)
    assert after.leader_square(0, BLACK) == "e5"
    assert after.leader_square(1, RED) == "i5"


def test_leader_12_war_removes_only_the_losing_leader() -> None:
    """LEADER-12: a black war sends only the losing king home; the loser's priest and the
    winner's farmer stay on the board, as does every leader after a tile placement."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  .  r  1K
          6  0R r  .  r  1B
        """,
        hands={0: "k"},
    )
    after = play(state, tr.PlaceTile(BLACK, "g5"), tr.CommitSupport(0), tr.CommitSupport(0))
    assert after.pending is None
    assert after.leader_square(0, BLACK) is None  # lost the tie as attacker
    assert after.leader_square(1, BLACK) == "i5"
    assert after.leader_square(0, RED) == "e6"
    assert after.leader_square(1, BLUE) == "i6"


def test_leader_12_revolt_loser_only_leaves() -> None:
    """LEADER-12, REVOLT-8: after a revolt only the loser's leader leaves; the attacker's
    other leader in the kingdom stays."""
    state = position(
        """
             e  f  g  h
          5  0R r  .  r
          6  .  r  r  1K
        """,
        hands={0: "rr"},
    )
    after = play(state, tr.PlaceLeader(BLACK, "g5"), tr.CommitSupport(0), tr.CommitSupport(0))
    assert after.leader_square(0, BLACK) == "g5"  # 3 temples beat 2
    assert after.leader_square(1, BLACK) is None
    assert after.leader_square(0, RED) == "e5"
    assert after.score(0)[RED] == 1
    assert after.score(1) == dict.fromkeys(tr.COLORS, 0)


def test_leader_12_moved_leader_leaves_its_square() -> None:
    """LEADER-12 with LEADER-3: a move is one of the ways a leader leaves a square; it
    stays on the board."""
    state = position(
        """
             f  g  h
          5  r  0B .
          6  .  .  r
        """
    )
    after = play(state, tr.PlaceLeader(BLUE, "h5"))
    assert after.leader_square(0, BLUE) == "h5"
    assert cell(after, "g5") == EMPTY


def test_leader_3_to_8_rejections_name_the_leader_and_the_square() -> None:
    """LEADER-3..LEADER-8: each rejection of a leader action says why, naming the target
    square (and the leader, for LEADER-3 and LEADER-4)."""
    state = position(
        """
             d  e  f  g  h  i
          3  .  .  .  .  .  .
          4  ~  .  .  .  .  .
          5  r  0K r  .  r  1R
        """
    )
    expected: dict[tr.Action, tuple[str, str]] = {
        tr.PlaceLeader(BLACK, "e5"): ("LEADER-3", "your king already stands on e5"),
        tr.WithdrawLeader(RED): ("LEADER-4", "your priest is not on the board"),
        tr.PlaceLeader(GREEN, "f5"): ("LEADER-5", "f5 is not empty"),
        tr.PlaceLeader(GREEN, "d4"): ("LEADER-6", "d4 is a river square"),
        tr.PlaceLeader(GREEN, "g3"): ("LEADER-7", "g3 is not adjacent to a temple"),
        tr.PlaceLeader(GREEN, "g5"): ("LEADER-8", "g5 is adjacent to two kingdoms"),
    }
    rejected_with_reasons(state, expected)


def test_leader_4_withdrawal_after_a_tried_move_from_the_same_state() -> None:
    """LEADER-4, LEADER-8 (D7): moving the king from e5 to h6 and, from the same state,
    withdrawing it instead are independent: after the withdrawal the territory around h7
    is no kingdom, so the king may go from supply to i7, which touches only player 1's
    kingdom."""
    state = position(
        """
             e  f  g  h  i  j  k
          5  0K r  .  .  .  .  .
          6  .  .  .  .  .  .  .
          7  .  .  .  r  .  1R r
        """
    )
    moved = tr.apply(state, tr.PlaceLeader(BLACK, "h6"))
    assert moved.leader_square(0, BLACK) == "h6"
    withdrawn = tr.apply(state, tr.WithdrawLeader(BLACK))
    assert withdrawn.leader_square(0, BLACK) is None
    place = tr.PlaceLeader(BLACK, "i7")
    assert place in tr.legal_actions(withdrawn)
    after = tr.apply(withdrawn, place)
    assert after.leader_square(0, BLACK) == "i7"
    assert same_region(after, "h7", "i7", "j7", "k7")
