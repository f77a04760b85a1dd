"""How often one corrupted line in a log gives at most one problem, at the error: logs of
seeded random games corrupted one way at a time, each validated, with its cost next to the
valid log's.

Usage: ``python benchmarks/diagnosis.py [--seed S] [--per-kind N] [--unbounded]``

The logs: random-bot games of the board game (2 to 4 players, both boards, no variant and
each variant) and of the card game (2 to 4 players). The corruptions, each at a seeded random
action of a seeded random log:

- ``missing``: one action left out;
- ``duplicated``: one action written twice;
- ``extra``: an action of another part of the log written in;
- ``swapped k``: two actions ``k`` places apart exchanged (k = 1 to 5);
- ``seat``: the seat of an action changed to another seat;
- ``place``: the square (board game) or the target, column or gap (card game) of an action
  changed to another of its kind;
- ``colour``: the colour of an action changed to another colour;
- ``count``: the count of an action changed by one.

A corruption is *at the error* when the report holds at most one problem and that problem
stands at the corrupted action: its index is the corrupted index (``seat``, ``place``,
``colour``, ``count``, ``extra``; an action written in next to a copy of itself makes the
same log as ``duplicated`` and either copy counts), one of the two copies (``duplicated``),
one of the two actions exchanged (``swapped k``), or the index where the left-out action
belongs: the index it had, or a later one reached through actions of the same seat only,
any of which the left-out action may precede (``missing``). A report with no problem (the
corrupted log is still a legal game) counts as at the error and is counted apart.

The corruptions not at the error are split by why: ``later``, the first problem stands after
the error (the rules took the corrupted action where it stands, and the game it led to parts
from the log further on; the script prints the median of those distances); ``result``, the
log stays legal but its expected result differs (one problem that names no action); ``more``,
the first problem stands at the error but more follow (the repair chose a guess that fitted
the next actions as well as the right one, and parts from the log later); ``elsewhere``, the
first problem stands before the error or between two actions swapped. Of ``later`` and
``elsewhere``, ``tied`` counts the reports of one problem only whose game ends with the
result of the game played: the repair at that other action replays the whole rest of the log
and reaches the same result, so another single slip explains the log as well as the one made,
and no choice between the two can be told right.

With ``--unbounded`` the search's bounds are lifted (``UNBOUNDED``: 200 inputs per action
and 1,000,000 per problem instead of 3 and 4,096, every legal action tried as a missing one,
more changes of the actions looked back at): the rates then say what the ways of the search
reach whatever they cost, and the costs how far past the bound that is.

The cost: the processor time of ``validate_json`` on the corrupted log over the time on
the valid log it came from, like for like: after the same warm-up (every valid log, then one
with an action left out, so that the problem path is loaded too), the two are validated in
turn, valid then corrupted, ``--rounds`` times with the collector off, and the corrupted
log's figure is the median of the pair ratios (the processor time of the same work drifts
by up to twice on a shared machine over tenths of a second). The script prints the median
and the largest of those figures per kind. It prints figures only and asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from _common import selfplay

import tigris_rules as tr
from tigris_rules.model.board import board_layout
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.records import _repair

Actions = list[dict[str, Any]]
Data = dict[str, Any]
COLOR_NAMES = ("black", "red", "blue", "green")
UNBOUNDED = {
    "REPAIR_PER_ACTION": 200,
    "REPAIR_PER_PROBLEM": 1_000_000,
    "RIVALS_PER_ACTION": 100,
    "MISSING_TRIES": 100_000,
    "MISSING_WAYS": 100_000,
    "LOOKBACK_NEIGHBOURS": 64,
    "DEEP_CANDIDATES": 40,
}
"""The bounds of the search (``tigris_rules.records``; Validation in docs/log-format.md) that
``--unbounded`` lifts, and their values then."""
PLACES = ("square", "target", "column", "gap")


def configs() -> list[tr.GameConfig]:
    """The games the logs are played in."""
    return [
        tr.GameConfig(players=2),
        tr.GameConfig(players=3, board="alternative"),
        tr.GameConfig(players=4, variants=("english",)),
        tr.GameConfig(players=2, board="alternative", variants=("buildings",)),
        tr.GameConfig(players=3, variants=("ziggurat",)),
        tr.GameConfig(players=4, board="alternative", variants=("english", "buildings")),
        tr.GameConfig(players=2, game="cards"),
        tr.GameConfig(players=3, game="cards"),
        tr.GameConfig(players=4, game="cards"),
    ]


def squares(data: Data) -> list[str]:
    layout = board_layout(data["config"]["board"])
    return [SQUARE_NAMES[n] for n in range(len(layout.river))]


class Corruption:
    """One kind of corruption: ``make(rng, data)`` gives the changed actions and the range of
    indexes that count as at the error, or ``None`` when the log has no action it applies
    to at the index drawn."""

    def __init__(
        self, name: str, make: Callable[[random.Random, Data], tuple[Actions, range] | None]
    ) -> None:
        self.name = name
        self.make = make


def missing(rng: random.Random, data: Data) -> tuple[Actions, range] | None:
    actions: Actions = data["actions"]
    at = rng.randrange(len(actions) - 1)
    seat = actions[at]["player"]
    last = at
    while last + 1 < len(actions) - 1 and actions[last + 1]["player"] == seat:
        last += 1
    return actions[:at] + actions[at + 1 :], range(at, last + 1)


def duplicated(rng: random.Random, data: Data) -> tuple[Actions, range] | None:
    actions: Actions = data["actions"]
    at = rng.randrange(len(actions))
    return [*actions[: at + 1], actions[at], *actions[at + 1 :]], range(at, at + 2)


def extra(rng: random.Random, data: Data) -> tuple[Actions, range] | None:
    actions: Actions = data["actions"]
    at = rng.randrange(len(actions))
    other = actions[rng.randrange(len(actions))]
    changed = [*actions[:at], other, *actions[at:]]
    first = at - 1 if at > 0 and changed[at - 1] == other else at
    last = at + 1 if changed[at + 1 :][:1] == [other] else at
    return changed, range(first, last + 1)


def swapped(k: int) -> Callable[[random.Random, Data], tuple[Actions, range] | None]:
    def make(rng: random.Random, data: Data) -> tuple[Actions, range] | None:
        actions: Actions = list(data["actions"])
        at = rng.randrange(len(actions) - k)
        if actions[at] == actions[at + k]:
            return None
        actions[at], actions[at + k] = actions[at + k], actions[at]
        return actions, range(at, at + k + 1, k)  # either of the two, not those between

    return make


def field_change(
    change: Callable[[random.Random, Data, dict[str, Any]], dict[str, Any] | None],
) -> Callable[[random.Random, Data], tuple[Actions, range] | None]:
    def make(rng: random.Random, data: Data) -> tuple[Actions, range] | None:
        actions: Actions = list(data["actions"])
        at = rng.randrange(len(actions))
        fields = change(rng, data, actions[at])
        if fields is None:
            return None
        actions[at] = {**actions[at], **fields}
        return actions, range(at, at + 1)

    return make


def seat(rng: random.Random, data: Data, action: dict[str, Any]) -> dict[str, Any] | None:
    others = [p for p in range(data["config"]["players"]) if p != action["player"]]
    return {"player": rng.choice(others)}


def place(rng: random.Random, data: Data, action: dict[str, Any]) -> dict[str, Any] | None:
    if "square" in action:
        return {"square": rng.choice([s for s in squares(data) if s != action["square"]])}
    if isinstance(action.get("target"), str):
        targets = [f"{r}.{s}" for r in range(1, 9) for s in range(3)]
        return {"target": rng.choice([t for t in targets if t != action["target"]])}
    for name in ("column", "gap"):
        if isinstance(action.get(name), int):
            return {name: rng.choice([c for c in range(1, 9) if c != action[name]])}
    return None


def colour(rng: random.Random, data: Data, action: dict[str, Any]) -> dict[str, Any] | None:
    if action.get("color") not in COLOR_NAMES:
        return None
    return {"color": rng.choice([c for c in COLOR_NAMES if c != action["color"]])}


def count(rng: random.Random, data: Data, action: dict[str, Any]) -> dict[str, Any] | None:
    if not isinstance(action.get("count"), int):
        return None
    value: int = action["count"]
    return {"count": value + 1 if value == 0 or rng.random() < 0.5 else value - 1}


CORRUPTIONS = (
    Corruption("missing", missing),
    Corruption("duplicated", duplicated),
    Corruption("extra", extra),
    *(Corruption(f"swapped {k}", swapped(k)) for k in range(1, 6)),
    Corruption("seat", field_change(seat)),
    Corruption("place", field_change(place)),
    Corruption("colour", field_change(colour)),
    Corruption("count", field_change(count)),
)


def timed(text: str) -> tuple[float, tr.Report]:
    start = time.process_time()
    report = tr.validate_json(text)
    return time.process_time() - start, report


class Tally:
    def __init__(self) -> None:
        self.total = 0
        self.at_error = 0
        self.clean = 0
        self.diagnoses: collections.Counter[str] = collections.Counter()
        self.problems: list[int] = []
        self.ratios: list[float] = []
        self.misses: collections.Counter[str] = collections.Counter()
        self.later: list[int] = []

    def missed(self, report: tr.Report, where: range, played: tr.Result) -> None:
        """Count why ``report`` is not at the error ``where``; ``played``: the result of the
        game the log was played in."""
        first = report.problems[0]
        if first.index is None:
            self.misses["result"] += 1
            return
        if first.index in where:
            self.misses["more"] += 1
            return
        if first.index >= where.stop:
            self.misses["later"] += 1
            self.later.append(first.index - where.start)
        else:
            self.misses["elsewhere"] += 1
        alone = len(report.problems) + report.more == 1
        if alone and report.state is not None and tr.result(report.state) == played:
            self.misses["tied"] += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-kind", type=int, default=36, help="corruptions of each kind")
    parser.add_argument("--games", type=int, default=2, help="logs per configuration")
    parser.add_argument(
        "--rounds", type=int, default=3, help="valid and corrupted validations per corruption"
    )
    parser.add_argument(
        "--unbounded", action="store_true", help="lift the bounds of the search (UNBOUNDED)"
    )
    args = parser.parse_args()
    if args.unbounded:
        for name, value in UNBOUNDED.items():
            setattr(_repair, name, value)
    started = time.perf_counter()
    logs: list[Data] = []
    for number, config in enumerate(configs()):
        for game in range(args.games):
            log = selfplay(config, args.seed * 1000 + number * 10 + game)
            logs.append(json.loads(tr.dumps(log)))
    texts = [json.dumps(data) for data in logs]
    sizes = [len(d["actions"]) for d in logs]
    print(f"{len(logs)} logs of {min(sizes)} to {max(sizes)} actions")
    results: list[tr.Result] = []  # of the games played, read off the warm-up
    for text in texts:  # warm up
        checked = tr.validate_json(text)
        if checked.state is None or checked.problems:
            raise SystemExit("a log of a game played does not validate")
        results.append(tr.result(checked.state))
    tr.validate_json(json.dumps({**logs[0], "actions": logs[0]["actions"][1:]}))
    gc.disable()
    tallies: dict[str, Tally] = {}
    for corruption in CORRUPTIONS:
        rng = random.Random(f"{args.seed} {corruption.name}")
        tally = tallies[corruption.name] = Tally()
        while tally.total < args.per_kind:
            number = rng.randrange(len(logs))
            data = logs[number]
            made = corruption.make(rng, data)
            if made is None:
                continue
            actions, where = made
            if actions == data["actions"]:
                continue
            text = json.dumps({**data, "actions": actions})
            pairs = []
            for _ in range(args.rounds):
                valid, _ = timed(texts[number])
                seconds, report = timed(text)
                pairs.append(seconds / max(1e-9, valid))
            tally.total += 1
            tally.ratios.append(statistics.median(pairs))
            found = len(report.problems) + report.more
            tally.problems.append(found)
            if found == 0:
                tally.clean += 1
                tally.at_error += 1
                tally.diagnoses["(none)"] += 1
                continue
            first = report.problems[0]
            tally.diagnoses[str(getattr(first, "diagnosis", None) or first.assumed)] += 1
            if found == 1 and first.index in where:
                tally.at_error += 1
            else:
                tally.missed(report, where, results[number])
        gc.collect()
    gc.enable()
    print(
        f"{'corruption':12} {'logs':>5} {'at error':>9} {'no problem':>11} {'problems':>13}"
        f" {'cost median':>12} {'max':>6}  diagnoses of the first problem"
    )
    everything = Tally()
    for name, tally in tallies.items():
        rate = 100 * tally.at_error / tally.total
        problems = f"med {statistics.median(tally.problems):.0f} max {max(tally.problems)}"
        kinds = ", ".join(f"{k} {n}" for k, n in tally.diagnoses.most_common(4))
        print(
            f"{name:12} {tally.total:5} {rate:8.1f}% {tally.clean:11} {problems:>13}"
            f" {statistics.median(tally.ratios):12.2f} {max(tally.ratios):6.2f}  {kinds}"
        )
        everything.total += tally.total
        everything.at_error += tally.at_error
        everything.ratios += tally.ratios
        everything.misses += tally.misses
        everything.later += tally.later
    print(
        f"{'all':12} {everything.total:5} {100 * everything.at_error / everything.total:8.1f}%"
        f" {'':11} {'':13} {statistics.median(everything.ratios):12.2f}"
        f" {max(everything.ratios):6.2f}"
    )
    print(
        f"\n{'not at error':12} {'later':>6} {'(distance med)':>15} {'result':>7} {'more':>5}"
        f" {'tied':>5}"
    )
    for name, tally in [*tallies.items(), ("all", everything)]:
        if tally.misses:
            later = f"{statistics.median(tally.later):.0f}" if tally.later else "-"
            print(
                f"{name:12} {tally.misses['later']:6} {later:>15} {tally.misses['result']:7}"
                f" {tally.misses['more']:5} {tally.misses['tied']:5}"
                + (f"  elsewhere {n}" if (n := tally.misses["elsewhere"]) else "")
            )
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
