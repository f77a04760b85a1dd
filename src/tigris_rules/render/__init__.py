"""Pictures for people: text, SVG and diagrams of game states, player views and events.

:func:`render_board`, :func:`render_result` and :func:`render_svg` draw a state (or a view)
of any game, as its ruleset draws it (:class:`GamePictures`); :func:`render_view` draws a
board-game player's view. A board-game variant shows its pieces through its facets:
:class:`VariantText` (the text board), :class:`VariantSvg` (the SVG board),
:class:`VariantInputSquares` (the squares of its inputs), :class:`VariantEventText` and
:class:`VariantStructureText` (sentences), :class:`VariantDiagram` (diagrams,
:mod:`tigris_rules.render.diagram`).
"""

from __future__ import annotations

from tigris_rules.render.diagram import VariantDiagram
from tigris_rules.render.pictures import GamePictures
from tigris_rules.render.sentences import (
    VariantEventText,
    VariantStructureText,
    describe_decision,
    describe_event,
)
from tigris_rules.render.svg import VariantInputSquares, VariantSvg, render_svg
from tigris_rules.render.text import (
    VariantText,
    render_board,
    render_result,
    render_view,
    supports_color,
)

__all__ = [
    "GamePictures",
    "VariantDiagram",
    "VariantEventText",
    "VariantInputSquares",
    "VariantStructureText",
    "VariantSvg",
    "VariantText",
    "describe_decision",
    "describe_event",
    "render_board",
    "render_result",
    "render_svg",
    "render_view",
    "supports_color",
]
