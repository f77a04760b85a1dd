"""Print how fast the web table answers the inputs of many games played at once.

Usage: ``python benchmarks/web_load.py [--games 50] [--actions 20] [--bot greedy]
[--bot-delay 0.5]``

One server process (uvicorn, the web table over a fresh SQLite file, its bots waiting
``--bot-delay`` seconds before each move as ``tigris-rules serve`` does) is pinned to one
core (``os.sched_setaffinity``), and its worker process (where the bots think and the pages
are drawn, at a lower priority) to the same core; this process, pinned to another core when
there is one, plays ``--games`` two-player games at the same time, seat 0 a client and seat
1 the server's ``--bot``. Each client listens to its game's stream of updates, reads its
seat's page when the game moved on, and when it is its turn sends a legal input picked at
random (``--actions`` of them per game, or until the game ends). The figures are the
percentiles of the round trip of an input (``POST /api/games/{game}/act``, from sending to
the answer), of the time the server spent on it (its ``Server-Timing`` header: reading the
input, the rules, the store) and of the round trip of a page (``GET .../page``); the goal is
an input answered within 50 ms at the 95th percentile. The server's CPU time over the run,
and the share of its core it is, with the worker's (the server's child processes), tell how
much of a round trip is the server's work and how much is waiting for a core shared with
other programs; the clients' CPU time tells the same of this process, whose own delays are
in the round trips too. How late each event loop wakes from a 10 ms sleep (its lag) tells
how long a message that has arrived waits before the loop reads it: the server's, and this
process's. Each game's client has its own connections, as each player's browser does. The
script only prints figures and asserts nothing about time.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import multiprocessing
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import figure

if importlib.util.find_spec("sniffio") is None:
    # httpcore tries to import sniffio on every request, and a failed import is not
    # remembered: about a millisecond of the clients' CPU per request when it is not
    # installed (encode/httpcore#1103). Marked absent, it fails at once.
    sys.modules["sniffio"] = None  # type: ignore[assignment]

import httpx


def _serve(database: str, port: int, core: int, bot_delay: float, lags: str) -> None:
    os.sched_setaffinity(0, {core})
    sys.setswitchinterval(0.001)  # as tigris-rules serve does
    import uvicorn

    from tigris_rules.web import create_app

    app = create_app(database, bot_delay=bot_delay)
    # Idle connections are kept longer than the clients' pauses, so that a client never
    # sends on a connection the server is closing.
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", timeout_keep_alive=60
    )
    late: list[float] = []

    async def keep() -> None:  # uvicorn ends the process on a signal once it has stopped
        while True:
            await asyncio.sleep(1)
            Path(lags).write_text("\n".join(map(str, late)))

    async def serve() -> None:
        tasks = [asyncio.create_task(_lag(late, asyncio.Event())), asyncio.create_task(keep())]
        await uvicorn.Server(config).serve()
        for task in tasks:
            task.cancel()

    asyncio.run(serve())


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used, user and system (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started, and theirs (Linux's /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *_children(int(child))]
    return found


def _children_cpu(pid: int) -> dict[int, float]:
    return {child: _cpu_seconds(child) for child in _children(pid)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def _wait_ready(base: str) -> None:
    async with httpx.AsyncClient(base_url=base) as http:
        for _ in range(500):
            try:
                await http.get("/api/options")
                return
            except httpx.TransportError:
                await asyncio.sleep(0.02)
    raise SystemExit("the server did not start")


async def _play(
    base: str,
    seed: int,
    bot: str,
    actions: int,
    acts: list[float],
    served: list[float],
    pages: list[float],
) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        created = await http.post(
            "/api/games",
            json={"config": {"players": 2}, "seed": seed, "seats": ["person", f"bot:{bot}"]},
        )
        answer = created.json()
        game, token = answer["game"], answer["tokens"]["0"]
        rng = random.Random(seed)
        sent = 0
        async with http.stream("GET", f"/api/games/{game}/updates") as stream:
            async for line in stream.aiter_lines():
                if not line.startswith("data:"):
                    continue
                start = time.perf_counter()
                read = await http.get(
                    f"/api/games/{game}/page", params={"seat": "0", "token": token}
                )
                pages.append(time.perf_counter() - start)
                page = read.json()
                if page["over"] or sent >= actions:
                    return
                if page["to_move"] != 0:
                    continue
                choice = page["actions"][rng.randrange(len(page["actions"]))]["notation"]
                start = time.perf_counter()
                moved = await http.post(
                    f"/api/games/{game}/act", json={"seat": 0, "token": token, "action": choice}
                )
                acts.append(time.perf_counter() - start)
                timing = moved.headers.get("server-timing", "act;dur=nan")
                served.append(float(timing.split("dur=")[1]) / 1000)
                if moved.status_code != 200:
                    raise SystemExit(f"game {game}: {choice!r} refused: {moved.text}")
                sent += 1


def _percentiles(label: str, times: list[float], what: str = "round trips") -> None:
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    for name, value in (("p50", cuts[49]), ("p95", cuts[94]), ("p99", cuts[98])):
        print(figure(f"{label} {name}", f"{value * 1000:.1f}", "ms", f"{len(times)} {what}"))


async def _lag(lags: list[float], done: asyncio.Event) -> None:
    """How late this process's event loop wakes from a 10 ms sleep, every 10 ms."""
    while not done.is_set():
        start = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - start - 0.01)


async def _main(args: argparse.Namespace, base: str, server: int) -> list[float]:
    await _wait_ready(base)
    cpu = _cpu_seconds(server)
    workers = _children_cpu(server)
    clients = time.process_time()
    acts: list[float] = []
    served: list[float] = []
    pages: list[float] = []
    lags: list[float] = []
    done = asyncio.Event()
    watch = asyncio.create_task(_lag(lags, done))
    start = time.perf_counter()
    await asyncio.gather(
        *(
            _play(base, seed, args.bot, args.actions, acts, served, pages)
            for seed in range(args.games)
        )
    )
    done.set()
    await watch
    elapsed = time.perf_counter() - start
    cpu = _cpu_seconds(server) - cpu
    worker = sum(t - workers.get(child, 0.0) for child, t in _children_cpu(server).items())
    cores = sorted({core for child in _children(server) for core in os.sched_getaffinity(child)})
    clients = time.process_time() - clients
    detail = f"seat 1: the {args.bot} bot, {args.bot_delay} s before each move"
    print(figure("games at once", str(args.games), "games", detail))
    print(figure("wall time", f"{elapsed:.1f}", "s", f"{len(acts)} inputs sent"))
    busy = f"{100 * cpu / elapsed:.0f}% of one core"
    print(figure("server CPU time", f"{cpu:.1f}", "s", busy))
    on = f"{100 * worker / elapsed:.0f}%, on core(s) {', '.join(map(str, cores))}"
    print(figure("worker CPU time", f"{worker:.1f}", "s", on))
    print(figure("clients' CPU time", f"{clients:.1f}", "s", f"{100 * clients / elapsed:.0f}%"))
    _percentiles("input (act)", acts)
    _percentiles("input, in the server", served)
    _percentiles("page", pages)
    return lags


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--actions", type=int, default=20, help="inputs sent per game")
    parser.add_argument("--bot", default="greedy", help="seat 1's bot: random, greedy, ismcts")
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds before each bot move (as served)"
    )
    args = parser.parse_args(argv)
    cores = sorted(os.sched_getaffinity(0))
    server_core, client_core = cores[0], cores[-1]
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        late = Path(folder) / "server-lags.txt"
        server = multiprocessing.get_context("spawn").Process(
            target=_serve,
            args=(str(Path(folder) / "games.sqlite"), port, server_core, args.bot_delay, str(late)),
        )
        server.start()
        try:
            if client_core != server_core:
                os.sched_setaffinity(0, {client_core})
            print(figure("server core", str(server_core), "", f"client on core {client_core}"))
            assert server.pid is not None
            lags = asyncio.run(_main(args, f"http://127.0.0.1:{port}", server.pid))
        finally:
            server.terminate()
            server.join()
        if late.exists():
            waits = [float(t) for t in late.read_text().split()]
            _percentiles("server's loop lag", waits, "wakings")
        _percentiles("clients' loop lag", lags, "wakings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
