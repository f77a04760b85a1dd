"""Helpers shared by the benchmark scripts of this folder (run.py, bench.py,
validate_bench.py, bulk.py): seeded random games, selfplay logs, the layout of a figure line,
and the timing of the command line with ``--jobs 1`` against ``--jobs J``."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import attrs

import tigris_rules as tr
from tigris_rules.ai.bots import random_bots
from tigris_rules.tools.bulk import NotDone, iter_games

__all__ = [
    "PARALLEL_JOBS",
    "PARALLEL_TARGET",
    "Control",
    "JobsRuns",
    "Parallel",
    "Workload",
    "children_cpu",
    "control",
    "fastest_ratio",
    "figure",
    "fresh_copy",
    "load_average",
    "load_averages",
    "measure_parallel",
    "measure_validation",
    "playout",
    "playout_states",
    "selfplay",
    "spin",
    "timed",
    "write_workload",
]


def figure(label: str, value: str, unit: str, detail: str) -> str:
    """One aligned line of output."""
    return f"{label + ':':<32}{value:>12} {unit:<10} ({detail})"


def playout(config: tr.GameConfig, seed: int) -> int:
    """Play one game dealt from ``seed`` where every decision picks uniformly among
    ``legal_actions(state)`` (one index below ``len``, never a full list), with
    ``random.Random(seed)``; return the number of decisions."""
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    decisions = 0
    while not tr.is_over(state):
        actions = tr.legal_actions(state)
        state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
        decisions += 1
    return decisions


def playout_states(config: tr.GameConfig, seed: int) -> list[tr.GameState]:
    """Every state of the game :func:`playout` plays from ``seed``, the opening first, as
    ``apply`` returned them."""
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    states = [state]
    while not tr.is_over(state):
        actions = tr.legal_actions(state)
        state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
        states.append(state)
    return states


def fresh_copy(state: tr.GameState) -> tr.GameState:
    """An equal state with nothing cached on it."""
    return attrs.evolve(state)


def selfplay(config: tr.GameConfig, seed: int) -> tr.GameLog:
    """The log of one random-bot game, as ``tigris-rules selfplay`` records it."""
    bots = random_bots(config.players, seed)

    def choose(state: tr.GameState) -> tr.Action:
        player = tr.to_move(state)
        if player is None:
            raise RuntimeError("asked to choose after the end of the game")
        return bots[player].choose(state)

    return tr.record_game(config, choose, seed=seed)


def measure_validation(texts: Sequence[str], repeats: int = 1) -> tuple[float, int]:
    """Actions per second of ``validate_json`` (reading and replay) over ``texts``, the
    fastest of ``repeats`` passes, and the number of actions."""
    fastest = float("inf")
    actions = 0
    for _ in range(repeats):
        actions = 0
        start = time.perf_counter()
        for text in texts:
            report = tr.validate_json(text)
            if not report.valid:
                raise RuntimeError(f"a selfplay log is not valid: {report.problems[0]}")
            actions += report.actions
        fastest = min(fastest, time.perf_counter() - start)
    return actions / fastest, actions


# --- the command line on several processes -------------------------------------------------

PARALLEL_JOBS = 2
"""The processes compared with one by the target of ``--jobs``."""
PARALLEL_TARGET = 1.7
"""What ``--jobs 2`` must gain over ``--jobs 1`` on two free cores: the target of
``validate --jobs`` and ``selfplay --jobs``."""
CLI = (sys.executable, "-m", "tigris_rules")
"""The command line as a user runs it: a fresh Python process each time."""


def children_cpu() -> float:
    """Processor seconds of the finished child processes (and theirs) so far; 0 where the
    system does not tell (Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(
    command: Sequence[str], expected: bytes | None, cwd: Path | None = None
) -> tuple[float, float, bytes]:
    """The seconds a run of ``command`` takes, the processor seconds of all its processes,
    and its output; it must exit with status 0 and print ``expected`` (unless ``None``)."""
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, check=False, cwd=cwd)
    seconds = time.perf_counter() - start
    words = " ".join(command[3:5])
    if done.returncode:
        error = done.stderr.decode(errors="replace")[-500:]
        raise RuntimeError(f"{words}: exit status {done.returncode}: {error}")
    if expected is not None and done.stdout != expected:
        raise RuntimeError(f"{words}: the output differs from the first run's")
    return seconds, children_cpu() - cpu, done.stdout


def fastest_ratio(slow: Sequence[float], fast: Sequence[float]) -> float:
    """The fastest of ``slow`` over the fastest of ``fast``: the ratio of the runs least
    disturbed by other work on the machine."""
    return min(slow) / min(fast)


@attrs.define
class JobsRuns:
    """The runs of one command with ``--jobs 1`` and with ``--jobs jobs``, in pairs."""

    label: str
    command: tuple[str, ...]
    jobs: int
    seconds: dict[int, list[float]] = attrs.Factory(dict)
    cpu: dict[int, list[float]] = attrs.Factory(dict)
    expected: bytes | None = None

    def pair(self, cwd: Path) -> None:
        """Run the command once with each number of processes, ``--jobs 1`` first on every
        other pair (so that neither always follows the other); every output must be the
        same."""
        order = (1, self.jobs) if len(self.seconds.get(1, ())) % 2 == 0 else (self.jobs, 1)
        for count in order:
            seconds, used, out = timed([*self.command, "--jobs", str(count)], self.expected, cwd)
            self.expected = out if self.expected is None else self.expected
            self.seconds.setdefault(count, []).append(seconds)
            self.cpu.setdefault(count, []).append(used)

    @property
    def speedup(self) -> float:
        """The fastest run with ``--jobs 1`` over the fastest with ``--jobs J``."""
        return fastest_ratio(self.seconds[1], self.seconds[self.jobs])

    @property
    def median_speedup(self) -> float:
        """The same ratio of the medians."""
        return statistics.median(self.seconds[1]) / statistics.median(self.seconds[self.jobs])

    @property
    def paired(self) -> list[float]:
        """The speed-up of each pair of runs, lowest first."""
        return sorted(
            one / many for one, many in zip(self.seconds[1], self.seconds[self.jobs], strict=True)
        )

    def less_startup(self, startup: float) -> float | None:
        """The speed-up of the fastest runs once ``startup`` seconds are taken from both."""
        one, many = min(self.seconds[1]) - startup, min(self.seconds[self.jobs]) - startup
        return one / many if many > 0 else None


def spin(count: int) -> int:
    """A plain Python loop of ``count`` steps: work that needs nothing but a core."""
    total = 0
    for step in range(count):
        total += step & 7
    return total


@attrs.define
class Control:
    """``jobs`` processes of a plain Python loop against one: the most any command can gain
    on this machine at the time (less when its cores are busy with other work)."""

    pool: ProcessPoolExecutor
    jobs: int
    steps: int = 2_000_000
    alone: list[float] = attrs.Factory(list)
    shared: list[float] = attrs.Factory(list)

    def round(self) -> None:
        """Time ``4 * jobs`` loops here, then shared among the processes."""
        tasks = [self.steps] * (4 * self.jobs)
        start = time.perf_counter()
        for task in tasks:
            spin(task)
        self.alone.append(time.perf_counter() - start)
        start = time.perf_counter()
        list(self.pool.map(spin, tasks))
        self.shared.append(time.perf_counter() - start)

    @property
    def speedup(self) -> float:
        """The fastest round alone over the fastest shared."""
        return fastest_ratio(self.alone, self.shared)

    @property
    def paired(self) -> list[float]:
        """The speed-up of each round, lowest first."""
        return sorted(one / many for one, many in zip(self.alone, self.shared, strict=True))


@contextmanager
def control(jobs: int) -> Iterator[Control]:
    """A :class:`Control` whose ``jobs`` worker processes are started."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(spin, [1] * jobs))
        yield Control(pool, jobs)


def load_averages() -> tuple[float, ...]:
    """The load average of the last 1, 5 and 15 minutes; nothing where the system does not
    tell (Windows)."""
    return os.getloadavg() if hasattr(os, "getloadavg") else ()


def load_average() -> str:
    """The load averages, with the number of cores."""
    load = ", ".join(f"{value:.2f}" for value in load_averages()) or "unknown"
    return f"{load} on {os.cpu_count()} cores"


@attrs.frozen
class Workload:
    """Selfplay logs of the 2-player game written as files and as one JSON Lines archive."""

    files: tuple[str, ...]
    """The file names, relative to the folder."""
    archive: str
    logs: int
    actions: int
    megabytes: float
    """The size of the archive."""

    def describe(self) -> str:
        """The work, as printed beside the figures."""
        return f"{self.logs:,} logs, {self.actions:,} actions, {self.megabytes:.1f} MB"


def write_workload(root: Path, logs: int) -> Workload:
    """Write into ``root`` the logs of ``logs`` random-bot games of 2 players, seeds 0 to
    ``logs - 1``, played on every core: once as files laid out as ``selfplay --out`` writes
    them, and once as an archive (``archive.jsonl``, one log per line)."""
    files: list[str] = []
    actions = 0
    with open(root / "archive.jsonl", "w", encoding="utf-8") as archive:
        for game in iter_games(tr.GameConfig(players=2), range(logs), text=True, indent=2):
            if isinstance(game, NotDone):
                raise SystemExit(f"game {game.seed}: {game}")
            text = game.text or ""
            files.append(f"game-{game.seed}.json")
            (root / files[-1]).write_text(text + "\n", encoding="utf-8")
            archive.write(json.dumps(json.loads(text), separators=(",", ":")) + "\n")
            actions += game.actions
    size = (root / "archive.jsonl").stat().st_size / 1_000_000
    return Workload(tuple(files), "archive.jsonl", logs, actions, size)


@attrs.frozen
class Parallel:
    """The commands timed with ``--jobs 1`` and ``--jobs J``, the startup and the control."""

    workload: Workload
    games: int
    """Games of the selfplay command."""
    runs: tuple[JobsRuns, ...]
    """``validate`` of the files, of the archive, and ``selfplay --jsonl``."""
    startup: tuple[float, ...]
    """Seconds of ``tigris-rules --version``: Python and the package starting."""
    control: Control
    load: str
    """The load average once measured."""
    seconds: float
    """The time all this took, writing the logs included."""


def measure_parallel(root: Path, logs: int, games: int, jobs: int, repeat: int) -> Parallel:
    """Time the command line as a user runs it (a fresh ``python -m tigris_rules``, its
    output kept and compared) with ``--jobs 1`` and ``--jobs jobs``, ``repeat`` pairs each:
    ``validate`` of ``logs`` files, of the same logs in one archive, and ``selfplay`` of
    ``games`` games into an archive; the startup (``--version``) and a round of the control
    are timed before each round of pairs, so that all meet the same load."""
    start = time.perf_counter()
    workload = write_workload(root, logs)
    runs = (
        JobsRuns("validate FILE...", (*CLI, "validate", *workload.files), jobs),
        JobsRuns("validate archive", (*CLI, "validate", workload.archive), jobs),
        JobsRuns(
            "selfplay --jsonl",
            (*CLI, "selfplay", "--games", str(games), "--jsonl", "selfplay.jsonl"),
            jobs,
        ),
    )
    startup: list[float] = []
    with control(jobs) as machine:
        for _ in range(repeat):
            startup.append(timed([*CLI, "--version"], None)[0])
            machine.round()
            for command in runs:
                command.pair(root)
    elapsed = time.perf_counter() - start
    return Parallel(workload, games, runs, tuple(startup), machine, load_average(), elapsed)
