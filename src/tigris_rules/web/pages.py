"""What the page of a seat (or of a spectator) is given: never a state, only the seat's view.

A page gets the seat's player view as JSON (:func:`~tigris_rules.view`), its picture as SVG
(:func:`~tigris_rules.render.render_svg` of that view, which draws the seat's own hand and
nothing another seat hides), the seat's legal inputs in the game's notation with the places
of the picture each names, and the events of the last turn as that seat may see them
(:func:`~tigris_rules.views.events.events_for`). An input's notation is given to its sender
only: another seat learns what it did from the events, which hide the tiles of a swap.

An input is written in the notation once: the same input of the same game, offered again
on a later page, is given as written then.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Final

import attrs

from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.config import GameConfig
from tigris_rules.records import dumps, format_action
from tigris_rules.records.converter import unstructure
from tigris_rules.render import describe_event, render_svg
from tigris_rules.views import view
from tigris_rules.views.events import events_for
from tigris_rules.web.table import Move, Snapshot, Table

__all__ = ["CONFIGS_KEPT", "INPUTS_KEPT", "page", "places", "sentence"]

INPUTS_KEPT: Final = 8192
"""How many inputs of one game configuration are kept written in the notation, the latest
offered: more than the inputs a board offers, for a bounded memory."""
CONFIGS_KEPT: Final = 16
"""Of how many game configurations, the latest played, inputs are kept written."""


def page(table: Table | Snapshot, seat: int | None) -> dict[str, Any]:
    """The page of ``seat`` (``None``: a spectator) at the table's current version (or at
    the snapshot's)."""
    seen: Any = view(table.state, seat)
    data = unstructure(attrs.evolve(seen, legal_actions=()))
    del data["legal_actions"]  # given below, in the notation
    written = _writer(table.config)
    actions = []
    for action in seen.legal_actions:
        notation, named = written(action)
        actions.append({"notation": notation, "places": list(named)})
    return {
        "game": table.game_id,
        "version": table.version,
        "seat": seat,
        "seats": list(table.kinds),
        "to_move": table.to_move,
        "over": table.over,
        "view": data,
        "svg": render_svg(seen),
        "actions": actions,
        "last_turn": [_move(table, move, seat) for move in table.last_turn()],
    }


def places(action: Any) -> list[str]:
    """The places of the picture an input names: its fields that hold a square (``"g4"``)
    or a table spot (``"3.2"``), as the picture names them in the ``data-square`` and
    ``data-spot`` attributes of its squares and pieces (a monument by its top-left square)."""
    return [
        value
        for value in attrs.astuple(action, recurse=False)
        if isinstance(value, str) and value[:1].isalnum() and any(c.isdigit() for c in value)
    ]


@lru_cache(maxsize=CONFIGS_KEPT)
def _writer(config: GameConfig) -> Callable[[Any], tuple[str, tuple[str, ...]]]:
    """What writes an input of the game ``config`` names: its notation and the places it
    names, each input written once."""

    @lru_cache(maxsize=INPUTS_KEPT)
    def written(action: Any) -> tuple[str, tuple[str, ...]]:
        return format_action(action, config), tuple(places(action))

    return written


def sentence(event: Any, config: GameConfig) -> str:
    """An event in words, as the library tells it; one it has no sentence for, as its JSON
    form."""
    try:
        return describe_event(event, config=config)
    except ArgumentTypeError:  # the sentences are the board game's; other events are JSON
        return dumps(event)


def _move(table: Table | Snapshot, move: Move, seat: int | None) -> dict[str, Any]:
    """One move of the last turn as ``seat`` may see it."""
    return {
        "seat": move.seat,
        "notation": format_action(move.action, table.config) if move.seat == seat else None,
        "events": [sentence(e, table.config) for e in events_for(move.events, seat)],  # type: ignore[arg-type]
    }
