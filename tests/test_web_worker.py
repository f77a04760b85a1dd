"""The web table's worker process (docs/web-table.md): the bots' inputs and the pages come
back from it, it runs below the server on the server's cores, and a worker that dies is
replaced without losing a game."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
import warnings
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

with warnings.catch_warnings():  # Starlette's test client would rather have httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import tigris_rules as tr
from tigris_rules.ai.bots import make_bot
from tigris_rules.web import create_app
from tigris_rules.web.pages import page
from tigris_rules.web.table import Table
from tigris_rules.web.worker import NICENESS, Worker, draw, think


def in_worker(job: Any, *args: Any) -> Any:
    """``job(*args)`` done by a fresh worker, which is then stopped."""
    worker = Worker()

    async def run() -> Any:
        return await worker.run(job, *args)

    try:
        return asyncio.run(run())
    finally:
        worker.close()


def test_a_bot_move_and_a_page_come_back_from_the_worker() -> None:
    table = Table.open("worked", tr.GameConfig(players=2), 4, ("person", "bot:greedy"))
    bot = make_bot("greedy", 1)
    action, thought = in_worker(think, bot, table.state)
    assert action in tr.legal_actions(table.state)
    assert type(thought) is type(bot)
    assert json.loads(in_worker(draw, table.snapshot(), 0)) == json.loads(
        json.dumps(page(table, 0))
    )
    assert in_worker(os.getpid) != os.getpid()


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="Linux's affinity")
def test_the_worker_runs_below_the_server_on_its_cores() -> None:
    cores = os.sched_getaffinity(0)
    try:
        os.sched_setaffinity(0, {max(cores)})
        assert in_worker(os.sched_getaffinity, 0) == {max(cores)}
    finally:
        os.sched_setaffinity(0, cores)
    assert in_worker(os.nice, 0) == min(19, os.nice(0) + NICENESS)


class Broken:
    """A pool whose worker is dead."""

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise BrokenProcessPool("the worker died")

    def shutdown(self, *args: Any, **kwargs: Any) -> None:
        pass


def test_a_job_whose_workers_die_is_done_in_the_server(monkeypatch: pytest.MonkeyPatch) -> None:
    worker = Worker()
    monkeypatch.setattr(worker, "_current", Broken)

    async def run() -> int:
        return await worker.run(os.getpid)

    assert asyncio.run(run()) == os.getpid()


def test_a_killed_worker_is_replaced_and_the_game_goes_on(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite")) as client:
        body = {"config": {"players": 2}, "seed": 5, "seats": ["person", "bot:greedy"]}
        created = client.post("/api/games", json=body).json()
        game, token = created["game"], created["tokens"]["0"]
        worker = client.app.state.tables.worker  # type: ignore[attr-defined]
        first = client.portal.call(worker.run, os.getpid)  # type: ignore[union-attr]
        os.kill(first, signal.SIGKILL)
        moved = client.post(
            f"/api/games/{game}/act", json={"seat": 0, "token": token, "action": "end"}
        )
        assert moved.status_code == 200
        deadline = time.monotonic() + 60
        while (seen := client.get(f"/api/games/{game}/page").json())["to_move"] != 0:
            assert time.monotonic() < deadline, "the bot did not play"
            time.sleep(0.02)
        assert seen["version"] > 1
        assert client.portal.call(worker.run, os.getpid) not in (first, os.getpid())  # type: ignore[union-attr]
        assert worker.replaced == 1
