"""Facets: what an adapter asks of a ruleset or a variant beyond the rules.

Each adapter declares what it needs as a small :class:`typing.Protocol` of its own, beside
it (the JSON codec of a variant's data, its view, its pictures, ...). A ruleset or a variant
offers a facet by implementing every member of the protocol; :func:`offered` finds it. The
rules never name a facet, so a variant that changes one rule is one class with one hook.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from typing_extensions import get_protocol_members

from tigris_rules.errors import ConfigError

__all__ = ["offered"]

P = TypeVar("P")


def offered(obj: object, facet: type[P]) -> P | None:
    """``obj`` as ``facet`` (a protocol) if its class implements every member of it, ``None``
    if it implements none.

    A class that implements some members but not all is refused with
    :class:`~tigris_rules.ConfigError` naming what is missing: a facet is offered whole.
    """
    kind: Any = type(obj)  # classes are hashable: the answer is kept per class
    protocol: Any = facet
    if _implements(kind, protocol):
        return obj  # type: ignore[return-value]  # every member of the protocol is there
    return None


@cache
def _implements(kind: Any, facet: Any) -> bool:
    members = sorted(get_protocol_members(facet))
    present = [m for m in members if any(m in vars(base) for base in kind.__mro__[:-1])]
    if present and len(present) < len(members):
        missing = ", ".join(m for m in members if m not in present)
        raise ConfigError(
            f"{kind.__module__}.{kind.__qualname__} offers part of {facet.__name__}: "
            f"it defines {', '.join(present)} but not {missing}"
        )
    return bool(present)
