"""Every benchmark figure of tigris_rules in one run, side by side with python-chess.

Usage: ``python benchmarks/run.py [--quick] [--seed S] [--json] [--compare-build PYTHON]``

Every game is dealt from a fixed seed (``--seed``, 1 by default), so two runs do the same
work; only the times differ. ``--quick`` does less work (under a minute); ``--json`` prints
the same figures as one JSON object and nothing else. Measured on the classic base game:

1. random playouts, 2 and 4 players: whole games where every decision picks uniformly
   among ``legal_actions(state)``, in games/s and decisions/s;
2. legal actions generated in the opening (2 players), on fresh copies of the opening state
   (``attrs.evolve``, so nothing cached on a state is reused), every action iterated;
3. ``apply`` per action kind: the turn actions from the opening, the answers from
   ``(state, action)`` pairs collected in a few seeded random games;
4. perft from the opening: perft(1) makes every legal move (one ``apply`` each, the legal
   actions generated on a fresh copy); perft(2) applies every legal action and counts the
   legal actions of each child with ``len`` (the leaves are counted, not applied);
5. log validation: ``validate_json`` on random-bot logs of the 2-player game;
6. JSON round trip, ``loads(dumps(state), GameState)``, of the state half-way through a
   2-player random game;
7. memory: what the list of every state of a 2-player random game keeps allocated
   (tracemalloc: the bytes freed when the list is dropped, caches on the states included);
8. variants: the per-decision figures for each variant, with their ratio to the base game;
9. the command line on two processes: ``tigris-rules validate`` of many files and of a JSON
   Lines archive, and ``selfplay --jsonl``, each run as a user runs it (a fresh
   ``python -m tigris_rules`` process) with ``--jobs 1`` and ``--jobs 2`` in turns, the
   fastest run of each kept; the speed-up, the startup (``--version``) and the control (what
   two processes of a plain Python loop gain on this machine in the same run, which tells a
   busy machine from a slow implementation). The work (1,500 logs of 2 players to validate,
   400 games to play) is large enough that the startup is under a tenth of a run with
   ``--jobs 1``; ``--quick`` does less (1,000 logs, 200 games, one pair of runs), where the
   startup weighs more. On a machine with one core it cannot be measured, and says so.

python-chess is timed in the same run (random games, perft from the start position making
every move, push and pop of every legal move, legal moves generated, PGN reading, FEN round
trip), each of our figures is printed with its ratio to its chess counterpart: per game and
per decision (a random game of Tigris & Euphrates has fewer decisions than a random game of
chess has plies, so the per-game ratio flatters it). A last section says which targets are
met. The script only prints figures; it asserts nothing about time.

The header says which build of ``tigris_rules`` was measured: pure Python, or compiled with
mypyc (modules loaded from extension files). ``--compare-build PYTHON`` also measures the
build installed for another interpreter (the ``python`` of another virtual environment),
alternately with this one, and prints the speed of the compiled build relative to the pure
one.
"""

from __future__ import annotations

import argparse
import gc
import importlib.machinery
import io
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

import attrs
import chess
import chess.pgn
from _common import (
    PARALLEL_JOBS,
    PARALLEL_TARGET,
    fresh_copy,
    load_averages,
    measure_parallel,
    measure_validation,
    playout,
    playout_states,
    selfplay,
)

import tigris_rules as tr
from tigris_rules.tools.bulk import default_jobs


@attrs.frozen
class Plan:
    """How much work each measurement does."""

    games: int
    """Random playouts per configuration, and python-chess random games."""
    generation_rounds: int
    """Fresh copies of the opening whose legal actions are generated."""
    apply_calls: int
    """At least this many ``apply`` calls per timed set of (state, action) pairs."""
    sample_games: int
    """Random games searched for answers (ChooseConflict, CommitSupport...)."""
    sample_pairs: int
    """At most this many (state, action) pairs kept per action kind."""
    perft_rounds: int
    """Repetitions of perft(1) and perft(2) from the opening, and of the chess perft; perft(1)
    and the chess perft report their fastest round."""
    repeats: int
    """Timings of ``apply`` and of log validation repeated this many times, the fastest kept
    (the one least disturbed by other work on the machine)."""
    logs: int
    """Logs in each validation corpus."""
    round_trips: int
    """JSON round trips (and FEN round trips) timed."""
    chess_perft_depth: int
    chess_generation_rounds: int
    parallel_logs: int
    """Logs validated by the command line with ``--jobs 1`` and ``--jobs 2``."""
    parallel_games: int
    """Games of ``selfplay`` with ``--jobs 1`` and ``--jobs 2``."""


FULL = Plan(
    games=20,
    generation_rounds=200,
    apply_calls=5000,
    sample_games=20,
    sample_pairs=400,
    perft_rounds=5,
    repeats=3,
    logs=20,
    round_trips=500,
    chess_perft_depth=3,
    chess_generation_rounds=10,
    parallel_logs=1500,
    parallel_games=400,
)
QUICK = Plan(
    games=5,
    generation_rounds=50,
    apply_calls=1000,
    sample_games=4,
    sample_pairs=100,
    perft_rounds=2,
    repeats=1,
    logs=5,
    round_trips=100,
    chess_perft_depth=3,
    chess_generation_rounds=3,
    parallel_logs=1000,
    parallel_games=200,
)

BASE_2P = tr.GameConfig(players=2)
BASE_4P = tr.GameConfig(players=4)
VARIANTS: tuple[tuple[str, str, tr.GameConfig], ...] = (
    ("english", "english variant", tr.GameConfig(players=2, variants=("english",))),
    ("alternative", "alternative board", tr.GameConfig(players=2, board="alternative")),
    ("buildings", "buildings", tr.GameConfig(players=2, variants=("buildings",))),
    ("ziggurat", "ziggurat", tr.GameConfig(players=2, variants=("ziggurat",))),
    (
        "all",
        "all three, alternative board",
        tr.GameConfig(
            players=2, board="alternative", variants=("english", "buildings", "ziggurat")
        ),
    ),
)
"""Key, label and configuration of every variant measured (2 players, like the base)."""

OPENING_KINDS = ("PlaceTile", "PlaceLeader", "PlaceCatastrophe", "SwapTiles", "EndTurn")
SAMPLED_KINDS = (
    "WithdrawLeader",
    "ChooseConflict",
    "CommitSupport",
    "BuildMonument",
    "Decline",
    "KeepTreasure",
)
CHESS_PERFT = {1: 20, 2: 400, 3: 8_902, 4: 197_281}
"""Leaf nodes of perft from the chess start position."""

Pair = tuple[tr.GameState, tr.Action, int | None]
"""A state, a legal action of it and the seat that takes it."""


# --- output ------------------------------------------------------------------------------


@attrs.frozen
class Figure:
    """One measured figure: ``value`` is ``None`` when nothing could be measured."""

    key: str
    label: str
    value: float | None
    unit: str
    detail: str
    ratio: float | None = None
    """The ratio to a reference figure (the base game's, for variants)."""


@attrs.frozen
class Target:
    """A goal and whether the measured value reaches it; ``value`` and ``met`` are ``None``
    when it cannot be measured here, and ``note`` says why."""

    key: str
    label: str
    value: float | None
    unit: str
    goal: str
    met: bool | None
    note: str = ""


def known(item: Figure) -> float:
    """The value of a figure that was measured."""
    if item.value is None:
        raise ValueError(f"{item.key} was not measured")
    return item.value


def compiled_modules() -> tuple[list[str], int]:
    """The ``tigris_rules`` modules loaded from compiled extension files (a mypyc build),
    and the number of ``tigris_rules`` modules loaded."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    names = [name for name in sys.modules if name.split(".")[0] == "tigris_rules"]
    compiled = [
        name
        for name in names
        if str(getattr(sys.modules[name], "__file__", None) or "").endswith(suffixes)
    ]
    return sorted(compiled), len(names)


def describe_build() -> str:
    """Which build of ``tigris_rules`` this interpreter runs."""
    compiled, loaded = compiled_modules()
    if not compiled:
        return "pure Python"
    return f"compiled with mypyc ({len(compiled)} of the {loaded} modules loaded)"


def format_value(value: float | None, unit: str) -> str:
    """A figure's value as printed."""
    if value is None:
        return "-"
    if unit == "ms":
        return f"{value:.3f}"
    if unit in ("MB", "ratio"):
        return f"{value:.2f}"
    if unit in ("nodes", "actions", "bytes"):
        return f"{value:,.0f}"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def line(label: str, value: str, unit: str, detail: str) -> str:
    """One aligned line of the text output."""
    return f"{label + ':':<52}{value:>12} {unit:<12} {detail}".rstrip()


@attrs.define
class Report:
    """The figures of a run: printed as text section by section, or kept for the JSON."""

    as_json: bool
    sections: dict[str, tuple[str, list[Figure]]] = attrs.Factory(dict)
    targets: list[Target] = attrs.Factory(list)

    def say(self, text: str = "") -> None:
        """Print a line of the text output (nothing in JSON mode)."""
        if not self.as_json:
            print(text, flush=True)

    def section(self, key: str, title: str, figures: list[Figure]) -> None:
        """Record a section of figures and print it."""
        self.sections[key] = (title, figures)
        self.say()
        self.say(f"== {title} ==")
        for item in figures:
            if item.value is None:
                self.say(line(item.label, "-", item.unit, f"({item.detail})"))
                continue
            detail = f"({item.detail})" if item.detail else ""
            self.say(line(item.label, format_value(item.value, item.unit), item.unit, detail))

    def figure(self, key: str) -> Figure:
        """The figure recorded under ``key`` in any section."""
        for _, figures in self.sections.values():
            for item in figures:
                if item.key == key:
                    return item
        raise KeyError(key)

    def value(self, key: str) -> float:
        """The value of a measured figure."""
        return known(self.figure(key))

    def target(self, target: Target) -> None:
        """Record a target and print it."""
        self.targets.append(target)
        if target.met is None:
            verdict = "cannot be measured"
        else:
            verdict = "met" if target.met else "NOT met"
        value = format_value(target.value, target.unit)
        note = f"; {target.note}" if target.note else ""
        self.say(line(target.label, value, target.unit, f"{verdict} (target {target.goal}{note})"))

    def to_json(self, header: dict[str, object]) -> str:
        """Every figure and target as one JSON object."""
        sections = {
            key: {
                "title": title,
                "figures": {
                    item.key: {
                        "label": item.label,
                        "value": item.value,
                        "unit": item.unit,
                        "detail": item.detail,
                        **({} if item.ratio is None else {"ratio": item.ratio}),
                    }
                    for item in figures
                },
            }
            for key, (title, figures) in self.sections.items()
        }
        targets = {
            target.key: {
                "label": target.label,
                "value": target.value,
                "unit": target.unit,
                "target": target.goal,
                "met": target.met,
                **({"note": target.note} if target.note else {}),
            }
            for target in self.targets
        }
        return json.dumps({**header, "sections": sections, "targets": targets}, indent=2)


# --- tigris_rules ------------------------------------------------------------------------


def measure_playouts(config: tr.GameConfig, games: int, seed: int) -> tuple[float, float, int]:
    """Games/s, decisions/s and decisions of ``games`` random playouts (seeds seed + i)."""
    start = time.perf_counter()
    decisions = sum(playout(config, seed + number) for number in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, decisions


def measure_generation(opening: tr.GameState, rounds: int) -> tuple[float, int]:
    """Legal actions generated and iterated per second on fresh copies of ``opening``, and
    the number of legal actions of the opening."""
    copies = [fresh_copy(opening) for _ in range(rounds)]
    count = 0
    start = time.perf_counter()
    for state in copies:
        for _ in tr.legal_actions(state):
            count += 1
    elapsed = time.perf_counter() - start
    return count / elapsed, count // rounds


def time_apply(pairs: Sequence[Pair], calls: int, repeats: int = 1) -> tuple[float, int]:
    """``apply`` calls per second over ``pairs``, repeated until at least ``calls`` calls
    are made, the fastest of ``repeats`` timings; and the number of calls timed each time."""
    rounds = max(1, math.ceil(calls / len(pairs)))
    fastest = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(rounds):
            for state, action, player in pairs:
                tr.apply(state, action, player=player)
        fastest = min(fastest, time.perf_counter() - start)
    return rounds * len(pairs) / fastest, rounds * len(pairs)


def opening_pairs(opening: tr.GameState) -> list[Pair]:
    """Every legal action of the opening, with the opening and the seat to move."""
    player = tr.to_move(opening)
    return [(opening, action, player) for action in tr.legal_actions(opening)]


def spread(pairs: list[Pair], most: int) -> list[Pair]:
    """At most ``most`` of ``pairs``, evenly spaced, in order."""
    if len(pairs) <= most:
        return pairs
    return [pairs[index * len(pairs) // most] for index in range(most)]


def sampled_pairs(
    config: tr.GameConfig, games: int, seed: int, most: int
) -> tuple[dict[str, list[Pair]], int]:
    """The (state, action) pairs of every kind of :data:`SAMPLED_KINDS` met in the random
    games dealt from seeds seed .. seed + games - 1 (at most ``most`` per kind, spread over
    the games), and the number of states searched."""
    found: dict[str, list[Pair]] = {kind: [] for kind in SAMPLED_KINDS}
    searched = 0
    for number in range(games):
        for state in playout_states(config, seed + number):
            if tr.is_over(state):
                continue
            searched += 1
            player = tr.to_move(state)
            for action in tr.legal_actions(state):
                pairs = found.get(type(action).__name__)
                if pairs is not None:
                    pairs.append((state, action, player))
    return {kind: spread(pairs, most) for kind, pairs in found.items()}, searched


def measure_perft_1(opening: tr.GameState, rounds: int) -> tuple[float, int]:
    """perft(1) from ``opening`` making every move: legal actions generated on a fresh copy
    and every one applied; nodes/s of the fastest of ``rounds`` rounds, and nodes per round."""
    copies = [fresh_copy(opening) for _ in range(rounds)]
    player = tr.to_move(opening)
    fastest = math.inf
    nodes = 0
    for state in copies:
        nodes = 0
        start = time.perf_counter()
        for action in tr.legal_actions(state):
            tr.apply(state, action, player=player)
            nodes += 1
        fastest = min(fastest, time.perf_counter() - start)
    return nodes / fastest, nodes


def measure_perft_2(opening: tr.GameState, rounds: int) -> tuple[float, int]:
    """perft(2) from ``opening``: every legal action applied (on a fresh copy) and the legal
    actions of each child counted with ``len``, leaves not applied; nodes/s and nodes per
    round."""
    copies = [fresh_copy(opening) for _ in range(rounds)]
    player = tr.to_move(opening)
    nodes = 0
    start = time.perf_counter()
    for state in copies:
        for action in tr.legal_actions(state):
            nodes += len(tr.legal_actions(tr.apply(state, action, player=player)))
    elapsed = time.perf_counter() - start
    return nodes / elapsed, nodes // rounds


def build_corpus(config: tr.GameConfig, logs: int, seed: int) -> list[str]:
    """The JSON text of ``logs`` random-bot logs (seeds seed + i), as selfplay writes them."""
    return [tr.dumps(selfplay(config, seed + number), indent=2) for number in range(logs)]


def measure_round_trip(state: tr.GameState, rounds: int) -> tuple[float, int]:
    """Milliseconds per ``loads(dumps(state), GameState)`` and the length of the JSON."""
    start = time.perf_counter()
    for _ in range(rounds):
        tr.loads(tr.dumps(state), tr.GameState)
    elapsed = time.perf_counter() - start
    text = tr.dumps(state)
    if tr.loads(text, tr.GameState) != state:
        raise RuntimeError("the state did not read back equal")
    return elapsed / rounds * 1000, len(text)


def measure_memory(config: tr.GameConfig, seed: int) -> tuple[float, float, int]:
    """MB that the list of every state of one random game keeps allocated (the bytes freed
    when the list is dropped), MB allocated during the playout and still held after it,
    and the number of states."""
    gc.collect()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        states = playout_states(config, seed)
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
        count = len(states)
        del states
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return (held - after) / 1_000_000, (held - before) / 1_000_000, count


def tigris_sections(report: Report, plan: Plan, seed: int) -> None:
    """Measure and report figures 1 to 7."""
    figures: list[Figure] = []
    for players, config in ((2, BASE_2P), (4, BASE_4P)):
        games_rate, decisions_rate, decisions = measure_playouts(config, plan.games, seed)
        detail = f"{plan.games} games, {decisions:,} decisions"
        figures.append(
            Figure(
                f"playout_{players}p_games",
                f"random playouts, {players} players",
                games_rate,
                "games/s",
                detail,
            )
        )
        figures.append(
            Figure(
                f"playout_{players}p_decisions",
                f"random playouts, {players} players",
                decisions_rate,
                "decisions/s",
                detail,
            )
        )
    report.section("playouts", "tigris_rules: random playouts, classic base game", figures)

    opening = tr.new_game(BASE_2P, seed=seed)
    rate, per_state = measure_generation(opening, plan.generation_rounds)
    report.section(
        "generation",
        "tigris_rules: legal actions in the opening (2 players)",
        [
            Figure(
                "legal_actions",
                "legal actions generated",
                rate,
                "actions/s",
                f"{per_state} per state, {plan.generation_rounds} fresh copies, all iterated",
            )
        ],
    )

    pairs = opening_pairs(opening)
    rate, calls = time_apply(pairs, plan.apply_calls, plan.repeats)
    figures = [
        Figure(
            "apply_opening",
            "apply, every action of the opening",
            rate,
            "calls/s",
            f"{len(pairs)} actions, {calls:,} calls",
        )
    ]
    for kind in OPENING_KINDS:
        chosen = [pair for pair in pairs if type(pair[1]).__name__ == kind]
        if not chosen:
            figures.append(
                Figure(f"apply_{kind}", f"apply {kind}", None, "calls/s", "not in the opening")
            )
            continue
        rate, calls = time_apply(chosen, plan.apply_calls, plan.repeats)
        detail = f"{len(chosen)} of the {len(pairs)} actions of the opening, {calls:,} calls"
        figures.append(Figure(f"apply_{kind}", f"apply {kind}", rate, "calls/s", detail))
    found, searched = sampled_pairs(BASE_2P, plan.sample_games, seed, plan.sample_pairs)
    sample = f"{plan.sample_games} random games"
    for kind in SAMPLED_KINDS:
        chosen = found[kind]
        if not chosen:
            missing = f"not met in the sample: {searched:,} states of {sample}"
            figures.append(Figure(f"apply_{kind}", f"apply {kind}", None, "calls/s", missing))
            continue
        rate, calls = time_apply(chosen, plan.apply_calls, plan.repeats)
        states = len({id(state) for state, _, _ in chosen})
        detail = f"{len(chosen)} pairs, {states} states of {sample}, {calls:,} calls"
        figures.append(Figure(f"apply_{kind}", f"apply {kind}", rate, "calls/s", detail))
    report.section(
        "apply",
        f"tigris_rules: apply per action kind (2 players; {searched:,} states searched)",
        figures,
    )

    rate_1, nodes_1 = measure_perft_1(opening, plan.perft_rounds)
    rate_2, nodes_2 = measure_perft_2(opening, plan.perft_rounds)
    rounds = f"{plan.perft_rounds} round(s)"
    report.section(
        "perft",
        "tigris_rules: perft from the opening (2 players)",
        [
            Figure(
                "perft_1_nodes",
                "perft(1), every move made",
                nodes_1,
                "nodes",
                "legal actions of the opening",
            ),
            Figure(
                "perft_1",
                "perft(1), every move made",
                rate_1,
                "nodes/s",
                f"generated on a fresh copy, each applied, fastest of {rounds}",
            ),
            Figure(
                "perft_2_nodes",
                "perft(2), leaves counted by len()",
                nodes_2,
                "nodes",
                "every child applied, its legal actions counted, not applied",
            ),
            Figure(
                "perft_2",
                "perft(2), leaves counted by len()",
                rate_2,
                "nodes/s",
                f"leaf nodes per second, {rounds}",
            ),
        ],
    )

    texts = build_corpus(BASE_2P, plan.logs, seed)
    rate, actions = measure_validation(texts, plan.repeats)
    size = sum(len(text) for text in texts) / 1_000_000
    mid_states = playout_states(BASE_2P, seed)
    middle = mid_states[len(mid_states) // 2]
    milliseconds, length = measure_round_trip(middle, plan.round_trips)
    memory, held, count = measure_memory(BASE_2P, seed)
    report.section(
        "records",
        "tigris_rules: logs, JSON and memory (2 players)",
        [
            Figure(
                "validation",
                "log validation, validate_json",
                rate,
                "actions/s",
                f"{len(texts)} random-bot logs, {actions:,} actions, {size:.2f} MB, "
                "reading + replay",
            ),
            Figure(
                "json_round_trip",
                "mid-game state JSON round trip",
                milliseconds,
                "ms",
                f"loads(dumps(state)), state {len(mid_states) // 2} of {len(mid_states)}, "
                f"{length:,} bytes, {plan.round_trips} rounds, read back equal",
            ),
            Figure(
                "memory",
                "memory of every state of a game",
                memory,
                "MB",
                f"{count} states as apply returned them, freed when the list is dropped; "
                f"{held:.2f} MB held after the playout",
            ),
        ],
    )


def variant_figures(config: tr.GameConfig, plan: Plan, seed: int) -> dict[str, Figure]:
    """The per-decision figures of ``config``, by key: playout decisions/s, ``apply`` in the
    opening, perft(1) from the opening and log validation."""
    _, decisions_rate, decisions = measure_playouts(config, plan.games, seed)
    opening = tr.new_game(config, seed=seed)
    pairs = opening_pairs(opening)
    apply_rate, calls = time_apply(pairs, plan.apply_calls, plan.repeats)
    perft_rate, nodes = measure_perft_1(opening, plan.perft_rounds)
    validation_rate, actions = measure_validation(
        build_corpus(config, plan.logs, seed), plan.repeats
    )
    return {
        "playout": Figure(
            "playout",
            "random playouts",
            decisions_rate,
            "decisions/s",
            f"{plan.games} games, {decisions:,} decisions",
        ),
        "apply": Figure(
            "apply",
            "apply, every action of the opening",
            apply_rate,
            "calls/s",
            f"{len(pairs)} actions, {calls:,} calls",
        ),
        "perft_1": Figure(
            "perft_1",
            "perft(1) from the opening",
            perft_rate,
            "nodes/s",
            f"{nodes} nodes, fastest of {plan.perft_rounds} round(s)",
        ),
        "validation": Figure(
            "validation",
            "log validation",
            validation_rate,
            "actions/s",
            f"{plan.logs} random-bot logs, {actions:,} actions",
        ),
    }


def variant_sections(report: Report, plan: Plan, seed: int) -> None:
    """Measure and report figure 8: the per-decision figures of every variant, each with its
    ratio to the same figure of the base game, measured again just before them with the
    same code and the same work (so that the ratios compare runs made under the same
    conditions)."""
    base = variant_figures(BASE_2P, plan, seed)
    report.section(
        "variant_base",
        "variants: the base game again, the reference of the ratios (2 players)",
        [attrs.evolve(item, key=f"base_{key}", ratio=1.0) for key, item in base.items()],
    )
    for name, label, config in VARIANTS:
        figures: list[Figure] = []
        for key, item in variant_figures(config, plan, seed).items():
            ratio = known(item) / known(base[key])
            detail = f"ratio {ratio:.2f} to the base game; {item.detail}"
            figures.append(attrs.evolve(item, key=f"{name}_{key}", detail=detail, ratio=ratio))
        report.section(f"variant_{name}", f"variant: {label} (2 players)", figures)


# --- the command line on two processes ---------------------------------------------------

PARALLEL_FIGURES: tuple[tuple[str, str], ...] = (
    ("validate_files", "validate FILE..."),
    ("validate_archive", "validate archive (.jsonl)"),
    ("selfplay", "selfplay --jsonl"),
)
"""Key and label of the commands timed with ``--jobs 1`` and ``--jobs 2``, in the order of
:func:`_common.measure_parallel`."""


def parallel_section(report: Report, plan: Plan, quick: bool) -> None:
    """Measure and report figure 9: the command line with ``--jobs 1`` and ``--jobs 2``."""
    title = f"the command line, --jobs 1 and --jobs {PARALLEL_JOBS} (python -m tigris_rules)"
    cores = default_jobs()
    if cores < PARALLEL_JOBS:
        reason = f"not measured: this process may use {cores} core"
        figures = [
            Figure(
                f"parallel_{key}",
                f"{label}: --jobs {PARALLEL_JOBS} / --jobs 1",
                None,
                "ratio",
                reason,
            )
            for key, label in PARALLEL_FIGURES
        ]
        figures.append(Figure("parallel_control", "control", None, "ratio", reason))
        report.section("parallel", title, figures)
        return
    with tempfile.TemporaryDirectory() as folder:
        measured = measure_parallel(
            Path(folder), plan.parallel_logs, plan.parallel_games, PARALLEL_JOBS, plan.repeats
        )
    title += f", {measured.seconds:.0f} s"
    startup = min(measured.startup)
    pairs = f"fastest of {plan.repeats} pair(s) of runs"
    small = "; quick run: a small workload, where the startup weighs more" if quick else ""
    figures = [
        Figure(
            "parallel_startup",
            "startup: tigris-rules --version",
            startup,
            "s",
            f"Python and the package starting; fastest of {len(measured.startup)}",
        )
    ]
    for (key, label), runs in zip(PARALLEL_FIGURES, measured.runs, strict=True):
        if key == "selfplay":
            work = f"{measured.games:,} games of 2 players"
        else:
            work = measured.workload.describe()
        for count in (1, PARALLEL_JOBS):
            times = runs.seconds[count]
            figures.append(
                Figure(
                    f"parallel_{key}_jobs_{count}",
                    f"{label} --jobs {count}",
                    min(times),
                    "s",
                    f"{pairs}, median {statistics.median(times):.2f} s; "
                    f"CPU {min(runs.cpu[count]):.2f} s; {work}",
                )
            )
        past = runs.less_startup(startup)
        share = startup / min(runs.seconds[1])
        figures.append(
            Figure(
                f"parallel_{key}",
                f"{label}: --jobs {PARALLEL_JOBS} / --jobs 1",
                runs.speedup,
                "ratio",
                f"fastest runs; medians {runs.median_speedup:.2f}; less the startup "
                f"{'-' if past is None else f'{past:.2f}'}, which is {share:.0%} of "
                f"--jobs 1{small}",
            )
        )
    machine = measured.control
    figures.append(
        Figure(
            "parallel_control",
            f"control: a Python loop, {PARALLEL_JOBS} processes / 1",
            machine.speedup,
            "ratio",
            f"fastest rounds, one before each pair; rounds from {machine.paired[0]:.2f} to "
            f"{machine.paired[-1]:.2f}; the most the machine gave during the run",
        )
    )
    figures.append(
        Figure(
            "parallel_load",
            "load average, last minute",
            (load_averages() or (None,))[0],
            "load",
            f"1, 5 and 15 minutes: {measured.load}; this run's processes count in it",
        )
    )
    report.section("parallel", title, figures)


# --- python-chess ------------------------------------------------------------------------


def chess_random_game(seed: int) -> chess.Board:
    """A game from the start position where every ply picks uniformly among the legal
    moves, with ``random.Random(seed)``, until the game is over."""
    rng = random.Random(seed)
    board = chess.Board()
    while not board.is_game_over():
        moves = list(board.legal_moves)
        board.push(rng.choice(moves))
    return board


def chess_perft(board: chess.Board, depth: int) -> int:
    """Leaf nodes ``depth`` plies below ``board``, every move pushed and popped."""
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def chess_push_pop(games: Sequence[chess.Board], rounds: int) -> tuple[float, int, int]:
    """Moves pushed and popped per second: every legal move of every tenth position of the
    random ``games``, each pushed then popped (python-chess's counterpart of ``apply``), the
    fastest of ``rounds`` rounds; the number of moves and of positions per round."""
    positions: list[tuple[chess.Board, list[chess.Move]]] = []
    for game in games:
        board = chess.Board()
        for ply, move in enumerate(game.move_stack):
            if ply % 10 == 0:
                positions.append((board.copy(stack=False), list(board.legal_moves)))
            board.push(move)
    moves = sum(len(legal) for _, legal in positions)
    fastest = math.inf
    for _ in range(max(1, rounds)):
        start = time.perf_counter()
        for board, legal in positions:
            for move in legal:
                board.push(move)
                board.pop()
        fastest = min(fastest, time.perf_counter() - start)
    return moves / fastest, moves, len(positions)


def chess_opening_boards() -> list[chess.Board]:
    """The start position and every position one and two plies after it."""
    start = chess.Board()
    boards = [start]
    for move in start.legal_moves:
        child = start.copy(stack=False)
        child.push(move)
        boards.append(child)
        for reply in child.legal_moves:
            grandchild = child.copy(stack=False)
            grandchild.push(reply)
            boards.append(grandchild)
    return boards


def chess_sections(report: Report, plan: Plan, seed: int) -> None:
    """Measure and report the python-chess counterparts."""
    start = time.perf_counter()
    boards = [chess_random_game(seed + number) for number in range(plan.games)]
    elapsed = time.perf_counter() - start
    plies = sum(len(board.move_stack) for board in boards)
    detail = f"{plan.games} games, {plies:,} plies"

    depth = plan.chess_perft_depth
    perft_time = math.inf  # the fastest round, as for perft(1) of the engine
    for _ in range(plan.perft_rounds):
        start = time.perf_counter()
        nodes = chess_perft(chess.Board(), depth)
        perft_time = min(perft_time, time.perf_counter() - start)
        if nodes != CHESS_PERFT[depth]:
            raise RuntimeError(f"chess perft({depth}) did not give {CHESS_PERFT[depth]} nodes")

    push_pop_rate, push_pop_moves, push_pop_positions = chess_push_pop(boards, plan.repeats)

    positions = chess_opening_boards()
    generated = 0
    start = time.perf_counter()
    for _ in range(plan.chess_generation_rounds):
        for board in positions:
            for _ in board.legal_moves:
                generated += 1
    generation_time = time.perf_counter() - start

    texts = [str(chess.pgn.Game.from_board(board)) for board in boards]
    start = time.perf_counter()
    games: list[chess.pgn.Game | None] = [chess.pgn.read_game(io.StringIO(text)) for text in texts]
    pgn_time = time.perf_counter() - start
    for game, board in zip(games, boards, strict=True):
        if game is None or game.errors or list(game.mainline_moves()) != board.move_stack:
            raise RuntimeError("a random game did not read back from its PGN")

    first = boards[0]
    middle = chess.Board()
    for move in first.move_stack[: len(first.move_stack) // 2]:
        middle.push(move)
    start = time.perf_counter()
    for _ in range(plan.round_trips):
        chess.Board(middle.fen())
    fen_time = time.perf_counter() - start
    if chess.Board(middle.fen()).fen() != middle.fen():
        raise RuntimeError("the FEN did not read back equal")

    report.section(
        "chess",
        "python-chess",
        [
            Figure("chess_games", "random games", plan.games / elapsed, "games/s", detail),
            Figure("chess_plies", "random games", plies / elapsed, "plies/s", detail),
            Figure(
                "chess_perft",
                f"perft({depth}), every move made",
                nodes / perft_time,
                "nodes/s",
                f"{CHESS_PERFT[depth]:,} leaf nodes / time, push and pop at every depth, "
                f"fastest of {plan.perft_rounds} round(s)",
            ),
            Figure(
                "chess_push_pop",
                "push and pop, every legal move",
                push_pop_rate,
                "moves/s",
                f"{push_pop_moves:,} moves of {push_pop_positions} positions (every tenth of "
                f"the random games), fastest of {max(1, plan.repeats)} round(s)",
            ),
            Figure(
                "chess_legal_moves",
                "legal moves generated",
                generated / generation_time,
                "moves/s",
                f"{len(positions)} positions up to ply 2, all iterated, "
                f"{plan.chess_generation_rounds} round(s)",
            ),
            Figure(
                "chess_pgn",
                "PGN reading, read_game",
                plies / pgn_time,
                "moves/s",
                f"the {plan.games} random games, {sum(map(len, texts)) / 1e6:.2f} MB",
            ),
            Figure(
                "chess_fen_round_trip",
                "mid-game FEN round trip",
                fen_time / plan.round_trips * 1000,
                "ms",
                f"Board(board.fen()), ply {len(middle.move_stack)} of the first random game",
            ),
        ],
    )


# --- comparisons and targets ---------------------------------------------------------------

VERSUS: tuple[tuple[str, str, str, str], ...] = (
    ("random playouts 2p, games/s", "playout_2p_games", "chess_games", "vs_playout_2p_games"),
    ("random playouts 4p, games/s", "playout_4p_games", "chess_games", "vs_playout_4p_games"),
    (
        "random playouts 2p, decisions/s vs plies/s",
        "playout_2p_decisions",
        "chess_plies",
        "vs_playout_2p_decisions",
    ),
    (
        "random playouts 4p, decisions/s vs plies/s",
        "playout_4p_decisions",
        "chess_plies",
        "vs_playout_4p_decisions",
    ),
    ("legal actions/s vs legal moves/s", "legal_actions", "chess_legal_moves", "vs_legal_actions"),
    ("perft(1) nodes/s vs perft nodes/s", "perft_1", "chess_perft", "vs_perft_1"),
    ("apply, opening, vs perft nodes/s", "apply_opening", "chess_perft", "vs_apply_opening"),
    *(
        (f"apply {kind} vs perft nodes/s", f"apply_{kind}", "chess_perft", f"vs_apply_{kind}")
        for kind in (*OPENING_KINDS, *SAMPLED_KINDS)
    ),
    (
        "apply, opening, vs push+pop/s",
        "apply_opening",
        "chess_push_pop",
        "vs_push_pop_apply_opening",
    ),
    *(
        (
            f"apply {kind} vs push+pop/s",
            f"apply_{kind}",
            "chess_push_pop",
            f"vs_push_pop_apply_{kind}",
        )
        for kind in (*OPENING_KINDS, *SAMPLED_KINDS)
    ),
    ("log validation vs PGN reading, moves/s", "validation", "chess_pgn", "vs_validation"),
    (
        "JSON round trip vs FEN round trip (speed)",
        "json_round_trip",
        "chess_fen_round_trip",
        "vs_json_round_trip",
    ),
)
"""Label, our figure, its python-chess counterpart and the key of the ratio. Random playouts
are compared per game and per decision (a decision against a ply); ``apply`` against perft
nodes (which include generating the moves) and against a push and pop of one move. For
times the ratio is that of the speeds (chess time / our time), so above 1 always means
faster than python-chess."""


def versus_section(report: Report) -> None:
    """Every figure of ours with its ratio to its python-chess counterpart."""
    figures: list[Figure] = []
    for label, ours_key, chess_key, key in VERSUS:
        ours = report.figure(ours_key)
        theirs = report.figure(chess_key)
        if ours.value is None or theirs.value is None:
            figures.append(Figure(key, label, None, "ratio", ours.detail))
            continue
        if ours.unit == "ms":
            ratio = theirs.value / ours.value
        else:
            ratio = ours.value / theirs.value
        ours_text = f"{format_value(ours.value, ours.unit)} {ours.unit}"
        theirs_text = f"{format_value(theirs.value, theirs.unit)} {theirs.unit}"
        figures.append(Figure(key, label, ratio, "ratio", f"{ours_text} / {theirs_text}"))
    report.section("versus_chess", "tigris_rules / python-chess", figures)


def target_section(report: Report, quick: bool = False) -> None:
    """Which targets the measured figures meet."""
    report.say()
    report.say("== targets ==")
    games = report.value("vs_playout_2p_games")
    report.target(
        Target(
            "playout_vs_chess",
            "2-player playout games/s / chess games/s",
            games,
            "ratio",
            ">= 0.5, aim 1.0",
            games >= 0.5,
        )
    )
    decisions = report.value("vs_playout_2p_decisions")
    report.target(
        Target(
            "playout_decisions_vs_chess",
            "2-player playout decisions/s / chess plies/s",
            decisions,
            "ratio",
            ">= 0.5",
            decisions >= 0.5,
        )
    )
    perft = report.value("vs_perft_1")
    report.target(
        Target(
            "perft_vs_chess",
            "opening perft(1) nodes/s / chess perft nodes/s",
            perft,
            "ratio",
            ">= 0.4",
            perft >= 0.4,
        )
    )
    validation = report.value("validation")
    report.target(
        Target(
            "validation",
            "log validation",
            validation,
            "actions/s",
            ">= 50,000 actions/s",
            validation >= 50_000,
        )
    )
    round_trip = report.value("json_round_trip")
    report.target(
        Target(
            "json_round_trip",
            "mid-game JSON round trip",
            round_trip,
            "ms",
            "< 1 ms",
            round_trip < 1,
        )
    )
    memory = report.value("memory")
    report.target(
        Target("memory", "memory of every state of a game", memory, "MB", "< 5 MB", memory < 5)
    )
    if "builds" in report.sections:
        for key, label in BUILD_TARGETS:
            speedup = report.value(f"compiled_speedup_{key}")
            report.target(
                Target(
                    f"compiled_{key}",
                    f"compiled / pure Python, {label}",
                    speedup,
                    "ratio",
                    ">= 3",
                    speedup >= 3,
                )
            )
    else:
        report.say(
            line("compiled / pure Python", "-", "ratio", "(not measured: see --compare-build)")
        )
    if "parallel" in report.sections:
        parallel_targets(report, quick)
    for key, name, _ in VARIANTS:
        _, figures = report.sections[f"variant_{key}"]
        ratios = {item.label: item.ratio for item in figures if item.ratio is not None}
        worst = min(ratios, key=ratios.__getitem__)
        report.target(
            Target(
                f"variant_{key}",
                f"{name} / base, lowest ratio",
                ratios[worst],
                "ratio",
                f">= 0.80 for every figure; lowest: {worst}",
                ratios[worst] >= 0.80,
            )
        )


def parallel_targets(report: Report, quick: bool) -> None:
    """The target of ``--jobs``: each command 1.7 times as fast on two processes as on one,
    with the control beside it."""
    goal = f">= {PARALLEL_TARGET} on {PARALLEL_JOBS} cores"
    control = report.figure("parallel_control").value
    for key, label in PARALLEL_FIGURES:
        item = report.figure(f"parallel_{key}")
        name = f"{label}: --jobs {PARALLEL_JOBS} / --jobs 1"
        if item.value is None or control is None:
            reason = item.detail.removeprefix("not measured: ")
            report.target(Target(f"parallel_{key}", name, None, "ratio", goal, None, reason))
            continue
        note = f"control {control:.2f}"
        if control < PARALLEL_TARGET:
            note += ", below the target: other work held the cores"
        if quick:
            note += "; quick run: the startup weighs more"
        met = item.value >= PARALLEL_TARGET
        report.target(Target(f"parallel_{key}", name, item.value, "ratio", goal, met, note))


# --- builds ------------------------------------------------------------------------------

BUILD_FIGURES: tuple[tuple[str, str, str], ...] = (
    ("playout_2p_decisions", "random playouts, 2 players", "decisions/s"),
    ("apply_opening", "apply, every action of the opening", "calls/s"),
    ("validation", "log validation, validate_json", "actions/s"),
)
"""Key, label and unit of the figures measured for each build."""

BUILD_TARGETS: tuple[tuple[str, str], ...] = (
    ("playout_2p_decisions", "playout decisions/s"),
    ("validation", "log validation actions/s"),
)
"""The figures on which the compiled build is expected to be 3 times as fast."""


BUILD_ROUNDS = 3
"""Runs of each build in ``--compare-build``, alternately; the fastest is kept."""


def build_figures(plan: Plan, seed: int) -> dict[str, object]:
    """The figures of :data:`BUILD_FIGURES` for the build this interpreter runs, and which
    build it is."""
    _, decisions_rate, _ = measure_playouts(BASE_2P, plan.games, seed)
    opening = tr.new_game(BASE_2P, seed=seed)
    apply_rate, _ = time_apply(opening_pairs(opening), plan.apply_calls, plan.repeats)
    validation_rate, _ = measure_validation(build_corpus(BASE_2P, plan.logs, seed), plan.repeats)
    return {
        "build": describe_build(),
        "compiled": bool(compiled_modules()[0]),
        "playout_2p_decisions": decisions_rate,
        "apply_opening": apply_rate,
        "validation": validation_rate,
    }


def other_build_figures(python: str, quick: bool, seed: int) -> dict[str, object]:
    """:func:`build_figures` measured by ``python``, another interpreter (the build
    installed in another virtual environment), running this script."""
    command = [python, os.path.abspath(__file__), "--build-figures", "--seed", str(seed)]
    if quick:
        command.append("--quick")
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{python} could not measure its build:\n{done.stderr}")
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


def build_section(report: Report, plan: Plan, seed: int, python: str, quick: bool) -> None:
    """Measure this build and the one of ``python`` alternately (the fastest of
    :data:`BUILD_ROUNDS` rounds each, so that both meet the same load), and report the
    compiled build's speed relative to the pure one."""
    ours: list[dict[str, object]] = []
    theirs: list[dict[str, object]] = []
    for _ in range(BUILD_ROUNDS):
        ours.append(build_figures(plan, seed))
        theirs.append(other_build_figures(python, quick, seed))
    if ours[0]["compiled"] == theirs[0]["compiled"]:
        raise SystemExit(
            f"--compare-build needs one pure and one compiled build: this one is "
            f"{ours[0]['build']}, the other one {theirs[0]['build']}"
        )
    pure, compiled = (ours, theirs) if theirs[0]["compiled"] else (theirs, ours)
    figures: list[Figure] = []
    for key, label, unit in BUILD_FIGURES:
        best_pure = max(float(str(run[key])) for run in pure)
        best_compiled = max(float(str(run[key])) for run in compiled)
        figures.append(Figure(f"pure_{key}", f"pure Python: {label}", best_pure, unit, ""))
        figures.append(
            Figure(
                f"compiled_{key}",
                f"compiled: {label}",
                best_compiled,
                unit,
                str(compiled[0]["build"]),
            )
        )
        figures.append(
            Figure(
                f"compiled_speedup_{key}",
                f"compiled / pure Python: {label}",
                best_compiled / best_pure,
                "ratio",
                f"fastest of {BUILD_ROUNDS} alternate runs each",
            )
        )
    report.section("builds", f"the two builds side by side (this one: {describe_build()})", figures)


def main(argv: Sequence[str] | None = None) -> int:
    """Run every benchmark and print the figures."""
    parser = argparse.ArgumentParser(
        description="Every benchmark figure of tigris_rules, side by side with python-chess."
    )
    parser.add_argument("--quick", action="store_true", help="less work: under a minute")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--compare-build",
        metavar="PYTHON",
        help="also measure the build of tigris_rules installed for this other interpreter "
        "(one build pure Python, the other compiled)",
    )
    parser.add_argument(
        "--build-figures",
        action="store_true",
        help="print only the figures compared between builds, as JSON (used by --compare-build)",
    )
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    seed: int = args.seed
    if args.build_figures:
        print(json.dumps(build_figures(plan, seed)))
        return 0
    header: dict[str, object] = {
        "seed": seed,
        "run": "quick" if args.quick else "full",
        "python": sys.version.split()[0],
        "tigris_rules": tr.__version__,
        "chess": chess.__version__,
        "cpu_count": os.cpu_count(),
        "build": describe_build(),
        "compiled_modules": compiled_modules()[0],
    }
    report = Report(as_json=args.json)
    report.say(f"tigris_rules benchmarks: seed {seed}, {header['run']} run")
    report.say(
        f"python {header['python']}, tigris_rules {tr.__version__} ({header['build']}), "
        f"python-chess {chess.__version__}, {os.cpu_count()} CPU(s)"
    )
    start = time.perf_counter()
    tigris_sections(report, plan, seed)
    chess_sections(report, plan, seed)
    versus_section(report)
    variant_sections(report, plan, seed)
    parallel_section(report, plan, args.quick)
    if args.compare_build:
        build_section(report, plan, seed, args.compare_build, args.quick)
    target_section(report, args.quick)
    elapsed = time.perf_counter() - start
    report.say()
    report.say(f"total time: {elapsed:.1f} s")
    if args.json:
        print(report.to_json({**header, "seconds": elapsed}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
