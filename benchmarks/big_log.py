"""Print the time and peak memory of ``tigris-rules validate`` and ``replay`` on a long log.

Usage: ``python benchmarks/big_log.py [--actions N]`` (default 1,600,000, about 70 MB, read
with ``--max-size 100``).

The log is a card game (RULES.md Part II) in which the players only move their leaders: before
the table is locked a turn with an action is never idle (CARD-END-5, docs/card-game.md
decision 11), so such a game goes on for as long as wanted. The script plays the first turns
with the rules, then repeats their actions while they stay legal, writes the log into a
temporary directory (deleted at the end), and runs each command in its own process; the peak
resident memory is that child's ``ru_maxrss``. It asserts nothing about time or memory.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

import tigris_rules as tr
from tigris_rules.cards.actions import CardAction, PlayLeader


def leader_moves(players: int, turns: int) -> tuple[tr.CardGameState, list[tr.LogEntry]]:
    """A card game of ``turns`` turns where every seat moves a leader, then ends its turn."""
    state = tr.new_card_game(tr.GameConfig(players=players, game="cards"), seed=1)
    entries: list[tr.LogEntry] = []
    while len(entries) < 2 * turns:
        player = tr.to_move(state)
        assert player is not None
        legal = tr.legal_actions(state)
        moves = [a for a in legal if isinstance(a, PlayLeader)]
        choice = moves[len(entries) % len(moves)] if moves else legal[0]
        if state.actions_taken >= 1 and state.pending is None:
            choice = tr.EndTurn()
        state = tr.apply(state, choice)
        entries.append(tr.LogEntry(player, choice))
    return state, entries


def write_log(path: Path, actions: int) -> int:
    """Write a log of at least ``actions`` legal actions; its size in bytes."""
    config = tr.GameConfig(players=2, game="cards")
    opening = tr.new_card_game(config, seed=1)
    # one round of moves there and back repeats: find it from the opening
    _, entries = leader_moves(2, 40)
    prefix, cycle = _cycle(opening, entries)
    with path.open("w", encoding="utf-8") as f:
        head = tr.dumps(tr.GameLog(config=config, seed=1), indent=2)
        f.write(head[: head.rindex('"actions"')] + '"actions": [\n')

        def line(e: tr.LogEntry) -> str:
            return json.dumps(
                {"player": e.player, **tr.records.converter.unstructure(e.action)},
                separators=(",", ":"),
            )

        lines = [line(e) for e in cycle]
        written = 0
        for first in prefix:
            f.write(("" if written == 0 else ",\n") + line(first))
            written += 1
        while written < actions:
            for text in lines:
                f.write(("" if written == 0 else ",\n") + text)
                written += 1
        f.write("\n]\n}\n")
    return path.stat().st_size


def _cycle(
    opening: tr.CardGameState, entries: list[tr.LogEntry]
) -> tuple[list[tr.LogEntry], list[tr.LogEntry]]:
    """A prefix of ``entries`` and a run after it that stays legal when repeated (checked on
    three laps)."""
    for start in range(0, len(entries), 2):
        state = opening
        for e in entries[:start]:
            state = tr.apply(state, cast("CardAction", e.action), player=e.player)
        for length in range(4, len(entries) - start + 1, 4):
            run = entries[start : start + length]
            lap = state
            try:
                for _ in range(3):
                    for e in run:
                        lap = tr.apply(lap, cast("CardAction", e.action), player=e.player)
            except tr.IllegalActionError:
                continue
            return entries[:start], run
    raise SystemExit("no repeatable run of leader moves found")


def measure(command: list[str]) -> tuple[float, float, int]:
    """Seconds, peak MB of the child and exit status of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak <= before:
        print("  (peak not above an earlier child's; figure is an upper bound)")
    return seconds, peak / 1024, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1_600_000)
    args = parser.parse_args()
    cli = [sys.executable, "-m", "tigris_rules"]
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "long.json"
        size = write_log(path, args.actions)
        print(f"log: {args.actions} actions, {size / 1024 / 1024:.1f} MB")
        for name, extra in (("replay", ["--step", "20"]), ("validate", []), ("replay", [])):
            command = [*cli, name, str(path), "--max-size", "100", *extra]
            seconds, peak, status = measure(command)
            label = " ".join([name, *extra])
            print(f"{label:16} {seconds:7.1f} s  peak {peak:7.1f} MB  exit {status}")


if __name__ == "__main__":
    main()
