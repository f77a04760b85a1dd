"""The library's converter: configurations, deals, actions, decisions, events and their
unions to plain JSON data and back.

One `cattrs` converter (:data:`converter`) turns every value into plain JSON data and back
(:func:`~tigris_rules.dumps` and :func:`~tigris_rules.loads` write and read the text):

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
  bad square name or colour are rejected. Every problem raises one
  :class:`~tigris_rules.errors.FormatError` whose ``path`` names the bad field, such as
  ``$.actions[12].square``.

New rulesets add their classes with :func:`register_tagged` (a tag per class) and, for a
class that needs a hand-written layout, :func:`register_hooks`: the board game's tags are in
:mod:`tigris_rules.records.tags`, the card game's in :mod:`tigris_rules.cards.codec`. A
game's states and views are read and written by its ruleset
(:class:`~tigris_rules.records.codec.GameCodec`).

Why the tag dispatch is the library's own and not cattrs' ``configure_tagged_union``
(tried per union with cattrs 26.2.1, ``tag_name="type"``, ``tag_generator=tag_of``):

- The board game's unions hold the open bases ``VariantAction``, ``VariantDecision`` and
  ``VariantEvent``, read as the classes of the variants installed, found when first read.
  The strategy fixes its table of tags when configured and needs a tag for every member
  (``tag_of(VariantAction)`` has none); ``include_subclasses`` takes every subclass defined
  at that moment, installed or not. Only the card game's closed unions would fit.
- With ``forbid_extra_keys`` the strategy removes ``"type"`` before calling the class's
  hook, so that hook would have to accept an object with no tag:
  ``loads('{"color": "red", "column": 2}', PlayColumn)`` would read instead of failing with
  ``$.type: missing field (expected "play_column")``.
- Its errors are Python's, at ``$``: ``{}`` gives ``invalid value (KeyError: 'type')``, a
  board action read as a card action ``invalid value (KeyError: 'place_tile')``, ``"x"`` an
  ``AttributeError``. Two tests fail on the card unions alone (test_serialize.py
  ``test_bad_card_json_names_the_path``, test_views_json.py
  ``test_a_malformed_card_view_names_the_bad_field``: ``$`` where ``$.type`` is expected).
  Its ``default=`` does not mend it: the default's hook gets the object without its tag, so
  cannot name it, and the table keeps every unknown tag read (a ``defaultdict``: 1,003
  entries after 1,000 bad objects), memory that untrusted input can grow at will.
"""

from __future__ import annotations

import functools
import importlib
import re
import types
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any, Final, TypeVar, Union, cast, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from tigris_rules._arguments import CALLABLE, expect
from tigris_rules.errors import ArgumentTypeError, ConfigError, FormatError
from tigris_rules.model import actions as _actions
from tigris_rules.model import decisions as _decisions
from tigris_rules.model import events as _events
from tigris_rules.model.actions import Monument
from tigris_rules.model.colors import Color
from tigris_rules.model.plugins import RULESET_GROUP, VARIANT_GROUP, plugin, plugin_names
from tigris_rules.model.squares import is_square_name
from tigris_rules.records._checks import (
    MAX_PROBLEMS,
    describe,
    fail,
    need_array,
    need_int,
    need_object,
    problems_of,
)

__all__ = [
    "EVENT_FIELD_HOOKS",
    "MAX_SEAT",
    "TAG_KEY",
    "converter",
    "field_hooks",
    "installed_variant_tags",
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

_fail = fail

TAG_KEY: Final = "type"
"""The key of the tag in the JSON object of a tagged class."""

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
    JSON Schemas are made from them, :mod:`tigris_rules.records.json_schema`)."""
    expect(cls, type, "cls", "a class")
    return dict(_FIELD_STRUCTURE.get(cls, {}))


def tagged_classes() -> dict[str, type]:
    """Every registered tag and its class."""
    return {tag: entry.cls for tag, entry in _BY_TAG.items()}


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
    ``tigris_rules.variants``) their tags (:func:`register_variant`), once every installed
    game has registered its own: a ruleset whose classes a module of its own tags names that
    module in its class attribute ``json_tags``, imported here. Called by every public reader
    and writer, so a plug-in found on the import path is readable at once; it costs one
    look-up once the installed variants are registered (a game installed later registers its
    tags when a configuration first names it)."""
    names = plugin_names(VARIANT_GROUP)
    if names in _REGISTERED_VARIANTS:
        return
    for game in plugin_names(RULESET_GROUP):
        tags = getattr(plugin(RULESET_GROUP, game), "json_tags", None)
        if isinstance(tags, str):
            importlib.import_module(tags)
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


# --- fields checked by name: seats and counts -----------------------------------------------


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
