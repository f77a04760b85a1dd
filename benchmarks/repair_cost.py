"""Print what validating a changed log costs next to validating the valid log, per change.

Usage: ``python benchmarks/repair_cost.py [--quick] [--seed S] [--rounds N]``

The corpus: selfplay logs (random bots) of the board game and the card game for 2, 3 and 4
players, whole and cut to about half, and a long card game of leader moves (the log of
benchmarks/big_log.py) of about 65 and 130 KB. Each log is changed by seeded random choices:

- ``deleted``: one action left out;
- ``duplicated``: one action written twice;
- ``swapped``: two neighbouring actions exchanged;
- ``garbage``: one field of one action given another well-formed value (a square, a
  colour, a seat, a column, a spot);
- ``many``: one line in ten changed by one of the changes above.

Each changed log is measured in a fresh process against its valid log, like for like: after
the same warm-up for both (the log's first 20 actions, then those with one left out, so that
neither side pays a first-time import that does not grow with the log), the two are
validated by ``validate_json`` in turn, valid then changed, ``--rounds`` times, each call's
processor time taken, and the ratio of each pair kept. Turns this close together matter:
the processor time of the same work drifts by up to twice on a shared machine, over tenths
of a second. The script prints, per changed log, the median of its pair ratios and their
range, then per change the median and the largest of those medians. It asserts nothing
about time.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from _common import selfplay
from big_log import write_log

import tigris_rules as tr

Actions = list[dict[str, Any]]
GARBAGE: tuple[tuple[str, Any], ...] = (
    ("square", "a1"), ("square", "e1"), ("square", "g5"), ("square", "h11"),
    ("color", "black"), ("color", "red"), ("color", "blue"), ("color", "green"),
    ("player", 0), ("player", 1), ("column", 1), ("column", 8),
    ("target", "1.1"), ("target", "3.5"),
)  # fmt: skip
"""Well-formed values, so that the changed action reaches the rules."""


def deleted(rng: random.Random, actions: Actions) -> Actions:
    at = rng.randrange(len(actions))
    return actions[:at] + actions[at + 1 :]


def duplicated(rng: random.Random, actions: Actions) -> Actions:
    at = rng.randrange(len(actions))
    return [*actions[: at + 1], actions[at], *actions[at + 1 :]]


def swapped(rng: random.Random, actions: Actions) -> Actions:
    at = rng.randrange(len(actions) - 1)
    return [*actions[:at], actions[at + 1], actions[at], *actions[at + 2 :]]


def garbage(rng: random.Random, actions: Actions) -> Actions:
    at = rng.randrange(len(actions))
    fields = [(k, v) for k, v in GARBAGE if k in actions[at] and actions[at][k] != v]
    if not fields:
        return garbage(rng, actions)
    key, value = rng.choice(fields)
    return [*actions[:at], {**actions[at], key: value}, *actions[at + 1 :]]


def many(rng: random.Random, actions: Actions) -> Actions:
    changed = actions
    for _ in range(max(1, len(actions) // 10)):
        changed = rng.choice(SINGLE)(rng, changed)
    return changed


SINGLE: tuple[Callable[[random.Random, Actions], Actions], ...] = (
    deleted,
    duplicated,
    swapped,
    garbage,
)
CHANGES: dict[str, Callable[[random.Random, Actions], Actions]] = {
    "deleted": deleted,
    "duplicated": duplicated,
    "swapped": swapped,
    "garbage": garbage,
    "many": many,
}


def corpus(seed: int, quick: bool, folder: Path) -> dict[str, dict[str, Any]]:
    """The valid logs by name, as JSON data."""
    configs = [
        tr.GameConfig(players=2),
        tr.GameConfig(players=3, board="alternative", variants=("english", "buildings")),
        tr.GameConfig(players=4, variants=("ziggurat",)),
        tr.GameConfig(players=2, game="cards"),
        tr.GameConfig(players=3, game="cards"),
        tr.GameConfig(players=4, game="cards"),
    ]
    logs: dict[str, dict[str, Any]] = {}
    for number, config in enumerate(configs[::3] if quick else configs):
        data = json.loads(tr.dumps(selfplay(config, seed + number)))
        name = f"{config.game}-{config.players}p"
        logs[name] = data
        if not quick:
            half = {k: v for k, v in data.items() if k != "result"}
            logs[f"{name}-half"] = {**half, "actions": data["actions"][: len(data["actions"]) // 2]}
    for actions in (1_300,) if quick else (1_300, 2_600):
        path = folder / "long.json"
        write_log(path, actions)
        logs[f"cards-2p-long{actions}"] = json.loads(path.read_text(encoding="utf-8"))
    return logs


CHILD = """
import sys, time, json
import tigris_rules as tr
valid, changed, rounds = open(sys.argv[1]).read(), open(sys.argv[2]).read(), int(sys.argv[3])
data = json.loads(valid)
first = data["actions"][:20]
tr.validate_json(json.dumps({**data, "actions": first, "result": None}))
tr.validate_json(json.dumps({**data, "actions": first[:1] + first[2:], "result": None}))
for _ in range(rounds):
    for text in (valid, changed):
        start = time.process_time()
        report = tr.validate_json(text)
        print(time.process_time() - start, len(report.problems) + report.more)
"""


def pairs(valid: Path, changed: Path, rounds: int) -> tuple[list[float], list[float], int]:
    """Processor seconds of validating the logs at ``valid`` and ``changed`` in turn,
    ``rounds`` times each in one fresh process, and the changed log's number of
    problems."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(valid), str(changed), str(rounds)],
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [line.split() for line in done.stdout.splitlines()]
    seconds = [float(line[0]) for line in lines]
    return seconds[0::2], seconds[1::2], int(lines[1][1])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer logs and changes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rounds", type=int, default=5, help="valid and changed validations per changed log"
    )
    args = parser.parse_args(argv)
    seed: int = args.seed
    tries = 1 if args.quick else 3
    rounds: int = args.rounds
    ratios: dict[str, list[float]] = {name: [] for name in CHANGES}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        valid_path, changed_path = folder / "valid.json", folder / "changed.json"
        for name, data in corpus(seed, args.quick, folder).items():
            text = json.dumps(data)
            valid_path.write_text(text, encoding="utf-8")
            size = len(text) / 1024
            actions = len(data["actions"])
            print(f"{name:20} {actions:5} actions {size:6.1f} KB", flush=True)
            for change, make in CHANGES.items():
                rng = random.Random(f"{seed} {name} {change}")
                for _ in range(tries):
                    changed = json.dumps({**data, "actions": make(rng, data["actions"])})
                    changed_path.write_text(changed, encoding="utf-8")
                    valid, spoilt, problems = pairs(valid_path, changed_path, rounds)
                    found = sorted(b / a for a, b in zip(valid, spoilt, strict=True))
                    ratio = statistics.median(found)
                    ratios[change].append(ratio)
                    print(
                        f"  {change:10} valid {statistics.median(valid) * 1000:7.1f} ms"
                        f"  changed {statistics.median(spoilt) * 1000:7.1f} ms"
                        f"  ratio {ratio:5.2f} ({found[0]:.2f}-{found[-1]:.2f})"
                        f"  {problems:5} problems",
                        flush=True,
                    )
    print("change      median ratio  max ratio")
    for change, found in ratios.items():
        print(f"{change:10} {statistics.median(found):13.2f} {max(found):10.2f}")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
