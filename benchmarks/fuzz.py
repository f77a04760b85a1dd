"""A fuzz campaign over every reader of the library and every call on what it accepts.

Usage: ``python benchmarks/fuzz.py [--inputs N] [--seed S] [--jobs J | --shard K/N]``

Each input is a real document of a seeded game (a state, a view, a result, a configuration,
a deal, an input as JSON or notation, a log, a JSON Lines archive; see ``_fuzz_inputs.py``)
changed by the mutations of ``_fuzz_inputs.Mutator``, or random bytes or text. Its reader
takes it and every public function that applies gets what the reader accepted
(``_fuzz_inputs.DOWNSTREAM``). Only the library's errors (``tigris_rules.TigrisError``) may
come out: anything else is an escape.

The bound: on an input of at most 1 KB, every call (the reader's and each downstream one)
takes at most ``--bound-ms`` of CPU time (``time.thread_time``: the process's own clock
runs in ticks of a few milliseconds while the per-input timer is set) and ``--bound-mb`` of
allocated memory at its peak (``tracemalloc``), each taken in a run of the input of its own
with the collector's automatic passes off; a call over either is over the bound. A
timer stops any input after ``--time-limit`` seconds of CPU time (a hang, counted as slow).

The campaign prints the inputs tried by reader and size class, the escapes, the inputs over
the bound and the slow ones, each distinct finding with its category (:data:`KNOWN` names
the categories of known, open findings; ``new`` is any other) and its shortest input, saved
in ``--out``. ``--replay I`` runs input ``I`` of the seed again and prints each call's cost.
Input ``I`` of a seed is the same whatever the shards or jobs. The exit status is 1 when a
finding of the category ``new`` was made (with ``--strict``: any finding).
"""

from __future__ import annotations

import argparse
import gc
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import FrameType

import attrs
from _fuzz_inputs import READERS, Escape, Mutator, Slow, Target, corpus, size_class

KNOWN = {
    "view-counts": "a view read from JSON with absurd counts makes a renderer slow",
    "column-limit": "a card state or view with a column_limit out of 4..24",
    "log-repair": "the validation of a mutated log is slow (the repair search)",
    "jsonl-line": "a line of JSON Lines is read without a bound",
}
"""The categories of known findings, by name; a finding of no such category is ``new``."""

SIZE_CLASSES = ("<=1K", "1-4K", "4-64K", ">64K")
SMALL = 1024
"""The size in bytes up to which an input is held to the bound."""

_COLUMN_LIMIT = re.compile(rb'"column_limit"\s*:\s*([^,}\]\s]*)')
_LOG_CALLS = ("validate_json", "validate_log", "read_log", "replay", "validate_json of a line")


@attrs.frozen
class Finding:
    """What one input did wrong: ``what`` is ``escape``, ``over-bound`` or ``slow``."""

    what: str
    category: str
    reader: str
    stage: str
    call: str
    error: str
    where: str

    @property
    def key(self) -> tuple[str, ...]:
        return (self.what, self.category, self.reader, self.call, self.error, self.where)


def _column_limit_out_of_range(data: bytes) -> bool:
    for match in _COLUMN_LIMIT.finditer(data):
        try:
            value = int(match.group(1))
        except ValueError:
            return True
        if not 4 <= value <= 24:
            return True
    return False


def category(what: str, reader: str, call: str, data: bytes) -> str:
    """The category of a finding (a key of :data:`KNOWN`, or ``new``)."""
    if reader in ("card_state", "card_view", "state", "view") and _column_limit_out_of_range(data):
        return "column-limit"
    if what != "escape":
        if reader in ("view", "card_view") and "render" in call:
            return "view-counts"
        if reader == "jsonl" and call == "read_jsonl":
            return "jsonl-line"
        if reader in ("log", "jsonl") and call in _LOG_CALLS:
            return "log-repair"
    return "new"


@attrs.define
class Tally:
    """The figures of one shard (or of all, merged)."""

    tried: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    accepted: Counter[tuple[str, str]] = attrs.field(factory=Counter)
    counts: Counter[tuple[str, ...]] = attrs.field(factory=Counter)
    first: dict[tuple[str, ...], tuple[Finding, int, str, bytes]] = attrs.field(factory=dict)
    worst_time: dict[str, tuple[float, str, int]] = attrs.field(factory=dict)
    worst_peak: dict[str, tuple[int, str, int]] = attrs.field(factory=dict)
    calls: int = 0
    seconds: float = 0.0

    def add(self, finding: Finding, index: int, kind: str, data: bytes) -> None:
        self.counts[finding.key] += 1
        known = self.first.get(finding.key)
        if known is None or len(data) < len(known[3]):
            self.first[finding.key] = (finding, index, kind, data)

    def merge(self, other: Tally) -> None:
        self.tried.update(other.tried)
        self.accepted.update(other.accepted)
        self.counts.update(other.counts)
        for key, (finding, index, kind, data) in other.first.items():
            known = self.first.get(key)
            if known is None or len(data) < len(known[3]):
                self.first[key] = (finding, index, kind, data)
        for reader, worst in other.worst_time.items():
            self.worst_time[reader] = max(self.worst_time.get(reader, worst), worst)
        for reader, peak in other.worst_peak.items():
            self.worst_peak[reader] = max(self.worst_peak.get(reader, peak), peak)
        self.calls += other.calls
        self.seconds = max(self.seconds, other.seconds)


@attrs.frozen
class Settings:
    inputs: int
    seed: int
    files_every: int
    time_limit: float
    bound_seconds: float
    bound_bytes: int
    full: bool
    progress: bool
    readers: tuple[str, ...] = READERS


def _too_slow(signum: int, frame: FrameType | None) -> None:
    raise Slow


def run_shard(settings: Settings, shard: int, shards: int) -> Tally:
    """The inputs ``i`` with ``i % shards == shard``, run and counted."""
    signal.signal(signal.SIGPROF, _too_slow)
    samples = corpus(settings.full)
    mutator = Mutator(samples, settings.seed, settings.readers)
    target = Target()
    for kind in READERS:  # the converter's hooks are made at the first read of each kind
        sample = next(s for s in samples if s.kind == kind)
        target.run(kind, sample.text.encode("utf-8"), config=sample.config)
    # The corpus is millions of objects of the campaign's own: out of the collector's sight,
    # so that its passes between inputs stay short.
    gc.collect()
    gc.freeze()
    tally = Tally()
    start = time.perf_counter()
    for done, index in enumerate(range(shard, settings.inputs, shards), 1):
        kind, data, sample = mutator.input(index)
        size = size_class(len(data))
        small = len(data) <= SMALL
        tally.tried[kind, size] += 1
        signal.setitimer(signal.ITIMER_PROF, settings.time_limit)
        try:
            target.run(
                kind,
                data,
                config=sample.config,
                files=index % settings.files_every == 0,
                measure=small,
            )
        except Slow:
            pass
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        if target.accepted:
            tally.accepted[kind, size] += 1
        for escape in target.found:
            what = "slow" if escape.error.startswith("Slow") else "escape"
            _record(tally, what, kind, escape, data, index)
        for call in target.calls:
            tally.calls += 1
            if call.seconds > tally.worst_time.get(kind, (0.0, "", 0))[0]:
                tally.worst_time[kind] = (call.seconds, call.name, index)
            if call.peak > tally.worst_peak.get(kind, (0, "", 0))[0]:
                tally.worst_peak[kind] = (call.peak, call.name, index)
            if call.seconds > settings.bound_seconds or call.peak > settings.bound_bytes:
                error = f"{call.seconds * 1000:.0f} ms, {call.peak / 2**20:.1f} MB"
                escape = Escape("bound", call.name, error, "")
                _record(tally, "over-bound", kind, escape, data, index)
        if settings.progress and done % 20_000 == 0:
            rate = done / (time.perf_counter() - start)
            found = sum(tally.counts.values())
            print(f"  [{shard + 1}/{shards}] {done:,} inputs, {found:,} findings, {rate:,.0f}/s")
            sys.stdout.flush()
    tally.seconds = time.perf_counter() - start
    return tally


def _record(tally: Tally, what: str, kind: str, escape: Escape, data: bytes, index: int) -> None:
    finding = Finding(
        what,
        category(what, kind, escape.call, data),
        kind,
        escape.stage,
        escape.call,
        escape.error.split(":")[0] if what != "escape" else escape.error,
        escape.where if what == "escape" else "",
    )
    tally.add(finding, index, kind, data)


def _table(tally: Tally) -> None:
    print(f"{'reader':<14}" + "".join(f"{c:>16}" for c in (*SIZE_CLASSES, "all")))
    print(f"{'':<14}" + "".join(f"{'tried/accepted':>16}" for _ in (*SIZE_CLASSES, "all")))
    for reader in READERS:
        cells = []
        for size in SIZE_CLASSES:
            cells.append(f"{tally.tried[reader, size]:,}/{tally.accepted[reader, size]:,}")
        tried = sum(tally.tried[reader, s] for s in SIZE_CLASSES)
        accepted = sum(tally.accepted[reader, s] for s in SIZE_CLASSES)
        print(f"{reader:<14}" + "".join(f"{c:>16}" for c in [*cells, f"{tried:,}/{accepted:,}"]))
    small = sum(tally.tried[r, "<=1K"] for r in READERS)
    taken = sum(tally.accepted[r, "<=1K"] for r in READERS)
    print(f"inputs of at most 1 KB: {small:,} ({taken:,} accepted); {tally.calls:,} calls measured")


def _report(tally: Tally, args: argparse.Namespace, elapsed: float) -> int:
    total = sum(tally.tried.values())
    print(f"\nseed {args.seed}, corpus {args.corpus}, {args.jobs or 1} job(s)")
    print(f"inputs tried: {total:,} in {elapsed:,.0f} s ({total / max(elapsed, 1e-9):,.0f}/s)")
    _table(tally)
    print(
        f"\nthe bound, on inputs of at most 1 KB: {args.bound_ms:g} ms of CPU and "
        f"{args.bound_mb:g} MB of peak memory per call; the most seen by reader:"
    )
    for reader in READERS:
        if reader in tally.worst_time:
            seconds, call, index = tally.worst_time[reader]
            peak, peak_call, peak_index = tally.worst_peak[reader]
            print(
                f"  {reader:<14} {seconds * 1000:7.1f} ms ({call}, input {index}) "
                f"{peak / 2**20:7.2f} MB ({peak_call}, input {peak_index})"
            )
    print("  (each call timed with the collector's automatic passes off, then run again for")
    print("  its memory under tracemalloc; the collector runs between inputs)")
    whats = ("escape", "over-bound", "slow")
    print("\nfindings (inputs) by category:")
    print(f"  {'category':<14}" + "".join(f"{w:>12}" for w in whats))
    for name in (*KNOWN, "new"):
        row = [sum(n for k, n in tally.counts.items() if k[0] == w and k[1] == name) for w in whats]
        print(f"  {name:<14}" + "".join(f"{n:>12,}" for n in row))
    for what in whats:
        print(f"{what}s: {sum(n for k, n in tally.counts.items() if k[0] == what):,}")
    keys = sorted(tally.first, key=lambda k: (k[1] != "new", k))
    if args.category:
        keys = [k for k in keys if k[1] == args.category]
    if keys:
        args.out.mkdir(parents=True, exist_ok=True)
    print(f"\n== {len(keys)} distinct finding(s) ==")
    for number, key in enumerate(keys, 1):
        finding, index, kind, data = tally.first[key]
        path = args.out / f"{finding.category}-{number}.{kind}"
        path.write_bytes(data)
        print(f"{number}. [{finding.category}] {finding.what} in {finding.call} ({kind})")
        print(f"   {finding.error}" + (f" at {finding.where}" if finding.where else ""))
        preview = repr(data[:100]) + ("..." if len(data) > 100 else "")
        print(f"   seen {tally.counts[key]:,} time(s); shortest: {len(data)} bytes: {preview}")
        corpus_option = "" if args.corpus == "full" else f" --corpus {args.corpus}"
        print(f"   saved as {path}; python benchmarks/fuzz.py --seed {args.seed}{corpus_option}"
              f" --replay {index}")  # fmt: skip
    failing = [k for k in tally.first if args.strict or k[1] == "new"]
    return 1 if failing else 0


def replay(args: argparse.Namespace) -> int:
    """Run one input again and print what each call cost and what escaped."""
    mutator = Mutator(corpus(args.corpus == "full"), args.seed)
    kind, data, sample = mutator.input(args.replay)
    print(f"input {args.replay}: {len(data)} bytes read as {kind}: {data[:300]!r}")
    target = Target()
    gc.collect()
    gc.freeze()
    target.run(kind, data, config=sample.config, files=True, measure=True)
    for call in target.calls:
        print(f"  {call.name:<28} {call.seconds * 1000:8.2f} ms {call.peak / 2**20:8.2f} MB")
    for escape in target.found:
        print(f"  escape in {escape.call}: {escape.error} at {escape.where}")
    return 1 if target.found else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="how many inputs to try")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the inputs")
    parser.add_argument(
        "--files-every", type=int, default=50, help="read every N-th log input from a file"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(tempfile.gettempdir()) / "tigris-fuzz-findings",
        help="the folder where the shortest input of each finding is saved",
    )
    parser.add_argument(
        "--time-limit", type=float, default=2.0, help="seconds one input may take (else: slow)"
    )
    parser.add_argument("--bound-ms", type=float, default=50.0, help="CPU ms per call (<= 1 KB)")
    parser.add_argument("--bound-mb", type=float, default=50.0, help="peak MB per call (<= 1 KB)")
    parser.add_argument(
        "--corpus",
        choices=("full", "small"),
        default="full",
        help="games of every configuration (full) or one of each family (small)",
    )
    parser.add_argument("--jobs", type=int, default=None, help="processes sharing the inputs")
    parser.add_argument("--shard", default="1/1", help="K/N: run the K-th of N shards only")
    parser.add_argument("--category", default=None, help="list only this category's findings")
    parser.add_argument("--strict", action="store_true", help="known findings fail too")
    parser.add_argument("--replay", type=int, default=None, help="run input I again, verbosely")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--readers",
        default=",".join(READERS),
        help="the readers to fuzz, separated by commas (default: every one)",
    )
    args = parser.parse_args(argv)
    if args.replay is not None:
        return replay(args)
    shard, shards = (int(part) for part in args.shard.split("/"))
    if not 1 <= shard <= shards:
        parser.error("--shard K/N needs 1 <= K <= N")
    readers = tuple(args.readers.split(","))
    if not readers or not set(readers) <= set(READERS):
        parser.error(f"--readers takes names among {', '.join(READERS)}")
    settings = Settings(
        inputs=args.inputs,
        seed=args.seed,
        files_every=args.files_every,
        time_limit=args.time_limit,
        bound_seconds=args.bound_ms / 1000,
        bound_bytes=int(args.bound_mb * 2**20),
        full=args.corpus == "full",
        progress=not args.quiet,
        readers=readers,
    )
    start = time.perf_counter()
    if args.jobs and args.jobs > 1:
        tally = Tally()
        with ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(run_shard, settings, k, args.jobs) for k in range(args.jobs)]
            for future in futures:
                tally.merge(future.result())
    else:
        tally = run_shard(settings, shard - 1, shards)
    return _report(tally, args, time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())
