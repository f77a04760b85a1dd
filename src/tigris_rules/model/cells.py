"""What one board square holds (CONV-5), as small integers in the state's flat board.

Codes 0..3 are face-up tiles of the colour with that canonical index (CONV-3).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BLACK",
    "BLUE",
    "CATASTROPHE",
    "EMPTY",
    "FLIPPED",
    "GREEN",
    "IS_OCCUPIED",
    "LEADER",
    "RED",
    "STRUCTURE",
]

BLACK: Final = 0
RED: Final = 1
BLUE: Final = 2
GREEN: Final = 3
"""The face-up tiles: each code is its colour's canonical index (``Color.index``)."""
EMPTY: Final = 4  # no tile, ziggurat square, catastrophe or leader (CONV-6)
"""An empty square (CONV-6)."""
FLIPPED: Final = 5
"""A tile turned face down under a monument (MON-6)."""
STRUCTURE: Final = 6
"""A square covered by a variant's structure (the ziggurat's, say): occupied, it connects
regions, holds no tile, and takes no tile, leader or catastrophe."""
CATASTROPHE: Final = 7
"""A catastrophe tile (CATA-9)."""
LEADER: Final = 8
"""A leader; which one is in the state's ``leaders``."""

IS_OCCUPIED: Final[tuple[bool, ...]] = (True, True, True, True, False, True, True, False, True)
"""Occupied squares (CONV-7), indexed by cell code: tiles, flipped tiles, structures, leaders."""
