"""Plain-ASCII rendering of the board and of the final result.

The board is drawn as 11 rows of 16 cells, each cell three characters wide, under a header of
column letters ``a``..``p``; squares keep the names of CONV-1 (``a1`` top-left, ``p11``
bottom-right). The output is pure ASCII and depends only on the state, so it can be compared
in tests and printed on any terminal.
"""

from __future__ import annotations

from tigris_rules import result
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER, ZIGGURAT
from tigris_rules.model.squares import COLUMNS, ROWS, square_name
from tigris_rules.model.state import NO_SQUARE, GameState

__all__ = ["DYNASTIES", "LEGEND", "render_board", "render_result"]

DYNASTIES: tuple[str, ...] = ("archer", "bull", "lion", "urn")
"""The dynasty label of each seat, seat 0 first (CONV-4)."""

LEGEND = (
    "Legend: . land  ~ river  k r b g tile (black red blue green)  * treasure  "
    "# monument tile  Z ziggurat  X catastrophe  0K leader (seat, K R B G)"
)
"""The line printed under the board that explains the cell symbols."""

_TILE_LETTERS = "krbg"
_LEADER_LETTERS = "KRBG"
_COLUMN_LETTERS = "abcdefghijklmnop"
_ROW_LABEL_WIDTH = 4


def _cell_text(state: GameState, square: int, leader_at: dict[int, int]) -> str:
    """The three characters that draw ``square``."""
    code = state.cells[square]
    mark = "*" if square in state.treasures else " "
    if 0 <= code <= 3:
        return f" {_TILE_LETTERS[code]}{mark}"
    if code == FLIPPED:
        return f" #{mark}"
    if code == ZIGGURAT:
        return f" Z{mark}"
    if code == CATASTROPHE:
        return " X "
    if code == LEADER:
        leader = leader_at.get(square)
        if leader is None:
            return " ? "
        player, colour = divmod(leader, 4)
        return f" {player}{_LEADER_LETTERS[colour]}"
    if code == EMPTY:
        ground = "~" if state.layout.river[square] else "."
        return f" {ground}{mark}"
    return " ? "


def _monument_line(state: GameState) -> str:
    built = [
        f"{monument.value} at {square_name(block)}"
        for monument, block in zip(MONUMENTS, state.monuments, strict=True)
        if block != NO_SQUARE
    ]
    return "Monuments: " + (", ".join(built) if built else "none built")


def render_board(state: GameState) -> str:
    """Draw the board of ``state`` as plain ASCII text.

    The first line holds the column letters ``a``..``p``; then come the 11 rows, each
    starting with its row number. Every cell is three characters wide:

    - `` . `` an empty land square, `` ~ `` an empty river square;
    - `` k ``, `` r ``, `` b ``, `` g `` a face-up black, red, blue or green tile;
    - `` # `` a flipped tile under a monument, `` Z `` a ziggurat square;
    - `` X `` a catastrophe;
    - `` 0K`` a leader: the owner's seat and the upper-case colour letter.

    A ``*`` in the third character marks a treasure on the square. A legend line and the
    list of built monuments (with the top-left square of their block) follow the board.
    The text has no trailing newline.
    """
    leader_at = {
        square: leader for leader, square in enumerate(state.leaders) if square != NO_SQUARE
    }
    pad = " " * _ROW_LABEL_WIDTH
    lines = [(pad + "".join(f" {letter} " for letter in _COLUMN_LETTERS[:COLUMNS])).rstrip()]
    for row in range(ROWS):
        cells = "".join(
            _cell_text(state, row * COLUMNS + column, leader_at) for column in range(COLUMNS)
        )
        lines.append(f"{row + 1:>2}  {cells}".rstrip())
    lines.append(LEGEND)
    lines.append(_monument_line(state))
    return "\n".join(lines)


def _dynasty(player: int) -> str:
    return DYNASTIES[player] if 0 <= player < len(DYNASTIES) else "?"


def _slashed(values: tuple[int, ...]) -> str:
    return "/".join(str(v) for v in values)


def render_result(state: GameState) -> str:
    """Draw the result of ``state`` as a plain ASCII table, best place first.

    One row per player with: place (shared on ties, SCORE-5), seat and dynasty, VP in
    black, red, blue and green, treasures held, how the treasures were assigned per colour
    (SCORE-2, black/red/blue/green), the sorted score vector (SCORE-3) and the score (its
    first entry). A title line says whether the result is final or provisional. The text
    has no trailing newline.
    """
    outcome = result(state)
    title = "Final result" if outcome.final else "Provisional result (the game is not over)"
    header = (
        "Place",
        "Seat",
        "Dynasty",
        "Black",
        "Red",
        "Blue",
        "Green",
        "Treasures",
        "Allocation k/r/b/g",
        "Vector",
        "Score",
    )
    rows: list[tuple[str, ...]] = []
    for entry in sorted(outcome.players, key=lambda p: (p.place, p.player)):
        rows.append(
            (
                str(entry.place),
                str(entry.player),
                _dynasty(entry.player),
                *(str(v) for v in entry.scores),
                str(entry.treasures),
                _slashed(entry.allocation),
                _slashed(entry.vector),
                str(entry.vector[0]),
            )
        )
    text_columns = {2, 8, 9}
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        parts = [
            cell.ljust(width) if i in text_columns else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * width for width in widths)
    body = [line(header), rule, *(line(r) for r in rows)]
    if outcome.final:
        winners = [
            f"seat {p.player} ({_dynasty(p.player)})"
            for p in sorted(outcome.players, key=lambda p: p.player)
            if p.place == 1
        ]
        label = "Winner" if len(winners) == 1 else "Winners (shared first place)"
        body.append(f"{label}: {', '.join(winners)}")
    return "\n".join([title, *body])
