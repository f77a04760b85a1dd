"""The card game's ruleset (Euphrat & Tigris card game, RULES.md Part II)."""

from __future__ import annotations

from typing import Any, cast

from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.engine import card_apply, card_is_over, card_step, card_to_move
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.legality import CardLegalActions, card_legal_actions
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.setup import new_card_game
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.state_check import card_state_problems
from tigris_rules.model.outcome import Result
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Ruleset

__all__ = ["CardRules"]


class CardRules(Ruleset[CardGameState, CardAction, CardEvent]):
    """The card game for one configuration (it takes no variant, D23)."""

    game = "cards"
    state_type = CardGameState

    def new_game(self, seed: object = None, deal: object = None) -> CardGameState:
        return new_card_game(self.config, seed=cast(Any, seed), deal=cast(Any, deal))

    def to_move(self, state: CardGameState) -> int | None:
        return card_to_move(state)

    def is_over(self, state: CardGameState) -> bool:
        return card_is_over(state)

    def legal_actions(self, state: CardGameState) -> CardLegalActions:
        return card_legal_actions(state)

    def step(
        self, state: CardGameState, action: CardAction, player: object = None
    ) -> tuple[CardGameState, tuple[CardEvent, ...]]:
        return card_step(state, action, player)

    def apply(
        self, state: CardGameState, action: CardAction, player: object = None
    ) -> CardGameState:
        return card_apply(state, action, player)

    def result(self, state: CardGameState) -> Result:
        return card_result(state)

    def state_problems(self, state: CardGameState) -> list[StateProblem]:
        return card_state_problems(state)
