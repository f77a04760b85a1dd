"""The two boards (RULES.md COMP-1..COMP-3, COMP-9, ALT-1..ALT-3): the engine's layouts
checked square by square against the authoritative board files, their check values, and an
alternative-board game's treasures and bag."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules.model.board import BOARD_NAMES, board_layout
from tigris_rules.model.events import TreasureTaken
from tigris_rules.model.squares import COLUMNS, ROWS, SQUARE_COUNT, square_index, square_name
from tigris_rules.render.diagram import position

SHARED_BOARDS = Path(__file__).resolve().parent.parent.parent / "shared" / "boards"

CLASSIC_STARTS = {"k1", "b2", "p2", "f3", "n5", "i7", "b8", "o9", "f10", "k11"}
CLASSIC_PRIORITY = {"b2", "p2", "b8", "o9"}
ALT_STARTS = {
    "e1", "j1", "o2", "b3", "g4", "l4", "d6", "p6", "a8", "h8", "m8", "e10", "j11", "o11",
}  # fmt: skip
ALT_PRIORITY = {"b3", "p6", "a8", "e10", "j11", "o11"}


def read_board_file(path: Path) -> list[str]:
    """The 11 rows of 16 cell characters of a board file, read independently of the engine
    (COMP-9): '#' comments and blank lines skipped; a row is its number right-aligned in two
    characters, two spaces, then the cells."""
    rows: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, cells = line[:2], line[4:]
        assert int(number) == len(rows) + 1, line
        assert line[2:4] == "  ", line
        assert len(cells) == COLUMNS, line
        rows.append(cells)
    assert len(rows) == ROWS
    return rows


def shared_board(name: str) -> Path:
    path = SHARED_BOARDS / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"{path} is missing: no specification folder shared/ beside the checkout")
    return path


def names(squares: object) -> set[str]:
    return {square_name(s) for s in squares}  # type: ignore[attr-defined]


# --- square by square against the files -----------------------------------------------------------


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_comp_1_every_square_matches_the_shared_board_file(board: str) -> None:
    """COMP-1, COMP-9, ALT-1: for each of the 176 squares, river/land, start square and
    priority square are exactly what the shared board file says."""
    rows = read_board_file(shared_board(board))
    layout = board_layout(board)
    assert len(layout.river) == SQUARE_COUNT
    mismatches = []
    for row, cells in enumerate(rows):
        for column, char in enumerate(cells):
            square = row * COLUMNS + column
            expected = (char == "~", char in "TC", char == "C")
            actual = (
                layout.river[square],
                square in layout.start_squares,
                square in layout.priority_squares,
            )
            if expected != actual:
                mismatches.append(f"{square_name(square)}: file {char!r}, engine {actual}")
    assert not mismatches, "\n".join(mismatches)


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_comp_1_the_packaged_board_is_a_copy_of_the_shared_file(board: str) -> None:
    """COMP-1: the board file shipped in the package is the authoritative one."""
    shared = shared_board(board).read_text(encoding="utf-8")
    packaged = resources.files("tigris_rules").joinpath("data", "boards", f"{board}.txt")
    assert packaged.read_text(encoding="utf-8") == shared


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_comp_9_the_shared_file_holds_only_the_four_cell_characters(board: str) -> None:
    """COMP-9: every cell is '.', '~', 'T' or 'C'."""
    rows = read_board_file(shared_board(board))
    assert set("".join(rows)) <= set(".~TC")


# --- check values ---------------------------------------------------------------------------


def test_comp_2_classic_check_values() -> None:
    """COMP-2: the classic board has 41 river squares, the 10 start squares k1, b2, p2, f3,
    n5, i7, b8, o9, f10, k11, and the priority squares b2, p2, b8, o9."""
    layout = board_layout("classic")
    assert sum(layout.river) == 41
    assert names(layout.start_squares) == CLASSIC_STARTS
    assert len(layout.start_squares) == 10
    assert names(layout.priority_squares) == CLASSIC_PRIORITY
    assert not any(layout.river[s] for s in layout.start_squares)


def test_comp_3_alternative_check_values() -> None:
    """COMP-3, ALT-1, ALT-3: the alternative board has 39 river squares, 14 start squares
    (e1, j1, o2, b3, g4, l4, d6, p6, a8, h8, m8, e10, j11, o11) and the six priority squares
    b3, p6, a8, e10, j11, o11."""
    layout = board_layout("alternative")
    assert sum(layout.river) == 39
    assert names(layout.start_squares) == ALT_STARTS
    assert len(layout.start_squares) == 14
    assert names(layout.priority_squares) == ALT_PRIORITY
    assert not any(layout.river[s] for s in layout.start_squares)


def test_comp_3_k11_is_no_start_square_of_the_alternative_board() -> None:
    """COMP-3: the only other public encoding names k11 as a priority square by mistake; the
    framed temple is j11 (alternative.txt's header)."""
    layout = board_layout("alternative")
    assert square_index("k11") not in layout.start_squares
    assert square_index("j11") in layout.priority_squares


# --- an alternative-board game ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_alt_2_an_alternative_game_has_14_treasures_and_139_bag_tiles(players: int) -> None:
    """ALT-2, COMP-7, SETUP-3, SETUP-4: 14 start temples each with a treasure, and 139 tiles
    (30 black, 43 red, 36 blue, 30 green) between the bag and the hands."""
    state = tr.new_game(tr.GameConfig(players=players, board="alternative"), seed=players)
    assert names(state.treasures) == ALT_STARTS
    assert len(state.treasures) == 14
    assert state.bag_size == 139 - 6 * players
    totals = [0, 0, 0, 0]
    for tile in state.bag[state.bag_pos :]:
        totals[tile] += 1
    for hand in state.hands:
        for color in range(4):
            totals[color] += hand[color]
    assert totals == [30, 43, 36, 30]
    assert sum(totals) == 139


def test_alt_3_the_treasures_outside_the_rivers_are_taken_first() -> None:
    """ALT-3, TREAS-4: on the alternative board a trader on b8 joins the start temples a8 and
    e10 (both outside the rivers, `C`) and d6 (between them, `T`): the two priority
    treasures are taken at once and d6's stays, with no decision."""
    state = position(
        """
             a  b  c  d  e
          6  k  k  b  r* .
          7  k  .  .  .  .
          8  r* .  .  .  .
          9  k  k  k  k  k
         10  .  .  .  .  r*
        """,
        config=tr.GameConfig(players=2, board="alternative"),
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceLeader(tr.Color.GREEN, "b8"), 0)
    taken = sorted(e.square for e in events if isinstance(e, TreasureTaken))
    assert taken == ["a8", "e10"]
    assert names(after.treasures) == {"d6"}
    assert after.treasures_held == (2, 0)
    assert after.pending is None


def test_alt_3_on_the_classic_board_the_same_treasures_are_ordinary() -> None:
    """ALT-3 by contrast, TREAS-5: on the classic board a8, e10 and d6 are all ordinary, so
    the taker chooses which one stays."""
    state = position(
        """
             a  b  c  d  e
          6  k  k  k  r* .
          7  k  .  .  .  .
          8  r* .  .  .  .
          9  k  k  k  k  k
         10  .  .  .  .  r*
        """,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceLeader(tr.Color.GREEN, "b8"), 0)
    decision = after.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert set(decision.candidates) == {"a8", "d6", "e10"}
