"""Board layouts read from the authoritative board files (COMP-1, COMP-9)."""

from __future__ import annotations

from functools import cache
from typing import Final

import attrs

from tigris_rules.model.squares import COLUMNS, ROWS

__all__ = ["BOARD_NAMES", "BoardFileError", "BoardLayout", "board_layout", "parse_board"]

BOARD_NAMES: Final[tuple[str, ...]] = ("classic", "alternative")


class BoardFileError(ValueError):
    """A board file that does not follow COMP-9."""


@attrs.frozen
class BoardLayout:
    """The fixed geometry of one board.

    ``river`` says for each square number whether it is a river square; ``start_squares``
    lists the squares that start with a temple and a treasure (SETUP-3), and
    ``priority_squares`` the ones whose treasure must be taken first (TREAS-3).
    ``land_squares`` and ``river_squares`` are the square numbers of either kind, in order.
    """

    name: str
    river: tuple[bool, ...]
    start_squares: tuple[int, ...]
    priority_squares: frozenset[int]
    land_squares: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    river_squares: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    @land_squares.default
    def _land_squares(self) -> tuple[int, ...]:
        return tuple(s for s, river in enumerate(self.river) if not river)

    @river_squares.default
    def _river_squares(self) -> tuple[int, ...]:
        return tuple(s for s, river in enumerate(self.river) if river)


def parse_board(name: str, text: str) -> BoardLayout:
    """Read a board file as COMP-9 describes; :class:`BoardFileError` for any other content."""
    rows: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        expected = f"{len(rows) + 1:>2}  "
        if not line.startswith(expected) or len(line) != len(expected) + COLUMNS:
            raise BoardFileError(f"line {number}: expected row {len(rows) + 1} as {expected!r}")
        cells = line[len(expected) :]
        if any(c not in ".~TC" for c in cells):
            raise BoardFileError(f"line {number}: cells may only be '.', '~', 'T' or 'C'")
        rows.append(cells)
    if len(rows) != ROWS:
        raise BoardFileError(f"expected {ROWS} rows, found {len(rows)}")
    flat = "".join(rows)
    return BoardLayout(
        name=name,
        river=tuple(c == "~" for c in flat),
        start_squares=tuple(i for i, c in enumerate(flat) if c in "TC"),
        priority_squares=frozenset(i for i, c in enumerate(flat) if c == "C"),  # ALT-3
    )


@cache
def board_layout(name: str) -> BoardLayout:
    """The layout of the board called ``name`` (``"classic"`` or ``"alternative"``), with the
    check values of COMP-2 (classic) or COMP-3 (alternative)."""
    if name not in BOARD_NAMES:
        raise KeyError(name)
    from importlib import resources  # imported when a board is first read

    text = resources.files("tigris_rules").joinpath("data", "boards", f"{name}.txt").read_text()
    return parse_board(name, text)
