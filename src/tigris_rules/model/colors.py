"""Colours (CONV-3) and the names of the pieces that carry them."""

from __future__ import annotations

from enum import Enum
from typing import Final

__all__ = ["COLORS", "Color", "color_from_name"]


class Color(Enum):
    """The four colours in canonical order (CONV-3): black, red, blue, green.

    ``Color.RED.index`` is the colour's position in canonical order, used by every tuple of
    four per-colour values in this library.
    """

    BLACK = "black"
    RED = "red"
    BLUE = "blue"
    GREEN = "green"

    # Members are singletons compared by identity: hashing by identity (in C) is equivalent
    # to Enum's hash by name and much faster in the engine's many per-colour lookups.
    __hash__ = object.__hash__

    _value_: str
    index: int
    """Position in canonical order: black 0, red 1, blue 2, green 3 (set once below)."""

    @property
    def tile_name(self) -> str:
        """The tile of this colour: settlement, temple, farm or market."""
        return _TILE_NAMES[self.index]

    @property
    def leader_name(self) -> str:
        """The leader of this colour: king, priest, farmer or trader."""
        return _LEADER_NAMES[self.index]

    def __str__(self) -> str:
        return self._value_


COLORS: Final[tuple[Color, ...]] = (Color.BLACK, Color.RED, Color.BLUE, Color.GREEN)
for _position, _color in enumerate(COLORS):
    _color.index = _position
_TILE_NAMES = ("settlement", "temple", "farm", "market")
_LEADER_NAMES = ("king", "priest", "farmer", "trader")
_BY_NAME = {c.value: c for c in COLORS}


def color_from_name(name: str) -> Color:
    """The colour called ``name`` (lower case), or ``KeyError`` for any other text."""
    return _BY_NAME[name]
