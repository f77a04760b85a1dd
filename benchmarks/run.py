"""Every benchmark figure of tigris_rules, each beside the figure it is compared with.

Usage: ``python benchmarks/run.py [--quick] [--rounds R] [--seed S] [--json] [--only KEYS]
[--compare-build PYTHON]``

How it measures. Every workload (``benchmarks/_workloads.py``) runs in a fresh Python
process, which prepares its inputs untimed and reports the CPU time (``time.process_time``)
of the work alone and the units of work done (decisions, plies, leaf nodes, calls, actions,
moves, states). Two things compared are measured in the same rounds: each round runs every
side of a comparison once, one after the other, in an order that turns from round to round
(so that neither side always goes first). Each figure is printed as min / median / max of the
rounds, and each ratio as the median of the per-round ratios, with their range. Every game
is dealt from a fixed seed (``--seed``, 1 by default), so two runs do the same work and only
the times differ; ``--rounds`` sets the rounds (5, or 3 with ``--quick``, which also does
less work in each). The script only prints figures; it asserts nothing about time.

What it compares (the classic base game, 2 players, unless said otherwise):

1. random playouts with **every legal action built** at each decision
   (``list(legal_actions(state))``, one picked with ``random.Random(seed).choice``, applied),
   per decision, against random chess games that build every legal move at each ply
   (``list(board.legal_moves)``) and stop on a cheap test: no legal move, the fifty-move
   rule read from ``board.halfmove_clock``, or 1,000 plies. This is the headline: it is what
   a search bot does when it expands a node. Then the **lazy pick** (``actions[
   rng.randrange(len(actions))]``, only the chosen action built) against the same chess loop;
   then both for 4 players;
2. ``tr.perft`` to depth 1 and 2 (leaves counted with ``len``, not applied) from every tenth
   position of seeded games, against the chess perft from every tenth position of seeded
   chess games (pushes and pops above the last ply, ``legal_moves.count()`` at the last),
   per leaf node;
3. ``apply`` over a fixed set of (state, action) pairs against ``push`` + ``pop`` of a fixed
   set of moves, per call; and ``apply`` per kind of action;
4. log validation (``validate_json`` of random-bot logs) against ``chess.pgn.read_game`` of
   the PGN of random chess games written by python-chess, per action and per move;
5. the JSON round trip ``loads(dumps(state), GameState)`` against the FEN round trip
   ``chess.Board(board.fen())``, per state, over every tenth position of seeded games;
6. ``legal_actions`` late in the game against the opening, every action built, per call, on
   fresh copies of the states (nothing cached) and in play (each state asked once as the
   game meets it, the regions carried from the state before);
7. ``import tigris_rules`` against ``import chess``: the CPU time of the import statement in
   a fresh interpreter, the bytecode written beforehand; and of the import with a first game
   and its legal actions against the import with a first chess board and its legal moves
   (the game's modules load when its first configuration is made);
8. every variant against the base game: full-list playouts, ``apply`` of the opening's
   actions, perft(1) and log validation;
9. with ``--compare-build PYTHON`` (or ``TIGRIS_RULES_COMPARE_BUILD``): the same figures of
   the build installed for another interpreter, one build pure Python and the other
   compiled, in the same rounds; otherwise the compiled build is "not measured";
10. the memory every state of a random game keeps (tracemalloc, once);
11. the command line on two processes: ``validate`` of many files and of a JSON Lines
    archive, and ``selfplay --jsonl``, each a fresh ``python -m tigris_rules`` with
    ``--jobs 1`` and ``--jobs 2`` in turns, in wall time (what parallel work gains), beside
    a control (what two processes of a plain Python loop gain at the same time).

The last section says which targets are met, from the medians. ``--json`` prints every
figure as one JSON object and nothing else; ``--only`` runs some sections (their keys:
playouts, perft, apply, validation, json, legal_actions, import, variants, builds, memory,
parallel).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs
from _common import PARALLEL_JOBS, PARALLEL_TARGET, load_averages, measure_parallel

from tigris_rules.tools.bulk import default_jobs

WORKLOADS = Path(__file__).resolve().with_name("_workloads.py")
COMPARE_BUILD_VARIABLE = "TIGRIS_RULES_COMPARE_BUILD"
"""The environment variable naming another interpreter, as ``--compare-build`` does."""
IMPORT_CODE = (
    "import time; start = time.process_time(); {statement}; "
    "seconds = time.process_time() - start; "
    'print(\'{{"measures": {{"import": {{"seconds": %r, "units": 1}}}}, "info": {{}}}}\' '
    "% seconds)"
)
"""The child process of the import figures: the CPU time of one statement."""
STARTS: Final = {
    "tigris": "import tigris_rules as m; m.legal_actions(m.new_game(m.GameConfig(), seed=1))",
    "chess": "import chess as m; list(m.Board().legal_moves)",
}
"""What a first game costs, import included: the first position and its legal moves."""


@attrs.frozen
class Plan:
    """How much work each process does, and how many rounds."""

    rounds: int
    games: int
    """Random playouts of each player count, and of each build."""
    chess_games: int
    """Random chess games of the playout figures."""
    position_games: int
    """Seeded games whose every tenth position feeds perft, apply and the JSON round trip."""
    chess_position_games: int
    deep: int
    """Positions of perft(2)."""
    chess_deep: int
    logs: int
    """Random-bot logs validated (by each build too)."""
    chess_logs: int
    """Random chess games written as PGN and read."""
    legal_calls: int
    """At least this many ``legal_actions`` calls in each phase."""
    variant_games: int
    """Playouts of each variant (and seeded games whose positions feed its perft)."""
    variant_logs: int
    parallel_logs: int
    parallel_games: int
    parallel_pairs: int


FULL = Plan(
    rounds=5,
    games=8,
    chess_games=20,
    position_games=4,
    chess_position_games=10,
    deep=3,
    chess_deep=20,
    logs=16,
    chess_logs=10,
    legal_calls=300,
    variant_games=3,
    variant_logs=4,
    parallel_logs=1500,
    parallel_games=400,
    parallel_pairs=3,
)
QUICK = Plan(
    rounds=3,
    games=3,
    chess_games=8,
    position_games=2,
    chess_position_games=5,
    deep=1,
    chess_deep=10,
    logs=5,
    chess_logs=4,
    legal_calls=100,
    variant_games=1,
    variant_logs=2,
    parallel_logs=1000,
    parallel_games=200,
    parallel_pairs=1,
)

VARIANTS: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("english", "english variant", {"variants": ["english"]}),
    ("alternative", "alternative board", {"board": "alternative"}),
    ("buildings", "buildings", {"variants": ["buildings"]}),
    ("ziggurat", "ziggurat", {"variants": ["ziggurat"]}),
    (
        "all",
        "all three, alternative board",
        {"board": "alternative", "variants": ["english", "buildings", "ziggurat"]},
    ),
)
"""Key, label and configuration of every variant measured (2 players, like the base)."""
VARIANT_FIGURES: tuple[tuple[str, str, str], ...] = (
    ("playout", "full-list playouts", "decisions/s"),
    ("apply", "apply, every action of the opening", "calls/s"),
    ("perft_1", "perft(1)", "nodes/s"),
    ("validation", "log validation", "actions/s"),
)
"""Measure, label and unit of the figures compared between a variant and the base game."""


# --- the comparisons -----------------------------------------------------------------------


@attrs.frozen
class Side:
    """One side of a comparison: a workload run in a fresh process each round."""

    key: str
    workload: str
    """A workload of ``_workloads.py``, ``import:MODULE``, or ``start:NAME`` (a first
    game, import included: :data:`STARTS`)."""
    params: Mapping[str, object] = attrs.field(factory=dict)
    python: str = sys.executable
    env: Mapping[str, str] | None = None
    """The environment of the process (``None``: this one's)."""

    def command(self) -> list[str]:
        """The command line of the process."""
        if self.workload.startswith("import:"):
            module = self.workload.removeprefix("import:")
            return [self.python, "-c", IMPORT_CODE.format(statement=f"import {module}")]
        if self.workload.startswith("start:"):
            statement = STARTS[self.workload.removeprefix("start:")]
            return [self.python, "-c", IMPORT_CODE.format(statement=statement)]
        return [self.python, str(WORKLOADS), self.workload, json.dumps(dict(self.params))]

    def run(self) -> dict[str, Any]:
        """Run the process once and return what it printed."""
        done = subprocess.run(
            self.command(), capture_output=True, text=True, check=False, env=self.env
        )
        if done.returncode:
            raise SystemExit(f"{self.key} ({self.workload}) failed:\n{done.stderr[-2000:]}")
        printed: dict[str, Any] = json.loads(done.stdout)
        return printed


@attrs.frozen
class Shown:
    """A measure of a side as printed: a rate (``unit`` ends in ``/s``) or the time of one
    unit (``unit`` is ``ms`` or ``µs``)."""

    side: str
    measure: str
    label: str
    unit: str


@attrs.frozen
class Ratio:
    """``top`` compared with ``bottom`` in each round: the ratio of their speeds, or with
    ``of_times`` the ratio of their times per unit (top's time over bottom's)."""

    key: str
    label: str
    top: tuple[str, str]
    bottom: tuple[str, str]
    of_times: bool = False


@attrs.frozen
class Target:
    """A goal on the median of a ratio or of a figure: at least or at most ``goal``."""

    key: str
    label: str
    source: str
    """The key of a ratio, or ``figure:SIDE:MEASURE``."""
    goal: float
    at_most: bool = False


@attrs.frozen
class Group:
    """Sides measured in the same rounds, the figures printed and the ratios."""

    key: str
    title: str
    sides: tuple[Side, ...]
    shown: tuple[Shown, ...]
    ratios: tuple[Ratio, ...] = ()
    targets: tuple[Target, ...] = ()
    rounds_factor: int = 1
    warm_up: bool = False
    """Run every side once, untimed, before the rounds."""
    kinds: str | None = None
    """A side whose measures ``kind_NAME`` (one per kind of input) are shown too."""


@attrs.frozen
class Spread:
    """The lowest, middle and highest of a figure over the rounds."""

    low: float
    median: float
    high: float
    values: tuple[float, ...]

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values``."""
        return cls(min(values), statistics.median(values), max(values), tuple(values))


def rates(runs: Sequence[Mapping[str, Any]], measure: str) -> list[float]:
    """Units per second of ``measure`` in each run."""
    found = []
    for run in runs:
        done = run["measures"][measure]
        found.append(done["units"] / done["seconds"] if done["seconds"] else float("inf"))
    return found


def shown_values(runs: Sequence[Mapping[str, Any]], shown: Shown) -> list[float]:
    """The values of ``shown`` in each run, in its unit."""
    speeds = rates(runs, shown.measure)
    if shown.unit == "ms":
        return [1000 / speed for speed in speeds]
    if shown.unit == "µs":
        return [1_000_000 / speed for speed in speeds]
    if shown.unit == "MB":
        return [run["measures"][shown.measure]["seconds"] for run in runs]
    return speeds


def ratio_values(results: Mapping[str, Sequence[Mapping[str, Any]]], ratio: Ratio) -> list[float]:
    """The ratio in each round."""
    top = rates(results[ratio.top[0]], ratio.top[1])
    bottom = rates(results[ratio.bottom[0]], ratio.bottom[1])
    if ratio.of_times:
        return [under / over for over, under in zip(top, bottom, strict=True)]
    return [over / under for over, under in zip(top, bottom, strict=True)]


def run_rounds(sides: Sequence[Side], rounds: int) -> dict[str, list[dict[str, Any]]]:
    """Every side once per round, the order turned by one each round."""
    results: dict[str, list[dict[str, Any]]] = {side.key: [] for side in sides}
    for number in range(rounds):
        turn = number % len(sides)
        for side in [*sides[turn:], *sides[:turn]]:
            results[side.key].append(side.run())
    return results


# --- output --------------------------------------------------------------------------------


def load_text() -> str:
    """The load averages of the last 1, 5 and 15 minutes, as printed."""
    return ", ".join(f"{value:.2f}" for value in load_averages()) or "unknown"


def number(value: float, unit: str) -> str:
    """A value as printed."""
    if unit in ("ratio", "MB"):
        return f"{value:.2f}"
    if unit in ("ms", "µs"):
        return f"{value:,.3f}" if value < 10 else f"{value:,.1f}"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}"


def amount(value: object) -> str:
    """A count or a size, as printed."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:,.0f}" if float(value).is_integer() or value >= 100 else f"{value:.2f}"
    return str(value)


def spread_text(spread: Spread, unit: str) -> str:
    """``median (low to high)``."""
    return (
        f"{number(spread.median, unit):>10} {unit:<12} "
        f"({number(spread.low, unit)} to {number(spread.high, unit)})"
    )


@attrs.define
class Report:
    """What a run measured: printed as it goes, or kept for the JSON object."""

    as_json: bool
    data: dict[str, Any] = attrs.Factory(dict)
    verdicts: dict[str, dict[str, Any]] = attrs.Factory(dict)
    pending: list[tuple[Target, Spread | None, str]] = attrs.Factory(list)

    def say(self, text: str = "") -> None:
        """Print a line (nothing with ``--json``)."""
        if not self.as_json:
            print(text, flush=True)

    def line(self, label: str, text: str) -> None:
        """One aligned line."""
        self.say(f"  {label + ':':<58}{text}")

    def target(self, target: Target, spread: Spread | None, note: str = "") -> None:
        """Keep a target and its measured spread for the last section."""
        self.pending.append((target, spread, note))

    def targets(self) -> None:
        """Print every target, met or not."""
        self.say()
        self.say("== targets (medians of the rounds) ==")
        for target, spread, note in self.pending:
            sign = "<=" if target.at_most else ">="
            goal = f"target {sign} {target.goal:g}"
            if spread is None:
                verdict, met, value = "not measured", None, "-"
            else:
                met = (
                    spread.median <= target.goal if target.at_most else spread.median >= target.goal
                )
                verdict = "met" if met else "NOT met"
                value = f"{spread.median:.2f} ({spread.low:.2f} to {spread.high:.2f})"
            extra = f"; {note}" if note else ""
            self.line(target.label, f"{value:<22} {verdict} ({goal}{extra})")
            self.verdicts[target.key] = {
                "label": target.label,
                "target": f"{sign} {target.goal:g}",
                "met": met,
                **(
                    {}
                    if spread is None
                    else {"median": spread.median, "min": spread.low, "max": spread.high}
                ),
                **({"note": note} if note else {}),
            }


def measure_group(report: Report, group: Group, rounds: int) -> None:
    """Run a group's rounds and report its figures and ratios."""
    rounds *= group.rounds_factor
    started = time.perf_counter()
    if group.warm_up:
        for side in group.sides:
            side.run()
    results = run_rounds(group.sides, rounds)
    seconds = time.perf_counter() - started
    report.say()
    report.say(f"== {group.title} ==")
    plural = "round" if rounds == 1 else "rounds"
    report.say(f"  {rounds} {plural} of {len(group.sides)} fresh processes, {seconds:.0f} s")
    figures: dict[str, Any] = {}
    every = list(group.shown)
    if group.kinds is not None:
        measured = results[group.kinds][0]["measures"]
        every += [
            Shown(group.kinds, f"kind_{kind}", f"  {kind} alone", "calls/s")
            for kind in APPLY_KINDS
            if f"kind_{kind}" in measured
        ]
    for shown in every:
        spread = Spread.of(shown_values(results[shown.side], shown))
        report.line(shown.label, spread_text(spread, shown.unit))
        figures[f"{shown.side}:{shown.measure}"] = {
            "label": shown.label,
            "unit": shown.unit,
            "median": spread.median,
            "min": spread.low,
            "max": spread.high,
            "rounds": spread.values,
        }
    ratios: dict[str, Any] = {}
    found: dict[str, Spread] = {}
    for ratio in group.ratios:
        spread = Spread.of(ratio_values(results, ratio))
        found[ratio.key] = spread
        report.line(ratio.label, spread_text(spread, "ratio"))
        ratios[ratio.key] = {
            "label": ratio.label,
            "median": spread.median,
            "min": spread.low,
            "max": spread.high,
            "rounds": spread.values,
        }
    sides = {
        side.key: {
            "workload": side.workload,
            "params": dict(side.params),
            "build": results[side.key][0].get("build"),
            "info": results[side.key][0]["info"],
            "units": {
                measure: [run["measures"][measure]["units"] for run in results[side.key]]
                for measure in results[side.key][0]["measures"]
            },
        }
        for side in group.sides
    }
    for side in group.sides:
        info = results[side.key][0]["info"]
        if info:
            words = ", ".join(f"{key} {amount(value)}" for key, value in info.items())
            report.line(f"work of {side.key}", words)
    for target in group.targets:
        if target.source.startswith("figure:"):
            _, side_key, measure = target.source.split(":")
            shown = next(s for s in group.shown if s.side == side_key and s.measure == measure)
            report.target(target, Spread.of(shown_values(results[side_key], shown)))
        else:
            report.target(target, found[target.source])
    report.data[group.key] = {
        "title": group.title,
        "rounds": rounds,
        "seconds": seconds,
        "sides": sides,
        "figures": figures,
        "ratios": ratios,
    }


# --- the groups ----------------------------------------------------------------------------


def playout_group(plan: Plan, seed: int) -> Group:
    """Full-list and lazy playouts, 2 and 4 players, against the cheap-end chess loop."""
    two = Side("tigris_2p", "playouts", {"seed": seed, "games": plan.games})
    four = Side(
        "tigris_4p", "playouts", {"seed": seed, "games": plan.games, "config": {"players": 4}}
    )
    chess = Side("chess", "chess_playouts", {"seed": seed, "games": plan.chess_games})
    return Group(
        "playouts",
        "random playouts, per decision, against random chess games per ply",
        (two, chess, four),
        (
            Shown("tigris_2p", "full", "2 players, every action built", "decisions/s"),
            Shown("tigris_2p", "lazy", "2 players, lazy pick", "decisions/s"),
            Shown("tigris_4p", "full", "4 players, every action built", "decisions/s"),
            Shown("tigris_4p", "lazy", "4 players, lazy pick", "decisions/s"),
            Shown("chess", "plies", "chess, every move built, cheap end", "plies/s"),
        ),
        (
            Ratio(
                "full_2p",
                "full list 2p / chess (headline)",
                ("tigris_2p", "full"),
                ("chess", "plies"),
            ),
            Ratio("lazy_2p", "lazy pick 2p / chess", ("tigris_2p", "lazy"), ("chess", "plies")),
            Ratio("full_4p", "full list 4p / chess", ("tigris_4p", "full"), ("chess", "plies")),
            Ratio("lazy_4p", "lazy pick 4p / chess", ("tigris_4p", "lazy"), ("chess", "plies")),
        ),
        (
            Target("full_playouts", "full-list playouts / chess, per decision", "full_2p", 0.5),
            Target("lazy_playouts", "lazy playouts / chess, per decision", "lazy_2p", 0.8),
        ),
    )


def perft_group(plan: Plan, seed: int) -> Group:
    """perft(1) and perft(2) against the chess perft, per leaf node."""
    ours = Side("tigris", "perft", {"seed": seed, "games": plan.position_games, "deep": plan.deep})
    theirs = Side(
        "chess",
        "chess_perft",
        {"seed": seed, "games": plan.chess_position_games, "deep": plan.chess_deep},
    )
    return Group(
        "perft",
        "perft from positions of seeded games, per leaf node",
        (ours, theirs),
        (
            Shown("tigris", "perft_1", "perft(1)", "nodes/s"),
            Shown("chess", "perft_1", "chess perft(1)", "nodes/s"),
            Shown("tigris", "perft_2", "perft(2)", "nodes/s"),
            Shown("chess", "perft_2", "chess perft(2)", "nodes/s"),
        ),
        (
            Ratio("perft_1", "perft(1) / chess", ("tigris", "perft_1"), ("chess", "perft_1")),
            Ratio("perft_2", "perft(2) / chess", ("tigris", "perft_2"), ("chess", "perft_2")),
        ),
    )


APPLY_KINDS = (
    "PlaceTile",
    "PlaceLeader",
    "WithdrawLeader",
    "PlaceCatastrophe",
    "SwapTiles",
    "ChooseConflict",
    "CommitSupport",
    "BuildMonument",
    "Decline",
    "KeepTreasure",
)
"""The kinds of input whose ``apply`` is shown alone, when the sample holds them."""


def apply_group(plan: Plan, seed: int) -> Group:
    """``apply`` against push and pop, per call."""
    per_state = 40
    ours = Side(
        "tigris", "apply", {"seed": seed, "games": plan.position_games, "per_state": per_state}
    )
    theirs = Side(
        "chess",
        "chess_push_pop",
        {"seed": seed, "games": plan.chess_position_games, "per_state": per_state},
    )
    return Group(
        "apply",
        "apply over fixed (state, action) pairs, against push + pop of fixed moves",
        (ours, theirs),
        (
            Shown("tigris", "all", "apply", "calls/s"),
            Shown("chess", "all", "chess push + pop", "moves/s"),
        ),
        (Ratio("apply", "apply / push + pop", ("tigris", "all"), ("chess", "all")),),
        kinds="tigris",
    )


def validation_group(plan: Plan, seed: int) -> Group:
    """Log validation against PGN reading."""
    ours = Side("tigris", "validation", {"seed": seed, "logs": plan.logs})
    theirs = Side("chess", "chess_pgn", {"seed": seed, "logs": plan.chess_logs})
    return Group(
        "validation",
        "log validation (validate_json) against PGN reading (chess.pgn.read_game)",
        (ours, theirs),
        (
            Shown("tigris", "validation", "log validation", "actions/s"),
            Shown("chess", "validation", "chess PGN reading", "moves/s"),
        ),
        (
            Ratio(
                "validation",
                "validation / PGN reading, per move",
                ("tigris", "validation"),
                ("chess", "validation"),
            ),
        ),
        (Target("validation", "log validation / PGN reading, per move", "validation", 1.0),),
    )


def json_group(plan: Plan, seed: int) -> Group:
    """The JSON round trip against the FEN round trip."""
    ours = Side("tigris", "json", {"seed": seed, "games": plan.position_games})
    theirs = Side("chess", "chess_fen", {"seed": seed, "games": plan.chess_position_games})
    return Group(
        "json",
        "JSON round trip loads(dumps(state)) against FEN round trip Board(board.fen())",
        (ours, theirs),
        (
            Shown("tigris", "round_trip", "JSON round trip", "ms"),
            Shown("chess", "round_trip", "chess FEN round trip", "ms"),
        ),
        (
            Ratio(
                "json",
                "JSON / FEN round trip, speed",
                ("tigris", "round_trip"),
                ("chess", "round_trip"),
            ),
        ),
        (
            Target(
                "json_round_trip",
                "JSON round trip of a state, ms",
                "figure:tigris:round_trip",
                1.0,
                at_most=True,
            ),
        ),
    )


def legal_actions_group(plan: Plan, seed: int) -> Group:
    """``legal_actions`` late in the game against the opening: on fresh copies of the
    states (nothing cached), and in play (each state asked once as the game meets it)."""
    sides = []
    for mode, suffix in (("fresh", ""), ("play", "-play")):
        sides.append(
            Side(
                "opening" + suffix,
                "legal_actions",
                {
                    "seed": seed,
                    "games": 20 if mode == "fresh" else plan.position_games,
                    "phase": "opening",
                    "calls": plan.legal_calls,
                    "mode": mode,
                },
            )
        )
        sides.append(
            Side(
                "late" + suffix,
                "legal_actions",
                {
                    "seed": seed,
                    "games": plan.position_games,
                    "phase": "late",
                    "calls": plan.legal_calls,
                    "mode": mode,
                },
            )
        )
    return Group(
        "legal_actions",
        "legal_actions(state), every action built: late game against the opening",
        tuple(sides),
        (
            Shown("opening", "legal_actions", "fresh copies: opening", "ms"),
            Shown("late", "legal_actions", "fresh copies: last fifth of the game", "ms"),
            Shown("opening-play", "legal_actions", "in play: first tenth of the game", "ms"),
            Shown("late-play", "legal_actions", "in play: last fifth of the game", "ms"),
        ),
        (
            Ratio(
                "late_vs_opening",
                "fresh copies: late / opening, time per call",
                ("late", "legal_actions"),
                ("opening", "legal_actions"),
                of_times=True,
            ),
            Ratio(
                "late_vs_opening_in_play",
                "in play: late / opening, time per call",
                ("late-play", "legal_actions"),
                ("opening-play", "legal_actions"),
                of_times=True,
            ),
        ),
        (
            Target(
                "late_legal_actions",
                "late-game legal_actions / opening, fresh copies, time",
                "late_vs_opening",
                1.2,
                at_most=True,
            ),
            Target(
                "late_legal_actions_in_play",
                "late-game legal_actions / opening, in play, time",
                "late_vs_opening_in_play",
                1.2,
                at_most=True,
            ),
        ),
    )


def import_group(cache: str) -> Group:
    """``import tigris_rules`` against ``import chess``, both read from bytecode written
    into the folder ``cache`` by a first run of each (``PYTHONPYCACHEPREFIX``)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return Group(
        "import",
        "import time: the import statement in a fresh interpreter, CPU time, from bytecode",
        (
            Side("tigris", "import:tigris_rules", env=env),
            Side("chess", "import:chess", env=env),
            Side("tigris-start", "start:tigris", env=env),
            Side("chess-start", "start:chess", env=env),
        ),
        (
            Shown("tigris", "import", "import tigris_rules", "ms"),
            Shown("chess", "import", "import chess", "ms"),
            Shown("tigris-start", "import", "import, first game and its legal actions", "ms"),
            Shown("chess-start", "import", "import, first board and its legal moves", "ms"),
        ),
        (
            Ratio(
                "import",
                "tigris_rules / chess, time",
                ("tigris", "import"),
                ("chess", "import"),
                of_times=True,
            ),
            Ratio(
                "start",
                "first game / first chess board, import included, time",
                ("tigris-start", "import"),
                ("chess-start", "import"),
                of_times=True,
            ),
        ),
        (
            Target(
                "import", "import tigris_rules / import chess, time", "import", 2.0, at_most=True
            ),
            Target(
                "start",
                "first game / first chess board, with the import",
                "start",
                2.0,
                at_most=True,
            ),
        ),
        rounds_factor=2,
        warm_up=True,
    )


def variant_group(plan: Plan, seed: int) -> Group:
    """Every variant against the base game, in the same rounds."""
    params = {"seed": seed, "games": plan.variant_games, "logs": plan.variant_logs}
    sides = [Side("base", "variant", params)]
    sides += [Side(key, "variant", {**params, "config": config}) for key, _, config in VARIANTS]
    shown: list[Shown] = []
    ratios: list[Ratio] = []
    for measure, label, unit in VARIANT_FIGURES:
        shown.append(Shown("base", measure, f"base game: {label}", unit))
    for key, name, _ in VARIANTS:
        for measure, label, _ in VARIANT_FIGURES:
            ratios.append(
                Ratio(f"{key}_{measure}", f"{name}: {label}", (key, measure), ("base", measure))
            )
    return Group(
        "variants",
        "variants against the base game (ratios of speeds)",
        tuple(sides),
        tuple(shown),
        tuple(ratios),
    )


def variant_targets(report: Report) -> None:
    """Each variant's lowest median ratio to the base game: at least 0.80."""
    ratios = report.data["variants"]["ratios"]
    for key, name, _ in VARIANTS:
        mine = {measure: ratios[f"{key}_{measure}"] for measure, _, _ in VARIANT_FIGURES}
        worst = min(mine, key=lambda measure: mine[measure]["median"])
        found = mine[worst]
        spread = Spread(found["min"], found["median"], found["max"], tuple(found["rounds"]))
        report.target(
            Target(f"variant_{key}", f"{name} / base, lowest figure", "", 0.8),
            spread,
            f"lowest: {worst}",
        )


def build_group(plan: Plan, seed: int, pure: Side, compiled: Side) -> Group:
    """The pure and the compiled build in the same rounds."""
    return Group(
        "builds",
        "the compiled build against the pure-Python build",
        (pure, compiled),
        tuple(
            Shown(side.key, measure, f"{side.key}: {label}", unit)
            for side in (pure, compiled)
            for measure, label, unit in VARIANT_FIGURES
        ),
        tuple(
            Ratio(
                f"compiled_{measure}",
                f"compiled / pure: {label}",
                ("compiled", measure),
                ("pure", measure),
            )
            for measure, label, _ in VARIANT_FIGURES
        ),
        (
            Target(
                "compiled_playouts", "compiled / pure, full-list playouts", "compiled_playout", 3.0
            ),
            Target(
                "compiled_validation", "compiled / pure, log validation", "compiled_validation", 3.0
            ),
        ),
    )


def probe(python: str, env: Mapping[str, str] | None) -> dict[str, Any]:
    """Which build of tigris_rules ``python`` imports."""
    done = subprocess.run(
        [python, str(WORKLOADS), "probe"], capture_output=True, text=True, check=False, env=env
    )
    if done.returncode:
        raise SystemExit(f"{python} cannot import tigris_rules:\n{done.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def builds(report: Report, plan: Plan, seed: int, other: str | None, rounds: int) -> None:
    """Measure the compiled build against the pure one when another interpreter is given
    and one of the two builds is compiled; otherwise say that it is not measured."""
    reason = f"not measured: no other build given (--compare-build or {COMPARE_BUILD_VARIABLE})"
    if other:
        env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
        here, there = probe(sys.executable, None), probe(other, env)
        report.say()
        report.say(f"this build: {here['build']}; {other}: {there['build']}")
        if here["compiled"] != there["compiled"]:
            params = {"seed": seed, "games": plan.games, "logs": plan.logs}
            mine = Side("this", "variant", params)
            theirs = Side("other", "variant", params, python=other, env=env)
            pure, compiled = (theirs, mine) if here["compiled"] else (mine, theirs)
            pure = attrs.evolve(pure, key="pure")
            compiled = attrs.evolve(compiled, key="compiled")
            measure_group(report, build_group(plan, seed, pure, compiled), rounds)
            return
        reason = f"not measured: both interpreters load the same kind of build ({here['build']})"
    report.say()
    report.say(f"== the compiled build: {reason} ==")
    for key, label in (
        ("compiled_playouts", "full-list playouts"),
        ("compiled_validation", "log validation"),
    ):
        report.target(Target(key, f"compiled / pure, {label}", "", 3.0), None, reason)


def memory(report: Report, seed: int) -> None:
    """The memory every state of a game keeps, measured once."""
    done = Side("memory", "memory", {"seed": seed}).run()
    megabytes = done["measures"]["memory"]["seconds"]
    states = done["measures"]["memory"]["units"]
    report.say()
    report.say("== memory (tracemalloc, one process) ==")
    report.line(
        "every state of a random 2-player game", f"{megabytes:.2f} MB ({states:.0f} states)"
    )
    report.data["memory"] = {"megabytes": megabytes, "states": states}
    report.target(
        Target("memory", "memory of every state of a game, MB", "", 5.0, at_most=True),
        Spread(megabytes, megabytes, megabytes, (megabytes,)),
        "measured once",
    )


def parallel(report: Report, plan: Plan, quick: bool) -> None:
    """The command line with ``--jobs 1`` and ``--jobs 2``, beside the control."""
    title = f"the command line, --jobs 1 and --jobs {PARALLEL_JOBS}, wall time"
    goal = Target("", "", "", PARALLEL_TARGET)
    labels = (
        ("validate_files", "validate FILE..."),
        ("validate_archive", "validate archive (.jsonl)"),
        ("selfplay", "selfplay --jsonl"),
    )
    cores = default_jobs()
    report.say()
    if cores < PARALLEL_JOBS:
        reason = f"not measured: this process may use {cores} core"
        report.say(f"== {title}: {reason} ==")
        for key, label in labels:
            report.target(
                attrs.evolve(goal, key=f"parallel_{key}", label=f"{label}: --jobs 2 / 1"),
                None,
                reason,
            )
        return
    with tempfile.TemporaryDirectory() as folder:
        measured = measure_parallel(
            Path(folder),
            plan.parallel_logs,
            plan.parallel_games,
            PARALLEL_JOBS,
            plan.parallel_pairs,
        )
    report.say(f"== {title}, {measured.seconds:.0f} s ==")
    startup = Spread.of(measured.startup)
    report.line("startup: tigris-rules --version", spread_text(startup, "s"))
    control = Spread.of(measured.control.paired)
    data: dict[str, Any] = {"startup": startup.values, "control": control.values}
    small = "; quick run: the startup weighs more" if quick else ""
    for (key, label), runs in zip(labels, measured.runs, strict=True):
        for count in (1, PARALLEL_JOBS):
            report.line(f"{label} --jobs {count}", spread_text(Spread.of(runs.seconds[count]), "s"))
        pairs = Spread.of(runs.paired)
        report.line(f"{label}: --jobs {PARALLEL_JOBS} / --jobs 1", spread_text(pairs, "ratio"))
        data[key] = {
            "jobs_1": runs.seconds[1],
            f"jobs_{PARALLEL_JOBS}": runs.seconds[PARALLEL_JOBS],
            "pairs": pairs.values,
        }
        note = f"control {control.median:.2f}"
        if control.median < PARALLEL_TARGET:
            note += ", below the target: other work held the cores"
        report.target(
            attrs.evolve(goal, key=f"parallel_{key}", label=f"{label}: --jobs {PARALLEL_JOBS} / 1"),
            pairs,
            note + small,
        )
    report.line(
        f"control: a Python loop, {PARALLEL_JOBS} processes / 1", spread_text(control, "ratio")
    )
    work = measured.workload.describe()
    report.line("work", f"{work}; selfplay {measured.games:,} games; load {measured.load}")
    data["work"] = work
    report.data["parallel"] = data


SECTIONS: tuple[str, ...] = (
    "playouts",
    "perft",
    "apply",
    "validation",
    "json",
    "legal_actions",
    "import",
    "variants",
    "builds",
    "memory",
    "parallel",
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(
        description="Every benchmark figure of tigris_rules, beside python-chess, in rounds "
        "of fresh processes, in CPU time."
    )
    parser.add_argument("--quick", action="store_true", help="less work and 3 rounds")
    parser.add_argument("--rounds", type=int, help="rounds of every comparison (5; quick: 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead")
    parser.add_argument(
        "--only", help=f"comma-separated sections to run, of: {', '.join(SECTIONS)}"
    )
    parser.add_argument(
        "--compare-build",
        metavar="PYTHON",
        default=os.environ.get(COMPARE_BUILD_VARIABLE),
        help="the interpreter of another build of tigris_rules (one pure Python, the other "
        f"compiled); also read from {COMPARE_BUILD_VARIABLE}",
    )
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    rounds: int = args.rounds or plan.rounds
    if rounds < 1:
        parser.error("--rounds must be at least 1")
    seed: int = args.seed
    chosen = SECTIONS if not args.only else tuple(args.only.split(","))
    unknown = sorted(set(chosen) - set(SECTIONS))
    if unknown:
        parser.error(f"--only: unknown sections {', '.join(unknown)}")
    import chess

    here = probe(sys.executable, None)
    header: dict[str, Any] = {
        "seed": seed,
        "run": "quick" if args.quick else "full",
        "rounds": rounds,
        "python": sys.version.split()[0],
        "tigris_rules": here["version"],
        "build": here["build"],
        "chess": chess.__version__,
        "cpu_count": os.cpu_count(),
        "load_before": load_averages(),
    }
    report = Report(as_json=args.json)
    report.say(f"tigris_rules benchmarks: seed {seed}, {header['run']} run, {rounds} rounds")
    report.say(
        f"python {header['python']}, tigris_rules {here['version']} ({here['build']}), "
        f"python-chess {chess.__version__}, {os.cpu_count()} CPU(s), load {load_text()}"
    )
    start = time.perf_counter()
    makers: dict[str, Callable[[], Group]] = {
        "playouts": lambda: playout_group(plan, seed),
        "perft": lambda: perft_group(plan, seed),
        "apply": lambda: apply_group(plan, seed),
        "validation": lambda: validation_group(plan, seed),
        "json": lambda: json_group(plan, seed),
        "legal_actions": lambda: legal_actions_group(plan, seed),
        "variants": lambda: variant_group(plan, seed),
    }
    for key in chosen:
        if key in makers:
            measure_group(report, makers[key](), rounds)
            if key == "variants":
                variant_targets(report)
        elif key == "import":
            with tempfile.TemporaryDirectory() as cache:
                measure_group(report, import_group(cache), rounds)
        elif key == "builds":
            builds(report, plan, seed, args.compare_build, rounds)
        elif key == "memory":
            memory(report, seed)
        elif key == "parallel":
            parallel(report, plan, args.quick)
    report.targets()
    elapsed = time.perf_counter() - start
    report.say()
    report.say(f"total time: {elapsed:.0f} s; load {load_text()}")
    if args.json:
        output = {**header, "seconds": elapsed, "load_after": load_averages()}
        print(json.dumps({**output, "sections": report.data, "targets": report.verdicts}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
