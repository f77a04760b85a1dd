"""The JSON Schemas (draft 2020-12) of views and events, built from the codec's own tables.

The package ships two schemas beside the log schema (docs/views.md):

- ``tigris_rules/data/view-schema.json``: a :class:`~tigris_rules.PlayerView` or a
  :class:`~tigris_rules.cards.view.CardView` as ``tr.dumps`` writes it (by
  ``config.game``);
- ``tigris_rules/data/event-schema.json``: one event of either game, full or public.

Both hold the same ``$defs``: the views (``board_view``, ``card_view``), the results, every
tagged class as ``<family>_<tag>`` (``action_place_tile``, ``event_tiles_drawn``...) and
the unions (``action``, ``card_action``, ``decision``, ``card_decision``, ``event``,
``card_event``, ``public_event``, ``public_card_event``). :func:`build_schemas` makes them
from the tables the reader uses (the registry of tags, the classes' fields and their
hooks, the view layouts); a test checks the shipped files against it, and
``python -m tigris_rules.json_schema`` writes them again after a change. The library reads
more strictly than a schema can say (seats below the game's number of players, a square
named once).

>>> import tigris_rules as tr
>>> from tigris_rules.json_schema import event_schema
>>> event_schema()["$defs"]["event_tiles_drawn"]["properties"]["tiles"]
{'type': 'array', 'items': {'$ref': '#/$defs/color'}}
"""

from __future__ import annotations

import json
import os
import types
from collections.abc import Callable, Mapping
from enum import Enum
from importlib import resources
from pathlib import Path
from typing import Any, Final, Union, cast, get_args, get_origin

import attrs

from tigris_rules import serialize, view_codec
from tigris_rules.arguments import expect
from tigris_rules.cards import codec
from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.components import Boat
from tigris_rules.cards.decisions import CardDecision
from tigris_rules.cards.events import CardEvent
from tigris_rules.errors import ArgumentValueError
from tigris_rules.events_public import PublicCardEvent, PublicEvent
from tigris_rules.model.actions import Action, Monument
from tigris_rules.model.colors import Color
from tigris_rules.model.decisions import Decision
from tigris_rules.model.events import Event

__all__ = [
    "SCHEMA_FILES",
    "build_schemas",
    "event_schema",
    "schema_text",
    "view_schema",
    "write_schemas",
]

SCHEMA_FILES: Final = {"view": "view-schema.json", "event": "event-schema.json"}
"""The file of each shipped schema in ``tigris_rules/data``, by kind."""

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_BASE_DEFS: Final = ("square", "color", "monument", "count", "seat", "spot", "column", "gap")
"""Definitions taken as they are from the log schema, so that both formats agree."""

ref = view_codec.ref
nullable = view_codec.nullable


def _array(items: Mapping[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "array", "items": dict(items), **more}


_HOOK_SCHEMAS: Final[dict[Callable[..., Any], dict[str, Any]]] = {
    serialize.structure_square: ref("square"),
    serialize._structure_optional_square: nullable(ref("square")),
    serialize._structure_squares: _array(ref("square")),
    serialize._structure_count: ref("count"),
    serialize.structure_seat: ref("seat"),
    serialize._structure_optional_seat: nullable(ref("seat")),
    serialize._structure_monument_offers: _array(
        {
            "type": "array",
            "description": "a monument and the top-left square of its block",
            "prefixItems": [ref("monument"), ref("square")],
            "items": False,
            "minItems": 2,
        }
    ),
    codec._spot: ref("spot"),
    codec._optional_spot: nullable(ref("spot")),
    codec._spots: _array(ref("spot")),
    codec._column: ref("column"),
    codec._gap: ref("gap"),
    codec._optional_gap: nullable(ref("gap")),
    codec._columns: _array(ref("column"), uniqueItems=True),
    codec._count: ref("count"),
}
"""The schema of every field hook of the codec; a hook missing here is an error."""

_ENUM_DEFS: Final[dict[type, str]] = {Color: "color", Monument: "monument", Boat: "boat"}

_UNIONS: Final[dict[str, Any]] = {
    "action": Action,
    "card_action": CardAction,
    "decision": Decision,
    "card_decision": CardDecision,
    "event": Event,
    "card_event": CardEvent,
    "public_event": PublicEvent,
    "public_card_event": PublicCardEvent,
}


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name).lstrip("_")


class _Builder:
    """Collects the definitions reachable from the classes it is asked about."""

    def __init__(self) -> None:
        log_defs = _log_defs()
        self.defs: dict[str, Any] = {name: log_defs[name] for name in (*_BASE_DEFS, "config")}
        self.defs["boat"] = {"enum": [b.value for b in Boat]}

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
            if kind in _ENUM_DEFS:
                return ref(_ENUM_DEFS[kind])
            return {"enum": [m.value for m in kind]}
        if attrs.has(kind):
            return ref(self.class_def(kind))
        raise TypeError(f"no JSON Schema for the type {kind!r}")

    def class_def(self, cls: type) -> str:
        """The name of the definition of the attrs class ``cls``, made if new."""
        tagged = cls in serialize.tagged_classes().values()
        tag = serialize.tag_of(cls) if tagged else ""
        name = f"{_family(cls)}_{tag}" if tagged else _snake(cls.__name__)
        if name in self.defs:
            return name
        self.defs[name] = {}  # a placeholder against recursion
        kinds = cast("type[attrs.AttrsInstance]", cls)
        attrs.resolve_types(kinds)
        hooks = serialize.field_hooks(cls)
        properties: dict[str, Any] = {"type": {"const": tag}} if tagged else {}
        required = ["type"] if tagged else []
        for field in attrs.fields(kinds):
            hook = hooks.get(field.name)
            if hook is not None:
                if hook not in _HOOK_SCHEMAS:
                    raise TypeError(f"no JSON Schema for the hook of {cls.__name__}.{field.name}")
                properties[field.name] = _HOOK_SCHEMAS[hook]
            else:
                properties[field.name] = self.type_schema(field.type)
            if field.default is attrs.NOTHING:
                required.append(field.name)
        self.defs[name] = {
            "type": "object",
            "description": (cls.__doc__ or cls.__name__).split("\n\n")[0].replace("\n", " "),
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        return name

    def union_def(self, name: str, union: Any) -> None:
        """A union read by its tag: each member is checked only against its own definition,
        which keeps validation fast and its errors to the point."""
        tags = {serialize.tag_of(m): self.class_def(m) for m in get_args(union)}
        self.defs[name] = {
            "type": "object",
            "properties": {"type": {"enum": list(tags)}},
            "required": ["type"],
            "allOf": [
                {"if": {"properties": {"type": {"const": tag}}}, "then": ref(definition)}
                for tag, definition in tags.items()
            ],
        }

    def view_def(self, name: str, fields: tuple[view_codec.ViewField, ...], what: str) -> None:
        self.defs[name] = {
            "type": "object",
            "description": what,
            "properties": {f.name: f.schema for f in fields},
            "required": [f.name for f in fields],
            "additionalProperties": False,
        }


def _family(cls: type) -> str:
    """``"action"``, ``"decision"`` or ``"event"``: the kind of union ``cls`` belongs to."""
    for union_name, union in _UNIONS.items():
        if cls in get_args(union):
            return union_name.split("_")[-1]
    raise TypeError(f"{cls.__name__} is in none of the unions of views and events")


def build_schemas() -> dict[str, dict[str, Any]]:
    """The view and event schemas, by kind (``"view"``, ``"event"``), as the codec reads."""
    builder = _Builder()
    builder.defs["color_counts"] = view_codec.per_color(ref("count"))
    builder.defs["result"] = view_codec.RESULT_SCHEMA
    for name, union in _UNIONS.items():
        builder.union_def(name, union)
    builder.view_def(
        "board_view",
        view_codec.BOARD_VIEW_FIELDS,
        "what one player (or a spectator) may see of a board game (CONV-14)",
    )
    builder.view_def(
        "card_view",
        codec.CARD_VIEW_FIELDS,
        "what one player (or a spectator) may see of a card game (CARD-DEF-7)",
    )
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
        "if": {
            "properties": {"config": {"properties": {"game": {"const": "cards"}}}},
            "required": ["config"],
        },
        "then": ref("card_view"),
        "else": ref("board_view"),
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
        "anyOf": [ref("public_event"), ref("public_card_event")],
        "$defs": defs,
    }
    return {"view": view, "event": event}


def _log_defs() -> dict[str, Any]:
    from tigris_rules.records import log_schema

    defs: dict[str, Any] = log_schema()["$defs"]
    return defs


def schema_text(kind: str) -> str:
    """The text of the shipped schema of ``kind`` (``"view"`` or ``"event"``); any other
    kind raises :class:`~tigris_rules.ArgumentValueError`."""
    expect(kind, str, "kind")
    if kind not in SCHEMA_FILES:
        raise ArgumentValueError(
            f"kind: no schema of kind {serialize.clip(repr(kind))}; "
            f"expected one of {', '.join(SCHEMA_FILES)}"
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
    """The text of a shipped schema: two-space indentation, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: str | os.PathLike[str]) -> None:
    """Write the view and event schemas into the existing folder ``directory``."""
    expect(directory, (str, os.PathLike), "directory")
    for kind, schema in build_schemas().items():
        (Path(directory) / SCHEMA_FILES[kind]).write_text(render(schema), encoding="utf-8")


if __name__ == "__main__":
    write_schemas(Path(__file__).parent / "data")
