"""The variants of the board game, each one module plugged in through the extension points
of :mod:`tigris_rules.rules.hooks`. Importing this package makes them playable by name.

The alternative board (ALT) needs no plug-in: it is a board layout, chosen with
``GameConfig(board="alternative")``.
"""

from __future__ import annotations

from tigris_rules.rules.hooks import register
from tigris_rules.variants.buildings import Buildings
from tigris_rules.variants.english import EnglishConflicts
from tigris_rules.variants.ziggurat import Ziggurat

__all__ = ["Buildings", "EnglishConflicts", "Ziggurat"]

register(EnglishConflicts())
register(Buildings())
register(Ziggurat())
