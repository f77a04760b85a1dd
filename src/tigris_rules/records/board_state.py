"""The JSON of the board game's states (docs/log-format.md).

A state is written with square names, colour names and cell names (``"g4": "red"``,
``"flipped"``, a variant's ``cell_name`` such as ``"ziggurat"``), ``null`` for a piece off
the board, and the variants' areas by variant name (:mod:`tigris_rules.records.areas`); it is
read back equal to the original. Its private cache is not written. The board game's ruleset
(:class:`~tigris_rules.games.board.BoardGame`) offers it as its
:class:`~tigris_rules.records.codec.GameCodec`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar, cast

from tigris_rules.errors import FormatError
from tigris_rules.model import decisions as _decisions
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.fields import json_keys
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import (
    SQUARE_COUNT,
    SQUARE_INDEX,
    SQUARE_NAMES,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.records._checks import (
    at,
    check_keys,
    describe,
    fail,
    need_array,
    need_int,
    need_object,
    players_of,
    seat,
)
from tigris_rules.records.areas import areas_from_json, areas_to_json
from tigris_rules.records.codec import unstructure_config
from tigris_rules.records.converter import (
    _structure_bool,
    _structure_squares,
    structure,
    structure_square,
    unstructure,
)

__all__ = ["CELL_NAMES", "cell_names", "structure_state", "unstructure_state"]

T = TypeVar("T")

_fail = fail

CELL_NAMES: Final[dict[int, str]] = {
    **{c.index: c.value for c in COLORS},
    FLIPPED: "flipped",
    STRUCTURE: "structure",
    CATASTROPHE: "catastrophe",
    LEADER: "leader",
}
_CELL_CODES: Final = {name: code for code, name in CELL_NAMES.items()}


@functools.cache
def cell_names(config: GameConfig) -> dict[int, str]:
    """The JSON name of each cell code in a game of ``config``: the squares of a variant's
    structure take the variant's ``cell_name`` (``"ziggurat"``), else ``"structure"``."""
    names = dict(CELL_NAMES)
    for variant in ruleset_for(config).variants:
        if variant.cell_name is not None:
            names[STRUCTURE] = variant.cell_name
            break
    return names


@functools.cache
def _cell_codes(config: GameConfig) -> dict[str, int]:
    codes = dict(_CELL_CODES)
    for variant in ruleset_for(config).variants:
        if variant.cell_name is not None:
            codes[variant.cell_name] = STRUCTURE
    return codes


_COLOR_NAMES: Final = tuple(c.value for c in COLORS)
_COLOR_INDEX: Final = {c.value: c.index for c in COLORS}


def _name_or_none(square: int) -> str | None:
    return None if square == NO_SQUARE else square_name(square)


def _per_color(values: Iterable[Any]) -> dict[str, Any]:
    return dict(zip(_COLOR_NAMES, values, strict=True))


def unstructure_state(state: GameState) -> dict[str, Any]:
    """``state`` as a JSON object (docs/log-format.md)."""
    n = state.config.players
    names = cell_names(state.config)
    return {
        "config": unstructure_config(state.config),
        "cells": {
            SQUARE_NAMES[s]: names[code] for s, code in enumerate(state.cells) if code != EMPTY
        },
        "leaders": [
            _per_color(_name_or_none(s) for s in state.leaders[4 * p : 4 * p + 4]) for p in range(n)
        ],
        "treasures": [square_name(s) for s in sorted(state.treasures)],
        "monuments": {
            m.value: _name_or_none(s) for m, s in zip(MONUMENTS, state.monuments, strict=True)
        },
        "hands": [_per_color(hand) for hand in state.hands],
        "bag": [_COLOR_NAMES[c] for c in state.bag],
        "bag_pos": state.bag_pos,
        "catastrophes": list(state.catastrophes),
        "scores": [_per_color(s) for s in state.scores],
        "treasures_held": list(state.treasures_held),
        "out_of_game": _per_color(state.out_of_game),
        "areas": areas_to_json(state.config, state.areas),
        "active": state.active,
        "turn": state.turn,
        "actions_taken": state.actions_taken,
        "short_draw": state.short_draw,
        "marker": _name_or_none(state.marker),
        "placed": _name_or_none(state.placed),
        "pending": unstructure(state.pending),
        "over": state.over,
    }


_STATE_REQUIRED, _STATE_OPTIONAL = json_keys(GameState)


def _square_number(value: object) -> int:
    """A square name, or ``null`` for "not on the board", as a square number."""
    return NO_SQUARE if value is None else square_index(structure_square(value))


def _color_map(value: object, read: Callable[[object], T]) -> tuple[T, T, T, T]:
    """``read`` of each colour's value in the JSON object ``value``, in colour order."""
    if type(value) is dict and len(value) == 4:  # the common case, read at once
        first, second, third, fourth = _COLOR_NAMES
        try:
            return read(value[first]), read(value[second]), read(value[third]), read(value[fourth])
        except (KeyError, FormatError):
            pass  # another key, or a value read again below for the path of the problem
    obj = need_object(value)
    check_keys(obj, _COLOR_NAMES)
    out = [at(f"$.{name}", read, obj[name]) for name in _COLOR_NAMES]
    return (out[0], out[1], out[2], out[3])


def _count(value: object) -> int:
    return need_int(value, 0)


def _structure_cells(value: object, config: GameConfig) -> tuple[int, ...]:
    obj = need_object(value)
    codes = _cell_codes(config)
    cells = [EMPTY] * SQUARE_COUNT
    for name, content in obj.items():
        square = SQUARE_INDEX.get(name)  # None for any other key
        if square is None:
            raise _fail(f"expected a square a1..p11 as key, got {describe(name)}", "$")
        try:
            code = codes.get(content)  # None for any other value that can be hashed
        except TypeError:  # an array or an object
            code = None
        if code is None:
            choices = ", ".join(codes)
            raise _fail(f"expected one of {choices}, got {describe(content)}", f"$.{name}")
        cells[square] = code
    return tuple(cells)


def structure_state(obj: dict[str, Any], config: GameConfig) -> GameState:
    """The board-game state of the JSON object ``obj``, whose ``config`` (``config``) is
    read; :class:`FormatError` naming the bad field otherwise."""
    check_keys(obj, _STATE_REQUIRED, _STATE_OPTIONAL)
    n = config.players

    def req(name: str, read: Callable[[Any], T]) -> T:
        return at(f"$.{name}", read, obj[name])

    def field(name: str, read: Callable[[Any], T], default: T) -> T:
        return at(f"$.{name}", read, obj[name]) if name in obj else default

    def leader_rows(value: object) -> tuple[tuple[int, int, int, int], ...]:
        return players_of(n, _leader_row)(value)

    def counts(value: object) -> tuple[int, ...]:
        return players_of(n, _count)(value)

    def color_counts(value: object) -> tuple[int, int, int, int]:
        return _color_map(value, _count)

    def per_player_color_counts(value: object) -> tuple[tuple[int, int, int, int], ...]:
        return players_of(n, color_counts)(value)

    def bag_colors(value: object) -> tuple[int, ...]:
        items = need_array(value)
        try:
            return tuple(map(_COLOR_INDEX.__getitem__, items))
        except (KeyError, TypeError):  # not a colour name: find the first one for the path
            return tuple(c.index for c in structure(items, tuple[Color, ...]))

    def color_squares(value: object) -> tuple[int, int, int, int]:
        return _color_map(value, _square_number)

    def decision(value: object) -> _decisions.Decision | None:
        return cast("_decisions.Decision | None", structure(value, _decisions.Decision | None))

    def flag(value: object) -> bool:
        return _structure_bool(value, bool)

    def square_list(value: object) -> tuple[int, ...]:
        return tuple(square_index(s) for s in _structure_squares(value))

    cells = req("cells", lambda value: _structure_cells(value, config))
    leaders = tuple(s for row in req("leaders", leader_rows) for s in row)
    treasure_list = req("treasures", square_list)
    treasures = frozenset(treasure_list)
    if len(treasures) != len(treasure_list):
        raise _fail("a square is named twice", "$.treasures")
    monuments = req("monuments", _monument_map)
    hands = req("hands", per_player_color_counts)
    bag = req("bag", bag_colors)
    bag_pos = req("bag_pos", _count)
    if bag_pos > len(bag):
        raise _fail(f"bag_pos {bag_pos} is past the end of the bag ({len(bag)})", "$.bag_pos")
    return GameState(
        config=config,
        cells=cells,
        leaders=leaders,
        treasures=treasures,
        monuments=monuments,
        hands=hands,
        bag=bag,
        bag_pos=bag_pos,
        catastrophes=req("catastrophes", counts),
        scores=req("scores", per_player_color_counts),
        treasures_held=req("treasures_held", counts),
        out_of_game=req("out_of_game", color_counts),
        areas=field("areas", lambda v: areas_from_json(config, v), areas_from_json(config, {})),
        active=field("active", seat(n), 0),
        turn=field("turn", _count, 0),
        actions_taken=field("actions_taken", _count, 0),
        short_draw=field("short_draw", flag, False),
        marker=field("marker", _square_number, NO_SQUARE),
        placed=field("placed", _square_number, NO_SQUARE),
        pending=field("pending", decision, None),
        over=field("over", flag, False),
    )


def _leader_row(value: object) -> tuple[int, int, int, int]:
    return _color_map(value, _square_number)


def _monument_map(value: object) -> tuple[int, ...]:
    obj = need_object(value)
    names = [m.value for m in MONUMENTS]
    check_keys(obj, names)
    return tuple(at(f"$.{name}", _square_number, obj[name]) for name in names)
