"""A protocol class handed to :func:`~tigris_rules.model.facets.offered`."""

from __future__ import annotations

from typing import Any

__all__ = ["as_facet"]


def as_facet(protocol: type) -> Any:
    """``protocol`` as :func:`~tigris_rules.model.facets.offered` takes it. Type checkers
    accept only a concrete class where ``offered`` asks for a class, never a protocol; the
    caller types what ``offered`` returns."""
    return protocol
