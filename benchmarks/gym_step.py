"""The cost of a step of the single-agent Gymnasium environment, against the PettingZoo
environment on the same configurations.

Usage: ``python benchmarks/gym_step.py [--game board|cards] [--players P] [--rounds R]
[--episodes E] [--observation vector|planes] [--json]``

After one warm-up episode in each, each round plays ``E`` whole episodes in each
environment, in turn (the order alternates from round to round), seeded with the same seeds
in both. In the Gymnasium environment the agent picks uniformly among
``info["action_mask"]`` and ``RandomBot`` plays the other seats inside ``step``; in the
PettingZoo environment every seat picks uniformly among its observation's mask. Both count
every decision of the game (the agent's, the bots' and every AEC step, the dead steps at
the end left out). It prints, for each environment, the median and the range over the
rounds of its decisions per CPU-second and of the Gymnasium agent's steps per CPU-second,
and the ratio of the two environments' decisions per CPU-second, round by round (process
CPU time, ``time.process_time``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import numpy as np

from tigris_rules.ai.integrations.gymnasium_env import TigrisCardGymEnv, TigrisEuphratesGymEnv
from tigris_rules.ai.integrations.pettingzoo import TigrisCardEnv, TigrisEuphratesEnv


def gym_episodes(
    game: str, players: int, seeds: list[int], observation: str = "vector"
) -> tuple[int, int]:
    """(agent steps, decisions) of one episode per seed in the Gymnasium environment."""
    env: Any = (
        TigrisEuphratesGymEnv(players=players, observation=observation)
        if game == "board"
        else TigrisCardGymEnv(players=players)
    )
    steps = decisions = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            done = terminated or truncated
        decisions += env.decisions
    return steps, decisions


def pettingzoo_episodes(game: str, players: int, seeds: list[int]) -> int:
    """Decisions of one episode per seed in the PettingZoo environment."""
    env: Any = (
        TigrisEuphratesEnv(players=players) if game == "board" else TigrisCardEnv(players=players)
    )
    decisions = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _ in env.agent_iter():
            seen, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
            decisions += 1
    return decisions


def spread(values: list[float]) -> dict[str, float]:
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("board", "cards"), default="board")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--episodes", type=int, default=3)
    parser.add_argument("--observation", choices=("vector", "planes"), default="vector")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    gym_rates: list[float] = []
    step_rates: list[float] = []
    pz_rates: list[float] = []
    ratios: list[float] = []
    gym_episodes(
        args.game, args.players, [10**6], args.observation
    )  # warm-up: the encodings and caches
    pettingzoo_episodes(args.game, args.players, [10**6])
    for round_ in range(args.rounds):
        seeds = [round_ * args.episodes + i for i in range(args.episodes)]
        timed: dict[str, tuple[float, int, int]] = {}
        order = ("gym", "pettingzoo") if round_ % 2 == 0 else ("pettingzoo", "gym")
        for side in order:
            start = time.process_time()
            if side == "gym":
                steps, decisions = gym_episodes(args.game, args.players, seeds, args.observation)
            else:
                steps, decisions = 0, pettingzoo_episodes(args.game, args.players, seeds)
            timed[side] = (time.process_time() - start, steps, decisions)
        gym_cpu, gym_steps, gym_decisions = timed["gym"]
        pz_cpu, _, pz_decisions = timed["pettingzoo"]
        gym_rates.append(gym_decisions / gym_cpu)
        step_rates.append(gym_steps / gym_cpu)
        pz_rates.append(pz_decisions / pz_cpu)
        ratios.append(gym_rates[-1] / pz_rates[-1])
    report = {
        "game": args.game,
        "players": args.players,
        "observation": args.observation,
        "rounds": args.rounds,
        "episodes_per_round": args.episodes,
        "gym_decisions_per_cpu_second": spread(gym_rates),
        "gym_agent_steps_per_cpu_second": spread(step_rates),
        "pettingzoo_decisions_per_cpu_second": spread(pz_rates),
        "ratio_gym_to_pettingzoo": spread(ratios),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"{args.game}, {args.players} players, {args.observation} observations: "
        f"{args.rounds} rounds of {args.episodes} episodes"
    )
    for key in (
        "gym_decisions_per_cpu_second",
        "gym_agent_steps_per_cpu_second",
        "pettingzoo_decisions_per_cpu_second",
        "ratio_gym_to_pettingzoo",
    ):
        figures = report[key]
        assert isinstance(figures, dict)
        print(
            f"{key + ':':<40}{figures['median']:>10.2f} "
            f"(range {figures['min']:.2f} to {figures['max']:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
