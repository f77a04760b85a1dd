"""Field tables: what each part of the library does with each field of a game state.

A state class has one table, listing its fields in order (``STATE_FIELDS`` beside
:class:`~tigris_rules.GameState`, ``CARD_STATE_FIELDS`` beside
:class:`~tigris_rules.cards.CardGameState`). Each row says what the engine's working copy
does with the field while an input is resolved, whether the state's JSON may leave it out,
and what a player view shows of it.

The JSON codec's lists of required and optional keys are taken from the table. The working
copy, the JSON writer and reader and the player view are written out by hand, for speed and
for their types, and the test suite checks each of them against the table
(``tests/test_state_fields.py``): a field added to a state and forgotten in one of them fails
a test that names the field and the place.
"""

from __future__ import annotations

from enum import Enum

import attrs

__all__ = ["InJson", "InView", "InWork", "StateField", "json_keys"]


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
    """Whether a state's JSON object must hold a field."""

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
    """One row of a field table: the field ``name`` and what the working copy (``work``),
    the JSON codec (``json``) and a player view (``view``) do with it."""

    name: str
    work: InWork
    json: InJson
    view: InView


def json_keys(table: tuple[StateField, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The keys a state's JSON object must hold and those it may leave out, each in the
    table's order."""
    return (
        tuple(row.name for row in table if row.json is InJson.REQUIRED),
        tuple(row.name for row in table if row.json is InJson.OPTIONAL),
    )
