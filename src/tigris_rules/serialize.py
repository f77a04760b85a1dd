"""JSON for the library's values: configurations, deals, states, actions, decisions, events.

One `cattrs` converter (:data:`converter`) turns every value into plain JSON data and back:

>>> import tigris_rules as tr
>>> tr.dumps(tr.PlaceTile(tr.Color.RED, "g4"))
'{"type":"place_tile","color":"red","square":"g4"}'
>>> tr.loads('{"type": "end_turn"}', tr.Action)
EndTurn()

- Actions, decisions and events are *tagged*: their JSON object carries ``"type"`` with a
  stable tag (``"place_tile"``, ``"tile_placed"``...) fixed in a registry, never derived
  from the class name, so renaming a class does not change the JSON. A union of tagged
  classes (:data:`~tigris_rules.Action`, :data:`~tigris_rules.Event`,
  :data:`~tigris_rules.Decision`, or a new one) is read by its tag.
- Squares are names (``"f4"``), colours, monuments and the other enums their string values,
  tuples and frozensets JSON arrays.
- Reading is strict: unknown keys, a wrong type (``"3"`` for ``3``, ``1`` for ``true``), a
  bad square name or colour, a duplicate key or ``NaN`` are rejected. Every problem raises
  one :class:`~tigris_rules.errors.FormatError` whose ``path`` names the bad field, such as
  ``$.actions[12].square``.
- A :class:`~tigris_rules.GameState` is written with square names and colour names (see
  docs/log-format.md) and read back equal to the original; its private cache is not written.

New rulesets add their classes with :func:`register_tagged` (a tag per class) and, for a
class that needs a hand-written layout, :func:`register_hooks`. The card game does so in
:mod:`tigris_rules.cards.codec` (imported with :mod:`tigris_rules.records`, so with the
package): ``tr.loads(text, tr.CardGameState)`` and the card unions work like the above.
"""

from __future__ import annotations

import functools
import json
import re
import types
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from typing import Any, Final, TypeVar, Union, cast, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    StructureHandlerNotFoundError,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tigris_rules.arguments import CALLABLE, expect
from tigris_rules.cards.state import CardGameState
from tigris_rules.errors import ArgumentTypeError, ConfigError, FormatError, TigrisError
from tigris_rules.json_reading import (
    LazyArray,
    TooLarge,
    array_items,
    decode_utf8,
    scan_object,
    utf8_size,
)
from tigris_rules.model import actions as _actions
from tigris_rules.model import decisions as _decisions
from tigris_rules.model import events as _events
from tigris_rules.model.actions import MONUMENTS, Monument
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.fields import json_keys
from tigris_rules.model.plugins import VARIANT_GROUP, plugin, plugin_names
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import SQUARE_COUNT, is_square_name, square_index, square_name
from tigris_rules.model.state import NO_SQUARE, STATE_FIELDS, GameState
from tigris_rules.state_check import check_state

__all__ = [
    "ACTION_TAGS",
    "DECISION_TAGS",
    "DEFAULT_MAX_BYTES",
    "EVENT_TAGS",
    "MAX_PROBLEMS",
    "MAX_SEAT",
    "MEGABYTE",
    "QUOTE_LIMIT",
    "TAG_KEY",
    "at",
    "check_keys",
    "converter",
    "describe",
    "dumps",
    "format_size",
    "installed_variant_tags",
    "loads",
    "member",
    "need_array",
    "need_int",
    "need_object",
    "parse_json",
    "problems_of",
    "quick_reader",
    "register_fields",
    "register_hooks",
    "register_tagged",
    "register_variant",
    "register_variant_classes",
    "structure",
    "structure_square",
    "tag_of",
    "tagged_classes",
    "unstructure",
]

T = TypeVar("T")

TAG_KEY: Final = "type"
"""The key of the tag in the JSON object of a tagged class."""

MEGABYTE: Final = 1024 * 1024
"""The megabyte of size limits and of their messages."""

DEFAULT_MAX_BYTES: Final = 50 * MEGABYTE
"""The default size limit of JSON input, 50 MB (of UTF-8 for a ``str``)."""

MAX_PROBLEMS: Final = 100
"""At most this many problems are collected in one :class:`FormatError`."""

converter: Final = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
"""The one converter of the library. Use :func:`unstructure` and :func:`structure` (or
:func:`dumps` and :func:`loads`), which turn its errors into :class:`FormatError`."""

_NONE_TYPE: Final = type(None)


# --- the registry of tagged classes -------------------------------------------------------


@attrs.frozen
class _Tagged:
    tag: str
    cls: type
    family: str


_BY_TAG: dict[str, _Tagged] = {}
_BY_CLASS: dict[type, _Tagged] = {}
_FIELD_STRUCTURE: dict[type, dict[str, Callable[[Any, Any], Any]]] = {}
_FIELD_UNSTRUCTURE: dict[type, dict[str, Callable[[Any], Any]]] = {}


def register_tagged(
    tag: str,
    cls: type,
    *,
    family: str,
    squares: Iterable[str] = (),
    structure_fields: Mapping[str, Callable[[Any, Any], Any]] | None = None,
    unstructure_fields: Mapping[str, Callable[[Any], Any]] | None = None,
) -> None:
    """Make the attrs class ``cls`` a tagged class: its JSON object carries
    ``"type": tag``, and any union of tagged classes that contains it reads it by that tag.

    ``family`` names what the class is (``"action"``, ``"event"``, ``"decision"``) for error
    messages. ``squares`` names the fields that hold square names (a name, ``None`` or a
    tuple of names), checked when read. ``structure_fields``/``unstructure_fields`` give
    hooks for other fields that need their own layout. Tags are unique and never change once
    published; registering a second class under a tag raises :class:`ValueError`.
    """
    expect(tag, str, "tag")
    expect(cls, type, "cls", "a class")
    expect(family, str, "family")
    known = _BY_TAG.get(tag)
    if known is not None and known.cls is not cls:
        raise ValueError(f"the tag {tag!r} already belongs to {known.cls.__name__}")
    if cls in _BY_CLASS and _BY_CLASS[cls].tag != tag:
        raise ValueError(f"{cls.__name__} already has the tag {_BY_CLASS[cls].tag!r}")
    entry = _Tagged(tag, cls, family)
    _BY_TAG[tag] = entry
    _BY_CLASS[cls] = entry
    register_fields(
        cls,
        squares=squares,
        structure_fields=structure_fields,
        unstructure_fields=unstructure_fields,
    )


def register_fields(
    cls: type,
    *,
    squares: Iterable[str] = (),
    structure_fields: Mapping[str, Callable[[Any, Any], Any]] | None = None,
    unstructure_fields: Mapping[str, Callable[[Any], Any]] | None = None,
) -> None:
    """Give some fields of the attrs class ``cls`` their own hooks (see
    :func:`register_tagged`), without a tag."""
    expect(cls, type, "cls", "a class")
    expect(squares, Iterable, "squares", "an iterable of field names")
    expect(structure_fields, (Mapping, None), "structure_fields")
    expect(unstructure_fields, (Mapping, None), "unstructure_fields")
    hooks = _FIELD_STRUCTURE.setdefault(cls, {})
    for name in squares:
        hooks[name] = _square_field_hook(cls, name)
    hooks.update(structure_fields or {})
    _FIELD_UNSTRUCTURE.setdefault(cls, {}).update(unstructure_fields or {})
    # Hooks are generated lazily and cached by cattrs: registering clears the cache.
    converter.register_structure_hook_factory(lambda t: t is cls, _attrs_structure_factory)
    converter.register_unstructure_hook_factory(lambda t: t is cls, _attrs_unstructure_factory)


def register_hooks(
    cls: type[T],
    unstructure_hook: Callable[[T], Any],
    structure_hook: Callable[[Any], T],
) -> None:
    """Give ``cls`` a hand-written layout. ``structure_hook(data)`` raises
    :class:`FormatError` with paths relative to the object (``$`` is the object itself)."""
    expect(cls, type, "cls", "a class")
    expect(unstructure_hook, CALLABLE, "unstructure_hook", "a callable")
    expect(structure_hook, CALLABLE, "structure_hook", "a callable")
    converter.register_unstructure_hook(cls, unstructure_hook)
    converter.register_structure_hook(cls, lambda data, _: structure_hook(data))


def tag_of(cls: type) -> str:
    """The tag of a tagged class; :class:`~tigris_rules.ArgumentTypeError` for anything
    else."""
    entry = _BY_CLASS.get(cls) if isinstance(cls, type) else None
    if entry is None:
        raise ArgumentTypeError.expected("cls", "a tagged class", cls)
    return entry.tag


def field_hooks(cls: type) -> dict[str, Callable[[Any, Any], Any]]:
    """The structure hooks given to fields of the attrs class ``cls``, by field name (the
    JSON Schemas are made from them, :mod:`tigris_rules.json_schema`)."""
    return dict(_FIELD_STRUCTURE.get(cls, {}))


def tagged_classes() -> dict[str, type]:
    """Every registered tag and its class."""
    return {tag: entry.cls for tag, entry in _BY_TAG.items()}


# --- describing bad values ------------------------------------------------------------------


def describe(value: object) -> str:
    """A short description of a JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return f"the number {text if len(text) <= 20 else text[:17] + '...'}"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else text[:36] + '..."'
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


QUOTE_LIMIT: Final = 80
"""Error messages quote at most this many characters of any input."""

_LONG_QUOTE: Final = re.compile(rf"'[^'\n]{{{QUOTE_LIMIT},}}'|\"[^\"\n]{{{QUOTE_LIMIT},}}\"")


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the cut marked by ``...``."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip_quotes(message: str) -> str:
    """``message`` with every quoted text longer than :data:`QUOTE_LIMIT` characters cut
    short, and the whole capped at five times that."""

    def cut(match: re.Match[str]) -> str:
        quoted = match.group()
        return quoted[: QUOTE_LIMIT - 4] + "..." + quoted[-1]

    return clip(_LONG_QUOTE.sub(cut, message), 5 * QUOTE_LIMIT)


_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def member(path: str, key: str) -> str:
    """The path of ``key`` in the object at ``path``: ``$.players``, or ``$["odd key"]``; a
    key longer than :data:`QUOTE_LIMIT` characters is cut short."""
    expect(path, str, "path")
    expect(key, str, "key")
    key = clip(key)
    if _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def _fail(reason: str, path: str = "$") -> FormatError:
    return FormatError(path, reason)


def need_object(value: object) -> dict[str, Any]:
    """``value`` as a JSON object, or :class:`FormatError` at ``$``."""
    if not isinstance(value, dict):
        raise _fail(f"expected an object, got {describe(value)}")
    return cast("dict[str, Any]", value)


def need_array(value: object, length: int | None = None) -> list[Any]:
    """``value`` as a JSON array (of ``length`` items if given), or :class:`FormatError`."""
    if length is not None and type(length) is not int:  # checked cheaply: readers call this
        expect(length, (int, None), "length")
    if not isinstance(value, list | tuple):
        raise _fail(f"expected an array, got {describe(value)}")
    if length is not None and len(value) != length:
        raise _fail(f"expected an array of {length} item(s), got {len(value)}")
    return list(value)


def need_int(value: object, minimum: int | None = None) -> int:
    """``value`` as an integer (never a boolean or a float), at least ``minimum``."""
    if minimum is not None and type(minimum) is not int:  # checked cheaply: readers call this
        expect(minimum, (int, None), "minimum")
    if type(value) is not int:
        raise _fail(f"expected an integer, got {describe(value)}")
    if minimum is not None and value < minimum:
        raise _fail(f"expected an integer of at least {minimum}, got {value}")
    return value


def check_keys(
    obj: Mapping[str, object], required: Iterable[str], optional: Iterable[str] = ()
) -> None:
    """Reject missing required keys and unknown keys of a JSON object."""
    if type(obj) is not dict or type(required) is not tuple or type(optional) is not tuple:
        expect(obj, Mapping, "obj", "a mapping")  # checked cheaply first: readers call this
        expect(required, Iterable, "required", "an iterable of keys")
        expect(optional, Iterable, "optional", "an iterable of keys")
    required = tuple(required)
    known = (*required, *optional)
    problems = [(f"$.{key}", "missing required field") for key in required if key not in obj]
    problems += [
        (member("$", key), f"unknown field (expected: {', '.join(known)})")
        for key in obj
        if key not in known
    ]
    if problems:
        raise FormatError.of(problems)


# --- strict scalars, enums, squares and sequences -------------------------------------------


def _structure_int(value: object, _: object) -> int:
    return need_int(value)


def _structure_str(value: object, _: object) -> str:
    if not isinstance(value, str):
        raise _fail(f"expected a string, got {describe(value)}")
    return value


def _structure_bool(value: object, _: object) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"expected true or false, got {describe(value)}")
    return value


_ENUM_NOUNS: dict[type, str] = {Color: "colour", Monument: "monument"}


@functools.cache
def _enum_values(cls: type[Enum]) -> dict[object, Enum]:
    return {member.value: member for member in cls}


def _structure_enum(value: object, cls: type[Enum]) -> Enum:
    if isinstance(value, str | int) and not isinstance(value, bool):
        member = _enum_values(cls).get(value)
        if member is not None and type(member.value) is type(value):
            return member
    noun = _ENUM_NOUNS.get(cls, cls.__name__)
    choices = ", ".join(str(m.value) for m in cls)
    raise _fail(f"expected a {noun} ({choices}), got {describe(value)}")


def structure_square(value: object, _: object = None) -> str:
    """``value`` as a square name ``a1``..``p11``, or :class:`FormatError`."""
    if not is_square_name(value):
        raise _fail(f"expected a square a1..p11, got {describe(value)}")
    return cast("str", value)


def _structure_optional_square(value: object, _: object = None) -> str | None:
    return None if value is None else structure_square(value)


def _structure_squares(value: object, _: object = None) -> tuple[str, ...]:
    items = need_array(value)
    out = []
    for i, item in enumerate(items):
        try:
            out.append(structure_square(item))
        except FormatError as exc:
            raise exc.under(f"$[{i}]") from None
    return tuple(out)


def _square_field_hook(cls: type, name: str) -> Callable[[Any, Any], Any]:
    field = attrs.fields_dict(cast("type[attrs.AttrsInstance]", cls))[name]
    attrs.resolve_types(cast("type[attrs.AttrsInstance]", cls))
    kind = field.type
    if kind is str:
        return structure_square
    if get_origin(kind) is tuple:
        return _structure_squares
    return _structure_optional_square


def _is_sequence(t: Any) -> bool:
    return get_origin(t) in (tuple, frozenset, set) or t in (tuple, frozenset)


def _sequence_factory(t: Any) -> Callable[[Any, Any], Any]:
    origin = get_origin(t) or t
    args = get_args(t)
    if origin is tuple and args and args[-1] is not Ellipsis:
        hooks = [converter.get_structure_hook(a) for a in args]

        def fixed(value: object, _: object) -> tuple[Any, ...]:
            items = need_array(value, len(hooks))
            return tuple(_items(items, hooks, args))

        return fixed
    item_type = args[0] if args else Any
    hook = converter.get_structure_hook(item_type)

    def homogeneous(value: object, _: object) -> Any:
        items = need_array(value)
        built = _items(items, [hook] * len(items), [item_type] * len(items))
        return tuple(built) if origin is tuple else frozenset(built)

    return homogeneous


def _items(
    items: list[Any], hooks: list[Callable[[Any, Any], Any]], types_: Iterable[Any]
) -> list[Any]:
    out: list[Any] = []
    problems: list[tuple[str, str]] = []
    for i, (item, hook, kind) in enumerate(zip(items, hooks, types_, strict=False)):
        try:
            out.append(hook(item, kind))
        except Exception as exc:  # every failure becomes a path-naming problem
            problems += problems_of(exc, f"$[{i}]")
            if len(problems) >= MAX_PROBLEMS:
                break
    if problems:
        raise FormatError.of(problems)
    return out


def _article(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


# --- tagged unions --------------------------------------------------------------------------


def _union_members(t: Any) -> tuple[Any, ...] | None:
    if get_origin(t) in (Union, types.UnionType):
        return get_args(t)
    return None


_OPEN_BASES: Final[dict[type, str]] = {
    _actions.VariantAction: "action",
    _decisions.VariantDecision: "decision",
    _events.VariantEvent: "event",
}
"""The base classes of what variants define: a union holding one of them reads the tagged
classes of every installed variant that derive from it."""


def register_variant_classes() -> None:
    """Give the inputs, decisions and events of every installed variant (the entry points of
    ``tigris_rules.variants``) their tags (:func:`register_variant`). Called by every public
    reader and writer, so a plug-in found on the import path is readable at once; it costs
    one look-up once the installed variants are registered."""
    names = plugin_names(VARIANT_GROUP)
    if names in _REGISTERED_VARIANTS:
        return
    for name in names:
        register_variant(plugin(VARIANT_GROUP, name))
    _REGISTERED_VARIANTS.add(names)


def register_variant(variant: type) -> None:
    """Give the inputs, decisions and events of the variant class ``variant`` (a
    :class:`~tigris_rules.rules.hooks.Variant` subclass) their tags: the class name in snake
    case (``PlaceBuilding`` is ``"place_building"``); fields named ``square``, ``squares``,
    ``origin`` or ending in ``_square`` hold square names, and an event's seats and counts are
    checked as the base game's. Classes already tagged are left as they are; a tag taken by
    another class raises :class:`~tigris_rules.ConfigError` naming the variant."""
    expect(variant, type, "variant", "a variant class")
    name = getattr(variant, "name", variant.__name__)
    for family, attribute in (("action", "inputs"), ("decision", "decisions"), ("event", "events")):
        for cls in getattr(variant, attribute, ()):
            if cls in _BY_CLASS:
                continue
            try:
                register_tagged(
                    _snake_case(cls.__name__),
                    cls,
                    family=family,
                    squares=_square_fields(cls),
                    structure_fields=_variant_field_hooks(cls, family),
                )
            except (ValueError, TypeError) as exc:  # a clash of tags, or no attrs class
                raise ConfigError(
                    f"the variant {name!r} cannot be read or written: {exc}"
                ) from None


_REGISTERED_VARIANTS: set[tuple[str, ...]] = set()


def installed_variant_tags() -> dict[str, type]:
    """The tag of every input, decision and event class of the installed variants: what a
    union holding a variant base class reads (a class tagged for a variant that is not
    installed, or no longer, is not read)."""
    register_variant_classes()
    return dict(_variant_tags(plugin_names(VARIANT_GROUP)))


@functools.cache
def _variant_tags(names: tuple[str, ...]) -> dict[str, type]:
    found: dict[str, type] = {}
    for name in names:
        variant = plugin(VARIANT_GROUP, name)
        for cls in (*variant.inputs, *variant.decisions, *variant.events):
            found[_BY_CLASS[cls].tag] = cls
    return found


def _variant_field_hooks(cls: type, family: str) -> dict[str, Callable[[Any, Any], Any]]:
    """The checks of a variant class's fields named as the base game's: an event's seats
    and counts (:data:`EVENT_FIELD_HOOKS`), an input's tile counts (CONV-19)."""
    if family == "event":
        return event_field_hooks(cls)
    if family == "action":
        fields = attrs.fields(cast("type[attrs.AttrsInstance]", cls))
        return {f.name: _structure_count for f in fields if f.name in _COUNTS}
    return {}


def _snake_case(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _square_fields(cls: type) -> tuple[str, ...]:
    names = [f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", cls))]
    return tuple(n for n in names if n in ("square", "squares", "origin") or n.endswith("_square"))


def _is_tagged_union(t: Any) -> bool:
    members = _union_members(t)
    if not members:
        return False
    tagged = [m for m in members if m is not _NONE_TYPE]
    return bool(tagged) and all(m in _BY_CLASS or m in _OPEN_BASES for m in tagged)


def _tagged_union_factory(t: Any) -> Callable[[Any, Any], Any]:
    members = _union_members(t) or ()
    optional = _NONE_TYPE in members
    closed = {_BY_CLASS[m].tag: m for m in members if m in _BY_CLASS}
    bases = tuple(m for m in members if m in _OPEN_BASES)
    families = sorted(
        {_BY_CLASS[m].family for m in closed.values()} | {_OPEN_BASES[b] for b in bases}
    )
    noun = " or ".join(families)
    a_noun = _article(noun)

    def allowed_tags() -> dict[str, Any]:
        if not bases:
            return closed
        found = {t: c for t, c in installed_variant_tags().items() if issubclass(c, bases)}
        return {**closed, **found}

    def structure_union(value: object, _: object) -> Any:
        if value is None and optional:
            return None
        obj = need_object(value)
        if TAG_KEY not in obj:
            raise _fail(
                f'missing field (the {noun} type, such as "{next(iter(closed))}")', "$.type"
            )
        tag = obj[TAG_KEY]
        if not isinstance(tag, str):
            raise _fail(f"expected {a_noun} type (a string), got {describe(tag)}", "$.type")
        cls = closed.get(tag)
        allowed = closed
        if cls is None and bases:
            allowed = allowed_tags()
            cls = allowed.get(tag)
        if cls is None:
            known = _BY_TAG.get(tag)
            if known is not None and known.family not in families:
                reason = f"{describe(tag)} is {_article(known.family)}, not {a_noun}"
            elif known is not None:  # e.g. a board-game action in a card-game log
                reason = f"{describe(tag)} is not {a_noun} of this kind; expected one of: " + (
                    ", ".join(sorted(allowed))
                )
            else:
                reason = f"unknown {noun} type {describe(tag)}; expected one of: " + ", ".join(
                    sorted(allowed)
                )
            raise _fail(reason, "$.type")
        return converter.get_structure_hook(cls)(obj, cls)

    return structure_union


def quick_reader(
    union: Any, *, besides: str, build: Callable[[int, Any], T]
) -> Callable[[object], T | None]:
    """A fast reader for the plain objects of the tagged ``union`` found in bulk (the
    entries of a log): a JSON object whose keys are exactly ``"type"``, ``besides`` and the
    fields of the tagged class, each a colour, monument, square or integer as written by
    :func:`unstructure`, and ``besides`` a non-negative integer (a log entry's ``"player"``).
    It returns ``build(besides, value)``, where ``value`` is what :func:`structure` would give,
    or ``None`` for anything else, which the caller then reads in full (for its value or its
    exact error).

    Results are immutable and kept by their exact JSON values (up to a bound), so that an
    entry seen before is not built again."""
    expect(besides, str, "besides")
    expect(build, CALLABLE, "build", "a callable")
    plans: dict[str, tuple[type, tuple[tuple[str, Any], ...]]] = {}
    members = _union_members(union) or ()
    bases = tuple(m for m in members if m in _OPEN_BASES)
    for cls in members:
        if cls in _BY_CLASS and (plan := _quick_plan(cls)) is not None:
            plans[_BY_CLASS[cls].tag] = (cls, plan)
    size = {tag: len(plan) + 2 for tag, (_, plan) in plans.items()}
    built: dict[tuple[object, ...], T] = {}
    planned: set[str] = set(plans)

    def learn(tag: str) -> int | None:
        """The size of the object of a variant's class tagged ``tag``, planned on first
        sight (the variants are found when first read)."""
        planned.add(tag)
        cls = installed_variant_tags().get(tag)
        if cls is None or not issubclass(cls, bases):
            return None
        plan = _quick_plan(cls)
        if plan is None:
            return None
        plans[tag] = (cls, plan)
        size[tag] = len(plan) + 2
        return size[tag]

    def read(value: object) -> T | None:
        if type(value) is not dict:
            return None
        tag = value.get(TAG_KEY)
        if type(tag) is not str:
            return None
        expected = size.get(tag)
        if expected is None and bases and tag not in planned and len(planned) < QUICK_KEPT:
            expected = learn(tag)
        if len(value) != expected:
            return None
        seat = value.get(besides)
        if type(seat) is not int or seat < 0:
            return None
        cls, plan = plans[tag]
        key: list[object] = [seat, tag]
        for name, table in plan:
            item = value.get(name, _QUICK_MISSING)
            if table is int or table is _QUICK_COUNT:
                if type(item) is not int or (table is _QUICK_COUNT and item < 0):
                    return None
            elif type(item) is not str or item not in table:
                return None
            key.append(item)
        # Exact types only (True is not 1 here), so equal keys are equal entries.
        known = tuple(key)
        result = built.get(known)
        if result is None:
            args = [
                item if table is int or table is _QUICK_COUNT else table[item]
                for (_, table), item in zip(plan, key[2:], strict=True)
            ]
            result = build(seat, cls(*args))
            if len(built) < QUICK_KEPT:
                built[known] = result
        return result

    return read


QUICK_KEPT: Final = 8192
"""How many entries a quick reader keeps for reuse (every placement of every colour on every
square by four seats fits)."""
_QUICK_MISSING: Final = object()
_QUICK_COUNT: Final = object()
"""The plan entry of a non-negative integer field."""


def _quick_plan(cls: type) -> tuple[tuple[str, Any], ...] | None:
    """Each field of ``cls`` with the table reading it (``int`` for an integer,
    :data:`_QUICK_COUNT` for a count), or ``None``
    when a field needs the full reader."""
    kinds = cast("type[attrs.AttrsInstance]", cls)
    attrs.resolve_types(kinds)
    hooks = _FIELD_STRUCTURE.get(cls, {})
    plan: list[tuple[str, Any]] = []
    for field in attrs.fields(kinds):
        hook = hooks.get(field.name)
        if hook is structure_square:
            plan.append((field.name, _SQUARE_TABLE))
        elif hook is _structure_count:
            plan.append((field.name, _QUICK_COUNT))
        elif hook is not None:
            return None
        elif field.type is int:
            plan.append((field.name, int))
        elif field.type in (Color, Monument):
            plan.append((field.name, _enum_values(field.type)))
        else:
            return None
    return tuple(plan)


_SQUARE_TABLE: Final = {square_name(s): square_name(s) for s in range(SQUARE_COUNT)}


# --- attrs classes --------------------------------------------------------------------------


def _attrs_structure_factory(cls: Any) -> Callable[[Any, Any], Any]:
    overrides: dict[str, Any] = {
        name: override(struct_hook=hook) for name, hook in _FIELD_STRUCTURE.get(cls, {}).items()
    }
    inner = make_dict_structure_fn(cls, converter, **overrides)
    entry = _BY_CLASS.get(cls)
    if entry is None:

        def structure_plain(value: object, _: object) -> Any:
            return inner(need_object(value), cls)

        return structure_plain
    tag = entry.tag

    def structure_tagged(value: object, _: object) -> Any:
        obj = need_object(value)
        if TAG_KEY not in obj:
            raise _fail(f'missing field (expected "{tag}")', "$.type")
        if obj[TAG_KEY] != tag:
            raise _fail(f'expected "{tag}", got {describe(obj[TAG_KEY])}', "$.type")
        return inner({k: v for k, v in obj.items() if k != TAG_KEY}, cls)

    return structure_tagged


def _attrs_unstructure_factory(cls: Any) -> Callable[[Any], Any]:
    overrides: dict[str, Any] = {
        name: override(unstruct_hook=hook) for name, hook in _FIELD_UNSTRUCTURE.get(cls, {}).items()
    }
    inner = make_dict_unstructure_fn(cls, converter, **overrides)
    entry = _BY_CLASS.get(cls)
    if entry is None:
        return inner
    tag = entry.tag

    def unstructure_tagged(obj: Any) -> dict[str, Any]:
        return {TAG_KEY: tag, **inner(obj)}

    return unstructure_tagged


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(bool, _structure_bool)
converter.register_structure_hook(Enum, _structure_enum)
converter.register_structure_hook_factory(_is_sequence, _sequence_factory)
converter.register_structure_hook_factory(attrs.has, _attrs_structure_factory)
converter.register_structure_hook_factory(_is_tagged_union, _tagged_union_factory)
converter.register_unstructure_hook(frozenset, lambda s: sorted(s))


# --- errors ---------------------------------------------------------------------------------


def _join(path: str, sub: str) -> str:
    """``sub`` (a path starting with ``$``) appended to ``path``."""
    return path + sub[1:]


def problems_of(exc: BaseException, path: str = "$") -> list[tuple[str, str]]:
    """Every (JSON path, reason) pair an exception raised while structuring stands for."""
    expect(exc, BaseException, "exc", "an exception")
    expect(path, str, "path")
    if isinstance(exc, FormatError):
        return [(_join(path, p), reason) for p, reason in exc.problems]
    if isinstance(exc, ClassValidationError):
        out: list[tuple[str, str]] = []
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            if isinstance(sub, KeyError) and not isinstance(sub, TigrisError):
                out.append((f"{path}.{note.name}", "missing required field"))
            else:
                out += problems_of(sub, f"{path}.{note.name}")
        for sub in without:
            out += problems_of(sub, path)
        return out
    if isinstance(exc, IterableValidationError):
        out = []
        with_notes_i, without_i = exc.group_exceptions()
        for sub, inote in with_notes_i:
            out += problems_of(sub, f"{path}[{inote.index!r}]")
        for sub in without_i:
            out += problems_of(sub, path)
        return out
    if isinstance(exc, ForbiddenExtraKeysError):
        known = ", ".join(f.name for f in attrs.fields(exc.cl)) if attrs.has(exc.cl) else ""
        expected = f" (expected: {known})" if known else " (the object has no fields)"
        return [(member(path, key), f"unknown field{expected}") for key in sorted(exc.extra_fields)]
    if isinstance(exc, TigrisError):
        return [(path, clip_quotes(str(exc)))]
    if isinstance(exc, StructureHandlerNotFoundError):
        return [(path, f"cannot read a value of this type ({exc})")]
    if isinstance(exc, RecursionError):
        return [(path, "the value is nested too deeply")]
    return [(path, clip_quotes(f"invalid value ({type(exc).__name__}: {exc})"))]


# --- public functions -----------------------------------------------------------------------


def unstructure(obj: object) -> Any:
    """``obj`` as plain JSON data (dicts, lists, strings, numbers, booleans, ``None``)."""
    register_variant_classes()
    return converter.unstructure(obj)


@overload
def structure(data: object, kind: type[T]) -> T: ...


@overload
def structure(data: object, kind: object) -> Any: ...


def structure(data: object, kind: Any) -> Any:
    """Build a value of ``kind`` (a class, or a union such as
    :data:`~tigris_rules.Action`) from plain JSON data; :class:`FormatError` naming the path
    of every bad field otherwise, :class:`~tigris_rules.ArgumentTypeError` for a ``kind``
    the library cannot read."""
    register_variant_classes()
    try:
        if not isinstance(kind, type) and get_origin(kind) is None:
            raise TypeError(kind)
        hook = converter.get_structure_hook(kind)
    except Exception:  # cattrs raises what it likes for a kind that is not a type
        raise ArgumentTypeError.expected(
            "kind", "a class or a union this library reads", kind
        ) from None
    try:
        return hook(data, kind)
    except Exception as exc:  # every failure becomes a path-naming FormatError
        raise FormatError.of(problems_of(exc)[:MAX_PROBLEMS]) from None


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed in JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {json.dumps(key)}")
            seen.add(key)
    return obj


def format_size(count: int) -> str:
    """A size in bytes for messages: ``"51.0 MB"`` or ``"812 bytes"``."""
    expect(count, int, "count")
    return f"{count / MEGABYTE:.1f} MB" if count >= MEGABYTE // 10 else f"{count} bytes"


def _size_error(exc: TooLarge, max_bytes: int) -> FormatError:
    size = format_size(exc.size) if exc.exact else f"more than {format_size(max_bytes)}"
    return _fail(
        f"the input is {size}, larger than the limit of {format_size(max_bytes)}; raise the limit"
    )


def _text(text: str | bytes, max_bytes: int | None) -> str:
    """``text`` within ``max_bytes`` (UTF-8 bytes), as a ``str``."""
    expect(text, (str, bytes, bytearray), "text")
    expect(max_bytes, (int, None), "max_bytes")
    if max_bytes is not None:
        try:
            utf8_size(text, max_bytes)
        except TooLarge as exc:
            raise _size_error(exc, max_bytes) from None
    if isinstance(text, str):
        return text
    try:
        return decode_utf8(text)
    except UnicodeDecodeError as exc:
        raise _fail(f"not UTF-8 text (byte {exc.start}): not a JSON document") from None


def _parse(text: str, parse: Callable[[str], Any]) -> Any:
    try:
        return parse(text)
    except json.JSONDecodeError as exc:
        hint = ""
        if exc.pos >= len(text.rstrip()):
            hint = "; the text ends too early (truncated?)"
        raise _fail(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}{hint}"
        ) from None
    except RecursionError:
        raise _fail("not valid JSON: nested too deeply") from None
    except ValueError as exc:
        raise _fail(f"not valid JSON: {exc}") from None


_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=_no_duplicates, parse_constant=_reject_constant
)


def parse_json(text: str | bytes, *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> Any:
    """Parse JSON text strictly: duplicate keys, ``NaN`` and ``Infinity``, bytes that are
    not UTF-8 and input larger than ``max_bytes`` (``None``: no limit) raise
    :class:`FormatError`. The size of a ``str`` is that of its UTF-8 encoding."""
    return _parse(_text(text, max_bytes), _DECODER.decode)


EAGER_CHARACTERS: Final = 1 << 20
"""The longest document :func:`scan_json` decodes whole, without leaving an array lazy."""


def scan_json(
    text: str | bytes, lazy: str, *, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> tuple[Any, str]:
    """:func:`parse_json`, except that the member ``lazy`` of a top-level object, when it is
    an array, is left undecoded as a :class:`~tigris_rules.json_reading.LazyArray` (its items
    are checked all the same); also returns the text, for :func:`lazy_items`. A document of
    at most :data:`EAGER_CHARACTERS` characters is decoded whole, which is faster and keeps
    a few megabytes at most."""
    decoded = _text(text, max_bytes)
    if len(decoded) <= EAGER_CHARACTERS:
        return _parse(decoded, _DECODER.decode), decoded

    def scan(whole: str) -> Any:
        return scan_object(whole, lazy, _DECODER.raw_decode, _no_duplicates)

    return _parse(decoded, scan), decoded


def lazy_items(text: str, array: LazyArray) -> Iterator[Any]:
    """The items of an array :func:`scan_json` left undecoded, one at a time."""
    return array_items(text, array, _DECODER.raw_decode)


def dumps(obj: object, *, indent: int | None = None) -> str:
    """``obj`` as JSON text: compact on one line, or laid out with ``indent`` spaces where
    short arrays and objects stay on one line (a log then shows one action per line).
    A value that has no JSON form raises :class:`~tigris_rules.ArgumentTypeError`."""
    expect(indent, (int, None), "indent")
    try:
        data = unstructure(obj)
        if indent is None:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return _layout(data, indent, 0)
    except (TypeError, ValueError, RecursionError):  # an object JSON cannot hold, or a cycle
        raise ArgumentTypeError.expected(
            "obj", "a value of this library or JSON data", obj
        ) from None


@overload
def loads(
    text: str | bytes, kind: type[T], *, max_bytes: int | None = ..., check: bool = ...
) -> T: ...


@overload
def loads(
    text: str | bytes, kind: object, *, max_bytes: int | None = ..., check: bool = ...
) -> Any: ...


def loads(
    text: str | bytes,
    kind: Any,
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    check: bool = True,
) -> Any:
    """Read a value of ``kind`` (a class such as :class:`~tigris_rules.GameState`,
    :class:`~tigris_rules.GameConfig`, :class:`~tigris_rules.GameLog`, or a union such as
    :data:`~tigris_rules.Action`) from JSON text. Bad input raises :class:`FormatError`
    naming the JSON path of the bad field.

    A state (:class:`~tigris_rules.GameState`, :class:`~tigris_rules.CardGameState`) must
    also be a position the rules can reach: :func:`~tigris_rules.check_state` finds no
    problem in it, or :class:`FormatError` lists every problem with its path and rule ID.
    ``check=False`` skips that check, for positions built by hand in tests (a short bag, a
    small hand); the public functions may then fail on them in any way."""
    expect(check, bool, "check")
    value = structure(parse_json(text, max_bytes=max_bytes), kind)
    if check and isinstance(value, GameState | CardGameState):
        problems = check_state(value)
        if problems:
            raise FormatError.of(
                [(p.path, f"{p.message} ({p.rule})" if p.rule else p.message) for p in problems]
            )
    return value


_WIDTH = 110


def _layout(value: Any, indent: int, level: int) -> str:
    compact = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    pad = " " * (indent * (level + 1))
    if len(compact) + indent * level <= _WIDTH or not isinstance(value, dict | list) or not value:
        return compact
    close = " " * (indent * level)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_layout(v, indent, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + close + "}"
    if all(not isinstance(v, dict | list) for v in value):
        lines: list[str] = []
        line = ""
        for v in value:
            text = json.dumps(v, ensure_ascii=False)
            if line and len(pad) + len(line) + len(text) + 2 > _WIDTH:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {text}" if line else text
        lines.append(line)
        return "[\n" + "\n".join(pad + ln for ln in lines) + "\n" + close + "]"
    body = ",\n".join(pad + _layout(v, indent, level + 1) for v in value)
    return "[\n" + body + "\n" + close + "]"


# --- the game configuration -----------------------------------------------------------------

_CONFIG_FIELDS: Final = tuple(f.name for f in attrs.fields(GameConfig))


def _unstructure_config(config: GameConfig) -> dict[str, Any]:
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


def _structure_config(data: object) -> GameConfig:
    obj = need_object(data)
    check_keys(obj, (), _CONFIG_TYPES)
    values: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for name, kind in _CONFIG_TYPES.items():
        if name in obj:
            try:
                values[name] = structure(obj[name], kind)
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
        raise _fail(message, f"$.{field}" if field else "$") from None


# --- the game state -------------------------------------------------------------------------

_CELL_NAMES: Final[dict[int, str]] = {
    **{c.index: c.value for c in COLORS},
    FLIPPED: "flipped",
    STRUCTURE: "structure",
    CATASTROPHE: "catastrophe",
    LEADER: "leader",
}
_CELL_CODES: Final = {name: code for code, name in _CELL_NAMES.items()}


@functools.cache
def cell_names(config: GameConfig) -> dict[int, str]:
    """The JSON name of each cell code in a game of ``config``: the squares of a variant's
    structure take the variant's ``cell_name`` (``"ziggurat"``), else ``"structure"``."""
    names = dict(_CELL_NAMES)
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


def areas_to_json(config: GameConfig, areas: tuple[object, ...]) -> dict[str, Any]:
    """The variants' areas as one JSON object, by variant name (variants keeping no data
    are left out)."""
    variants = ruleset_for(config).variants
    return {
        variant.name: variant.area_to_json(area)
        for variant, area in zip(variants, areas, strict=False)
        if area is not None
    }


def areas_from_json(config: GameConfig, value: object) -> tuple[object, ...]:
    """The variants' areas read from :func:`areas_to_json`'s object: one per variant of
    ``config``, its opening value when the object leaves it out."""
    return _by_variant(
        config,
        value,
        lambda variant, data: variant.area_from_json(data, config),
        lambda variant: variant.new_area(config),
    )


def _by_variant(
    config: GameConfig,
    value: object,
    read: Callable[[Any, Any], object],
    missing: Callable[[Any], object],
) -> tuple[object, ...]:
    """One value per variant of ``config``, read by ``read(variant, data)`` from the member
    of the object ``value`` named after the variant, or ``missing(variant)`` without one;
    a member that names no variant of the configuration is refused."""
    obj = need_object(value)
    variants = ruleset_for(config).variants
    names = [v.name for v in variants]
    for key in obj:
        if key not in names:
            known = ", ".join(names) or "none: the configuration plays no variant"
            raise _fail(
                f"no variant of the configuration is named so (variants: {known})",
                member("$", key),
            )
    values: list[object] = []
    for variant in variants:
        if variant.name not in obj:
            values.append(missing(variant))
            continue
        try:
            values.append(read(variant, obj[variant.name]))
        except Exception as exc:  # a variant's reader fails as it likes: name the path
            raise FormatError.of(problems_of(exc, member("$", variant.name))) from None
    return tuple(values)


def view_areas_to_json(config: GameConfig, seen: tuple[object, ...]) -> dict[str, Any]:
    """The variants' parts of a player view as one JSON object, by variant name (as
    :func:`areas_to_json` for a state)."""
    variants = ruleset_for(config).variants
    return {
        variant.name: variant.view_area_to_json(part)
        for variant, part in zip(variants, seen, strict=False)
        if part is not None
    }


def view_areas_from_json(config: GameConfig, value: object) -> tuple[object, ...]:
    """The variants' parts of a player view read from :func:`view_areas_to_json`'s object;
    each variant's part is required, unless the variant keeps no data."""

    def missing(variant: Any) -> None:
        if variant.new_area(config) is not None:
            raise _fail("missing required field", member("$", variant.name))

    return _by_variant(
        config, value, lambda variant, data: variant.view_area_from_json(data, config), missing
    )


def _unstructure_state(state: GameState) -> dict[str, Any]:
    n = state.config.players
    names = cell_names(state.config)
    return {
        "config": _unstructure_config(state.config),
        "cells": {
            square_name(s): names[code] for s, code in enumerate(state.cells) if code != EMPTY
        },
        "leaders": [
            _per_color(_name_or_none(s) for s in state.leaders[4 * p : 4 * p + 4]) for p in range(n)
        ],
        "treasures": [square_name(s) for s in sorted(state.treasures)],
        "monuments": {
            m.value: _name_or_none(s) for m, s in zip(MONUMENTS, state.monuments, strict=True)
        },
        "hands": [_per_color(hand) for hand in state.hands],
        "bag": [COLORS[c].value for c in state.bag],
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


_STATE_REQUIRED, _STATE_OPTIONAL = json_keys(STATE_FIELDS)


def at(path: str, read: Callable[[Any], T], value: object) -> T:
    """``read(value)``; a :class:`FormatError` it raises is moved under ``path`` (the path of
    ``value`` in the object being read)."""
    if type(path) is not str:  # checked cheaply: readers call this for every field
        expect(path, str, "path")
    try:
        return read(value)
    except FormatError as exc:
        raise exc.under(path) from None
    except TypeError:  # whether ``read`` is a function is checked only when it fails
        expect(read, CALLABLE, "read", "a callable")
        raise


def _square_number(value: object) -> int:
    """A square name, or ``null`` for "not on the board", as a square number."""
    return NO_SQUARE if value is None else square_index(structure_square(value))


def _color_map(value: object, read: Callable[[object], T]) -> tuple[T, T, T, T]:
    obj = need_object(value)
    check_keys(obj, _COLOR_NAMES)
    out = [at(f"$.{name}", read, obj[name]) for name in _COLOR_NAMES]
    return (out[0], out[1], out[2], out[3])


def _count(value: object) -> int:
    return need_int(value, 0)


def _per_player(value: object, players: int, read: Callable[[object], T]) -> tuple[T, ...]:
    items = need_array(value, players)
    return tuple(at(f"$[{i}]", read, item) for i, item in enumerate(items))


def _structure_cells(value: object, config: GameConfig) -> tuple[int, ...]:
    obj = need_object(value)
    codes = _cell_codes(config)
    cells = [EMPTY] * SQUARE_COUNT
    for name, content in obj.items():
        if not is_square_name(name):
            raise _fail(f"expected a square a1..p11 as key, got {describe(name)}", "$")
        if content not in codes:
            choices = ", ".join(codes)
            raise _fail(f"expected one of {choices}, got {describe(content)}", f"$.{name}")
        cells[square_index(name)] = codes[cast("str", content)]
    return tuple(cells)


def _structure_state(data: object) -> GameState:
    obj = need_object(data)
    installed = plugin_names(VARIANT_GROUP)
    legacy = [k for k in obj if k in installed and k not in _STATE_REQUIRED + _STATE_OPTIONAL]
    check_keys(obj, _STATE_REQUIRED, (*_STATE_OPTIONAL, *legacy))
    config = at("$.config", _structure_config, obj["config"])
    n = config.players
    if legacy:
        obj = _legacy_areas(obj, legacy, config)

    def req(name: str, read: Callable[[Any], T]) -> T:
        return at(f"$.{name}", read, obj[name])

    def field(name: str, read: Callable[[Any], T], default: T) -> T:
        return at(f"$.{name}", read, obj[name]) if name in obj else default

    def leader_rows(value: object) -> tuple[tuple[int, int, int, int], ...]:
        return _per_player(value, n, _leader_row)

    def counts(value: object) -> tuple[int, ...]:
        return _per_player(value, n, _count)

    def color_counts(value: object) -> tuple[int, int, int, int]:
        return _color_map(value, _count)

    def per_player_color_counts(value: object) -> tuple[tuple[int, int, int, int], ...]:
        return _per_player(value, n, color_counts)

    def bag_colors(value: object) -> tuple[int, ...]:
        items = need_array(value)
        try:
            return tuple(_COLOR_INDEX[item] for item in items)
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
        active=field("active", _seat(n), 0),
        turn=field("turn", _count, 0),
        actions_taken=field("actions_taken", _count, 0),
        short_draw=field("short_draw", flag, False),
        marker=field("marker", _square_number, NO_SQUARE),
        placed=field("placed", _square_number, NO_SQUARE),
        pending=field("pending", decision, None),
        over=field("over", flag, False),
    )


def _legacy_areas(obj: dict[str, Any], legacy: list[str], config: GameConfig) -> dict[str, Any]:
    """A state written before the variants kept their data under ``areas`` holds it at the
    top level, under each installed variant's name (with the variant's opening value when
    the configuration does not play it): read it as the areas it stands for."""
    areas = dict(need_object(obj["areas"])) if "areas" in obj else {}
    for name in legacy:
        path = member("$", name)
        if name in config.variants:
            if name in areas:
                raise _fail("given twice: here and under areas", path)
            areas[name] = obj[name]
            continue
        unplayed = plugin(VARIANT_GROUP, name)()
        opening = unplayed.area_to_json(unplayed.new_area(config))
        if obj[name] != opening:
            raise _fail(f"the configuration plays no {name} variant", path)
    rest = {k: v for k, v in obj.items() if k not in legacy}
    rest["areas"] = areas
    return rest


def _seat(players: int) -> Callable[[object], int]:
    def read(value: object) -> int:
        seat = need_int(value, 0)
        if seat >= players:
            raise _fail(f"expected a seat 0..{players - 1}, got {seat}")
        return seat

    return read


def _leader_row(value: object) -> tuple[int, int, int, int]:
    return _color_map(value, _square_number)


def _monument_map(value: object) -> tuple[int, ...]:
    obj = need_object(value)
    names = [m.value for m in MONUMENTS]
    check_keys(obj, names)
    return tuple(at(f"$.{name}", _square_number, obj[name]) for name in names)


register_hooks(GameConfig, _unstructure_config, _structure_config)
register_hooks(GameState, _unstructure_state, _structure_state)


# --- the tags of the board game -------------------------------------------------------------
# These strings are part of the log format: never change one (docs/log-format.md).


def _pair(value: object) -> list[Any]:
    return need_array(value, 2)


def _monument(value: object) -> Monument:
    return cast("Monument", _structure_enum(value, Monument))


def _structure_monument_offers(value: object, _: object) -> tuple[tuple[Monument, str], ...]:
    items = need_array(value)
    out = []
    for i, item in enumerate(items):
        pair = at(f"$[{i}]", _pair, item)
        monument = at(f"$[{i}][0]", _monument, pair[0])
        block = at(f"$[{i}][1]", structure_square, pair[1])
        out.append((monument, block))
    return tuple(out)


ACTION_TAGS: Final[dict[str, tuple[type, tuple[str, ...]]]] = {
    "place_leader": (_actions.PlaceLeader, ("square",)),
    "withdraw_leader": (_actions.WithdrawLeader, ()),
    "place_tile": (_actions.PlaceTile, ("square",)),
    "place_catastrophe": (_actions.PlaceCatastrophe, ("square",)),
    "swap_tiles": (_actions.SwapTiles, ()),
    "end_turn": (_actions.EndTurn, ()),
    "choose_conflict": (_actions.ChooseConflict, ()),
    "commit_support": (_actions.CommitSupport, ()),
    "build_monument": (_actions.BuildMonument, ("block",)),
    "decline": (_actions.Decline, ()),
    "keep_treasure": (_actions.KeepTreasure, ("square",)),
}
"""The tag of every action and answer class of the base game, and its square fields (the
variants' own are added by :func:`register_variant_classes`)."""

DECISION_TAGS: Final[dict[str, tuple[type, tuple[str, ...]]]] = {
    "war_order_decision": (_decisions.WarOrderDecision, ()),
    "commit_decision": (_decisions.CommitDecision, ()),
    "structure_decision": (_decisions.StructureDecision, ()),
    "treasure_decision": (_decisions.TreasureDecision, ("treasures", "candidates")),
}
"""The tag of every decision class, and its square fields."""

EVENT_TAGS: Final[dict[str, tuple[type, tuple[str, ...]]]] = {
    "tile_placed": (_events.TilePlaced, ("square",)),
    "leader_placed": (_events.LeaderPlaced, ("square",)),
    "leader_moved": (_events.LeaderMoved, ("origin", "square")),
    "leader_withdrawn": (_events.LeaderWithdrawn, ("square",)),
    "leader_returned": (_events.LeaderReturned, ("square",)),
    "catastrophe_placed": (_events.CatastrophePlaced, ("square",)),
    "tiles_swapped": (_events.TilesSwapped, ()),
    "tiles_drawn": (_events.TilesDrawn, ()),
    "points_scored": (_events.PointsScored, ()),
    "conflict_started": (_events.ConflictStarted, ()),
    "support_committed": (_events.SupportCommitted, ()),
    "conflict_resolved": (_events.ConflictResolved, ()),
    "tiles_removed": (_events.TilesRemoved, ("squares",)),
    "tile_left": (_events.TileLeft, ()),
    "monument_built": (_events.MonumentBuilt, ("block",)),
    "treasure_taken": (_events.TreasureTaken, ("square",)),
    "turn_ended": (_events.TurnEnded, ()),
    "game_over": (_events.GameOver, ()),
}
"""The tag of every event class, and its square fields."""


def _structure_count(value: object, _: object) -> int:
    return need_int(value, 0)


MAX_SEAT: Final = 3
"""The highest seat of any game (four players, SETUP-1)."""


def structure_seat(value: object, _: object = None) -> int:
    """``value`` as a seat of some game, 0..3, or :class:`FormatError`."""
    seat = need_int(value, 0)
    if seat > MAX_SEAT:
        raise _fail(f"expected a seat 0..{MAX_SEAT}, got {seat}")
    return seat


def _structure_optional_seat(value: object, _: object = None) -> int | None:
    return None if value is None else structure_seat(value)


_EVENT_SEATS: Final = ("player", "attacker", "defender", "winner", "loser")
_EVENT_COUNTS: Final = (
    "count",
    "amount",
    "earned",
    "paid",
    "position",
    "attacker_base",
    "defender_base",
    "attacker_total",
    "defender_total",
)
EVENT_FIELD_HOOKS: Final[dict[str, Callable[[Any, Any], Any]]] = {
    **dict.fromkeys(_EVENT_SEATS, structure_seat),
    "next_player": _structure_optional_seat,
    **dict.fromkeys(_EVENT_COUNTS, _structure_count),
}
"""The checks of the seat and count fields of events, by field name: a seat is 0..3 (an
event read alone does not know the number of players), a count is never negative."""


def event_field_hooks(cls: type) -> dict[str, Callable[[Any, Any], Any]]:
    """The hooks of :data:`EVENT_FIELD_HOOKS` that apply to the fields of the event class
    ``cls``."""
    names = {f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", cls))}
    return {name: hook for name, hook in EVENT_FIELD_HOOKS.items() if name in names}


_COUNTS: Final = {"black", "red", "blue", "green", "count"}
"""Fields of actions that hold a count of tiles: a non-negative integer (CONV-19)."""


def _structure_offers(value: object, _: object) -> tuple[_actions.VariantAction, ...]:
    """The structures a structure decision offers: answers defined by variants."""
    offers = structure(value, tuple[_actions.Action, ...])
    for index, offer in enumerate(offers):
        if not isinstance(offer, _actions.VariantAction):
            raise _fail(f"{tag_of(type(offer))} is not a variant's structure", f"$[{index}]")
    return cast("tuple[_actions.VariantAction, ...]", offers)


@functools.cache
def _score_causes(names: tuple[str, ...]) -> tuple[str, ...]:
    found = [c.value for c in _events.ScoreCause]
    for name in names:
        found += [c for c in plugin(VARIANT_GROUP, name).score_causes if c not in found]
    return tuple(found)


def _structure_cause(value: object, _: object) -> str:
    """A cause of points: one of the base game's (:class:`ScoreCause`) or of an installed
    variant's (``Variant.score_causes``)."""
    known = _score_causes(plugin_names(VARIANT_GROUP))
    if value not in known:
        raise _fail(f"expected one of {', '.join(known)}, got {describe(value)}")
    return value


_EXTRA_FIELDS: Final[dict[type, dict[str, Callable[[Any, Any], Any]]]] = {
    _decisions.StructureDecision: {
        "monuments": _structure_monument_offers,
        "structures": _structure_offers,
    },
    **{
        cls: {f.name: _structure_count for f in attrs.fields(cls) if f.name in _COUNTS}
        for cls, _ in ACTION_TAGS.values()
    },
}
_EXTRA_FIELDS.update({cls: event_field_hooks(cls) for cls, _ in EVENT_TAGS.values()})
_EXTRA_FIELDS[_events.PointsScored]["cause"] = _structure_cause
_UNSTRUCTURE_FIELDS: Final[dict[type, dict[str, Callable[[Any], Any]]]] = {
    _decisions.StructureDecision: {"structures": lambda offers: [unstructure(a) for a in offers]},
    _events.PointsScored: {"cause": str},
}
"""Fields written by their value's own class (a variant's answer) or as plain strings."""

for _family, _table in (
    ("action", ACTION_TAGS),
    ("decision", DECISION_TAGS),
    ("event", EVENT_TAGS),
):
    for _tag, (_cls, _squares) in _table.items():
        register_tagged(
            _tag,
            _cls,
            family=_family,
            squares=_squares,
            structure_fields=_EXTRA_FIELDS.get(_cls),
            unstructure_fields=_UNSTRUCTURE_FIELDS.get(_cls),
        )
register_fields(_decisions.Conflict, squares=("attacker_square", "defender_square"))
