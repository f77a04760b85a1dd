"""Validating and recording many logs at once: on every core of one machine, or on a cluster.

:func:`validate_many` validates logs (files or JSON texts) and returns one :class:`Summary`
per log, in input order: the same summaries whether it runs in this process (``jobs=1``),
in a pool of processes (``jobs=N``, all cores by default) or on a Dask cluster
(``client=``). :func:`selfplay_many` records games between random bots the same ways.
:func:`read_jsonl` reads an archive in JSON Lines (one log per line) one line at a time.

The work goes out in batches of logs, and a batch sends back only what a caller prints or
counts: the problems and a few numbers, never the log or the final position, whose
transfer would cost more than the validation saves. At most a few batches per worker are
in flight, so a stream of any length is validated in bounded memory.

A worker process that dies (killed, out of memory) loses no work: each log or game it held
is done again, alone, in a fresh process; one whose second process dies too comes back as
:class:`NotDone` in its place (:class:`NotDoneError` from the functions that return lists),
and everything else is done as without the fault.

Dask is an optional dependency (``pip install 'tigris-rules[dask]'``): this module never
imports it; ``client`` is any object with Dask's ``Client.submit``. docs/bulk.md shows how
to point it at a cluster.
"""

from __future__ import annotations

import os
import stat
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, Final, TypeAlias, TypeVar

import attrs

from tigris_rules._arguments import expect, expect_items
from tigris_rules.ai.bots import Bot, BotError, RandomBot, random_bots
from tigris_rules.api import to_move
from tigris_rules.errors import ArgumentTypeError, ConfigError
from tigris_rules.model.config import GameConfig
from tigris_rules.records import (
    DEFAULT_MAX_BYTES,
    MEGABYTE,
    STDIN,
    GameLog,
    Problem,
    ProblemKind,
    Report,
    dumps,
    record_game,
    validate_file,
    validate_json,
)
from tigris_rules.records._checks import MAX_PROBLEMS
from tigris_rules.records.json_io import format_size
from tigris_rules.records.json_reading import CHUNK
from tigris_rules.records.log import SIZE_HINT, input_name, stdin_bytes
from tigris_rules.records.problems import Verdict
from tigris_rules.records.validation import unreadable
from tigris_rules.tools._workers import (
    Client,
    NotDone,
    NotDoneError,
    check_runner,
    default_jobs,
    max_jobs,
    ordered,
    worker_count,
)

__all__ = [
    "Client",
    "Game",
    "NotDone",
    "NotDoneError",
    "Source",
    "Summary",
    "default_jobs",
    "iter_games",
    "iter_validate",
    "max_jobs",
    "play",
    "read_jsonl",
    "record",
    "selfplay_many",
    "validate_many",
]

Source: TypeAlias = str | bytes | os.PathLike[str]
"""A log to validate: a path (:class:`os.PathLike`, such as :class:`~pathlib.Path`) names a
file, read where the work runs; a ``str`` or ``bytes`` is the JSON text of the log itself."""

BATCH_LOGS: Final = 16
"""Logs in one batch at most: enough that the cost of sending a batch is small beside the
work it holds."""
BATCH_BYTES: Final = 4 * MEGABYTE
"""A batch of texts is closed once it holds this many bytes, whatever its number of logs."""
_T = TypeVar("_T")
_R = TypeVar("_R")


@attrs.frozen
class Summary(Verdict):
    """What validating one log found, without the log or the position reached.

    ``problems``, ``actions``, ``applied`` and ``more`` are those of the
    :class:`~tigris_rules.Report`; ``over`` says whether the replayed game ended and
    ``result_checked`` whether the log held an expected result that was compared.
    """

    problems: tuple[Problem, ...]
    actions: int = 0
    applied: int = 0
    over: bool = False
    result_checked: bool = False
    more: int = 0

    @classmethod
    def of(cls, report: Report) -> Summary:
        """The summary of ``report``."""
        checked = report.log is not None and report.log.result is not None
        return cls(
            report.problems, report.actions, report.applied, report.over, checked, report.more
        )


def _check_limits(max_bytes: object, max_problems: object) -> None:
    expect(max_bytes, (int, None), "max_bytes")
    expect(max_problems, (int, None), "max_problems")


# --- validation -----------------------------------------------------------------------------


@attrs.frozen
class _Limits:
    max_bytes: int | None
    max_problems: int | None


def _validate_one(source: Source, limits: _Limits) -> Summary:
    if isinstance(source, os.PathLike):
        report = validate_file(source, max_bytes=limits.max_bytes, max_problems=limits.max_problems)
    else:
        report = validate_json(source, max_bytes=limits.max_bytes, max_problems=limits.max_problems)
    return Summary.of(report)


@attrs.frozen
class _Batch:
    """Logs validated by one task; a :class:`Summary` already known (a line too long, an
    unreadable archive) stands in place of its source and is sent back as it is."""

    items: tuple[Source | Summary, ...]
    limits: _Limits

    def singles(self) -> list[_Batch]:
        return [_Batch((item,), self.limits) for item in self.items]

    def not_done(self) -> list[NotDone]:
        return [NotDone() for _ in self.items]


def _validate_batch(batch: _Batch) -> list[Summary]:
    return [
        item if isinstance(item, Summary) else _validate_one(item, batch.limits)
        for item in batch.items
    ]


def _check_source(source: object, index: int, limits: _Limits) -> Source | Summary:
    if isinstance(source, os.PathLike) and os.fspath(source) == STDIN:
        # standard input is this process's: read here, wherever the rest runs
        return _validate_one(source, limits)
    if isinstance(source, str | bytes | os.PathLike):
        return source
    raise ArgumentTypeError.expected(
        f"sources[{index}]", "a path (os.PathLike) or the JSON text of a log", source
    )


def _size(item: Source | Summary) -> int:
    return len(item) if isinstance(item, str | bytes) else 0


def _batches(
    items: Iterable[tuple[_T, Source | Summary]], limits: _Limits, count: int | None, workers: int
) -> Iterator[tuple[list[_T], _Batch]]:
    """The items cut into batches of at most :func:`_batch_size` logs and about
    ``BATCH_BYTES`` bytes of text, each with the labels of its logs."""
    labels: list[_T] = []
    chunk: list[Source | Summary] = []
    held = done = 0
    size = _batch_size(count, done, workers)
    for label, item in items:
        labels.append(label)
        chunk.append(item)
        held += _size(item)
        if len(chunk) >= size or held >= BATCH_BYTES:
            yield labels, _Batch(tuple(chunk), limits)
            done += len(chunk)
            labels, chunk, held = [], [], 0
            size = _batch_size(count, done, workers)
    if chunk:
        yield labels, _Batch(tuple(chunk), limits)


def _batch_size(count: int | None, done: int, workers: int) -> int:
    """Logs in the next batch, once ``done`` of ``count`` are sent: ``BATCH_LOGS``, or, when
    the number of logs is known, fewer as the end nears (a quarter of each worker's share of
    the rest, at least one), so that the workers finish together instead of one waiting for
    the other's last batch. Past a ``count`` that was too low, ``BATCH_LOGS`` again."""
    if count is None or done >= count:
        return BATCH_LOGS
    return max(1, min(BATCH_LOGS, -(-(count - done) // (4 * workers))))


def _checked_items(
    items: Iterable[tuple[_T, Source | Summary]],
) -> Iterator[tuple[_T, Source | Summary]]:
    """The ``(label, source)`` pairs of ``items``, each checked as it is read."""
    for index, item in enumerate(items):
        if type(item) is not tuple or len(item) != 2:
            raise ArgumentTypeError.expected(f"items[{index}]", "a (label, source) pair", item)
        expect(
            item[1],
            (str, bytes, os.PathLike, Summary),
            f"items[{index}][1]",
            "a path (os.PathLike), the JSON text of a log or a Summary",
        )
        yield item


def iter_validate(
    items: Iterable[tuple[_T, Source | Summary]],
    *,
    client: Client | None = None,
    jobs: int | None = None,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    max_problems: int | None = MAX_PROBLEMS,
    count: int | None = None,
) -> Iterator[tuple[_T, Summary | NotDone]]:
    """Validate a stream of ``(label, source)`` pairs and yield ``(label, summary)`` in the
    same order, as soon as each is known; a :class:`Summary` given as a source is yielded
    as it is, and a :class:`NotDone` stands for a log whose worker process died twice.
    Memory holds a few batches per worker, whatever the stream's length. ``count``, when
    known, only shapes the batches and caps the number of processes. The limits are those
    of :func:`~tigris_rules.validate_json`.

    The arguments are checked when it is called; each pair of the stream when it is read
    (a bad one raises :class:`~tigris_rules.ArgumentTypeError` naming it, ``items[3]``)."""
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise ArgumentTypeError.expected("items", "an iterable of (label, source) pairs", items)
    check_runner(client, jobs)
    _check_limits(max_bytes, max_problems)
    expect(count, (int, None), "count")
    workers = worker_count(client, jobs, count)
    return _iter_validate(items, client, workers, _Limits(max_bytes, max_problems), count)


def _iter_validate(
    items: Iterable[tuple[_T, Source | Summary]],
    client: Client | None,
    workers: int,
    limits: _Limits,
    count: int | None,
) -> Iterator[tuple[_T, Summary | NotDone]]:
    batches = _batches(_checked_items(items), limits, count, workers)
    labelled = ((labels, batch) for labels, batch in batches)
    pending: deque[list[_T]] = deque()

    def queued() -> Iterator[_Batch]:
        for labels, batch in labelled:
            pending.append(labels)
            yield batch

    for summaries in ordered(_validate_batch, queued(), jobs=workers, client=client):
        yield from zip(pending.popleft(), summaries, strict=True)


def validate_many(
    sources: Iterable[Source],
    *,
    client: Client | None = None,
    jobs: int | None = None,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    max_problems: int | None = MAX_PROBLEMS,
) -> list[Summary]:
    """Validate every log of ``sources`` and return their summaries in input order.

    A path (:class:`os.PathLike`) names a file, read by the process that validates it (on a
    cluster, every worker must see that path); a ``str`` or ``bytes`` is the JSON text of a
    log. ``jobs`` is the number of worker processes on this machine (default: every core
    this process may use; 1 validates here, without a pool; at most :func:`max_jobs` and
    one per log); ``client``, a ``dask.distributed.Client``, sends the batches to its
    cluster instead. The summaries do not depend on where the work ran. The limits are
    those of :func:`~tigris_rules.validate_json`; a bad source raises
    :class:`~tigris_rules.ArgumentTypeError` before any work starts.

    The logs of a worker process that dies are validated again one by one in a fresh one;
    if some still are not done, :class:`NotDoneError` names them once every other log is
    validated, and holds all the summaries.
    """
    if isinstance(sources, str | bytes | os.PathLike) or not isinstance(sources, Iterable):
        raise ArgumentTypeError.expected("sources", "an iterable of logs", sources)
    check_runner(client, jobs)
    _check_limits(max_bytes, max_problems)
    limits = _Limits(max_bytes, max_problems)
    items = [(index, _check_source(source, index, limits)) for index, source in enumerate(sources)]
    summaries = [
        summary
        for _, summary in iter_validate(
            items,
            client=client,
            jobs=jobs,
            max_bytes=max_bytes,
            max_problems=max_problems,
            count=len(items),
        )
    ]
    lost = [
        _source_name(index, source)
        for (index, source), summary in zip(items, summaries, strict=True)
        if isinstance(summary, NotDone)
    ]
    if lost:
        raise NotDoneError("logs", summaries, lost)
    return [summary for summary in summaries if isinstance(summary, Summary)]


def _source_name(index: int, source: Source | Summary) -> str:
    if isinstance(source, os.PathLike):
        return f"sources[{index}] {os.fspath(source)}"
    return f"sources[{index}]"


# --- archives in JSON Lines -----------------------------------------------------------------


def _format_summary(reason: str) -> Summary:
    return Summary((Problem(ProblemKind.FORMAT, reason, path="$"),))


def read_jsonl(
    path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> Iterator[tuple[int, bytes | Summary]]:
    """The logs of a JSON Lines archive (``"-"``: standard input), one line at a time:
    ``(line number from 1, the line's bytes)``. Blank lines are passed over. A file that
    cannot be read comes as a :class:`Summary` with one format problem (line number 0).

    No line is read past ``max_bytes``: a longer one comes as a :class:`Summary` with one
    format problem naming the line and the limit. In a regular file the rest of that line
    is then passed over, in chunks, and the next lines are read; a pipe, a device or
    standard input may never end a line (``/dev/zero``), so their reading stops there.
    The arguments are checked when it is called, before any line is read."""
    expect(path, (str, os.PathLike), "path")
    expect(max_bytes, (int, None), "max_bytes")
    return _read_jsonl(path, max_bytes)


def _read_jsonl(
    path: str | os.PathLike[str], max_bytes: int | None
) -> Iterator[tuple[int, bytes | Summary]]:
    name = input_name(path)
    try:
        if os.fspath(path) == STDIN:
            yield from _lines(stdin_bytes(), max_bytes, name)
            return
        with open(path, "rb") as stream:
            yield from _lines(stream, max_bytes, name)
    except OSError as exc:
        yield 0, _format_summary(unreadable(path, exc))


def _lines(
    stream: IO[bytes], max_bytes: int | None, name: str
) -> Iterator[tuple[int, bytes | Summary]]:
    limit = -1 if max_bytes is None else max_bytes + 1  # the newline may follow the limit
    number = 0
    while True:
        line = stream.readline(limit)
        if not line:
            return
        number += 1
        if max_bytes is not None and len(line) == limit and not line.endswith(b"\n"):
            if not _is_regular(stream):
                yield number, _too_long(number, None, max_bytes, name)
                return
            size = len(line) + _skip_line(stream)
            yield number, _too_long(number, size, max_bytes, name)
            continue
        line = line.rstrip(b"\r\n")
        if line.strip():
            yield number, line


def _is_regular(stream: IO[bytes]) -> bool:
    """Whether ``stream`` reads a regular file, whose lines all end."""
    try:
        return stat.S_ISREG(os.fstat(stream.fileno()).st_mode)
    except (OSError, ValueError):  # no file descriptor: a stream in memory, taken as endless
        return False


def _skip_line(stream: IO[bytes]) -> int:
    """Read past the end of the current line; the bytes passed over, newline excluded."""
    skipped = 0
    while True:
        chunk = stream.readline(CHUNK)
        if not chunk:
            return skipped
        if chunk.endswith(b"\n"):
            return skipped + len(chunk) - 1
        skipped += len(chunk)


def _too_long(number: int, size: int | None, limit: int, name: str) -> Summary:
    """Line ``number`` is ``size`` bytes (``None``: more than ``limit``, and the rest of the
    input is not read)."""
    if size is not None:
        return _format_summary(
            f"line {number} is {format_size(size)}, larger than the limit of "
            f"{format_size(limit)}; {SIZE_HINT}"
        )
    return _format_summary(
        f"line {number} is more than {format_size(limit)}, larger than the limit of "
        f"{format_size(limit)}; the rest of {name} is not read; {SIZE_HINT}"
    )


# --- recording games ------------------------------------------------------------------------


def record(config: GameConfig, bots: Sequence[RandomBot], seed: int) -> GameLog:
    """The log of a game of ``config`` (board or cards) dealt from ``seed`` between ``bots``,
    one per seat (else :class:`~tigris_rules.ai.bots.BotError`)."""
    expect(config, GameConfig, "config")
    expect_items(bots, Bot, "bots", "a bot (an object with a choose method)")
    expect(seed, int, "seed")
    if len(bots) != config.players:
        raise BotError(f"expected {config.players} bots, one per seat, got {len(bots)}")

    def choose(state: Any) -> Any:
        player = to_move(state)
        if player is None:  # pragma: no cover - only called while the game runs
            raise RuntimeError("asked to choose after the end of the game")
        return bots[player].choose(state)

    return record_game(config, choose, seed=seed)


def play(config: GameConfig, seed: int) -> GameLog:
    """The log of the game of ``config`` dealt from ``seed`` between random bots seeded from
    it, as ``tigris-rules play`` and ``selfplay`` play it."""
    expect(config, GameConfig, "config")
    expect(seed, int, "seed")
    return record(config, random_bots(config.players, seed), seed)


@attrs.frozen
class Game:
    """A game played by :func:`iter_games`: its seed, its number of actions, the seats placed
    first, and the log as JSON text on one line when asked for (else ``None``)."""

    seed: int
    actions: int
    winners: tuple[int, ...]
    text: str | None = None


@attrs.frozen
class _Seeds:
    """Games played by one task: ``config`` dealt from each seed; ``text``: send each log
    back as JSON text, laid out with ``indent`` spaces (``None``: on one line)."""

    config: GameConfig
    seeds: tuple[int, ...]
    text: bool = False
    indent: int | None = None

    def singles(self) -> list[_Seeds]:
        return [attrs.evolve(self, seeds=(seed,)) for seed in self.seeds]

    def not_done(self) -> list[NotDone]:
        return [NotDone(seed=seed) for seed in self.seeds]


def _play_logs(batch: _Seeds) -> list[GameLog]:
    return [play(batch.config, seed) for seed in batch.seeds]


def _play_games(batch: _Seeds) -> list[Game]:
    games = []
    for seed, log in zip(batch.seeds, _play_logs(batch), strict=True):
        outcome = log.result.players if log.result is not None else ()
        winners = tuple(p.player for p in outcome if p.place == 1)
        text = dumps(log, indent=batch.indent) if batch.text else None
        games.append(Game(seed, len(log.actions), winners, text))
    return games


def _seed_batches(
    config: GameConfig,
    seeds: Sequence[int],
    workers: int,
    *,
    text: bool = False,
    indent: int | None = None,
) -> Iterator[_Seeds]:
    start = 0
    while start < len(seeds):
        size = _batch_size(len(seeds), start, workers)
        yield _Seeds(config, tuple(seeds[start : start + size]), text, indent)
        start += size


def iter_games(
    config: GameConfig,
    seeds: Sequence[int],
    *,
    text: bool = False,
    indent: int | None = None,
    client: Client | None = None,
    jobs: int | None = None,
) -> Iterator[Game | NotDone]:
    """Play the game of each seed (as :func:`play`) and yield a :class:`Game` for each, in
    order, as soon as it is known; with ``text``, each holds its log as JSON, on one line or
    laid out with ``indent`` spaces as :func:`~tigris_rules.write_log` writes it. ``jobs``
    and ``client`` as in :func:`validate_many`; a game whose worker process died twice
    comes as a :class:`NotDone` with its seed. The arguments are checked when it is
    called, before any game is played."""
    expect(config, GameConfig, "config")
    _check_seeds(seeds)
    expect(text, bool, "text")
    expect(indent, (int, None), "indent")
    check_runner(client, jobs)
    workers = worker_count(client, jobs, len(seeds))
    batches = _seed_batches(config, seeds, workers, text=text, indent=indent)
    return _iter_games(batches, workers, client)


def _check_seeds(seeds: object) -> None:
    """``seeds`` is a sequence of ints (a ``range`` holds nothing else)."""
    if type(seeds) is range:
        return
    if isinstance(seeds, str | bytes) or not isinstance(seeds, Sequence):
        raise ArgumentTypeError.expected("seeds", "a sequence of ints", seeds)
    for index, seed in enumerate(seeds):
        expect(seed, int, f"seeds[{index}]")


def _iter_games(
    batches: Iterable[_Seeds], workers: int, client: Client | None
) -> Iterator[Game | NotDone]:
    for games in ordered(_play_games, batches, jobs=workers, client=client):
        yield from games


def selfplay_many(
    config: GameConfig,
    games: int,
    *,
    seed: int = 0,
    client: Client | None = None,
    jobs: int | None = None,
) -> list[GameLog]:
    """The logs of ``games`` games between random bots, game ``i`` dealt from ``seed + i``
    (as ``tigris-rules selfplay``), in order; ``jobs`` and ``client`` as in
    :func:`validate_many`. The games of a worker process that dies are played again one by
    one in a fresh one; if some still are not played, :class:`NotDoneError` names their
    seeds once every other game is played, and holds all the logs."""
    expect(config, GameConfig, "config")
    expect(games, int, "games")
    expect(seed, int, "seed")
    check_runner(client, jobs)
    if games < 0:
        raise ConfigError(f"games: expected a number of games, got {games}")
    seeds = range(seed, seed + games)
    workers = worker_count(client, jobs, games)
    batches = _seed_batches(config, seeds, workers)
    logs = [
        log for logs in ordered(_play_logs, batches, jobs=workers, client=client) for log in logs
    ]
    lost = [f"seed {log.seed}" for log in logs if isinstance(log, NotDone)]
    if lost:
        raise NotDoneError("games", logs, lost)
    return [log for log in logs if isinstance(log, GameLog)]
