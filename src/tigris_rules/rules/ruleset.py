"""The board game's ruleset: the base rules (RULES.md Part I) with the configuration's
variants, each a plug-in of the group ``tigris_rules.variants``."""

from __future__ import annotations

from typing import Any, cast

from tigris_rules.model.actions import Action
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.events import Event
from tigris_rules.model.outcome import Result
from tigris_rules.model.plugins import VARIANT_GROUP, plugin
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Ruleset
from tigris_rules.model.state import GameState
from tigris_rules.rules import engine, legality, scoring, setup
from tigris_rules.rules.hooks import Hooks, Variant, hooks_of
from tigris_rules.rules.state_check import board_state_problems

__all__ = ["BoardRules"]


class BoardRules(Ruleset[GameState, Action, Event]):
    """The board game (Tigris & Euphrates) for one configuration.

    ``variants`` holds one instance of each variant the configuration names, in canonical
    order (its :attr:`~tigris_rules.rules.hooks.Variant.slot` is its place there), and
    ``hooks`` the variants implementing each extension point.
    """

    game = "board"
    state_type = GameState

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.variants: tuple[Variant[Any], ...] = tuple(
            plugin(VARIANT_GROUP, name)(n) for n, name in enumerate(config.variants)
        )
        self.hooks: Hooks = hooks_of(self.variants)
        self.variant_inputs: tuple[type, ...] = tuple(t for v in self.variants for t in v.inputs)
        """The inputs and answers of the variants the game plays; another variant's answers
        no decision of the game (CONV-17, D26)."""

    def new_game(self, seed: object = None, deal: object = None) -> GameState:
        return setup.new_game(self.config, seed=seed, deal=cast(Deal | None, deal))

    # The rules' own functions, called with no method of the ruleset in between (the public
    # functions ask the ruleset once per input).
    to_move = staticmethod(engine.to_move)
    is_over = staticmethod(engine.is_over)
    legal_actions = staticmethod(legality.legal_actions)
    step = staticmethod(engine.step)
    apply = staticmethod(engine.apply)

    def result(self, state: GameState) -> Result:
        return scoring.result(state)

    def state_problems(self, state: GameState) -> list[StateProblem]:
        return board_state_problems(state)
