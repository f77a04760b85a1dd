"""Print the worst time of each public call over a corpus of adversarial state documents.

Usage: ``python benchmarks/adversarial.py [--quick] [--seed S]``

The corpus: JSON documents of real states (board game with every variant, card game), each
changed in one to three places by seeded random choices: other seats, a leader or a tile
moved, the decision of another position, values that once cost minutes or crashed (hands of
60 tiles, 2**63 tiles, 10**7 treasures held, seat 9); plus such documents written by hand.
Every document goes through ``loads``; for the ones it accepts,
``to_move``, ``is_over``, ``legal_actions`` (with ``len`` and three indexes), ``apply`` and
``step`` of a legal action, ``result``, ``view`` and ``dumps`` are timed. The goal is every
accepted document of about 1 KB handled in under 50 ms; the script only prints figures and
asserts nothing about time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from _common import figure

import tigris_rules as tr
from tigris_rules.model.squares import SQUARE_NAMES

ODD_VALUES: tuple[Any, ...] = (
    0, 1, 2, 3, 6, 7, 8, 9, -1, 60, 153, 200, 10**7, 2**63, None,
    "a1", "f3", "k1", "p11", "black", "red", "blue", "green", "1.0", "3.2", "g1", "8.9",
)  # fmt: skip


def _states(seed: int, steps: int) -> list[Any]:
    configs = [
        tr.GameConfig(players=2),
        tr.GameConfig(players=3, board="alternative", variants=("english", "buildings")),
        tr.GameConfig(players=4, variants=("ziggurat", "buildings")),
        tr.GameConfig(players=3, game="cards"),
    ]
    out: list[Any] = []
    for number, config in enumerate(configs):
        rng = random.Random(seed + number)
        make = tr.new_card_game if config.game == "cards" else tr.new_game
        state: Any = make(config, seed=seed + number)
        for _ in range(steps):
            if tr.is_over(state):
                break
            legal = tr.legal_actions(state)
            state = tr.apply(state, legal[rng.randrange(len(legal))])
            out.append(state)
    return out


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [path] + [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [path] + [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    *head, last = path
    for key in head:
        document = document[key]
    document[last] = value


def _hand_written(state: tr.GameState) -> list[tuple[type, str]]:
    """The documents that once cost minutes: huge hands, a huge treasure count, seat 9."""
    out: list[tuple[type, str]] = []
    changes: tuple[Callable[[dict[str, Any]], Any], ...] = (
        lambda d: d["hands"][0].update(black=60, red=60, blue=60, green=60),
        lambda d: d["hands"][0].update(black=2**63),
        lambda d: d.update(treasures_held=[10**7] * len(d["treasures_held"])),
        lambda d: d.update(pending={"type": "ziggurat_income_decision", "player": 9}),
        lambda d: d["config"].update(game="cards"),
    )
    for change in changes:
        document = json.loads(tr.dumps(state))
        change(document)
        out.append((tr.GameState, json.dumps(document)))
    return out


_SEAT_FIELDS = frozenset({"player", "attacker", "defender", "active", "winner"})
_SPOTS = [f"{c}.{p}" for c in range(1, 9) for p in range(4)] + [f"g{g}" for g in range(1, 8)]


def _move_leader(rng: random.Random, document: Any) -> None:
    placed = [
        (p, c, where)
        for p, row in enumerate(document["leaders"])
        for c, where in row.items()
        if where is not None
    ]
    if not placed:
        return
    player, color, origin = rng.choice(placed)
    if "cells" in document:
        target = rng.choice(SQUARE_NAMES)
        if target in document["cells"]:
            return
        del document["cells"][origin]
        document["cells"][target] = "leader"
    else:
        target = rng.choice(_SPOTS)
    document["leaders"][player][color] = target


def _mutate(rng: random.Random, document: Any, donors: list[Any]) -> None:
    """One to three changes: other seats, a moved leader or tile, a decision from another
    position, then odd values anywhere."""
    kinds = ["seat", "leader", "cells", "decision", "value"]
    hows = sorted((rng.choice(kinds) for _ in range(rng.randint(1, 3))), key=kinds.index)
    for how in hows:
        if how == "seat":
            paths = [p for p in _leaves(document) if p and p[-1] in _SEAT_FIELDS]
            if paths:
                _set(document, rng.choice(paths), rng.randint(0, 9))
        elif how == "leader":
            _move_leader(rng, document)
        elif how == "cells" and "cells" in document:
            cells = document["cells"]
            a, b = rng.choice(sorted(cells)), rng.choice(SQUARE_NAMES)
            if "leader" not in (cells.get(a), cells.get(b)):
                moved, back = cells.pop(a), cells.pop(b, None)
                cells[b] = moved
                if back is not None:
                    cells[a] = back
        elif how == "decision":
            donor = rng.choice(donors)
            for name in ("pending", "todo", "marker", "placed"):
                if (name in donor and name in document) or name == "pending":
                    document[name] = donor.get(name)
        elif how == "value":
            paths = [p for p in _leaves(document) if p]
            _set(document, rng.choice(paths), rng.choice(ODD_VALUES))


def corpus(seed: int, size: int) -> list[tuple[type, str]]:
    """``size`` mutated documents and the hand-written ones, from fixed seeds."""
    rng = random.Random(seed)
    states = _states(seed, 120)
    out = _hand_written(next(s for s in states if isinstance(s, tr.GameState)))
    documents = [(type(s), json.loads(tr.dumps(s))) for s in states]
    for _ in range(size):
        kind, original = rng.choice(documents)
        document = json.loads(json.dumps(original))
        _mutate(rng, document, [d for k, d in documents if k is kind and d.get("pending")])
        out.append((kind, json.dumps(document)))
    return out


REPEATS = 3
"""Each document is handled this many times, from a fresh ``loads`` each time (so that no
call finds the work of an earlier one cached in the state), and the fastest time of each call
counts, so that a pause of the machine (another process, the garbage collector) is not taken
for the cost of the call."""


def _sized(actions: Sequence[Any]) -> tuple[int, Sequence[Any]]:
    return len(actions), actions


def _one_round(kind: type, text: str) -> tuple[dict[str, float], bool]:
    """The seconds of each call on one document, and whether ``loads`` accepted it."""
    times: dict[str, float] = {}

    def timed(name: str, call: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        try:
            value = call()
        except tr.TigrisError:
            value = None
        times[name] = times.get(name, 0.0) + time.perf_counter() - start
        return value

    state = timed("loads", lambda: tr.loads(text, kind))
    if state is None:
        return times, False
    timed("to_move", lambda: tr.to_move(state))
    timed("is_over", lambda: tr.is_over(state))
    timed("result", lambda: tr.result(state))
    timed("dumps", lambda: tr.dumps(state))
    timed("view", lambda: tr.view(state, 0))
    actions = timed("legal_actions + len", lambda: _sized(tr.legal_actions(state)))
    if actions is not None and actions[0]:
        size, legal = actions
        for index in (0, size // 2, size - 1):
            action = timed("legal_actions[i]", lambda: legal[index])  # noqa: B023
            timed("apply", lambda: tr.apply(state, action))  # noqa: B023
            timed("step", lambda: tr.step(state, action))  # noqa: B023
    return times, True


def measure(documents: list[tuple[type, str]]) -> tuple[dict[str, float], int, float]:
    """The worst seconds per call (three indexes, applies and steps counted together), how
    many documents ``loads`` accepted, and the worst seconds for all calls on one accepted
    document."""
    worst: dict[str, float] = {}
    accepted = 0
    worst_document = 0.0
    for kind, text in documents:
        rounds = [_one_round(kind, text) for _ in range(REPEATS)]
        fastest = {name: min(r[0][name] for r in rounds) for name in rounds[0][0]}
        for name, seconds in fastest.items():
            worst[name] = max(worst.get(name, 0.0), seconds)
        if rounds[0][1]:
            accepted += 1
            worst_document = max(worst_document, sum(fastest.values()))
    return worst, accepted, worst_document


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smaller corpus")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    documents = corpus(args.seed, 300 if args.quick else 3000)
    sizes = sorted(len(text) for _, text in documents)
    worst, accepted, worst_document = measure(documents)
    print(
        f"{len(documents)} documents (median {sizes[len(sizes) // 2]} bytes), "
        f"{accepted} accepted by loads"
    )
    for name, seconds in worst.items():
        print(figure(f"worst {name}", f"{seconds * 1000:.3f}", "ms", "one document"))
    print(figure("worst accepted document", f"{worst_document * 1000:.3f}", "ms", "all calls"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
