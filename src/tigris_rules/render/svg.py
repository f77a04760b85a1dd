"""SVG rendering of the whole board, for web pages, reports and Jupyter.

:func:`render_svg` draws a :class:`~tigris_rules.GameState` or a
:class:`~tigris_rules.views.PlayerView` (anything with the board fields of
:class:`~tigris_rules.render.text.BoardLike`) as one standalone SVG document: land and
river squares, face-up tiles in their colours, flipped tiles, monuments, the ziggurat,
catastrophes, treasures (priority ones marked), civilization buildings, the unification
marker, and the leaders, each a disc of its colour carrying its owner's dynasty symbol
(archer, bull, lion, urn for seats 0..3, CONV-4).

Every piece is an element whose ``class`` attribute names what it is, so that the picture
can be styled with CSS and inspected by programs:

==============================  =====================================================
``square land`` / ``square river``  one per square
``tile tile-<colour>``          a face-up tile (``tile-red``, ...)
``flipped``                     a face-down tile under a monument
``monument monument-<a>-<b>``   a monument on its 2x2 block (``monument-black-red``)
``ziggurat-square``             one of the ziggurat's five squares
``ziggurat``                    the ziggurat itself, over its cross
``catastrophe``                 a catastrophe tile
``treasure`` (+ ``priority``)   a treasure; ``treasure priority`` on a priority square
``building building-<colour>``  a civilization building
``leader leader-<colour> seat-<n> dynasty-<name>``  a leader
``marker``                      the unification marker during wars
``coordinate``                  a column letter or row number
==============================  =====================================================

Each piece also carries ``data-square`` (its square name) and a ``<title>`` that viewers
show as a tooltip. The output depends only on the position, so it can be compared in tests.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tigris_rules.arguments import expect
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.cells import CATASTROPHE, FLIPPED, LEADER, ZIGGURAT
from tigris_rules.model.colors import COLORS
from tigris_rules.model.squares import COLUMNS, NEIGHBOURS, ROWS, SQUARE_COUNT, square_name
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.render.text import BOARD_TYPES, DYNASTIES, BoardLike

__all__ = ["CELL", "PALETTE", "render_svg"]

CELL = 40
"""The side of one square, in SVG user units."""

_MARGIN = 22
_CAPTION_HEIGHT = 26
_SVG_NS = "http://www.w3.org/2000/svg"

PALETTE: dict[str, str] = {
    "black": "#2b2b2b",
    "red": "#c0392b",
    "blue": "#2f6db5",
    "green": "#2e8b57",
    "land": "#eadfbf",
    "river": "#8ec9ec",
    "grid": "#c8b88e",
    "flipped": "#7a6a55",
    "ziggurat": "#d8b36a",
    "catastrophe": "#4a2f27",
    "gold": "#f2c230",
    "ink": "#3b3326",
    "symbol": "#ffffff",
}
"""The colours used, by name; the four colour names are the tiles' and leaders' fills."""

_LETTERS = "abcdefghijklmnop"

# Dynasty symbols, drawn in a box from -9 to 9 around the leader's centre, in white.
_DYNASTY_PATHS: dict[str, tuple[tuple[str, bool], ...]] = {
    # a bow (arc and string) with an arrow across it
    "archer": (
        ("M -4 -8 Q 6 0 -4 8", False),
        ("M -4 -8 L -4 8", False),
        ("M -8 0 L 6 0", False),
        ("M 8 0 L 4 -3 L 4 3 Z", True),
    ),
    # a bull's head with two horns
    "bull": (
        ("M -4 1 a 4 4.5 0 1 0 8 0 a 4 4.5 0 1 0 -8 0 Z", True),
        ("M -3 -2 Q -9 -3 -8 -8", False),
        ("M 3 -2 Q 9 -3 8 -8", False),
    ),
    # a lion's face with its mane of rays
    "lion": (
        ("M -4 0 a 4 4 0 1 0 8 0 a 4 4 0 1 0 -8 0 Z", True),
        (
            "M 0 -6 L 0 -9 M 0 6 L 0 9 M -6 0 L -9 0 M 6 0 L 9 0 "
            "M 4.2 4.2 L 6.4 6.4 M -4.2 4.2 L -6.4 6.4 M 4.2 -4.2 L 6.4 -6.4 "
            "M -4.2 -4.2 L -6.4 -6.4",
            False,
        ),
    ),
    # an urn: neck, belly and foot
    "urn": (("M -3 -8 L 3 -8 L 2 -5 Q 8 -1 4 5 L 3 8 L -3 8 L -4 5 Q -8 -1 -2 -5 Z", True),),
}

# Tile symbols in a box from -8 to 8: settlement, temple, farm, market.
_TILE_PATHS: tuple[str, ...] = (
    "M -6 7 L -6 -1 L 0 -7 L 6 -1 L 6 7 Z",  # settlement: a house
    "M -7 7 L 7 7 L 7 4 L 4 4 L 4 0 L 2 0 L 2 -4 L -2 -4 L -2 0 L -4 0 L -4 4 L -7 4 Z",
    "M -5 7 L -5 -6 M 0 7 L 0 -7 M 5 7 L 5 -6 M -5 -2 L -2 -5 M 0 -2 L 3 -5 M 5 -2 L 2 -5",
    "M -6 -2 L 6 -2 L 5 6 L -5 6 Z M -4 -2 Q 0 -9 4 -2",  # market: a basket
)
_TILE_SYMBOL_FILLED = (True, True, False, False)


def _fmt(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _origin(square: int) -> tuple[int, int]:
    row, column = divmod(square, COLUMNS)
    return _MARGIN + column * CELL, _MARGIN + row * CELL


def _centre(square: int) -> tuple[float, float]:
    x, y = _origin(square)
    return x + CELL / 2, y + CELL / 2


def _sub(parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag)
    for key, value in attributes.items():
        element.set(key.rstrip("_").replace("_", "-"), value)
    return element


def _square_rect(parent: ET.Element, square: int, inset: int, **attributes: str) -> ET.Element:
    """A rectangle filling ``square``'s cell but for ``inset`` pixels on every side."""
    x, y = _origin(square)
    size = str(CELL - 2 * inset)
    return _sub(
        parent, "rect", x=str(x + inset), y=str(y + inset), width=size, height=size, **attributes
    )


def _group(parent: ET.Element, cls: str, square: int | None, title: str) -> ET.Element:
    group = _sub(parent, "g", class_=cls)
    if square is not None:
        group.set("data-square", square_name(square))
    _sub(group, "title").text = title
    return group


def _symbol(
    parent: ET.Element, paths: tuple[tuple[str, bool], ...], x: float, y: float, scale: float
) -> None:
    holder = _sub(parent, "g", transform=f"translate({_fmt(x)} {_fmt(y)}) scale({_fmt(scale)})")
    for d, filled in paths:
        _sub(
            holder,
            "path",
            d=d,
            fill=PALETTE["symbol"] if filled else "none",
            stroke=PALETTE["symbol"],
            stroke_width="1.6",
            stroke_linecap="round",
            stroke_linejoin="round",
        )


def _squares(svg: ET.Element, board: BoardLike) -> None:
    layer = _sub(svg, "g", class_="squares")
    river = board.layout.river
    for square in range(SQUARE_COUNT):
        x, y = _origin(square)
        kind = "river" if river[square] else "land"
        _sub(
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


def _coordinates(svg: ET.Element) -> None:
    layer = _sub(
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
            label = _sub(layer, "text", class_="coordinate", x=_fmt(middle), y=_fmt(top))
            label.text = _LETTERS[column]
    for row in range(ROWS):
        baseline = _MARGIN + row * CELL + CELL / 2 + 4
        for left in (_MARGIN / 2, _MARGIN + COLUMNS * CELL + _MARGIN / 2):
            label = _sub(layer, "text", class_="coordinate", x=_fmt(left), y=_fmt(baseline))
            label.text = str(row + 1)


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
    _symbol(group, ((_TILE_PATHS[color], _TILE_SYMBOL_FILLED[color]),), cx, cy, 1.25)


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
    _sub(
        group,
        "path",
        d=f"M {x + 6} {y + 14} L {x + 14} {y + 6} M {x + 6} {y + 24} L {x + 24} {y + 6} "
        f"M {x + 6} {y + 34} L {x + 34} {y + 6} M {x + 16} {y + 34} L {x + 34} {y + 16} "
        f"M {x + 26} {y + 34} L {x + 34} {y + 26}",
        stroke="#ffffff",
        stroke_opacity="0.25",
        stroke_width="2",
    )


def _ziggurat_square(layer: ET.Element, square: int) -> None:
    group = _group(layer, "ziggurat-square", square, "ziggurat square")
    x, y = _origin(square)
    _square_rect(
        group,
        square,
        1,
        fill=PALETTE["ziggurat"],
        stroke="#8a6d2f",
    )
    bricks = " ".join(f"M {x + 1} {y + k} L {x + CELL - 1} {y + k}" for k in (10, 20, 30))
    _sub(group, "path", d=bricks, stroke="#8a6d2f", stroke_opacity="0.5", stroke_width="1")


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
    _sub(
        group,
        "path",
        d=f"M {x + 10} {y + 10} L {x + 30} {y + 30} M {x + 30} {y + 10} L {x + 10} {y + 30}",
        stroke="#ff7043",
        stroke_width="4",
        stroke_linecap="round",
    )


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
        _sub(
            group,
            "rect",
            x=_fmt(cx - width / 2 - 2),
            y=_fmt(base - height),
            width=_fmt(width + 4),
            height=str(height),
            fill=PALETTE[color.value],
            stroke="#f4ecd8",
            stroke_width="1.5",
        )
        base -= height
    _sub(
        group,
        "path",
        d=f"M {_fmt(cx - 6)} {_fmt(base)} L {_fmt(cx)} {_fmt(base - 8)} "
        f"L {_fmt(cx + 6)} {_fmt(base)} Z",
        fill=PALETTE[second.value],
        stroke="#f4ecd8",
        stroke_width="1.5",
    )


def _ziggurat(layer: ET.Element, centre: int) -> None:
    group = _group(layer, "ziggurat", centre, f"ziggurat centred on {square_name(centre)}")
    cx, cy = _centre(centre)
    for width, height, offset in ((104, 16, 22), (72, 16, 6), (40, 16, -10)):
        _sub(
            group,
            "rect",
            x=_fmt(cx - width / 2),
            y=_fmt(cy + offset - height / 2),
            width=str(width),
            height=str(height),
            fill="#c89b45",
            stroke="#6e5221",
            stroke_width="1.5",
        )
    _sub(
        group,
        "rect",
        x=_fmt(cx - 8),
        y=_fmt(cy - 30),
        width="16",
        height="12",
        fill="#e3c27a",
        stroke="#6e5221",
        stroke_width="1.5",
    )


def _treasure(layer: ET.Element, square: int, priority: bool) -> None:
    title = "priority treasure" if priority else "treasure"
    group = _group(layer, "treasure priority" if priority else "treasure", square, title)
    x, y = _origin(square)
    cx, cy = x + CELL - 9, y + 9
    if priority:
        _sub(
            group,
            "circle",
            cx=_fmt(cx),
            cy=_fmt(cy),
            r="8",
            fill="#ffffff",
            stroke=PALETTE["red"],
            stroke_width="2",
        )
    _sub(
        group,
        "path",
        d=f"M {_fmt(cx)} {_fmt(cy - 6)} L {_fmt(cx + 5)} {_fmt(cy)} L {_fmt(cx)} {_fmt(cy + 6)} "
        f"L {_fmt(cx - 5)} {_fmt(cy)} Z",
        fill=PALETTE["gold"],
        stroke="#8a6a00",
        stroke_width="1",
    )


def _building(layer: ET.Element, square: int, color: int) -> None:
    name = COLORS[color]
    group = _group(
        layer,
        f"building building-{name.value}",
        square,
        f"{name.value} civilization building",
    )
    x, y = _origin(square)
    bx, by = x + 2, y + CELL - 2
    d = (
        f"M {bx} {by} L {bx} {by - 11} L {bx + 9} {by - 19} L {bx + 18} {by - 11} "
        f"L {bx + 18} {by} Z"
    )
    _sub(
        group,
        "path",
        d=d,
        fill=PALETTE["gold"],
        stroke=PALETTE["gold"],
        stroke_width="5",
        stroke_linejoin="round",
    )
    _sub(
        group,
        "path",
        d=d,
        fill=PALETTE[name.value],
        stroke="#ffffff",
        stroke_width="1.5",
        stroke_linejoin="round",
    )
    _sub(group, "rect", x=str(bx + 6), y=str(by - 7), width="6", height="7", fill=PALETTE["gold"])


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
    _sub(
        group,
        "circle",
        cx=_fmt(cx),
        cy=_fmt(cy),
        r="16",
        fill=PALETTE[name.value],
        stroke="#f7f1e1",
        stroke_width="2.5",
    )
    _symbol(group, _DYNASTY_PATHS.get(dynasty, ()), cx, cy, 1.15)


def _marker(layer: ET.Element, square: int) -> None:
    group = _group(layer, "marker", square, "unification marker")
    cx, cy = _centre(square)
    _sub(
        group,
        "circle",
        cx=_fmt(cx),
        cy=_fmt(cy),
        r="15",
        fill="none",
        stroke="#ffffff",
        stroke_width="3",
        stroke_dasharray="4 3",
    )


def _ziggurat_centre(board: BoardLike) -> int:
    """The ziggurat's centre: ``board.ziggurat``, or found from the cells for positions
    drawn by hand (a ziggurat square whose four neighbours are ziggurat squares)."""
    if board.ziggurat != NO_SQUARE:
        return board.ziggurat
    cells = board.cells
    for square in range(SQUARE_COUNT):
        around = NEIGHBOURS[square]
        if (
            cells[square] == ZIGGURAT
            and len(around) == 4
            and all(cells[n] == ZIGGURAT for n in around)
        ):
            return square
    return NO_SQUARE


def render_svg(
    board: BoardLike,
    *,
    scale: float = 1.0,
    coordinates: bool = True,
    caption: str | None = None,
) -> str:
    """The board of ``board`` (a state or a view) as a standalone SVG document.

    ``scale`` multiplies the displayed size (the drawing is 40 units per square, about
    700 x 500 at scale 1); ``coordinates`` draws the column letters and row numbers around
    the board; ``caption``, when given, is a line of text written under the board (class
    ``caption``). The pieces and their ``class`` attributes are listed in the module
    documentation. The text has no XML declaration and no trailing newline.
    """
    expect(board, BOARD_TYPES, "board", "a GameState or a PlayerView")
    expect(scale, (int, float), "scale")
    expect(coordinates, bool, "coordinates")
    expect(caption, (str, None), "caption")
    width = COLUMNS * CELL + 2 * _MARGIN
    board_height = ROWS * CELL + 2 * _MARGIN
    height = board_height + (_CAPTION_HEIGHT if caption is not None else 0)
    svg = ET.Element("svg")
    svg.set("xmlns", _SVG_NS)
    svg.set("class", "tigris-board")
    svg.set("viewBox", f"0 0 {width} {height}")
    svg.set("width", _fmt(width * scale))
    svg.set("height", _fmt(height * scale))
    _sub(svg, "title").text = f"Tigris & Euphrates: {board.config.board} board"
    _sub(
        svg,
        "rect",
        class_="board",
        x="0",
        y="0",
        width=str(width),
        height=str(height),
        fill="#f6f0dc",
    )
    _squares(svg, board)
    if coordinates:
        _coordinates(svg)
    cells = board.cells
    pieces = _sub(svg, "g", class_="pieces")
    for square in range(SQUARE_COUNT):
        code = cells[square]
        if 0 <= code <= 3:
            _tile(pieces, square, code)
        elif code == FLIPPED:
            _flipped(pieces, square)
        elif code == ZIGGURAT:
            _ziggurat_square(pieces, square)
        elif code == CATASTROPHE:
            _catastrophe(pieces, square)
    for index, top_left in enumerate(board.monuments):
        if top_left != NO_SQUARE:
            _monument(pieces, index, top_left)
    centre = _ziggurat_centre(board)
    if centre != NO_SQUARE:
        _ziggurat(pieces, centre)
    for color, square in enumerate(board.buildings):
        if square != NO_SQUARE:
            _building(pieces, square, color)
    priority = board.layout.priority_squares
    for square in sorted(board.treasures):
        _treasure(pieces, square, square in priority)
    for flat, square in enumerate(board.leaders):
        if square != NO_SQUARE and cells[square] == LEADER:
            _leader(pieces, square, flat)
    if board.marker != NO_SQUARE:
        _marker(pieces, board.marker)
    if caption is not None:
        _sub(
            svg,
            "text",
            class_="caption",
            x=_fmt(width / 2),
            y=str(board_height + 16),
            font_family="sans-serif",
            font_size="15",
            fill=PALETTE["ink"],
            text_anchor="middle",
        ).text = caption
    return ET.tostring(svg, encoding="unicode")
