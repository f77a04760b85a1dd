"""The games and variants a configuration may name: this package's, registered here in code,
and those of other distributions, found as entry points.

This package's games (the board game and the card game) and variants (English conflicts,
civilization buildings, the ziggurat) are listed below by the dotted path of their class and
imported when first used, so the package runs from a source checkout with nothing installed
but its run-time dependencies. Another distribution adds its own as entry points, in the
groups ``tigris_rules.rulesets`` and ``tigris_rules.variants``::

    [project.entry-points."tigris_rules.variants"]
    calm = "my_variants.calm:Calm"

A plug-in named like one of this package's is refused (:func:`plugin` raises
:class:`~tigris_rules.ConfigError` naming both), so an installation can never change what
``"ziggurat"`` means. What is installed is remembered for the current import path
(``sys.path``): a directory added to it later (a test's plug-ins, say) is searched the next
time a plug-in is looked up.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from tigris_rules._rule_texts import declare
from tigris_rules.errors import ConfigError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoints

__all__ = [
    "BUILT_IN",
    "RULESET_GROUP",
    "VARIANT_GROUP",
    "plugin",
    "plugin_names",
    "variant_order",
]

RULESET_GROUP: Final = "tigris_rules.rulesets"
"""The entry-point group of rulesets: one per game a configuration can name."""

VARIANT_GROUP: Final = "tigris_rules.variants"
"""The entry-point group of board-game variants."""

BUILT_IN: Final[Mapping[str, Mapping[str, str]]] = MappingProxyType(
    {
        RULESET_GROUP: MappingProxyType(
            {
                "board": "tigris_rules.games.board:BoardGame",
                "cards": "tigris_rules.games.cards:CardGame",
            }
        ),
        VARIANT_GROUP: MappingProxyType(
            {
                "english": "tigris_rules.variants.english:EnglishConflicts",
                "buildings": "tigris_rules.variants.buildings:Buildings",
                "ziggurat": "tigris_rules.variants.ziggurat:Ziggurat",
            }
        ),
    }
)
"""This package's games and variants, by group and name: the dotted path of each class."""

DEFAULT_ORDER: Final = 100
"""The place in canonical order of a variant that declares none (after the shipped ones)."""


def plugin_names(group: str) -> tuple[str, ...]:
    """The names of ``group``, built-in and installed, in canonical order (variants: by their
    ``order`` attribute, then by name; rulesets: by name)."""
    return _found(group, tuple(sys.path))[0]


def plugin(group: str, name: str) -> Any:
    """The class named ``name`` in ``group``, imported on first use.

    Raises :class:`~tigris_rules.ConfigError` if no such plug-in is built in or installed, if
    it cannot be imported, or if an installed distribution declares one of this package's
    names for another class.
    """
    found = _found(group, tuple(sys.path))[1].get(name)
    if found is None:
        known = ", ".join(plugin_names(group)) or "none"
        raise ConfigError(f"no plug-in {name!r} in {group} (known: {known})")
    if isinstance(found, _Broken):
        raise ConfigError(found.reason)
    return found


def variant_order(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in canonical variant order (their hooks run in that order)."""
    rank = {name: i for i, name in enumerate(plugin_names(VARIANT_GROUP))}
    return tuple(sorted(names, key=lambda n: (rank.get(n, len(rank)), n)))


def _load(where: str) -> Any:
    module, _, attribute = where.partition(":")
    return getattr(importlib.import_module(module), attribute)


def entry_points(*, group: str) -> EntryPoints:
    """The entry points of ``group`` the installed distributions declare (``importlib.metadata``
    is imported when first asked, not with the package)."""
    from importlib.metadata import entry_points as declared

    return declared(group=group)


@cache
def _found(group: str, path: tuple[str, ...]) -> tuple[tuple[str, ...], Mapping[str, Any]]:
    del path  # the cache key: what is installed is read again when the path changes
    built_in = BUILT_IN.get(group, {})
    loaded: dict[str, Any] = {name: _load(where) for name, where in built_in.items()}
    for point in entry_points(group=group):
        if point.name in built_in:
            if point.value != built_in[point.name]:
                loaded[point.name] = _Broken(
                    f"the plug-in {point.name!r} of {group} ({point.value}) takes the name of "
                    f"this package's {built_in[point.name]}: rename it"
                )
            continue
        if point.name in loaded:
            continue  # the first distribution on the path wins, as for imports
        try:
            loaded[point.name] = point.load()
        except Exception as exc:  # a broken plug-in is refused by name, the others still work
            loaded[point.name] = _Broken(
                f"the plug-in {point.name!r} of {group} ({point.value}) cannot be loaded: "
                f"{type(exc).__name__}: {exc}"
            )
    usable = [n for n, obj in loaded.items() if not isinstance(obj, _Broken)]
    if group == VARIANT_GROUP:
        for name in usable:
            declare(getattr(loaded[name], "rule_texts", None))
        names = sorted(usable, key=lambda n: (getattr(loaded[n], "order", DEFAULT_ORDER), n))
    else:
        names = sorted(usable)
    return tuple(names), MappingProxyType(loaded)


class _Broken:
    """A plug-in that cannot be used, and why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
