"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

from tigris_rules.bots import Bot, make_bots
from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import GameState
from tigris_rules.render.svg import render_svg
from tigris_rules.render.text import render_board, render_result
from tigris_rules.rules.ruleset import BoardRules

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""

    # --- the command line (tigris_rules.tools.cli.GameCommands, GameSvg) -------------------

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[Bot, ...]:
        return make_bots(spec, players, seed)

    def config_text(self, config: GameConfig) -> str:
        variants = ",".join(config.variants) or "none"
        return f"players={config.players} board={config.board} variants={variants}"

    def log_name(self, config: GameConfig) -> str:
        return "-".join((config.board, *config.variants))

    def position_text(self, state: GameState) -> str:
        return render_board(state)

    def result_text(self, state: GameState) -> str:
        return render_result(state)

    def turns_played(self, state: GameState) -> int:
        return state.turn + 1  # the turn in progress, numbered from 0, counts

    def board_svg(self, state: GameState, caption: str) -> str:
        return render_svg(state, caption=caption)
