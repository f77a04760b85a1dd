"""The changes of an action tried while going on after a rejected one
(docs/log-format.md, Validation): the legal actions that differ from it in one field, in
the order they are tried, and the places the next actions of the log name."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import zip_longest
from typing import Final

import attrs

from tigris_rules.api import AnyAction
from tigris_rules.records.log import LogEntry

__all__ = [
    "CLAIMS_AHEAD",
    "PLACES",
    "Claims",
    "at_most",
    "claims",
    "fewest_first",
    "neighbours",
    "spread",
    "unclaimed_first",
]


CLAIMS_AHEAD: Final = 512
"""The changes of a place (a square, a card game's target) are tried in the order of the
next this many actions of the log: a place none of them names first, then the one named
last. A later action that plays on a place shows it free then, so the slipped action more
likely took a place that no later action names, or one named only after it may be freed;
among ways that fit the next actions equally, the first tried is kept."""

PLACES: Final = ("square", "target")
"""The fields of an action that name a place a piece takes (:data:`CLAIMS_AHEAD`)."""


def _field_apart(names: tuple[str, ...], a: object, b: object) -> str | None:
    """The one field in which ``a`` and ``b``, actions of one class with the fields
    ``names``, differ; ``None`` when they differ in none or in more than one."""
    apart = None
    for name in names:
        if getattr(a, name) != getattr(b, name):
            if apart is not None:
                return None
            apart = name
    return apart


def neighbours(legal_actions: list[AnyAction], action: object) -> list[tuple[AnyAction, str]]:
    """The actions of ``legal_actions`` of the class of ``action`` that differ from it in one
    field, in their order, each with the name of that field."""
    kind = type(action)
    if not attrs.has(kind):
        return []
    names = tuple(f.name for f in attrs.fields(kind))
    return [
        (legal, field)
        for legal in legal_actions
        if type(legal) is kind and (field := _field_apart(names, legal, action)) is not None
    ]


def fewest_first(neighbours: list[tuple[AnyAction, str]]) -> list[tuple[AnyAction, str]]:
    """``neighbours`` with those of the field with the fewest of them first (one of three
    other colours before one of forty squares), each field's in their order."""
    sizes = Counter(field for _, field in neighbours)
    return sorted(neighbours, key=lambda pair: sizes[pair[1]])


Claims = dict[tuple[str, object], int]
"""For each place (a field of :data:`PLACES` and its value), the index among the following
actions of the first that names it."""


def claims(following: Sequence[LogEntry]) -> Claims:
    """Where each place is first named in ``following``."""
    claimed: Claims = {}
    for at, entry in enumerate(following):
        for field in PLACES:
            value = getattr(entry.action, field, None)
            if isinstance(value, str):  # a log built in code may hold anything there
                claimed.setdefault((field, value), at)
    return claimed


def unclaimed_first(
    neighbours: list[tuple[AnyAction, str]], claimed: Claims
) -> list[tuple[AnyAction, str]]:
    """``neighbours`` with the changes of a place put in the order of ``claimed``, in the
    slots they held: a place that no following action names first, then the place named
    last; the other changes stay where they stand."""
    slots = [k for k, (_, field) in enumerate(neighbours) if field in PLACES]

    def later_first(pair: tuple[AnyAction, str]) -> int:
        action, field = pair
        return -claimed.get((field, getattr(action, field)), CLAIMS_AHEAD)

    ordered = list(neighbours)
    for slot, pair in zip(
        slots, sorted((neighbours[k] for k in slots), key=later_first), strict=True
    ):
        ordered[slot] = pair
    return ordered


def at_most(
    neighbours: list[tuple[AnyAction, str]], places: int
) -> Iterator[tuple[AnyAction, str]]:
    """``neighbours`` with at most ``places`` changes of each place field, the first."""
    taken: Counter[str] = Counter()
    for action, field in neighbours:
        if field in PLACES:
            if taken[field] == places:
                continue
            taken[field] += 1
        yield action, field


def spread(actions: list[AnyAction]) -> Iterator[AnyAction]:
    """``actions`` taken in turn from each class of action, and within a class in turn from
    each value of its first field (a colour, say), each group's in their order."""
    classes: dict[type, dict[object, list[AnyAction]]] = {}
    for action in actions:
        kind = type(action)
        fields = attrs.fields(kind) if attrs.has(kind) else ()
        first = getattr(action, fields[0].name) if fields else None
        classes.setdefault(kind, {}).setdefault(first, []).append(action)
    spread = [_in_turn(list(groups.values())) for groups in classes.values()]
    return _in_turn([list(actions) for actions in spread])


def _in_turn(groups: list[list[AnyAction]]) -> Iterator[AnyAction]:
    """The first of each group, then the second of each, and so on."""
    for layer in zip_longest(*groups):
        yield from (action for action in layer if action is not None)
