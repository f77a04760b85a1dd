"""Print how much faster ``tigris-rules validate`` and ``selfplay`` run on several cores.

Usage: ``python benchmarks/bulk.py [--logs N] [--repeat R] [--jobs J]``

Writes N selfplay logs (2 players, seeds 0 to N-1) into a temporary directory, once as N
files and once as one JSON Lines archive, then times the command line as a user runs it (a
fresh ``python -m tigris_rules`` process, output thrown away) with ``--jobs 1`` and with
``--jobs J`` (default 2), R times each, alternating, and prints the fastest, median and
slowest times and the speed-up of the medians, with the processor time of each command (all
its processes together), and the speed-up once the startup of Python and of the package
(timed with ``--version``), which no number of processes shortens, is left out. Each run's
output is compared with the first run's with ``--jobs 1``: the figures are for the same work.

Then ``validate_many`` is timed in this process, which tells the processor time the parent
spends (reading, sending batches, collecting summaries) from the workers' time: the parent's
share bounds the speed-up on idle cores.

On a machine whose cores are busy with other work the times spread widely and the speed-up
falls short of what idle cores give: equal processor times for ``--jobs 1`` and ``--jobs J``
say that the parallel run does no extra work. The last figure is the control: the speed-up
that J processes of a plain Python loop get on this machine at the same time, the most any
of the commands above can get; run it again when the machine is quiet.

The script only prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _common import figure

import tigris_rules as tr
from tigris_rules.bulk import selfplay_many, validate_many


def children_cpu() -> float:
    """Processor seconds of the finished child processes (and theirs) so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: Sequence[str], expected: bytes | None) -> tuple[float, float, bytes]:
    """The seconds a run of ``command`` takes, the processor seconds of all its processes,
    and its output (checked against ``expected``)."""
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, check=False)
    seconds = time.perf_counter() - start
    if expected is not None and done.stdout != expected:
        sys.exit(f"{' '.join(command[3:6])}: the output differs from --jobs 1")
    return seconds, children_cpu() - cpu, done.stdout


def startup(cli: list[str], repeat: int) -> float:
    """The median seconds of ``tigris-rules --version``: starting Python and importing the
    package, the part of every command that no number of processes shortens."""
    runs = [timed([*cli, "--version"], None)[0] for _ in range(repeat)]
    seconds = statistics.median(runs)
    print(figure("startup (--version)", f"{seconds:.2f}", "s", f"fastest {min(runs):.2f} s"))
    return seconds


def compare(
    label: str, command: list[str], jobs: int, repeat: int, work: str, fixed: float
) -> None:
    """Time ``command`` with --jobs 1 and --jobs ``jobs`` and print the figures; ``fixed``
    is the startup time, left out of the second speed-up."""
    times: dict[int, list[float]] = {1: [], jobs: []}
    cpu: dict[int, list[float]] = {1: [], jobs: []}
    expected = None
    for _ in range(repeat):
        for count in (1, jobs):
            seconds, used, out = timed([*command, "--jobs", str(count)], expected)
            expected = expected or out
            times[count].append(seconds)
            cpu[count].append(used)
    for count in (1, jobs):
        runs = sorted(times[count])
        spread = (
            f"fastest {runs[0]:.2f} s, slowest {runs[-1]:.2f} s, {repeat} runs; "
            f"CPU {statistics.median(cpu[count]):.2f} s; {work}"
        )
        print(figure(f"{label} --jobs {count}", f"{statistics.median(runs):.2f}", "s", spread))
    speedups = sorted(one / many for one, many in zip(times[1], times[jobs], strict=True))
    ratio = statistics.median(times[1]) / statistics.median(times[jobs])
    spread = f"paired runs from {speedups[0]:.2f}x to {speedups[-1]:.2f}x"
    print(figure(f"{label} speed-up", f"{ratio:.2f}", "x", spread))
    one, many = statistics.median(times[1]) - fixed, statistics.median(times[jobs]) - fixed
    past = f"{one / many:.2f}" if many > 0 else "-"
    detail = f"medians less the startup: {one:.2f} s and {many:.2f} s"
    print(figure(f"{label} less startup", past, "x", detail))


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
        detail = f"CPU: parent {parent:.2f} s, workers {worker:.2f} s; {work}"
        label = f"validate_many jobs={count}"
        print(figure(label, f"{statistics.median(walls):.2f}", "s", detail))


def spin(count: int) -> int:
    """A plain Python loop of ``count`` steps: work that needs nothing but a core."""
    total = 0
    for step in range(count):
        total += step & 7
    return total


def control(jobs: int, repeat: int) -> None:
    """The speed-up of ``jobs`` processes over one for plain Python work, here and now."""
    tasks = [2_000_000] * (4 * jobs)
    ratios = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(spin, [1] * jobs))  # the workers started
        for _ in range(repeat):
            start = time.perf_counter()
            for task in tasks:
                spin(task)
            alone = time.perf_counter() - start
            start = time.perf_counter()
            list(pool.map(spin, tasks))
            ratios.append(alone / (time.perf_counter() - start))
    ratios.sort()
    spread = f"from {ratios[0]:.2f}x to {ratios[-1]:.2f}x; the most the machine gives now"
    print(
        figure(f"control: a loop on {jobs} cores", f"{statistics.median(ratios):.2f}", "x", spread)
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=300, help="logs to validate (300)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (3)")
    parser.add_argument("--jobs", type=int, default=2, help="processes to compare with 1 (2)")
    args = parser.parse_args(argv)
    cli = [sys.executable, "-m", "tigris_rules"]
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        logs = selfplay_many(tr.GameConfig(players=2), args.logs, seed=0)
        actions = sum(len(log.actions) for log in logs)
        files = []
        for number, log in enumerate(logs):
            files.append(str(root / f"game-{number}.json"))
            tr.write_log(log, files[-1])
        archive = root / "archive.jsonl"
        archive.write_text("".join(tr.dumps(log) + "\n" for log in logs), encoding="utf-8")
        work = f"{args.logs} logs, {actions} actions"
        fixed = startup(cli, args.repeat)
        validate = [*cli, "validate"]
        compare("validate FILE...", [*validate, *files], args.jobs, args.repeat, work, fixed)
        compare("validate archive", [*validate, str(archive)], args.jobs, args.repeat, work, fixed)
        selfplay = [*cli, "selfplay", "--games", str(args.logs), "--jsonl", str(root / "s.jsonl")]
        compare("selfplay --jsonl", selfplay, args.jobs, args.repeat, f"{args.logs} games", fixed)
        in_process([Path(file) for file in files], args.jobs, args.repeat, work)
    control(args.jobs, args.repeat)
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"load average while measuring: {load} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
