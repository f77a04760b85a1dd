"""The worker process of a web table: where the bots think and the pages are drawn, so that
the server's own process is left to answer inputs.

The server keeps every game: it checks and plays every input, the bots' too, and stores it.
The worker is given a position and answers, for a bot, the input it proposes (:func:`think`)
and, for a seat, its page as JSON (:func:`draw`); it keeps nothing between two jobs. Positions
travel pickled (a frozen state pickles and unpickles in a few hundredths of a millisecond, a
position string costs about thirty times more to write and read back); the worker is the
server's own child and hears only from it.

There is one worker, which the operating system runs at a lower priority than the server
(:data:`NICENESS`): an input that arrives while a bot thinks or a page is drawn is answered
first, even when both share one core (the worker is given the server's cores). A worker that dies
is replaced and its job given to the new one; a job that kills two workers in a row is done
in a thread of the server, so that no game is lost.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, TypeVar

from tigris_rules.web.pages import page
from tigris_rules.web.table import Snapshot

__all__ = ["NICENESS", "Worker", "draw", "think"]

NICENESS: Final = 15
"""How much lower than the server the worker runs (``os.nice``): the server's inputs first."""

_T = TypeVar("_T")


def think(bot: Any, state: Any) -> tuple[Any, Any]:
    """The input ``bot`` proposes at ``state``, and the bot after thinking (its random
    numbers drawn on), which the server keeps for its next move."""
    return bot.choose(state), bot


def draw(snapshot: Snapshot, seat: int | None) -> bytes:
    """The page of ``seat`` (:func:`~tigris_rules.web.pages.page`) as JSON."""
    return json.dumps(page(snapshot, seat)).encode()


def _settle(cores: set[int] | None) -> None:
    """Run the worker on the server's cores (those it has now, which a fork server started
    earlier may not have) and below the server's priority."""
    if cores is not None:
        os.sched_setaffinity(0, cores)
    if hasattr(os, "nice"):
        os.nice(NICENESS)


def _cores() -> set[int] | None:
    return os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None


def _context() -> Any:
    """The way the worker is started: from a fork server that has read the library once
    (a fresh worker is then ready at once), else spawned; never forked from the server,
    whose threads a fork would copy mid-work."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


class Worker:
    """The server's worker process, started on first use (or by :meth:`start`) and replaced
    when it dies."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self.replaced = 0
        """How many times a dead worker was replaced."""

    async def start(self) -> None:
        """Start the worker and wait until it is ready, so that the first page is not the
        one that waits for it."""
        await self.run(os.getpid)

    async def run(self, job: Callable[..., _T], *args: Any) -> _T:
        """``job(*args)`` done in the worker (a module-level function, its arguments and
        answer pickled); in a new worker if this one dies, in a thread of the server if
        that one dies too."""
        loop = asyncio.get_running_loop()
        for _ in range(2):
            pool = self._current()
            try:
                return await loop.run_in_executor(pool, job, *args)
            except BrokenProcessPool:
                self._replace(pool)
        return await loop.run_in_executor(None, job, *args)

    def close(self) -> None:
        """Stop the worker; the jobs not started are dropped."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _current(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the web table's worker is stopped")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=_context(), initializer=_settle, initargs=(_cores(),)
            )
        return self._pool

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        """Drop ``pool`` after its worker died (once, however many jobs it failed)."""
        if self._pool is pool:
            self._pool = None
            self.replaced += 1
            pool.shutdown(wait=False, cancel_futures=True)
