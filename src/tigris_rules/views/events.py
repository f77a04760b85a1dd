"""Events as each player may see them (CONV-14, CARD-DEF-7).

:func:`~tigris_rules.step` returns the full events of an input, including what only their
player may know. Before a server sends them to the other players it passes them through
:func:`events_for` (or :func:`public_events` for spectators). An event that holds a secret
says itself how each seat sees it (:class:`SecretEvent`, defined with the event by its game);
every other event is public as it is. The events of the two games that hold secrets:

- :class:`~tigris_rules.model.events.TilesDrawn` of another player shows as
  :class:`~tigris_rules.model.events.PublicTilesDrawn`, which gives only how many tiles he
  drew (CONV-14(c)); in the card game, :class:`~tigris_rules.cards.events.CardsDrawn` of
  another player shows as :class:`~tigris_rules.cards.events.PublicCardsDrawn`
  (CARD-DEF-7(b));
- :class:`~tigris_rules.model.events.TileLeft` for the tiles another player discarded in a
  swap is dropped: they are never shown (CONV-14(e)); the swap itself stays visible as
  :class:`~tigris_rules.model.events.TilesSwapped`, which holds only the count;
  :class:`~tigris_rules.model.events.TileLeft` for tiles committed in a conflict is public,
  like the :class:`~tigris_rules.model.events.SupportCommitted` just before it.

Every other event is public: VP gains with their colour and cause
(:class:`~tigris_rules.model.events.PointsScored`, CONV-14(b)), treasures taken, the ziggurat
colour choice (a ``PointsScored`` with the ``ziggurat`` cause), board changes, conflicts, turn
ends and the game end.

A :class:`~tigris_rules.model.events.TileLeft` event does not say by itself whether it comes
from a swap or from a commitment: the engine emits a commitment's ``TileLeft`` right after
its ``SupportCommitted``. The sequence functions pass each event the one before it;
:func:`event_for` takes it as ``previous`` and, without it, hides another player's
``TileLeft`` (it never shows too much).

>>> from tigris_rules.model.colors import Color
>>> from tigris_rules.model.events import TilesDrawn
>>> drawn = TilesDrawn(1, (Color.RED, Color.BLUE))
>>> event_for(drawn, 1) == drawn
True
>>> event_for(drawn, 0)
PublicTilesDrawn(player=1, count=2, short=False)

The public forms are tagged like every event (``"public_tiles_drawn"``,
``"public_cards_drawn"``), so ``tr.loads(text, PublicEvent)`` reads any event a player may
receive back (docs/views.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Protocol, TypeAlias, cast, get_args, overload

from tigris_rules._arguments import expect
from tigris_rules.cards.events import CardEvent, PublicCardsDrawn
from tigris_rules.model.events import Event, PublicTilesDrawn
from tigris_rules.model.facets import offered

__all__ = [
    "AnyEvent",
    "AnyPublicEvent",
    "PublicCardEvent",
    "PublicCardsDrawn",
    "PublicEvent",
    "PublicTilesDrawn",
    "SecretEvent",
    "event_for",
    "events_for",
    "public_event",
    "public_events",
]


class SecretEvent(Protocol):
    """What an event offers when it holds a fact that not every seat may know."""

    def seen_by(self, seat: int | None, previous: object = None) -> object | None:
        """This event as ``seat`` (a seat number, or ``None`` for a spectator) may see it, or
        ``None`` when he may not see it at all; ``previous`` is the event emitted just before
        it in the same step (``None`` for the first, or when unknown: then the event shows
        no more than it would after any other event)."""
        ...


PublicEvent: TypeAlias = Event | PublicTilesDrawn
"""An event of the board game as one viewer sees it: an
:data:`~tigris_rules.model.events.Event` or a redacted form."""

PublicCardEvent: TypeAlias = CardEvent | PublicCardsDrawn
"""An event of the card game as one viewer sees it: a
:data:`~tigris_rules.cards.events.CardEvent` or a redacted form."""

AnyEvent: TypeAlias = Event | CardEvent
"""An event of either game, as :func:`~tigris_rules.step` returns it."""

AnyPublicEvent: TypeAlias = PublicEvent | PublicCardEvent
"""An event of either game as one viewer sees it."""

_EVENTS: Final[tuple[type, ...]] = (*get_args(Event), *get_args(CardEvent))
"""Every class of event of either game, for the checks of arguments."""


@overload
def event_for(  # type: ignore[overload-overlap]  # shared conflict events
    event: Event, player: int | None, previous: AnyEvent | None = None
) -> PublicEvent | None: ...
@overload
def event_for(
    event: CardEvent, player: int | None, previous: AnyEvent | None = None
) -> PublicCardEvent | None: ...
def event_for(
    event: AnyEvent, player: int | None, previous: AnyEvent | None = None
) -> AnyPublicEvent | None:
    """``event`` as ``player`` (a seat, or ``None`` for a spectator) may see it, or ``None``
    when he may not see it at all.

    An event that holds a secret decides (:class:`SecretEvent`); a player sees his own
    events in full. ``previous`` is the event emitted just before ``event`` in the same
    step; it tells a committed :class:`~tigris_rules.model.events.TileLeft` (public) from a
    swapped one (hidden), and without it another player's ``TileLeft`` is hidden.
    """
    expect(player, (int, None), "player")
    return _checked_shown(event, player, previous)


def _checked_shown(
    event: AnyEvent, player: int | None, previous: AnyEvent | None
) -> AnyPublicEvent | None:
    expect(event, _EVENTS, "event", "an event")
    expect(previous, (*_EVENTS, None), "previous", "an event or None")
    return _shown(event, player, previous)


def _shown(event: AnyEvent, player: int | None, previous: AnyEvent | None) -> AnyPublicEvent | None:
    secret = offered(event, SecretEvent)
    if secret is None:
        return event
    return cast("AnyPublicEvent | None", secret.seen_by(player, previous))


@overload
def public_event(  # type: ignore[overload-overlap]
    event: Event, previous: AnyEvent | None = None
) -> PublicEvent | None: ...
@overload
def public_event(event: CardEvent, previous: AnyEvent | None = None) -> PublicCardEvent | None: ...
def public_event(event: AnyEvent, previous: AnyEvent | None = None) -> AnyPublicEvent | None:
    """``event`` as the other players and spectators see it (``None``: not at all).

    The same as ``event_for(event, None, previous)``.
    """
    return _checked_shown(event, None, previous)


@overload
def events_for(  # type: ignore[overload-overlap]
    events: Iterable[Event], player: int | None
) -> tuple[PublicEvent, ...]: ...
@overload
def events_for(events: Iterable[CardEvent], player: int | None) -> tuple[PublicCardEvent, ...]: ...
def events_for(events: Iterable[AnyEvent], player: int | None) -> tuple[AnyPublicEvent, ...]:
    """The events of one step (in the order :func:`~tigris_rules.step` returned them) as
    ``player`` (a seat, or ``None`` for a spectator) may see them, hidden ones left out."""
    expect(player, (int, None), "player")
    return _seen(events, player)


def _seen(events: Iterable[AnyEvent], player: int | None) -> tuple[AnyPublicEvent, ...]:
    expect(events, Iterable, "events", "an iterable of events")
    seen: list[AnyPublicEvent] = []
    previous: AnyEvent | None = None
    for index, event in enumerate(events):
        expect(event, _EVENTS, f"events[{index}]", "an event")
        shown = _shown(event, player, previous)
        if shown is not None:
            seen.append(shown)
        previous = event
    return tuple(seen)


@overload
def public_events(  # type: ignore[overload-overlap]
    events: Iterable[Event],
) -> tuple[PublicEvent, ...]: ...
@overload
def public_events(events: Iterable[CardEvent]) -> tuple[PublicCardEvent, ...]: ...
def public_events(events: Iterable[AnyEvent]) -> tuple[AnyPublicEvent, ...]:
    """The events of one step as spectators see them: ``events_for(events, None)``."""
    return _seen(events, None)
