"""Print how much faster ``tigris-rules validate`` and ``selfplay`` run on several cores.

Usage: ``python benchmarks/bulk.py [--logs N] [--games G] [--repeat R] [--jobs J]``

Writes N selfplay logs (2 players, seeds 0 to N-1; 2,000 by default, about 415,000 actions)
into a temporary directory, once as N files and once as one JSON Lines archive, then times
the command line as a user runs it (a fresh ``python -m tigris_rules`` process, output kept)
with ``--jobs 1`` and with ``--jobs J`` (default 2), R pairs of runs each, in turns:
``validate`` of the files, ``validate`` of the archive, and ``selfplay --jsonl`` of G games
(500 by default). Each run's output and exit status must be those of the first run. It
prints the fastest, median and slowest times of each, with the processor time of each
command (all its processes together), and the speed-up of the fastest runs (as
``benchmarks/run.py`` keeps the fastest of its timings), of the medians, and of the fastest
runs once the startup of Python and of the package (timed with ``--version``), which no
number of processes shortens, is left out. The workload is large enough that the startup
(about 0.3 s) is a few percent of a run with ``--jobs 1``; with a few hundred logs it would
hide most of the gain.

Then ``validate_many`` is timed in this process, which tells the processor time the parent
spends (reading, sending batches, collecting summaries) from the workers' time: the parent's
share bounds the speed-up on idle cores.

The control is the speed-up that J processes of a plain Python loop get on this machine,
timed before each round of commands so that it meets the same load: the most any command can
get. On a machine whose cores are busy with other work the times spread widely and the
control falls too: equal processor times for ``--jobs 1`` and ``--jobs J`` say that the
parallel run does no extra work. The last lines give the target of ``--jobs`` (at least 1.7
times as fast with ``--jobs 2`` as with ``--jobs 1``), met or not for each command, and the
load average of the machine before and after the commands (after them, it counts their own
processes).

The script only prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from _common import (
    PARALLEL_JOBS,
    PARALLEL_TARGET,
    JobsRuns,
    children_cpu,
    figure,
    load_average,
    measure_parallel,
)

from tigris_rules.tools.bulk import default_jobs, validate_many


def report(runs: JobsRuns, work: str, startup: float) -> None:
    """The figures of one command: times, processor times and speed-ups."""
    for count in (1, runs.jobs):
        times = sorted(runs.seconds[count])
        detail = (
            f"median {statistics.median(times):.2f} s, slowest {times[-1]:.2f} s, "
            f"{len(times)} runs; CPU {statistics.median(runs.cpu[count]):.2f} s; {work}"
        )
        print(figure(f"{runs.label} --jobs {count}", f"{times[0]:.2f}", "s", detail))
    paired = runs.paired
    detail = f"fastest runs; medians {runs.median_speedup:.2f}x, pairs {paired[0]:.2f}x to "
    detail += f"{paired[-1]:.2f}x"
    print(figure(f"{runs.label} speed-up", f"{runs.speedup:.2f}", "x", detail))
    past = runs.less_startup(startup)
    detail = f"fastest runs less the startup of {startup:.2f} s"
    print(figure(f"{runs.label} less startup", "-" if past is None else f"{past:.2f}", "x", detail))


def in_process(files: Sequence[Path], jobs: int, repeat: int, work: str) -> None:
    """Time ``validate_many(files, jobs=...)`` here: the parent's processor time apart."""
    for count in (1, jobs):
        walls, parents, workers = [], [], []
        for _ in range(repeat):
            cpu, mine = children_cpu(), time.process_time()
            start = time.perf_counter()
            validate_many(files, jobs=count)
            walls.append(time.perf_counter() - start)
            parents.append(time.process_time() - mine)
            workers.append(children_cpu() - cpu)
        parent, worker = statistics.median(parents), statistics.median(workers)
        detail = f"median; CPU: parent {parent:.2f} s, workers {worker:.2f} s; {work}"
        label = f"validate_many jobs={count}"
        print(figure(label, f"{statistics.median(walls):.2f}", "s", detail))


def verdict(runs: JobsRuns, cores: int) -> str:
    """Whether ``runs`` meet the target of ``--jobs``, or why it cannot be said."""
    if cores < PARALLEL_JOBS:
        return f"cannot be measured: this process may use {cores} core"
    if runs.jobs != PARALLEL_JOBS:
        return f"not measured: the target compares --jobs {PARALLEL_JOBS}, not {runs.jobs}"
    met = "met" if runs.speedup >= PARALLEL_TARGET else "NOT met"
    return f"{met}: target >= {PARALLEL_TARGET} on {PARALLEL_JOBS} cores, fastest runs"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--logs", type=int, default=2000, help="logs to validate (2000)")
    parser.add_argument("--games", type=int, default=500, help="games of selfplay (500)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (3)")
    parser.add_argument("--jobs", type=int, default=2, help="processes to compare with 1 (2)")
    args = parser.parse_args(argv)
    cores = default_jobs()
    print(f"{cores} core(s) for this process; --jobs 1 against --jobs {args.jobs}")
    print(f"load average before: {load_average()}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        measured = measure_parallel(root, args.logs, args.games, args.jobs, args.repeat)
        startup = min(measured.startup)
        middle = statistics.median(measured.startup)
        detail = f"fastest of {len(measured.startup)}, median {middle:.2f} s"
        print(figure("startup (--version)", f"{startup:.2f}", "s", detail))
        work = measured.workload.describe()
        for runs in measured.runs:
            games = f"{args.games:,} games"
            report(runs, work if runs.label.startswith("validate") else games, startup)
        files = [root / name for name in measured.workload.files]
        in_process(files, args.jobs, args.repeat, work)
    machine = measured.control
    detail = f"fastest rounds; rounds from {machine.paired[0]:.2f}x to {machine.paired[-1]:.2f}x"
    label = f"control: a loop on {args.jobs} processes"
    print(figure(label, f"{machine.speedup:.2f}", "x", detail))
    for runs in measured.runs:
        print(figure(f"target: {runs.label}", f"{runs.speedup:.2f}", "x", verdict(runs, cores)))
    print(f"load average after the commands: {measured.load} (this script's own processes count)")
    print(f"the commands took {measured.seconds:.0f} s, writing the logs included")


if __name__ == "__main__":
    main()
