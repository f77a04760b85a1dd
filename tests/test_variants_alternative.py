"""Scenario tests for the alternative board (RULES.md §17, ALT-1..ALT-5, V2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypeVar

import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.actions import Decline
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import STRUCTURE
from tigris_rules.model.events import Event, GameOver, TreasureTaken
from tigris_rules.model.squares import NEIGHBOURS, square_index, square_name
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.render.diagram import position
from tigris_rules.variants.buildings import BuildingDecision, building_squares
from tigris_rules.variants.ziggurat import BuildZiggurat, ZigguratBuilt, ziggurat_centre

BLACK, RED, BLUE, GREEN = tr.Color.BLACK, tr.Color.RED, tr.Color.BLUE, tr.Color.GREEN
E = TypeVar("E")

ALT = tr.GameConfig(players=2, board="alternative")
CLASSIC = tr.GameConfig(players=2)
ALT_STARTS = {
    "e1", "j1", "o2", "b3", "g4", "l4", "d6", "p6", "a8", "h8", "m8", "e10", "j11", "o11",
}  # fmt: skip
ALT_PRIORITY = {"b3", "p6", "a8", "e10", "j11", "o11"}
VARIANT_SETS = [
    (),
    ("english",),
    ("buildings",),
    ("ziggurat",),
    ("english", "buildings"),
    ("english", "ziggurat"),
    ("buildings", "ziggurat"),
    ("english", "buildings", "ziggurat"),
]


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def names(squares: object) -> set[str]:
    return {square_name(s) for s in squares}  # type: ignore[attr-defined]


# --- ALT-1: the layout ----------------------------------------------------------------------------


def test_alt_1_the_game_is_played_on_the_alternative_layout() -> None:
    """ALT-1: the state's layout is the alternative one (39 river squares, COMP-3), and the
    tile rules follow it: c1 is a river square there (land on the classic board), so a blue
    tile goes there and a red one does not."""
    state = position(config=ALT, hands={0: "rb"})
    assert state.layout == board_layout("alternative")
    assert sum(state.layout.river) == 39
    after = tr.apply(state, tr.PlaceTile(BLUE, "c1"), 0)
    assert after.cells[square_index("c1")] == BLUE.index
    rejected(state, tr.PlaceTile(RED, "c1"), "TILE-4")
    classic = position(config=CLASSIC, hands={0: "rb"})
    rejected(classic, tr.PlaceTile(BLUE, "c1"), "TILE-3")
    assert tr.PlaceTile(RED, "c1") in tr.legal_actions(classic)


def test_alt_1_a_classic_river_square_is_land_on_the_alternative_board() -> None:
    """ALT-1: e1 is a river square of the classic board and a start temple of the
    alternative one; i9 is classic river and alternative land."""
    alt = board_layout("alternative")
    classic = board_layout("classic")
    for name in ("e1", "i9"):
        assert classic.river[square_index(name)]
        assert not alt.river[square_index(name)]
    state = position(config=ALT, hands={0: "rb"})
    rejected(state, tr.PlaceTile(BLUE, "i9"), "TILE-3")
    assert tr.PlaceTile(RED, "i9") in tr.legal_actions(state)


# --- ALT-2: setup -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_alt_2_fourteen_start_temples_and_139_tiles_in_bag_and_hands(players: int) -> None:
    """ALT-2, SETUP-3, SETUP-4: the 14 start squares hold a temple and a treasure; the other
    139 tiles (43 red) form the bag, from which every player drew 6."""
    state = tr.new_game(tr.GameConfig(players=players, board="alternative"), seed=7)
    temples = {square_name(s) for s, c in enumerate(state.cells) if c == RED.index}
    assert temples == ALT_STARTS
    assert names(state.treasures) == ALT_STARTS
    assert len(state.treasures) == 14
    assert all(sum(hand) == 6 for hand in state.hands)
    assert state.bag_size == 139 - 6 * players
    tiles = Counter(state.bag[state.bag_pos :])
    for hand in state.hands:
        for color in range(4):
            tiles[color] += hand[color]
    assert [tiles[c] for c in range(4)] == [30, 43, 36, 30]


# --- ALT-3: priority treasures ----------------------------------------------------------------

# Two treasures on b2 and b3; a trader placed on a2 makes them one kingdom.
TWO_TREASURES = """
     a  b
  2  .  r*
  3  .  r*
 10  .  r*
 11  .  r*
"""


@pytest.mark.parametrize(
    ("config", "taken", "stays"),
    [(ALT, "b3", "b2"), (CLASSIC, "b2", "b3")],
)
def test_alt_3_the_priority_treasures_are_the_six_c_squares(
    config: tr.GameConfig, taken: str, stays: str
) -> None:
    """ALT-3, TREAS-4: b3 is a priority square of the alternative board (b2 one of the classic
    board). A trader joining both treasures takes the priority one; the other stays."""
    state = position(TWO_TREASURES, config=config, hands={0: "k"})
    after, events = tr.step(state, tr.PlaceLeader(GREEN, "a2"), 0)
    assert of_type(events, TreasureTaken) == [TreasureTaken(0, taken)]
    assert square_index(stays) in after.treasures
    assert square_index(taken) not in after.treasures
    assert after.treasures_held == (1, 0)
    assert after.pending is None


def land_parts(board: str) -> list[set[int]]:
    """The parts the rivers cut the land into: maximal sets of adjacent land squares."""
    layout = board_layout(board)
    parts: list[set[int]] = []
    seen: set[int] = set()
    for start in range(len(layout.river)):
        if layout.river[start] or start in seen:
            continue
        part = {start}
        todo = [start]
        while todo:
            for n in NEIGHBOURS[todo.pop()]:
                if not layout.river[n] and n not in part:
                    part.add(n)
                    todo.append(n)
        seen |= part
        parts.append(part)
    return parts


def test_alt_3_the_six_priority_squares_lie_outside_the_rivers() -> None:
    """ALT-3: the rivers cut the alternative board's land into three parts. The eight start
    squares of the middle (largest) part are ordinary; the six outside it, beyond a river,
    are exactly the priority squares."""
    layout = board_layout("alternative")
    parts = sorted(land_parts("alternative"), key=len)
    assert [len(p) for p in parts] == [23, 34, 80]
    between = parts[-1]
    outside = {s for s in layout.start_squares if s not in between}
    assert names(outside) == ALT_PRIORITY
    assert layout.priority_squares == outside
    assert len({s for s in layout.start_squares if s in between}) == 8


def test_alt_3_two_priority_treasures_without_an_ordinary_one_ask_the_taker() -> None:
    """ALT-3, TREAS-5: a8 and e10 are both `C` squares of the alternative board; with them in
    one trader kingdom and no ordinary treasure, the owner chooses which of them stays."""
    state = position(
        """
             a  b  c  d  e
          8  r* .  .  .  .
          9  k  k  k  k  k
         10  .  .  .  .  r*
        """,
        config=ALT,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceLeader(GREEN, "b8"), 0)
    decision = after.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.candidates) == {"a8", "e10"}
    done, events = tr.step(after, tr.KeepTreasure("e10"), 0)
    assert of_type(events, TreasureTaken) == [TreasureTaken(0, "a8")]
    assert names(done.treasures) == {"e10"}


# --- ALT-4: the treasure end -----------------------------------------------------------------


@pytest.mark.parametrize(("extra", "over"), [(1, True), (2, False)])
def test_alt_4_treasure_end_at_two_treasures_as_on_the_classic_board(
    extra: int, over: bool
) -> None:
    """ALT-4, END-1: on the alternative board (14 treasures at the start) the game still ends
    at the end of a turn that leaves 2 or fewer treasures: the trader takes b3, leaving b2
    and `extra` more treasures."""
    diagram = "\n".join(TWO_TREASURES.splitlines()[: 4 + extra]) + "\n"
    state = position(diagram, config=ALT, hands={0: "kkkkk", 1: "kkkkkk"})
    state = tr.apply(state, tr.PlaceLeader(GREEN, "a2"), 0)
    assert len(state.treasures) == 1 + extra
    after, events = tr.step(state, tr.EndTurn(), 0)
    assert tr.is_over(after) is over
    assert of_type(events, GameOver) == ([GameOver("treasures")] if over else [])


# --- ALT-5: no other change; combines with the variants ---------------------------------------


@pytest.mark.parametrize("variants", VARIANT_SETS)
def test_alt_5_alt_combines_with_every_variant_set(variants: tuple[str, ...]) -> None:
    """ALT-5: every set of variants plays on the alternative board; the opening position is
    the board's, with the buildings in supply and no ziggurat (SETUP-7)."""
    config = tr.GameConfig(players=3, board="alternative", variants=variants)
    state = tr.new_game(config, seed=3)
    assert state.config.variants == variants
    assert len(state.treasures) == 14
    assert building_squares(state) == (NO_SQUARE,) * 4
    assert ziggurat_centre(state) == NO_SQUARE
    assert len(tr.legal_actions(state)) > 0


def test_alt_5_english_rule_on_the_alternative_board() -> None:
    """ALT-5 with ENG-2: on the alternative board a revolt with A0 = 2 and D0 = 4 offers the
    attacker only 0 or 3 and more."""
    config = tr.GameConfig(players=2, board="alternative", variants=("english",))
    state = position(
        """
             e  f  g  h
          4  .  r  .  r
          5  r  1R r  .
          6  .  r  .  .
        """,
        config=config,
        hands={0: "rrrr", 1: "rr"},
    )
    state = tr.apply(state, tr.PlaceLeader(RED, "h5"), 0)
    assert [a.count for a in tr.legal_actions(state) if isinstance(a, tr.CommitSupport)] == [
        0,
        3,
        4,
    ]
    rejected(state, tr.CommitSupport(2), "ENG-2", 0)


def test_alt_5_buildings_and_ziggurat_on_the_alternative_board() -> None:
    """ALT-5 with BLD-3, ZIG-3, D14: on the alternative board a green tile on h5 completes a
    cross; its row and column are lines of 3, so the building decision comes first (all five
    tiles), then the structure decision offers the cross; the ziggurat is built."""
    config = tr.GameConfig(players=2, board="alternative", variants=("buildings", "ziggurat"))
    state = position(
        """
             g  h  i
          4  .  g  .
          5  g  .  g
          6  .  g  .
        """,
        config=config,
        hands={0: "g"},
    )
    state = tr.apply(state, tr.PlaceTile(GREEN, "h5"), 0)
    assert state.pending == BuildingDecision(0, GREEN, ("h4", "g5", "h5", "i5", "h6"))
    state = tr.apply(state, Decline(), 0)
    assert state.pending == tr.StructureDecision(0, (), (BuildZiggurat("h5"),))
    after, events = tr.step(state, BuildZiggurat("h5"), 0)
    assert of_type(events, ZigguratBuilt) == [ZigguratBuilt(0, "h5")]
    assert ziggurat_centre(after) == square_index("h5")
    for square in ("h4", "g5", "h5", "i5", "h6"):
        assert after.cells[square_index(square)] == STRUCTURE


def test_alt_5_no_other_rule_changes_the_same_position_plays_alike() -> None:
    """ALT-5: away from the squares whose river/land differ, the same inputs on the same
    drawn position give the same board and scores on both boards."""
    diagram = """
         f  g  h  i  j
      5  r  0K .  1K r
      6  .  k  .  k  .
    """
    results = []
    for config in (CLASSIC, ALT):
        state = position(diagram, config=config, hands={0: "kk", 1: "k"})
        state = play(state, tr.PlaceTile(BLACK, "h5"), tr.CommitSupport(1), tr.CommitSupport(1))
        results.append((state.cells, state.scores, state.leaders, state.hands))
    assert results[0] == results[1]
