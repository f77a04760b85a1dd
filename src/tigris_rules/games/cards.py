"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

from tigris_rules.cards.ruleset import CardRules
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.view import CardView, card_view

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""

    def view(self, state: CardGameState, seat: int | None) -> CardView:
        """What ``seat`` may see of ``state`` (CARD-DEF-7, D21):
        :func:`~tigris_rules.cards.view.card_view` (:class:`~tigris_rules.views.GameViews`)."""
        return card_view(state, seat)
