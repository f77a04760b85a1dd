"""Helpers shared by the benchmark scripts of this folder (run.py, bench.py,
validate_bench.py): seeded random games, selfplay logs and the layout of a figure line."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

import attrs

import tigris_rules as tr
from tigris_rules.bots import random_bots

__all__ = [
    "figure",
    "fresh_copy",
    "measure_validation",
    "playout",
    "playout_states",
    "selfplay",
]


def figure(label: str, value: str, unit: str, detail: str) -> str:
    """One aligned line of output."""
    return f"{label + ':':<32}{value:>12} {unit:<10} ({detail})"


def playout(config: tr.GameConfig, seed: int) -> int:
    """Play one game dealt from ``seed`` where every decision picks uniformly among
    ``legal_actions(state)`` (one index below ``len``, never a full list), with
    ``random.Random(seed)``; return the number of decisions."""
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    decisions = 0
    while not tr.is_over(state):
        actions = tr.legal_actions(state)
        state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
        decisions += 1
    return decisions


def playout_states(config: tr.GameConfig, seed: int) -> list[tr.GameState]:
    """Every state of the game :func:`playout` plays from ``seed``, the opening first, as
    ``apply`` returned them."""
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    states = [state]
    while not tr.is_over(state):
        actions = tr.legal_actions(state)
        state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
        states.append(state)
    return states


def fresh_copy(state: tr.GameState) -> tr.GameState:
    """An equal state with nothing cached on it."""
    return attrs.evolve(state)


def selfplay(config: tr.GameConfig, seed: int) -> tr.GameLog:
    """The log of one random-bot game, as ``tigris-rules selfplay`` records it."""
    bots = random_bots(config.players, seed)

    def choose(state: tr.GameState) -> tr.Action:
        player = tr.to_move(state)
        if player is None:
            raise RuntimeError("asked to choose after the end of the game")
        return bots[player].choose(state)

    return tr.record_game(config, choose, seed=seed)


def measure_validation(texts: Sequence[str], repeats: int = 1) -> tuple[float, int]:
    """Actions per second of ``validate_json`` (reading and replay) over ``texts``, the
    fastest of ``repeats`` passes, and the number of actions."""
    fastest = float("inf")
    actions = 0
    for _ in range(repeats):
        actions = 0
        start = time.perf_counter()
        for text in texts:
            report = tr.validate_json(text)
            if not report.valid:
                raise RuntimeError(f"a selfplay log is not valid: {report.problems[0]}")
            actions += report.actions
        fastest = min(fastest, time.perf_counter() - start)
    return actions / fastest, actions
