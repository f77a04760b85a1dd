"""The games and variants a configuration may name: this package's, registered here in code,
and those of other distributions, found as entry points.

This package's games (the board game and the card game) and variants (English conflicts,
civilization buildings, the ziggurat) are listed below by the dotted path of their class and
imported when first used, so the package runs from a source checkout with nothing installed
but its run-time dependencies. Another distribution adds its own as entry points, in the
groups ``tigris_rules.rulesets`` and ``tigris_rules.variants``::

    [project.entry-points."tigris_rules.variants"]
    calm = "my_variants.calm:Calm"

This package's names are found without reading what is installed, and each of its classes is
imported only when its name is used: a first board game loads neither the card game nor a
variant it does not name. An installed plug-in named like one of this package's is never
loaded, and reading the installed plug-ins warns of it (:class:`PluginWarning`, naming both),
so an installation can never change what ``"ziggurat"`` means. What is installed is read
when first needed (a name that is not this package's, or the list of names) and remembered
for the current import path (``sys.path``): a directory added to it later (a test's
plug-ins, say) is searched the next time a plug-in is looked up.
"""

from __future__ import annotations

import importlib
import sys
import warnings
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
    "ImportedClass",
    "PluginWarning",
    "is_plugin",
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
    return _names(group, tuple(sys.path))


@cache
def _names(group: str, path: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`plugin_names` while ``sys.path`` is ``path``."""
    installed = _installed(group, path)
    usable = (n for n, obj in installed.items() if not isinstance(obj, _Broken))
    return _in_order(group, (*BUILT_IN.get(group, {}), *usable))


def _in_order(group: str, names: tuple[str, ...]) -> tuple[str, ...]:
    if group == VARIANT_GROUP:
        return tuple(sorted(names, key=lambda n: (_order(plugin(group, n)), n)))
    return tuple(sorted(names))


def is_plugin(group: str, name: str) -> bool:
    """Whether ``name`` is a usable plug-in of ``group``: this package's names are known
    without looking at what is installed."""
    if name in BUILT_IN.get(group, {}):
        return True
    found = _installed(group, tuple(sys.path)).get(name)
    return found is not None and not isinstance(found, _Broken)


def plugin(group: str, name: str) -> Any:
    """The class named ``name`` in ``group``, imported on first use.

    This package's names always mean its own classes: they are imported without looking at
    what is installed. Raises :class:`~tigris_rules.ConfigError` if no such plug-in is built
    in or installed, or if it cannot be imported.
    """
    if name in BUILT_IN.get(group, {}):
        return _built_in(group, name)
    found = _installed(group, tuple(sys.path)).get(name)
    if found is None:
        known = ", ".join(plugin_names(group)) or "none"
        raise ConfigError(f"no plug-in {name!r} in {group} (known: {known})")
    if isinstance(found, _Broken):
        raise ConfigError(found.reason)
    return found


def variant_order(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in canonical variant order (their hooks run in that order); a name that is
    no usable variant goes last."""

    def rank(name: str) -> tuple[int, int, str]:
        if not is_plugin(VARIANT_GROUP, name):
            return (1, 0, name)
        return (0, _order(plugin(VARIANT_GROUP, name)), name)

    return tuple(sorted(names, key=rank))


def _order(variant: Any) -> int:
    order: int = getattr(variant, "order", DEFAULT_ORDER)
    return order


def entry_points(*, group: str) -> EntryPoints:
    """The entry points of ``group`` the installed distributions declare (``importlib.metadata``
    is imported when first asked, not with the package)."""
    from importlib.metadata import entry_points as declared

    return declared(group=group)


@cache
def _built_in(group: str, name: str) -> Any:
    module, _, attribute = BUILT_IN[group][name].partition(":")
    loaded = getattr(importlib.import_module(module), attribute)
    if group == VARIANT_GROUP:
        declare(getattr(loaded, "rule_texts", None))
    return loaded


@cache
def _installed(group: str, path: tuple[str, ...]) -> Mapping[str, Any]:
    """The plug-ins of ``group`` other distributions install, by name: each class, or why it
    cannot be used. One that takes a built-in name is never loaded: a warning names both."""
    del path  # the cache key: what is installed is read again when the path changes
    built_in = BUILT_IN.get(group, {})
    loaded: dict[str, Any] = {}
    for point in entry_points(group=group):
        if point.name in built_in:
            if point.value != built_in[point.name]:
                warnings.warn(
                    f"the plug-in {point.name!r} of {group} ({point.value}) takes the name of "
                    f"this package's {built_in[point.name]} and is not used: rename it",
                    PluginWarning,
                    stacklevel=2,
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
            continue
        if group == VARIANT_GROUP:
            declare(getattr(loaded[point.name], "rule_texts", None))
    return MappingProxyType(loaded)


class ImportedClass:
    """A class attribute holding a class imported from a dotted path (``"module:Name"``) when
    first read, so that a class can name another without importing its module with its own."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __get__(self, instance: object, owner: type | None = None) -> type:
        module, _, attribute = self.where.partition(":")
        found: type = getattr(importlib.import_module(module), attribute)
        return found


class PluginWarning(UserWarning):
    """An installed plug-in that is not used: it takes the name of one of this package's."""


class _Broken:
    """A plug-in that cannot be used, and why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
