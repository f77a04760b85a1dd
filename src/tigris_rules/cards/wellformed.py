"""Well-formed card-game input (CONV-19): the right classes with fields of the right kinds.

Malformed input is rejected before any rule applies, with no rule ID; the error names the bad
field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, cast

import attrs

from tigris_rules.cards.actions import (
    CARD_ACTION_TYPES,
    BuildBoat,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import COLUMNS, GAPS, KNOWN_SPOTS, Boat, parse_spot
from tigris_rules.errors import InvalidActionError
from tigris_rules.model.colors import Color

__all__ = ["check_card_well_formed", "check_player"]


def _need_color(value: object, field: str) -> None:
    if not isinstance(value, Color):
        raise InvalidActionError(
            field, f"expected a colour (black, red, blue, green), got {value!r}"
        )


def _need_int(value: object, field: str, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        wanted = "a non-negative integer" if high is None else f"an integer {low}..{high}"
        raise InvalidActionError(field, f"expected {wanted}, got {value!r}")
    if high is not None and value > high:
        raise InvalidActionError(field, f"expected an integer {low}..{high}, got {value!r}")


def _need_spot(value: object, field: str) -> None:
    if parse_spot(value) is None:
        raise InvalidActionError(
            field,
            f"expected a spot: 'c.p' (column 1..8, position 0 for the head) or 'g1'..'g7', "
            f"got {value!r}",
        )


def _no_field(action: Any) -> bool:
    return True


_QUICK_CHECKS: Final[dict[type, Callable[[Any], bool]]] = {
    PlayLeader: lambda a: type(a.color) is Color and a.target in KNOWN_SPOTS,
    PlayColumn: lambda a: (
        type(a.color) is Color and type(a.column) is int and 1 <= a.column <= COLUMNS
    ),
    PlayGap: lambda a: type(a.color) is Color and type(a.gap) is int and 1 <= a.gap <= GAPS,
    PlayCatastrophe: lambda a: a.target in KNOWN_SPOTS,
    ChooseConflict: lambda a: type(a.color) is Color,
    CommitSupport: lambda a: type(a.count) is int and a.count >= 0,
    PayPoints: lambda a: type(a.count) is int and a.count >= 0,
    BuildBoat: lambda a: type(a.boat) is Boat,
    EndTurn: _no_field,
    Decline: _no_field,
}
"""For each kind of input, a test that passes only when every field is well formed, in its
common form (exact types, a spot name of the table): a quick test, leaving anything else to
the checks below, which say what is wrong."""


def check_card_well_formed(action: object) -> None:
    """Raise :class:`InvalidActionError` unless ``action`` is a well-formed card-game action
    or answer (CONV-19). A board-game-only action (a swap, a withdrawal, a tile) is not one
    (CARD-TURN-1)."""
    quick = _QUICK_CHECKS.get(type(action))
    try:
        if quick is not None and quick(action):
            return
    except (AttributeError, TypeError):  # a missing field, an unhashable spot
        pass
    if type(action) not in CARD_ACTION_TYPES:
        raise InvalidActionError("type", f"not a card-game action: {action!r}")
    for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(action))):
        if not hasattr(action, field.name):
            raise InvalidActionError(field.name, "the field is missing")
    if isinstance(action, PlayLeader):
        _need_color(action.color, "color")
        _need_spot(action.target, "target")
    elif isinstance(action, PlayColumn):
        _need_color(action.color, "color")
        _need_int(action.column, "column", 1, COLUMNS)
    elif isinstance(action, PlayGap):
        _need_color(action.color, "color")
        _need_int(action.gap, "gap", 1, GAPS)
    elif isinstance(action, PlayCatastrophe):
        _need_spot(action.target, "target")
    elif isinstance(action, ChooseConflict):
        _need_color(action.color, "color")
    elif isinstance(action, CommitSupport | PayPoints):
        _need_int(action.count, "count", 0)
    elif isinstance(action, BuildBoat):
        if not isinstance(action.boat, Boat):
            raise InvalidActionError("boat", f"expected a boat, got {action.boat!r}")
    elif isinstance(action, TakeTreasures):
        columns = action.columns
        if not isinstance(columns, tuple):
            raise InvalidActionError("columns", f"expected a tuple of columns, got {columns!r}")
        for column in columns:
            _need_int(column, "columns", 1, COLUMNS)
        if len(set(columns)) != len(columns):
            raise InvalidActionError("columns", f"a column is named twice: {columns!r}")


def check_player(players: int, player: object) -> None:
    """``player`` is a seat of the game (0..players-1) or ``None`` (CONV-19)."""
    if player is None:
        return
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise InvalidActionError(
            "player",
            f"there is no seat {player!r} in this {players}-player game "
            f"(the seats are 0 to {players - 1}, or None)",
        )
