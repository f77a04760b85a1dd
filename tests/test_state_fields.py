"""Every place that lists the fields of a state agrees with the state's field metadata.

A state's fields are written out by hand in its class (each with its metadata,
:mod:`tigris_rules.model.fields`), the engine's working copy (its slots, its thawing and its
``freeze``), the JSON writer and reader, and the player view. These tests check each of them
against the table for both games, so that a field added to a state and forgotten in one of
them fails here, naming the field.
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from tigris_rules import records
from tigris_rules.ai.bots import random_bots
from tigris_rules.cards.state import CardGameState, TurnStart
from tigris_rules.cards.view import CardView, card_view
from tigris_rules.cards.work import CardWork
from tigris_rules.errors import ArgumentValueError
from tigris_rules.model.fields import (
    STATE_FIELD,
    InJson,
    InView,
    InWork,
    StateField,
    field_table,
    json_keys,
    kept,
)
from tigris_rules.model.state import GameState, StateCache, assemble
from tigris_rules.rules.work import Work
from tigris_rules.views import PlayerView, view


@attrs.frozen
class Game:
    """One game's state class and every place that lists its fields."""

    name: str
    state_class: type[Any]
    table: tuple[StateField, ...]
    config: tr.GameConfig
    work: Callable[[Any], Any]
    work_class: type[Any]
    view: Callable[[Any, int | None], Any]
    view_class: type[Any]
    view_own: frozenset[str]
    """The view's fields that are not fields of the state: each must leak nothing the viewer
    may not know (CONV-14, CARD-DEF-7), so a new one is added here by hand."""
    unusual: Callable[[Any], dict[str, object]]
    """For a state with a pending decision, a value other than the default for each field
    that the JSON may leave out."""


def board_unusual(state: GameState) -> dict[str, object]:
    return {
        "areas": state.areas,  # the configuration below plays variants: not the default ()
        "active": 1,
        "turn": 7,
        "actions_taken": 1,
        "short_draw": True,
        "marker": 40,
        "placed": 41,
        "pending": state.pending,
        "over": True,
    }


def cards_unusual(state: CardGameState) -> dict[str, object]:
    return {
        "active": 1,
        "turn": 7,
        "actions_taken": 1,
        "idle_turns": 2,
        "turn_start": TurnStart(state.hands),
        "pending": state.pending,
        "todo": state.todo,
        "over": True,
        "end_reason": "stalemate",
    }


GAMES = (
    Game(
        name="board",
        state_class=GameState,
        table=field_table(GameState),
        config=tr.GameConfig(players=2, variants=("buildings", "ziggurat")),
        work=Work,
        work_class=Work,
        view=view,
        view_class=PlayerView,
        view_own=frozenset(
            {"viewer", "hand_sizes", "bag_size", "to_move", "legal_actions", "result"}
        ),
        unusual=board_unusual,
    ),
    Game(
        name="cards",
        state_class=CardGameState,
        table=field_table(CardGameState),
        config=tr.GameConfig(players=2, game="cards"),
        work=CardWork,
        work_class=CardWork,
        view=card_view,
        view_class=CardView,
        view_own=frozenset(
            {
                "viewer",
                "hand_sizes",
                "pile_sizes",
                "pile_tops",
                "pile_counts",
                "draw_size",
                "to_move",
                "legal_actions",
                "result",
            }
        ),
        unusual=cards_unusual,
    ),
)

games = pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)


def names(game: Game, *kinds: InWork | InJson | InView) -> list[str]:
    """The table's fields, in order, whose roles include every one of ``kinds``."""
    return [
        row.name
        for row in game.table
        if all(kind in (row.work, row.json, row.view) for kind in kinds)
    ]


def state_fields(game: Game) -> list[attrs.Attribute[Any]]:
    """The fields of the state class that its constructor takes (the cache is not one)."""
    return [field for field in attrs.fields(game.state_class) if field.init]


@functools.cache
def sample(game: Game) -> Any:
    """A state of a seeded random game with a pending decision and, in the card game, steps
    in progress."""
    for seed in range(1, 20):
        state = tr.new_game(game.config, seed=seed)
        bots = random_bots(game.config.players, seed)
        while not tr.is_over(state):
            if state.pending is not None and getattr(state, "todo", True):
                return state
            player = tr.to_move(state)
            assert player is not None
            state = tr.apply(state, bots[player].choose(state), player)
    raise AssertionError("no random game met a pending decision")


def changed(value: object, step: int) -> object:
    """A value of the same type as ``value`` (as far as the working copy, compiled or not,
    checks it) that differs from it: numbers moved by ``step``, flags turned, text and
    containers changed item by item or given one more item, ``None`` replaced by a new
    object and any other value (a decision, a variant's area) by ``None``."""
    if value is None:
        return object()
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + step
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, bytes):
        return value + bytes([step])
    if isinstance(value, tuple | list | frozenset):
        return type(value)(changed(item, step) for item in value) if value else type(value)([0])
    return None


def unusual_state(game: Game) -> Any:
    """The sample state with a value other than the default in every field that the JSON may
    leave out."""
    state = sample(game)
    values = game.unusual(state)
    assert sorted(values) == sorted(names(game, InJson.OPTIONAL))
    for field in state_fields(game):
        if field.name in values:
            assert values[field.name] != field.default, field.name
    return attrs.evolve(state, **values)


# --- the table and the state class ----------------------------------------------------------


@games
def test_the_table_lists_every_field_of_the_state_in_order(game: Game) -> None:
    table = [row.name for row in game.table]
    fields = [field.name for field in state_fields(game)]
    assert [name for name in fields if name not in table] == [], "fields missing in the table"
    assert table == fields


@games
def test_json_may_leave_out_exactly_the_fields_with_a_default(game: Game) -> None:
    defaults = [field.name for field in state_fields(game) if field.default is not attrs.NOTHING]
    assert names(game, InJson.OPTIONAL) == defaults


def test_a_state_field_without_metadata_is_refused_by_name() -> None:
    @attrs.frozen
    class Half:
        kept_field: int = attrs.field(metadata=kept(InWork.FIXED, InView.PUBLIC))
        bare: int = 0

    with pytest.raises(TypeError, match=r"Half\.bare does not say"):
        field_table(Half)


def test_the_metadata_is_read_in_the_order_of_the_fields() -> None:
    for cls in (GameState, CardGameState):
        rows = field_table(cls)
        fields = [f for f in attrs.fields(cls) if f.init]
        assert [row.name for row in rows] == [f.name for f in fields]
        for row, field in zip(rows, fields, strict=True):
            role = field.metadata[STATE_FIELD]
            assert (row.work, row.view) == (role.work, role.view)


def test_the_cache_is_typed_and_starts_empty() -> None:
    state = sample(GAMES[0])
    cache = StateCache()
    assert not cache
    with pytest.raises(AttributeError):
        cache.other = 1  # type: ignore[attr-defined]  # slots: no key but the four named
    len(tr.legal_actions(state))
    assert state._cache.targets is not None or state._cache.regions is not None


def test_assemble_checks_names_not_only_the_count() -> None:
    values: dict[str, object] = {row.name: None for row in field_table(GameState)}
    del values["turn"]
    values["turns"] = 0  # as many values as fields, one misnamed
    with pytest.raises(ArgumentValueError, match="missing turn; unknown 'turns'"):
        assemble(values)


# --- the working copy -----------------------------------------------------------------------


@games
def test_the_working_copy_starts_from_the_state(game: Game) -> None:
    state = sample(game)
    work = game.work(state)
    for name in names(game, InWork.THAWED):
        value = getattr(work, name)
        assert type(value) is list, name
        assert value == list(getattr(state, name)), name
    for name in names(game, InWork.REPLACED):
        assert getattr(work, name) == getattr(state, name), name


@games
def test_freeze_keeps_every_change_of_the_working_copy(game: Game) -> None:
    state = unusual_state(game)
    work = game.work(state)
    changes: dict[str, object] = {}
    for step, row in enumerate(game.table, start=100):
        if row.work is InWork.FIXED:
            continue
        value = changed(getattr(work, row.name), step)
        setattr(work, row.name, value)
        changes[row.name] = tuple(value) if isinstance(value, list) else value  # frozen back
        assert changes[row.name] != getattr(state, row.name), f"{row.name}: nothing to change"
    frozen = work.freeze()
    assert {name: getattr(frozen, name) for name in changes} == changes
    for name in names(game, InWork.FIXED):
        assert getattr(frozen, name) is getattr(state, name), name


@games
def test_freeze_of_an_unchanged_copy_is_the_state(game: Game) -> None:
    state = sample(game)
    frozen = game.work(state).freeze()
    assert frozen == state
    for row in game.table:
        assert getattr(frozen, row.name) == getattr(state, row.name), row.name


def test_assemble_rejects_a_missing_field_at_once() -> None:
    values: dict[str, object] = {
        row.name: None for row in field_table(GameState) if row.name != "turn"
    }
    with pytest.raises(ArgumentValueError, match="missing turn; unknown none"):
        assemble(values)


def test_assemble_rejects_an_unknown_field_at_once() -> None:
    values: dict[str, object] = {row.name: None for row in field_table(GameState)}
    values["turns"] = 0
    with pytest.raises(ArgumentValueError, match="missing none; unknown 'turns'"):
        assemble(values)


def test_assemble_takes_every_field() -> None:
    state = sample(GAMES[0])
    built = assemble({row.name: getattr(state, row.name) for row in field_table(GameState)})
    assert built == state
    assert isinstance(built._cache, StateCache)
    assert not built._cache


# --- JSON -----------------------------------------------------------------------------------


@games
def test_the_json_keys_are_the_table_s(game: Game) -> None:
    required, optional = json_keys(game.state_class)
    state = sample(game)
    assert list(records.converter.unstructure(state)) == [row.name for row in game.table]
    data = records.converter.unstructure(state)
    with pytest.raises(tr.FormatError) as caught:
        tr.loads(json.dumps({key: data[key] for key in optional}), game.state_class)
    assert [path for path, _ in caught.value.problems] == [f"$.{k}" for k in required]


@games
def test_json_writes_and_reads_every_field(game: Game) -> None:
    state = unusual_state(game)
    back = tr.loads(tr.dumps(state), game.state_class, check=False)
    for row in game.table:
        assert getattr(back, row.name) == getattr(state, row.name), row.name


@games
def test_a_field_left_out_of_the_json_reads_as_its_default(game: Game) -> None:
    state = unusual_state(game)
    data = records.converter.unstructure(state)
    for field in state_fields(game):
        if field.name not in data or field.default is attrs.NOTHING or field.name == "areas":
            continue  # the variants' areas read as their opening values: test_serialize.py
        rest = {key: value for key, value in data.items() if key != field.name}
        back = tr.loads(json.dumps(rest), game.state_class, check=False)
        assert getattr(back, field.name) == field.default, field.name


# --- the player view ------------------------------------------------------------------------


def resolved(cls: type[Any]) -> dict[str, Any]:
    """The types of a class's fields, with the aliases resolved."""
    return typing.get_type_hints(cls)


@games
def test_the_view_has_the_fields_the_table_shows_and_no_other(game: Game) -> None:
    fields = {field.name for field in attrs.fields(game.view_class)}
    shown = {row.name for row in game.table if row.view is not InView.HIDDEN}
    assert sorted(shown - fields) == []
    assert sorted(fields & set(names(game, InView.HIDDEN))) == []
    assert fields - shown == game.view_own


@games
def test_a_public_field_is_seen_as_it_is(game: Game) -> None:
    state_types = resolved(game.state_class)
    view_types = resolved(game.view_class)
    for name in names(game, InView.PUBLIC):
        assert view_types[name] == state_types[name], name
    for state in (sample(game), unusual_state(game)):
        for viewer in (None, *range(game.config.players)):
            seen = game.view(state, viewer)
            for name in names(game, InView.PUBLIC):
                assert getattr(seen, name) == getattr(state, name), (name, viewer)


@games
def test_a_per_seat_field_is_seen_by_its_seat(game: Game) -> None:
    for state in (sample(game), unusual_state(game)):
        for viewer in (None, *range(game.config.players)):
            seen = game.view(state, viewer)
            for name in names(game, InView.PER_SEAT):
                values = getattr(state, name)
                shown = getattr(seen, name)
                assert len(shown) == len(values), name
                for seat, (value, item) in enumerate(zip(values, shown, strict=True)):
                    assert item in (value, None), (name, seat)
                    if seat == viewer or state.over:
                        assert item == value, (name, seat)
                    elif viewer is None and not game.config.open_scoring:
                        assert item is None, (name, seat)  # a spectator sees no seat's
