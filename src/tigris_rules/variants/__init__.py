"""The variants of the board game shipped with this package, each one module plugged in
through the extension points of :mod:`tigris_rules.rules.hooks` and declared as an entry
point of the group ``tigris_rules.variants`` (as any other distribution declares its own).

The alternative board (ALT) needs no plug-in: it is a board layout, chosen with
``GameConfig(board="alternative")``.
"""

from __future__ import annotations

from tigris_rules.variants.buildings import Buildings
from tigris_rules.variants.english import EnglishConflicts
from tigris_rules.variants.ziggurat import Ziggurat

__all__ = ["Buildings", "EnglishConflicts", "Ziggurat"]
