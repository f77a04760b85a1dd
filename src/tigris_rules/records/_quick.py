"""A fast reader of the plain tagged objects found in bulk, such as the entries of a log.

A log of a million actions holds mostly a few kinds of small objects (a tile on a square, a
commitment): :func:`quick_reader` reads those without the converter's general machinery, and
leaves anything else to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import attrs

from tigris_rules._arguments import CALLABLE, expect
from tigris_rules.model.actions import Monument
from tigris_rules.model.colors import Color
from tigris_rules.model.squares import SQUARE_COUNT, square_name
from tigris_rules.records.converter import (
    _BY_CLASS,
    _FIELD_STRUCTURE,
    _OPEN_BASES,
    TAG_KEY,
    _enum_values,
    _structure_count,
    _union_members,
    installed_variant_tags,
    structure_square,
)

__all__ = ["QUICK_KEPT", "quick_reader"]

T = TypeVar("T")


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
