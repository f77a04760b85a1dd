"""The board game and the card game as PettingZoo AEC environments, for multi-agent
reinforcement learning.

Needs PettingZoo (``pip install 'tigris-rules[pettingzoo]'``); ``import tigris_rules`` never
imports it. :class:`TigrisEuphratesEnv` (the board game, :func:`env`) and
:class:`TigrisCardEnv` (the card game, RULES.md Part II, :func:`card_env`) follow
PettingZoo's classic board games:

- agents ``player_0`` .. ``player_{n-1}`` are the seats; ``agent_selection`` is the seat that
  must decide (:func:`~tigris_rules.to_move`), the defender of a conflict included;
- an observation is a ``Dict`` of ``"observation"``, the library's
  :func:`~tigris_rules.ai.information.observation` of that agent (written straight into the
  array, :func:`~tigris_rules.ai.information.observation_into`) as an ``int32`` ``Box`` of
  length :func:`~tigris_rules.ai.information.observation_size` within
  :func:`~tigris_rules.ai.information.observation_bounds`, and ``"action_mask"``, an
  ``int8`` ``Box`` of length N with the :func:`~tigris_rules.legal_action_mask` of the agent
  to move (zeros for the others);
- the action space is ``Discrete(N)``, N the size of the
  :func:`~tigris_rules.action_encoding`;
- rewards are 0 until the game ends, then
  :func:`~tigris_rules.ai.integrations.returns.ranking_returns` (+1 / -1 for two players, ties
  shared); a game still running after ``max_decisions`` decisions is *truncated* instead,
  with no reward (the rules bound no game);
- ``reset(seed=s)`` seeds the environment's generator, which draws the seed of each deal
  (:func:`~tigris_rules.new_game`), so the same seed and actions replay the same games;
- ``render()`` with ``render_mode="ansi"`` returns the text board
  (:func:`~tigris_rules.render.render_board`) and who must decide; for the card game, the
  state as text (``str(state)``: the table, the players and what is awaited).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any, cast

from tigris_rules._arguments import expect, expect_items
from tigris_rules._extras import extra_needed
from tigris_rules.ai.encoding import action_encoding, legal_action_flags
from tigris_rules.ai.information import observation_bounds, observation_size, observation_writer
from tigris_rules.ai.integrations._texts import board_text
from tigris_rules.ai.integrations.returns import (
    DEFAULT_CARD_MAX_DECISIONS,
    DEFAULT_MAX_DECISIONS,
    ranking_returns,
)
from tigris_rules.api import AnyState, apply, is_over, new_game, to_move
from tigris_rules.errors import ArgumentTypeError, ConfigError
from tigris_rules.model.config import GameConfig

with extra_needed("pettingzoo", "tigris_rules.ai.integrations.pettingzoo"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv

__all__ = ["DEFAULT_CARD_MAX_DECISIONS", "TigrisCardEnv", "TigrisEuphratesEnv", "card_env", "env"]


class _TigrisEnv(AECEnv):  # type: ignore[misc]
    """A game of one configuration for PettingZoo's agent-environment cycle."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "tigris_euphrates_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, config: GameConfig, max_decisions: int, render_mode: str | None) -> None:
        super().__init__()
        expect(max_decisions, int, "max_decisions")
        expect(render_mode, (str, None), "render_mode")
        self.config = config
        players = config.players
        if max_decisions < 1:
            raise ConfigError(f"max_decisions must be a positive integer, not {max_decisions}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self._encoding = action_encoding(self.config)
        self._writer = observation_writer(self.config)
        self._size = observation_size(self.config)
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self.agents = list(self.possible_agents)
        size = self._encoding.size
        low, high = observation_bounds(self.config)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=np.array(low, dtype=np.int32),
                        high=np.array(high, dtype=np.int32),
                        dtype=np.int32,
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = random.Random()
        self.state_value: Any = None
        self.decisions = 0

    @property
    def game_state(self) -> Any:
        """The rules' state of the current game; :class:`~tigris_rules.ConfigError` before
        the first ``reset``."""
        if self.state_value is None:
            raise ConfigError("call reset() before using the environment")
        return self.state_value

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self._check_agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self._check_agent(agent)]

    def _check_agent(self, agent: object) -> str:
        if agent not in self.possible_agents:
            raise ArgumentTypeError(
                f"agent: expected one of {', '.join(self.possible_agents)}, got {agent!r}"
            )
        return str(agent)

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(self._check_agent(agent))

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, dealt from a seed the environment's generator draws; ``seed`` seeds
        that generator first."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.state_value = new_game(self.config, seed=self._rng.getrandbits(64))
        self.decisions = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        player = to_move(self.game_state)
        return self.possible_agents[0 if player is None else player]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and, when he must decide, the mask of his legal actions."""
        seat = self._seat(agent)
        state = self.game_state
        if agent == self.agent_selection and not is_over(state):
            mask = np.frombuffer(legal_action_flags(state), dtype=np.int8)
        else:
            mask = np.zeros(self._encoding.size, dtype=np.int8)
        seen = np.empty(self._size, dtype=np.int32)
        self._writer.write(state, seat, seen)
        return {"observation": seen, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The selected agent's action: an index of the encoding, legal in the game (else
        :class:`~tigris_rules.IllegalActionError`); ``None`` once he is done."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            index = operator.index(action)
        except TypeError:
            raise ArgumentTypeError.expected("action", "an action index (int)", action) from None
        state = apply(
            self.game_state, cast(Any, self._encoding.decode(index)), player=self._seat(agent)
        )
        self.state_value = state
        self.decisions += 1
        self._clear_rewards()
        if is_over(state):
            returns = ranking_returns(state)
            self.rewards = {a: returns[p] for p, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.decisions >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return self._text(self.game_state)

    def _text(self, state: AnyState) -> str:
        return str(state)

    def close(self) -> None:
        """Nothing to release."""


class TigrisEuphratesEnv(_TigrisEnv):
    """Tigris & Euphrates (the board game) for PettingZoo's agent-environment cycle.

    ``players``, ``board`` and ``variants`` are those of :class:`~tigris_rules.GameConfig`;
    ``max_decisions`` truncates a game that runs longer; ``render_mode`` is ``None`` or
    ``"ansi"``.
    """

    def __init__(
        self,
        players: int = 2,
        board: str = "classic",
        variants: Sequence[str] = (),
        *,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        expect(players, int, "players")
        expect(board, str, "board")
        expect_items(variants, str, "variants")
        config = GameConfig(players=players, board=board, variants=tuple(variants))
        super().__init__(config, max_decisions, render_mode)

    def _text(self, state: Any) -> str:
        """The board and who must decide."""
        return board_text(state)


class TigrisCardEnv(_TigrisEnv):
    """Tigris & Euphrates, the card game (RULES.md Part II), for PettingZoo's
    agent-environment cycle.

    ``players``, ``column_limit`` and ``open_scoring`` are those of
    :class:`~tigris_rules.GameConfig` (``game="cards"``); ``max_decisions`` truncates a game
    that runs longer; ``render_mode`` is ``None`` or ``"ansi"``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "tigris_euphrates_cards_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        column_limit: int = 8,
        open_scoring: bool = False,
        *,
        max_decisions: int = DEFAULT_CARD_MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        expect(players, int, "players")
        expect(column_limit, int, "column_limit")
        expect(open_scoring, bool, "open_scoring")
        config = GameConfig(
            players=players, game="cards", column_limit=column_limit, open_scoring=open_scoring
        )
        super().__init__(config, max_decisions, render_mode)


def env(
    players: int = 2,
    board: str = "classic",
    variants: Sequence[str] = (),
    *,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    render_mode: str | None = None,
) -> TigrisEuphratesEnv:
    """A :class:`TigrisEuphratesEnv` (PettingZoo's usual constructor name), with the same
    arguments."""
    return TigrisEuphratesEnv(
        players, board, variants, max_decisions=max_decisions, render_mode=render_mode
    )


def card_env(
    players: int = 2,
    column_limit: int = 8,
    open_scoring: bool = False,
    *,
    max_decisions: int = DEFAULT_CARD_MAX_DECISIONS,
    render_mode: str | None = None,
) -> TigrisCardEnv:
    """A :class:`TigrisCardEnv`, with the same arguments."""
    return TigrisCardEnv(
        players, column_limit, open_scoring, max_decisions=max_decisions, render_mode=render_mode
    )
