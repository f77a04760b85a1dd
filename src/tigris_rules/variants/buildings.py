"""Civilization buildings (BLD, V3): one building per colour on a line of 3 or more tiles.

The variant keeps where each colour's building stands (:class:`BuildingSquares`, its area of
the state), asks the building decision after the wars of a tile action, keeps a building's
tile in wars, gives the building bonus, and forbids catastrophes on a building.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentValueError, FormatError, IllegalActionError
from tigris_rules.model.actions import Action, Decline, PlaceCatastrophe, VariantAction
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision, VariantDecision
from tigris_rules.model.events import VariantEvent
from tigris_rules.model.notation_words import NotationVerb, square_verb
from tigris_rules.model.observations import ObservationSegment
from tigris_rules.model.pens import Legend, SvgPen, TextPen
from tigris_rules.model.squares import (
    COLUMNS,
    SQUARE_COUNT,
    SQUARE_NAMES,
    beside,
    is_square_name,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import AddProblem, Rejection, Restriction, Resume, Variant
from tigris_rules.rules.work import Position, Work, replaced

if TYPE_CHECKING:
    from tigris_rules.views import PlayerView

__all__ = [
    "BuildingDecision",
    "BuildingPlaced",
    "BuildingReturned",
    "BuildingSquares",
    "Buildings",
    "PlaceBuilding",
    "building_squares",
    "line_through",
]

MIN_LINE = 3
"""BLD-3: a line of at least three face-up tiles of one colour."""

_COLOR_NAMES = tuple(c.value for c in COLORS)


@attrs.frozen
class BuildingSquares:
    """The variant's area of the state: the square of each colour's building, in canonical
    colour order, ``NO_SQUARE`` while it is in the supply (BLD-1)."""

    squares: tuple[int, int, int, int] = (NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE)


@attrs.frozen
class PlaceBuilding(VariantAction):
    """Answer to the building decision: put (or move) the civilization building on the tile
    at ``square`` (BLD-4, BLD-6)."""

    square: str


@attrs.frozen
class BuildingDecision(VariantDecision):
    """The active player may put the ``color`` civilization building on one of ``squares``
    (or move it there), or decline (BLD-6)."""

    color: Color
    squares: tuple[str, ...]


@attrs.frozen
class BuildingPlaced(VariantEvent):
    """``player`` put the ``color`` building on ``square``; ``origin`` is where it stood before,
    ``None`` when it came from the supply (BLD-4)."""

    player: int
    color: Color
    square: str
    origin: str | None


@attrs.frozen
class BuildingReturned(VariantEvent):
    """The ``color`` building left ``square`` for the supply (BLD-10)."""

    color: Color
    square: str


def building_squares(board: Any) -> tuple[int, int, int, int]:
    """Where each colour's building stands on ``board`` (a state, a working copy or a player
    view), ``NO_SQUARE`` in the supply; all in the supply when the game plays no buildings."""
    variant = Buildings.of(board)
    if variant is None:
        return (NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE)
    return variant.area(board).squares


def line_through(cells: list[int], square: int, step: int) -> list[int]:
    """The line (BLD-2) through ``square`` along a row (``step`` 1) or a column (``step``
    16): the maximal run of squares holding face-up tiles of the colour on ``square``."""
    color = cells[square]
    if color > 3:
        return [square]
    column = square % COLUMNS
    if step == 1:  # the run stays within the square's row
        first, last = square - column, square - column + COLUMNS - 1
    else:
        first, last = column, len(cells) - COLUMNS + column
    start = square
    while start - step >= first and cells[start - step] == color:
        start -= step
    end = square
    while end + step <= last and cells[end + step] == color:
        end += step
    return list(range(start, end + step, step))


def _current_line(cells: list[int], square: int) -> int:
    """BLD-5: the longer of the row and the column line through the building's tile."""
    return max(len(line_through(cells, square, 1)), len(line_through(cells, square, COLUMNS)))


@lru_cache(maxsize=256)
def _carrying(squares: tuple[int, int, int, int]) -> dict[int, Rejection]:
    """The squares of the tiles carrying a building, each with the rejection of a
    catastrophe aimed at it (CATA-8); kept for the next states, which mostly share them."""
    return {
        s: Rejection("CATA-8", f"{square_name(s)} carries a civilization building")
        for s in squares
        if s != NO_SQUARE
    }


class Buildings(Variant[BuildingSquares]):
    """The civilization buildings (BLD): each rule is named where it is enforced below; a
    tile carrying a building keeps every tile function, since the building is no cell of
    the board (BLD-13)."""

    name: ClassVar[str] = "buildings"
    order: ClassVar[int] = 20
    inputs = (PlaceBuilding,)
    decisions = (BuildingDecision,)
    events = (BuildingPlaced, BuildingReturned)
    restricts = (PlaceCatastrophe,)
    score_causes = ("building",)

    def new_area(self, config: GameConfig) -> BuildingSquares:
        """BLD-1: every building starts in the supply."""
        return BuildingSquares()

    def area_to_json(self, area: BuildingSquares) -> dict[str, str | None]:
        """Each colour's building square, ``null`` while in the supply."""
        return {
            name: None if square == NO_SQUARE else square_name(square)
            for name, square in zip(_COLOR_NAMES, area.squares, strict=True)
        }

    def area_from_json(self, data: Any, config: GameConfig) -> BuildingSquares:
        if not isinstance(data, dict):
            raise FormatError("$", "expected an object with a square or null per colour")
        extra = sorted(set(data) - set(_COLOR_NAMES))
        if extra:
            raise FormatError(f"$.{extra[0]}", "unknown field (expected: black, red, blue, green)")
        squares = []
        for name in _COLOR_NAMES:
            if name not in data:
                raise FormatError(f"$.{name}", "missing required field")
            value = data[name]
            if value is None:
                squares.append(NO_SQUARE)
            elif is_square_name(value):
                squares.append(square_index(value))
            else:
                raise FormatError(
                    f"$.{name}", f"expected a square a1..p11 or null, got {value!r:.40}"
                )
        return BuildingSquares((squares[0], squares[1], squares[2], squares[3]))

    def squares(self, state: Position) -> tuple[int, int, int, int]:
        """Where each colour's building stands (``NO_SQUARE``: in the supply)."""
        return self.area(state).squares

    def restrict_main(self, state: Position, kind: type[Action]) -> Restriction:
        """CATA-8: a catastrophe never targets the tile carrying a building (BLD-10)."""
        return _carrying(self.area(state).squares)

    def keeps_in_war(self, w: Work, square: int) -> bool:
        """BLD-9: a building's tile is never removed by a war."""
        return square in self.area(w).squares

    def covered(self, w: Work, squares: tuple[int, ...]) -> None:
        """MON-10, ZIG-4, BLD-10: a building under a new monument or ziggurat goes back to
        the supply (and may be built again)."""
        placed = self.area(w).squares
        for color, square in enumerate(placed):
            if square in squares:
                placed = replaced(placed, color, NO_SQUARE)
                if w.record:
                    w.events.append(BuildingReturned(COLORS[color], square_name(square)))
        self.set_area(w, BuildingSquares(placed))

    def on_placement_vp(self, w: Work, square: int, color: int, player: int) -> None:
        """BLD-11: +1 VP of the tile's colour when that colour's building is in the kingdom
        (judged as TILE-8 applies). Only TILE-8 calls this hook: no bonus for revolts, wars,
        monuments, the ziggurat or treasures (BLD-12)."""
        building = self.area(w).squares[color]
        if building == NO_SQUARE:
            return
        label = w.regions().label
        if label[building] == label[square]:
            w.score(player, color, 1, "building")

    def after_wars(self, w: Work) -> bool:
        """BLD-3, BLD-4, BLD-5, BLD-6, BLD-7: after the wars, a line of three or more
        (BLD-3) through the tile just placed lets the active player place that colour's
        building, or move it to a longer line (BLD-5), as a decision (BLD-6)."""
        placed = w.placed
        cells = w.cells
        color = cells[placed]
        if color > 3 or not beside(cells, placed, color):
            return False  # a line of three needs a neighbour of the same colour
        lines = [
            line
            for line in (line_through(cells, placed, 1), line_through(cells, placed, COLUMNS))
            if len(line) >= MIN_LINE
        ]
        building = self.area(w).squares[color]
        if building != NO_SQUARE:
            current = _current_line(cells, building)
            lines = [line for line in lines if len(line) > current]
        targets = sorted({s for line in lines for s in line})
        if not targets:
            return False
        w.pending = BuildingDecision(
            w.active, COLORS[color], tuple(square_name(s) for s in targets)
        )
        return True

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        if not isinstance(decision, BuildingDecision):
            return []
        return [*(PlaceBuilding(s) for s in decision.squares), Decline()]

    def describe(self, decision: Decision) -> str:
        return "place the civilization building or decline"

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        if isinstance(decision, BuildingDecision) and isinstance(action, Decline):
            return
        if isinstance(decision, BuildingDecision) and isinstance(action, PlaceBuilding):
            if action.square not in decision.squares:
                raise IllegalActionError(
                    "BLD-6",
                    f"the {decision.color.value} building cannot go on {action.square} now "
                    f"(choose among {', '.join(decision.squares)} or decline)",
                )
            return
        raise IllegalActionError(
            "CONV-15",
            f"a decision is pending: player {decision.player} must {self.describe(decision)}",
        )

    def resolve(self, w: Work, action: Action) -> Resume:
        """BLD-4: place or move the building, or decline; then the structure decision. A
        building moves only here, however its line shrinks later (BLD-8)."""
        if isinstance(action, PlaceBuilding):
            square = square_index(action.square)
            color = w.cells[square]
            placed = self.area(w).squares
            origin = placed[color]
            self.set_area(w, BuildingSquares(replaced(placed, color, square)))
            if w.record:
                w.events.append(
                    BuildingPlaced(
                        w.active,
                        COLORS[color],
                        action.square,
                        None if origin == NO_SQUARE else square_name(origin),
                    )
                )
        return Resume.AFTER_WARS

    def state_problems(self, state: GameState, add: AddProblem) -> None:
        """BLD-1: one building per colour, each on a face-up tile of its colour; BLD-6: the
        building decision offers tiles of its colour."""
        area = self.area(state)
        path = f"$.areas.{self.name}"
        if not isinstance(area, BuildingSquares):
            add("variant", path, "expected the squares of the buildings", "BLD-1")
            return
        placed = [b for b in area.squares if b != NO_SQUARE]
        if len(placed) != len(set(placed)):
            add("building-square", path, "two buildings share a square", "BLD-1")
        for color, square in enumerate(area.squares):
            if square != NO_SQUARE and state.cells[square] != color:
                add(
                    "building-square",
                    f"{path}.{_COLOR_NAMES[color]}",
                    f"no {_COLOR_NAMES[color]} tile on {square_name(square)}",
                    "BLD-1",
                )
        pending = state.pending
        if isinstance(pending, BuildingDecision):
            if pending.player != state.active:
                add(
                    "decision-seat", "$.pending.player", "the decision is the active player's", None
                )
            color = pending.color.index
            cells = state.cells
            bad = [s for s in pending.squares if not _is_tile_of(cells, s, color)]
            if not pending.squares or bad:
                add(
                    "decision",
                    "$.pending.squares",
                    "the squares must hold tiles of the colour",
                    "BLD-6",
                )

    @classmethod
    def area_schema(cls) -> dict[str, Any]:
        """Each colour's building square, ``null`` while in the supply."""
        square_or_null = {"anyOf": [{"$ref": "#/$defs/square"}, {"type": "null"}]}
        return {
            "type": "object",
            "description": "the square of each colour's civilization building, null in the "
            "supply (BLD-1)",
            "properties": dict.fromkeys(_COLOR_NAMES, square_or_null),
            "required": list(_COLOR_NAMES),
            "additionalProperties": False,
        }

    # --- its pictures (the facets of tigris_rules.render) ------------------------------------

    diagram_keywords = ("buildings",)

    def text_lines(self, board: Any) -> list[str]:
        """Where each colour's building stands."""
        placed = [
            f"{color.value} at {square_name(square)}"
            for color, square in zip(COLORS, self.area(board).squares, strict=True)
            if square != NO_SQUARE
        ]
        return ["Buildings: " + (", ".join(placed) if placed else "none placed")]

    def text_glyph(self, board: Any, square: int, pen: TextPen) -> str | None:
        """A building stands on a tile: it draws no structure square."""
        return None

    def text_mark(self, board: Any, square: int, pen: TextPen) -> str | None:
        """A house in front of the tile carrying a building, in the building's colour."""
        squares = self.area(board).squares
        if square not in squares:
            return None
        return pen.paint(_HOUSE, tile=squares.index(square), bold=True)

    def text_legend(self, pen: TextPen) -> Legend:
        """The house, on coloured boards only: a plain board shows no building."""
        return (
            Legend(marks=(f"{pen.paint(_HOUSE, bold=True)} building",)) if pen.color else Legend()
        )

    def describe_event(self, event: VariantEvent) -> str | None:
        if isinstance(event, BuildingPlaced):
            origin = f" (moved from {event.origin})" if event.origin else ""
            return (
                f"seat {event.player} puts the {event.color.value} building on "
                f"{event.square}{origin}"
            )
        if isinstance(event, BuildingReturned):
            return f"the {event.color.value} building on {event.square} goes back to the supply"
        return None

    def input_squares(self, action: VariantAction) -> tuple[int, ...]:
        """The tile that receives the building."""
        if isinstance(action, PlaceBuilding) and is_square_name(action.square):
            return (square_index(action.square),)
        return ()

    def svg_square(self, board: Any, square: int, layer: ET.Element, pen: SvgPen) -> bool:
        """A building stands on a tile: it draws no structure square."""
        return False

    def svg_structures(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """A building is a mark on its tile (:meth:`svg_marks`), not a structure."""

    def svg_marks(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """Each building (class ``building building-<colour>``): a gold frame around its
        tile and a small house in the tile's lower left corner, so that the tile and its
        symbol stay in view."""
        for color, square in enumerate(self.area(board).squares):
            if square == NO_SQUARE:
                continue
            name = COLORS[color].value
            group = pen.piece(
                layer, f"building building-{name}", square, f"{name} civilization building"
            )
            gold = pen.colour("gold")
            pen.square_rect(group, square, 2, rx="5", fill="none", stroke=gold, stroke_width="2.5")
            x, y = pen.origin(square)
            bx, by = x + 2, y + pen.cell - 2
            d = (
                f"M {bx} {by} L {bx} {by - 8} L {bx + 6} {by - 13} L {bx + 12} {by - 8} "
                f"L {bx + 12} {by} Z"
            )
            pen.element(
                group,
                "path",
                d=d,
                fill=gold,
                stroke="#5a4300",
                stroke_width="1",
                stroke_linejoin="round",
            )
            pen.element(
                group,
                "rect",
                x=str(bx + 4),
                y=str(by - 6),
                width="4",
                height="6",
                fill=pen.colour(name),
            )

    def diagram_area(
        self, config: GameConfig, cells: tuple[int, ...], given: Mapping[str, object]
    ) -> BuildingSquares:
        """``buildings=`` maps a colour to the square of its building."""
        placed = given.get("buildings")
        expect(placed, (Mapping, None), "buildings", "a mapping of colours to squares")
        squares = [NO_SQUARE] * 4
        for color, where in cast("Mapping[object, object]", placed or {}).items():
            expect(color, Color, f"buildings[{color!r:.20}]", "a Color")
            if not is_square_name(where):
                raise ArgumentValueError(
                    f"buildings[{color}]: expected a square a1..p11, got {where!r:.40}"
                )
            squares[cast("Color", color).index] = square_index(cast("str", where))
        return BuildingSquares((squares[0], squares[1], squares[2], squares[3]))

    # --- notation, action encoding, observations, strategies ---------------------------

    @classmethod
    def notation_verbs(cls) -> tuple[NotationVerb, ...]:
        """``building f4``: put (or move) the building on f4."""
        return (square_verb("building", PlaceBuilding, "building f4"),)

    @classmethod
    def format_notation(cls, action: VariantAction) -> str | None:
        return f"building {action.square}" if isinstance(action, PlaceBuilding) else None

    @classmethod
    def encoded_inputs(cls, config: GameConfig) -> tuple[VariantAction, ...]:
        """A building on every square, in square order."""
        return tuple(PlaceBuilding(name) for name in SQUARE_NAMES)

    @classmethod
    def well_formed_inputs(cls) -> tuple[tuple[VariantAction, ...], ...]:
        return (cls.encoded_inputs(GameConfig()),)

    @classmethod
    def observation_segments(cls, config: GameConfig) -> tuple[ObservationSegment, ...]:
        """After the monuments, one plane per colour with the square of its building; at the
        end, the colour of a pending building decision (one-hot)."""
        return (
            ObservationSegment("buildings", 4 * SQUARE_COUNT, after="monuments", high=1),
            ObservationSegment("building_color", 4, high=1),
        )

    def observe(self, view: PlayerView, seat: int) -> tuple[Sequence[int], ...]:
        planes = [0] * (4 * SQUARE_COUNT)
        for color, square in enumerate(building_squares(view)):
            if square != NO_SQUARE:
                planes[color * SQUARE_COUNT + square] = 1
        decision = [0, 0, 0, 0]
        if isinstance(view.pending, BuildingDecision):
            decision[view.pending.color.index] = 1
        return planes, decision


_HOUSE = "\u2302"
"""The building's mark in front of its tile on a coloured text board."""


def _or_list(items: tuple[str, ...]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _is_tile_of(cells: tuple[int, ...], name: str, color: int) -> bool:
    return is_square_name(name) and cells[square_index(name)] == color
