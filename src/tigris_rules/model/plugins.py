"""The plug-ins of the installed environment: rulesets and variants, found as entry points.

A distribution declares its plug-ins in its metadata, as ``pip`` installs them::

    [project.entry-points."tigris_rules.variants"]
    english = "tigris_rules.variants.english:EnglishConflicts"

    [project.entry-points."tigris_rules.rulesets"]
    board = "tigris_rules.rules.ruleset:BoardRules"

The rulesets (group ``tigris_rules.rulesets``) are the games a configuration may name; the
variants (group ``tigris_rules.variants``) are the board-game variants. This package declares
its own the same way, so the names a configuration accepts, their canonical order, the JSON
Schema's variant list and the command line's help all come from what is installed: nothing
lists them by hand.

What is found is remembered for the current import path (``sys.path``): a directory added to
it later (a test's plug-ins, say) is searched the next time a plug-in is looked up.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import Any

from tigris_rules.errors import ConfigError

__all__ = [
    "RULESET_GROUP",
    "VARIANT_GROUP",
    "plugin",
    "plugin_names",
    "variant_order",
]

RULESET_GROUP = "tigris_rules.rulesets"
"""The entry-point group of rulesets: one per game a configuration can name."""

VARIANT_GROUP = "tigris_rules.variants"
"""The entry-point group of board-game variants."""

DEFAULT_ORDER = 100
"""The place in canonical order of a variant that declares none (after the shipped ones)."""


def plugin_names(group: str) -> tuple[str, ...]:
    """The names declared in ``group``, in canonical order (variants: by their ``order``
    attribute, then by name; rulesets: by name)."""
    return _found(group, tuple(sys.path))[0]


def plugin(group: str, name: str) -> Any:
    """The object the entry point ``name`` of ``group`` names, imported on first use.

    Raises :class:`~tigris_rules.ConfigError` if no installed distribution declares it, or
    if it cannot be imported.
    """
    found = _found(group, tuple(sys.path))[1].get(name)
    if found is None:
        known = ", ".join(plugin_names(group)) or "none"
        raise ConfigError(f"no plug-in {name!r} in {group} (installed: {known})")
    if isinstance(found, _Broken):
        raise ConfigError(found.reason)
    return found


def variant_order(names: tuple[str, ...]) -> tuple[str, ...]:
    """``names`` in canonical variant order (their hooks run in that order)."""
    rank = {name: i for i, name in enumerate(plugin_names(VARIANT_GROUP))}
    return tuple(sorted(names, key=lambda n: (rank.get(n, len(rank)), n)))


@cache
def _found(group: str, path: tuple[str, ...]) -> tuple[tuple[str, ...], Mapping[str, Any]]:
    del path  # the cache key: what is installed is read again when the path changes
    loaded: dict[str, Any] = {}
    for point in entry_points(group=group):
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
        names = sorted(usable, key=lambda n: (getattr(loaded[n], "order", DEFAULT_ORDER), n))
    else:
        names = sorted(usable)
    return tuple(names), MappingProxyType(loaded)


class _Broken:
    """A plug-in that could not be imported, and why."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
