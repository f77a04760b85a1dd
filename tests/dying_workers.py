"""Inputs that kill the worker process that receives them (SIGKILL, as the kernel kills a
process out of memory), to check that a bulk run survives the loss of a worker.

A :class:`DeadlyPath` or a :class:`DeadlySeed` is pickled into a call for the worker
processes and kills the process that unpickles it, unless it is the process that made it:
every time, or only the first time when it is given a ``marker`` file (the first worker
creates it, then dies). In the worker that survives, it is a plain ``Path`` or ``int``.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any


def _die_unless_home(home: int, marker: str | None) -> None:
    if os.getpid() == home:
        return
    if marker is not None:
        if os.path.exists(marker):
            return
        Path(marker).touch()
    os.kill(os.getpid(), signal.SIGKILL)


def _path(path: str, home: int, marker: str | None) -> Path:
    _die_unless_home(home, marker)
    return Path(path)


def _seed(seed: int, home: int, marker: str | None) -> int:
    _die_unless_home(home, marker)
    return seed


class DeadlyPath(os.PathLike[str]):
    """The path ``path``, which kills the worker process that receives it (the first one
    only, with a ``marker`` file)."""

    def __init__(self, path: str | os.PathLike[str], marker: Path | None = None) -> None:
        self.path = os.fspath(path)
        self.marker = None if marker is None else str(marker)

    def __fspath__(self) -> str:
        return self.path

    def __reduce__(self) -> tuple[Any, ...]:
        return _path, (self.path, os.getpid(), self.marker)


class DeadlySeed(int):
    """The seed ``value``, which kills the worker process that receives it (the first one
    only, with a ``marker`` file)."""

    marker: str | None

    def __new__(cls, value: int, marker: Path | None = None) -> DeadlySeed:
        seed = super().__new__(cls, value)
        seed.marker = None if marker is None else str(marker)
        return seed

    def __reduce__(self) -> tuple[Any, ...]:
        return _seed, (int(self), os.getpid(), self.marker)
