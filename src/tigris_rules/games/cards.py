"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

from tigris_rules.bots import CardBot, make_card_bots
from tigris_rules.cards.render import render_card_result, render_table
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.cards.state import CardGameState
from tigris_rules.model.config import GameConfig

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""

    # --- the command line (tigris_rules.tools.cli.GameCommands) -----------------------------

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[CardBot, ...]:
        return make_card_bots(spec, players, seed)

    def config_text(self, config: GameConfig) -> str:
        return (
            f"game=cards players={config.players} column_limit={config.column_limit} "
            f"open_scoring={str(config.open_scoring).lower()}"
        )

    def log_name(self, config: GameConfig) -> str:
        return "cards"

    def position_text(self, state: CardGameState) -> str:
        return render_table(state)

    def result_text(self, state: CardGameState) -> str:
        return render_card_result(state)

    def turns_played(self, state: CardGameState) -> int:
        # The turn counter moves on at each end of turn, the last one included.
        return state.turn if state.over else state.turn + 1
