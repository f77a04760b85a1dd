"""Simple players for demos, tests and benchmarks.

A bot is anything with a ``choose(state)`` method that returns a legal action or answer for
the player who must decide now (:func:`~tigris_rules.to_move`). :func:`play_game` runs a
whole game between bots.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from tigris_rules import apply, is_over, legal_actions, new_game, to_move
from tigris_rules.model.actions import Action
from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import GameState

__all__ = ["DEFAULT_MAX_DECISIONS", "Bot", "RandomBot", "play_game", "random_bots"]

DEFAULT_MAX_DECISIONS = 1_000_000
"""The default cap on decisions in :func:`play_game`, a guard against a game that never ends."""


class Bot(Protocol):
    """A player program: picks the next action or decision answer."""

    def choose(self, state: GameState) -> Action:
        """Return a legal action or answer for ``to_move(state)`` in ``state``.

        Only called while the game is not over.
        """
        ...


class RandomBot:
    """Chooses uniformly at random among the legal actions of every decision.

    The choice comes from its own :class:`random.Random` seeded with ``seed``, so the same
    seed and the same states give the same choices. It picks one index below
    ``len(legal_actions(state))`` and never builds the full list of actions.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        """Return one of ``legal_actions(state)``, each with the same probability."""
        actions = legal_actions(state)
        count = len(actions)
        if count == 0:
            raise RuntimeError("no legal action to choose from")
        return actions[self._rng.randrange(count)]


def random_bots(players: int, seed: int) -> tuple[RandomBot, ...]:
    """One :class:`RandomBot` per seat, each with its own seed derived from ``seed``."""
    return tuple(RandomBot(seed * 16 + seat + 1) for seat in range(players))


def play_game(
    config: GameConfig,
    bots: Sequence[Bot],
    seed: int,
    *,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> tuple[GameState, int]:
    """Play a whole game of ``config`` dealt from ``seed``; ``bots[i]`` plays seat ``i``.

    At every decision the bot of the player who must decide is asked, whoever is active.
    Returns the final state and the number of decisions taken (actions and answers, end of
    turn included). Raises :class:`ValueError` when there is not one bot per seat and
    :class:`RuntimeError` when the game is still running after ``max_decisions`` decisions.
    """
    if len(bots) != config.players:
        raise ValueError(f"expected {config.players} bots, one per seat, got {len(bots)}")
    state = new_game(config, seed=seed)
    decisions = 0
    while not is_over(state):
        if decisions >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        player = to_move(state)
        if player is None:
            raise RuntimeError("nobody is to move, yet the game is not over")
        state = apply(state, bots[player].choose(state), player=player)
        decisions += 1
    return state, decisions
