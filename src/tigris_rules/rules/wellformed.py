"""Well-formed inputs (CONV-19): an input's fields have the types and values of its class (a
square a1..p11, a colour, a monument, a count), checked before any rule; a variant's input
by the declared types of its fields."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, cast

import attrs

from tigris_rules.errors import InvalidActionError
from tigris_rules.model.actions import (
    ACTION_TYPES,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    KeepTreasure,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    VariantAction,
    WithdrawLeader,
)
from tigris_rules.model.colors import Color
from tigris_rules.model.squares import SQUARE_NAMES, is_square_name

__all__ = ["check_well_formed", "note_prepared"]


def _need_color(value: object, field: str) -> None:
    if not isinstance(value, Color):
        raise InvalidActionError(
            field, f"expected a colour (black, red, blue, green), got {value!r}"
        )


def _need_square(value: object, field: str) -> None:
    if not is_square_name(value):
        raise InvalidActionError(field, f"expected a square a1..p11, got {value!r}")


def _need_count(value: object, field: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidActionError(field, f"expected a non-negative integer, got {value!r}")


_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {
    t: tuple(f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", t)))
    for t in ACTION_TYPES
}


def _need_monument(value: object, field: str) -> None:
    if not isinstance(value, Monument):
        raise InvalidActionError(field, f"expected a monument, got {value!r}")


_COLOR_AND_SQUARE: Final = (("color", _need_color), ("square", _need_square))
_FIELD_CHECKS: Final[dict[type, tuple[tuple[str, Callable[[object, str], None]], ...]]] = {
    PlaceLeader: _COLOR_AND_SQUARE,
    PlaceTile: _COLOR_AND_SQUARE,
    WithdrawLeader: (("color", _need_color),),
    ChooseConflict: (("color", _need_color),),
    PlaceCatastrophe: (("square", _need_square),),
    KeepTreasure: (("square", _need_square),),
    SwapTiles: tuple((name, _need_count) for name in ("black", "red", "blue", "green")),
    CommitSupport: (("count", _need_count),),
    BuildMonument: (("monument", _need_monument), ("block", _need_square)),
}
"""The check of each field of each action that has fields (EndTurn and Decline have none)."""


def _is_square(value: object) -> bool:
    return type(value) is str and value in _SQUARE_NAMES


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


_SQUARE_NAMES: Final = frozenset(SQUARE_NAMES)
_COMMON_FORM: Final[dict[Callable[[object, str], None], Callable[[object], bool]]] = {
    _need_color: lambda value: type(value) is Color,
    _need_square: _is_square,
    _need_count: _is_count,
    _need_monument: lambda value: type(value) is Monument,
}
"""For each field check, a test passing only values it accepts, in their common form (exact
types): a quick test, leaving anything else to the field check, which says what is wrong."""


def _quick_check(
    fields: tuple[tuple[str, Callable[[object, str], None]], ...],
) -> Callable[[Any], bool]:
    """The test of an action's fields in their common form: written out for no field, one
    or two (every action of play), a loop beyond."""
    tests = tuple((name, _COMMON_FORM[need]) for name, need in fields)
    if not tests:
        return _no_field
    if len(tests) == 1:
        ((name, test),) = tests
        return lambda action: test(getattr(action, name))
    if len(tests) == 2:
        (first, test_first), (second, test_second) = tests
        return lambda action: (
            test_first(getattr(action, first)) and test_second(getattr(action, second))
        )

    def passes(action: Any) -> bool:
        for name, test in tests:  # noqa: SIM110 (a loop is faster than all())
            if not test(getattr(action, name)):
                return False
        return True

    return passes


def _no_field(action: Any) -> bool:
    return True


_QUICK_CHECKS: Final[dict[type, Callable[[Any], bool]]] = {
    kind: _quick_check(_FIELD_CHECKS.get(kind, ())) for kind in ACTION_TYPES
}
"""For each action type, a test that passes only when every field is well formed, in the
common form."""


def check_well_formed(action: object) -> None:
    """Raise :class:`InvalidActionError` unless ``action`` is a well-formed action or answer
    (CONV-19)."""
    if action is not None and _PREPARED.get(id(action)) is action:
        return  # made once by the rules and checked then
    quick = _QUICK_CHECKS.get(type(action))
    try:
        if quick is not None and quick(action):
            return
    except AttributeError:
        pass
    kind = type(action)
    if kind in ACTION_TYPES:
        names = _FIELD_NAMES[kind]
        checks = _FIELD_CHECKS.get(kind, ())
    elif isinstance(action, VariantAction):
        names, checks = _variant_field_checks(kind)
    else:
        raise InvalidActionError("type", f"not an action: {action!r}")
    for name in names:
        if not hasattr(action, name):
            raise InvalidActionError(name, "the field is missing")
    for name, need in checks:
        need(getattr(action, name), name)


_PREPARED: Final[dict[int, object]] = {}
"""The inputs the rules make once and hand out to every legal-action list, by identity (they
are kept here, so that no other object takes their identity), checked when noted."""


def note_prepared(actions: Iterable[object]) -> None:
    """Check ``actions`` (frozen inputs made once and kept for the life of the program) and
    note them as well formed, so that :func:`check_well_formed` knows them at once."""
    for action in actions:
        check_well_formed(action)
        _PREPARED[id(action)] = action


_FieldChecks = tuple[tuple[str, Callable[[object, str], None]], ...]
_VARIANT_FIELD_CHECKS: Final[dict[type, tuple[tuple[str, ...], _FieldChecks]]] = {}


def _variant_field_checks(kind: type) -> tuple[tuple[str, ...], _FieldChecks]:
    """The fields of a variant's input class and their checks, found from their declared
    types as for the base inputs: a square (a ``str`` field named ``square`` or ending in
    ``_square``), a colour, a monument, a count (``int``)."""
    known = _VARIANT_FIELD_CHECKS.get(kind)
    if known is not None:
        return known
    cls = cast("type[attrs.AttrsInstance]", kind)
    attrs.resolve_types(cls)
    names: list[str] = []
    checks: list[tuple[str, Callable[[object, str], None]]] = []
    for f in attrs.fields(cls):
        names.append(f.name)
        if f.type is str and (f.name == "square" or f.name.endswith("_square")):
            checks.append((f.name, _need_square))
        elif f.type is Color:
            checks.append((f.name, _need_color))
        elif f.type is Monument:
            checks.append((f.name, _need_monument))
        elif f.type is int:
            checks.append((f.name, _need_count))
    found = (tuple(names), tuple(checks))
    _VARIANT_FIELD_CHECKS[kind] = found
    return found
