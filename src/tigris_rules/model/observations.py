"""The layout of an observation: named segments of a flat vector of ints
(:func:`~tigris_rules.ai.information.observation_layout`)."""

from __future__ import annotations

import attrs

__all__ = ["ObservationSegment"]


@attrs.frozen
class ObservationSegment:
    """One segment of an observation a variant adds: ``length`` values named ``name``, placed
    right after the base segment named ``after`` (``None``: at the end of the observation).
    ``high`` is the greatest value any of them may take (1 for a plane or a one-hot), the
    least being 0; ``None`` states no bound, and ``observation_bounds`` gives ``2**31 - 1``.

    ``name`` is unique in a layout; a variant's segments of one place follow each other in
    the order it gives them, and the variants' in canonical order.
    """

    name: str
    length: int
    after: str | None = None
    high: int | None = None
