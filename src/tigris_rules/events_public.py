"""Events as each player may see them (CONV-14).

:func:`~tigris_rules.step` returns the full events of an input, including what only their
player may know. Before a server sends them to the other players it passes them through
:func:`events_for` (or :func:`public_events` for spectators):

- :class:`~tigris_rules.model.events.TilesDrawn` of another player becomes
  :class:`PublicTilesDrawn`, which gives only how many tiles he drew (CONV-14(c));
- :class:`~tigris_rules.model.events.TileLeft` for the tiles another player discarded in a
  swap is dropped: they are never shown (CONV-14(e)); the swap itself stays visible as
  :class:`~tigris_rules.model.events.TilesSwapped`, which holds only the count;
- :class:`~tigris_rules.model.events.TileLeft` for tiles committed in a conflict is public,
  like the :class:`~tigris_rules.model.events.SupportCommitted` just before it;
- every other event is public as it is: VP gains with their colour and cause
  (:class:`~tigris_rules.model.events.PointsScored`, CONV-14(b)), treasures taken, the
  ziggurat colour choice (a ``PointsScored`` with the ``ziggurat`` cause), board changes,
  conflicts, turn ends and the game end.

A :class:`~tigris_rules.model.events.TileLeft` event does not say by itself whether it comes
from a swap or from a commitment: the engine emits a commitment's ``TileLeft`` right after
its ``SupportCommitted``. The sequence functions use that order; :func:`event_for` takes the
event before it as ``previous`` and, without it, hides another player's ``TileLeft`` (it
never shows too much).

>>> from tigris_rules.model.colors import Color
>>> from tigris_rules.model.events import TilesDrawn
>>> drawn = TilesDrawn(1, (Color.RED, Color.BLUE))
>>> event_for(drawn, 1) == drawn
True
>>> event_for(drawn, 0)
PublicTilesDrawn(player=1, count=2, short=False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias, get_args

import attrs

from tigris_rules.arguments import expect
from tigris_rules.model.events import Event, SupportCommitted, TileLeft, TilesDrawn

__all__ = [
    "PublicEvent",
    "PublicTilesDrawn",
    "event_for",
    "events_for",
    "public_event",
    "public_events",
]


@attrs.frozen
class PublicTilesDrawn:
    """``player`` drew ``count`` tiles from the bag; ``short`` when the bag could not give all
    he needed (END-2). The public form of :class:`~tigris_rules.model.events.TilesDrawn`:
    which tiles he drew is his secret."""

    player: int
    count: int
    short: bool = False


_EVENTS: tuple[type, ...] = get_args(Event)

PublicEvent: TypeAlias = Event | PublicTilesDrawn
"""An event as one viewer sees it: an :data:`~tigris_rules.model.events.Event` or a redacted
form."""


def _is_commitment(event: TileLeft, previous: Event | None) -> bool:
    return (
        isinstance(previous, SupportCommitted)
        and previous.player == event.player
        and previous.color == event.color
        and previous.count == event.count
    )


def event_for(
    event: Event, player: int | None, previous: Event | None = None
) -> PublicEvent | None:
    """``event`` as ``player`` (a seat, or ``None`` for a spectator) may see it, or ``None``
    when he may not see it at all.

    A player sees his own events in full. ``previous`` is the event emitted just before
    ``event`` in the same step; it tells a committed :class:`TileLeft` (public) from a
    swapped one (hidden), and without it another player's ``TileLeft`` is hidden.
    """
    expect(event, _EVENTS, "event", "an Event")
    expect(player, (int, None), "player")
    expect(previous, (*_EVENTS, None), "previous", "an Event or None")
    return _shown(event, player, previous)


def _shown(event: Event, player: int | None, previous: Event | None) -> PublicEvent | None:
    if isinstance(event, TilesDrawn):
        if event.player == player:
            return event
        return PublicTilesDrawn(event.player, len(event.tiles), event.short)
    if isinstance(event, TileLeft):
        if event.player == player or _is_commitment(event, previous):
            return event
        return None
    return event


def public_event(event: Event, previous: Event | None = None) -> PublicEvent | None:
    """``event`` as the other players and spectators see it (``None``: not at all).

    The same as ``event_for(event, None, previous)``.
    """
    return event_for(event, None, previous)


def events_for(events: Iterable[Event], player: int | None) -> tuple[PublicEvent, ...]:
    """The events of one step (in the order :func:`~tigris_rules.step` returned them) as
    ``player`` (a seat, or ``None`` for a spectator) may see them, hidden ones left out."""
    expect(events, Iterable, "events", "an iterable of events")
    expect(player, (int, None), "player")
    seen: list[PublicEvent] = []
    previous: Event | None = None
    for index, event in enumerate(events):
        expect(event, _EVENTS, f"events[{index}]", "an Event")
        shown = _shown(event, player, previous)
        if shown is not None:
            seen.append(shown)
        previous = event
    return tuple(seen)


def public_events(events: Iterable[Event]) -> tuple[PublicEvent, ...]:
    """The events of one step as spectators see them: ``events_for(events, None)``."""
    return events_for(events, None)
