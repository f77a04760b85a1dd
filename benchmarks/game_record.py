"""Print the time of reading and writing text game records (docs/game-record.md) as the log
grows, and what finding the places of problems adds to validating a JSON log.

Usage: ``python benchmarks/game_record.py [--actions N]`` (default 20,000; the runs take N/4,
N and 4N actions). The log is the card game of ``big_log.py``, where the players only move
their leaders. Per action, reading and writing should cost the same at every length (linear
work); the script prints the times and the ratios and asserts nothing about them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import attrs

import tigris_rules as tr

sys.path.insert(0, str(Path(__file__).parent))
from big_log import write_log  # the long log of the card game


def _timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "long.json"
        write_log(path, 4 * args.actions)
        whole = tr.read_log(path, max_bytes=None)
    print(f"{'actions':>8} {'bytes':>10} {'write s':>8} {'read s':>8} {'us/action w/r':>15}")
    rows = []
    for count in (args.actions // 4, args.actions, 4 * args.actions):
        log = attrs.evolve(whole, actions=whole.actions[:count])
        start = time.perf_counter()
        record = tr.format_record(log)
        written = time.perf_counter() - start
        start = time.perf_counter()
        tr.parse_record(record, max_bytes=None)
        read = time.perf_counter() - start
        rows.append((count, written, read))
        per = f"{1e6 * written / count:.1f}/{1e6 * read / count:.1f}"
        print(f"{count:>8} {len(record):>10} {written:>8.3f} {read:>8.3f} {per:>15}")
    first, last = rows[0], rows[-1]
    scale = last[0] / first[0]
    print(f"x{scale:.0f} actions: write x{last[1] / first[1]:.1f}, read x{last[2] / first[2]:.1f}")
    log = attrs.evolve(whole, actions=whole.actions[: args.actions])
    text = tr.dumps(log, indent=2)
    bad = attrs.evolve(log, actions=(*log.actions[:-1], log.actions[0]))
    bad_text = tr.dumps(bad, indent=2)
    valid = _timed(lambda: tr.validate_json(text, max_bytes=None))
    placed = _timed(lambda: tr.validate_json(bad_text, max_bytes=None))
    print(
        f"validate_json, {args.actions} actions: valid {valid:.3f} s; one problem at the end "
        f"(its line and column found) {placed:.3f} s"
    )


if __name__ == "__main__":
    main()
