"""Components of the board game (COMP) and the numbers the rules count with, defined once.

The board layouts, the monuments and the colours are model data (``tigris_rules.model``);
this module holds the counts the rules of Part I state.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CATASTROPHES_PER_PLAYER",
    "HAND_SIZE",
    "TILE_COUNTS",
    "TOTAL_TILES",
    "TREASURE_END_THRESHOLD",
]

TILE_COUNTS: Final[tuple[int, int, int, int]] = (30, 57, 36, 30)
"""The civilization tiles by colour: black, red, blue, green (COMP-4)."""

TOTAL_TILES: Final = sum(TILE_COUNTS)
"""The 153 civilization tiles of the game (COMP-4): bag + hands + board + out of the game."""

HAND_SIZE: Final = 6
"""Tiles in a full hand: dealt at the setup (SETUP-6), refilled to at the end of a turn
(TURN-11, TURN-12)."""

CATASTROPHES_PER_PLAYER: Final = 2
"""Catastrophe tiles each player starts with, outside the hand (COMP-5, CATA-1)."""

TREASURE_END_THRESHOLD: Final = 2
"""The game ends at the end of a turn with at most this many treasures left on the board
(END-1; the same on both boards, ALT-4)."""
