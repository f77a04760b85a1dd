"""An explicit deal: every starting hand and the order of the bag (SETUP-4, SETUP-6)."""

from __future__ import annotations

import attrs

from tigris_rules.model.colors import Color

__all__ = ["Deal"]


@attrs.frozen
class Deal:
    """The random part of a game made explicit.

    ``hands[i]`` is the six tiles seat ``i`` drew at setup (SETUP-6); ``bag`` is every other
    tile of the bag in draw order, the next tile drawn first. A game is fully described by
    its configuration, its deal and its actions.
    """

    hands: tuple[tuple[Color, ...], ...]
    bag: tuple[Color, ...]
