"""The library's move ranking as a prior for OpenSpiel's MCTS.

Needs OpenSpiel (``pip install 'tigris-rules[openspiel]'``); ``import tigris_rules`` never
imports it. :class:`RankingEvaluator` is an evaluator of
``open_spiel.python.algorithms.mcts`` (``mcts.MCTSBot(game, uct_c, simulations,
RankingEvaluator())``), for the games this package registers with OpenSpiel
(``tigris_euphrates``, :mod:`tigris_rules.ai.integrations.openspiel`):

- :meth:`~RankingEvaluator.prior` of a decision gives every legal action a probability from
  the ranking :class:`~tigris_rules.ai.search.ISMCTSBot` uses
  (:func:`~tigris_rules.ai.search.ranked_actions`): the action ranked ``i``-th weighs
  ``exp(-i / temperature)``, every legal action left out of the ranking weighs as much as
  one ranked just after the last, and the weights are normalised. At a chance node it is
  the chance outcomes. A prior steers the search with a PUCT selection
  (``child_selection_fn=mcts.SearchNode.puct_value``); with UCT it only breaks ties.
- :meth:`~RankingEvaluator.evaluate` gives each seat ``2 v - 1``, ``v`` the library's value
  of the position for that seat (:func:`~tigris_rules.ai.search.settled_values`, in
  [0, 1]), so +1 / -1 for a won / lost two-player game like the returns; with
  ``rollouts=n`` it averages the returns of ``n`` random playouts instead, like OpenSpiel's
  ``RandomRolloutEvaluator`` (chance outcomes drawn by their probabilities), each cut after
  ``max_length`` moves and then scored by the library's value.

The rules' state of an OpenSpiel state is read through the adapter's public
``state.game_state`` (``None`` while the tiles are dealt). OpenSpiel's MCTS searches that
full state, the other hands and the bag included: it is a perfect-information search.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tigris_rules._arguments import expect
from tigris_rules._extras import extra_needed
from tigris_rules.ai.encoding import action_encoding
from tigris_rules.ai.search import ranked_actions, settled_values
from tigris_rules.errors import ArgumentTypeError, ConfigError

with extra_needed("openspiel", "tigris_rules.ai.integrations.openspiel_prior"):
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

__all__ = ["RankingEvaluator"]


class RankingEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """An evaluator of OpenSpiel's MCTS whose prior is the library's move ranking.

    ``temperature`` (positive) spreads the prior over the ranking; ``rollouts`` (0, the
    default: none) is the number of random playouts :meth:`evaluate` averages, each at most
    ``max_length`` moves; ``sample`` and ``limit`` are those of
    :func:`~tigris_rules.ai.search.ranked_actions`; ``seed`` seeds the draws.
    """

    def __init__(
        self,
        *,
        temperature: float = 2.0,
        rollouts: int = 0,
        max_length: int = 400,
        sample: int = 6,
        limit: int = 24,
        seed: int | None = None,
    ) -> None:
        expect(temperature, (int, float), "temperature")
        expect(rollouts, int, "rollouts")
        expect(max_length, int, "max_length")
        expect(sample, int, "sample")
        expect(limit, int, "limit")
        expect(seed, (int, None), "seed")
        if not 0 < temperature < math.inf:
            raise ConfigError(f"temperature must be positive and finite, not {temperature!r}")
        if rollouts < 0 or max_length < 1 or sample < 0 or limit < 0:
            raise ConfigError(
                "rollouts, sample and limit must not be negative and max_length must be "
                f"positive, not {rollouts}, {sample}, {limit}, {max_length}"
            )
        self.temperature = float(temperature)
        self.rollouts = rollouts
        self.max_length = max_length
        self.sample = sample
        self.limit = limit
        self._rng = random.Random(seed)
        self._np_rng = np.random.default_rng(self._rng.getrandbits(64))

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """(action, probability) for every legal action of ``state``, from the ranking."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = list(state.legal_actions())
        engine = _engine_state(state)
        encoding = action_encoding(engine.config)
        ranked = ranked_actions(engine, self._rng, sample=self.sample, limit=self.limit)
        place = {encoding.encode(action): i for i, action in enumerate(ranked)}
        last = len(ranked)
        weights = [math.exp(-place.get(action, last) / self.temperature) for action in legal]
        total = sum(weights)
        return [(action, weight / total) for action, weight in zip(legal, weights, strict=True)]

    def evaluate(self, state: Any) -> Any:
        """The value of ``state`` for each seat in [-1, 1]: the library's, or the average
        return of random playouts."""
        if self.rollouts == 0:
            return _values(state)
        total = np.zeros(state.num_players())
        for _ in range(self.rollouts):
            total += self._playout(state)
        return total / self.rollouts

    def _playout(self, state: Any) -> Any:
        """The returns of one random playout from ``state``, scored by the library's value
        if cut short."""
        working = state.clone()
        for _ in range(self.max_length):
            if working.is_terminal():
                return np.array(working.returns(), dtype=np.float64)
            if working.is_chance_node():
                actions, probabilities = zip(*working.chance_outcomes(), strict=True)
                working.apply_action(int(self._np_rng.choice(actions, p=probabilities)))
            else:
                working.apply_action(self._rng.choice(working.legal_actions()))
        if working.is_terminal():
            return np.array(working.returns(), dtype=np.float64)
        return _values(working)


def _engine_state(state: Any) -> Any:
    """The rules' state of an OpenSpiel state of this package's games."""
    engine = getattr(state, "game_state", None)
    if not isinstance(state, pyspiel.State) or engine is None:
        raise ArgumentTypeError(
            "state: expected an OpenSpiel state of this package's games past the deal, "
            f"got {type(state).__name__}"
        )
    return engine


def _values(state: Any) -> Any:
    """The library's value of an OpenSpiel state for each seat, as 2 v - 1."""
    if state.is_chance_node() and getattr(state, "game_state", None) is None:
        return np.zeros(state.num_players())
    return np.array([2.0 * v - 1.0 for v in settled_values(_engine_state(state))])
