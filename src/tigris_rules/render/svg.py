"""SVG rendering of the whole board, for web pages, reports and Jupyter.

:func:`board_svg` draws a :class:`~tigris_rules.GameState` or a
:class:`~tigris_rules.views.PlayerView` (anything with the board fields of
:class:`~tigris_rules.render.text.BoardLike`) as one standalone SVG document: land and
river squares, face-up tiles in their colours, flipped tiles, monuments, catastrophes,
treasures (priority ones marked), the unification marker, the leaders, each a disc of its
colour carrying its owner's dynasty symbol (archer, bull, lion, urn for seats 0..3, CONV-4),
and the pieces of the game's variants, each drawn by its variant through its
:class:`VariantSvg` facet. :func:`render_svg` draws a state or a view of any game, as its
ruleset draws it (:class:`~tigris_rules.render.pictures.GamePictures`): the board game's with
:func:`board_svg`, the card game's with :func:`~tigris_rules.cards.render_svg.render_card_svg`.

Every piece is an element whose ``class`` attribute names what it is, so that the picture
can be styled with CSS and inspected by programs:

==============================  =====================================================
``square land`` / ``square river``  one per square
``tile tile-<colour>``          a face-up tile (``tile-red``, ...)
``flipped``                     a face-down tile under a monument
``monument monument-<a>-<b>``   a monument on its 2x2 block (``monument-black-red``)
``catastrophe``                 a catastrophe tile
``treasure`` (+ ``priority``)   a treasure; ``treasure priority`` on a priority square
``leader leader-<colour> seat-<n> dynasty-<name>``  a leader
``marker``                      the unification marker during wars
``coordinate``                  a column letter or row number
==============================  =====================================================

A variant's pieces carry the classes its drawing hooks name (listed in their documentation).
Each piece also carries ``data-square`` (its square name) and a ``<title>`` that viewers
show as a tooltip. The output depends only on the position, so it can be compared in tests.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol

from tigris_rules._arguments import expect
from tigris_rules.model.actions import (
    MONUMENTS,
    Action,
    BuildMonument,
    KeepTreasure,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    VariantAction,
)
from tigris_rules.model.cells import CATASTROPHE, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import CommitDecision
from tigris_rules.model.facets import offered
from tigris_rules.model.pens import SvgPen
from tigris_rules.model.squares import (
    COLUMNS,
    ROWS,
    SQUARE_COUNT,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.records.notation import format_action
from tigris_rules.render.pictures import pictures_of
from tigris_rules.render.svg_glyphs import (
    PALETTE,
    TILE_PATHS,
    TILE_SYMBOL_FILLED,
    dynasty_disc,
    symbol,
)
from tigris_rules.render.svg_kit import fit_lines, fmt, markup, sub, text_width, verbatim
from tigris_rules.render.svg_panel import PANEL_WIDTH, draw_panel, panel_height, seat_panel
from tigris_rules.render.text import BOARD_TYPES, DYNASTIES, BoardLike
from tigris_rules.rules.wellformed import check_well_formed

if TYPE_CHECKING:
    from tigris_rules.rules.hooks import Variant

__all__ = ["CELL", "PALETTE", "VariantInputSquares", "VariantSvg", "board_svg", "render_svg"]


class VariantSvg(Protocol):
    """How a variant draws its pieces on the SVG board (:func:`board_svg`), each piece a
    group whose classes its methods document. A variant offers all three methods or none
    (one with nothing to draw at a step returns ``False`` or draws nothing); without the
    facet its pieces are not drawn."""

    def svg_square(self, board: Any, square: int, layer: ET.Element, pen: SvgPen) -> bool:
        """Called for each square of ``board`` whose cell the base board does not draw (cell
        code ``STRUCTURE``), in square order among the tiles: draw its piece in ``layer`` with
        ``pen`` and return True, or return False when the piece is not the variant's."""
        ...

    def svg_structures(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """Draw the variant's structures of ``board`` in ``layer``, over the squares and the
        monuments (called in canonical order)."""
        ...

    def svg_marks(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """Draw the variant's marks on pieces of ``board`` (a building on its tile) in
        ``layer``, over every structure and under treasures and leaders (called in canonical
        order)."""
        ...


class VariantInputSquares(Protocol):
    """The squares a variant's inputs name, outlined when one is the last input of a
    picture (``render_svg(last=...)``); without the facet none is outlined."""

    def input_squares(self, action: VariantAction) -> tuple[int, ...]:
        """The squares ``action`` (one of the variant's inputs) names."""
        ...


CELL = 40
"""The side of one square, in SVG user units."""

_MARGIN = 22
_CAPTION_HEIGHT = 26
_SVG_NS = "http://www.w3.org/2000/svg"

_LETTERS = "abcdefghijklmnop"
_PIECES_KEPT = 8192
"""How many pieces :func:`_drawn_once` keeps written, of each kind (more than a board holds)."""

_Args = ParamSpec("_Args")


def _drawn_once(
    draw: Callable[Concatenate[ET.Element, _Args], None],
) -> Callable[Concatenate[ET.Element, _Args], None]:
    """``draw``, which draws a piece into a layer from its arguments alone, writing each
    piece once: with arguments it had before, the piece is added to the layer as written
    then (:func:`~tigris_rules.render.svg_kit.verbatim`), so that a picture costs only
    what differs from the pieces drawn before."""

    painter: Callable[..., None] = draw

    def write(*args: Any, **kwargs: Any) -> str:
        holder = ET.Element("g")
        painter(holder, *args, **kwargs)
        return "".join(markup(child) for child in holder)

    written: Callable[..., str] = lru_cache(maxsize=_PIECES_KEPT)(write)

    def drawn(layer: ET.Element, /, *args: _Args.args, **kwargs: _Args.kwargs) -> None:
        verbatim(layer, written(*args, **kwargs))

    drawn.__doc__ = draw.__doc__
    return drawn


def _origin(square: int) -> tuple[int, int]:
    row, column = divmod(square, COLUMNS)
    return _MARGIN + column * CELL, _MARGIN + row * CELL


def _centre(square: int) -> tuple[float, float]:
    x, y = _origin(square)
    return x + CELL / 2, y + CELL / 2


def _square_rect(parent: ET.Element, square: int, inset: int, **attributes: str) -> ET.Element:
    """A rectangle filling ``square``'s cell but for ``inset`` pixels on every side."""
    x, y = _origin(square)
    size = str(CELL - 2 * inset)
    return sub(
        parent, "rect", x=str(x + inset), y=str(y + inset), width=size, height=size, **attributes
    )


def _group(parent: ET.Element, cls: str, square: int | None, title: str) -> ET.Element:
    group = sub(parent, "g", class_=cls)
    if square is not None:
        group.set("data-square", square_name(square))
    sub(group, "title").text = title
    return group


@_drawn_once
def _squares(svg: ET.Element, river: tuple[bool, ...]) -> None:
    layer = sub(svg, "g", class_="squares")
    for square in range(SQUARE_COUNT):
        x, y = _origin(square)
        kind = "river" if river[square] else "land"
        sub(
            layer,
            "rect",
            class_=f"square {kind}",
            x=str(x),
            y=str(y),
            width=str(CELL),
            height=str(CELL),
            fill=PALETTE[kind],
            stroke=PALETTE["grid"],
            stroke_width="1",
        ).set("data-square", square_name(square))


@_drawn_once
def _coordinates(svg: ET.Element) -> None:
    layer = sub(
        svg,
        "g",
        class_="coordinates",
        font_family="sans-serif",
        font_size="12",
        fill=PALETTE["ink"],
        text_anchor="middle",
    )
    for column in range(COLUMNS):
        middle = _MARGIN + column * CELL + CELL / 2
        for top in (_MARGIN - 7, _MARGIN + ROWS * CELL + 15):
            label = sub(layer, "text", class_="coordinate", x=fmt(middle), y=fmt(top))
            label.text = _LETTERS[column]
    for row in range(ROWS):
        baseline = _MARGIN + row * CELL + CELL / 2 + 4
        for left in (_MARGIN / 2, _MARGIN + COLUMNS * CELL + _MARGIN / 2):
            label = sub(layer, "text", class_="coordinate", x=fmt(left), y=fmt(baseline))
            label.text = str(row + 1)


@_drawn_once
def _tile(layer: ET.Element, square: int, color: int) -> None:
    name = COLORS[color]
    group = _group(
        layer, f"tile tile-{name.value}", square, f"{name.tile_name} ({name.value} tile)"
    )
    _square_rect(
        group,
        square,
        3,
        rx="4",
        fill=PALETTE[name.value],
        stroke="#000000",
        stroke_opacity="0.35",
    )
    cx, cy = _centre(square)
    symbol(group, ((TILE_PATHS[color], TILE_SYMBOL_FILLED[color]),), cx, cy, 1.25)


@_drawn_once
def _flipped(layer: ET.Element, square: int) -> None:
    group = _group(layer, "flipped", square, "flipped tile (under a monument)")
    x, y = _origin(square)
    _square_rect(
        group,
        square,
        3,
        rx="4",
        fill=PALETTE["flipped"],
    )
    sub(
        group,
        "path",
        d=f"M {x + 6} {y + 14} L {x + 14} {y + 6} M {x + 6} {y + 24} L {x + 24} {y + 6} "
        f"M {x + 6} {y + 34} L {x + 34} {y + 6} M {x + 16} {y + 34} L {x + 34} {y + 16} "
        f"M {x + 26} {y + 34} L {x + 34} {y + 26}",
        stroke="#ffffff",
        stroke_opacity="0.25",
        stroke_width="2",
    )


@_drawn_once
def _catastrophe(layer: ET.Element, square: int) -> None:
    group = _group(layer, "catastrophe", square, "catastrophe")
    x, y = _origin(square)
    _square_rect(
        group,
        square,
        2,
        rx="3",
        fill=PALETTE["catastrophe"],
    )
    sub(
        group,
        "path",
        d=f"M {x + 10} {y + 10} L {x + 30} {y + 30} M {x + 30} {y + 10} L {x + 10} {y + 30}",
        stroke="#ff7043",
        stroke_width="4",
        stroke_linecap="round",
    )


@_drawn_once
def _monument(layer: ET.Element, index: int, top_left: int) -> None:
    monument = MONUMENTS[index]
    first, second = monument.colors
    group = _group(
        layer,
        f"monument monument-{monument.value}",
        top_left,
        f"{monument.value} monument on {square_name(top_left)}",
    )
    x, y = _origin(top_left)
    cx, cy = x + CELL, y + CELL
    tiers = ((34, 12, first), (26, 12, second), (16, 12, first))
    base = cy + 20
    for width, height, color in tiers:
        sub(
            group,
            "rect",
            x=fmt(cx - width / 2 - 2),
            y=fmt(base - height),
            width=fmt(width + 4),
            height=str(height),
            fill=PALETTE[color.value],
            stroke="#f4ecd8",
            stroke_width="1.5",
        )
        base -= height
    sub(
        group,
        "path",
        d=f"M {fmt(cx - 6)} {fmt(base)} L {fmt(cx)} {fmt(base - 8)} L {fmt(cx + 6)} {fmt(base)} Z",
        fill=PALETTE[second.value],
        stroke="#f4ecd8",
        stroke_width="1.5",
    )


@_drawn_once
def _treasure(layer: ET.Element, square: int, priority: bool) -> None:
    title = "priority treasure" if priority else "treasure"
    group = _group(layer, "treasure priority" if priority else "treasure", square, title)
    x, y = _origin(square)
    cx, cy = x + CELL - 9, y + 9
    if priority:
        sub(
            group,
            "circle",
            cx=fmt(cx),
            cy=fmt(cy),
            r="8",
            fill="#ffffff",
            stroke=PALETTE["red"],
            stroke_width="2",
        )
    sub(
        group,
        "path",
        d=f"M {fmt(cx)} {fmt(cy - 6)} L {fmt(cx + 5)} {fmt(cy)} L {fmt(cx)} {fmt(cy + 6)} "
        f"L {fmt(cx - 5)} {fmt(cy)} Z",
        fill=PALETTE["gold"],
        stroke="#8a6a00",
        stroke_width="1",
    )


@_drawn_once
def _leader(layer: ET.Element, square: int, flat: int) -> None:
    player, color = divmod(flat, 4)
    name = COLORS[color]
    dynasty = DYNASTIES[player] if player < len(DYNASTIES) else f"seat{player}"
    group = _group(
        layer,
        f"leader leader-{name.value} seat-{player} dynasty-{dynasty}",
        square,
        f"{name.leader_name} ({name.value}) of seat {player}, {dynasty}",
    )
    cx, cy = _centre(square)
    dynasty_disc(group, dynasty, cx, cy, "16", PALETTE[name.value], 1.15, ring="2.5")


@_drawn_once
def _marker(layer: ET.Element, square: int) -> None:
    group = _group(layer, "marker", square, "unification marker")
    cx, cy = _centre(square)
    sub(
        group,
        "circle",
        cx=fmt(cx),
        cy=fmt(cy),
        r="15",
        fill="none",
        stroke="#ffffff",
        stroke_width="3",
        stroke_dasharray="4 3",
    )


def _action_squares(action: Action, variants: tuple[Variant[Any], ...]) -> tuple[int, ...]:
    """The squares an action or answer names: one square, a monument's block, or those its
    variant among ``variants`` (the game's) names; none for the others."""
    if isinstance(action, BuildMonument):
        top_left = square_index(action.block)
        return (top_left, top_left + 1, top_left + COLUMNS, top_left + COLUMNS + 1)
    if isinstance(action, PlaceLeader | PlaceTile | PlaceCatastrophe | KeepTreasure):
        return (square_index(action.square),)
    if isinstance(action, VariantAction):
        for variant in variants:
            if isinstance(action, variant.inputs):
                named = offered(variant, VariantInputSquares)
                return () if named is None else named.input_squares(action)
    return ()


class _Pen:
    """The board picture's pen for the variants (:class:`~tigris_rules.model.pens.SvgPen`)."""

    cell = CELL

    def origin(self, square: int) -> tuple[int, int]:
        return _origin(square)

    def centre(self, square: int) -> tuple[float, float]:
        return _centre(square)

    def colour(self, name: str) -> str:
        return PALETTE[name]

    def piece(self, layer: ET.Element, cls: str, square: int, title: str) -> ET.Element:
        return _group(layer, cls, square, title)

    def square_rect(
        self, parent: ET.Element, square: int, inset: int, **attributes: str
    ) -> ET.Element:
        return _square_rect(parent, square, inset, **attributes)

    def element(self, parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
        return sub(parent, tag, **attributes)

    def number(self, value: float) -> str:
        return fmt(value)


_PEN = _Pen()


def _highlights(svg: ET.Element, board: BoardLike, last: Action | None) -> None:
    """Outline the squares of the last action (or, without one, the tile whose action is in
    progress) and the two leaders of a conflict awaiting a commitment."""
    layer = sub(svg, "g", class_="highlights", fill="none", stroke_linejoin="round")
    if last is not None:
        squares = _action_squares(last, board.ruleset.variants)
        title = f"last action: {format_action(last)}"
    else:
        placed = getattr(board, "placed", NO_SQUARE)
        squares = () if placed == NO_SQUARE else (placed,)
        title = "the tile just placed"
    for square in squares:
        group = _group(layer, "last", square, title)
        _square_rect(group, square, 1, rx="4", stroke="#ff6f00", stroke_width="3.5")
    pending = getattr(board, "pending", None)
    if isinstance(pending, CommitDecision):
        conflict = pending.conflict
        for role, name in (
            ("attacker", conflict.attacker_square),
            ("defender", conflict.defender_square),
        ):
            square = square_index(name)
            group = _group(
                layer,
                f"conflict {role}",
                square,
                f"{role} in the {conflict.color.value} {conflict.kind.value}",
            )
            cx, cy = _centre(square)
            sub(
                group,
                "circle",
                cx=fmt(cx),
                cy=fmt(cy),
                r="19",
                stroke="#d0021b",
                stroke_width="3",
                stroke_dasharray="6 3",
            )


def _svgs(variants: tuple[Variant[Any], ...]) -> tuple[VariantSvg, ...]:
    """The variants among ``variants`` that offer :class:`VariantSvg`, in their order."""
    return tuple(drawn for v in variants if (drawn := offered(v, VariantSvg)) is not None)


def _caption(svg: ET.Element, lines: list[str], size: float, width: float, top: float) -> None:
    """The caption under the board: one ``text`` of class ``caption``, a ``tspan`` per line
    when it takes several."""
    element = sub(
        svg,
        "text",
        class_="caption",
        x=fmt(width / 2),
        y=fmt(top + 16),
        font_family="sans-serif",
        font_size=fmt(size),
        fill=PALETTE["ink"],
        text_anchor="middle",
    )
    room = width - 2 * _MARGIN
    if len(lines) == 1:
        element.text = lines[0]
        if text_width(lines[0], size) > room:
            element.set("textLength", fmt(room))
            element.set("lengthAdjust", "spacingAndGlyphs")
        return
    for k, line in enumerate(lines):
        span = sub(element, "tspan", x=fmt(width / 2), dy="0" if k == 0 else fmt(size * 1.3))
        span.text = line if k == len(lines) - 1 else line + " "
        if text_width(line, size) > room:
            span.set("textLength", fmt(room))
            span.set("lengthAdjust", "spacingAndGlyphs")


def render_svg(
    board: Any,
    *,
    scale: float = 1.0,
    coordinates: bool = True,
    caption: str | None = None,
    last: Any = None,
    panel: bool | None = None,
) -> str:
    """The board or table of ``board`` (a state or a view of any game) as a standalone SVG
    document, as its game draws it: the board game's as :func:`board_svg` describes it,
    with every option; the card game's as
    :func:`~tigris_rules.cards.render_svg.render_card_svg` does, which takes ``scale`` and
    ``last`` (an action of the card game), draws no coordinates and always shows the seats,
    and refuses a ``caption``.
    """
    pictures = pictures_of(board, "board")
    expect(scale, (int, float), "scale")
    expect(coordinates, bool, "coordinates")
    expect(caption, (str, None), "caption")
    expect(panel, (bool, None), "panel")
    return pictures.svg_board(
        board, scale=scale, coordinates=coordinates, caption=caption, last=last, panel=panel
    )


def board_svg(
    board: BoardLike,
    *,
    scale: float = 1.0,
    coordinates: bool = True,
    caption: str | None = None,
    last: Action | None = None,
    panel: bool | None = None,
) -> str:
    """The board of ``board`` (a board-game state or view) as a standalone SVG document.

    ``scale`` multiplies the displayed size (the drawing is 40 units per square, about
    700 x 500 at scale 1, 980 x 500 with the panel); ``coordinates`` draws the column
    letters and row numbers around the board; ``caption``, when given, is text written
    under the board (class ``caption``), broken into up to three lines and shrunk when
    needed so that it stays inside the picture.

    ``last`` names the last action or answer played (states and views do not hold it):
    its squares are outlined (class ``last``) and the panel names it. Without it, the tile
    whose action is in progress is outlined. During a conflict the two leaders are ringed
    (classes ``conflict attacker`` and ``conflict defender``).

    ``panel`` draws, right of the board, what the seat of a
    :class:`~tigris_rules.views.PlayerView` sees (:mod:`tigris_rules.render.svg_panel`):
    its hand, the totals it may see, every seat's hand size, catastrophes and leaders in
    supply, and the decision awaited with the seat that must answer. By default a view
    gets the panel and a state does not; ``panel=True`` on a state shows everything, as a
    referee sees it.

    The pieces and their ``class`` attributes are listed in the module documentation. The
    text has no XML declaration and no trailing newline. Raises
    :class:`~tigris_rules.InvalidActionError` when ``last`` is not a well-formed action.
    """
    expect(board, BOARD_TYPES, "board", "a GameState or a PlayerView")
    expect(scale, (int, float), "scale")
    expect(coordinates, bool, "coordinates")
    expect(caption, (str, None), "caption")
    expect(panel, (bool, None), "panel")
    if last is not None:
        check_well_formed(last)
    with_panel = panel if panel is not None else not isinstance(board, GameState)
    info = seat_panel(board) if with_panel else None  # type: ignore[arg-type]
    board_width = COLUMNS * CELL + 2 * _MARGIN
    width = board_width + (PANEL_WIDTH if info is not None else 0)
    board_height = ROWS * CELL + 2 * _MARGIN
    lines: list[str] = []
    size = 15.0
    if caption is not None:
        lines, size = fit_lines(caption, width - 2 * _MARGIN, 15, 3)
        lines = lines or [""]
    caption_height = 0 if caption is None else _CAPTION_HEIGHT + (len(lines) - 1) * size * 1.3
    content = board_height
    if info is not None:
        content = max(content, math.ceil(panel_height(info, last)))
    height = math.ceil(content + caption_height)
    svg = ET.Element("svg")
    svg.set("xmlns", _SVG_NS)
    svg.set("class", "tigris-board")
    svg.set("viewBox", f"0 0 {width} {height}")
    svg.set("width", fmt(width * scale))
    svg.set("height", fmt(height * scale))
    sub(svg, "title").text = f"Tigris & Euphrates: {board.config.board} board"
    sub(
        svg,
        "rect",
        class_="board",
        x="0",
        y="0",
        width=str(width),
        height=str(height),
        fill="#f6f0dc",
    )
    _squares(svg, board.layout.river)
    if coordinates:
        _coordinates(svg)
    cells = board.cells
    variants = _svgs(board.ruleset.variants)
    pieces = sub(svg, "g", class_="pieces")
    for square in range(SQUARE_COUNT):
        code = cells[square]
        if 0 <= code <= 3:
            _tile(pieces, square, code)
        elif code == FLIPPED:
            _flipped(pieces, square)
        elif code == STRUCTURE:
            for variant in variants:  # the first variant whose structure it is draws it
                if variant.svg_square(board, square, pieces, _PEN):
                    break
        elif code == CATASTROPHE:
            _catastrophe(pieces, square)
    for index, top_left in enumerate(board.monuments):
        if top_left != NO_SQUARE:
            _monument(pieces, index, top_left)
    for variant in variants:
        variant.svg_structures(board, pieces, _PEN)
    for variant in variants:
        variant.svg_marks(board, pieces, _PEN)
    priority = board.layout.priority_squares
    for square in sorted(board.treasures):
        _treasure(pieces, square, square in priority)
    for flat, square in enumerate(board.leaders):
        if square != NO_SQUARE and cells[square] == LEADER:
            _leader(pieces, square, flat)
    if board.marker != NO_SQUARE:
        _marker(pieces, board.marker)
    _highlights(svg, board, last)
    if info is not None:
        draw_panel(svg, info, last, board_width)
    if caption is not None:
        _caption(svg, lines, size, width, content)
    return markup(svg)
