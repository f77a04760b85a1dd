"""The variants of the board game shipped with this package, each one module: a
:class:`~tigris_rules.rules.hooks.Variant` (the core hooks of the rules) with the facets it
offers the adapters, registered in code (:data:`tigris_rules.model.plugins.BUILT_IN`); other
distributions declare theirs as entry points of the group ``tigris_rules.variants``.

The alternative board (ALT) needs no plug-in: it is a board layout, chosen with
``GameConfig(board="alternative")``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tigris_rules._lazy import attach

if TYPE_CHECKING:
    from tigris_rules.variants.buildings import Buildings
    from tigris_rules.variants.english import EnglishConflicts
    from tigris_rules.variants.ziggurat import Ziggurat

__all__ = ["Buildings", "EnglishConflicts", "Ziggurat"]

_MODULES = {"Buildings": ".buildings", "EnglishConflicts": ".english", "Ziggurat": ".ziggurat"}


# Each variant's module is imported when its class is first asked for: a configuration naming
# one variant loads that one alone.
if not TYPE_CHECKING:  # type checkers see the names imported above, and no others
    __getattr__, __dir__ = attach(__name__, _MODULES, globals())
