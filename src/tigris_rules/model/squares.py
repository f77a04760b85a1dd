"""Square names and geometry of the 16 x 11 board (CONV-1, CONV-2).

Squares are numbered 0..175 row by row from the top-left square ``a1``; square number
``row * 16 + column``. Public actions use the names ``a1``..``p11``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = [
    "COLUMNS",
    "NEIGHBOURS",
    "ROWS",
    "SQUARE_COUNT",
    "SQUARE_INDEX",
    "SQUARE_NAMES",
    "beside",
    "is_square_name",
    "square_index",
    "square_name",
]

COLUMNS: Final = 16
"""The columns of the board, ``a`` to ``p`` (CONV-1)."""
ROWS: Final = 11
"""The rows of the board, ``1`` to ``11`` (CONV-1)."""
SQUARE_COUNT: Final = COLUMNS * ROWS
"""The squares of the board, numbered 0 (``a1``) to 175 (``p11``) row by row."""
_LETTERS: Final = "abcdefghijklmnop"

SQUARE_NAMES: Final[tuple[str, ...]] = tuple(
    f"{_LETTERS[i % COLUMNS]}{i // COLUMNS + 1}" for i in range(SQUARE_COUNT)
)
"""The name of each square, by number (:func:`square_name` as a table)."""
SQUARE_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(SQUARE_NAMES)}
"""The number of each square, by name (:func:`square_index` as a table, for hot paths)."""


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = divmod(square, COLUMNS)
    result = []
    if row > 0:
        result.append(square - COLUMNS)
    if col > 0:
        result.append(square - 1)
    if col < COLUMNS - 1:
        result.append(square + 1)
    if row < ROWS - 1:
        result.append(square + COLUMNS)
    return tuple(result)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(s) for s in range(SQUARE_COUNT))
"""The squares adjacent to each square (sharing a side, CONV-2), in ascending order."""


def beside(cells: Sequence[int], square: int, code: int) -> bool:
    """Whether a square adjacent to ``square`` holds ``code`` in the board ``cells``."""
    for n in NEIGHBOURS[square]:  # noqa: SIM110 (a loop is several times faster than any())
        if cells[n] == code:
            return True
    return False


def is_square_name(name: object) -> bool:
    """Whether ``name`` is one of ``a1``..``p11`` (lower case, CONV-1)."""
    return isinstance(name, str) and name in SQUARE_INDEX


def square_index(name: str) -> int:
    """The number of the square called ``name``; ``KeyError`` for any other text."""
    return SQUARE_INDEX[name]


def square_name(index: int) -> str:
    """The name of square number ``index``."""
    return SQUARE_NAMES[index]
