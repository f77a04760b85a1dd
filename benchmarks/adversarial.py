"""Print the worst time of each public call over a corpus of adversarial state documents.

Usage: ``python benchmarks/adversarial.py [--quick] [--seed S]``

The corpus: JSON documents of real states (board game with every variant, card game), each
changed in one to three places by a seeded random choice among values that once cost
minutes or crashed (hands of 60 tiles, 2**63 tiles, 10**7 treasures held, seat 9, pieces
moved to other squares, decisions pointed at other squares and seats), plus a few such
documents written by hand. Every document goes through ``loads``; for the ones it accepts,
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


def corpus(seed: int, size: int) -> list[tuple[type, str]]:
    """``size`` mutated documents and the hand-written ones, from fixed seeds."""
    rng = random.Random(seed)
    states = _states(seed, 120)
    out = _hand_written(next(s for s in states if isinstance(s, tr.GameState)))
    for _ in range(size):
        state = rng.choice(states)
        document = json.loads(tr.dumps(state))
        for _ in range(rng.randint(1, 3)):
            paths = [p for p in _leaves(document) if p]
            _set(document, rng.choice(paths), rng.choice(ODD_VALUES))
        kind = tr.GameState if isinstance(state, tr.GameState) else tr.CardGameState
        out.append((kind, json.dumps(document)))
    return out


def _timed(worst: dict[str, float], name: str, call: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    try:
        value = call()
    except tr.TigrisError:
        value = None
    elapsed = time.perf_counter() - start
    worst[name] = max(worst.get(name, 0.0), elapsed)
    return value


def measure(documents: list[tuple[type, str]]) -> tuple[dict[str, float], int, float]:
    """The worst seconds per call, how many documents ``loads`` accepted, and the worst
    seconds for one whole accepted document."""
    worst: dict[str, float] = {}
    accepted = 0
    worst_document = 0.0
    for kind, text in documents:
        start = time.perf_counter()
        state = _timed(worst, "loads", lambda: tr.loads(text, kind))  # noqa: B023
        if state is None:
            continue
        accepted += 1
        _timed(worst, "to_move", lambda: tr.to_move(state))  # noqa: B023
        _timed(worst, "is_over", lambda: tr.is_over(state))  # noqa: B023
        _timed(worst, "result", lambda: tr.result(state))  # noqa: B023
        _timed(worst, "dumps", lambda: tr.dumps(state))  # noqa: B023
        _timed(worst, "view", lambda: tr.view(state, 0))  # noqa: B023
        legal = _timed(worst, "legal_actions + len", lambda: len(tr.legal_actions(state)))  # noqa: B023
        if legal:
            actions = tr.legal_actions(state)
            for index in (0, legal // 2, legal - 1):
                action = _timed(worst, "legal_actions[i]", lambda: actions[index])  # noqa: B023
                _timed(worst, "apply", lambda: tr.apply(state, action))  # noqa: B023
                _timed(worst, "step", lambda: tr.step(state, action))  # noqa: B023
        worst_document = max(worst_document, time.perf_counter() - start)
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
        print(figure(f"worst {name}", f"{seconds * 1000:.3f}", "ms", "one call"))
    print(figure("worst accepted document", f"{worst_document * 1000:.3f}", "ms", "every call"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
