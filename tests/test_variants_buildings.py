"""Scenario tests for the civilization buildings (RULES.md §18, BLD-1..BLD-13, V3, D14), and
the two rulebook examples of seed 000 (around its lines 440-470): the granary moved onto a
longer row, and the market building that stays after a catastrophe breaks its row.

Seats follow CONV-4's default dynasties: seat 0 archer, seat 1 bull, seat 2 lion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected, with_buildings
from tigris_rules.model.actions import Decline
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED
from tigris_rules.model.events import (
    CatastrophePlaced,
    ConflictResolved,
    Event,
    MonumentBuilt,
    PointsScored,
    ScoreCause,
    TilePlaced,
    TilesRemoved,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.variants.buildings import (
    BuildingDecision,
    BuildingPlaced,
    BuildingReturned,
    PlaceBuilding,
    building_squares,
)
from tigris_rules.variants.ziggurat import BuildZiggurat, ChooseColor

BLACK, RED, BLUE, GREEN = tr.Color.BLACK, tr.Color.RED, tr.Color.BLUE, tr.Color.GREEN
K, R, B, G = BLACK.index, RED.index, BLUE.index, GREEN.index
WAR = tr.ConflictKind.WAR
REVOLT = tr.ConflictKind.REVOLT
PLACEMENT = ScoreCause.PLACEMENT
BONUS = "building"
E = TypeVar("E")

BLD = tr.GameConfig(players=2, variants=("buildings",))
BLD3 = tr.GameConfig(players=3, variants=("buildings",))
ARCHER, BULL, LION = 0, 1, 2

SPARES = ("a11", "b11", "c11")


def at(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def building(state: GameState, color: tr.Color) -> str | None:
    square = building_squares(state)[color.index]
    return None if square == NO_SQUARE else f"{'abcdefghijklmnop'[square % 16]}{square // 16 + 1}"


def building_decision(state: GameState) -> BuildingDecision:
    decision = state.pending
    assert isinstance(decision, BuildingDecision), decision
    return decision


def run(state: GameState, *inputs: tuple[tr.Action, int]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action, player in inputs:
        state, ev = tr.step(state, action, player)
        events += ev
    return state, events


def with_spares(state: GameState) -> GameState:
    """``state`` with three more temples carrying treasures on a11, b11 and c11 (taken from
    the bag), so that no end of turn ends the game (END-1)."""
    cells = list(state.cells)
    for square in SPARES:
        cells[square_index(square)] = R
    bag = list(state.bag)
    for _ in SPARES:
        bag.remove(R)
    return attrs.evolve(
        state,
        cells=tuple(cells),
        treasures=state.treasures | {square_index(s) for s in SPARES},
        bag=tuple(bag),
    )


# --- BLD-1: four buildings, on a tile of their colour ------------------------------------------


@pytest.mark.parametrize("board", ["classic", "alternative"])
def test_bld_1_the_four_buildings_start_in_the_supply(board: str) -> None:
    """BLD-1, SETUP-7: a new game with buildings has all four in the supply."""
    config = tr.GameConfig(players=4, board=board, variants=("buildings",))
    state = tr.new_game(config, seed=11)
    assert building_squares(state) == (NO_SQUARE,) * 4


def test_bld_1_a_building_goes_only_on_a_tile_of_its_colour() -> None:
    """BLD-1, BLD-6: a black tile on g5 makes the row e5-g5; the black building may go on any
    of the three black tiles, not on the red tile h5 beside them (rejected under BLD-6)."""
    state = position(
        """
             e  f  g  h
          5  k  k  .  r
        """,
        config=BLD,
        hands={0: "k"},
    )
    state = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    assert building_decision(state) == BuildingDecision(0, BLACK, ("e5", "f5", "g5"))
    rejected(state, PlaceBuilding("h5"), "BLD-6", 0)
    after, events = tr.step(state, PlaceBuilding("f5"), 0)
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(0, BLACK, "f5", None)]
    assert building_squares(after) == (square_index("f5"), NO_SQUARE, NO_SQUARE, NO_SQUARE)
    assert at(after, "f5") == K
    assert after.pending is None
    assert after.actions_taken == 1


# --- BLD-2: lines -----------------------------------------------------------------------------

# Row 5: f5, then a square that may break the row (g5), then h5, i5; the tile goes on j5.
# g4 is a temple for the leader drawn on g5 in one case.
LINE_BREAKERS = """
     f  g  h  i  j
  4  .  r  .  .  .
  5  k  {} k  k  .
"""


@pytest.mark.parametrize(
    ("token", "squares"),
    [
        ("k", ("f5", "g5", "h5", "i5", "j5")),
        (".", ("h5", "i5", "j5")),
        ("r", ("h5", "i5", "j5")),
        ("#", ("h5", "i5", "j5")),
        ("Z", ("h5", "i5", "j5")),
        ("X", ("h5", "i5", "j5")),
        ("0K", ("h5", "i5", "j5")),
    ],
)
def test_bld_2_a_line_is_a_run_of_one_colour_ended_by_any_other_square(
    token: str, squares: tuple[str, ...]
) -> None:
    """BLD-2: the line through j5 runs back to f5 only when g5 holds a black tile; an empty
    square, another colour, a flipped tile, a ziggurat square, a catastrophe or a leader on
    g5 ends it at h5."""
    config = tr.GameConfig(variants=("buildings", "ziggurat")) if token == "Z" else BLD
    state = position(LINE_BREAKERS.format(token), config=config, hands={0: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "j5"), 0)
    assert building_decision(after).squares == squares


def test_bld_2_a_column_is_a_line_too() -> None:
    """BLD-2: three black tiles in column h (h4, h5 and the new h6) are a line."""
    state = position(
        """
             h
          4  k
          5  k
        """,
        config=BLD,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    assert building_decision(after).squares == ("h4", "h5", "h6")


def test_bld_2_a_line_does_not_wrap_around_the_board_edge() -> None:
    """BLD-2: a row ends at the board's edge: o10, p10 and a11 are consecutive square numbers
    but not one row; a black tile on p10 makes a line of 2 only."""
    state = position(
        """
             a  o  p
         10  .  k  .
         11  k  .  .
        """,
        config=BLD,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "p10"), 0)
    assert after.pending is None


@pytest.mark.parametrize(
    ("diagram", "target", "squares"),
    [
        (
            """
             a  b  c
          1  k  k  .
            """,
            "c1",
            ("a1", "b1", "c1"),
        ),
        (
            """
             a
          1  k
          2  k
            """,
            "a3",
            ("a1", "a2", "a3"),
        ),
        (
            """
             a
          9  k
         10  k
            """,
            "a11",
            ("a9", "a10", "a11"),
        ),
        (
            """
             p
          9  k
         10  k
            """,
            "p11",
            ("p9", "p10", "p11"),
        ),
    ],
)
def test_bld_2_lines_reach_the_corner_squares(
    diagram: str, target: str, squares: tuple[str, ...]
) -> None:
    """BLD-2: a line runs up to the board's edge and includes the corner squares: the row
    a1-c1 and the column a1-a3 through the top-left corner, the columns a9-a11 and p9-p11
    down to the bottom corners."""
    state = position(diagram, config=BLD, hands={0: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, target), 0)
    assert building_decision(after).squares == squares


# --- BLD-3: qualifying lines ------------------------------------------------------------------


def test_bld_3_row_and_column_can_both_qualify() -> None:
    """BLD-3: the black tile on h5 completes the row f5-h5 and the column h5-h7: the
    decision offers the tiles of both lines."""
    state = position(
        """
             f  g  h
          5  k  k  .
          6  .  .  k
          7  .  .  k
        """,
        config=BLD,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert building_decision(after) == BuildingDecision(0, BLACK, ("f5", "g5", "h5", "h6", "h7"))


def test_bld_3_a_line_of_two_gives_no_opportunity() -> None:
    """BLD-3: two black tiles in a row are no qualifying line: no decision, the action is
    complete."""
    state = position("     g\n  5  k\n", config=BLD, hands={0: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert after.pending is None
    assert after.actions_taken == 1
    assert building_squares(after) == (NO_SQUARE,) * 4


def test_bld_3_a_line_must_contain_the_tile_just_placed() -> None:
    """BLD-3: the row e5-g5 of three black tiles exists already; a black tile on e6 makes a
    column of 2 only: no opportunity, even though a line of 3 touches it."""
    state = position(
        """
             e  f  g
          5  k  k  k
        """,
        config=BLD,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "e6"), 0)
    assert after.pending is None
    assert building_squares(after) == (NO_SQUARE,) * 4


# --- BLD-4: place from supply, or move to a strictly longer line -------------------------------

# The black building stands on c10, in the row b10-d10 (3 tiles). Tiles on g10..i10 wait for
# a tile on j10.
MOVE = """
     b  c  d  e  f  g  h  i  j
 10  k  k  k  .  .  {} k  k  .
"""


def test_bld_4_from_the_supply_on_any_tile_of_the_line() -> None:
    """BLD-4: with the building in the supply, every tile of the qualifying line is a target:
    each of them is accepted."""
    state = position(MOVE.format("k"), config=BLD, hands={0: "k"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "j10"), 0)
    squares = ("b10", "c10", "d10")  # the other line does not hold the new tile
    decision = building_decision(state)
    assert decision.squares == ("g10", "h10", "i10", "j10")
    for square in decision.squares:
        after = tr.apply(state, PlaceBuilding(square), 0)
        assert building(after, BLACK) == square
    for square in squares:
        rejected(state, PlaceBuilding(square), "BLD-6", 0)


def test_bld_4_a_building_on_the_board_moves_to_a_strictly_longer_line() -> None:
    """BLD-4: the building stands on a line of 3; the new row g10-j10 has 4 tiles: it may move
    there, and does."""
    state = position(MOVE.format("k"), config=BLD, hands={0: "k"}, buildings={BLACK: "c10"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "j10"), 0)
    assert building_decision(state) == BuildingDecision(0, BLACK, ("g10", "h10", "i10", "j10"))
    after, events = tr.step(state, PlaceBuilding("i10"), 0)
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(0, BLACK, "i10", "c10")]
    assert building(after, BLACK) == "i10"
    assert at(after, "c10") == K


def test_bld_4_an_equal_line_gives_no_opportunity() -> None:
    """BLD-4: the new row h10-j10 has 3 tiles, as many as the building's line b10-d10: no
    move is possible, so no decision is asked (BLD-6)."""
    state = position(MOVE.format("."), config=BLD, hands={0: "k"}, buildings={BLACK: "c10"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "j10"), 0)
    assert after.pending is None
    assert building(after, BLACK) == "c10"


def test_bld_4_only_the_lines_longer_than_the_current_one_are_offered() -> None:
    """BLD-4: the building stands on a row of 3 (b10-d10). The tile on j8 makes a row of 4
    (g8-j8) and a column of 3 (j8-j10): only the row is longer, so only its tiles are
    offered; the column's j9 and j10 are rejected under BLD-6."""
    state = position(
        """
             b  c  d  g  h  i  j
          8  .  .  .  k  k  k  .
          9  .  .  .  .  .  .  k
         10  k  k  k  .  .  .  k
        """,
        config=BLD,
        hands={0: "k"},
        buildings={BLACK: "c10"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "j8"), 0)
    assert building_decision(after) == BuildingDecision(0, BLACK, ("g8", "h8", "i8", "j8"))
    rejected(after, PlaceBuilding("j9"), "BLD-6", 0)
    rejected(after, PlaceBuilding("j10"), "BLD-6", 0)
    from_supply = with_buildings(state, (NO_SQUARE,) * 4)
    after = tr.apply(from_supply, tr.PlaceTile(BLACK, "j8"), 0)
    assert building_decision(after).squares == ("g8", "h8", "i8", "j8", "j9", "j10")


# --- BLD-5: the current line ------------------------------------------------------------------


@pytest.mark.parametrize(("extra", "offered"), [(".", False), ("k", True)])
def test_bld_5_the_current_line_is_the_longer_of_row_and_column(extra: str, offered: bool) -> None:
    """BLD-5: the building on c10 has a row line of 2 (b10, c10) and a column line of 4
    (c8..c11). A new row of 4 (g10-j10) is not longer; one of 5 (f10-j10) is."""
    state = position(
        f"""
             b  c  f  g  h  i  j
          8  .  k  .  .  .  .  .
          9  .  k  .  .  .  .  .
         10  k  k  {extra}  k  k  k  .
         11  .  k  .  .  .  .  .
        """,
        config=BLD,
        hands={0: "k"},
        buildings={BLACK: "c10"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "j10"), 0)
    if offered:
        assert building_decision(after).squares == ("f10", "g10", "h10", "i10", "j10")
    else:
        assert after.pending is None
        assert building(after, BLACK) == "c10"


def test_bld_5_extending_the_building_own_line_never_moves_it() -> None:
    """BLD-5 (note): the building's row b10-d10 grows to 4 with e10; measured with the new
    tile in place the current line is 4 too: no opportunity."""
    state = position(MOVE.format("."), config=BLD, hands={0: "k"}, buildings={BLACK: "c10"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "e10"), 0)
    assert after.pending is None
    assert building(after, BLACK) == "c10"


def test_bld_5_a_line_shortened_by_a_catastrophe_makes_a_move_easier() -> None:
    """BLD-5 (note), BLD-8: a catastrophe on d10 cuts the building's row to b10-c10; then the
    row h10-j10 of 3 is longer than its current line of 2, and the building may move."""
    state = position(MOVE.format("."), config=BLD, hands={0: "kk"}, buildings={BLACK: "c10"})
    assert tr.apply(state, tr.PlaceTile(BLACK, "j10"), 0).pending is None
    state = play(state, tr.PlaceCatastrophe("d10"))
    assert building(state, BLACK) == "c10"
    after = tr.apply(state, tr.PlaceTile(BLACK, "j10"), 0)
    assert building_decision(after).squares == ("h10", "i10", "j10")


# --- BLD-6: the building decision ----------------------------------------------------------------


def test_bld_6_the_active_player_may_decline() -> None:
    """BLD-6: declining leaves the building in the supply, gives no event about it and
    completes the action."""
    state = position("     e  f\n  5  k  k\n", config=BLD, hands={0: "kk"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    assert tr.legal_actions(state)[-1] == Decline()
    assert list(tr.legal_actions(state)) == [
        PlaceBuilding("e5"),
        PlaceBuilding("f5"),
        PlaceBuilding("g5"),
        Decline(),
    ]
    after, events = tr.step(state, Decline(), 0)
    assert building_squares(after) == (NO_SQUARE,) * 4
    assert not of_type(events, BuildingPlaced)
    assert after.pending is None
    assert after.actions_taken == 1


def test_bld_6_a_target_the_decision_does_not_offer_is_rejected_under_bld_6() -> None:
    """BLD-6: a black tile outside the line (e6) and an empty square (h5) are no answer."""
    state = position(
        """
             e  f
          5  k  k
          6  k  .
        """,
        config=BLD,
        hands={0: "k"},
    )
    state = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    assert building_decision(state).squares == ("e5", "f5", "g5")
    rejected(state, PlaceBuilding("e6"), "BLD-6", 0)
    rejected(state, PlaceBuilding("h5"), "BLD-6", 0)


def test_bld_6_other_inputs_while_the_decision_is_pending_are_rejected_under_conv_15() -> None:
    """BLD-6, CONV-15, CONV-17: while the building decision is pending, an action, an end of
    turn, another decision's answer, or an answer from the other player is rejected under
    CONV-15."""
    state = position("     e  f\n  5  k  k\n", config=BLD, hands={0: "kk", 1: "k"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    for action in (
        tr.PlaceTile(BLACK, "k5"),
        tr.EndTurn(),
        BuildZiggurat("f5"),
        ChooseColor(BLACK),
        tr.BuildMonument(tr.Monument.BLACK_RED, "e5"),
        tr.CommitSupport(0),
    ):
        rejected(state, action, "CONV-15", 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, PlaceBuilding("f5"), 1)
    assert info.value.rule == "CONV-15"
    assert tr.to_move(state) == 0


def test_bld_6_the_decision_is_the_active_player_even_for_a_tile_scoring_another() -> None:
    """BLD-6: player 1's king is in the kingdom and scores the tile (TILE-8); the building
    decision is still asked of player 0, the active player."""
    state = position(
        """
             e  f  g  h
          4  .  1K .  .
          5  r  k  k  .
        """,
        config=BLD,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert of_type(events, PointsScored) == [PointsScored(1, BLACK, 1, PLACEMENT)]
    assert building_decision(after).player == 0
    assert tr.to_move(after) == 0


# --- BLD-7: after the wars, before the structure decision -----------------------------------------


def test_bld_7_the_building_decision_comes_before_the_structure_decision() -> None:
    """BLD-7, D14: the red tile on g5 completes the row e5-g5 and the block f5-g6. The
    building decision comes first; once answered, the structure decision follows."""
    state = position(
        """
             e  f  g
          5  r  r  .
          6  .  r  r
        """,
        config=BLD,
        hands={0: "r"},
    )
    state = tr.apply(state, tr.PlaceTile(RED, "g5"), 0)
    assert building_decision(state) == BuildingDecision(0, RED, ("e5", "f5", "g5"))
    state, events = run(state, (PlaceBuilding("e5"), 0))
    decision = state.pending
    assert isinstance(decision, tr.StructureDecision)
    assert (tr.Monument.RED_BLUE, "f5") in decision.monuments
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(0, RED, "e5", None)]
    after, events = run(state, (tr.BuildMonument(tr.Monument.RED_BLUE, "f5"), 0))
    assert of_type(events, MonumentBuilt) == [MonumentBuilt(0, tr.Monument.RED_BLUE, "f5")]
    assert building(after, RED) == "e5"  # not on the block: it stays
    assert after.pending is None


# A black war on row 6. Player 0's king (g5) has g6 on his side (A0 = 1); player 1's king
# (i5) has i6 and j6 (D0 = 2). The unification tile on h6 makes the row g6-j6.
ROW_WAR = """
     f  g  h  i  j
  5  r  0K .  1K r
  6  .  k  .  k  k
"""


def row_war(hands: dict[int, str], buildings: dict[tr.Color, str] | None = None) -> GameState:
    state = with_spares(position(ROW_WAR, config=BLD, hands=hands, buildings=buildings))
    return tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)


def test_bld_7_the_line_is_judged_after_the_war_the_defender_wins() -> None:
    """BLD-7, BLD-3: the defender wins the war; g6 is removed from the attacker's side. The
    row through h6 is now h6-j6: the decision, asked after the war, offers those three."""
    state = row_war({0: "kkk", 1: ""})
    assert isinstance(state.pending, tr.CommitDecision)
    state, events = run(state, (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1))
    assert [(e.color, e.squares) for e in of_type(events, TilesRemoved)] == [(BLACK, ("g6",))]
    assert building_decision(state) == BuildingDecision(0, BLACK, ("h6", "i6", "j6"))


def test_bld_7_a_line_broken_by_the_war_gives_nothing() -> None:
    """BLD-7: the attacker wins; i6 and j6 leave the game, the row through h6 is g6-h6 only:
    no building decision follows the war."""
    state = row_war({0: "kkk", 1: ""})
    state, events = run(state, (tr.CommitSupport(2), 0), (tr.CommitSupport(0), 1))
    removed = [(e.color, sorted(e.squares)) for e in of_type(events, TilesRemoved)]
    assert removed == [(BLACK, ["i6", "j6"])]
    assert state.pending is None
    assert building_squares(state) == (NO_SQUARE,) * 4
    assert state.actions_taken == 1


def test_bld_7_only_a_tile_action_opens_the_opportunity() -> None:
    """BLD-7: the row e5-g5 of black tiles is there, but a leader placed beside it (a leader
    action) and a catastrophe give no building decision."""
    state = position(
        """
             e  f  g
          4  .  r  .
          5  k  k  k
        """,
        config=BLD,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceLeader(BLACK, "g4"), 0)
    assert after.pending is None
    after = tr.apply(after, tr.PlaceCatastrophe("h9"), 0)
    assert after.pending is None
    assert building_squares(after) == (NO_SQUARE,) * 4


# --- BLD-8: a building moves only through BLD-4 ------------------------------------------------


def test_bld_8_a_building_stays_when_its_line_shrinks_below_three() -> None:
    """BLD-8: the black building stands on b10, in the row b10-d10; a catastrophe on c10
    leaves it alone on b10 (a line of 1), and it stays there."""
    state = position(MOVE.format("."), config=BLD, buildings={BLACK: "b10"})
    after, events = run(state, (tr.PlaceCatastrophe("c10"), 0))
    assert of_type(events, CatastrophePlaced) == [CatastrophePlaced(0, "c10", BLACK)]
    assert building(after, BLACK) == "b10"
    assert at(after, "b10") == K
    assert not of_type(events, BuildingPlaced)
    assert not of_type(events, BuildingReturned)


def test_bld_8_a_building_stays_when_a_war_shortens_its_line() -> None:
    """BLD-8, BLD-9: the building stands on j6 on the defender's side; the attacker wins and
    i6 leaves the game. The building stays on j6, alone in its row."""
    state = row_war({0: "kkk", 1: ""}, buildings={BLACK: "j6"})
    state, _ = run(state, (tr.CommitSupport(2), 0), (tr.CommitSupport(0), 1))
    assert building(state, BLACK) == "j6"
    assert at(state, "i6") == EMPTY


# --- BLD-9: strength in war, never removed -------------------------------------------------------


def test_bld_9_the_building_tile_counts_in_war_and_is_never_removed() -> None:
    """BLD-9: the black building on j6 counts for the defender's base (D0 = 2). The attacker
    wins (1 + 2 > 2): i6 is removed, j6 stays with its building, and the winner scores
    1 + 1 = 2 black VP, nothing for the building's tile."""
    state = row_war({0: "kkk", 1: ""}, buildings={BLACK: "j6"})
    conflict = state.pending
    assert isinstance(conflict, tr.CommitDecision)
    assert (conflict.conflict.attacker_base, conflict.conflict.defender_base) == (1, 2)
    state, events = run(state, (tr.CommitSupport(2), 0), (tr.CommitSupport(0), 1))
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, BLACK, 0, 1, 3, 2)]
    assert [(e.color, e.squares) for e in of_type(events, TilesRemoved)] == [(BLACK, ("i6",))]
    assert of_type(events, PointsScored) == [PointsScored(0, BLACK, 2, ScoreCause.WAR)]
    assert at(state, "j6") == K
    assert building(state, BLACK) == "j6"
    assert state.scores[0] == (2, 0, 0, 0)


# --- BLD-10: only a monument or the ziggurat destroys it ------------------------------------------


def test_bld_10_a_monument_over_the_building_returns_it_and_it_can_be_built_again() -> None:
    """BLD-10, MON-10: the red building goes on f5, inside the block f5-g6; the monument on
    that block sends it back to the supply. The next red line of 3 (h10-j10) offers it again,
    from the supply."""
    state = position(
        """
             e  f  g  h  i  j
          5  r  r  .  .  .  .
          6  .  r  r  .  .  .
         10  .  .  .  r  r  .
        """,
        config=BLD,
        hands={0: "rr"},
    )
    state, events = run(
        state,
        (tr.PlaceTile(RED, "g5"), 0),
        (PlaceBuilding("f5"), 0),
        (tr.BuildMonument(tr.Monument.RED_GREEN, "f5"), 0),
    )
    assert of_type(events, BuildingReturned) == [BuildingReturned(RED, "f5")]
    assert building_squares(state) == (NO_SQUARE,) * 4
    assert at(state, "f5") == FLIPPED
    state, events = run(state, (tr.PlaceTile(RED, "j10"), 0))
    assert building_decision(state) == BuildingDecision(0, RED, ("h10", "i10", "j10"))
    state, events = run(state, (PlaceBuilding("i10"), 0))
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(0, RED, "i10", None)]


def test_bld_10_a_catastrophe_cannot_destroy_a_building() -> None:
    """BLD-10, CATA-8: the building's tile is no catastrophe target."""
    state = position(MOVE.format("."), config=BLD, buildings={BLACK: "c10"})
    rejected(state, tr.PlaceCatastrophe("c10"), "CATA-8", 0)


def test_bld_10_a_monument_on_another_block_leaves_the_building() -> None:
    """BLD-10: the building stands on e5, next to the block f5-g6 but not in it: the monument
    leaves it where it is."""
    state = position(
        """
             e  f  g
          5  r  r  .
          6  .  r  r
        """,
        config=BLD,
        hands={0: "r"},
        buildings={RED: "e5"},
    )
    state = tr.apply(state, tr.PlaceTile(RED, "g5"), 0)
    assert state.pending == tr.StructureDecision(
        0,
        (
            (tr.Monument.BLACK_RED, "f5"),
            (tr.Monument.RED_BLUE, "f5"),
            (tr.Monument.RED_GREEN, "f5"),
        ),
    )
    after = tr.apply(state, tr.BuildMonument(tr.Monument.BLACK_RED, "f5"), 0)
    assert building(after, RED) == "e5"


# --- BLD-11: the bonus ---------------------------------------------------------------------------

# Player 0's {leader} on f5 (temple e5) rules g5 and h5 (green); the green tile goes on g6.
BONUS_KINGDOM = """
     e  f  g  h
  5  r  {}  g  g
"""


@pytest.mark.parametrize("leader", ["0G", "0K"])
def test_bld_11_the_placement_vp_earns_one_more_when_the_building_is_in_the_kingdom(
    leader: str,
) -> None:
    """BLD-11: the green building stands on h5, in the kingdom. A green tile scores 1 green VP
    for the trader (or, without a trader, the king: TILE-8) and 1 more for the building."""
    state = position(
        BONUS_KINGDOM.format(leader), config=BLD, hands={0: "g"}, buildings={GREEN: "h5"}
    )
    after, events = tr.step(state, tr.PlaceTile(GREEN, "g6"), 0)
    assert of_type(events, PointsScored) == [
        PointsScored(0, GREEN, 1, PLACEMENT),
        PointsScored(0, GREEN, 1, BONUS),
    ]
    assert after.scores[0] == (0, 0, 0, 2)


def test_bld_11_the_bonus_goes_to_the_scorer_not_the_placer() -> None:
    """BLD-11, TILE-8: player 0 places the green tile into player 1's trader's kingdom:
    player 1 scores 1 + 1 green VP."""
    state = position(
        BONUS_KINGDOM.format("1G"), config=BLD, hands={0: "g"}, buildings={GREEN: "h5"}
    )
    after, events = tr.step(state, tr.PlaceTile(GREEN, "g6"), 0)
    assert of_type(events, PointsScored) == [
        PointsScored(1, GREEN, 1, PLACEMENT),
        PointsScored(1, GREEN, 1, BONUS),
    ]
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 2))


@pytest.mark.parametrize(
    ("h5", "buildings", "why"),
    [
        ("g", {GREEN: "k10"}, "the green building is in another region"),
        ("k", {BLACK: "h5"}, "only the black building is in the kingdom"),
        ("g", {}, "the green building is in the supply"),
    ],
)
def test_bld_11_no_bonus_without_the_tile_colour_building_in_the_kingdom(
    h5: str, buildings: dict[tr.Color, str], why: str
) -> None:
    """BLD-11: without the green building in the trader's kingdom the tile scores 1 only."""
    diagram = f"""
         e  f  g  h  k
      5  r  0G g  {h5}  .
     10  .  .  .  .  g
    """
    state = position(diagram, config=BLD, hands={0: "g"}, buildings=buildings)
    after, events = tr.step(state, tr.PlaceTile(GREEN, "g6"), 0)
    assert of_type(events, PointsScored) == [PointsScored(0, GREEN, 1, PLACEMENT)], why
    assert after.scores[0] == (0, 0, 0, 1)


def test_bld_11_a_building_placed_later_in_the_action_does_not_pay_for_the_tile() -> None:
    """BLD-11: the green tile on i5 scores 1 green VP (the building is in the supply) and
    makes the row g5-i5; the building then goes on h5, in the kingdom, but pays nothing for
    this tile."""
    state = position(BONUS_KINGDOM.format("0G"), config=BLD, hands={0: "g"})
    state, events = run(state, (tr.PlaceTile(GREEN, "i5"), 0))
    assert of_type(events, PointsScored) == [PointsScored(0, GREEN, 1, PLACEMENT)]
    assert building_decision(state).squares == ("g5", "h5", "i5")
    after, events = run(state, (PlaceBuilding("h5"), 0))
    assert not of_type(events, PointsScored)
    assert after.scores[0] == (0, 0, 0, 1)


# --- BLD-12: the bonus applies only to TILE-8 ---------------------------------------------------


def test_bld_12_no_bonus_for_war_vp() -> None:
    """BLD-12: the black building on g6 is on the winner's side; the attacker scores 1 + 2
    black VP for the war and nothing more."""
    state = row_war({0: "kkk", 1: ""}, buildings={BLACK: "g6"})
    state, events = run(state, (tr.CommitSupport(2), 0), (tr.CommitSupport(0), 1))
    assert of_type(events, PointsScored) == [PointsScored(0, BLACK, 3, ScoreCause.WAR)]
    assert state.scores[0] == (3, 0, 0, 0)


def test_bld_12_no_bonus_for_revolt_vp() -> None:
    """BLD-12: the red building is in the kingdom of a revolt; the winner scores 1 red VP."""
    state = position(
        """
             e  f  g  h
          4  .  r  .  r
          5  r  1R r  .
          6  .  r  .  .
        """,
        config=BLD,
        hands={0: "rrr", 1: ""},
        buildings={RED: "g5"},
    )
    state, events = run(
        state,
        (tr.PlaceLeader(RED, "h5"), 0),
        (tr.CommitSupport(3), 0),
        (tr.CommitSupport(0), 1),
    )
    assert of_type(events, ConflictResolved) == [ConflictResolved(REVOLT, RED, 0, 1, 5, 4)]
    assert of_type(events, PointsScored) == [PointsScored(0, RED, 1, ScoreCause.REVOLT)]


def test_bld_12_no_bonus_for_monument_income() -> None:
    """BLD-12, MON-11: the active player's priest shares a kingdom with the red/blue monument
    and the red building: the end of turn gives 1 red VP, no bonus."""
    state = position(
        """
             c  d  e  f
          5  r  0R #  #
          6  .  .  #  #
        """,
        config=BLD,
        hands={0: "kkkkkk", 1: "kkkkkk"},
        monuments={tr.Monument.RED_BLUE: "e5"},
        buildings={RED: "c5"},
    )
    state = with_spares(state)
    after, events = tr.step(state, tr.EndTurn(), 0)
    assert of_type(events, PointsScored) == [PointsScored(0, RED, 1, ScoreCause.MONUMENT)]
    assert after.scores[0] == (0, 1, 0, 0)


def test_bld_12_a_unification_tile_gets_no_bonus_but_triggers_a_building_move() -> None:
    """BLD-12, TILE-10, BLD-3: the black tile on g5 unites player 0's king (f4) and player 1's
    priest (h4): no conflict, no VP, though the black building (f6) is in the kingdom. After
    the unification the row f5-h5 of 3 is longer than the building's current line (f5-f6, 2),
    so the building may move there."""
    state = position(
        """
             e  f  g  h  i
          3  .  r  .  .  .
          4  .  0K .  1R r
          5  .  k  .  k  .
          6  .  k  .  .  .
        """,
        config=BLD,
        hands={0: "k"},
        buildings={BLACK: "f6"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g5"), 0)
    assert events[0] == TilePlaced(0, BLACK, "g5", unification=True)
    assert not of_type(events, PointsScored)
    assert after.marker == NO_SQUARE
    assert building_decision(after) == BuildingDecision(0, BLACK, ("f5", "g5", "h5"))
    moved, events = tr.step(after, PlaceBuilding("g5"), 0)
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(0, BLACK, "g5", "f6")]
    assert moved.scores == ((0, 0, 0, 0), (0, 0, 0, 0))


# --- BLD-13: the tile keeps every function ------------------------------------------------------


def test_bld_13_a_red_tile_with_the_building_is_a_temple_and_links() -> None:
    """BLD-13: the only temple near f4 carries the red building: a king may stand on f4
    (LEADER-7), and the building's tile links f4 to f6, so a black tile on f6 scores for the
    king (TILE-8)."""
    state = position(
        """
             f
          5  r
        """,
        config=BLD,
        hands={0: "k"},
        buildings={RED: "f5"},
    )
    state, events = run(state, (tr.PlaceLeader(BLACK, "f4"), 0), (tr.PlaceTile(BLACK, "f6"), 0))
    assert state.leader_square(0, BLACK) == "f4"
    assert of_type(events, PointsScored) == [PointsScored(0, BLACK, 1, PLACEMENT)]


def test_bld_13_the_building_tile_counts_in_a_block() -> None:
    """BLD-13, MON-1: the block f5-g6 includes the building's tile f5; the tile on g6
    completes it and the red monuments are offered (no line of 3, so no building decision)."""
    state = position(
        """
             f  g
          5  r  r
          6  r  .
        """,
        config=BLD,
        hands={0: "r"},
        buildings={RED: "f5"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    decision = after.pending
    assert isinstance(decision, tr.StructureDecision)
    assert [b for _, b in decision.monuments] == ["f5", "f5", "f5"]


def test_bld_13_the_building_tile_counts_in_a_line() -> None:
    """BLD-13, BLD-2: the red building's own tile (f5) is part of the line f5-h5 a red tile on
    h5 makes; with the building in place that is its own line, so no move is offered, while
    without a building all three tiles are offered."""
    diagram = "     f  g\n  5  r  r\n"
    with_building = position(diagram, config=BLD, hands={0: "r"}, buildings={RED: "f5"})
    assert tr.apply(with_building, tr.PlaceTile(RED, "h5"), 0).pending is None
    without = position(diagram, config=BLD, hands={0: "r"})
    after = tr.apply(without, tr.PlaceTile(RED, "h5"), 0)
    assert building_decision(after).squares == ("f5", "g5", "h5")


# --- rulebook examples (seed 000) -----------------------------------------------------------------

# The lion built the granary (blue building) on b4 of his river row a4-c4. The bull holds a
# blue tile; the river row g9-i9 waits for j9.
GRANARY = """
     a  b  c  d  g  h  i  j
  4  b  b  b  ~  .  .  .  .
  9  .  .  .  .  {} b  b  ~
"""


def test_rulebook_granary_moved_onto_a_longer_row() -> None:
    """Rulebook (000, « Le buffle place une tuile Ferme... plus longue que celle formée par le
    lion »), BLD-4, BLD-5: the bull's blue tile on j9 makes the row g9-j9 of 4, longer than
    the lion's row of 3 under the granary: he may move the granary, and moves it to h9."""
    state = with_spares(
        position(
            GRANARY.format("b"),
            config=BLD3,
            hands={BULL: "b"},
            active=BULL,
            buildings={BLUE: "b4"},
        )
    )
    state, events = run(state, (tr.PlaceTile(BLUE, "j9"), BULL))
    assert building_decision(state) == BuildingDecision(BULL, BLUE, ("g9", "h9", "i9", "j9"))
    state, events = run(state, (PlaceBuilding("h9"), BULL))
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(BULL, BLUE, "h9", "b4")]
    assert building(state, BLUE) == "h9"
    assert at(state, "b4") == B
    assert state.pending is None


def test_rulebook_granary_stays_when_the_new_row_is_not_longer() -> None:
    """Rulebook (000, « si les deux séries ont la même longueur, le bâtiment ne peut être
    déplacé »), BLD-4: with g9 empty the bull's row h9-j9 has 3 tiles, as many as the
    lion's: no decision, the granary stays on b4."""
    state = with_spares(
        position(
            GRANARY.format("~"),
            config=BLD3,
            hands={BULL: "b"},
            active=BULL,
            buildings={BLUE: "b4"},
        )
    )
    after = tr.apply(state, tr.PlaceTile(BLUE, "j9"), BULL)
    assert after.pending is None
    assert building(after, BLUE) == "b4"


# The market building stands on e5, in the green row e5-g5. j7 and k7 are green; l7 is empty.
MARKET = """
     a  b  c  e  f  g  h  i  j  k  l
  5  .  .  .  g  g  g  .  .  .  .  .
  7  .  .  .  .  .  .  .  .  g  g  .
 10  .  .  .  .  .  .  {} {} {} .  .
 11  r* r* r* .  .  .  .  .  .  .  .
"""


def test_rulebook_market_building_stays_after_a_catastrophe_then_moves() -> None:
    """Rulebook (000, « L'archer choisit comme première action une Catastrophe... le bâtiment
    du Marché lui-même reste en place »), BLD-8, BLD-5, BLD-4: the archer's catastrophe on f5
    breaks the green row; the market building stays on e5 (its line is now 1). His second
    action, a green tile on l7, creates the row j7-l7 of 3, longer than that: he moves the
    building to k7. Then his turn ends."""
    state = position(
        MARKET.format(".", ".", "."),
        config=BLD3,
        hands={ARCHER: "gkkkkk"},
        buildings={GREEN: "e5"},
    )
    state, events = run(state, (tr.PlaceCatastrophe("f5"), ARCHER))
    assert of_type(events, CatastrophePlaced) == [CatastrophePlaced(ARCHER, "f5", GREEN)]
    assert at(state, "f5") == CATASTROPHE
    assert building(state, GREEN) == "e5"
    assert at(state, "e5") == G
    state, events = run(state, (tr.PlaceTile(GREEN, "l7"), ARCHER))
    assert building_decision(state) == BuildingDecision(ARCHER, GREEN, ("j7", "k7", "l7"))
    state, events = run(state, (PlaceBuilding("k7"), ARCHER))
    assert of_type(events, BuildingPlaced) == [BuildingPlaced(ARCHER, GREEN, "k7", "e5")]
    assert building(state, GREEN) == "k7"
    assert state.active == BULL
    assert state.pending is None


def test_rulebook_market_building_could_not_move_before_the_catastrophe() -> None:
    """Rulebook (000) with BLD-5: without the catastrophe, the row j7-l7 of 3 is not longer
    than the building's row e5-g5: the same green tile gives no decision."""
    state = position(
        MARKET.format(".", ".", "."),
        config=BLD3,
        hands={ARCHER: "gkkkkk"},
        buildings={GREEN: "e5"},
    )
    after = tr.apply(state, tr.PlaceTile(GREEN, "l7"), ARCHER)
    assert after.pending is None
    assert building(after, GREEN) == "e5"


def test_rulebook_market_only_a_series_the_new_tile_creates_counts() -> None:
    """Rulebook (000, « Il n'aurait pas pu le faire si cette série avait été préexistante »),
    BLD-3: after the catastrophe, a row of 3 green tiles already stands on h10-j10, longer
    than the building's line; a green tile on d10, touching no green tile, gives no
    decision: the old row does not count, only a line holding the new tile does."""
    state = position(
        MARKET.format("g", "g", "g"),
        config=BLD3,
        hands={ARCHER: "gkkkkk"},
        buildings={GREEN: "e5"},
    )
    state = play(state, tr.PlaceCatastrophe("f5"))
    after = tr.apply(state, tr.PlaceTile(GREEN, "d10"), ARCHER)
    assert after.pending is None
    assert building(after, GREEN) == "e5"


def test_bld_building_decision_answers_are_actions_of_the_right_types() -> None:
    """BLD-6 (answers as actions): every legal answer is PlaceBuilding for an offered square
    or Decline, and each one is accepted by apply."""
    state = position("     e  f\n  5  k  k\n", config=BLD, hands={0: "k"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    answers = list(tr.legal_actions(state))
    assert answers == [*(PlaceBuilding(s) for s in ("e5", "f5", "g5")), Decline()]
    for answer in answers:
        after = tr.apply(state, answer, 0)
        assert after.pending is None
        expected = answer.square if isinstance(answer, PlaceBuilding) else None
        assert building(after, BLACK) == expected


def test_bld_without_the_variant_a_line_of_three_gives_nothing() -> None:
    """BLD-1 (V3): buildings are used only with the variant; the same tile in the base game
    completes the action without any decision."""
    diagram = "     e  f\n  5  k  k\n"
    base = position(diagram, hands={0: "k"})
    after = tr.apply(base, tr.PlaceTile(BLACK, "g5"), 0)
    assert after.pending is None
    assert after.actions_taken == 1
    assert building_squares(after) == (NO_SQUARE,) * 4


def test_bld_6_the_rejections_of_a_wrong_answer_name_the_rule_and_the_choices() -> None:
    """BLD-6, CONV-15: a building square the decision does not offer is rejected under BLD-6
    with a reason naming the building and the offered squares; another answer type is
    rejected under CONV-15 with a reason naming the player and the decision."""
    state = position(
        """
             e  f
          5  k  k
          6  k  .
        """,
        config=BLD,
        hands={0: "k"},
    )
    state = tr.apply(state, tr.PlaceTile(BLACK, "g5"), 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, PlaceBuilding("e6"), 0)
    assert info.value.rule == "BLD-6"
    assert info.value.reason == (
        "the black building cannot go on e6 now (choose among e5, f5, g5 or decline)"
    )
    assert str(info.value) == f"BLD-6: {info.value.reason}"
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, ChooseColor(BLACK), 0)
    assert info.value.rule == "CONV-15"
    assert info.value.reason == (
        "a decision is pending: player 0 must place the civilization building or decline"
    )


def test_bld_11_the_bonus_goes_to_the_owner_of_a_second_seat_king() -> None:
    """BLD-11, TILE-8: player 0 places a black tile into the kingdom of player 1's king (flat
    leader number 4): the king's owner, player 1, scores 1 + 1 black VP (the building bonus
    follows the scorer's seat, not a neighbouring one)."""
    state = position(
        """
             e  f  g  h
          5  r  1K k  k
        """,
        config=BLD,
        hands={0: "k"},
        buildings={BLACK: "h5"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g6"), 0)
    assert of_type(events, PointsScored) == [
        PointsScored(1, BLACK, 1, PLACEMENT),
        PointsScored(1, BLACK, 1, BONUS),
    ]
    assert after.scores == ((0, 0, 0, 0), (2, 0, 0, 0))


def test_a_line_is_the_run_of_its_colour_along_the_row_or_column_and_never_wraps() -> None:
    """BLD-2: the line through a square is the maximal run of face-up tiles of its colour
    in its row (never continuing onto the next row) or its column, compared here with a
    square-by-square walk over random boards."""
    import random

    from tigris_rules.model.squares import COLUMNS, ROWS, SQUARE_COUNT
    from tigris_rules.variants.buildings import line_through

    def walk(cells: list[int], square: int, step: int) -> list[int]:
        row, col = divmod(square, COLUMNS)
        dr, dc = (0, 1) if step == 1 else (1, 0)
        run = [square]
        for sign in (-1, 1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLUMNS and cells[r * COLUMNS + c] == cells[square]:
                run.append(r * COLUMNS + c)
                r, c = r + sign * dr, c + sign * dc
        return sorted(run)

    rng = random.Random(5)
    for _ in range(20):
        cells = [rng.choice((0, 0, 1, EMPTY, FLIPPED)) for _ in range(SQUARE_COUNT)]
        for square in range(SQUARE_COUNT):
            for step in (1, COLUMNS):
                expected = walk(cells, square, step) if cells[square] <= 3 else [square]
                assert line_through(cells, square, step) == expected, (square, step)
