"""``tigris_rules.tools.bulk``: the same summaries, in input order, whether the logs are
validated here, in a pool of processes or on a Dask cluster; the same logs from
``selfplay_many``."""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from dying_workers import DeadlyPath, DeadlySeed
from tigris_rules.tools import _workers, bulk
from tigris_rules.tools.bulk import Summary, selfplay_many, validate_many

LOGS = Path(__file__).parent / "data" / "logs"
GOLDEN = sorted(LOGS.glob("*.json"))
TWO_PLAYERS = LOGS / "game-2p-classic-seed1.json"


def broken_text() -> str:
    """The 2-player golden log with a tile placed on an occupied square at action 30."""
    data = json.loads(TWO_PLAYERS.read_text())
    first = data["actions"][30]
    data["actions"].insert(30, {**first, "type": "place_tile", "color": "blue", "square": "a1"})
    return json.dumps(data)


def sources(tmp_path: Path) -> list[bulk.Source]:
    """Files and texts; valid, broken, malformed and missing."""
    return [
        *GOLDEN,
        broken_text(),
        TWO_PLAYERS.read_bytes(),
        "[]",
        tmp_path / "missing.json",
        b"\xff",
        GOLDEN[0],
    ]


def expected(source: bulk.Source) -> Summary:
    """The summary of one log validated alone, with the public functions of the library."""
    if isinstance(source, str | bytes):
        return Summary.of(tr.validate_json(source))
    return Summary.of(tr.validate_file(source))


def winners(log: tr.GameLog) -> tuple[int, ...]:
    assert log.result is not None
    return tuple(p.player for p in log.result.players if p.place == 1)


def test_the_summary_of_a_report() -> None:
    report = tr.validate_file(TWO_PLAYERS)
    summary = Summary.of(report)
    assert summary == Summary((), 215, 215, over=True, result_checked=True)
    assert summary.valid
    assert not summary.malformed
    broken = Summary.of(tr.validate_json(broken_text()))
    assert not broken.valid
    assert not broken.malformed
    assert broken.problems == tr.validate_json(broken_text()).problems
    assert Summary.of(tr.validate_json("[]")).malformed


@pytest.mark.parametrize("jobs", [1, 2])
def test_validate_many_gives_the_summaries_in_input_order(tmp_path: Path, jobs: int) -> None:
    logs = sources(tmp_path)
    assert validate_many(logs, jobs=jobs) == [expected(source) for source in logs]


def test_the_limits_reach_the_workers(tmp_path: Path) -> None:
    logs = sources(tmp_path)
    one = validate_many(logs, jobs=1, max_bytes=20_000, max_problems=1)
    assert validate_many(logs, jobs=2, max_bytes=20_000, max_problems=1) == one
    too_large = [s for s in one if s.problems and "larger than the limit" in s.problems[0].reason]
    assert too_large


def test_no_logs() -> None:
    assert validate_many([], jobs=2) == []
    assert selfplay_many(tr.GameConfig(players=2), 0, jobs=2) == []


def test_standard_input_is_read_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker process has no standard input of its own: ``-`` is validated by the
    caller."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(broken_text().encode())))
    summaries = validate_many([GOLDEN[0], Path("-"), GOLDEN[1]], jobs=2)
    assert summaries[1] == Summary.of(tr.validate_json(broken_text()))
    assert summaries[0].valid
    assert summaries[2].valid


BAD_CALLS = [
    (lambda: validate_many([TWO_PLAYERS, 3]), tr.ArgumentTypeError, r"sources\[1\]: expected"),  # type: ignore[list-item]
    (lambda: validate_many("game.json"), tr.ArgumentTypeError, "sources: expected"),
    (lambda: validate_many([TWO_PLAYERS], jobs=0), tr.ConfigError, "jobs: expected"),
    (lambda: validate_many([TWO_PLAYERS], jobs="2"), tr.ArgumentTypeError, "jobs: expected"),  # type: ignore[arg-type]
    (lambda: selfplay_many("2p", 1), tr.ArgumentTypeError, "config: expected"),  # type: ignore[arg-type]
    (lambda: selfplay_many(tr.GameConfig(), -1), tr.ConfigError, "games: expected"),
    (lambda: selfplay_many(tr.GameConfig(), 1, seed=1.5), tr.ArgumentTypeError, "seed"),  # type: ignore[arg-type]
]  # fmt: skip


@pytest.mark.parametrize(("call", "error", "words"), BAD_CALLS)
def test_bad_arguments(call: object, error: type[Exception], words: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("jobs", [1, 2])
def test_selfplay_many_plays_the_games_of_selfplay(jobs: int) -> None:
    config = tr.GameConfig(players=3, game="cards")
    logs = selfplay_many(config, 3, seed=5, jobs=jobs)
    assert logs == [bulk.play(config, seed) for seed in (5, 6, 7)]
    assert [log.seed for log in logs] == [5, 6, 7]


def test_the_games_in_order_with_their_text() -> None:
    config = tr.GameConfig(players=2)
    games = list(bulk.iter_games(config, range(2, 7), text=True, jobs=2))
    assert [game.seed for game in games] == [2, 3, 4, 5, 6]
    for game in games:
        assert isinstance(game, bulk.Game)
        assert game.text is not None
        log = tr.loads(game.text, tr.GameLog)
        assert "\n" not in game.text
        assert log == bulk.play(config, game.seed)
        assert game.actions == len(log.actions)
        assert log.result is not None
        assert game.winners == tuple(p.player for p in log.result.players if p.place == 1)


def test_importing_the_package_imports_no_dask() -> None:
    code = (
        "import sys, tigris_rules, tigris_rules.tools.bulk, tigris_rules.tools.cli; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> list[bulk.Source]:
    """Two hundred logs: a hundred selfplay games, each as a file and as a text; and three
    bad logs."""
    folder = tmp_path_factory.mktemp("archive")
    logs = selfplay_many(tr.GameConfig(players=2), 100, seed=100, jobs=2)
    files: list[bulk.Source] = []
    for log in logs:
        path = folder / f"game-{log.seed}.json"
        tr.write_log(log, path)
        files.append(path)
    texts: list[bulk.Source] = [tr.dumps(log) for log in logs]
    return [*files, broken_text(), *texts, "{", folder / "missing.json"]


@pytest.mark.slow
def test_a_dask_cluster_gives_the_summaries_of_one_process(archive: list[bulk.Source]) -> None:
    """Two worker processes of one thread each, as a cluster of two machines would run."""
    from distributed import Client, LocalCluster

    local = validate_many(archive, jobs=1)
    assert sum(not summary.valid for summary in local) == 3
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        assert validate_many(archive, client=client) == local
        config = tr.GameConfig(players=3, board="alternative", variants=("english",))
        assert selfplay_many(config, 4, seed=3, client=client) == selfplay_many(
            config, 4, seed=3, jobs=1
        )


# --- how many processes ---------------------------------------------------------------------


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every pool of worker processes started, in order."""
    sizes: list[int] = []
    real = ProcessPoolExecutor

    def counted(max_workers: int) -> ProcessPoolExecutor:
        sizes.append(max_workers)
        return real(max_workers=max_workers)

    monkeypatch.setattr(_workers, "ProcessPoolExecutor", counted)
    return sizes


def test_no_more_processes_than_logs(pools: list[int]) -> None:
    texts = [TWO_PLAYERS.read_text()] * 3
    assert validate_many(texts, jobs=100_000) == validate_many(texts, jobs=1)
    assert pools == [3]
    assert selfplay_many(tr.GameConfig(players=2), 2, jobs=50) == selfplay_many(
        tr.GameConfig(players=2), 2, jobs=1
    )
    assert pools == [3, 2]


def test_no_more_processes_than_four_per_core(
    pools: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_workers, "default_jobs", lambda: 1)
    assert bulk.max_jobs() == _workers.JOBS_PER_CORE == 4
    pairs = [(index, TWO_PLAYERS.read_text()) for index in range(6)]
    summaries = list(bulk.iter_validate(pairs, jobs=100_000))  # the number of logs unknown
    assert [index for index, _ in summaries] == list(range(6))
    assert validate_many([TWO_PLAYERS] * 6, jobs=1000) == [s for _, s in summaries]
    assert pools == [4, 4]


# --- a worker process that dies -------------------------------------------------------------


@pytest.fixture
def drops(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every broken pool let go of, once each."""
    dropped: list[object] = []
    real = _workers._Pool.drop

    def drop(self: _workers._Pool, executor: Executor) -> None:
        if all(executor is not seen for seen in dropped):
            dropped.append(executor)
        real(self, executor)

    monkeypatch.setattr(_workers._Pool, "drop", drop)
    return dropped


def logs_with(tmp_path: Path, deadly: bulk.Source) -> list[bulk.Source]:
    """Thirty logs, the tenth ``deadly``."""
    logs = sources(tmp_path) * 3
    logs[9] = deadly
    return logs


def test_a_worker_killed_once_loses_nothing(tmp_path: Path, drops: list[object]) -> None:
    """The logs of the worker that died are validated again in a fresh process: the same
    summaries as without the fault."""
    marker = tmp_path / "killed"
    logs = logs_with(tmp_path, DeadlyPath(TWO_PLAYERS, marker))
    assert validate_many(logs, jobs=2) == [expected(source) for source in logs]
    assert marker.exists()
    assert len(drops) == 1  # the main pool broke once; no worker died in the spare pool


def test_a_worker_killed_twice_on_one_log(tmp_path: Path, drops: list[object]) -> None:
    """The log is named as not done; every other log is validated, and the summaries
    travel with the error."""
    logs = logs_with(tmp_path, DeadlyPath(TWO_PLAYERS))
    with pytest.raises(bulk.NotDoneError) as caught:
        validate_many(logs, jobs=2)
    error = caught.value
    assert str(error) == (f"1 of {len(logs)} logs not done: worker died (sources[9] {TWO_PLAYERS})")
    assert error.indices == (9,)
    assert error.results[9] == bulk.NotDone()
    others = [s for i, s in enumerate(error.results) if i != 9]
    assert others == [expected(source) for i, source in enumerate(logs) if i != 9]
    assert len(drops) == 2  # the main pool, then the spare process of the log
    pairs = [(str(index), source) for index, source in enumerate(logs)]
    streamed = list(bulk.iter_validate(pairs, jobs=2))
    assert [label for label, _ in streamed] == [str(index) for index in range(len(logs))]
    assert [summary for _, summary in streamed] == list(error.results)


def test_a_worker_killed_from_outside(archive: list[bulk.Source], drops: list[object]) -> None:
    """A worker process of the pool killed while the logs are validated: the stream goes on
    and gives every summary, in order."""
    alone = validate_many(archive, jobs=1)
    pairs = list(enumerate(archive))
    before = {child.pid for child in multiprocessing.active_children()}
    stream = bulk.iter_validate(pairs, jobs=2, count=len(pairs))
    first = next(stream)
    workers = [c.pid for c in multiprocessing.active_children() if c.pid not in before]
    assert len(workers) == 2
    assert workers[0] is not None
    os.kill(workers[0], signal.SIGKILL)
    rest = list(stream)
    assert [first, *rest] == list(enumerate(alone))
    assert drops  # the pool broke, and was replaced


def test_games_of_a_worker_that_died(tmp_path: Path, drops: list[object]) -> None:
    """A game whose worker died once is played again; one whose worker died twice comes as
    ``NotDone`` with its seed, the others as without the fault."""
    config = tr.GameConfig(players=2)
    seeds = [0, 1, DeadlySeed(2, tmp_path / "killed"), 3, DeadlySeed(4), 5]
    games = list(bulk.iter_games(config, seeds, jobs=2))
    assert games[4] == bulk.NotDone(seed=4)
    assert [game for game in games if isinstance(game, bulk.Game)] == [
        bulk.Game(seed, len(log.actions), winners(log))
        for seed, log in ((seed, bulk.play(config, seed)) for seed in (0, 1, 2, 3, 5))
    ]
    assert len(drops) >= 2


def test_selfplay_many_names_the_games_not_played(
    monkeypatch: pytest.MonkeyPatch, drops: list[object]
) -> None:
    """The game of seed 7 kills every worker that gets it."""
    real = bulk._seed_batches

    def deadly(*args: Any, **kwargs: Any) -> Iterator[bulk._Seeds]:
        for batch in real(*args, **kwargs):
            seeds = tuple(DeadlySeed(seed) if seed == 7 else seed for seed in batch.seeds)
            yield attrs.evolve(batch, seeds=seeds)

    monkeypatch.setattr(bulk, "_seed_batches", deadly)
    config = tr.GameConfig(players=2)
    with pytest.raises(bulk.NotDoneError) as caught:
        selfplay_many(config, 4, seed=5, jobs=2)
    assert str(caught.value) == "1 of 4 games not done: worker died (seed 7)"
    assert caught.value.results == (
        bulk.play(config, 5),
        bulk.play(config, 6),
        bulk.NotDone(seed=7),
        bulk.play(config, 8),
    )
