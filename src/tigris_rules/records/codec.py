"""What a ruleset offers the JSON codec, and the configuration every game's JSON starts from.

A game's states and player views are read and written by its ruleset, which offers
:class:`GameCodec` (:mod:`tigris_rules.model.facets`); this module only finds it. Reading a
state or a view reads its configuration first (``$.config``), finds the configuration's
ruleset, then lets that ruleset read the rest: no code here knows which games exist.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentTypeError, ConfigError, FormatError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.fields import json_keys
from tigris_rules.model.plugins import RULESET_GROUP, plugin, plugin_names
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.records._checks import at, check_keys, fail, need_object, problems_of
from tigris_rules.records.converter import converter, register_hooks, structure

__all__ = ["GameCodec", "SchemaPart", "game_codec", "structure_config", "unstructure_config"]


@attrs.frozen
class SchemaPart:
    """A game's part of the view and event schemas (:mod:`tigris_rules.records.json_schema`).

    - ``view``: the name of the definition of its player view, ``view_fields`` its layout
      (:class:`~tigris_rules.records.view_codec.ViewField`) and ``view_description`` what
      the view is;
    - ``unions``: its tagged unions by definition name (``"action"``, ``"public_event"``...),
      ``public_events`` the name of the union of its public events;
    - ``log_entries``: the union whose classes are the log schema's generated entries, or
      ``None`` when the shipped skeleton writes the game's entries by hand;
    - ``hooks``: the JSON Schema of each field hook of its classes;
    - ``enums``: the definition name of each enum of its own, whose values ``defs`` lists.
    """

    view: str
    view_fields: tuple[Any, ...]
    view_description: str
    unions: Mapping[str, Any]
    public_events: str
    log_entries: Any = None
    hooks: Mapping[Callable[..., Any], Mapping[str, Any]] = attrs.field(factory=dict)
    enums: Mapping[type, str] = attrs.field(factory=dict)
    defs: Mapping[str, Any] = attrs.field(factory=dict)


class GameCodec(Protocol):
    """What a ruleset offers to be read and written as JSON: its states, its player views
    (each a JSON object holding ``config``) and its part of the schemas.

    A ruleset whose inputs, decisions and events are tagged by a module of its own, imported
    with its surfaces when first used, names that module in a class attribute ``json_tags``
    (a dotted module path): every reader and writer imports it first, so ``loads(text,
    CardAction)`` reads a card-game input before any card game was made."""

    @property
    def view_type(self) -> type:
        """The class of its player views: a class attribute, read of the ruleset's class too."""
        ...

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """``state``, a state of this ruleset, as a JSON object."""
        ...

    def state_from_json(self, data: dict[str, Any], config: GameConfig) -> Any:
        """The state of the JSON object ``data`` (its ``config``, already read, is
        ``config``); :class:`~tigris_rules.FormatError` with paths inside ``data``."""
        ...

    def view_to_json(self, view: Any) -> dict[str, Any]:
        """``view``, a player view of this ruleset's game, as a JSON object."""
        ...

    def view_from_json(self, data: dict[str, Any], config: GameConfig) -> Any:
        """The player view of the JSON object ``data``, as :meth:`state_from_json`."""
        ...

    def schema_part(self) -> SchemaPart:
        """Its part of the view and event schemas."""
        ...


def game_codec(ruleset: Ruleset[Any, Any, Any]) -> GameCodec:
    """The JSON codec ``ruleset`` offers; :class:`~tigris_rules.ConfigError` naming its
    game when it offers none."""
    expect(ruleset, Ruleset, "ruleset", "a ruleset")
    codec = offered(ruleset, GameCodec)
    if codec is None:
        raise ConfigError(f"the {ruleset.game!r} game cannot be read or written as JSON")
    return codec


# --- the game configuration -----------------------------------------------------------------

_CONFIG_FIELDS: Final = tuple(f.name for f in attrs.fields(GameConfig))


def unstructure_config(config: GameConfig) -> dict[str, Any]:
    """``config`` as a JSON object."""
    return {
        "game": config.game,
        "players": config.players,
        "board": config.board,
        "variants": list(config.variants),
        "open_scoring": config.open_scoring,
        "single_action_openers": config.single_action_openers,
        "column_limit": config.column_limit,
    }


_CONFIG_TYPES: Final[dict[str, Any]] = {
    "game": str,
    "players": int,
    "board": str,
    "variants": tuple[str, ...],
    "open_scoring": bool,
    "single_action_openers": int,
    "column_limit": int,
}


def structure_config(data: object) -> GameConfig:
    """The configuration of the JSON object ``data``; :class:`FormatError` naming the bad
    field otherwise."""
    obj = need_object(data)
    check_keys(obj, (), tuple(_CONFIG_TYPES))
    values: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for name, kind in _CONFIG_TYPES.items():
        if name in obj:
            value = obj[name]
            if type(value) is kind:  # a string, an integer or a boolean as it should be
                values[name] = value
                continue
            try:
                values[name] = structure(value, kind)
            except FormatError as exc:
                problems += problems_of(exc, f"$.{name}")
    if problems:
        raise FormatError.of(problems)
    try:
        return GameConfig(**values)
    except ConfigError as exc:
        message = str(exc)
        field = next((n for n in _CONFIG_FIELDS if message.startswith(n)), None)
        if field is None:
            field = "board" if "board" in message else "variants" if "variant" in message else ""
        raise fail(message, f"$.{field}" if field else "$") from None


register_hooks(GameConfig, unstructure_config, structure_config)


# --- states and views, by their ruleset -----------------------------------------------------


@functools.cache
def _game_types(names: tuple[str, ...]) -> dict[type, tuple[str, bool]]:
    """The class of the states and of the views of each installed game: its name, and
    whether the class is its state's."""
    found: dict[type, tuple[str, bool]] = {}
    for name in names:
        try:
            ruleset = plugin(RULESET_GROUP, name)
        except ConfigError:
            continue  # a broken plug-in is refused where it is used
        found[ruleset.state_type] = (name, True)
        view = getattr(ruleset, "view_type", None)
        if isinstance(view, type):
            found[view] = (name, False)
    return found


def _game_of(kind: Any) -> tuple[str, bool] | None:
    return _game_types(plugin_names(RULESET_GROUP)).get(kind) if isinstance(kind, type) else None


def _game_structure_factory(kind: Any) -> Callable[[Any, Any], Any]:
    game, is_state = _game_of(kind) or ("", True)

    def read(data: object, _: object) -> Any:
        obj = need_object(data)
        if "config" not in obj:
            if is_state:  # name every missing field, as the game's own reader would
                check_keys(obj, *json_keys(kind))
            raise fail("missing required field", "$.config")
        config = at("$.config", structure_config, obj["config"])
        if config.game != game:
            raise fail(
                f'expected a configuration of the {game} game ("game": "{game}")', "$.config.game"
            )
        codec = game_codec(ruleset_for(config))
        if is_state:
            return codec.state_from_json(obj, config)
        return codec.view_from_json(obj, config)

    return read


def _game_unstructure_factory(kind: Any) -> Callable[[Any], Any]:
    _, is_state = _game_of(kind) or ("", True)

    def write(value: Any) -> dict[str, Any]:
        try:
            codec = game_codec(ruleset_for(value.config))
        except ConfigError as exc:
            raise ArgumentTypeError(str(exc)) from None
        return codec.state_to_json(value) if is_state else codec.view_to_json(value)

    return write


def _is_game_type(kind: Any) -> bool:
    return _game_of(kind) is not None


converter.register_structure_hook_factory(_is_game_type, _game_structure_factory)
converter.register_unstructure_hook_factory(_is_game_type, _game_unstructure_factory)
