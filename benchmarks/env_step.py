"""Environment steps per CPU-second through PettingZoo and through OpenSpiel, for both games,
against another commit.

Usage: ``python benchmarks/env_step.py [--against REV] [--rounds R] [--steps S] [--json]``

Four workloads, each with two players: the PettingZoo AEC environment of each game
(``TigrisEuphratesEnv``, ``TigrisCardEnv``), every seat picking uniformly among its
observation's ``action_mask``; and OpenSpiel's ``rl_environment.Environment`` of each game
(``tigris_euphrates``, ``tigris_euphrates_cards``), the player to move picking uniformly
among his legal actions and the environment sampling the chance nodes. A step is one
decision of a player (``env.step`` with an action; the dead steps at the end of a
PettingZoo game and the chance nodes are not counted apart). Each measurement is a fresh
process that builds its environment and plays one warm-up episode untimed, then plays ``S``
steps from seeded games (the same seeds every time) and reports its process CPU time
(``time.process_time``).

With ``--against REV`` the script checks REV out into a temporary ``git worktree`` and, for
each workload and round, runs one process on this tree and one on REV in turn, each with
``PYTHONPATH`` set to its tree's ``src``; it prints, per workload, the median and range of
the steps per CPU-second of each tree and the ratio of this tree to REV pair by pair, then
removes the worktree. Without it, only this tree is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

WORKLOADS = (
    ("pettingzoo", "board"),
    ("pettingzoo", "cards"),
    ("openspiel", "board"),
    ("openspiel", "cards"),
)
"""(framework, game) of every workload, in the order they are measured."""

HERE = Path(__file__).resolve().parent.parent
"""The root of this tree."""


def pettingzoo_steps(game: str, steps: int, seed: int) -> int:
    """Plays ``steps`` decisions in PettingZoo's AEC environment of ``game``, whole games from
    consecutive seeds; returns the decisions played."""
    import numpy as np

    from tigris_rules.ai.integrations.pettingzoo import TigrisCardEnv, TigrisEuphratesEnv

    env: Any = TigrisEuphratesEnv(players=2) if game == "board" else TigrisCardEnv(players=2)
    played = 0
    while played < steps:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        seed += 1
        for _ in env.agent_iter():
            seen, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
            played += 1
            if played >= steps:
                return played
    return played


def openspiel_steps(game: str, steps: int, seed: int) -> int:
    """Plays ``steps`` decisions in OpenSpiel's ``rl_environment`` of ``game``; returns the
    decisions played."""
    import numpy as np
    import pyspiel
    from open_spiel.python import rl_environment

    import tigris_rules.ai.integrations.openspiel  # registers both games  # noqa: F401

    name = "tigris_euphrates" if game == "board" else "tigris_euphrates_cards"
    env = rl_environment.Environment(
        pyspiel.load_game(f"{name}(players=2)"),
        chance_event_sampler=rl_environment.ChanceEventSampler(seed=seed),
    )
    rng = np.random.default_rng(seed)
    played = 0
    while played < steps:
        time_step = env.reset()
        while not time_step.last():
            player = time_step.observations["current_player"]
            action = int(rng.choice(time_step.observations["legal_actions"][player]))
            time_step = env.step([action])
            played += 1
            if played >= steps:
                return played
    return played


def measure(framework: str, game: str, steps: int) -> dict[str, float]:
    """One measurement in this process: a warm-up episode, then ``steps`` timed decisions."""
    play = pettingzoo_steps if framework == "pettingzoo" else openspiel_steps
    play(game, 50, 10**6)  # untimed: imports, encodings, caches
    start = time.process_time()
    played = play(game, steps, 1)
    cpu = time.process_time() - start
    return {"steps": played, "cpu": cpu, "rate": played / cpu}


def run_child(tree: Path, framework: str, game: str, steps: int) -> float:
    """Steps per CPU-second of a fresh process importing ``tree``'s library."""
    env = dict(os.environ, PYTHONPATH=str(tree / "src"))
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--child",
        framework,
        game,
        "--steps",
        str(steps),
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{framework} {game} on {tree} failed:\n{done.stderr}")
    rate: float = json.loads(done.stdout.strip().splitlines()[-1])["rate"]
    return rate


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def steps_for(framework: str, steps: int | None) -> int:
    """The decisions each measurement plays: OpenSpiel's are the slower."""
    if steps is not None:
        return steps
    return 3000 if framework == "pettingzoo" else 1500


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--against", metavar="REV", help="a commit to compare this tree with")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=None, help="decisions per measurement")
    parser.add_argument("--only", choices=("pettingzoo", "openspiel"), default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("FRAMEWORK", "GAME"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        framework, game = args.child
        print(json.dumps(measure(framework, game, steps_for(framework, args.steps))))
        return 0
    workloads = [w for w in WORKLOADS if args.only in (None, w[0])]
    with tempfile.TemporaryDirectory(prefix="env_step_") as scratch:
        trees = {"this": HERE}
        if args.against:
            other = Path(scratch) / "against"
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "add", "--detach", str(other), args.against],
                check=True,
                capture_output=True,
            )
            trees["against"] = other
        try:
            report = _rounds(trees, workloads, args.rounds, args.steps)
        finally:
            if args.against:
                subprocess.run(
                    ["git", "-C", str(HERE), "worktree", "remove", "--force", str(other)],
                    check=False,
                    capture_output=True,
                )
    report["against"] = args.against
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    _print(report)
    return 0


def _rounds(
    trees: dict[str, Path], workloads: list[tuple[str, str]], rounds: int, steps: int | None
) -> dict[str, Any]:
    rates: dict[str, dict[str, list[float]]] = {
        f"{f} {g}": {side: [] for side in trees} for f, g in workloads
    }
    for _ in range(rounds):
        for framework, game in workloads:
            for side, tree in trees.items():
                rate = run_child(tree, framework, game, steps_for(framework, steps))
                rates[f"{framework} {game}"][side].append(rate)
    results: dict[str, Any] = {}
    for name, by_side in rates.items():
        entry: dict[str, Any] = {side: spread(values) for side, values in by_side.items()}
        if "against" in by_side:
            ratios = [a / b for a, b in zip(by_side["this"], by_side["against"], strict=True)]
            entry["ratios"] = ratios
            entry["ratio"] = spread(ratios)
        results[name] = entry
    return {"rounds": rounds, "workloads": results}


def _print(report: dict[str, Any]) -> None:
    against = report["against"]
    print(f"{report['rounds']} rounds; steps per CPU-second, median (range)")
    for name, entry in report["workloads"].items():
        line = f"{name:<18} this tree {_figure(entry['this'])}"
        if against:
            line += f"   {against} {_figure(entry['against'])}"
            ratio = entry["ratio"]
            pairs = ", ".join(f"{r:.2f}" for r in entry["ratios"])
            line += f"   ratio {ratio['median']:.2f} ({pairs})"
        print(line)


def _figure(figures: dict[str, float]) -> str:
    return f"{figures['median']:,.0f} ({figures['min']:,.0f} to {figures['max']:,.0f})"


if __name__ == "__main__":
    sys.exit(main())
