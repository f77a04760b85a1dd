"""What each seat may see: player views and public events (CONV-14, CARD-DEF-7).

- :func:`view` gives what one player, or a spectator, may see of a state of either game,
  asked of the state's ruleset (:class:`GameViews`): a :class:`PlayerView` of the board game
  (:mod:`tigris_rules.views.board`), a :class:`~tigris_rules.cards.CardView` of the card
  game (:mod:`tigris_rules.cards.view`). A board-game variant whose data is partly secret
  shows it through :class:`VariantView`.
- :func:`events_for` and :func:`public_events` give the events of one step as a seat, or a
  spectator, may see them (:mod:`tigris_rules.views.events`); an event that holds a secret
  says itself how it is seen (:class:`SecretEvent`).
- :mod:`tigris_rules.views.seats` holds what every view shares: the viewer's seat, its
  checks and :class:`ViewError`.

Each name is imported from its module when first asked for: the card game's view needs
only :mod:`~tigris_rules.views.seats`, and loads no rule of the board game.

>>> import tigris_rules as tr
>>> from tigris_rules.views import view
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> mine = view(state, 0)
>>> mine.hands[1] is None, mine.hand_sizes, mine.bag_size
(True, (6, 6), 131)
>>> len(mine.legal_actions) == len(tr.legal_actions(state))
True
>>> view(state, 1).legal_actions
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tigris_rules._lazy import attach

if TYPE_CHECKING:
    from tigris_rules.views.board import PlayerView, VariantView, board_view
    from tigris_rules.views.events import (
        AnyEvent,
        AnyPublicEvent,
        PublicCardEvent,
        PublicCardsDrawn,
        PublicEvent,
        PublicTilesDrawn,
        SecretEvent,
        event_for,
        events_for,
        public_event,
        public_events,
    )
    from tigris_rules.views.game import GameViews, view
    from tigris_rules.views.seats import SeatView, ViewArgumentError, ViewError

__all__ = [
    "AnyEvent",
    "AnyPublicEvent",
    "GameViews",
    "PlayerView",
    "PublicCardEvent",
    "PublicCardsDrawn",
    "PublicEvent",
    "PublicTilesDrawn",
    "SeatView",
    "SecretEvent",
    "VariantView",
    "ViewArgumentError",
    "ViewError",
    "board_view",
    "event_for",
    "events_for",
    "public_event",
    "public_events",
    "view",
]

_MODULES = {
    "PlayerView": ".board",
    "VariantView": ".board",
    "board_view": ".board",
    "AnyEvent": ".events",
    "AnyPublicEvent": ".events",
    "PublicCardEvent": ".events",
    "PublicCardsDrawn": ".events",
    "PublicEvent": ".events",
    "PublicTilesDrawn": ".events",
    "SecretEvent": ".events",
    "event_for": ".events",
    "events_for": ".events",
    "public_event": ".events",
    "public_events": ".events",
    "GameViews": ".game",
    "view": ".game",
    "SeatView": ".seats",
    "ViewArgumentError": ".seats",
    "ViewError": ".seats",
}
"""The module of each name; each name is imported from it when first asked for."""


if not TYPE_CHECKING:  # type checkers see the names imported above, and no others
    __getattr__, __dir__ = attach(__name__, _MODULES, globals())
