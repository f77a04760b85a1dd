"""The board game's ruleset: the base rules (RULES.md Part I) with the configuration's
variants, each a plug-in of the group ``tigris_rules.variants``."""

from __future__ import annotations

from typing import Any, cast

from tigris_rules.errors import ConfigError
from tigris_rules.model.actions import Action
from tigris_rules.model.board import BOARD_NAMES
from tigris_rules.model.config import GameConfig, known_variants
from tigris_rules.model.deal import Deal
from tigris_rules.model.events import Event
from tigris_rules.model.outcome import Result, Termination
from tigris_rules.model.plugins import VARIANT_GROUP, is_plugin, plugin
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Parameter, Ruleset
from tigris_rules.model.state import GameState
from tigris_rules.rules import engine, legality, scoring, setup
from tigris_rules.rules.hooks import Hooks, Variant, hooks_of
from tigris_rules.rules.state_check import board_state_problems

__all__ = ["BoardRules"]


def _check_board(value: object, _: GameConfig) -> None:
    if value not in BOARD_NAMES:
        raise ConfigError(f"unknown board {value!r}; expected one of {', '.join(BOARD_NAMES)}")


def _check_variants(value: object, _: GameConfig) -> None:
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"variants must be a tuple of names, not {value!r}")
    for name in value:
        if not is_plugin(VARIANT_GROUP, name):
            known = known_variants()
            hint = "; choose the board with board='alternative'" if name == "alternative" else ""
            raise ConfigError(f"unknown variant {name!r}; known variants: {', '.join(known)}{hint}")
    if len(set(value)) != len(value):
        raise ConfigError(f"variants are named more than once: {value!r}")


def _check_openers(value: object, config: GameConfig) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"single_action_openers must be an integer (OPT-3), not {value!r}")
    if not 0 <= value <= config.players:
        raise ConfigError(
            f"single_action_openers must be between 0 and {config.players} (OPT-3), not {value}"
        )


class BoardRules(Ruleset[GameState, Action, Event]):
    """The board game (Tigris & Euphrates) for one configuration.

    ``variants`` holds one instance of each variant the configuration names, in canonical
    order (its :attr:`~tigris_rules.rules.hooks.Variant.slot` is its place there), and
    ``hooks`` the variants implementing each extension point.
    """

    game = "board"
    state_type = GameState
    parameters = (
        Parameter(
            "board",
            "classic",
            _check_board,
            'The board: "classic" or "alternative" (SETUP-2, ALT-1).',
        ),
        Parameter(
            "variants",
            (),
            _check_variants,
            "The names of the variants in play, in canonical order (ENG, BLD, ZIG, and any "
            "installed variant).",
        ),
        Parameter(
            "single_action_openers",
            0,
            _check_openers,
            "N: seats 0..N-1 take a single action in their first turn, 0 <= N <= players (OPT-3).",
        ),
    )

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

    def deal_from_seed(self, seed: int) -> Deal:
        return setup.deal_from_seed(self.config, seed)

    # The rules' own functions, called with no method of the ruleset in between (the public
    # functions ask the ruleset once per input).
    to_move = staticmethod(engine.to_move)
    is_over = staticmethod(engine.is_over)
    legal_actions = staticmethod(legality.LegalActions)  # what legality.legal_actions returns
    step = staticmethod(engine.step)
    apply = staticmethod(engine.apply)

    def result(self, state: GameState) -> Result:
        return scoring.result(state)

    def end_reason(self, state: GameState) -> str:
        """Every end condition of the result's
        :attr:`~tigris_rules.Result.terminations` (END-1, END-2)."""
        reasons = []
        for end in self.result(state).terminations:
            if end is Termination.TREASURES:
                reasons.append(
                    f"only {len(state.treasures)} treasure(s) left on the board "
                    "(END-1, treasure end)"
                )
            elif end is Termination.BAG:
                reasons.append(
                    f"a draw from the bag was short (END-2, bag end; {state.bag_size} tile(s) left)"
                )
        if not reasons:
            return "the game ended"
        return "the game ended: " + " and ".join(reasons)

    def state_problems(self, state: GameState) -> list[StateProblem]:
        return board_state_problems(state)

    def transition_problems(self, before: GameState, after: GameState) -> list[str]:
        """Turns, scores, treasures taken and draws never go back; and what each variant
        says of its data (:meth:`~tigris_rules.rules.hooks.Variant.transition_problems`)."""
        problems = []
        if after.turn < before.turn:
            problems.append("the turn counter went back")
        for p, (old, new) in enumerate(zip(before.scores, after.scores, strict=True)):
            if any(n < o for o, n in zip(old, new, strict=True)):
                problems.append(f"player {p}'s score decreased")
        if any(n < o for o, n in zip(before.treasures_held, after.treasures_held, strict=True)):
            problems.append("a player's treasure count decreased")
        if after.bag_pos < before.bag_pos:
            problems.append("tiles went back into the bag")
        for variant in self.variants:
            problems.extend(variant.transition_problems(before, after))
        return problems
