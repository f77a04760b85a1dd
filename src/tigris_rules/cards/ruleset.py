"""The card game's ruleset (Euphrat & Tigris card game, RULES.md Part II)."""

from __future__ import annotations

from typing import Any, cast

from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.components import HAND_SIZE
from tigris_rules.cards.engine import card_is_over, card_step, card_to_move
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.legality import CardLegalActions
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.setup import CardDeal, card_deal_from_seed, new_card_game
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.state_check import card_state_problems
from tigris_rules.errors import ConfigError
from tigris_rules.model.config import COLUMN_LIMITS, DEFAULT_COLUMN_LIMIT, GameConfig
from tigris_rules.model.outcome import Result, Termination
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Parameter, Ruleset

__all__ = ["MAX_COLUMN_LIMIT", "MIN_COLUMN_LIMIT", "CardRules"]

MIN_COLUMN_LIMIT = COLUMN_LIMITS[0]
"""The smallest ``column_limit``: with 4 a boat is always possible (CARD-DEF-1, D23)."""
MAX_COLUMN_LIMIT = COLUMN_LIMITS[-1]
"""The largest ``column_limit``, three times the printed 8: columns, answers and the action
encoding stay bounded (CARD-DEF-1, D27)."""

_END_REASONS = {
    Termination.DRAW_PILE: (
        f"the draw pile ran out before every hand held {HAND_SIZE} cards (CARD-END-2)"
    ),
    Termination.TREASURES: "only one head is still a treasure card (CARD-END-3)",
    Termination.STALEMATE: "a full round of idle turns (CARD-END-5, stalemate)",
}


def _check_column_limit(value: object, _: GameConfig) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        shown = f"{value!r:.40}"
    elif value not in COLUMN_LIMITS:
        bits = value.bit_length()
        shown = str(value) if bits <= 128 else f"an integer of {bits} bits"
    else:
        return
    raise ConfigError(
        f"column_limit must be an integer in {MIN_COLUMN_LIMIT}..{MAX_COLUMN_LIMIT} "
        f"(CONV-18, CARD-DEF-1), not {shown}"
    )


class CardRules(Ruleset[CardGameState, CardAction, CardEvent]):
    """The card game for one configuration (it takes no variant, D23)."""

    game = "cards"
    state_type = CardGameState
    parameters = (
        Parameter(
            "column_limit",
            DEFAULT_COLUMN_LIMIT,
            _check_column_limit,
            f"L, the most cards a column holds below its head, an integer in "
            f"{MIN_COLUMN_LIMIT}..{MAX_COLUMN_LIMIT} (CARD-DEF-1, CONV-18).",
        ),
    )

    def new_game(self, seed: object = None, deal: object = None) -> CardGameState:
        return new_card_game(self.config, seed=cast(Any, seed), deal=cast(Any, deal))

    def deal_from_seed(self, seed: int) -> CardDeal:
        return card_deal_from_seed(self.config, seed)

    def to_move(self, state: CardGameState) -> int | None:
        return card_to_move(state)

    def is_over(self, state: CardGameState) -> bool:
        return card_is_over(state)

    def legal_actions(self, state: CardGameState) -> CardLegalActions:
        return CardLegalActions(state)

    def step(
        self, state: CardGameState, action: CardAction, player: object = None
    ) -> tuple[CardGameState, tuple[CardEvent, ...]]:
        return card_step(state, action, player)

    def apply(
        self, state: CardGameState, action: CardAction, player: object = None
    ) -> CardGameState:
        return card_step(state, action, player)[0]

    def result(self, state: CardGameState) -> Result:
        return card_result(state)

    def end_reason(self, state: CardGameState) -> str:
        """The result's :attr:`~tigris_rules.Result.termination` (CARD-END-2, 3, 5)."""
        end = self.result(state).termination
        return "the game ended" if end is None else f"the game ended: {_END_REASONS[end]}"

    def state_problems(self, state: CardGameState) -> list[StateProblem]:
        return card_state_problems(state)

    def transition_problems(self, before: CardGameState, after: CardGameState) -> list[str]:
        """Turns and draws never go back; VP piles only grow."""
        problems = []
        if after.turn < before.turn:
            problems.append("the turn counter went back")
        for p, (old, new) in enumerate(zip(before.piles, after.piles, strict=True)):
            if new[: len(old)] != old:
                problems.append(f"player {p}'s VP pile lost a card")
        if after.draw_pos < before.draw_pos:
            problems.append("cards went back into the draw pile")
        return problems
