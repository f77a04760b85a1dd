"""The ziggurat (ZIG, V4): a cross of five tiles turned into an indestructible structure.

The variant keeps where the ziggurat stands (:class:`ZigguratSite`, its area of the state),
offers it in the structure decision, builds it, forbids catastrophes on it, and asks the
ziggurat income decision at the end of the active player's turn.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tigris_rules.errors import FormatError, IllegalActionError
from tigris_rules.model.actions import Action, PlaceCatastrophe, StructureAction, VariantAction
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import STRUCTURE
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision, StructureDecision, VariantDecision
from tigris_rules.model.events import VariantEvent
from tigris_rules.model.notation_words import NotationReader, NotationVerb, square_verb
from tigris_rules.model.observations import ObservationSegment
from tigris_rules.model.pens import Legend, SvgPen, TextPen
from tigris_rules.model.squares import (
    NEIGHBOURS,
    SQUARE_COUNT,
    SQUARE_NAMES,
    beside,
    is_square_name,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import AddProblem, Rejection, Restriction, Resume, Variant
from tigris_rules.rules.monuments import cover
from tigris_rules.rules.temples import temple_loss
from tigris_rules.rules.work import Position, Work

if TYPE_CHECKING:
    from tigris_rules.views import PlayerView

__all__ = [
    "BuildZiggurat",
    "ChooseColor",
    "Ziggurat",
    "ZigguratBuilt",
    "ZigguratIncomeDecision",
    "ZigguratSite",
    "cross_squares",
    "ziggurat_centre",
]


@attrs.frozen
class ZigguratSite:
    """The variant's area of the state: the centre square of the ziggurat once built,
    ``NO_SQUARE`` before (ZIG-1: one per game)."""

    centre: int = NO_SQUARE


@attrs.frozen
class BuildZiggurat(StructureAction):
    """Answer to the structure decision: build the ziggurat on the cross whose centre is
    ``square`` (ZIG-3, ZIG-4)."""

    square: str


@attrs.frozen
class ChooseColor(VariantAction):
    """Answer to the ziggurat income decision: score 1 VP of ``color`` (ZIG-8)."""

    color: Color


@attrs.frozen
class ZigguratIncomeDecision(VariantDecision):
    """The active player, whose king is in the ziggurat's kingdom, names the colour of the
    VP he scores (ZIG-8)."""


@attrs.frozen
class ZigguratBuilt(VariantEvent):
    """``player`` built the ziggurat on the cross centred on ``square`` (ZIG-4)."""

    player: int
    square: str


def ziggurat_centre(board: Any) -> int:
    """The centre of the ziggurat on ``board`` (a state, a working copy or a player view),
    ``NO_SQUARE`` while none is built or when the game plays no ziggurat."""
    variant = Ziggurat.of(board)
    return NO_SQUARE if variant is None else variant.area(board).centre


def cross_squares(centre: int) -> tuple[int, ...]:
    """The centre and its four adjacent squares (ZIG-2)."""
    return (centre, *NEIGHBOURS[centre])


def _is_cross(cells: list[int] | tuple[int, ...], centre: int, color: int) -> bool:
    """ZIG-2: the centre and its four neighbours hold face-up tiles of ``color``."""
    neighbours = NEIGHBOURS[centre]
    if len(neighbours) != 4 or cells[centre] != color:
        return False
    a, b, c, d = neighbours
    return cells[a] == color and cells[b] == color and cells[c] == color and cells[d] == color


@cache
def _ziggurat_squares(centre: int) -> dict[int, Rejection]:
    """The squares of the ziggurat centred on ``centre``, each with the rejection of a
    catastrophe aimed at it (CATA-7)."""
    return {
        s: Rejection("CATA-7", f"{square_name(s)} is part of the ziggurat")
        for s in cross_squares(centre)
    }


class Ziggurat(Variant[ZigguratSite]):
    """The ziggurat (ZIG): each rule is named where it is enforced below."""

    name: ClassVar[str] = "ziggurat"
    order: ClassVar[int] = 30
    inputs = (BuildZiggurat, ChooseColor)
    decisions = (ZigguratIncomeDecision,)
    events = (ZigguratBuilt,)
    restricts = (PlaceCatastrophe,)
    cell_name = "ziggurat"
    score_causes = ("ziggurat",)

    def new_area(self, config: GameConfig) -> ZigguratSite:
        """ZIG-1: no ziggurat at the start."""
        return ZigguratSite()

    def area_to_json(self, area: ZigguratSite) -> str | None:
        """The square of the ziggurat's centre, ``null`` before it is built."""
        return None if area.centre == NO_SQUARE else square_name(area.centre)

    def area_from_json(self, data: Any, config: GameConfig) -> ZigguratSite:
        if data is None:
            return ZigguratSite()
        if not is_square_name(data):
            raise FormatError("$", f"expected the square of the centre or null, got {data!r:.40}")
        return ZigguratSite(square_index(data))

    def centre(self, state: Position) -> int:
        """The ziggurat's centre square, ``NO_SQUARE`` before it is built."""
        return self.area(state).centre

    def restrict_main(self, state: Position, kind: type[Action]) -> Restriction:
        """CATA-7, ZIG-5: a catastrophe never targets a ziggurat square."""
        centre = self.area(state).centre
        return None if centre == NO_SQUARE else _ziggurat_squares(centre)

    def structures(self, w: Work) -> tuple[VariantAction, ...]:
        """ZIG-3: while unbuilt (ZIG-1), every cross (ZIG-2) containing the tile just
        placed; no record of declined crosses is kept, so a cross is offered again only when
        a new tile re-forms it (ZIG-7)."""
        if self.area(w).centre != NO_SQUARE:
            return ()
        placed = w.placed
        cells = w.cells
        color = cells[placed]
        if color > 3 or not beside(cells, placed, color):
            return ()  # a cross holding the tile needs a neighbour of the same colour
        centres = sorted([c for c in (placed, *NEIGHBOURS[placed]) if _is_cross(cells, c, color)])
        return tuple(BuildZiggurat(square_name(c)) for c in centres)

    def not_offered(self, action: VariantAction) -> str:
        """MON-4: the cross named is not one the structure decision offers."""
        where = action.square if isinstance(action, BuildZiggurat) else "?"
        return f"the ziggurat cannot be built on a cross centred on {where} now"

    def resolve(self, w: Work, action: Action) -> Resume:
        if isinstance(action, ChooseColor):
            w.score(w.active, action.color.index, 1, "ziggurat")  # ZIG-8
            return Resume.INCOME
        if isinstance(action, BuildZiggurat):
            self._build(w, square_index(action.square))
        return Resume.END_OF_ACTION

    def _build(self, w: Work, centre: int) -> None:
        """ZIG-4: the five tiles leave the game and become ziggurat squares; treasures stay,
        buildings under it return to the supply; then temple loss (ZIG-6)."""
        color = w.cells[centre]
        squares = cross_squares(centre)
        for s in squares:
            w.cells[s] = STRUCTURE
        cover(w, squares)
        w.tiles_out(color, 5)
        self.set_area(w, ZigguratSite(centre))  # its squares stay occupied: regions unchanged
        if w.record:
            w.events.append(ZigguratBuilt(w.active, square_name(centre)))
        temple_loss(w)

    def turn_income(self, w: Work) -> bool:
        """ZIG-8: the active player's king in the ziggurat's kingdom earns 1 VP of a colour
        he names."""
        centre = self.area(w).centre
        if centre == NO_SQUARE:
            return False
        king = w.leaders[4 * w.active]
        label = w.regions().label
        if king == NO_SQUARE or label[king] != label[centre]:
            return False
        w.pending = ZigguratIncomeDecision(w.active)
        return True

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        return [ChooseColor(c) for c in COLORS]

    def describe(self, decision: Decision) -> str:
        return "choose the colour of the ziggurat VP"

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        if not isinstance(action, ChooseColor):
            raise IllegalActionError(
                "CONV-15",
                f"a decision is pending: player {decision.player} must {self.describe(decision)}",
            )

    def transition_problems(self, before: GameState, after: GameState) -> list[str]:
        """ZIG-4: a ziggurat, once built, never moves or leaves."""
        built = self.area(before).centre
        if built != NO_SQUARE and self.area(after).centre != built:
            return ["the ziggurat moved or vanished"]
        return []

    def state_problems(self, state: GameState, add: AddProblem) -> None:
        """ZIG-1, ZIG-4: the ziggurat, once built, is the five squares of one cross, and no
        other square is a structure; ZIG-3: crosses are offered only while it is unbuilt;
        ZIG-8: its income is asked only once it stands."""
        area = self.area(state)
        path = f"$.areas.{self.name}"
        if not isinstance(area, ZigguratSite):
            add("variant", path, "expected the ziggurat's centre", "ZIG-1")
            return
        centre = area.centre
        structures = {s for s, c in enumerate(state.cells) if c == STRUCTURE}
        if centre == NO_SQUARE:
            if structures:
                add("ziggurat", "$.cells", "ziggurat squares without a ziggurat", "ZIG-4")
        elif len(NEIGHBOURS[centre]) != 4 or structures != set(cross_squares(centre)):
            add("ziggurat", path, "the ziggurat is not its five squares", "ZIG-4")
        pending = state.pending
        if isinstance(pending, ZigguratIncomeDecision):
            if centre == NO_SQUARE:
                add("variant", "$.pending", "ziggurat income without a ziggurat", "ZIG-8")
            if pending.player != state.active:
                add("decision-seat", "$.pending.player", "the decision is the active player's")
        if isinstance(pending, StructureDecision):
            crosses = [a for a in pending.structures if isinstance(a, BuildZiggurat)]
            if crosses and centre != NO_SQUARE:
                add("variant", "$.pending.structures", "a cross offered once built", "ZIG-3")
            for cross in crosses:
                name = cross.square
                at = square_index(name) if is_square_name(name) else None
                if (
                    at is None
                    or state.cells[at] > 3
                    or not _is_cross(state.cells, at, state.cells[at])
                ):
                    add(
                        "decision",
                        "$.pending.structures",
                        f"no cross of one colour at {name}",
                        "ZIG-2",
                    )

    @classmethod
    def area_schema(cls) -> dict[str, Any]:
        """The square of the ziggurat's centre, ``null`` before it is built."""
        return {
            "anyOf": [{"$ref": "#/$defs/square"}, {"type": "null"}],
            "description": "the centre of the ziggurat's cross, null before it is built (ZIG-1)",
        }

    # --- its pictures (the facets of tigris_rules.render) ------------------------------------

    diagram_keywords = ()

    def text_lines(self, board: Any) -> list[str]:
        """Where the ziggurat stands."""
        where = self.area(board).centre
        built = f"built at {square_name(where)}" if where != NO_SQUARE else "not built"
        return [f"Ziggurat: {built}"]

    def text_glyph(self, board: Any, square: int, pen: TextPen) -> str | None:
        """Every structure square is a ziggurat square: ``Z``, or a magenta triangle."""
        return pen.paint(_PYRAMID, ink=_MAGENTA) if pen.color else _LETTER

    def text_mark(self, board: Any, square: int, pen: TextPen) -> str | None:
        """The ziggurat marks no piece."""
        return None

    def text_legend(self, pen: TextPen) -> Legend:
        symbol = pen.paint(_PYRAMID, ink=_MAGENTA) if pen.color else _LETTER
        return Legend(pieces=(f"{symbol} ziggurat",))

    def describe_event(self, event: VariantEvent) -> str | None:
        if isinstance(event, ZigguratBuilt):
            return f"seat {event.player} builds the ziggurat centred on {event.square}"
        return None

    def describe_structure(self, action: VariantAction) -> str | None:
        if isinstance(action, BuildZiggurat):
            return f"the ziggurat centred on {action.square}"
        return None

    def input_squares(self, action: VariantAction) -> tuple[int, ...]:
        """The five squares of the cross."""
        if isinstance(action, BuildZiggurat) and is_square_name(action.square):
            return cross_squares(square_index(action.square))
        return ()

    def svg_square(self, board: Any, square: int, layer: ET.Element, pen: SvgPen) -> bool:
        """A ziggurat square (class ``ziggurat-square``): sand-coloured bricks."""
        group = pen.piece(layer, "ziggurat-square", square, "ziggurat square")
        x, y = pen.origin(square)
        pen.square_rect(group, square, 1, fill=_SAND, stroke=_MORTAR)
        right = x + pen.cell - 1
        bricks = " ".join(f"M {x + 1} {y + k} L {right} {y + k}" for k in (10, 20, 30))
        pen.element(group, "path", d=bricks, stroke=_MORTAR, stroke_opacity="0.5", stroke_width="1")
        return True

    def svg_structures(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """The ziggurat (class ``ziggurat``) seen from above: stepped terraces in the shape
        of its cross, inside its five squares, and the shrine on top of the centre square.
        Its centre is the area's, or found from the cells in a position drawn by hand."""
        centre = self.area(board).centre
        if centre == NO_SQUARE:
            centre = _centre_of(board.cells)
        if centre == NO_SQUARE:
            return
        group = pen.piece(layer, "ziggurat", centre, f"ziggurat centred on {square_name(centre)}")
        cx, cy = pen.centre(centre)
        cell = pen.cell
        reach = 1.5 * cell
        for arm, half, fill in ((reach - 4, cell / 2 - 4, "#c89b45"), (reach - 15, 11, "#d6ad5a")):
            pen.element(
                group,
                "path",
                d=_plus(pen, cx, cy, arm, half),
                fill=fill,
                stroke=_OUTLINE,
                stroke_width="1.5",
                stroke_linejoin="round",
            )
        for side, fill in ((14, "#e3c27a"), (7, "#f3dca0")):
            pen.element(
                group,
                "rect",
                x=pen.number(cx - side / 2),
                y=pen.number(cy - side / 2),
                width=pen.number(side),
                height=pen.number(side),
                fill=fill,
                stroke=_OUTLINE,
                stroke_width="1.5",
            )

    def svg_marks(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """The ziggurat marks no piece."""

    def diagram_area(
        self, config: GameConfig, cells: tuple[int, ...], given: Mapping[str, object]
    ) -> ZigguratSite:
        """The ziggurat drawn (``Z`` squares): the cross of five ``Z`` squares, if any."""
        return ZigguratSite(_centre_of(cells))

    # --- notation, action encoding, observations, strategies (installed tools) ----------

    @classmethod
    def notation_verbs(cls) -> tuple[NotationVerb, ...]:
        """``ziggurat g6``: build it on the cross centred on g6; ``color blue`` (or
        ``colour``): score the ziggurat VP in blue."""
        return (
            square_verb("ziggurat", BuildZiggurat, "ziggurat g6"),
            NotationVerb("color", _parse_color, aliases=("colour",)),
        )

    @classmethod
    def format_notation(cls, action: VariantAction) -> str | None:
        if isinstance(action, BuildZiggurat):
            return f"ziggurat {action.square}"
        if isinstance(action, ChooseColor):
            return f"color {action.color.value}"
        return None

    @classmethod
    def encoded_inputs(cls, config: GameConfig) -> tuple[VariantAction, ...]:
        """The ziggurat on every cross centre whose five squares share a terrain (ZIG-2:
        five tiles of one colour, so all on land or all on the river), in square order; then
        the four colours of its VP (ZIG-8)."""
        river = board_layout(config.board).river
        crosses = [
            BuildZiggurat(SQUARE_NAMES[centre])
            for centre in range(SQUARE_COUNT)
            if len(NEIGHBOURS[centre]) == 4 and len({river[s] for s in cross_squares(centre)}) == 1
        ]
        return (*crosses, *(ChooseColor(c) for c in COLORS))

    @classmethod
    def well_formed_inputs(cls) -> tuple[tuple[VariantAction, ...], ...]:
        """The ziggurat on any square (legal or not), and every colour."""
        return (
            tuple(BuildZiggurat(name) for name in SQUARE_NAMES),
            tuple(ChooseColor(c) for c in COLORS),
        )

    @classmethod
    def observation_segments(cls, config: GameConfig) -> tuple[ObservationSegment, ...]:
        """After the flipped tiles, the plane of the ziggurat's squares."""
        return (ObservationSegment("ziggurat", SQUARE_COUNT, after="flipped", high=1),)

    def observe(self, view: PlayerView, seat: int) -> tuple[Sequence[int], ...]:
        return ([1 if c == STRUCTURE else 0 for c in view.cells],)


_LETTER = "Z"
"""The ziggurat square's letter on a plain text board (also its token in diagrams, the first
letter of its ``cell_name``)."""
_PYRAMID = "\u25b2"
"""The ziggurat square's symbol on a coloured text board."""
_MAGENTA = "95"
"""Its ANSI colour (bright magenta)."""
_SAND = "#d8b36a"
_MORTAR = "#8a6d2f"
_OUTLINE = "#6e5221"


def _centre_of(cells: tuple[int, ...]) -> int:
    """The first structure square whose four neighbours are structure squares (the centre
    of a drawn ziggurat), ``NO_SQUARE`` if none."""
    for square, code in enumerate(cells):
        around = NEIGHBOURS[square]
        if code == STRUCTURE and len(around) == 4 and all(cells[n] == STRUCTURE for n in around):
            return square
    return NO_SQUARE


def _plus(pen: SvgPen, cx: float, cy: float, arm: float, half: float) -> str:
    """The outline of a plus sign centred on ``(cx, cy)``: arms reaching ``arm`` from the
    centre, ``2 * half`` wide."""
    points = (
        (-half, -arm), (half, -arm), (half, -half), (arm, -half), (arm, half), (half, half),
        (half, arm), (-half, arm), (-half, half), (-arm, half), (-arm, -half), (-half, -half),
    )  # fmt: skip
    corners = " L ".join(f"{pen.number(cx + dx)} {pen.number(cy + dy)}" for dx, dy in points)
    return f"M {corners} Z"


def _parse_color(reader: NotationReader) -> Action:
    color = reader.color("the colour")
    reader.end("color blue")
    return ChooseColor(color)
