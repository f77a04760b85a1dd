"""The side panel of a board picture: what one seat sees besides the board (CONV-14).

A :class:`~tigris_rules.views.PlayerView` is drawn with this panel beside its board: whose
view it is, the turn and the active player, one block per seat (hand, VP, treasures,
catastrophes, leaders in supply), the bag, the last action when the caller names it, and
the decision awaited with the seat that must answer. What the viewer may not see is drawn
as hidden and never guessed: a hidden hand is a row of tile backs, hidden totals the word
"hidden". A whole :class:`~tigris_rules.GameState` can have the panel too, as a referee
sees it (every hand and total).

The elements carry classes as the board's pieces do:

========================================  ==============================================
``panel``                                 the whole panel
``seat seat-<n>`` (+ ``viewer``,          one block per seat; ``viewer`` for the view's
``active``, ``to-move``)                  own seat, ``to-move`` for the seat to answer
``hand-tile hand-<colour>``               one per colour in a hand the viewer may see,
                                          with ``data-count``
``hand-hidden``                           a hand the viewer may not see (``data-count``
                                          its size)
``score score-<colour>``                  a visible VP total (``data-count``)
``score-hidden``                          totals the viewer may not see
``decision`` (+ ``mine``)                 the decision awaited; ``mine`` when it is the
                                          viewer's
``last-action``                           the line naming the last action
========================================  ==============================================
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING

import attrs

from tigris_rules.model.actions import Action
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.records.notation import format_action
from tigris_rules.render.sentences import DYNASTIES, describe_decision
from tigris_rules.render.svg_glyphs import (
    PALETTE,
    TILE_PATHS,
    TILE_SYMBOL_FILLED,
    dynasty_disc,
    symbol,
)
from tigris_rules.render.svg_kit import fit_lines, fmt, sub, text_block
from tigris_rules.rules.engine import to_move

if TYPE_CHECKING:
    from tigris_rules.views import PlayerView

__all__ = ["PANEL_WIDTH", "SeatPanel", "draw_panel", "panel_height", "seat_panel"]

PANEL_WIDTH = 280
"""The width of the panel, in SVG user units."""

_PAD = 12
_HEADER = 62
_SEAT = 84
_Counts = tuple[int, int, int, int]


@attrs.frozen
class SeatPanel:
    """What the panel shows, taken from a view or a whole state; ``None`` marks hidden."""

    viewer: int | None
    referee: bool
    hands: tuple[_Counts | None, ...]
    hand_sizes: tuple[int, ...]
    scores: tuple[_Counts | None, ...]
    treasures_held: tuple[int | None, ...]
    catastrophes: tuple[int, ...]
    supply: tuple[tuple[int, ...], ...]
    bag_size: int
    active: int
    turn: int
    actions_taken: int
    pending: Decision | None
    over: bool
    to_move: int | None
    config: GameConfig
    """The game's configuration, whose variants tell their decisions."""


def seat_panel(board: GameState | PlayerView) -> SeatPanel:
    """The panel's content for a state (everything, as a referee sees it) or a view."""
    n = board.config.players
    supply = tuple(
        tuple(c for c in range(4) if board.leaders[4 * p + c] == NO_SQUARE) for p in range(n)
    )
    if isinstance(board, GameState):
        viewer, hand_sizes, mover = None, tuple(sum(h) for h in board.hands), to_move(board)
    else:
        viewer, hand_sizes, mover = board.viewer, board.hand_sizes, board.to_move
    return SeatPanel(
        viewer=viewer,
        referee=isinstance(board, GameState),
        hands=board.hands,
        hand_sizes=hand_sizes,
        scores=board.scores,
        treasures_held=tuple(board.treasures_held),
        catastrophes=board.catastrophes,
        supply=supply,
        bag_size=board.bag_size,
        active=board.active,
        turn=board.turn,
        actions_taken=board.actions_taken,
        pending=board.pending,
        over=board.over,
        to_move=mover,
        config=board.config,
    )


def _seat_name(seat: int) -> str:
    dynasty = DYNASTIES[seat] if seat < len(DYNASTIES) else f"seat{seat}"
    return f"seat {seat} ({dynasty})"


def _decision_text(info: SeatPanel) -> str:
    if info.over:
        return "The game is over."
    text = describe_decision(info.pending, info.active, config=info.config)
    text = text[0].upper() + text[1:] + "."
    if info.viewer is not None and info.to_move == info.viewer:
        text += " That is you."
    return text


def _footer_lines(info: SeatPanel, last: Action | None) -> tuple[list[str], float, list[str]]:
    width = PANEL_WIDTH - 2 * _PAD
    decision, size = fit_lines(_decision_text(info), width, 12, 5)
    last_lines = [] if last is None else fit_lines(f"Last: {format_action(last)}", width, 12, 1)[0]
    return decision, size, last_lines


def panel_height(info: SeatPanel, last: Action | None) -> float:
    """The height the panel needs."""
    decision, size, last_lines = _footer_lines(info, last)
    seats = len(info.hands)
    return (
        _HEADER + seats * _SEAT + 22 + 16 * len(last_lines) + 18 + len(decision) * size * 1.3 + 14
    )


def _tile_icon(parent: ET.Element, color: int, x: float, y: float, size: float) -> None:
    name = COLORS[color].value
    sub(
        parent,
        "rect",
        x=fmt(x),
        y=fmt(y),
        width=fmt(size),
        height=fmt(size),
        rx="3",
        fill=PALETTE[name],
        stroke="#000000",
        stroke_opacity="0.35",
    )
    paths = ((TILE_PATHS[color], TILE_SYMBOL_FILLED[color]),)
    symbol(parent, paths, x + size / 2, y + size / 2, size / 22)


def _label(parent: ET.Element, text: str, x: float, y: float, **attributes: str) -> ET.Element:
    element = sub(parent, "text", x=fmt(x), y=fmt(y), font_size=attributes.pop("font_size", "12"))
    for key, value in attributes.items():
        element.set(key.rstrip("_").replace("_", "-"), value)
    element.text = text
    return element


def _seat_block(parent: ET.Element, info: SeatPanel, seat: int, x: float, y: float) -> None:
    classes = [f"seat seat-{seat}"]
    if seat == info.viewer:
        classes.append("viewer")
    if seat == info.active and not info.over:
        classes.append("active")
    if seat == info.to_move:
        classes.append("to-move")
    group = sub(parent, "g", class_=" ".join(classes))
    width = PANEL_WIDTH - 2 * _PAD
    deciding = seat == info.to_move
    sub(
        group,
        "rect",
        x=fmt(x),
        y=fmt(y),
        width=fmt(width),
        height=str(_SEAT - 6),
        rx="6",
        fill="#fffaf0" if seat == info.viewer else "#f3ead2",
        stroke="#d35400" if deciding else PALETTE["grid"],
        stroke_width="2.5" if deciding else "1",
    )
    dynasty = DYNASTIES[seat] if seat < len(DYNASTIES) else ""
    dynasty_disc(group, dynasty, x + 16, y + 16, "11", PALETTE["ink"], 0.8)
    name = _seat_name(seat)
    if seat == info.viewer:
        name += ", you"
    if seat == info.active and not info.over:
        name += " \u2014 active"
    _label(group, name, x + 32, y + 20, font_size="13", font_weight="bold")
    # the hand
    hand = info.hands[seat]
    row = y + 32
    if hand is not None:
        for color in range(4):
            left = x + 8 + color * 52
            tile = sub(group, "g", class_=f"hand-tile hand-{COLORS[color].value}")
            tile.set("data-count", str(hand[color]))
            _tile_icon(tile, color, left, row, 18)
            _label(tile, f"\u00d7{hand[color]}", left + 21, row + 14)
    else:
        hidden = sub(group, "g", class_="hand-hidden")
        hidden.set("data-count", str(info.hand_sizes[seat]))
        for k in range(info.hand_sizes[seat]):
            sub(
                hidden,
                "rect",
                x=fmt(x + 8 + k * 14),
                y=fmt(row),
                width="12",
                height="18",
                rx="2",
                fill=PALETTE["flipped"],
                stroke="#ffffff",
                stroke_opacity="0.5",
            )
        _label(
            hidden,
            f"{info.hand_sizes[seat]} tiles, hidden",
            x + 14 + info.hand_sizes[seat] * 14,
            row + 14,
        )
    # VP, treasures, catastrophes, leaders in supply
    row = y + 58
    scores = info.scores[seat]
    if scores is not None:
        for color in range(4):
            cx = x + 16 + color * 30
            score = sub(group, "g", class_=f"score score-{COLORS[color].value}")
            score.set("data-count", str(scores[color]))
            sub(score, "circle", cx=fmt(cx), cy=fmt(row), r="11", fill=PALETTE[COLORS[color].value])
            _label(
                score,
                str(scores[color]),
                cx,
                row + 4,
                text_anchor="middle",
                fill="#ffffff",
                font_weight="bold",
            )
        held = info.treasures_held[seat]
        treasure = sub(group, "g", class_="treasures-held")
        tx = x + 130
        sub(
            treasure,
            "path",
            d=f"M {fmt(tx)} {fmt(row - 7)} L {fmt(tx + 6)} {fmt(row)} L {fmt(tx)} {fmt(row + 7)} "
            f"L {fmt(tx - 6)} {fmt(row)} Z",
            fill=PALETTE["gold"],
            stroke="#8a6a00",
        )
        _label(treasure, str(held), tx + 9, row + 4)
    else:
        _label(group, "VP hidden", x + 8, row + 4, class_="score-hidden", fill="#7a6a55")
    extra = sub(group, "g", class_="supply")
    ex = x + 160
    for k in range(info.catastrophes[seat]):
        sub(
            extra,
            "rect",
            x=fmt(ex + k * 14),
            y=fmt(row - 6),
            width="12",
            height="12",
            rx="2",
            fill=PALETTE["catastrophe"],
        )
    ex += 32
    for k, color in enumerate(info.supply[seat]):
        sub(
            extra,
            "circle",
            cx=fmt(ex + 6 + k * 14),
            cy=fmt(row),
            r="6",
            fill=PALETTE[COLORS[color].value],
            stroke="#f7f1e1",
        )


def draw_panel(svg: ET.Element, info: SeatPanel, last: Action | None, left: float) -> None:
    """Draw the panel of ``info`` in ``svg`` from ``x = left``, naming ``last`` as the last
    action when given."""
    panel = sub(svg, "g", class_="panel", font_family="sans-serif", fill=PALETTE["ink"])
    x = left + _PAD
    if info.referee:
        title = "Whole game (every hand shown)"
    elif info.viewer is None:
        title = "Spectator view"
    else:
        title = f"View of {_seat_name(info.viewer)}"
    _label(panel, title, x, 24, font_size="15", font_weight="bold")
    if info.over:
        status = f"Game over after {info.turn + 1} turns"
    else:
        status = f"Turn {info.turn + 1}: {info.actions_taken} of 2 actions taken"
    _label(panel, status, x, 44)
    y = float(_HEADER - 8)
    for seat in range(len(info.hands)):
        _seat_block(panel, info, seat, x, y)
        y += _SEAT
    _label(panel, f"Bag: {info.bag_size} tiles", x, y + 8, class_="bag")
    y += 24
    decision, size, last_lines = _footer_lines(info, last)
    width = PANEL_WIDTH - 2 * _PAD
    if last_lines:
        holder = sub(panel, "g", class_="last-action")
        y = text_block(holder, last_lines, x=x, y=y, width=width, size=12, fill="#d35400")
    mine = info.viewer is not None and info.to_move == info.viewer
    box = sub(panel, "g", class_="decision mine" if mine else "decision")
    height = len(decision) * size * 1.3 + 10
    sub(
        box,
        "rect",
        x=fmt(x),
        y=fmt(y - 4),
        width=fmt(width),
        height=fmt(height),
        rx="6",
        fill="#fdebd0" if mine else "#efe6cc",
        stroke="#d35400" if mine else PALETTE["grid"],
    )
    text_block(box, decision, x=x + 6, y=y + size, width=width - 12, size=size)
