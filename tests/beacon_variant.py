"""A variant of the tests only, plugged in the way another distribution plugs its own (an
entry point of ``tigris_rules.variants``): a beacon on one square and quarry squares (the
structure cell), drawn, told and read through its picture facets alone (those of
:mod:`tigris_rules.render`).

It changes no rule: it only shows that the renderers and diagrams serve a variant they do
not know (tests/test_variant_rendering.py).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

import attrs

from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.actions import StructureAction, VariantAction
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision, VariantDecision
from tigris_rules.model.events import VariantEvent
from tigris_rules.model.pens import Legend, SvgPen, TextPen
from tigris_rules.model.squares import is_square_name, square_index, square_name
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.rules.hooks import Variant


@attrs.frozen
class BeaconSquare:
    """The variant's area: where the beacon stands, ``NO_SQUARE`` before it is lit."""

    square: int = NO_SQUARE


@attrs.frozen
class LightBeacon(VariantAction):
    """Light the beacon on ``square``."""

    square: str


@attrs.frozen
class DigQuarry(StructureAction):
    """Dig the quarry whose corner is ``square`` (the structure this variant builds)."""

    square: str


@attrs.frozen
class BeaconDecision(VariantDecision):
    """``player`` must light the beacon."""


@attrs.frozen
class BeaconLit(VariantEvent):
    """``player`` lit the beacon on ``square``."""

    player: int
    square: str


class Beacons(Variant[BeaconSquare]):
    """The beacon: pieces only, for the renderers."""

    name = "beacon"
    order = 90
    inputs = (LightBeacon, DigQuarry)
    decisions = (BeaconDecision,)
    events = (BeaconLit,)
    cell_name = "quarry"  # drawn "Q" in diagrams
    diagram_keywords = ("beacon",)

    def new_area(self, config: GameConfig) -> BeaconSquare:
        return BeaconSquare()

    def text_lines(self, board: Any) -> list[str]:
        where = self.area(board).square
        return [f"Beacon: {'unlit' if where == NO_SQUARE else 'on ' + square_name(where)}"]

    def text_glyph(self, board: Any, square: int, pen: TextPen) -> str | None:
        return pen.paint("\u2592", ink="33") if pen.color else "Q"

    def text_mark(self, board: Any, square: int, pen: TextPen) -> str | None:
        return pen.paint("!", tile=1, bold=True) if square == self.area(board).square else None

    def text_legend(self, pen: TextPen) -> Legend:
        if pen.color:
            return Legend((f"{pen.paint(chr(0x2592), ink='33')} quarry",), ("! beacon",))
        return Legend(("Q quarry",))

    def describe_event(self, event: VariantEvent) -> str | None:
        if isinstance(event, BeaconLit):
            return f"seat {event.player} lights the beacon on {event.square}"
        return None

    def describe(self, decision: Decision) -> str:
        return "light the beacon"

    def describe_structure(self, action: VariantAction) -> str | None:
        return f"the quarry on {action.square}" if isinstance(action, DigQuarry) else None

    def input_squares(self, action: VariantAction) -> tuple[int, ...]:
        if isinstance(action, LightBeacon | DigQuarry):
            return (square_index(action.square),)
        return ()

    def svg_square(self, board: Any, square: int, layer: ET.Element, pen: SvgPen) -> bool:
        group = pen.piece(layer, "quarry-square", square, "quarry square")
        pen.square_rect(group, square, 2, fill="#999999")
        return True

    def svg_structures(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """The quarry squares are the whole quarry."""

    def svg_marks(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        square = self.area(board).square
        if square != NO_SQUARE:
            group = pen.piece(layer, "beacon", square, "the beacon")
            x, y = pen.centre(square)
            pen.element(group, "circle", cx=pen.number(x), cy=pen.number(y), r="6", fill="#ff0")

    def diagram_area(
        self, config: GameConfig, cells: tuple[int, ...], given: Mapping[str, object]
    ) -> BeaconSquare:
        where = given.get("beacon")
        if where is None:
            return BeaconSquare()
        if not isinstance(where, str) or not is_square_name(where):
            raise ArgumentTypeError.expected("beacon", "a square name", where)
        return BeaconSquare(square_index(where))
