"""The card game for OpenSpiel: importing this module registers ``tigris_euphrates_cards``.

The game is served by the one OpenSpiel adapter of both games,
:mod:`tigris_rules.ai.integrations.openspiel` (its parameters, chance model and
observations are described there); this module gives the card game's names of it. After
``import tigris_rules.ai.integrations.openspiel_cards``,
``pyspiel.load_game("tigris_euphrates_cards(players=3,column_limit=10)")`` gives the game.
"""

from __future__ import annotations

from tigris_rules.ai.integrations.openspiel import (
    CARD_GAME_NAME,
    CARD_GAME_TYPE,
    CARD_MAX_DECISIONS,
    TigrisCardGame,
    TigrisCardState,
    card_config_from_parameters,
    card_deal_actions,
)

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "GAME_NAME",
    "GAME_TYPE",
    "TigrisCardGame",
    "TigrisCardState",
    "card_config_from_parameters",
    "card_deal_actions",
]

GAME_NAME = CARD_GAME_NAME
"""The short name the game is registered under."""

GAME_TYPE = CARD_GAME_TYPE
"""The game's type: sequential, explicit chance, imperfect information, zero-sum, terminal
rewards."""

DEFAULT_MAX_DECISIONS = CARD_MAX_DECISIONS
"""The default cap on decisions: random players end a card game after 500 to 3,000."""
