"""The largest player views the JSON reader accepts: every count at the most its
configuration allows, for both games, with every player and every variant (the card game at
``column_limit=24``). tests/test_view_checks.py loads and draws them;
benchmarks/view_bounds.py times their renderers.
"""

from __future__ import annotations

import json
from typing import Any

import tigris_rules as tr
from tigris_rules.model.board import board_layout
from tigris_rules.model.squares import SQUARE_COUNT, square_name
from tigris_rules.rules.components import TILE_COUNTS
from tigris_rules.rules.state_check import MAX_VP_PER_TURN, bag_length

__all__ = ["board_view_json", "card_view_json", "maximal_views"]

ALL_VARIANTS = ("english", "buildings", "ziggurat")
BOARD_TURN = 10**6
"""The turn of the largest board view: its scores may reach this many turns' VP."""


def board_view_json(viewer: int | None, players: int = 4, *, full_board: bool) -> dict[str, Any]:
    """A board view of ``players`` players with every variant and open scoring: hands of 6
    tiles, catastrophes all left, every tile the game has in sight (the bag as full as the
    setup leaves it, or with ``full_board`` empty and every other tile on the board), all
    but one treasure taken and the most VP the turns played can give."""
    config = tr.GameConfig(players=players, variants=ALL_VARIANTS, open_scoring=True)
    state = tr.new_game(config, seed=1)
    data: dict[str, Any] = json.loads(tr.dumps(tr.view(state, viewer)))
    cells: dict[str, str] = data["cells"]
    river = board_layout(config.board).river
    on_board = {"black": 0, "red": 0, "blue": 0, "green": 0}
    for name in cells.values():
        on_board[name] = on_board.get(name, 0) + 1
    bag = 0 if full_board else bag_length(config)
    room = 153 - bag - 6 * players - sum(on_board.values())
    limits = dict(zip(("black", "red", "blue", "green"), TILE_COUNTS, strict=True))
    for hand in data["hands"]:  # leave room for the tiles of a visible hand
        for color, count in (hand or {}).items():
            limits[color] -= count
    land = ("red", "black", "green")
    for square in range(SQUARE_COUNT):
        name = square_name(square)
        if room == 0:
            break
        if name in cells:
            continue
        choices = ("blue",) if river[square] else land
        color = next((c for c in choices if on_board[c] < limits[c]), None)
        if color is not None:
            cells[name] = color
            on_board[color] += 1
            room -= 1
    data["bag_size"] = bag
    treasures = data["treasures"]
    data["treasures"] = treasures[:1]
    data["treasures_held"] = [len(treasures) - 1] + [0] * (players - 1)
    most = (BOARD_TURN + 1) * MAX_VP_PER_TURN
    data["scores"] = [dict.fromkeys(("black", "red", "blue", "green"), most // 4)] * players
    data["turn"] = BOARD_TURN
    data["active"] = BOARD_TURN % players
    data["to_move"] = data["active"]
    data["legal_actions"] = []
    return data


def card_view_json(viewer: int | None, players: int = 4) -> dict[str, Any]:
    """A card view of ``players`` players at ``column_limit=24`` with open scoring: hands of
    8 cards, every boat built, the columns as deep as the cards allow (every card not in a
    hand or a head lies in a column, 24 to a column), every leader on the table."""
    config = tr.GameConfig(players=players, game="cards", column_limit=24, open_scoring=True)
    state = tr.new_card_game(config, seed=1)
    data: dict[str, Any] = json.loads(tr.dumps(tr.view(state, viewer)))
    aside = 30 if players == 2 else 0
    cards = 193 - 8 - 8 * players - aside
    shown = [hand for hand in data["hands"] if hand is not None]
    pool: list[str] = []
    for color, most in (("red", 65), ("black", 40), ("blue", 40), ("green", 40)):
        pool += [color] * (most - sum(hand[color] for hand in shown))
    boats = ["blue-black", "blue-red", "blue-green"]  # the last of column 1, below its leaders
    positions = [*pool[:21], *boats, *pool[21:cards]]
    deep = (len(positions) - 8) // 23  # that many columns of 24, the rest shared out
    sizes = [24] * deep
    rest = len(positions) - 24 * deep
    sizes += [rest // (8 - deep) + (k < rest % (8 - deep)) for k in range(8 - deep)]
    columns = []
    for size in sizes:
        columns.append(positions[:size])
        positions = positions[size:]
    data["columns"] = columns
    data["draw_size"] = 0
    data["legal_actions"] = []
    data["to_move"] = 0
    leaders = []
    for player in range(players):
        row: dict[str, str] = {}
        for color_index, color in enumerate(("black", "red", "blue", "green")):
            column = (player + 4 * color_index) % 8
            row[color] = f"{column + 1}.{1 + color_index}"
        leaders.append(row)
    data["leaders"] = leaders
    return data


def maximal_views() -> list[tuple[str, type, str]]:
    """The largest views as JSON text, each with a name and its class: a spectator's and a
    seat's, of each game (of the board game with a full bag, and with a full board)."""
    return [
        ("board, spectator", tr.PlayerView, json.dumps(board_view_json(None, full_board=False))),
        ("board, seat 0", tr.PlayerView, json.dumps(board_view_json(0, full_board=False))),
        (
            "board full, spectator",
            tr.PlayerView,
            json.dumps(board_view_json(None, full_board=True)),
        ),
        ("board full, seat 0", tr.PlayerView, json.dumps(board_view_json(0, full_board=True))),
        ("cards, spectator", tr.CardView, json.dumps(card_view_json(None))),
        ("cards, seat 0", tr.CardView, json.dumps(card_view_json(0))),
    ]
