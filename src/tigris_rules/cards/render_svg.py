"""SVG picture of the card game's table (RULES.md Part II), for web pages and Jupyter.

:func:`render_card_svg` draws a :class:`~tigris_rules.cards.CardGameState` or a
:class:`~tigris_rules.cards.view.CardView` as one standalone SVG document: the eight heads
in a row (treasure cards, or the red cards that replaced them, CARD-DEF-2) with the gaps
between them (CARD-SETUP-1), the cards of each column below its head, boats, gap cards face
up or face down, and the leaders, each a disc of its colour carrying its owner's dynasty
symbol (CONV-4). Below the table: the draw pile, the boats still available, and one block
per seat with its hand, VP pile, catastrophe card and leaders in supply, then the decision
awaited.

A view shows only what its seat may see (CARD-DEF-7): the viewer's own hand, every other
hand as a row of card backs, VP piles as their size and top card unless they are open, and
a face-down gap card as a card back (with its colour only for the player who played it). A
whole state is drawn as a referee sees it: every hand, every pile by colour, every gap card.

Classes: ``head head-treasure``/``head head-red``, ``card card-<colour>`` (a column card;
``data-spot`` names its place), ``boat boat-<name>``, ``gap-card`` (+ ``face-down``,
``known``), ``leader leader-<colour> seat-<n> dynasty-<name>``, ``hand-card
hand-<colour>``, ``hand-hidden``, ``pile``, ``pile-count pile-<kind>``, ``seat seat-<n>``
(+ ``viewer``, ``active``, ``to-move``), ``decision``, ``last``.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from tigris_rules._arguments import expect
from tigris_rules.cards.actions import (
    CardAction,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
)
from tigris_rules.cards.components import (
    BOAT_OF_CODE,
    COLUMNS,
    GAPS,
    TREASURE,
    Loc,
    is_boat,
    parse_spot,
    spot_name,
)
from tigris_rules.cards.engine import card_to_move
from tigris_rules.cards.legality import describe_decision
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.view import CardView, GapView
from tigris_rules.cards.wellformed import check_card_well_formed
from tigris_rules.model.colors import COLORS
from tigris_rules.render.sentences import DYNASTIES
from tigris_rules.render.svg_glyphs import (
    PALETTE,
    TILE_PATHS,
    TILE_SYMBOL_FILLED,
    dynasty_disc,
    symbol,
)
from tigris_rules.render.svg_kit import fit_lines, fmt, markup, sub, text_block

__all__ = ["render_card_svg"]

_CARD_W = 50
_CARD_H = 34
_STEP = 38
_GAP_W = 44
_MARGIN = 20
_TOP = 46
_SEAT_H = 62
_BACK = PALETTE["flipped"]
_SVG_NS = "http://www.w3.org/2000/svg"


def _column_x(column: int) -> float:
    return _MARGIN + column * (_CARD_W + _GAP_W)


def _gap_x(gap: int) -> float:
    return _column_x(gap) + _CARD_W + (_GAP_W - 36) / 2


def _place(loc: Loc) -> tuple[float, float, float]:
    """The left, top and width of the card at ``loc``."""
    x, y = loc
    if x % 2:
        return _gap_x(x // 2), _TOP, 36
    return _column_x(x // 2), _TOP + y * _STEP, _CARD_W


def _dynasty(seat: int) -> str:
    return DYNASTIES[seat] if seat < len(DYNASTIES) else f"seat{seat}"


def _card(
    parent: ET.Element, cls: str, x: float, y: float, width: float, fill: str, title: str
) -> ET.Element:
    group = sub(parent, "g", class_=cls)
    sub(group, "title").text = title
    sub(
        group,
        "rect",
        x=fmt(x),
        y=fmt(y),
        width=fmt(width),
        height=str(_CARD_H),
        rx="4",
        fill=fill,
        stroke="#000000",
        stroke_opacity="0.35",
    )
    return group


def _colour_card(
    parent: ET.Element, cls: str, color: int, x: float, y: float, width: float
) -> ET.Element:
    name = COLORS[color]
    group = _card(parent, cls, x, y, width, PALETTE[name.value], f"{name.value} card")
    paths = ((TILE_PATHS[color], TILE_SYMBOL_FILLED[color]),)
    symbol(group, paths, x + width / 2, y + _CARD_H / 2, 1.1)
    return group


def _back(parent: ET.Element, cls: str, x: float, y: float, width: float, title: str) -> ET.Element:
    group = _card(parent, cls, x, y, width, _BACK, title)
    sub(
        group,
        "rect",
        x=fmt(x + 4),
        y=fmt(y + 4),
        width=fmt(width - 8),
        height=str(_CARD_H - 8),
        rx="2",
        fill="none",
        stroke="#ffffff",
        stroke_opacity="0.4",
    )
    return group


def _treasure_mark(parent: ET.Element, cx: float, cy: float) -> None:
    sub(
        parent,
        "path",
        d=f"M {fmt(cx)} {fmt(cy - 9)} L {fmt(cx + 7)} {fmt(cy)} L {fmt(cx)} {fmt(cy + 9)} "
        f"L {fmt(cx - 7)} {fmt(cy)} Z",
        fill=PALETTE["gold"],
        stroke="#8a6a00",
    )


def _table(svg: ET.Element, board: CardGameState | CardView) -> None:
    layer = sub(svg, "g", class_="table")
    labels = sub(
        layer, "g", class_="labels", font_family="sans-serif", font_size="12", fill=PALETTE["ink"]
    )
    for column in range(COLUMNS):
        x = _column_x(column)
        label = sub(labels, "text", x=fmt(x + _CARD_W / 2), y=str(_TOP - 8), text_anchor="middle")
        label.text = str(column + 1)
        if board.heads[column] == TREASURE:
            head = _card(layer, "head head-treasure", x, _TOP, _CARD_W, "#b03a2e", "treasure card")
            _treasure_mark(head, x + _CARD_W / 2, _TOP + _CARD_H / 2)
        else:
            head = _colour_card(layer, "head head-red", 1, x, _TOP, _CARD_W)
        head.set("data-spot", spot_name((2 * column, 0)))
        for position, code in enumerate(board.columns[column], start=1):
            y = _TOP + position * _STEP
            spot = spot_name((2 * column, position))
            if is_boat(code):
                boat = BOAT_OF_CODE[code]
                group = _card(
                    layer,
                    f"boat boat-{boat.value}",
                    x,
                    y,
                    _CARD_W,
                    PALETTE["blue"],
                    f"{boat.value} boat",
                )
                sub(
                    group,
                    "path",
                    d=f"M {fmt(x + _CARD_W / 2)} {fmt(y)} h {_CARD_W / 2} v {_CARD_H} "
                    f"h {-_CARD_W / 2} Z",
                    fill=PALETTE[boat.other.value],
                )
                sub(
                    group,
                    "path",
                    d=f"M {fmt(x + 9)} {fmt(y + 20)} L {fmt(x + _CARD_W - 9)} {fmt(y + 20)} "
                    f"L {fmt(x + _CARD_W - 15)} {fmt(y + 27)} L {fmt(x + 15)} {fmt(y + 27)} Z "
                    f"M {fmt(x + _CARD_W / 2)} {fmt(y + 20)} L {fmt(x + _CARD_W / 2)} {fmt(y + 6)} "
                    f"L {fmt(x + _CARD_W / 2 + 9)} {fmt(y + 17)} Z",
                    fill="#ffffff",
                )
            else:
                group = _colour_card(layer, f"card card-{COLORS[code].value}", code, x, y, _CARD_W)
            group.set("data-spot", spot)
    for gap in range(GAPS):
        x = _gap_x(gap)
        label = sub(labels, "text", x=fmt(x + 18), y=str(_TOP - 8), text_anchor="middle")
        label.text = f"g{gap + 1}"
        card = board.gaps[gap]
        if card is None:
            sub(
                layer,
                "rect",
                class_="gap-empty",
                x=fmt(x),
                y=str(_TOP),
                width="36",
                height=str(_CARD_H),
                rx="4",
                fill="none",
                stroke=PALETTE["grid"],
                stroke_dasharray="3 3",
            )
            continue
        if isinstance(card, GapView):
            color = None if card.color is None else card.color.index
        else:
            color = card.card
        if card.face_up:
            assert color is not None
            group = _colour_card(layer, "gap-card", color, x, _TOP, 36)
        else:
            known = color is not None
            title = f"face-down card of seat {card.player}"
            group = _back(
                layer, "gap-card face-down" + (" known" if known else ""), x, _TOP, 36, title
            )
            if known:
                assert color is not None
                sub(
                    group,
                    "circle",
                    cx=fmt(x + 18),
                    cy=fmt(_TOP + _CARD_H / 2),
                    r="7",
                    fill=PALETTE[COLORS[color].value],
                    stroke="#ffffff",
                )
        group.set("data-spot", spot_name((2 * gap + 1, 0)))
        group.set("data-seat", str(card.player))
    for flat, loc in enumerate(board.leaders):
        if loc is None:
            continue
        seat, color = divmod(flat, 4)
        name = COLORS[color]
        dynasty = _dynasty(seat)
        left, top, width = _place(loc)
        group = sub(layer, "g", class_=f"leader leader-{name.value} seat-{seat} dynasty-{dynasty}")
        group.set("data-spot", spot_name(loc))
        sub(group, "title").text = f"{name.leader_name} ({name.value}) of seat {seat}, {dynasty}"
        cx, cy = left + width - 6, top + 6
        dynasty_disc(group, dynasty, cx, cy, "12", PALETTE[name.value], 0.85, ring="2")


def _last_spot(board: CardGameState | CardView, last: CardAction) -> Loc | None:
    if isinstance(last, PlayLeader):
        return parse_spot(last.target)
    if isinstance(last, PlayCatastrophe):
        return parse_spot(last.target)
    if isinstance(last, PlayGap) and 1 <= last.gap <= GAPS:
        return (2 * (last.gap - 1) + 1, 0)
    if isinstance(last, PlayColumn) and 1 <= last.column <= COLUMNS:
        return (2 * (last.column - 1), len(board.columns[last.column - 1]))
    return None


def _describe(last: CardAction) -> str:
    if isinstance(last, PlayLeader):
        return f"the {last.color.leader_name} to {last.target}"
    if isinstance(last, PlayCatastrophe):
        return f"a catastrophe on {last.target}"
    if isinstance(last, PlayGap):
        return f"a {last.color.value} card into gap g{last.gap}"
    if isinstance(last, PlayColumn):
        return f"a {last.color.value} card onto column {last.column}"
    return type(last).__name__


def _seat(
    parent: ET.Element,
    board: CardGameState | CardView,
    seat: int,
    y: float,
    width: float,
    to_move: int | None,
) -> None:
    viewer = board.viewer if isinstance(board, CardView) else None
    classes = [f"seat seat-{seat}"]
    if seat == viewer:
        classes.append("viewer")
    if seat == board.active and not board.over:
        classes.append("active")
    if seat == to_move:
        classes.append("to-move")
    group = sub(parent, "g", class_=" ".join(classes))
    x = _MARGIN
    sub(
        group,
        "rect",
        x=fmt(x),
        y=fmt(y),
        width=fmt(width),
        height=str(_SEAT_H - 6),
        rx="6",
        fill="#fffaf0" if seat == viewer else "#f3ead2",
        stroke="#d35400" if seat == to_move else PALETTE["grid"],
        stroke_width="2.5" if seat == to_move else "1",
    )
    dynasty = _dynasty(seat)
    dynasty_disc(group, dynasty, x + 18, y + 18, "12", PALETTE["ink"], 0.85)
    name = f"seat {seat} ({dynasty})" + (", you" if seat == viewer else "")
    if seat == board.active and not board.over:
        name += " \u2014 active"
    label = sub(group, "text", x=fmt(x + 36), y=fmt(y + 22), font_size="13", font_weight="bold")
    label.text = name
    if isinstance(board, CardView):
        hand = board.hands[seat]
        size = board.hand_sizes[seat]
    else:
        hand = board.hands[seat]
        size = board.hand_size(seat)
    row = y + 32
    if hand is not None:
        for color in range(4):
            left = x + 10 + color * 50
            card = sub(group, "g", class_=f"hand-card hand-{COLORS[color].value}")
            card.set("data-count", str(hand[color]))
            sub(
                card,
                "rect",
                x=fmt(left),
                y=fmt(row),
                width="16",
                height="20",
                rx="2",
                fill=PALETTE[COLORS[color].value],
            )
            sub(
                card, "text", x=fmt(left + 20), y=fmt(row + 15), font_size="12"
            ).text = f"\u00d7{hand[color]}"
    else:
        hidden = sub(group, "g", class_="hand-hidden")
        hidden.set("data-count", str(size))
        for k in range(size):
            sub(
                hidden,
                "rect",
                x=fmt(x + 10 + k * 11),
                y=fmt(row),
                width="10",
                height="20",
                rx="2",
                fill=_BACK,
                stroke="#ffffff",
                stroke_opacity="0.5",
            )
        sub(
            hidden, "text", x=fmt(x + 16 + size * 11), y=fmt(row + 15), font_size="12"
        ).text = f"{size} cards, hidden"
    # the VP pile
    pile = sub(group, "g", class_="pile")
    px = x + 330
    if isinstance(board, CardView):
        counts = board.pile_counts[seat]
        pile_size, top = board.pile_sizes[seat], board.pile_tops[seat]
    else:
        counts = board.pile_counts(seat)
        pile_size, top = len(board.piles[seat]), board.pile_top(seat)
    pile.set("data-count", str(pile_size))
    sub(pile, "text", x=fmt(px), y=fmt(y + 22), font_size="12").text = f"VP pile: {pile_size} cards"
    if counts is not None:
        for kind, count in enumerate(counts):
            cx = px + 10 + kind * 30
            name = "treasure" if kind == TREASURE else COLORS[kind].value
            holder = sub(pile, "g", class_=f"pile-count pile-{name}")
            holder.set("data-count", str(count))
            if kind == TREASURE:
                _treasure_mark(holder, cx, row + 10)
            else:
                sub(holder, "circle", cx=fmt(cx), cy=fmt(row + 10), r="11", fill=PALETTE[name])
            sub(
                holder,
                "text",
                x=fmt(cx),
                y=fmt(row + 14),
                font_size="12",
                text_anchor="middle",
                fill="#ffffff" if kind != TREASURE else PALETTE["ink"],
                font_weight="bold",
            ).text = str(count)
    else:
        top_text = (
            "empty"
            if top is None
            else ("treasure card" if top == TREASURE else f"{COLORS[top].value} card")
        )
        sub(
            pile, "text", x=fmt(px), y=fmt(row + 15), font_size="12", class_="pile-top"
        ).text = f"top: {top_text}, rest hidden"
    # catastrophe card and leaders in supply
    sx = x + width - 100
    if board.catastrophes[seat]:
        sub(
            group,
            "rect",
            class_="catastrophe-card",
            x=fmt(sx),
            y=fmt(row),
            width="14",
            height="20",
            rx="2",
            fill=PALETTE["catastrophe"],
        )
    supply = [c for c in range(4) if board.leaders[4 * seat + c] is None]
    for k, color in enumerate(supply):
        sub(
            group,
            "circle",
            class_="supply",
            cx=fmt(sx + 30 + k * 16),
            cy=fmt(row + 10),
            r="7",
            fill=PALETTE[COLORS[color].value],
            stroke="#f7f1e1",
        )


def render_card_svg(
    board: CardGameState | CardView, *, scale: float = 1.0, last: CardAction | None = None
) -> str:
    """The table of ``board`` (a card-game state or view) as a standalone SVG document.

    ``scale`` multiplies the displayed size; ``last``, when given, is the last action
    played: its card or leader is outlined (class ``last``) and a line names it. The
    elements and their classes are listed in the module documentation. The text has no XML
    declaration and no trailing newline. Raises :class:`~tigris_rules.ArgumentTypeError` when
    ``board`` is neither a card-game state nor a card view, and
    :class:`~tigris_rules.InvalidActionError` when ``last`` is not a well-formed action.
    """
    expect(board, (CardGameState, CardView), "board", "a CardGameState or a CardView")
    expect(scale, (int, float), "scale")
    if last is not None:
        check_card_well_formed(last)
    width = _MARGIN * 2 + COLUMNS * _CARD_W + GAPS * _GAP_W
    inner = width - 2 * _MARGIN
    depth = max((len(c) for c in board.columns), default=0)
    table_bottom = _TOP + (depth + 1) * _STEP + 8
    to_move = board.to_move if isinstance(board, CardView) else card_to_move(board)
    if board.over:
        decision = "The game is over."
    elif board.pending is None:
        decision = (
            f"Seat {board.active} ({_dynasty(board.active)}) must play a card or end the turn."
        )
    else:
        text = describe_decision(board.pending)
        decision = text[0].upper() + text[1:] + "."
    if isinstance(board, CardView) and board.viewer is not None and to_move == board.viewer:
        decision += " That is you."
    lines, size = fit_lines(decision, inner - 12, 13, 3)
    seats = board.config.players
    height = math.ceil(table_bottom + 40 + seats * _SEAT_H + len(lines) * size * 1.3 + 24)
    svg = ET.Element("svg")
    svg.set("xmlns", _SVG_NS)
    svg.set("class", "tigris-card-table")
    svg.set("viewBox", f"0 0 {width} {height}")
    svg.set("width", fmt(width * scale))
    svg.set("height", fmt(height * scale))
    if isinstance(board, CardView):
        who = (
            "spectator"
            if board.viewer is None
            else f"seat {board.viewer} ({_dynasty(board.viewer)})"
        )
        title = f"Tigris & Euphrates, the card game: view of {who}"
    else:
        title = "Tigris & Euphrates, the card game: the whole table"
    sub(svg, "title").text = title
    sub(
        svg,
        "rect",
        class_="background",
        x="0",
        y="0",
        width=str(width),
        height=str(height),
        fill="#f6f0dc",
    )
    heading = sub(
        svg,
        "text",
        x=str(_MARGIN),
        y="20",
        font_family="sans-serif",
        font_size="15",
        font_weight="bold",
        fill=PALETTE["ink"],
    )
    status = (
        "game over"
        if board.over
        else f"turn {board.turn + 1}, {board.actions_taken} of 2 actions taken"
    )
    heading.text = f"{title.split(': ', 1)[1].capitalize()} \u2014 {status}"
    _table(svg, board)
    if last is not None:
        loc = _last_spot(board, last)
        if loc is not None and (loc[0] % 2 or loc[1] <= len(board.columns[loc[0] // 2])):
            left, top, card_width = _place(loc)
            mark = sub(
                svg,
                "rect",
                class_="last",
                x=fmt(left - 3),
                y=fmt(top - 3),
                width=fmt(card_width + 6),
                height=str(_CARD_H + 6),
                rx="6",
                fill="none",
                stroke="#ff6f00",
                stroke_width="3",
            )
            mark.set("data-spot", spot_name(loc))
    info = sub(svg, "g", class_="players", font_family="sans-serif", fill=PALETTE["ink"])
    y = float(table_bottom)
    available = ", ".join(b.value for b in board.available_boats) or "none"
    line = f"Draw pile: {board.draw_size} cards. Boats available: {available}."
    if last is not None:
        line += f" Last: {_describe(last)}."
    draw = sub(info, "text", class_="draw-pile", x=fmt(_MARGIN), y=fmt(y + 10), font_size="13")
    draw.set("data-count", str(board.draw_size))
    draw.text = line
    y += 26
    for seat in range(seats):
        _seat(info, board, seat, y, inner, to_move)
        y += _SEAT_H
    mine = isinstance(board, CardView) and board.viewer is not None and to_move == board.viewer
    box = sub(info, "g", class_="decision mine" if mine else "decision")
    sub(
        box,
        "rect",
        x=fmt(_MARGIN),
        y=fmt(y),
        width=fmt(inner),
        height=fmt(len(lines) * size * 1.3 + 10),
        rx="6",
        fill="#fdebd0" if mine else "#efe6cc",
        stroke="#d35400" if mine else PALETTE["grid"],
    )
    text_block(box, lines, x=_MARGIN + 6, y=y + size + 2, width=inner - 12, size=size)
    return markup(svg)
