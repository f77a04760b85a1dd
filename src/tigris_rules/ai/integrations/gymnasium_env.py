"""Either game as a single-agent Gymnasium environment: the agent plays one seat, bots play
the others.

Needs Gymnasium (``pip install 'tigris-rules[gymnasium]'``); ``import tigris_rules`` never
imports it. Importing this module registers two ids with :func:`gymnasium.register`:

- ``tigris_rules/TigrisEuphrates-v0``: :class:`TigrisEuphratesGymEnv`, the board game;
- ``tigris_rules/TigrisEuphratesCards-v0``: :class:`TigrisCardGymEnv`, the card game
  (RULES.md Part II).

``gymnasium.make("tigris_rules.ai.integrations.gymnasium_env:tigris_rules/TigrisEuphrates-v0")``
imports it and makes one in a single call; keyword arguments go to the class.

- The agent plays ``seat``, or a seat drawn at each ``reset`` when ``seat`` is ``None``
  (the default). ``opponents`` plays every other seat: a bot name of the game
  (``"random"``, the default, ``"greedy"``, ``"ismcts:N"``), made afresh at each ``reset``
  with a seed the environment draws, or any bot object (a ``choose(state)`` method), used as
  it is; or one of those per other seat, in seat order after the agent's.
- ``observation="vector"`` (the default): the agent's
  :func:`~tigris_rules.ai.information.observation`, an ``int32`` ``Box`` within
  :func:`~tigris_rules.ai.information.observation_bounds`. ``observation="planes"`` (the
  board game only): :func:`~tigris_rules.ai.planes.observation_planes`, a ``float32`` ``Box``
  of shape (C, 11, 16) within :func:`~tigris_rules.ai.planes.planes_bounds`.
- The action space is ``Discrete(N)``, N the size of the
  :func:`~tigris_rules.action_encoding`. ``action_masks()`` (the
  convention of sb3-contrib's ``MaskablePPO``) gives the legal actions as booleans, and
  ``info["action_mask"]`` the same as ``int8``. An index outside the space raises
  :class:`~tigris_rules.ai.encoding.EncodingError`. An index of the space that is not legal
  now, by default (``illegal_action="end"``), ends the episode as a loss: terminated,
  reward -1 (the least return), ``info["illegal_action"]`` true; Gymnasium expects every
  action of the space to be accepted, and its checker plays random ones. With
  ``illegal_action="raise"`` it raises :class:`~tigris_rules.IllegalActionError` (the
  rules' error, naming the rule) and the state stays as it was.
- The reward is 0 until the game ends, then the agent's
  :func:`~tigris_rules.ai.integrations.returns.ranking_returns` (+1 / -1 in a two-player
  game, ties shared). A game still running after ``max_decisions`` decisions (everybody's,
  as in the other adapters) is truncated, with reward 0.
- ``reset(seed=s)`` seeds the environment's generator, which draws the deal, the seat and
  the opponents' seeds, so the same seed and actions replay the same episode (with bot
  objects, as far as those bots replay their own choices).
- ``render()`` with ``render_mode="ansi"`` returns the position as text.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Protocol, cast

from tigris_rules._arguments import expect, expect_items
from tigris_rules._extras import extra_needed
from tigris_rules.ai.bots import Bot, BotError
from tigris_rules.ai.encoding import action_encoding, legal_action_flags
from tigris_rules.ai.information import observation_bounds, observation_size, observation_writer
from tigris_rules.ai.integrations._texts import board_text
from tigris_rules.ai.integrations.returns import (
    DEFAULT_CARD_MAX_DECISIONS,
    DEFAULT_MAX_DECISIONS,
    ranking_returns,
)
from tigris_rules.api import AnyState, apply, is_over, new_game, to_move
from tigris_rules.errors import ArgumentTypeError, ConfigError, IllegalActionError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for

with extra_needed("gymnasium", "tigris_rules.ai.integrations.gymnasium_env"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces

__all__ = [
    "BOARD_ENV_ID",
    "CARD_ENV_ID",
    "ILLEGAL_ACTIONS",
    "OBSERVATIONS",
    "TigrisCardGymEnv",
    "TigrisEuphratesGymEnv",
]

BOARD_ENV_ID = "tigris_rules/TigrisEuphrates-v0"
"""The id of the board game's environment."""

CARD_ENV_ID = "tigris_rules/TigrisEuphratesCards-v0"
"""The id of the card game's environment."""

OBSERVATIONS = ("vector", "planes")
"""The observations an environment may give: the flat vector, or the board's planes."""

ILLEGAL_ACTIONS = ("end", "raise")
"""What an illegal action index does: end the episode as a loss, or raise."""

Opponent = str | Bot
"""A bot name of the game or a bot object."""


class _GameBots(Protocol):
    """What the environment asks of a ruleset to seat bots by name (the games'
    ``make_bots``)."""

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[Any, ...]:
        """One bot per seat from a comma-separated list of names."""
        ...


class _SingleAgentEnv(gymnasium.Env[Any, np.int64]):
    """One seat of a game of ``config`` for a single learning agent, the others played by
    bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012
    action_space: spaces.Discrete
    observation_space: spaces.Box

    def __init__(
        self,
        config: GameConfig,
        *,
        seat: int | None,
        opponents: Opponent | Sequence[Opponent],
        observation: str,
        illegal_action: str,
        max_decisions: int,
        render_mode: str | None,
    ) -> None:
        super().__init__()
        expect(seat, (int, None), "seat")
        expect(observation, str, "observation")
        expect(illegal_action, str, "illegal_action")
        expect(max_decisions, int, "max_decisions")
        expect(render_mode, (str, None), "render_mode")
        players = config.players
        if seat is not None and not 0 <= seat < players:
            raise ConfigError(f"seat {seat} is not a seat of a {players}-player game")
        if max_decisions < 1:
            raise ConfigError(f"max_decisions must be a positive integer, not {max_decisions}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if observation not in OBSERVATIONS:
            raise ConfigError(
                f"observation must be one of {', '.join(map(repr, OBSERVATIONS))}, "
                f"not {observation!r}"
            )
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ConfigError(
                f"illegal_action must be one of {', '.join(map(repr, ILLEGAL_ACTIONS))}, "
                f"not {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.config = config
        self.seat_choice = seat
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self._opponents = _opponents(config, opponents)
        self._encoding = action_encoding(config)
        self.action_space = spaces.Discrete(self._encoding.size)
        self._observe, self.observation_space = _observation(config, observation)
        self.state_value: Any = None
        self.seat = 0
        self.decisions = 0
        self._ended = True
        self._bots: list[Any] = []
        self._mask = np.zeros(self._encoding.size, dtype=np.int8)

    @property
    def game_state(self) -> Any:
        """The rules' state of the current game; :class:`~tigris_rules.ConfigError` before
        the first ``reset``."""
        if self.state_value is None:
            raise ConfigError("call reset() before using the environment")
        return self.state_value

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game, dealt from a seed the environment's generator draws (``seed`` seeds
        that generator first), the agent's seat and the named bots' seeds drawn after it;
        the bots play until the agent must decide."""
        super().reset(seed=seed)
        rng = self.np_random
        players = self.config.players
        state = new_game(self.config, seed=int(rng.integers(2**63)))
        self.seat = int(rng.integers(players)) if self.seat_choice is None else self.seat_choice
        self._bots = [None] * players
        for k, opponent in enumerate(self._opponents, start=1):
            made = _made_bot(self.config, opponent, int(rng.integers(2**62)))
            self._bots[(self.seat + k) % players] = made
        self.decisions = 0
        self._ended = False
        self.state_value = self._play_bots(state)
        seen, _, _, _, info = self._answer()
        return seen, info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent's action, an index of the encoding, then the bots' until the agent
        must decide again or the game ends."""
        state = self.game_state
        if self._ended:
            raise ConfigError("the episode has ended: call reset() to start a new one")
        try:
            index = operator.index(action)
        except TypeError:
            raise ArgumentTypeError.expected("action", "an action index (int)", action) from None
        try:
            state = apply(state, self._encoding.decode(index), player=self.seat)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            self._mask = np.zeros(self._encoding.size, dtype=np.int8)
            info = {"action_mask": self._mask.copy(), "seat": self.seat, "illegal_action": True}
            return self._observe(state, self.seat), -1.0, True, False, info
        self.decisions += 1
        self.state_value = self._play_bots(state)
        return self._answer()

    def _play_bots(self, state: AnyState) -> AnyState:
        """``state`` after the bots' decisions, up to the agent's turn, the end or the cap."""
        while self.decisions < self.max_decisions:
            player = to_move(state)
            if player is None or player == self.seat:
                break
            state = apply(state, self._bots[player].choose(state), player=player)
            self.decisions += 1
        return state

    def _answer(self) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        state = self.game_state
        terminated = is_over(state)
        truncated = not terminated and self.decisions >= self.max_decisions
        reward = ranking_returns(state)[self.seat] if terminated else 0.0
        if terminated or truncated:
            self._ended = True
            self._mask = np.zeros(self._encoding.size, dtype=np.int8)
        else:
            self._mask = np.frombuffer(legal_action_flags(state), dtype=np.int8)
        info = {"action_mask": self._mask.copy(), "seat": self.seat, "illegal_action": False}
        return self._observe(state, self.seat), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The agent's legal actions now, ``True`` at each legal index (all ``False`` once
        the episode has ended)."""
        self.game_state  # noqa: B018 (refused before the first reset)
        return self._mask.astype(np.bool_)

    def render(self) -> str | None:
        """The position as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode='ansi'")
            return None
        return self._text(self.game_state)

    def _text(self, state: Any) -> str:
        return str(state)


def _opponents(config: GameConfig, opponents: object) -> tuple[Opponent, ...]:
    """One opponent per seat after the agent's: a single one repeated, or one each."""
    others = config.players - 1
    if isinstance(opponents, str | Bot):
        chosen: tuple[Any, ...] = (opponents,) * others
    else:
        expect_items(opponents, (str, Bot), "opponents", "a bot name or a bot")
        chosen = tuple(cast("Sequence[Opponent]", opponents))
        if len(chosen) != others:
            raise BotError(
                f"expected 1 opponent or {others}, one per other seat, got {len(chosen)}"
            )
    for name in chosen:
        _made_bot(config, name, 0)  # an unknown name is refused now
    return chosen


def _made_bot(config: GameConfig, opponent: Opponent, seed: int) -> Any:
    """The bot a name makes for the game (seeded with ``seed``), or the bot given."""
    if not isinstance(opponent, str):
        return opponent
    bots: _GameBots | None = offered(ruleset_for(config), _GameBots)
    if bots is None:
        raise BotError(f"the {config.game!r} game names no bots: give bot objects")
    return bots.make_bots(opponent, 1, seed)[0]


def _observation(config: GameConfig, kind: str) -> tuple[Any, spaces.Box]:
    """How the agent's observation is made, and its space."""
    if kind == "planes":
        from tigris_rules.ai.planes import observation_planes, planes_bounds

        low, high = planes_bounds(config)
        return observation_planes, spaces.Box(low=low, high=high, dtype=np.float32)
    low_values, high_values = observation_bounds(config)
    box = spaces.Box(
        low=np.array(low_values, dtype=np.int32),
        high=np.array(high_values, dtype=np.int32),
        dtype=np.int32,
    )

    writer = observation_writer(config)
    size = observation_size(config)

    def vector(state: AnyState, seat: int) -> np.ndarray[Any, np.dtype[np.int32]]:
        seen = np.empty(size, dtype=np.int32)
        writer.write(state, seat, seen)
        return seen

    return vector, box


class TigrisEuphratesGymEnv(_SingleAgentEnv):
    """Tigris & Euphrates (the board game) for one agent against bots.

    ``players``, ``board`` and ``variants`` are those of :class:`~tigris_rules.GameConfig`;
    ``seat``, ``opponents``, ``observation``, ``illegal_action``, ``max_decisions`` and
    ``render_mode`` are described in the module documentation.
    """

    def __init__(
        self,
        players: int = 2,
        board: str = "classic",
        variants: Sequence[str] = (),
        *,
        seat: int | None = None,
        opponents: Opponent | Sequence[Opponent] = "random",
        observation: str = "vector",
        illegal_action: str = "end",
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        expect(players, int, "players")
        expect(board, str, "board")
        expect_items(variants, str, "variants")
        config = GameConfig(players=players, board=board, variants=tuple(variants))
        super().__init__(
            config,
            seat=seat,
            opponents=opponents,
            observation=observation,
            illegal_action=illegal_action,
            max_decisions=max_decisions,
            render_mode=render_mode,
        )

    def _text(self, state: Any) -> str:
        """The board and who must decide."""
        return board_text(state)


class TigrisCardGymEnv(_SingleAgentEnv):
    """Tigris & Euphrates, the card game (RULES.md Part II), for one agent against bots.

    ``players``, ``column_limit`` and ``open_scoring`` are those of
    :class:`~tigris_rules.GameConfig` (``game="cards"``); ``seat``, ``opponents``,
    ``illegal_action``, ``max_decisions`` and ``render_mode`` are described in the module
    documentation. The observation is the vector.
    """

    def __init__(
        self,
        players: int = 2,
        column_limit: int = 8,
        open_scoring: bool = False,
        *,
        seat: int | None = None,
        opponents: Opponent | Sequence[Opponent] = "random",
        illegal_action: str = "end",
        max_decisions: int = DEFAULT_CARD_MAX_DECISIONS,
        render_mode: str | None = None,
    ) -> None:
        expect(players, int, "players")
        expect(column_limit, int, "column_limit")
        expect(open_scoring, bool, "open_scoring")
        config = GameConfig(
            players=players, game="cards", column_limit=column_limit, open_scoring=open_scoring
        )
        super().__init__(
            config,
            seat=seat,
            opponents=opponents,
            observation="vector",
            illegal_action=illegal_action,
            max_decisions=max_decisions,
            render_mode=render_mode,
        )


for _id, _entry in (
    (BOARD_ENV_ID, "TigrisEuphratesGymEnv"),
    (CARD_ENV_ID, "TigrisCardGymEnv"),
):
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=f"{__name__}:{_entry}")
