"""The installed variants, for what meets a variant's piece with no game at hand:
an event or a decision told alone (a rejection naming a decision of a variant the game does
not play, say), the last input of a picture, the tokens of a diagram, the legend under every
text board.

A game's own variants are ``state.ruleset.variants``; these are every variant declared as an
entry point of the group ``tigris_rules.variants`` (:mod:`tigris_rules.model.plugins`), in
canonical order, each made once per set of installed plug-ins. Their :attr:`slot` is their
place among the installed variants, not in a game: only hooks that read no area are asked of
them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tigris_rules.model.plugins import VARIANT_GROUP, plugin, plugin_names
from tigris_rules.rules.hooks import Variant

__all__ = ["declaring", "installed_variants"]


def installed_variants() -> tuple[Variant[Any], ...]:
    """One instance of every installed variant, in canonical order."""
    return _made(tuple(plugin(VARIANT_GROUP, name) for name in plugin_names(VARIANT_GROUP)))


def declaring(declaration: str, kind: type) -> Variant[Any] | None:
    """The first installed variant whose class attribute ``declaration`` (``"inputs"``,
    ``"events"``, ``"decisions"``) lists ``kind`` or a class it derives from,
    or ``None``."""
    for variant in installed_variants():
        if issubclass(kind, getattr(variant, declaration)):
            return variant
    return None


@cache
def _made(classes: tuple[type[Variant[Any]], ...]) -> tuple[Variant[Any], ...]:
    return tuple(cls(slot) for slot, cls in enumerate(classes))
