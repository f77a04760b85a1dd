"""Print the CPU time and the peak memory of each renderer on the largest accepted views.

Usage: ``python benchmarks/view_bounds.py [--repeat N]``

The views (tests/extreme_views.py): every count at the most the JSON reader accepts, for
both games, with four players and every variant (the card game at ``column_limit=24``), as a
spectator and as seat 0 see them. Each goes through ``loads``, then every renderer that
draws a view: ``render_svg``, ``render_board`` (the board's text, the card game's table) and,
for the board game, ``render_view``. The figures are the fastest of ``N`` runs (CPU time)
and the peak of ``tracemalloc`` over one run; the goal is under 50 ms each. The script only
prints figures and asserts nothing about time.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from _common import figure

import tigris_rules as tr
from tigris_rules.render import render_board, render_svg, render_view

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from extreme_views import maximal_views


def _renderers(view: Any) -> dict[str, Callable[[], object]]:
    calls: dict[str, Callable[[], object]] = {
        "render_svg": lambda: render_svg(view),
        "render_board": lambda: render_board(view),
    }
    if isinstance(view, tr.PlayerView):
        calls["render_view"] = lambda: render_view(view)
    return calls


def _loads(text: str, kind: type) -> Callable[[], object]:
    return lambda: tr.loads(text, kind)


def measure(call: Callable[[], object], repeat: int) -> tuple[float, int]:
    """The fastest CPU seconds of ``repeat`` runs of ``call``, and its peak of traced
    memory in bytes over one run."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        call()
        best = min(best, time.process_time() - start)
    tracemalloc.start()
    try:
        call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return best, peak


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per call (fastest kept)")
    args = parser.parse_args(argv)
    worst = 0.0
    for name, kind, text in maximal_views():
        view: Any = tr.loads(text, kind)
        calls = {"loads": _loads(text, kind), **_renderers(view)}
        for call_name, call in calls.items():
            seconds, peak = measure(call, args.repeat)
            worst = max(worst, seconds)
            detail = f"{name}, {len(text)} bytes; peak {peak / 1024:.0f} KiB"
            print(figure(call_name, f"{seconds * 1000:.2f}", "ms", detail))
    print(figure("slowest call", f"{worst * 1000:.2f}", "ms", "goal: under 50 ms"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
