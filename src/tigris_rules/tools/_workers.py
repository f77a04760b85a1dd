"""The workers that share the work of :mod:`tigris_rules.tools.bulk`: batches run in input
order, here, in a pool of processes or on a Dask cluster, with at most a few batches per
worker in flight; a batch whose worker process died is run again item by item, each alone in
a fresh process, and an item whose second process dies too comes back as :class:`NotDone`."""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, Protocol, Self, TypeVar, runtime_checkable

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import ConfigError, TigrisError

__all__ = [
    "IN_FLIGHT",
    "JOBS_PER_CORE",
    "WORKER_DIED",
    "Client",
    "NotDone",
    "NotDoneError",
    "check_runner",
    "default_jobs",
    "max_jobs",
    "ordered",
    "worker_count",
]

IN_FLIGHT: Final = 3
"""Batches per worker sent ahead of the one being collected."""
JOBS_PER_CORE: Final = 4
"""Worker processes per core at most (:func:`max_jobs`): validation and play keep a core
busy, so more processes than cores gain nothing and only cost memory and start-up time."""
WORKER_DIED: Final = "worker died"
"""Why a log or a game was not done: the worker process that held it died twice."""

_T = TypeVar("_T")
_R = TypeVar("_R")


@runtime_checkable
class Client(Protocol):
    """What :func:`validate_many` needs of a ``dask.distributed.Client``: ``submit`` and
    ``nthreads``."""

    def submit(self, func: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Run ``func(*args)`` on a worker; a future with ``result()``."""
        ...

    def nthreads(self) -> dict[str, int]:
        """The number of threads of each worker."""
        ...


@attrs.frozen
class NotDone:
    """A log or a game whose work was not done, in the place of its result: the worker
    process that held it died (killed, out of memory), and so did the fresh process it was
    then given to alone. ``seed`` is the seed of a game (``None`` for a log); ``reason``
    says why."""

    seed: int | None = None
    reason: str = WORKER_DIED

    def __str__(self) -> str:
        return f"not done: {self.reason}"


class NotDoneError(TigrisError):
    """Some logs or games of :func:`validate_many` or :func:`selfplay_many` were not done
    (:class:`NotDone`); the message names them. ``results`` holds what was done, in input
    order, with a :class:`NotDone` in the place of each of the others, and ``indices`` their
    positions."""

    def __init__(self, what: str, results: Sequence[object], names: Sequence[str]) -> None:
        self.results: tuple[object, ...] = tuple(results)
        self.indices = tuple(i for i, result in enumerate(results) if isinstance(result, NotDone))
        shown = ", ".join(names[:10]) + (", ..." if len(names) > 10 else "")
        super().__init__(
            f"{len(self.indices)} of {len(results)} {what} not done: {WORKER_DIED} ({shown})"
        )


def default_jobs() -> int:
    """The number of cores this process may run on: the default number of worker
    processes."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        return int(counter() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1  # pragma: no cover - platforms without affinity


def max_jobs() -> int:
    """The most worker processes a call starts on this machine: ``JOBS_PER_CORE`` (4) per
    core this process may run on (:func:`default_jobs`). A larger ``jobs`` is lowered to
    it, and to the number of logs or games when that is known."""
    return JOBS_PER_CORE * default_jobs()


def check_runner(client: object, jobs: object) -> None:
    """Where the work runs: ``client`` a Dask client or ``None``, ``jobs`` a positive number
    of processes or ``None``."""
    expect(client, (Client, None), "client", "a dask.distributed.Client or None")
    expect(jobs, (int, None), "jobs", "a positive int or None")
    if isinstance(jobs, int) and jobs < 1:
        raise ConfigError(f"jobs: expected at least 1 worker process, got {jobs}")


def _jobs(jobs: int | None) -> int:
    """``jobs``, or every core by default."""
    return default_jobs() if jobs is None else jobs


# --- running batches in order ---------------------------------------------------------------


class _Work(Protocol):
    """A batch of logs or games that can be cut into batches of one, and say which of its
    items were not done."""

    def singles(self) -> Sequence[Self]:
        """A batch for each item."""
        ...

    def not_done(self) -> list[NotDone]:
        """A :class:`NotDone` for each item."""
        ...


_B = TypeVar("_B", bound=_Work)


def ordered(
    run: Callable[[_B], Sequence[_R]],
    batches: Iterable[_B],
    *,
    jobs: int,
    client: Client | None,
) -> Iterator[Sequence[_R | NotDone]]:
    """``run(batch)`` for each batch, yielded in order: here when ``jobs`` is 1 and there is
    no client, else in a pool of ``jobs`` processes or on the client's cluster, with at most
    ``IN_FLIGHT`` batches per worker under way. In a pool, the items of a batch whose worker
    died are run again one by one (:class:`_Pools`)."""
    if client is not None:
        yield from _windowed(lambda batch: client.submit(run, batch, pure=False), batches, jobs)
        return
    if jobs == 1:
        yield from map(run, batches)
        return
    pools = _Pools(jobs)
    try:
        yield from _pooled(run, batches, pools)
    except BaseException:
        pools.close(wait=False)
        raise
    pools.close(wait=True)


def _windowed(submit: Callable[[_T], Any], batches: Iterable[_T], workers: int) -> Iterator[Any]:
    window = IN_FLIGHT * workers
    pending: deque[Any] = deque()
    for batch in batches:
        pending.append(submit(batch))
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


class _Pool:
    """A pool of ``size`` worker processes, started when first needed; once a worker dies
    the pool is broken (every task under way in it fails) and is replaced by a fresh one."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.executor: ProcessPoolExecutor | None = None

    def submit(self, run: Callable[[_B], _R], batch: _B) -> tuple[Future[_R], Executor]:
        """Start ``run(batch)``; its future and the pool it runs in."""
        if self.executor is not None:
            try:
                return self.executor.submit(run, batch), self.executor
            except BrokenProcessPool:
                self.drop(self.executor)
        self.executor = ProcessPoolExecutor(max_workers=self.size)
        return self.executor.submit(run, batch), self.executor

    def drop(self, executor: Executor) -> None:
        """Let go of ``executor``, a broken pool; the next task starts a fresh one."""
        if executor is self.executor:
            self.executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self, *, wait: bool) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=wait, cancel_futures=not wait)
            self.executor = None


class _Pools:
    """The pool of ``jobs`` workers that does the work, and a pool of one worker that runs
    again, one at a time, each item of a batch lost with a worker of the first."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.main = _Pool(jobs)
        self.spare = _Pool(1)

    def close(self, *, wait: bool) -> None:
        self.main.close(wait=wait)
        self.spare.close(wait=wait)


def _pooled(
    run: Callable[[_B], Sequence[_R]], batches: Iterable[_B], pools: _Pools
) -> Iterator[Sequence[_R | NotDone]]:
    window = IN_FLIGHT * pools.jobs
    pending: deque[tuple[_B, Future[Sequence[_R]], Executor]] = deque()
    for batch in batches:
        pending.append((batch, *pools.main.submit(run, batch)))
        if len(pending) >= window:
            done = _collect(run, *pending.popleft(), pools)
            yield done
    while pending:
        last = _collect(run, *pending.popleft(), pools)
        yield last


def _collect(
    run: Callable[[_B], Sequence[_R]],
    batch: _B,
    future: Future[Sequence[_R]],
    executor: Executor,
    pools: _Pools,
) -> Sequence[_R | NotDone]:
    """The results of ``batch``, sent to the main pool; when a worker died before they
    came, those of its items run again one by one in the spare pool."""
    try:
        return future.result()
    except BrokenProcessPool:
        pools.main.drop(executor)
    return [result for single in batch.singles() for result in _again(run, single, pools.spare)]


def _again(run: Callable[[_B], Sequence[_R]], single: _B, spare: _Pool) -> Sequence[_R | NotDone]:
    """``run(single)`` in a worker of its own; :class:`NotDone` if that worker dies too."""
    future, executor = spare.submit(run, single)
    try:
        return future.result()
    except BrokenProcessPool:
        spare.drop(executor)
        return single.not_done()


def worker_count(client: Client | None, jobs: int | None, count: int | None) -> int:
    """How many workers share the work: the threads of the client's workers, or ``jobs``
    processes here (all cores by default), at most :func:`max_jobs` and at most one per
    log or game when their number is known."""
    if client is not None:
        return max(1, sum(client.nthreads().values()))
    workers = min(_jobs(jobs), max_jobs())
    return workers if count is None else max(1, min(workers, count))
