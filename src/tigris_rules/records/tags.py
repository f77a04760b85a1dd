"""The tags of the board game's actions, decisions and events (docs/log-format.md).

These strings are part of the log format: never change one. Importing this module registers
them with the converter (:mod:`tigris_rules.records.converter`), with the checks of their
fields: square names, counts never negative (CONV-19), seats, causes of points.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final, cast

import attrs

from tigris_rules.model import actions as _actions
from tigris_rules.model import decisions as _decisions
from tigris_rules.model import events as _events
from tigris_rules.model.actions import Monument
from tigris_rules.model.plugins import VARIANT_GROUP, plugin, plugin_names
from tigris_rules.records._checks import at, describe, fail, need_array
from tigris_rules.records.converter import (
    _COUNTS,
    _structure_count,
    _structure_enum,
    event_field_hooks,
    register_fields,
    register_tagged,
    structure,
    structure_square,
    tag_of,
    unstructure,
)

__all__ = ["ACTION_TAGS", "BOARD_HOOK_SCHEMAS", "DECISION_TAGS", "EVENT_TAGS"]

_fail = fail

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
# The public form of a draw (docs/views.md): what the other seats learn of it.
register_tagged(
    "public_tiles_drawn",
    _events.PublicTilesDrawn,
    family="event",
    structure_fields=event_field_hooks(_events.PublicTilesDrawn),
)


BOARD_HOOK_SCHEMAS: Final[dict[Callable[..., Any], dict[str, Any]]] = {
    _structure_monument_offers: {
        "type": "array",
        "items": {
            "type": "array",
            "description": "a monument and the top-left square of its block",
            "prefixItems": [{"$ref": "#/$defs/monument"}, {"$ref": "#/$defs/square"}],
            "items": False,
            "minItems": 2,
        },
    },
    _structure_offers: {"type": "array", "items": {"$ref": "#/$defs/variant_action"}},
    _structure_cause: {"$ref": "#/$defs/cause"},
}
"""The JSON Schema of the field hooks of the board game's classes."""
