"""Public names of a package imported when first asked for (PEP 562).

A package lists, for each of its public names, the module that holds it; the package's
``__getattr__`` imports that module when the name is first read and keeps the value in the
package's namespace, so that later reads find it at once. ``import tigris_rules`` thus loads
neither the card game nor the records, views, pictures or AI until a program uses them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping

__all__ = ["attach"]


def attach(
    package: str, modules: Mapping[str, str], namespace: MutableMapping[str, object]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package`` (its ``__name__``),
    whose names ``modules`` maps each to the module that holds it, absolute or relative to
    the package (``".board"``); ``namespace`` is the package's ``globals()``. A name that
    is the last part of its module's name (``"rulebook": "tigris_rules.rulebook"``) stands
    for the module itself."""

    def __getattr__(name: str) -> object:
        module = modules.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        found = importlib.import_module(module, package)
        value = found if found.__name__ == f"{package}.{name}" else getattr(found, name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *modules})

    return __getattr__, __dir__
