"""JSON for player views and results: what a server sends each player (docs/views.md).

A :class:`~tigris_rules.views.PlayerView` is written like a :class:`~tigris_rules.GameState`
(docs/log-format.md): square names (``"g4"``), colour and cell names (``"red"``,
``"flipped"``), ``null`` for a piece off the board, an object per colour for per-colour
counts, and ``null`` for whatever the viewer may not see. ``tr.loads(text, PlayerView)``
reads it back equal to the original; the card game's
:class:`~tigris_rules.cards.view.CardView` is laid out in :mod:`tigris_rules.cards.codec`.

>>> import tigris_rules as tr
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> text = tr.dumps(tr.view(state, 1))
>>> tr.loads(text, tr.PlayerView) == tr.view(state, 1)
True

A view's layout is a table of :class:`ViewField` (its name, how to write and read it, and
its JSON Schema), so the reader, the writer and the shipped schema
(``tigris_rules/data/view-schema.json``, :mod:`tigris_rules.records.json_schema`) come from one
place. Reading checks every field's format and range: seats within the game's players,
square names, counts not negative, one entry per player, the actions and the decision of
the view's game. Each game's reader then checks the view against the promises of a
position, as far as the view shows them (:func:`read_board_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar, cast

import attrs

from tigris_rules._arguments import expect, expect_items
from tigris_rules.errors import ArgumentTypeError, FormatError
from tigris_rules.model.actions import MONUMENTS, Action
from tigris_rules.model.cells import EMPTY
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.outcome import (
    BOARD_TERMINATIONS,
    CARD_TERMINATIONS,
    PlayerResult,
    Result,
    Termination,
)
from tigris_rules.model.squares import square_index, square_name
from tigris_rules.records._checks import (
    at,
    check_keys,
    describe,
    need_int,
    need_object,
    players_of,
    read_items,
    refuse,
    seat,
)
from tigris_rules.records.areas import view_areas_from_json, view_areas_to_json
from tigris_rules.records.board_state import (
    _color_map,
    _monument_map,
    _name_or_none,
    _square_number,
    _structure_cells,
    cell_names,
)
from tigris_rules.records.converter import (
    _structure_squares,
    register_hooks,
    structure,
    unstructure,
)
from tigris_rules.rules.state_check import board_view_problems
from tigris_rules.views import PlayerView

__all__ = [
    "BOARD_VIEW_FIELDS",
    "ViewField",
    "nullable",
    "per_player",
    "read_board_view",
    "read_view",
    "ref",
    "write_board_view",
    "write_view",
]

T = TypeVar("T")
V = TypeVar("V")

Reader = Callable[[object], Any]

_COLOR_NAMES: Final = tuple(c.value for c in COLORS)


@attrs.frozen
class ViewField:
    """One field of a view's JSON object: its ``name`` (the attribute's name), ``write`` (the
    attribute's value as JSON data), ``read`` (given the number of players, a reader of the
    JSON data that raises :class:`FormatError` relative to the field) and ``schema`` (its
    JSON Schema, whose ``$ref`` point into the shipped view schema's ``$defs``)."""

    name: str
    write: Callable[..., Any]
    read: Callable[[Any], Reader]
    schema: dict[str, Any]
    with_config: bool = False
    """``read`` is given the configuration instead of the number of players, and ``write``
    the configuration after the value (a field laid out by the configuration's variants)."""


# --- schema fragments -----------------------------------------------------------------------


def ref(name: str) -> dict[str, Any]:
    """A reference to the definition ``name`` of the shipped schemas."""
    expect(name, str, "name")
    return {"$ref": f"#/$defs/{name}"}


def nullable(schema: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` or ``null``."""
    expect(schema, Mapping, "schema", "a mapping")
    return {"anyOf": [dict(schema), {"type": "null"}]}


def per_player(schema: Mapping[str, Any]) -> dict[str, Any]:
    """An array of one ``schema`` per player (2..4)."""
    expect(schema, Mapping, "schema", "a mapping")
    return {"type": "array", "items": dict(schema), "minItems": 2, "maxItems": 4}


def per_color(schema: Mapping[str, Any]) -> dict[str, Any]:
    """An object of one ``schema`` per colour."""
    return {
        "type": "object",
        "properties": {key: dict(schema) for key in _COLOR_NAMES},
        "required": list(_COLOR_NAMES),
        "additionalProperties": False,
    }


# --- readers --------------------------------------------------------------------------------


def _fail(reason: str, path: str = "$") -> FormatError:
    return FormatError(path, reason)


def optional(read: Callable[[object], T]) -> Callable[[object], T | None]:
    """``read``, or ``None`` for ``null``."""

    def read_optional(value: object) -> T | None:
        return None if value is None else read(value)

    return read_optional


def count(value: object) -> int:
    """A non-negative integer."""
    return need_int(value, 0)


def flag(value: object) -> bool:
    """``true`` or ``false``."""
    if not isinstance(value, bool):
        raise _fail(f"expected true or false, got {describe(value)}")
    return value


def color_counts(value: object) -> tuple[int, int, int, int]:
    """Four per-colour counts, an object keyed by colour name."""
    return _color_map(value, count)


def write_color_counts(counts: Iterable[int]) -> dict[str, int]:
    """Four per-colour numbers as an object keyed by colour name."""
    return dict(zip(_COLOR_NAMES, counts, strict=True))


def config_of(game: str) -> Reader:
    """A reader of a configuration of ``game`` (``"board"`` or ``"cards"``)."""

    def read(value: object) -> GameConfig:
        config = structure(value, GameConfig)
        if config.game != game:
            raise _fail(f'expected a configuration of the {game} game ("game": "{game}")', "$.game")
        return config

    return read


def check_seats(value: object, players: int) -> None:
    """Reject a seat of a decision (its ``player``, its conflict's ``attacker`` and
    ``defender``) that is not one of ``players``."""
    if value is None:
        return
    for name in ("player", "attacker", "defender"):
        number = getattr(value, name, None)
        if isinstance(number, int) and not 0 <= number < players:
            raise _fail(f"expected a seat 0..{players - 1}, got {number}", f"$.{name}")
    conflict = getattr(value, "conflict", None)
    if conflict is not None:
        at("$.conflict", lambda c: check_seats(c, players), conflict)


def decision_of(union: Any) -> Callable[[int], Reader]:
    """A reader of ``null`` or a decision of ``union`` whose seats are seats of the game."""

    def reader(players: int) -> Reader:
        def read(value: object) -> Any:
            decision = structure(value, union | None)
            check_seats(decision, players)
            return decision

        return read

    return reader


def actions_of(union: Any) -> Callable[[int], Reader]:
    """A reader of an array of inputs of ``union``."""

    def reader(_: int) -> Reader:
        return lambda value: structure(value, tuple[union, ...])

    return reader


# --- fields both views share ----------------------------------------------------------------

SEAT: Final = ref("seat")
COUNT: Final = ref("count")
BOOLEAN: Final = {"type": "boolean"}
COLOR_COUNTS: Final = ref("color_counts")


def _same(value: Any) -> Any:
    return value


def _field(
    name: str, schema: Mapping[str, Any], read: Callable[[int], Reader], write: Any = _same
) -> ViewField:
    return ViewField(name, write, read, dict(schema))


def _fixed(read: Reader) -> Callable[[int], Reader]:
    return lambda _: read


def _write_all(write: Callable[[Any], Any]) -> Callable[[Iterable[Any]], list[Any]]:
    return lambda values: [None if v is None else write(v) for v in values]


def viewer_field() -> ViewField:
    """``viewer``: a seat, or ``null`` for a spectator."""
    return _field("viewer", nullable(SEAT), lambda n: optional(seat(n)))


def config_field(game: str) -> ViewField:
    """``config``: the game's configuration, of ``game``."""
    return _field("config", ref("config"), _fixed(config_of(game)), unstructure)


def flow_fields() -> tuple[ViewField, ...]:
    """``active``, ``turn`` and ``actions_taken``."""
    return (
        _field("active", SEAT, seat),
        _field("turn", COUNT, _fixed(count)),
        _field("actions_taken", COUNT, _fixed(count)),
    )


def hands_field() -> ViewField:
    """``hands``: per player, tiles or cards per colour, or ``null`` where hidden."""
    return _field(
        "hands",
        per_player(nullable(COLOR_COUNTS)),
        lambda n: players_of(n, optional(color_counts)),
        _write_all(write_color_counts),
    )


def counts_field(name: str) -> ViewField:
    """``name``: one count per player."""
    return _field(name, per_player(COUNT), lambda n: players_of(n, count), list)


def end_fields(decisions: str, decision: Any, actions: str, action: Any) -> tuple[ViewField, ...]:
    """``pending``, ``over``, ``to_move``, ``legal_actions`` and ``result``: the decisions
    and actions of one game (their schema definition names and their unions)."""
    return (
        _field("pending", nullable(ref(decisions)), decision_of(decision), unstructure),
        _field("over", BOOLEAN, _fixed(flag)),
        _field("to_move", nullable(SEAT), lambda n: optional(seat(n))),
        _field(
            "legal_actions",
            {"type": "array", "items": ref(actions)},
            actions_of(action),
            lambda values: [unstructure(v) for v in values],
        ),
        _field("result", nullable(ref("result")), _result_reader, unstructure),
    )


# --- results --------------------------------------------------------------------------------


def _write_player_result(standing: PlayerResult) -> dict[str, Any]:
    return {
        "player": standing.player,
        "scores": write_color_counts(standing.scores),
        "treasures": standing.treasures,
        "allocation": write_color_counts(standing.allocation),
        "vector": list(standing.vector),
        "place": standing.place,
    }


_PLAYER_RESULT_KEYS: Final = ("player", "scores", "treasures", "allocation", "vector", "place")


def _read_player_result(value: object) -> PlayerResult:
    obj = need_object(value)
    check_keys(obj, _PLAYER_RESULT_KEYS)

    def vector(items: object) -> tuple[int, int, int, int]:
        numbers = read_items(items, count, 4)
        return (numbers[0], numbers[1], numbers[2], numbers[3])

    return PlayerResult(
        player=at("$.player", count, obj["player"]),
        scores=at("$.scores", color_counts, obj["scores"]),
        treasures=at("$.treasures", count, obj["treasures"]),
        allocation=at("$.allocation", color_counts, obj["allocation"]),
        vector=at("$.vector", vector, obj["vector"]),
        place=at("$.place", lambda v: need_int(v, 1), obj["place"]),
    )


def _write_result(outcome: Result) -> dict[str, Any]:
    return {
        "players": [_write_player_result(p) for p in outcome.players],
        "final": outcome.final,
        "terminations": [t.value for t in outcome.terminations],
    }


_TERMINATION_NAMES: Final = tuple(t.value for t in Termination)


def _termination(value: object) -> Termination:
    if isinstance(value, str) and value in _TERMINATION_NAMES:
        return Termination(value)
    raise _fail(f"expected one of {', '.join(_TERMINATION_NAMES)}, got {describe(value)}")


def _terminations(final: bool) -> Reader:
    """The reasons a game ended: none before the end, at least one after it, each once and
    in the order one ruleset checks them (END-1, END-2; CARD-END-2, CARD-END-3, CARD-END-5)."""

    def read(value: object) -> tuple[Termination, ...]:
        ends = tuple(read_items(value, _termination))
        if final != bool(ends):
            raise _fail("a final result needs its reasons, and only a final result has them")
        if not any(_in_order(ends, order) for order in (BOARD_TERMINATIONS, CARD_TERMINATIONS)):
            raise _fail("expected reasons of one game, each once, in the order of its end checks")
        return ends

    return read


def _in_order(ends: tuple[Termination, ...], order: tuple[Termination, ...]) -> bool:
    remaining = iter(order)
    return all(end in remaining for end in ends)


def _read_result(value: object) -> Result:
    """A result: one standing per player, in seat order, and why the game ended."""
    obj = need_object(value)
    check_keys(obj, ("players", "final", "terminations"))
    standings = at("$.players", lambda v: read_items(v, _read_player_result), obj["players"])
    if not 2 <= len(standings) <= 4:
        raise _fail(f"expected 2..4 players, got {len(standings)}", "$.players")
    for i, standing in enumerate(standings):
        if standing.player != i:
            raise _fail(
                f"expected seat {i} (seats in order), got {standing.player}",
                f"$.players[{i}].player",
            )
        if standing.place > len(standings):
            raise _fail(
                f"expected a place 1..{len(standings)}, got {standing.place}",
                f"$.players[{i}].place",
            )
    final = at("$.final", flag, obj["final"])
    ends = at("$.terminations", _terminations(final), obj["terminations"])
    return Result(tuple(standings), final, ends)


def _result_reader(players: int) -> Reader:
    def read(value: object) -> Result | None:
        if value is None:
            return None
        outcome = _read_result(value)
        if len(outcome.players) != players:
            raise _fail(f"expected {players} players, got {len(outcome.players)}", "$.players")
        return outcome

    return read


RESULT_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "description": "every player's standing, in seat order (SCORE)",
    "properties": {
        "players": per_player(
            {
                "type": "object",
                "properties": {
                    "player": SEAT,
                    "scores": COLOR_COUNTS,
                    "treasures": COUNT,
                    "allocation": COLOR_COUNTS,
                    "vector": {"type": "array", "items": COUNT, "minItems": 4, "maxItems": 4},
                    "place": {"type": "integer", "minimum": 1, "maximum": 4},
                },
                "required": list(_PLAYER_RESULT_KEYS),
                "additionalProperties": False,
            }
        ),
        "final": BOOLEAN,
        "terminations": {
            "type": "array",
            "description": "why the game ended, in rule order: END-1, END-2 (board game); "
            "CARD-END-2, CARD-END-3, CARD-END-5 (card game); empty before the end",
            "items": {"enum": list(_TERMINATION_NAMES)},
            "maxItems": len(CARD_TERMINATIONS),
            "uniqueItems": True,
        },
    },
    "required": ["players", "final", "terminations"],
    "additionalProperties": False,
}
"""The JSON Schema of a :class:`~tigris_rules.Result`."""


def in_order(cls: type, *fields: ViewField) -> tuple[ViewField, ...]:
    """``fields`` in the order of the attributes of the view class ``cls``, which they must
    match one for one."""
    names = [f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", cls))]
    if sorted(names) != sorted(f.name for f in fields):
        raise TypeError(f"the JSON layout of {cls.__name__} does not match its fields")
    return tuple(sorted(fields, key=lambda f: names.index(f.name)))


# --- reading and writing a view -------------------------------------------------------------


def write_view(fields: Iterable[ViewField], view: object) -> dict[str, Any]:
    """``view`` as JSON data laid out by ``fields`` (a list or a tuple), which name
    attributes of ``view``."""
    expect_items(fields, ViewField, "fields")
    fields = cast("tuple[ViewField, ...]", fields)
    missing = next((f.name for f in fields if not hasattr(view, f.name)), None)
    if missing is not None:
        raise ArgumentTypeError.expected("view", f"a view with the field {missing!r}", view)
    config = getattr(view, "config", None)
    return {
        f.name: f.write(getattr(view, f.name), config)
        if f.with_config
        else f.write(getattr(view, f.name))
        for f in fields
    }


def read_view(fields: tuple[ViewField, ...], cls: type[V], data: object) -> V:
    """A ``cls`` read from JSON data laid out by ``fields``, one of them ``config`` (read
    first: it gives the number of players); :class:`FormatError` naming the path of the
    first bad field."""
    expect_items(fields, ViewField, "fields")
    expect(cls, type, "cls", "a class")
    obj = need_object(data)
    check_keys(obj, (f.name for f in fields))
    read_config = next(f.read(0) for f in fields if f.name == "config")
    config = cast("GameConfig", at("$.config", read_config, obj["config"]))
    players = config.players
    values = {
        f.name: at(f"$.{f.name}", f.read(config if f.with_config else players), obj[f.name])
        for f in fields
    }
    values["config"] = config
    return cls(**values)


# --- the board game's view ------------------------------------------------------------------

_SQUARE: Final = ref("square")


def _write_cells(cells: tuple[int, ...], config: GameConfig) -> dict[str, str]:
    names = cell_names(config)
    return {square_name(s): names[code] for s, code in enumerate(cells) if code != EMPTY}


def _write_leaders(leaders: tuple[int, ...]) -> list[dict[str, str | None]]:
    return [
        write_color_counts_of_squares(leaders[4 * p : 4 * p + 4]) for p in range(len(leaders) // 4)
    ]


def write_color_counts_of_squares(squares: Iterable[int]) -> dict[str, str | None]:
    """Four squares (or ``NO_SQUARE``) as an object keyed by colour name."""
    return dict(zip(_COLOR_NAMES, (_name_or_none(s) for s in squares), strict=True))


def _leaders(players: int) -> Reader:
    def read(value: object) -> tuple[int, ...]:
        rows = players_of(players, lambda row: _color_map(row, _square_number))(value)
        return tuple(s for row in rows for s in row)

    return read


def _treasures(value: object) -> frozenset[int]:
    names = _structure_squares(value)
    if len(set(names)) != len(names):
        raise _fail("a square is named twice")
    return frozenset(square_index(name) for name in names)


def _write_monuments(monuments: tuple[int, ...]) -> dict[str, str | None]:
    return {m.value: _name_or_none(s) for m, s in zip(MONUMENTS, monuments, strict=True)}


_NULLABLE_SQUARE: Final = nullable(_SQUARE)

BOARD_VIEW_FIELDS: Final[tuple[ViewField, ...]] = in_order(
    PlayerView,
    viewer_field(),
    config_field("board"),
    ViewField(
        "cells",
        _write_cells,
        lambda config: lambda value: _structure_cells(value, config),
        {
            "type": "object",
            "description": "the content of every square that is not empty",
            "propertyNames": _SQUARE,
            "additionalProperties": {"$ref": "#/$defs/cell"},
        },
        with_config=True,
    ),
    _field(
        "leaders",
        per_player(per_color(_NULLABLE_SQUARE)),
        _leaders,
        _write_leaders,
    ),
    _field(
        "treasures",
        {"type": "array", "items": _SQUARE, "uniqueItems": True},
        _fixed(_treasures),
        lambda squares: [square_name(s) for s in sorted(squares)],
    ),
    _field(
        "monuments",
        {
            "type": "object",
            "properties": {m.value: _NULLABLE_SQUARE for m in MONUMENTS},
            "required": [m.value for m in MONUMENTS],
            "additionalProperties": False,
        },
        _fixed(_monument_map),
        _write_monuments,
    ),
    ViewField(
        "areas",
        lambda areas, config: view_areas_to_json(config, areas),
        lambda config: lambda value: view_areas_from_json(config, value),
        {"$ref": "#/$defs/view_areas"},
        with_config=True,
    ),
    *(
        _field(name, _NULLABLE_SQUARE, _fixed(_square_number), _name_or_none)
        for name in ("marker", "placed")
    ),
    hands_field(),
    counts_field("hand_sizes"),
    counts_field("catastrophes"),
    _field(
        "scores",
        per_player(nullable(COLOR_COUNTS)),
        lambda n: players_of(n, optional(color_counts)),
        _write_all(write_color_counts),
    ),
    _field(
        "treasures_held",
        per_player(nullable(COUNT)),
        lambda n: players_of(n, optional(count)),
        list,
    ),
    _field("bag_size", COUNT, _fixed(count)),
    *flow_fields(),
    _field("short_draw", BOOLEAN, _fixed(flag)),
    *end_fields("decision", Decision, "action", Action),
)
"""The JSON layout of a :class:`~tigris_rules.views.PlayerView`, field by field."""


def write_board_view(view: PlayerView) -> dict[str, Any]:
    """A board game's player view as a JSON object, laid out by :data:`BOARD_VIEW_FIELDS`."""
    return write_view(BOARD_VIEW_FIELDS, view)


def read_board_view(data: dict[str, Any], config: GameConfig) -> PlayerView:
    """The board game's player view of the JSON object ``data``, whose configuration is
    ``config``; :class:`FormatError` with the path and the rule ID of every promise of the
    board game it breaks (:func:`~tigris_rules.rules.state_check.board_view_problems`)."""
    expect(config, GameConfig, "config")
    view = read_view(BOARD_VIEW_FIELDS, PlayerView, data)
    refuse(board_view_problems(view))
    return view


register_hooks(Result, _write_result, _read_result)
register_hooks(PlayerResult, _write_player_result, _read_player_result)
