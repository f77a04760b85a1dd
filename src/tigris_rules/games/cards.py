"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tigris_rules.ai._card_encoding import card_action_space
from tigris_rules.ai.encoding import SpaceEntry
from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.cards.setup import CardDeal
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.view import CardView, card_view
from tigris_rules.records._card_notation import CARD_VERBS, format_card_action, parse_card_action

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""

    def view(self, state: CardGameState, seat: int | None) -> CardView:
        """What ``seat`` may see of ``state`` (CARD-DEF-7, D21):
        :func:`~tigris_rules.cards.view.card_view` (:class:`~tigris_rules.views.GameViews`)."""
        return card_view(state, seat)

    # --- encoding (tigris_rules.ai) -----------------------------------------------------------

    def action_space(self) -> Iterable[SpaceEntry]:
        """The action space of the configuration (:class:`~tigris_rules.ai.GameEncoding`)."""
        return card_action_space(self.config)

    # --- notation (tigris_rules.records.notation.GameNotation) ------------------------------

    def read_notation(self, text: str) -> CardAction:
        """The card-game input ``text`` writes."""
        return parse_card_action(text)

    def write_notation(self, action: CardAction) -> str:
        """The canonical notation of ``action``."""
        return format_card_action(action)

    def notation_words(self) -> tuple[str, ...]:
        """The card game's verbs."""
        return CARD_VERBS

    # --- logs (tigris_rules.records.GameRecords) --------------------------------------------

    def log_action_type(self) -> Any:
        """The card game's inputs."""
        return CardAction

    def log_deal_type(self) -> type:
        """A :class:`~tigris_rules.CardDeal`."""
        return CardDeal
