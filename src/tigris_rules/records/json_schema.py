"""The JSON Schemas (draft 2020-12) of logs, views and events, built from the codec's tables.

The package ships three schemas (docs/log-format.md, docs/views.md):

- ``tigris_rules/data/log-schema.json``: a game log (:func:`~tigris_rules.log_schema`);
- ``tigris_rules/data/view-schema.json``: a :class:`~tigris_rules.PlayerView` or a
  :class:`~tigris_rules.cards.view.CardView` as ``tr.dumps`` writes it (by
  ``config.game``);
- ``tigris_rules/data/event-schema.json``: one event of either game, full or public.

The view and event schemas hold the same ``$defs``: the views (``board_view``,
``card_view``), the results, every tagged class as ``<family>_<tag>`` (``action_place_tile``,
``event_tiles_drawn``...) and the unions (``action``, ``card_action``, ``decision``,
``card_decision``, ``event``, ``card_event``, ``public_event``, ``public_card_event``).
:func:`build_schemas` makes them from the tables the reader uses (the registry of tags, the
classes' fields and their hooks, the view layouts) and from the variants it is asked to
describe: the configuration's variant names, each variant's inputs, decisions and events
(under the tags :func:`~tigris_rules.records.converter.register_variant_classes` gives
them), the causes of points, the cell names and the variants' areas
(:func:`~tigris_rules.records.areas.view_area_schema`). Each game gives its own part (its
view, its unions, the schemas of its field hooks:
:meth:`~tigris_rules.records.codec.GameCodec.schema_part`). In the log schema, the skeleton
(the deal, the result, the configuration's other fields) is written by hand in the shipped
file and kept as it is; its variant names and its board-game entries are generated.

The shipped files describe this distribution's own games and variants
(:func:`shipped_variants`), so they are the same whatever else is installed; a test checks
them against :func:`build_schemas`, and ``python -m tigris_rules.records.json_schema``
writes them again after a change. :func:`schemas_for` describes the variants of one
configuration, whatever else is installed; ``tigris-rules schema`` prints the schemas of
every installed game and variant (a question about the installation). The library
reads more strictly than a schema can say (seats below the game's number of players, a
square named once, an area only for a variant the configuration plays).

>>> import tigris_rules as tr
>>> from tigris_rules.records.json_schema import event_schema
>>> event_schema()["$defs"]["event_tiles_drawn"]["properties"]["tiles"]
{'type': 'array', 'items': {'$ref': '#/$defs/color'}}
"""

from __future__ import annotations

import json
import os
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Any, Final, Union, cast, get_args, get_origin

import attrs

from tigris_rules._arguments import expect, expect_items
from tigris_rules.errors import ArgumentValueError, ConfigError
from tigris_rules.model.actions import Monument, VariantAction
from tigris_rules.model.colors import Color
from tigris_rules.model.config import COLUMN_LIMITS, GameConfig
from tigris_rules.model.decisions import VariantDecision
from tigris_rules.model.events import ScoreCause, VariantEvent
from tigris_rules.model.plugins import BUILT_IN, RULESET_GROUP, VARIANT_GROUP, plugin, plugin_names
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.records import converter, view_codec
from tigris_rules.records._checks import clip
from tigris_rules.records.areas import view_area_schema
from tigris_rules.records.board_state import CELL_NAMES
from tigris_rules.records.codec import SchemaPart, game_codec
from tigris_rules.records.json_io import dumps
from tigris_rules.records.log import log_schema
from tigris_rules.rules.hooks import Variant

__all__ = [
    "SCHEMA_FILES",
    "build_schemas",
    "event_schema",
    "schema_text",
    "schemas_for",
    "shipped_variants",
    "view_schema",
    "write_schemas",
]

SCHEMA_FILES: Final = {
    "log": "log-schema.json",
    "view": "view-schema.json",
    "event": "event-schema.json",
}
"""The file of each shipped schema in ``tigris_rules/data``, by kind."""

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_BASE_DEFS: Final = ("square", "color", "monument", "count", "seat", "spot", "column", "gap")
"""Definitions taken as they are from the log schema, so that both formats agree."""

ref = view_codec.ref
nullable = view_codec.nullable

VariantSpec = str | type[Variant[Any]]
"""A variant to describe: the name of an installed variant, or its class."""


def _array(items: Mapping[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "array", "items": dict(items), **more}


_HOOK_SCHEMAS: Final[dict[Callable[..., Any], dict[str, Any]]] = {
    converter.structure_square: ref("square"),
    converter._structure_optional_square: nullable(ref("square")),
    converter._structure_squares: _array(ref("square")),
    converter._structure_count: ref("count"),
    converter.structure_seat: ref("seat"),
    converter._structure_optional_seat: nullable(ref("seat")),
}
"""The schema of every field hook of the converter; the games add theirs
(:attr:`SchemaPart.hooks`), and a hook missing from both is an error."""

_ENUM_DEFS: Final[dict[type, str]] = {Color: "color", Monument: "monument"}

_OPEN_BASES: Final[dict[type, str]] = {
    VariantAction: "inputs",
    VariantDecision: "decisions",
    VariantEvent: "events",
}
"""The base class of what variants define, and the attribute of :class:`Variant` listing
them: a union holding the base holds the classes of the variants described."""


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


def _summary(cls: type) -> str:
    """The first paragraph of the docstring of ``cls``, on one line."""
    return " ".join((cls.__doc__ or cls.__name__).split("\n\n")[0].split())


class _Builder:
    """Collects the definitions reachable from the classes it is asked about, for the base
    game and the ``variants`` described."""

    def __init__(
        self,
        variants: tuple[type[Variant[Any]], ...],
        log: Mapping[str, Any],
        parts: Sequence[SchemaPart],
    ) -> None:
        self.variants = variants
        log_defs = log["$defs"]
        self.defs: dict[str, Any] = {name: log_defs[name] for name in _BASE_DEFS}
        self.defs["config"] = _config_def(log_defs["config"], variants)
        self.hooks: dict[Callable[..., Any], Mapping[str, Any]] = dict(_HOOK_SCHEMAS)
        self.enums = dict(_ENUM_DEFS)
        for part in parts:
            self.defs.update(part.defs)
            self.hooks.update(part.hooks)
            self.enums.update(part.enums)
        self.families: dict[type, str] = {}

    def members(self, union: Any) -> list[type]:
        """The classes of ``union``, a base class of what variants define standing for the
        classes of that kind of the variants described."""
        found: list[type] = []
        for member in get_args(union):
            attribute = _OPEN_BASES.get(member)
            if attribute is None:
                found.append(member)
                continue
            for variant in self.variants:
                found += [c for c in getattr(variant, attribute) if issubclass(c, member)]
        return list(dict.fromkeys(found))

    def type_schema(self, kind: Any) -> dict[str, Any]:
        origin, args = get_origin(kind), get_args(kind)
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not type(None)]
            inner = (
                self.type_schema(members[0])
                if len(members) == 1
                else {"oneOf": [self.type_schema(m) for m in members]}
            )
            return nullable(inner) if len(members) < len(args) else inner
        if origin in (tuple, frozenset):
            if origin is tuple and args and args[-1] is not Ellipsis:
                return {
                    "type": "array",
                    "prefixItems": [self.type_schema(a) for a in args],
                    "items": False,
                    "minItems": len(args),
                }
            return _array(self.type_schema(args[0]))
        if kind is bool:
            return {"type": "boolean"}
        if kind is int:
            return {"type": "integer"}
        if kind is str:
            return {"type": "string"}
        if isinstance(kind, type) and issubclass(kind, Enum):
            if kind in self.enums:
                return ref(self.enums[kind])
            return {"enum": [m.value for m in kind]}
        if attrs.has(kind):
            return ref(self.class_def(kind))
        raise TypeError(f"no JSON Schema for the type {kind!r}")

    def class_def(self, cls: type) -> str:
        """The name of the definition of the attrs class ``cls``, made if new."""
        family = self.families.get(cls)
        tag = converter.tag_of(cls) if family is not None else ""
        name = f"{family}_{tag}" if family is not None else _snake(cls.__name__)
        if name in self.defs:
            return name
        self.defs[name] = {}  # a placeholder against recursion
        kinds = cast("type[attrs.AttrsInstance]", cls)
        attrs.resolve_types(kinds)
        hooks = converter.field_hooks(cls)
        properties: dict[str, Any] = {"type": {"const": tag}} if tag else {}
        required = ["type"] if tag else []
        for field in attrs.fields(kinds):
            hook = hooks.get(field.name)
            if hook is not None:
                if hook not in self.hooks:
                    raise TypeError(f"no JSON Schema for the hook of {cls.__name__}.{field.name}")
                properties[field.name] = dict(self.hooks[hook])
            else:
                properties[field.name] = self.type_schema(field.type)
            if field.default is attrs.NOTHING:
                required.append(field.name)
        self.defs[name] = {
            "type": "object",
            "description": _summary(cls),
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        return name

    def union_def(self, name: str, members: list[type]) -> None:
        """A union read by its tag: each member is checked only against its own definition,
        which keeps validation fast and its errors to the point."""
        tags = {converter.tag_of(m): self.class_def(m) for m in members}
        self.defs[name] = {
            "type": "object",
            "properties": {"type": {"enum": list(tags)}},
            "required": ["type"],
        }
        if tags:
            self.defs[name]["allOf"] = [
                {"if": {"properties": {"type": {"const": tag}}}, "then": ref(definition)}
                for tag, definition in tags.items()
            ]

    def view_def(self, name: str, fields: tuple[view_codec.ViewField, ...], what: str) -> None:
        self.defs[name] = {
            "type": "object",
            "description": what,
            "properties": {f.name: f.schema for f in fields},
            "required": [f.name for f in fields],
            "additionalProperties": False,
        }

    def variant_defs(self) -> None:
        """What the variants add to the base game's JSON: their cell names, their causes of
        points, their areas in a view and the structures they build."""
        cells = list(CELL_NAMES.values())
        causes = [c.value for c in ScoreCause]
        areas: dict[str, Any] = {}
        for variant in self.variants:
            if variant.cell_name is not None and variant.cell_name not in cells:
                cells.append(variant.cell_name)
            causes += [c for c in variant.score_causes if c not in causes]
            areas[variant.name] = _area_schema(variant)
        self.defs["cell"] = {
            "enum": cells,
            "description": "what a square holds: a tile of a colour, a flipped tile, a "
            "structure (under the name its variant gives it), a catastrophe or a leader",
        }
        self.defs["cause"] = {
            "enum": causes,
            "description": "why points were scored: a rule of the base game or of a variant",
        }
        self.defs["view_areas"] = {
            "type": "object",
            "description": "the data of the configuration's variants that the viewer may see, "
            "by variant name (variants keeping none are left out)",
            "properties": areas,
            "additionalProperties": False,
        }
        structures = [c for c in self.members(VariantAction) if issubclass(c, VariantAction)]
        for cls in structures:
            self.families.setdefault(cls, "action")
        self.union_def("variant_action", structures)
        self.defs["variant_action"]["description"] = "an input defined by a variant"


def _area_schema(variant: type[Variant[Any]]) -> Any:
    try:
        schema = view_area_schema(variant())
    except Exception as exc:  # a variant's hook fails as it likes: name the variant
        raise ConfigError(
            f"the variant {variant.name!r} gives no JSON Schema of its area: "
            f"{type(exc).__name__}: {exc}"
        ) from None
    if not isinstance(schema, Mapping | bool):
        raise ConfigError(
            f"the variant {variant.name!r} gives no JSON Schema of its area: expected a "
            f"mapping, got {type(schema).__name__}"
        )
    return dict(schema) if isinstance(schema, Mapping) else schema


def _config_def(shipped: Mapping[str, Any], variants: tuple[type[Variant[Any]], ...]) -> Any:
    """The configuration's definition of the log schema, naming ``variants`` and the card
    game's column limits (CONV-18)."""
    names = [v.name for v in variants]
    properties = dict(shipped["properties"])
    properties["column_limit"] = {
        **properties["column_limit"],
        "minimum": COLUMN_LIMITS[0],
        "maximum": COLUMN_LIMITS[-1],
    }
    properties["variants"] = {
        "type": "array",
        "items": {"enum": names} if names else False,
        "uniqueItems": True,
    }
    return {**shipped, "properties": properties}


def shipped_variants() -> tuple[type[Variant[Any]], ...]:
    """The variants the shipped schemas describe: this package's own
    (:data:`~tigris_rules.model.plugins.BUILT_IN`), in canonical order, whatever else is
    installed."""
    return _canonical(plugin(VARIANT_GROUP, name) for name in BUILT_IN[VARIANT_GROUP])


def _canonical(classes: Iterable[type[Variant[Any]]]) -> tuple[type[Variant[Any]], ...]:
    return tuple(sorted(classes, key=lambda v: (v.order, v.name)))


def _variant_classes(variants: Sequence[VariantSpec] | None) -> tuple[type[Variant[Any]], ...]:
    if variants is None:
        return _canonical(plugin(VARIANT_GROUP, n) for n in plugin_names(VARIANT_GROUP))
    expect_items(variants, (str, type), "variants", "variant names or Variant subclasses")
    found: dict[str, type[Variant[Any]]] = {}
    for index, item in enumerate(variants):
        if isinstance(item, str):
            variant = plugin(VARIANT_GROUP, item)
        elif issubclass(item, Variant):
            variant = item
        else:
            raise ArgumentValueError(
                f"variants[{index}]: {item.__name__} is not a Variant subclass"
            )
        if found.get(variant.name, variant) is not variant:
            raise ArgumentValueError(f"variants: two variants are named {variant.name!r}")
        found[variant.name] = variant
    return _canonical(found.values())


def _parts(games: Iterable[str]) -> list[SchemaPart]:
    """The schema part of each game of ``games``, by its ruleset."""
    parts = []
    for game in games:
        try:
            ruleset = ruleset_for(GameConfig(game=game))
        except ConfigError as exc:
            raise ConfigError(f"the game {game!r} has no JSON Schema: {exc}") from None
        parts.append(game_codec(ruleset).schema_part())
    return parts


def schemas_for(config: GameConfig) -> dict[str, dict[str, Any]]:
    """The log, view and event schemas for games of ``config``: :func:`build_schemas` of
    the variants ``config`` plays (and of this package's games), the same whatever else is
    installed."""
    expect(config, GameConfig, "config")
    variants = tuple(type(v) for v in ruleset_for(config).variants)
    return build_schemas(variants)


def build_schemas(
    variants: Sequence[VariantSpec] | None = None,
) -> dict[str, dict[str, Any]]:
    """The log, view and event schemas, by kind (``"log"``, ``"view"``, ``"event"``), as the
    codec reads them, for ``variants``: a list or a tuple of names of installed variants or
    :class:`~tigris_rules.rules.hooks.Variant` subclasses, with this package's games
    (:func:`shipped_variants` for the shipped files); by default, every installed game and
    variant.

    A variant not installed raises :class:`~tigris_rules.ConfigError`, and so does one whose
    classes or area have no JSON Schema (a field of a type the codec does not know)."""
    classes = _variant_classes(variants)
    for variant in classes:
        converter.register_variant(variant)
    games = BUILT_IN[RULESET_GROUP] if variants is not None else plugin_names(RULESET_GROUP)
    parts = _parts(games)
    log = log_schema()
    builder = _Builder(classes, log, parts)
    builder.defs["color_counts"] = view_codec.per_color(ref("count"))
    builder.defs["result"] = view_codec.RESULT_SCHEMA
    unions = {name: builder.members(union) for p in parts for name, union in p.unions.items()}
    for name, members in unions.items():
        for cls in members:
            builder.families.setdefault(cls, name.split("_")[-1])
    for variant in classes:
        try:
            for cls in (*variant.inputs, *variant.decisions, *variant.events):
                builder.class_def(cls)
        except (TypeError, NameError) as exc:  # a field of a type JSON cannot hold
            raise ConfigError(f"the variant {variant.name!r} has no JSON Schema: {exc}") from None
    builder.variant_defs()
    for name, members in unions.items():
        builder.union_def(name, members)
    for part in parts:
        builder.view_def(part.view, part.view_fields, part.view_description)
    defs = dict(sorted(builder.defs.items()))
    view = {
        "$schema": _DRAFT,
        "$id": "urn:tigris-rules:view:1",
        "title": "tigris-rules player view",
        "description": (
            "What one player or a spectator may see of a game, as tr.dumps(tr.view(state, "
            "seat)) writes it: a board_view, or a card_view when config.game is cards. "
            "See docs/views.md."
        ),
        **_by_game(dict(zip(games, parts, strict=True))),
        "$defs": defs,
    }
    event = {
        "$schema": _DRAFT,
        "$id": "urn:tigris-rules:event:1",
        "title": "tigris-rules event",
        "description": (
            "One event of either game as tr.dumps writes it: what step returns, or its public "
            "form from events_for. The type field names the event. See docs/views.md."
        ),
        "anyOf": [ref(part.public_events) for part in parts],
        "$defs": defs,
    }
    entries = next((p.log_entries for p in parts if p.log_entries is not None), None)
    board = builder.members(entries) if entries is not None else []
    return {"log": _log_schema(log, builder, board), "view": view, "event": event}


def _by_game(parts: Mapping[str, SchemaPart]) -> dict[str, Any]:
    """The view schema's choice of a view definition by ``config.game``: the default game's
    view (``GameConfig().game``) unless the configuration names another game."""
    default = GameConfig().game
    choice: dict[str, Any] = ref(parts[default].view) if default in parts else {}
    for game, part in reversed([(g, p) for g, p in parts.items() if g != default]):
        choice = {
            "if": {
                "properties": {"config": {"properties": {"game": {"const": game}}}},
                "required": ["config"],
            },
            "then": ref(part.view),
            "else": choice,
        }
    return choice


def _log_schema(shipped: Mapping[str, Any], builder: _Builder, board: list[type]) -> Any:
    """The log schema: the shipped one's hand-written skeleton, with the configuration's
    variant names and one entry definition per input of the board game (``board``)."""
    old_defs: Mapping[str, Any] = shipped["$defs"]
    entry = old_defs["entry"]
    old_entries = {b["then"]["$ref"].rsplit("/", 1)[1] for b in entry.get("allOf", ())}
    entries: dict[str, Any] = {}
    for cls in board:
        tag = converter.tag_of(cls)
        inner = builder.defs[builder.class_def(cls)]
        entries[f"action_{tag}"] = {
            "description": f"{cls.__name__}: {inner['description']}",
            "type": "object",
            "properties": {"player": ref("seat"), **inner["properties"]},
            "required": ["player", *inner["required"]],
            "additionalProperties": False,
        }
    defs: dict[str, Any] = {}
    for name, definition in old_defs.items():
        if name in old_entries:
            defs.update(entries)  # where the entries stood, in the order of the union
        elif name == "config":
            defs[name] = builder.defs["config"]
        elif name == "entry":
            tags = [converter.tag_of(cls) for cls in board]
            defs[name] = {
                **definition,
                "properties": {**definition["properties"], "type": {"enum": tags}},
                "allOf": [
                    {
                        "if": {"properties": {"type": {"const": tag}}},
                        "then": ref(f"action_{tag}"),
                    }
                    for tag in tags
                ],
            }
        else:
            defs[name] = definition
    defs.update(entries)  # (no-op if they were placed above)
    _close(defs, builder.defs)
    return {**shipped, "$defs": defs}


def _close(defs: dict[str, Any], known: Mapping[str, Any]) -> None:
    """Add to ``defs`` the definitions of ``known`` that its references need."""
    pending = [defs[name] for name in defs]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            target = node.get("$ref")
            if isinstance(target, str) and target.startswith("#/$defs/"):
                name = target.removeprefix("#/$defs/")
                if name not in defs and name in known:
                    defs[name] = known[name]
                    pending.append(known[name])
            pending += list(node.values())
        elif isinstance(node, list):
            pending += node


def schema_text(kind: str) -> str:
    """The text of the shipped schema of ``kind`` (``"log"``, ``"view"`` or ``"event"``);
    any other kind raises :class:`~tigris_rules.ArgumentValueError`."""
    expect(kind, str, "kind")
    if kind not in SCHEMA_FILES:
        raise ArgumentValueError(
            f"kind: no schema of kind {clip(repr(kind))}; expected one of {', '.join(SCHEMA_FILES)}"
        )
    return resources.files("tigris_rules").joinpath("data", SCHEMA_FILES[kind]).read_text("utf-8")


def _load(kind: str) -> dict[str, Any]:
    data = json.loads(schema_text(kind))
    return cast("dict[str, Any]", data)


def view_schema() -> dict[str, Any]:
    """The JSON Schema of a player view, as shipped (``data/view-schema.json``)."""
    return _load("view")


def event_schema() -> dict[str, Any]:
    """The JSON Schema of an event, as shipped (``data/event-schema.json``)."""
    return _load("event")


def render(schema: Mapping[str, Any]) -> str:
    """The text of a shipped schema: laid out as a log (two-space indentation, short arrays
    and objects on one line), with a final newline."""
    return dumps(dict(schema), indent=2) + "\n"


def write_schemas(
    directory: str | os.PathLike[str], variants: Sequence[VariantSpec] | None = None
) -> None:
    """Write the log, view and event schemas of ``variants`` (as :func:`build_schemas`) into
    the existing folder ``directory``."""
    expect(directory, (str, os.PathLike), "directory")
    for kind, schema in build_schemas(variants).items():
        (Path(directory) / SCHEMA_FILES[kind]).write_text(render(schema), encoding="utf-8")


if __name__ == "__main__":
    write_schemas(Path(__file__).parent / "data", shipped_variants())
