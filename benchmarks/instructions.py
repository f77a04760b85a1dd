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
- ``lazy``: the same games with the lazy pick (``lazy_playout``), against the same chess games.

Instructions are not time: code that misses the processor's caches more runs fewer
instructions per second, so a ratio of instructions is not a ratio of speeds. It measures,
exactly and on any machine, whether a change makes the same work do less. Needs ``valgrind``
on the ``PATH``; a run takes about a minute per build and figure.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from core_speed import _source

BENCHMARKS = Path(__file__).resolve().parent
FIGURES = ("full", "lazy")
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def work(figure: str, games: int) -> int:
    """Play the warm-up game, then ``games`` seeded games of ``figure``; their decisions."""
    sys.path.insert(0, str(BENCHMARKS))
    import _workloads

    if figure.startswith("chess:"):
        _workloads.chess_game(999)
        return sum(_workloads.chess_game(seed) for seed in range(1, games + 1))
    import tigris_rules as tr

    config = tr.GameConfig(players=2)
    playout = _workloads.full_playout if figure == "full" else _workloads.lazy_playout
    playout(config, 999)
    return sum(playout(config, seed) for seed in range(1, games + 1))


def collected(report: str) -> int:
    """The instructions callgrind's report ``report`` says it counted."""
    found = _COLLECTED.search(report)
    if found is None:
        raise ValueError("callgrind printed no count of instructions")
    return int(found.group(1))


def _count(python: str, path: str | None, figure: str, games: int) -> tuple[int, int]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = path
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
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
    return collected(done.stderr), int(done.stdout.split()[-1])


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
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(work(args.child, args.games))
        return 0
    figures = args.figures.split(",")
    unknown = [figure for figure in figures if figure not in FIGURES]
    if unknown:
        parser.error(f"unknown figure(s) {', '.join(unknown)}; known: {', '.join(FIGURES)}")
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: it counts the instructions", file=sys.stderr)
        return 2
    keep: list[tempfile.TemporaryDirectory[str]] = []
    specs = args.builds or [str(BENCHMARKS.parent / "src")]
    builds = [(spec, *_source(spec, keep)) for spec in specs]
    chess = per_decision(sys.executable, None, "chess:full", args.games)
    print(f"instructions per decision over {args.games} seeded games (chess: per ply)")
    print(f"{'chess':>8}  {chess:12,.0f}")
    for figure in figures:
        first = 0.0
        for number, (spec, python, path) in enumerate(builds):
            count = per_decision(python, path, figure, args.games)
            against = f", {count / first:.3f} of {builds[0][0]}" if number else ""
            first = first or count
            print(f"{figure:>8}  {count:12,.0f}  {spec}: chess/this {chess / count:.2f}{against}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
