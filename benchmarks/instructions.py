"""Count the machine instructions of the core's work, per decision, in builds side by side.

Usage::

    python benchmarks/instructions.py [--games G] [--figures full,lazy] A [B ...]

``A``, ``B`` name builds as ``benchmarks/core_speed.py`` does: a source folder, a git revision
of this checkout, or ``installed`` (``python=PATH:installed`` for another interpreter).

Time on a shared machine drifts with its load; the number of instructions a program executes
does not. Each figure runs a fresh Python process twice under valgrind's callgrind (which
counts every instruction the process executes in user space): once with the imports and the
warm-up game alone, once with ``G`` seeded games more (3 by default), and divides the
difference by the decisions (plies for chess) of those games. Figures:

- ``full``: random 2-player playouts building every legal action at each decision
  (``benchmarks/_workloads.full_playout``), against random chess games building every legal
  move (``chess_game``: the headline comparison of ``benchmarks/run.py``);
- ``lazy``: the same games with the lazy pick (``lazy_playout``), against the same chess games;
- ``fresh-opening``, ``fresh-late``: ``list(legal_actions(state))`` on fresh copies of states
  (nothing cached, as a state built in code or read unchecked), the states of
  ``benchmarks/run.py``'s ``legal_actions`` figure: the openings of 20 seeded deals, and the
  states of the last fifth of 4 seeded random games where an action is chosen; ``G`` is the
  number of rounds over them, and the figure is per call. Printed against the first build named,
  with the ratio late / opening of each build when both are asked for;
- ``pettingzoo-board``, ``pettingzoo-cards``, ``openspiel-board``, ``openspiel-cards``: the
  environment steps of ``benchmarks/env_step.py`` (2 players), 200 per game asked for, after a
  warm-up of 150 steps; printed against the first build named, not against chess.

Instructions are not time: code that misses the processor's caches more runs fewer
instructions per second, so a ratio of instructions is not a ratio of speeds. It measures,
exactly and on any machine, whether a change makes the same work do less. Needs ``valgrind``
on the ``PATH``; a run takes about a minute per build and figure.

``--cache`` runs valgrind's cachegrind instead, simulating the caches and the branch
predictor of a common processor, and prints per decision the instructions, the misses of
the first-level instruction and data caches and of the last-level data cache, and the
branches mispredicted: what makes a decision slower than its count of instructions says.
The simulation is exact and independent of the load too, but about twice as slow.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from core_speed import _source

BENCHMARKS = Path(__file__).resolve().parent
FIGURES = ("full", "lazy")
ENVIRONMENTS: Final = ("pettingzoo-board", "pettingzoo-cards", "openspiel-board", "openspiel-cards")
"""The environment figures: ``FRAMEWORK-GAME`` of ``benchmarks/env_step.py``."""
FRESH: Final = ("fresh-opening", "fresh-late")
"""The figures of ``legal_actions`` on fresh copies of states, per call."""
STEPS_PER_GAME: Final = 200
"""Environment steps counted for each game asked for."""
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
CACHE_EVENTS = (
    ("instructions", "I   refs"),
    ("I1 misses", "I1  misses"),
    ("D1 misses", "D1  misses"),
    ("LLd misses", "LLd misses"),
    ("mispredicted", "Mispredicts"),
)
"""The events ``--cache`` prints: (name, the line of cachegrind's summary that counts it)."""


def work(figure: str, games: int) -> int:
    """Play the warm-up game, then ``games`` seeded games of ``figure``; their decisions."""
    sys.path.insert(0, str(BENCHMARKS))
    import _workloads

    if figure in ENVIRONMENTS:
        import env_step

        framework, game = figure.split("-")
        steps = env_step.pettingzoo_steps if framework == "pettingzoo" else env_step.openspiel_steps
        steps(game, 150, 99)
        return steps(game, games * STEPS_PER_GAME, 1) if games else 0
    if figure in FRESH:
        return fresh_calls(figure, games)
    if figure.startswith("chess:"):
        _workloads.chess_game(999)
        return sum(_workloads.chess_game(seed) for seed in range(1, games + 1))
    import tigris_rules as tr

    config = tr.GameConfig(players=2)
    playout = _workloads.full_playout if figure == "full" else _workloads.lazy_playout
    playout(config, 999)
    return sum(playout(config, seed) for seed in range(1, games + 1))


def fresh_calls(figure: str, rounds: int) -> int:
    """Build the states of ``figure`` and their fresh copies, then list the legal actions of
    the copies of ``rounds`` rounds over them; the calls made."""
    from _common import fresh_copy, playout_states

    import tigris_rules as tr

    config = tr.GameConfig(players=2)
    if figure == "fresh-opening":
        found = [tr.new_game(config, seed=seed) for seed in range(1, 21)]
    else:
        found = []
        for seed in range(1, 5):
            states = playout_states(config, seed)
            late = states[len(states) * 4 // 5 :]
            found.extend(state for state in late if state.pending is None and not tr.is_over(state))
    len(list(tr.legal_actions(fresh_copy(tr.new_game(config, seed=99)))))
    copies = [fresh_copy(state) for _ in range(max(rounds, 1)) for state in found]
    calls = copies[: rounds * len(found)]
    # The objects made so far are left out of the cycle collector's passes, whose count
    # would otherwise depend on when a pass happens to fall.
    gc.collect()
    gc.freeze()
    for state in calls:
        len(list(tr.legal_actions(state)))
    return len(calls)


def collected(report: str) -> int:
    """The instructions callgrind's report ``report`` says it counted."""
    found = _COLLECTED.search(report)
    if found is None:
        raise ValueError("callgrind printed no count of instructions")
    return int(found.group(1))


def cache_events(report: str) -> dict[str, int]:
    """The counts of :data:`CACHE_EVENTS` in cachegrind's summary ``report``."""
    found: dict[str, int] = {}
    for name, label in CACHE_EVENTS:
        line = re.search(re.escape(label) + r":\s*([\d,]+)", report)
        if line is None:
            raise ValueError(f"cachegrind printed no count of {name}")
        found[name] = int(line.group(1).replace(",", ""))
    return found


def _run(
    python: str, path: str | None, figure: str, games: int, tool: list[str]
) -> tuple[str, int]:
    """Run the child under valgrind ``tool``: its report and the decisions it played."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = path
    done = subprocess.run(
        [
            "valgrind",
            *tool,
            python,
            __file__,
            "--child",
            figure,
            "--games",
            str(games),
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stderr, int(done.stdout.split()[-1])


def _count(python: str, path: str | None, figure: str, games: int) -> tuple[int, int]:
    report, decisions = _run(
        python, path, figure, games, ["--tool=callgrind", "--callgrind-out-file=/dev/null"]
    )
    return collected(report), decisions


_CACHEGRIND: Final = [
    "--tool=cachegrind",
    "--cache-sim=yes",
    "--branch-sim=yes",
    "--cachegrind-out-file=/dev/null",
]


def cache_per_decision(python: str, path: str | None, figure: str, games: int) -> dict[str, float]:
    """:data:`CACHE_EVENTS` per decision of ``figure`` in one build, as :func:`per_decision`."""
    base, _ = _run(python, path, figure, 0, _CACHEGRIND)
    total, decisions = _run(python, path, figure, games, _CACHEGRIND)
    before, after = cache_events(base), cache_events(total)
    return {name: (after[name] - before[name]) / decisions for name, _ in CACHE_EVENTS}


def per_decision(python: str, path: str | None, figure: str, games: int) -> float:
    """Instructions per decision of ``figure`` in one build: ``games`` games less none."""
    base, _ = _count(python, path, figure, 0)
    total, decisions = _count(python, path, figure, games)
    return (total - base) / decisions


def main(argv: Sequence[str] | None = None) -> int:
    """Count, and print the instructions per decision of each build and of chess."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("builds", nargs="*", help="source folder, git revision or installed")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--figures", default=",".join(FIGURES))
    parser.add_argument(
        "--cache", action="store_true", help="simulate the caches and branches (cachegrind)"
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(work(args.child, args.games))
        return 0
    figures = args.figures.split(",")
    known = (*FIGURES, *FRESH, *ENVIRONMENTS)
    unknown = [figure for figure in figures if figure not in known]
    if unknown:
        parser.error(f"unknown figure(s) {', '.join(unknown)}; known: {', '.join(known)}")
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: it counts the instructions", file=sys.stderr)
        return 2
    keep: list[tempfile.TemporaryDirectory[str]] = []
    specs = args.builds or [str(BENCHMARKS.parent / "src")]
    builds = [(spec, *_source(spec, keep)) for spec in specs]
    if args.cache:
        _print_cache(builds, figures, args.games)
        return 0
    chess = 0.0
    if any(figure in FIGURES for figure in figures):
        chess = per_decision(sys.executable, None, "chess:full", args.games)
        print(f"instructions per decision over {args.games} seeded games (chess: per ply)")
        print(f"{'chess':>8}  {chess:12,.0f}")
    fresh: dict[tuple[str, str], float] = {}
    for figure in figures:
        first = 0.0
        for number, (spec, python, path) in enumerate(builds):
            count = per_decision(python, path, figure, args.games)
            against = f", {count / first:.3f} of {builds[0][0]}" if number else ""
            first = first or count
            if figure in FRESH:
                fresh[figure, spec] = count
                print(f"{figure:>8}  {count:12,.0f}  {spec}: per call{against}")
            elif figure in ENVIRONMENTS:
                faster = f", {builds[0][0]}/this {first / count:.2f}" if number else ""
                print(f"{figure:>8}  {count:12,.0f}  {spec}: per step{faster}")
            else:
                print(
                    f"{figure:>8}  {count:12,.0f}  {spec}: chess/this {chess / count:.2f}{against}"
                )
    for spec, _, _ in builds:
        if (FRESH[0], spec) in fresh and (FRESH[1], spec) in fresh:
            ratio = fresh[FRESH[1], spec] / fresh[FRESH[0], spec]
            print(f"fresh copies, late / opening, per call: {ratio:.3f}  {spec}")
    return 0


def _print_cache(builds: list[tuple[str, str, str | None]], figures: list[str], games: int) -> None:
    """Print :func:`cache_per_decision` for chess and every build and figure, with the ratio
    of each build's count to chess's."""
    chess = cache_per_decision(sys.executable, None, "chess:full", games)
    names = [name for name, _ in CACHE_EVENTS]
    print(f"per decision over {games} seeded games (chess: per ply), cachegrind's simulation")
    print(f"{'':>28}" + "".join(f"{name:>14}" for name in names))
    print(f"{'chess':>28}" + "".join(f"{chess[name]:14,.0f}" for name in names))
    for figure in figures:
        for spec, python, path in builds:
            counts = cache_per_decision(python, path, figure, games)
            print(f"{figure + ' ' + spec:>28}" + "".join(f"{counts[n]:14,.0f}" for n in names))
            ratios = "".join(
                f"{counts[n] / chess[n]:14.2f}" if chess[n] else f"{'-':>14}" for n in names
            )
            print(f"{'  / chess':>28}" + ratios)


if __name__ == "__main__":
    raise SystemExit(main())
