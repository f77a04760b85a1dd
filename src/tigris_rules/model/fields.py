"""What each part of the library does with each field of a game state.

A state class says it in its own fields: each field of :class:`~tigris_rules.GameState` and
:class:`~tigris_rules.cards.CardGameState` carries, in its ``attrs`` metadata
(:func:`kept`), what the engine's working copy does with it while an input is resolved and
what a player view shows of it; whether the state's JSON may leave it out follows from its
default. :func:`field_table` reads that back as one :class:`StateField` per field, in order.

The JSON codec's lists of required and optional keys are taken from it (:func:`json_keys`).
The working copy, the JSON writer and reader and the player view are written out by hand, for
speed and for their types, and the test suite checks each of them by name against the
metadata (``tests/test_state_fields.py``): a field added to a state and forgotten in one of
them fails a test that names the field and the place.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import Any, Final

import attrs

from tigris_rules._arguments import expect

__all__ = [
    "STATE_FIELD",
    "InJson",
    "InView",
    "InWork",
    "StateField",
    "field_table",
    "json_keys",
    "kept",
]

STATE_FIELD: Final = "tigris_rules.state_field"
"""The key, in a state field's ``attrs`` metadata, of what the library does with it."""


class InWork(Enum):
    """What the engine's working copy (``rules.work.Work``, ``cards.work.CardWork``) does
    with a field while one input is resolved."""

    FIXED = "fixed"
    """Not copied: it never changes during a game (the configuration, the bag); the next
    state takes the input state's own value."""
    THAWED = "thawed"
    """Copied into a list, which the rules change in place, and frozen back into a tuple."""
    REPLACED = "replaced"
    """Held as the input state's own immutable value, replaced whole when a rule changes it."""


class InJson(Enum):
    """Whether a state's JSON object must hold a field: it may leave out exactly the fields
    that have a default."""

    REQUIRED = "required"
    """Always present: a state without it is rejected (the field has no default)."""
    OPTIONAL = "optional"
    """Always written, and may be left out: it then reads as the field's default (the
    variants' areas as each variant's opening value)."""


class InView(Enum):
    """What a player view shows of a field (CONV-14, CARD-DEF-7)."""

    PUBLIC = "public"
    """The view has the field, under the same name and with the state's value, whoever
    looks."""
    PER_SEAT = "per_seat"
    """The view has the field, under the same name: one item per seat, the state's where the
    viewer may see it, else ``None``."""
    FILTERED = "filtered"
    """The view has the field, under the same name, holding what the viewer may see of it
    (the variants' areas, the cards lying face down)."""
    HIDDEN = "hidden"
    """The view has no field of this name; it may show a figure drawn from it (the size of
    the bag, the top card of a pile)."""


@attrs.frozen
class StateField:
    """What the library does with one field of a state: the field ``name``, what the working
    copy (``work``), the JSON codec (``json``) and a player view (``view``) do with it."""

    name: str
    work: InWork
    json: InJson
    view: InView


@attrs.frozen
class _Kept:
    work: InWork
    view: InView


def kept(work: InWork, view: InView) -> dict[str, object]:
    """The ``attrs`` metadata of a state field: what the working copy does with it and what
    a player view shows of it (``attrs.field(metadata=kept(...))``)."""
    expect(work, InWork, "work")
    expect(view, InView, "view")
    return {STATE_FIELD: _Kept(work, view)}


@cache
def field_table(cls: type) -> tuple[StateField, ...]:
    """One :class:`StateField` per field of the state class ``cls`` that its constructor
    takes, in order, read from the fields' metadata (:func:`kept`). A field without it
    raises :class:`TypeError` naming it: every field of a state says what is done with it."""
    expect(cls, type, "cls", "a class")
    rows: list[StateField] = []
    fields: Any = attrs.fields(cls)
    for field in fields:
        if not field.init:
            continue  # a private cache
        role = field.metadata.get(STATE_FIELD)
        if not isinstance(role, _Kept):
            raise TypeError(f"{cls.__name__}.{field.name} does not say what is done with it")
        json = InJson.REQUIRED if field.default is attrs.NOTHING else InJson.OPTIONAL
        rows.append(StateField(field.name, role.work, json, role.view))
    return tuple(rows)


def json_keys(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The keys the JSON object of a state of class ``cls`` must hold and those it may leave
    out, each in the order of the fields."""
    table = field_table(cls)
    return (
        tuple(row.name for row in table if row.json is InJson.REQUIRED),
        tuple(row.name for row in table if row.json is InJson.OPTIONAL),
    )
