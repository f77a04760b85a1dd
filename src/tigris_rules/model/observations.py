"""The layout of an observation: named segments of a flat vector of ints
(:func:`~tigris_rules.ai.information.observation_layout`)."""

from __future__ import annotations

import attrs

__all__ = ["ObservationSegment"]


@attrs.frozen
class ObservationSegment:
    """One segment of an observation a variant adds: ``length`` values named ``name``, placed
    right after the base segment named ``after`` (``None``: at the end of the observation).

    ``name`` is unique in a layout; a variant's segments of one place follow each other in
    the order it gives them, and the variants' in canonical order.
    """

    name: str
    length: int
    after: str | None = None
