"""Components of the card game (CARD-COMP) and the names of the places on the table.

Cards are small integers in the state: ``0..3`` a civilization card of that colour in
canonical order (CONV-3: black, red, blue, green), :data:`TREASURE` a treasure card, and
:data:`Boat` codes ``5..7`` for the boats standing in a column.

A *place* on the table (a "spot") has a public name:

- ``"c.p"``: position ``p`` of column ``c`` (``c`` = 1..8, ``p`` = 1, 2, ... from the top,
  CARD-DEF-1), and ``"c.0"`` the column's head (CARD-DEF-2). ``"3.0"`` is the head of column
  3 and ``"3.2"`` the second card below it.
- ``"gN"``: the card in gap ``N`` (N = 1..7), between columns N and N+1 (CARD-SETUP-1).

Inside the state a spot is a pair ``(x, y)``: ``x`` even is column ``x // 2`` (0-based) at
position ``y``; ``x`` odd is gap ``x // 2`` (0-based) and ``y`` is 0, so heads and gap cards
share row 0, as they lie on the table.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Final, TypeAlias

from tigris_rules._arguments import expect
from tigris_rules.model.colors import Color

__all__ = [
    "CARD_COUNTS",
    "COLUMNS",
    "FIRST_BOAT",
    "GAPS",
    "HAND_SIZE",
    "KNOWN_SPOTS",
    "TOTAL_CARDS",
    "TREASURE",
    "TREASURE_CARDS",
    "TWO_PLAYER_SET_ASIDE",
    "Boat",
    "Loc",
    "column_spot",
    "gap_spot",
    "parse_spot",
    "spot_name",
]

Loc: TypeAlias = tuple[int, int]
"""A place on the table: ``(2 * column, position)`` or ``(2 * gap + 1, 0)``, 0-based."""

BLACK, RED, BLUE, GREEN = 0, 1, 2, 3
TREASURE = 4
"""Card code of a treasure card: red on the table, wild on a VP pile (CARD-COMP-2, CARD-VP-3)."""

CARD_COUNTS: tuple[int, int, int, int] = (40, 65, 40, 40)
"""Civilization cards other than the treasure cards, per colour: black, red, blue, green
(CARD-COMP-2)."""
TREASURE_CARDS = 8
"""Treasure cards, red on the table and the heads of the columns (CARD-COMP-2,
CARD-SETUP-1)."""
TOTAL_CARDS = sum(CARD_COUNTS) + TREASURE_CARDS
"""All 193 civilization cards, treasure cards included (CARD-COMP-2)."""
COLUMNS = 8
GAPS = 7
HAND_SIZE = 8
TWO_PLAYER_SET_ASIDE = 30
"""Cards removed unseen from the draw pile in a two-player game (CARD-SETUP-4)."""
LEADERS_PER_PLAYER = 4


class Boat(Enum):
    """The three boats, each pairing blue with another colour (CARD-COMP-3).

    Their order (by the other colour, canonical order) is the order of legal answers.
    """

    BLUE_BLACK = "blue-black"
    BLUE_RED = "blue-red"
    BLUE_GREEN = "blue-green"

    @property
    def other(self) -> Color:
        """The colour paired with blue."""
        return _OTHER[self]

    @property
    def colors(self) -> tuple[Color, Color]:
        """The boat's two colours: blue and the other one."""
        return (Color.BLUE, _OTHER[self])

    @property
    def code(self) -> int:
        """The boat's card code in a column (5, 6 or 7)."""
        return _CODE[self]

    def __str__(self) -> str:
        return self.value


BOATS: tuple[Boat, ...] = tuple(Boat)
_OTHER = {Boat.BLUE_BLACK: Color.BLACK, Boat.BLUE_RED: Color.RED, Boat.BLUE_GREEN: Color.GREEN}
_CODE = {b: 5 + i for i, b in enumerate(BOATS)}
BOAT_OF_CODE = {code: boat for boat, code in _CODE.items()}
BOAT_FOR_COLOR = {boat.other.index: boat for boat in BOATS}
"""The boat eligible for a run of a colour other than blue (CARD-BOAT-2)."""


FIRST_BOAT: Final = 5
"""The smallest boat code: every column code from it on is a boat."""


def is_boat(code: int) -> bool:
    """Whether a column code is a boat."""
    return code >= FIRST_BOAT


_SPOT = re.compile(r"([1-8])\.(0|[1-9][0-9]*)|g([1-7])")


def parse_spot(name: object) -> Loc | None:
    """The place a spot name means, or ``None`` when ``name`` is not a spot name (CONV-19)."""
    if not isinstance(name, str):
        return None
    known = KNOWN_SPOTS.get(name)
    if known is not None:
        return known
    match = _SPOT.fullmatch(name)
    if match is None:
        return None
    column, position, gap = match.groups()
    if gap is not None:
        return (2 * (int(gap) - 1) + 1, 0)
    return (2 * (int(column) - 1), int(position))


_KNOWN_DEPTH: Final = 24
"""The deepest position whose name :data:`KNOWN_SPOTS` holds: the last of the largest column
limit (a deeper one is read by the pattern)."""

KNOWN_SPOTS: Final[dict[str, Loc]] = {
    **{f"{c + 1}.{p}": (2 * c, p) for c in range(COLUMNS) for p in range(_KNOWN_DEPTH + 1)},
    **{f"g{g + 1}": (2 * g + 1, 0) for g in range(GAPS)},
}
"""The places of the spot names a table can hold, found without the pattern."""


def spot_name(loc: Loc) -> str:
    """The public name of a place on the table."""
    x, y = loc
    if x % 2:
        return f"g{x // 2 + 1}"
    return f"{x // 2 + 1}.{y}"


def column_spot(column: int, position: int) -> str:
    """The name of position ``position`` (0 = the head) of column ``column`` (1..8)."""
    expect(column, int, "column")
    expect(position, int, "position")
    return f"{column}.{position}"


def gap_spot(gap: int) -> str:
    """The name of the card in gap ``gap`` (1..7)."""
    expect(gap, int, "gap")
    return f"g{gap}"
