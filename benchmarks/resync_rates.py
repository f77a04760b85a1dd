"""How often one wrong line in a log gives one problem: every action of the golden logs
changed one way at a time, each changed log validated.

Usage: ``python benchmarks/resync_rates.py [--every K] [LOG...]`` (the golden logs of
tests/data/logs by default; ``--every K`` changes only every K-th action).

The changes: the seat (the next seat), the colour (the next of black, red, blue, green) and
the place (a board game's square becomes a river square; a card game's column the next
column, its target the next spot). For each log and change the script prints how many actions
the change applies to, how many of those are rejected where they stand, and of these how many
give exactly one problem, with the time taken. It prints figures only and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tigris_rules as tr
from tigris_rules.model.board import board_layout
from tigris_rules.model.squares import SQUARE_NAMES

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"
COLOR_NAMES = ("black", "red", "blue", "green")

Change = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any] | None]


def river_squares(board: str) -> tuple[str, str]:
    """Two river squares of ``board``, as names."""
    layout = board_layout(board)
    names = [SQUARE_NAMES[n] for n, river in enumerate(layout.river) if river]
    return names[0], names[1]


def seat(data: dict[str, Any], action: dict[str, Any]) -> dict[str, Any] | None:
    return {"player": (action["player"] + 1) % data["config"]["players"]}


def color(data: dict[str, Any], action: dict[str, Any]) -> dict[str, Any] | None:
    if action.get("color") not in COLOR_NAMES:
        return None
    return {"color": COLOR_NAMES[(COLOR_NAMES.index(action["color"]) + 1) % 4]}


def place(data: dict[str, Any], action: dict[str, Any]) -> dict[str, Any] | None:
    if "square" in action:
        first, second = river_squares(data["config"]["board"])
        return {"square": first if action["square"] != first else second}
    if isinstance(action.get("column"), int):
        return {"column": action["column"] % 8 + 1}
    if isinstance(action.get("target"), str):
        row, _, spot = action["target"].partition(".")
        return {"target": f"{row}.{int(spot) + 1}"} if spot.isdigit() else None
    return None


CHANGES: dict[str, Change] = {"seat": seat, "colour": color, "place": place}


def measure(path: Path, every: int) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    actions = data["actions"]
    for name, change in CHANGES.items():
        changed = rejected = single = 0
        worst = 0.0
        started = time.perf_counter()
        for index in range(0, len(actions), every):
            fields = change(data, actions[index])
            if fields is None or all(actions[index].get(k) == v for k, v in fields.items()):
                continue
            changed += 1
            mutated = list(actions)
            mutated[index] = {**actions[index], **fields}
            one = time.perf_counter()
            report = tr.validate_json(json.dumps({**data, "actions": mutated}))
            worst = max(worst, time.perf_counter() - one)
            if not any(p.index == index for p in report.problems):
                continue
            rejected += 1
            single += len(report.problems) + report.more == 1
        seconds = time.perf_counter() - started
        rate = f"{100 * single / rejected:5.1f}%" if rejected else "    -"
        print(
            f"{path.stem:52} {name:6} changed {changed:4}  rejected {rejected:4}  "
            f"one problem {single:4} ({rate})  {seconds:6.1f} s, slowest log {worst:.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="*", type=Path, help="log files (the golden logs)")
    parser.add_argument("--every", type=int, default=1, help="change every K-th action only")
    args = parser.parse_args()
    for path in args.logs or sorted(LOGS.glob("*.json")):
        measure(path, max(1, args.every))


if __name__ == "__main__":
    main()
