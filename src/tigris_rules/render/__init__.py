"""Renderers: turn game states, player views and events into text or SVG for people.

Every renderer takes a :class:`~tigris_rules.GameState` or a
:class:`~tigris_rules.views.PlayerView`.
"""

from __future__ import annotations

from tigris_rules.render.svg import render_svg
from tigris_rules.render.text import (
    describe_decision,
    describe_event,
    render_board,
    render_result,
    render_view,
    supports_color,
)

__all__ = [
    "describe_decision",
    "describe_event",
    "render_board",
    "render_result",
    "render_svg",
    "render_view",
    "supports_color",
]
