"""Scenario tests for the conventions of RULES.md §0 (CONV-1..CONV-19)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected, with_ziggurat
from tigris_rules import (
    COLORS,
    BuildMonument,
    ChooseColor,
    Color,
    CommitDecision,
    CommitSupport,
    ConfigError,
    Decline,
    EndTurn,
    GameConfig,
    InvalidActionError,
    KeepTreasure,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    WithdrawLeader,
)
from tigris_rules.model.actions import ChooseConflict
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER
from tigris_rules.model.events import (
    PointsScored,
    ScoreCause,
    TilePlaced,
    TilesSwapped,
    TreasureTaken,
    TurnEnded,
)
from tigris_rules.model.squares import SQUARE_NAMES, square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position
from tigris_rules.render.text import DYNASTIES, render_result
from tigris_rules.rules.setup import deal_from_seed

BLACK, RED, BLUE, GREEN = Color.BLACK, Color.RED, Color.BLUE, Color.GREEN


def cell(state: GameState, name: str) -> int:
    """The cell code of square ``name``."""
    return state.cells[square_index(name)]


def with_spare_treasures(state: GameState) -> GameState:
    """``state`` with three lone temples carrying treasures on a11, c11 and e11, so that the
    treasure end (END-1) does not end the game at the end of a turn."""
    cells = list(state.cells)
    spare = [square_index(name) for name in ("a11", "c11", "e11")]
    for square in spare:
        cells[square] = RED.index
    return attrs.evolve(state, cells=tuple(cells), treasures=state.treasures | set(spare))


def refused(state: GameState, action: tr.Action, rule: str, player: int) -> None:
    """Assert that ``player`` may not send ``action``, though the player to move may."""
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, action, player)
    assert info.value.rule == rule, info.value


def points(events: tuple[tr.Event, ...]) -> list[PointsScored]:
    return [e for e in events if isinstance(e, PointsScored)]


# --- CONV-1 --------------------------------------------------------------------------------


def test_conv_1_square_names_run_from_a1_top_left_to_p11_bottom_right() -> None:
    """CONV-1: columns a..p left to right, rows 1..11 top to bottom; a1 top-left, p11
    bottom-right. The river squares of the classic board sit where these names say."""
    assert square_index("a1") == 0
    assert square_index("b1") == 1
    assert square_index("a2") == 16
    assert square_index("p11") == 175
    assert len(SQUARE_NAMES) == 176
    state = position("", hands={0: "kkbb"})
    # e1 (row 1, fifth column) and a4 (row 4, first column) are river squares; a1 and p11 land.
    rejected(state, PlaceTile(BLACK, "e1"), "TILE-4")
    rejected(state, PlaceTile(BLACK, "a4"), "TILE-4")
    rejected(state, PlaceTile(BLUE, "a1"), "TILE-3")
    rejected(state, PlaceTile(BLUE, "p11"), "TILE-3")
    after = play(state, PlaceTile(BLUE, "e1"), PlaceTile(BLACK, "p11"))
    assert cell(after, "e1") == BLUE.index
    assert cell(after, "p11") == BLACK.index
    assert after.cells[175] == BLACK.index


@pytest.mark.parametrize("name", ["A1", "q1", "a0", "a12", "p12", "a 1", "", "1a", "aa1"])
def test_conv_1_any_other_square_name_is_malformed(name: str) -> None:
    """CONV-1: names are lower case a1..p11; any other name is malformed (CONV-19)."""
    state = position("", hands={0: "k"})
    with pytest.raises(InvalidActionError) as info:
        tr.apply(state, PlaceTile(BLACK, name))
    assert info.value.field == "square"


# --- CONV-2 --------------------------------------------------------------------------------


def test_conv_2_diagonal_squares_are_never_adjacent() -> None:
    """CONV-2: a temple diagonal to a square does not make it adjacent to a temple, and a tile
    diagonal to a kingdom does not join it."""
    state = position(
        """
            f  g  h
         4  .  .  .
         5  0K .  .
         6  r  .  .
        """,
        hands={0: "kkr"},
    )
    # The temple f6 is diagonal to g5 and e7; g6 shares a side with it.
    rejected(state, PlaceLeader(RED, "g5"), "LEADER-7")
    rejected(state, PlaceLeader(RED, "e7"), "LEADER-7")  # diagonal to f6
    after, events = tr.step(state, PlaceLeader(RED, "g6"))
    assert after.leader_square(0, RED) == "g6"
    # g4 is diagonal to the king on f5: no kingdom adjacent, no VP.
    state2 = position(
        """
            f  g
         4  .  .
         5  0K .
         6  r  .
        """,
        hands={0: "kk"},
    )
    _, events = tr.step(state2, PlaceTile(BLACK, "g4"))
    assert points(events) == []
    _, events = tr.step(state2, PlaceTile(BLACK, "g6"))  # shares a side with f6
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]


# --- CONV-3 --------------------------------------------------------------------------------


def test_conv_3_canonical_colour_order_and_piece_names() -> None:
    """CONV-3: black, red, blue, green; settlement/temple/farm/market tiles and
    king/priest/farmer/trader leaders."""
    assert COLORS == (BLACK, RED, BLUE, GREEN)
    assert [c.index for c in COLORS] == [0, 1, 2, 3]
    assert [c.tile_name for c in COLORS] == ["settlement", "temple", "farm", "market"]
    assert [c.leader_name for c in COLORS] == ["king", "priest", "farmer", "trader"]
    assert [f.name for f in attrs.fields(SwapTiles)] == ["black", "red", "blue", "green"]
    assert Monument.RED_BLUE.colors == (RED, BLUE)
    state = position("", hands={0: "gbrk"})
    assert state.hands[0] == (1, 1, 1, 1)
    assert list(state.hand(0)) == [BLACK, RED, BLUE, GREEN]


def test_conv_3_leader_colours_follow_canonical_order() -> None:
    """CONV-3: the black leader is the king, the green one the trader; a placed leader is
    found under its colour."""
    state = position(
        """
            f  g  h
         5  .  r  .
         6  .  .  .
        """
    )
    after = play(state, PlaceLeader(BLACK, "f5"), PlaceLeader(GREEN, "h5"))
    assert after.leader_square(0, BLACK) == "f5"
    assert after.leader_square(0, GREEN) == "h5"
    assert after.leader_square(0, RED) is None
    assert after.leaders[0] == square_index("f5")
    assert after.leaders[3] == square_index("h5")


# --- CONV-4 --------------------------------------------------------------------------------


def test_conv_4_turns_go_clockwise_seat_p_to_p_plus_1_mod_n() -> None:
    """CONV-4: seats 0..n-1; the next seat clockwise after p is (p + 1) mod n."""
    state = tr.new_game(GameConfig(players=4), seed=11)
    order = [state.active]
    for _ in range(5):
        state, events = tr.step(state, EndTurn())
        ended = [e for e in events if isinstance(e, TurnEnded)]
        assert ended == [TurnEnded(order[-1], (order[-1] + 1) % 4)]
        order.append(state.active)
    assert order == [0, 1, 2, 3, 0, 1]


def test_conv_4_dynasty_labels_are_distinct_and_have_no_rule_effect() -> None:
    """CONV-4: seat i has the i-th dynasty label (archer, bull, lion, urn); the labels only
    name the seats."""
    assert DYNASTIES == ("archer", "bull", "lion", "urn")
    state = attrs.evolve(
        position("", players=3, scores={0: (1, 1, 1, 1), 1: (1, 1, 1, 1), 2: (1, 1, 1, 1)}),
        over=True,
    )
    text = render_result(state)
    for label in ("archer", "bull", "lion"):
        assert label in text
    assert "urn" not in text
    # Identical vectors share first place whatever the labels.
    assert tr.result(state).winners == (0, 1, 2)


# --- CONV-5 --------------------------------------------------------------------------------


def test_conv_5_treasure_on_a_flipped_tile_and_the_monument_is_named() -> None:
    """CONV-5: a square holds one thing; a treasure may lie on a flipped tile, and the state
    says which monument stands on which four squares."""
    state = position(
        """
            f  g  h
         5  0K r  r
         6  r  r* .
        """,
        hands={0: "r"},
    )
    after = play(state, PlaceTile(RED, "h6"))
    assert isinstance(after.pending, tr.StructureDecision)
    after = play(after, BuildMonument(Monument.RED_BLUE, "g5"))
    for name in ("g5", "h5", "g6", "h6"):
        assert cell(after, name) == FLIPPED
    assert square_index("g6") in after.treasures
    assert after.monuments[Monument.RED_BLUE.index] == square_index("g5")
    assert all(after.monuments[m.index] == -1 for m in Monument if m is not Monument.RED_BLUE)
    assert cell(after, "f5") == LEADER
    assert cell(after, "f6") == RED.index


# --- CONV-6 --------------------------------------------------------------------------------


def test_conv_6_empty_means_no_tile_catastrophe_or_leader_and_rivers_can_be_empty() -> None:
    """CONV-6: a catastrophe, a flipped tile, a tile or a leader make a square non-empty; an
    empty river square takes a tile."""
    state = position(
        """
            f  g  h  i  j
         5  X  #  0K r  k
         6  .  .  .  .  .
        """,
        hands={0: "kb"},
    )
    for name in ("f5", "g5", "h5", "i5", "j5"):
        rejected(state, PlaceTile(BLACK, name), "TILE-2")
        rejected(state, PlaceLeader(RED, name), "LEADER-5")
    # e2 is an empty river square.
    assert cell(state, "e2") == EMPTY
    after = play(state, PlaceTile(BLUE, "e2"))
    assert cell(after, "e2") == BLUE.index


# --- CONV-7 --------------------------------------------------------------------------------


def test_conv_7_flipped_tiles_link_and_catastrophes_do_not() -> None:
    """CONV-7: flipped tiles are occupied and link regions; a catastrophe is not occupied."""
    linked = position(
        """
            f  g  h  i
         5  0K .  .  .
         6  r  .  .  .
        """,
        hands={0: "k"},
        monuments={Monument.BLUE_GREEN: "g5"},
    )
    _, events = tr.step(linked, PlaceTile(BLACK, "i5"))
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]
    cut = position(
        """
            f  g  h
         5  0K X  .
         6  r  .  .
        """,
        hands={0: "k"},
    )
    _, events = tr.step(cut, PlaceTile(BLACK, "h5"))
    assert points(events) == []


def test_conv_7_river_and_land_squares_connect_alike() -> None:
    """CONV-7: a tile on a river square links the land squares beside it."""
    state = position(
        """
            d  e  f
         2  .  ~  0K
         3  .  .  r
        """,
        hands={0: "kb"},
    )
    after, events = tr.step(state, PlaceTile(BLUE, "e2"))
    assert points(events) == [PointsScored(0, BLUE, 1, ScoreCause.PLACEMENT)]
    _, events = tr.step(after, PlaceTile(BLACK, "d2"))
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]


# --- CONV-8 --------------------------------------------------------------------------------


def test_conv_8_leaders_link_like_tiles_and_regions_follow_the_board() -> None:
    """CONV-8: a tile touching only a leader joins the leader's region; once the leader is
    withdrawn the same tile joins nothing."""
    state = position(
        """
            f  g  h
         5  r  0K .
        """,
        hands={0: "kk"},
    )
    _, events = tr.step(state, PlaceTile(BLACK, "h5"))
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]
    after = play(state, WithdrawLeader(BLACK))
    _, events = tr.step(after, PlaceTile(BLACK, "h5"))
    assert points(events) == []


# --- CONV-9 --------------------------------------------------------------------------------


def test_conv_9_a_kingdom_may_hold_leaders_of_several_players() -> None:
    """CONV-9: one region with seat 0's king and seat 1's priest is one kingdom: a tile beside
    it is not a unification, and its VP go to the matching leader's owner."""
    state = position(
        """
            f  g  h  i
         5  0K r  1R .
         6  .  .  .  .
        """,
        hands={0: "rk"},
    )
    _, events = tr.step(state, PlaceTile(RED, "i5"))
    assert points(events) == [PointsScored(1, RED, 1, ScoreCause.PLACEMENT)]
    placed = [e for e in events if isinstance(e, TilePlaced)]
    assert placed == [TilePlaced(0, RED, "i5", unification=False)]
    _, events = tr.step(state, PlaceTile(BLACK, "f6"))
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]


def test_conv_9_a_territory_has_no_leader_and_scores_nothing() -> None:
    """CONV-9: a region with no leader is a territory; a tile joining it scores nothing."""
    state = position(
        """
            j  k  l
         5  .  .  .
         6  .  r  g
        """,
        hands={0: "g"},
    )
    after, events = tr.step(state, PlaceTile(GREEN, "k5"))
    assert points(events) == []
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))
    assert after.pending is None


# --- CONV-10 -------------------------------------------------------------------------------


def test_conv_10_start_temples_are_temples() -> None:
    """CONV-10: the start temples are temples: a leader may stand beside one."""
    state = tr.new_game(GameConfig(players=2), seed=3)
    after = play(state, PlaceLeader(BLACK, "g3"))  # beside the start temple f3
    assert after.leader_square(0, BLACK) == "g3"


def test_conv_10_flipped_red_tiles_are_not_temples() -> None:
    """CONV-10: a flipped red tile is not a temple: no leader may go beside only that, and a
    leader whose last temple is flipped leaves (LEADER-11)."""
    state = position(
        """
            e  f  g  h
         5  .  0K r  r
         6  .  .  r  .
        """,
        hands={0: "r"},
    )
    after = play(state, PlaceTile(RED, "h6"), BuildMonument(Monument.BLACK_RED, "g5"))
    assert after.leader_square(0, BLACK) is None
    assert cell(after, "f5") == EMPTY
    flipped_only = position(
        """
            f  g  h
         5  .  .  .
         6  .  .  k
        """,
        monuments={Monument.BLACK_RED: "g4"},
    )
    rejected(flipped_only, PlaceLeader(RED, "f5"), "LEADER-7")  # beside flipped g5 only
    rejected(flipped_only, PlaceLeader(RED, "h7"), "LEADER-7")  # beside a black tile only


# --- CONV-11 -------------------------------------------------------------------------------


def test_conv_11_a_kingdom_touched_on_two_sides_counts_once() -> None:
    """CONV-11: the number of adjacent kingdoms counts distinct kingdoms: a square touching
    one kingdom on two sides is adjacent to one kingdom."""
    state = position(
        """
            f  g  h
         5  0K r  .
         6  r  .  .
        """,
        hands={0: "k"},
    )
    _, events = tr.step(state, PlaceTile(BLACK, "g6"))
    assert [e for e in events if isinstance(e, TilePlaced)] == [
        TilePlaced(0, BLACK, "g6", unification=False)
    ]
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]
    after = play(state, PlaceLeader(RED, "g6"))
    assert after.leader_square(0, RED) == "g6"


def test_conv_11_a_monument_is_in_a_kingdom_by_any_of_its_squares() -> None:
    """CONV-11: a monument uses its four squares: a king touching only its bottom-right
    square is in its kingdom and earns monument income (MON-11)."""
    state = position(
        """
            f  g  h  i
         5  .  .  .  .
         6  .  .  .  .
         7  .  .  0K r
        """,
        monuments={Monument.BLACK_RED: "f5"},
    )
    # Flipped f5, g5, f6, g6; the king on h7 touches none of them: no income.
    _, events = tr.step(state, EndTurn())
    assert points(events) == []
    touching = position(
        """
            f  g  h  i
         5  .  .  .  .
         6  .  .  0K r
        """,
        monuments={Monument.BLACK_RED: "f5"},
    )
    _, events = tr.step(touching, EndTurn())
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.MONUMENT)]


# --- CONV-12 -------------------------------------------------------------------------------


def test_conv_12_pieces_that_leave_the_game_never_return_to_the_bag() -> None:
    """CONV-12: swapped tiles and a tile under a catastrophe leave the game; the bag never
    gets them back."""
    state = with_spare_treasures(
        position(
            """
            f  g
         5  g  .
        """,
            hands={0: "rrrggg", 1: "rrrrrr"},
            bag="kkkkkkkkkkkk",
        )
    )
    after = play(state, SwapTiles(red=3))
    assert after.out_of_game == (0, 3, 0, 0)
    assert after.hands[0] == (3, 0, 0, 3)
    assert after.bag == state.bag
    assert after.bag_pos == 3
    after = play(after, PlaceCatastrophe("f5"))
    assert after.out_of_game == (0, 3, 0, 1)
    assert cell(after, "f5") == CATASTROPHE
    # End of turn: seat 0 holds 6 and draws nothing; the bag holds no discarded tile.
    assert after.bag == state.bag
    assert after.bag_pos == 3
    assert after.active == 1
    after = play(after, SwapTiles(red=6))
    assert after.hands[1] == (6, 0, 0, 0)
    assert after.out_of_game == (0, 9, 0, 1)
    assert after.bag == state.bag
    assert after.bag_pos == 9


# --- CONV-13 -------------------------------------------------------------------------------


def test_conv_13_vp_never_decrease_and_treasures_are_counted_apart() -> None:
    """CONV-13: losing a revolt costs no VP; a treasure taken adds to the treasure count, not
    to any colour."""
    state = position(
        """
            f  g  h  i
         5  r* 1G .  r*
         6  r  r  r  .
        """,
        hands={0: "r", 1: ""},
        scores={0: (2, 3, 4, 5), 1: (1, 1, 1, 1)},
    )
    after = play(state, PlaceLeader(GREEN, "h5"), CommitSupport(1), CommitSupport(0))
    # Attacker 2 + 1 beats defender 2: the loser keeps every VP, the winner gains 1 red.
    assert after.scores == ((2, 4, 4, 5), (1, 1, 1, 1))
    assert isinstance(after.pending, tr.TreasureDecision)
    after = play(after, KeepTreasure("i5"))
    assert after.treasures_held == (1, 0)
    assert after.scores == ((2, 4, 4, 5), (1, 1, 1, 1))


# --- CONV-14 -------------------------------------------------------------------------------


def test_conv_14_vp_gains_and_treasures_taken_are_reported_when_they_happen() -> None:
    """CONV-14: (b) every VP gain says player, colour, amount and cause; every treasure taken
    says taker and square."""
    state = position(
        """
            a  b  c
         2  .  r* .
         3  .  r* 0K
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, PlaceLeader(GREEN, "a2"))
    assert [e for e in events if isinstance(e, TreasureTaken)] == [TreasureTaken(0, "b2")]
    _, events = tr.step(after, PlaceTile(BLACK, "c2"))
    assert points(events) == [PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)]
    assert [f.name for f in attrs.fields(PointsScored)] == ["player", "color", "amount", "cause"]
    assert [f.name for f in attrs.fields(TreasureTaken)] == ["player", "square"]


def test_conv_14_a_swap_reports_only_how_many_tiles_were_discarded() -> None:
    """CONV-14: (e) the tiles discarded in a swap are never shown: the swap's public record
    holds the player and the count only."""
    assert [f.name for f in attrs.fields(TilesSwapped)] == ["player", "count"]
    state = position("", hands={0: "rrkg"}, bag="bbbb")
    _, events = tr.step(state, SwapTiles(red=2, green=1))
    assert [e for e in events if isinstance(e, TilesSwapped)] == [TilesSwapped(0, 3)]


def test_conv_14_public_state_hand_sizes_bag_size_pending_decision() -> None:
    """CONV-14: (a) hand sizes, bag size, catastrophes left, the active player and the
    pending decision with the player who must answer it are in the state."""
    state = position(
        """
            f  g  h
         5  r  0R .
         6  .  r  .
        """,
        players=3,
        active=1,
        hands={0: "rr", 1: "rrrk", 2: ""},
        catastrophes={2: 1},
        bag="kkrr",
    )
    assert [sum(h) for h in state.hands] == [2, 4, 0]
    assert state.bag_size == 4
    assert state.catastrophes == (2, 2, 1)
    after = play(state, PlaceLeader(RED, "h6"))
    decision = after.pending
    assert isinstance(decision, CommitDecision)
    assert decision.player == 1
    assert tr.to_move(after) == 1
    assert after.active == 1
    after = play(after, CommitSupport(2))
    assert isinstance(after.pending, CommitDecision)
    assert after.pending.player == 0
    assert after.pending.conflict.attacker_commit == 2


def test_conv_14_everything_but_the_bag_is_in_the_result_once_over() -> None:
    """CONV-14: (f) once the game has ended every player's VP per colour and treasures are
    in the result."""
    state = attrs.evolve(
        position("", scores={0: (1, 2, 3, 4), 1: (4, 3, 2, 1)}, treasures_held={0: 2, 1: 5}),
        over=True,
    )
    outcome = tr.result(state)
    assert outcome.final
    assert [(p.scores, p.treasures) for p in outcome.players] == [
        ((1, 2, 3, 4), 2),
        ((4, 3, 2, 1), 5),
    ]


# --- CONV-15 -------------------------------------------------------------------------------


def _revolt() -> GameState:
    """Seat 0 places his priest beside seat 1's priest; the attacker commit is pending."""
    state = position(
        """
            f  g  h
         5  r  1R .
         6  .  r  .
        """,
        hands={0: "kg", 1: "rr"},
    )
    return play(state, PlaceLeader(RED, "h6"))


def test_conv_15_nothing_but_the_answer_is_accepted_while_a_decision_is_pending() -> None:
    """CONV-15: while seat 0 must commit, no action, no end of turn and no answer from
    another player is accepted."""
    state = _revolt()
    assert isinstance(state.pending, CommitDecision)
    assert state.pending.player == 0
    rejected(state, PlaceTile(BLACK, "j5"), "CONV-15", player=0)
    rejected(state, PlaceTile(BLACK, "j5"), "CONV-15")
    rejected(state, EndTurn(), "CONV-15", player=0)
    rejected(state, WithdrawLeader(RED), "CONV-15")
    rejected(state, Decline(), "CONV-15")
    refused(state, CommitSupport(0), "CONV-15", player=1)


def test_conv_15_commitments_are_asked_even_with_one_legal_answer() -> None:
    """CONV-15: the conflict commitments are always asked: seat 0 holds no red tile and must
    still answer, with 0 as the only legal answer."""
    state = _revolt()
    assert list(tr.legal_actions(state)) == [CommitSupport(0)]
    after = play(state, CommitSupport(0))
    assert isinstance(after.pending, CommitDecision)
    assert after.pending.player == 1
    assert list(tr.legal_actions(after)) == [CommitSupport(0), CommitSupport(1), CommitSupport(2)]


def test_conv_15_a_decision_with_one_legal_answer_is_resolved_automatically() -> None:
    """CONV-15: with a priority and an ordinary treasure only the ordinary one may stay, so
    the treasure decision is not asked."""
    state = position(
        """
            a  b  c
         2  .  r* .
         3  .  r* .
        """
    )
    after, events = tr.step(state, PlaceLeader(GREEN, "a2"))
    assert after.pending is None
    assert [e for e in events if isinstance(e, TreasureTaken)] == [TreasureTaken(0, "b2")]
    assert after.treasures == frozenset({square_index("b3")})
    assert after.actions_taken == 1


def _war_order() -> GameState:
    """Seat 2 joins the kingdoms of seats 0 and 1: three wars, seat 2 picks the first."""
    state = position(
        """
             c  d  e  f  g  h  i  j  k  l  m
          4  .  .  0G .  .  .  .  1G .  .  .
          5  r  r  r  r  r  .  r  r  r  r  r
          6  .  0K .  0R .  .  .  1K .  1R .
        """,
        players=3,
        active=2,
        hands={2: "k"},
    )
    return tr.apply(state, PlaceTile(BLACK, "h5"), 2)


def _structure() -> GameState:
    """Seat 0 completes the red block g5-h6: the structure decision is pending."""
    state = position(
        """
            f  g  h
         5  0K r  r
         6  r  r  .
        """,
        hands={0: "r"},
    )
    return play(state, PlaceTile(RED, "h6"))


def _treasure() -> GameState:
    """Seat 0's trader makes a kingdom of three treasures: he chooses the one that stays."""
    state = position(
        """
            a  b  c
         2  .  r* .
         3  .  r* r*
        """
    )
    return play(state, PlaceLeader(GREEN, "a2"))


def _building() -> GameState:
    """Seat 0 makes the black row e5-g5 with the buildings variant: he may place the
    black building."""
    state = position(
        """
             e  f  g  h
          5  k  k  .  r
        """,
        config=GameConfig(players=2, variants=("buildings",)),
        hands={0: "k"},
    )
    return tr.apply(state, PlaceTile(BLACK, "g5"), 0)


def _ziggurat_income() -> GameState:
    """Seat 0's king is in the ziggurat's kingdom: ending his turn asks the colour of the
    ziggurat VP."""
    state = position(
        """
             e  f  g  h  i  j  k  l
          5  .  .  .  Z  .  .  .  .
          6  k  0K Z  Z  Z  .  1K k
          7  .  r  .  Z  .  .  r  .
         10  r* r* r* .  .  .  .  .
        """,
        config=GameConfig(players=2, variants=("ziggurat",)),
        hands={0: "kkkkkk", 1: "kkkkkk"},
    )
    state = with_ziggurat(state, square_index("h6"))
    return tr.apply(state, EndTurn(), 0)


@pytest.mark.parametrize(
    ("make", "named", "answer", "wrong", "what"),
    [
        (_war_order, 2, ChooseConflict(RED), Decline(), "choose the next war"),
        (_revolt, 0, CommitSupport(0), Decline(), "commit support"),
        (_structure, 0, Decline(), CommitSupport(0), "build a monument or decline"),
        (_treasure, 0, KeepTreasure("b3"), Decline(), "choose the treasure that stays"),
        (_building, 0, Decline(), KeepTreasure("e5"), "place the civilization building or decline"),
        (_ziggurat_income, 0, ChooseColor(BLUE), Decline(), "choose the colour of the ziggurat VP"),
    ],
)
def test_conv_15_the_rejection_names_the_pending_decision(
    make: Callable[[], GameState], named: int, answer: tr.Action, wrong: tr.Action, what: str
) -> None:
    """CONV-15: while a decision is pending, its answer from another player, and an input
    that is no answer to it, are rejected with a reason naming the player who must answer
    and what he must answer: the war order, a commitment, a structure, the treasure that
    stays, the civilization building, the colour of the ziggurat VP."""
    state = make()
    assert state.pending is not None
    assert state.pending.player == named
    other = (named + 1) % state.config.players
    reason = f"a decision is pending: player {named} must {what}"
    for action, player in [(answer, other), (EndTurn(), other), (wrong, named), (wrong, None)]:
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, action, player)
        assert (info.value.rule, info.value.reason) == ("CONV-15", reason)
    assert answer in list(tr.legal_actions(state))


# --- CONV-16 -------------------------------------------------------------------------------


def test_conv_16_tiles_are_drawn_at_random() -> None:
    """CONV-16: different seeds deal different hands and bags from the same tiles; a seed
    gives the same deal again."""
    config = GameConfig(players=2)
    deals = [deal_from_seed(config, seed) for seed in range(6)]
    assert len({d.bag for d in deals}) == 6
    assert len({d.hands for d in deals}) > 1
    assert deal_from_seed(config, 4) == deals[4]
    for deal in deals:
        tiles = [t.index for hand in deal.hands for t in hand] + [t.index for t in deal.bag]
        assert _counts(tuple(tiles)) == (30, 47, 36, 30)
    drawn = tr.new_game(config, seed=5)
    swapped = play(drawn, SwapTiles(*drawn.hands[0]))
    assert swapped.hands[0] == _counts(drawn.bag[:6])


def _counts(tiles: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (tiles.count(0), tiles.count(1), tiles.count(2), tiles.count(3))


# --- CONV-17 -------------------------------------------------------------------------------


def test_conv_17_end_3_comes_first_once_the_game_is_over() -> None:
    """CONV-17 (1): once the game is over, any input is rejected under END-3, even one that
    would break other rules."""
    state = attrs.evolve(position("", hands={0: "k"}), over=True)
    rejected(state, PlaceTile(BLACK, "e1"), "END-3", player=1)
    rejected(state, CommitSupport(3), "END-3")
    rejected(state, EndTurn(), "END-3", player=0)
    pending = attrs.evolve(_revolt(), over=True)
    rejected(pending, CommitSupport(0), "END-3", player=1)


def test_conv_17_conv_15_before_the_rules_of_the_input() -> None:
    """CONV-17 (2): with a decision pending, an input that is not its answer from the named
    player is rejected under CONV-15, not TURN-1 nor the action's own rules."""
    state = _revolt()
    rejected(state, PlaceTile(BLUE, "f5"), "CONV-15", player=1)
    refused(state, CommitSupport(0), "CONV-15", player=1)
    rejected(state, CommitSupport(5), "CONV-15", player=1)
    rejected(state, ChooseConflict(RED), "CONV-15", player=0)
    # The named player answering out of range breaks the decision's own rule.
    rejected(state, CommitSupport(1), "REVOLT-4", player=0)


def test_conv_17_turn_1_before_turn_3_before_the_action_rules() -> None:
    """CONV-17 (3), (4): at the choice of action an input from another player is rejected
    under TURN-1; a decision answer from the active player under TURN-3."""
    state = position("", hands={0: "k", 1: "k"})
    rejected(state, PlaceTile(BLACK, "e1"), "TURN-1", player=1)  # also TILE-4
    rejected(state, CommitSupport(0), "TURN-1", player=1)  # also TURN-3
    rejected(state, CommitSupport(0), "TURN-3", player=0)
    rejected(state, Decline(), "TURN-3")
    rejected(state, KeepTreasure("a1"), "TURN-3")
    rejected(state, ChooseConflict(RED), "TURN-3")


FOREIGN_ANSWERS = (tr.PlaceBuilding("f5"), tr.BuildZiggurat("g5"), tr.ChooseColor(RED))
"""An answer of each decision of the buildings and the ziggurat, variants the base game does
not play."""


def test_conv_17_an_answer_of_a_variant_not_played_is_turn_3_at_the_choice_of_action() -> None:
    """CONV-17 (3), (4), D26: in a game without the buildings and the ziggurat, their answers
    answer no decision: at the choice of action they are rejected under TURN-3 from the active
    player, under TURN-1 from another one, with the sentences of any other answer."""
    state = position("", hands={0: "k", 1: "k"})
    for answer in FOREIGN_ANSWERS:
        rejected(state, answer, "TURN-1", player=1)
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, answer, 0)
        assert (info.value.rule, info.value.reason) == (
            "TURN-3",
            "no decision is pending; player 0 must choose an action or end turn",
        )


def test_conv_17_an_answer_of_a_variant_not_played_is_conv_15_while_a_decision_waits() -> None:
    """CONV-17 (2), D26: in a game without the buildings and the ziggurat, their answers
    answer none of its decisions, not even the structure decision the ziggurat would answer:
    they are rejected under CONV-15, from the player named as from any other, with the reason
    naming the pending decision."""
    structure = position(
        """
            f  g  h
         5  0K r  r
         6  r  r  .
        """,
        hands={0: "r"},
    )
    structure = play(structure, PlaceTile(RED, "h6"))
    assert isinstance(structure.pending, tr.StructureDecision)
    cases = (
        (_revolt(), "player 0 must commit support"),
        (structure, "player 0 must build a monument or decline"),
    )
    for state, what in cases:
        for answer in FOREIGN_ANSWERS:
            for player in (0, 1, None):
                with pytest.raises(tr.IllegalActionError) as info:
                    tr.apply(state, answer, player)
                assert (info.value.rule, info.value.reason) == (
                    "CONV-15",
                    f"a decision is pending: {what}",
                ), (answer, player)
            assert answer not in tr.legal_actions(state)


def test_conv_17_action_checks_in_document_order() -> None:
    """CONV-17 (5): the first broken check of TURN-5..TURN-8 step (1) names the rule."""
    state = position(
        """
            d  e  f  g
         2  .  ~  k  .
         3  .  .  r* .
        """,
        hands={0: "kb"},
        catastrophes={0: 0},
    )
    rejected(state, PlaceTile(RED, "f2"), "TILE-1")  # also TILE-2
    rejected(state, PlaceTile(BLUE, "f2"), "TILE-2")  # also TILE-3
    rejected(state, PlaceTile(BLACK, "e2"), "TILE-4")
    rejected(state, PlaceLeader(BLACK, "e1"), "LEADER-6")  # also LEADER-7
    rejected(state, PlaceLeader(BLACK, "f2"), "LEADER-5")  # also LEADER-7
    rejected(state, PlaceCatastrophe("f3"), "CATA-1")  # also CATA-3
    rejected(state, WithdrawLeader(BLACK), "LEADER-4")
    rejected(state, SwapTiles(red=1), "SWAP-1")
    rejected(state, SwapTiles(), "SWAP-1")
    moved = position(
        """
            f  g
         2  0K .
         3  r  .
        """
    )
    rejected(moved, PlaceLeader(BLACK, "f2"), "LEADER-3")  # its own square: also LEADER-5


def test_conv_17_an_answer_outside_the_offer_breaks_the_decision_rule() -> None:
    """CONV-17 (5): a structure answer naming a block or monument not offered is rejected
    under MON-4; a treasure answer naming a square not offered under TREAS-5."""
    state = position(
        """
            f  g  h
         5  0K r  r
         6  r  r  .
        """,
        hands={0: "r"},
    )
    state = play(state, PlaceTile(RED, "h6"))
    assert isinstance(state.pending, tr.StructureDecision)
    rejected(state, BuildMonument(Monument.BLUE_GREEN, "g5"), "MON-4")
    rejected(state, BuildMonument(Monument.BLACK_RED, "f5"), "MON-4")
    rejected(state, KeepTreasure("g5"), "CONV-15")
    treasures = position(
        """
            a  b  c
         2  .  r* .
         3  .  r* r*
        """
    )
    treasures = play(treasures, PlaceLeader(GREEN, "a2"))
    assert treasures.pending == tr.TreasureDecision(0, ("b2", "b3", "c3"), ("b3", "c3"))
    rejected(treasures, KeepTreasure("b2"), "TREAS-5")  # a priority treasure
    rejected(treasures, KeepTreasure("a2"), "TREAS-5")  # no treasure there
    rejected(treasures, Decline(), "CONV-15")


# --- CONV-18 -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 5},
        {"players": 0},
        {"players": True},
        {"players": "3"},
        {"players": 3, "single_action_openers": 4},
        {"players": 2, "single_action_openers": -1},
        {"players": 2, "single_action_openers": 1.0},
        {"players": 2, "single_action_openers": True},
        {"players": 2, "single_action_openers": "1"},
    ],
)
def test_conv_18_invalid_configurations_are_rejected(kwargs: dict[str, Any]) -> None:
    """CONV-18: a player count outside 2..4 or an OPT-3 N outside 0..n is an invalid
    configuration, rejected before any game starts."""
    with pytest.raises(ConfigError) as info:
        GameConfig(**kwargs)
    assert info.value.rule == "CONV-18"


@pytest.mark.parametrize(("players", "openers"), [(2, 0), (2, 2), (3, 3), (4, 0), (4, 4)])
def test_conv_18_valid_configurations_start_a_game(players: int, openers: int) -> None:
    """CONV-18: 2..4 players with N in 0..n is valid."""
    config = GameConfig(players=players, single_action_openers=openers)
    state = tr.new_game(config, seed=1)
    assert len(state.hands) == players


@pytest.mark.parametrize("limit", [3, 25, 10**4, 2**64, 0, -8])
def test_conv_18_a_column_limit_outside_4_to_24_is_rejected(limit: int) -> None:
    """CONV-18, CARD-DEF-1, D27: the card game's column_limit is an integer in 4..24; any
    other is an invalid configuration, and the error names the rules and the range."""
    with pytest.raises(ConfigError) as info:
        GameConfig(players=2, game="cards", column_limit=limit)
    assert info.value.rule == "CONV-18"
    assert str(info.value) == (
        f"column_limit must be an integer in 4..24 (CONV-18, CARD-DEF-1), not {limit}"
    )


def test_conv_18_a_huge_column_limit_is_rejected_without_writing_it_out() -> None:
    """CONV-18, D27: a column limit too long to write out in decimal is still rejected with
    the range, naming its size instead."""
    with pytest.raises(ConfigError) as info:
        GameConfig(players=2, game="cards", column_limit=2**20000)
    assert str(info.value) == (
        "column_limit must be an integer in 4..24 (CONV-18, CARD-DEF-1), "
        "not an integer of 20001 bits"
    )


@pytest.mark.parametrize("limit", [4, 24])
def test_conv_18_the_column_limits_4_and_24_start_a_card_game(limit: int) -> None:
    """CONV-18, CARD-DEF-1, D27: the bounds of the range are valid column limits."""
    config = GameConfig(players=2, game="cards", column_limit=limit)
    assert tr.new_card_game(config, seed=1).config.column_limit == limit


# --- CONV-19 -------------------------------------------------------------------------------


def _malformed(state: GameState, action: object, field: str, player: int | None = None) -> None:
    with pytest.raises(InvalidActionError) as info:
        tr.apply(state, action, player)  # type: ignore[call-overload]
    assert info.value.field == field
    assert not isinstance(info.value, tr.IllegalActionError)
    assert not hasattr(info.value, "rule")


def test_conv_19_malformed_inputs_name_the_bad_field() -> None:
    """CONV-19: an unknown action type, a bad square, an unknown colour or monument, or a
    count that is not a non-negative integer is malformed; the error names the field."""
    state = position("", hands={0: "rk"})
    _malformed(state, "place tile", "type")
    _malformed(state, {"type": "PlaceTile", "color": "red", "square": "f5"}, "type")
    _malformed(state, None, "type")
    _malformed(state, PlaceTile(BLACK, "q5"), "square")
    _malformed(state, PlaceTile("red", "f5"), "color")  # type: ignore[arg-type]
    _malformed(state, PlaceLeader("purple", "f5"), "color")  # type: ignore[arg-type]
    _malformed(state, WithdrawLeader(4), "color")  # type: ignore[arg-type]
    _malformed(state, PlaceCatastrophe("a0"), "square")
    _malformed(state, SwapTiles(red=-1), "red")
    _malformed(state, SwapTiles(black=1.5), "black")  # type: ignore[arg-type]
    _malformed(state, SwapTiles(green=True), "green")
    _malformed(state, CommitSupport(-1), "count")
    _malformed(state, CommitSupport("2"), "count")  # type: ignore[arg-type]
    _malformed(state, BuildMonument("gold", "f5"), "monument")  # type: ignore[arg-type]
    _malformed(state, BuildMonument(Monument.BLACK_RED, "F5"), "block")
    _malformed(state, KeepTreasure("z9"), "square")
    _malformed(state, ChooseConflict("war"), "color")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "present", "field"),
    [
        (PlaceTile, {}, "color"),
        (PlaceTile, {"color": BLACK}, "square"),
        (PlaceLeader, {"square": "g5"}, "color"),
        (CommitSupport, {}, "count"),
        (KeepTreasure, {}, "square"),
        (SwapTiles, {"black": 1, "red": 0, "blue": 0}, "green"),
    ],
)
def test_conv_19_a_missing_field_is_malformed(
    kind: type, present: dict[str, object], field: str
) -> None:
    """CONV-19: an input with a missing field is malformed; the error names the field."""
    state = position("", hands={0: "k"})
    action: object = object.__new__(kind)
    for name, value in present.items():
        object.__setattr__(action, name, value)
    _malformed(state, action, field)


def test_conv_19_a_square_or_count_of_a_subclass_of_str_or_int_is_well_formed() -> None:
    """CONV-19: a square name held in a subclass of ``str`` and a count in a subclass of
    ``int`` (but not a boolean) are well formed, as their plain values are."""

    class Name(str):
        pass

    class Count(int):
        pass

    state = position("", hands={0: "rk"})
    assert tr.apply(state, PlaceTile(BLACK, Name("g5"))) == tr.apply(state, PlaceTile(BLACK, "g5"))
    swapped = tr.apply(state, SwapTiles(black=Count(1)))
    assert swapped == tr.apply(state, SwapTiles(black=1))


def test_conv_19_an_extra_field_is_malformed() -> None:
    """CONV-19: an input carrying a field no action has is malformed, not played."""

    @attrs.frozen
    class PlaceTileAndMore(PlaceTile):
        extra: int = 0

    state = position("", hands={0: "k"})
    with pytest.raises(InvalidActionError) as info:
        tr.apply(state, PlaceTileAndMore(BLACK, "g5", 1))
    assert info.value.field in ("extra", "type")


def test_conv_19_malformed_input_is_rejected_before_conv_17() -> None:
    """CONV-19: malformedness is checked before CONV-17: over, wrong player or pending
    decision do not change the answer, and the state is unchanged."""
    over = attrs.evolve(position(""), over=True)
    _malformed(over, PlaceTile(BLACK, "x1"), "square")
    state = position("", hands={0: "k"})
    _malformed(state, PlaceTile(BLACK, "x1"), "square", player=1)
    pending = _revolt()
    _malformed(pending, CommitSupport(-2), "count", player=1)
    before = attrs.evolve(pending)
    _malformed(pending, CommitSupport(-2), "count", player=0)
    assert pending == before
