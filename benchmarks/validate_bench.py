"""Print how fast game logs are validated and game states go through JSON on this machine.

Usage: ``python benchmarks/validate_bench.py [--quick] [--seed S]``

The corpus is made of selfplay logs (random bots, as ``tigris-rules selfplay`` writes them)
for 2, 3 and 4 players, with and without variants, all dealt from fixed seeds, so two runs do
the same work; only the times differ. Measured:

- log validation: ``validate_json(text)`` on every log of the corpus (read the JSON, check
  the format, replay every action, compare the expected result), in actions per second,
  with the reading and the replay also timed apart;
- JSON round trip of a mid-game state: ``loads(dumps(state), GameState)`` on the position
  half-way through a 4-player game with every variant, in milliseconds.

The script only prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import attrs
from _common import figure, measure_validation, selfplay

import tigris_rules as tr


@attrs.frozen
class Plan:
    """How much work each measurement does."""

    games_per_config: int
    validation_rounds: int
    round_trips: int


FULL = Plan(games_per_config=4, validation_rounds=3, round_trips=300)
QUICK = Plan(games_per_config=1, validation_rounds=1, round_trips=30)

CONFIGS: tuple[tr.GameConfig, ...] = (
    tr.GameConfig(players=2),
    tr.GameConfig(players=3, board="alternative", variants=("english",)),
    tr.GameConfig(players=4, variants=("buildings", "ziggurat")),
)


def corpus(plan: Plan, seed: int) -> list[str]:
    """The logs of the corpus, as JSON text."""
    return [
        tr.dumps(selfplay(config, seed + number), indent=2)
        for config in CONFIGS
        for number in range(plan.games_per_config)
    ]


def bench_validation(texts: list[str], rounds: int) -> list[str]:
    """Actions per second of ``validate_json`` over the corpus, then its two halves."""
    rate, actions = measure_validation(texts * rounds)

    start = time.perf_counter()
    logs = [tr.loads(text, tr.GameLog) for _ in range(rounds) for text in texts]
    reading = time.perf_counter() - start
    start = time.perf_counter()
    for log in logs:
        tr.validate_log(log)
    replaying = time.perf_counter() - start

    size = sum(len(text) for text in texts) / 1_000_000
    detail = f"{len(texts)} logs, {actions // rounds} actions, {size:.2f} MB, {rounds} round(s)"
    return [
        figure("log validation", f"{rate:,.0f}", "actions/s", detail),
        figure(
            "  reading (loads GameLog)", f"{actions / reading:,.0f}", "actions/s", "JSON + format"
        ),
        figure(
            "  replay (validate_log)", f"{actions / replaying:,.0f}", "actions/s", "rules + result"
        ),
    ]


def mid_game_state(seed: int) -> tr.GameState:
    """The position half-way through a 4-player random game with every variant."""
    config = tr.GameConfig(players=4, variants=("english", "buildings", "ziggurat"))
    states = tr.replay(selfplay(config, seed)).states
    state = states[len(states) // 2]
    if not isinstance(state, tr.GameState):  # a board-game log replays to board states
        raise TypeError("expected a board-game state")
    return state


def bench_round_trip(state: tr.GameState, rounds: int) -> list[str]:
    """Milliseconds to write, read, and round-trip one state."""
    start = time.perf_counter()
    for _ in range(rounds):
        text = tr.dumps(state)
    writing = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(rounds):
        loaded = tr.loads(text, tr.GameState)
    reading = time.perf_counter() - start
    if loaded != state:
        raise RuntimeError("the state did not round-trip")
    detail = f"{len(text):,} bytes of JSON, {rounds} rounds"
    return [
        figure("state JSON round trip", f"{(writing + reading) / rounds * 1000:.3f}", "ms", detail),
        figure("  dumps(state)", f"{writing / rounds * 1000:.3f}", "ms", "mid-game, 4 players"),
        figure(
            "  loads(text, GameState)", f"{reading / rounds * 1000:.3f}", "ms", "strict reading"
        ),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print one line per figure."""
    parser = argparse.ArgumentParser(description="Benchmarks of game-log validation and JSON.")
    parser.add_argument("--quick", action="store_true", help="a short run with less work")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    seed: int = args.seed
    print(f"tigris_rules log benchmarks: seed {seed}, {'quick' if args.quick else 'full'} run")
    print(f"python {sys.version.split()[0]}, tigris_rules {tr.__version__}")
    for line in bench_validation(corpus(plan, seed), plan.validation_rounds):
        print(line, flush=True)
    for line in bench_round_trip(mid_game_state(seed), plan.round_trips):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
