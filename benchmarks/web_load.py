"""Print how fast the web table answers the inputs of many games played at once.

Usage: ``python benchmarks/web_load.py [--games 50] [--actions 20] [--bot greedy]
[--bot-delay 0.5]``

One server process (uvicorn, the web table over a fresh SQLite file, its bots waiting
``--bot-delay`` seconds before each move as ``tigris-rules serve`` does) is pinned to one
core (``os.sched_setaffinity``); this process, pinned to another core when there is one,
plays ``--games`` two-player games at the same time, seat 0 a client and seat 1 the
server's ``--bot``. Each client listens to its game's stream of updates, reads its
seat's page when the game moved on, and when it is its turn sends a legal input picked at
random (``--actions`` of them per game, or until the game ends). The figures are the
percentiles of the round trip of an input (``POST /api/games/{game}/act``, from sending to
the answer), of the time the server spent on it (its ``Server-Timing`` header: reading the
input, the rules, the store) and of the round trip of a page (``GET .../page``); the goal is
an input answered within 50 ms at the 95th percentile. The server's CPU time over the run,
and the share of its core it is, tell how much of a round trip is the server's work and how
much is waiting for a core shared with other programs. The script only prints figures and
asserts nothing about time.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from _common import figure


def _serve(database: str, port: int, core: int, bot_delay: float) -> None:
    os.sched_setaffinity(0, {core})
    sys.setswitchinterval(0.001)  # as tigris-rules serve does
    import uvicorn

    from tigris_rules.web import create_app

    app = create_app(database, bot_delay=bot_delay)
    # Idle connections are kept longer than the clients' pauses, so that a client never
    # sends on a connection the server is closing.
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", timeout_keep_alive=60)


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used, user and system (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    http: httpx.AsyncClient,
    seed: int,
    bot: str,
    actions: int,
    acts: list[float],
    served: list[float],
    pages: list[float],
) -> None:
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
            read = await http.get(f"/api/games/{game}/page", params={"seat": "0", "token": token})
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


def _percentiles(label: str, times: list[float]) -> None:
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    for name, value in (("p50", cuts[49]), ("p95", cuts[94]), ("p99", cuts[98])):
        print(figure(f"{label} {name}", f"{value * 1000:.1f}", "ms", f"{len(times)} round trips"))


async def _main(args: argparse.Namespace, base: str, server: int) -> None:
    await _wait_ready(base)
    cpu = _cpu_seconds(server)
    acts: list[float] = []
    served: list[float] = []
    pages: list[float] = []
    limits = httpx.Limits(max_connections=4 * args.games)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as http:
        start = time.perf_counter()
        await asyncio.gather(
            *(
                _play(http, seed, args.bot, args.actions, acts, served, pages)
                for seed in range(args.games)
            )
        )
        elapsed = time.perf_counter() - start
    cpu = _cpu_seconds(server) - cpu
    detail = f"seat 1: the {args.bot} bot, {args.bot_delay} s before each move"
    print(figure("games at once", str(args.games), "games", detail))
    print(figure("wall time", f"{elapsed:.1f}", "s", f"{len(acts)} inputs sent"))
    busy = f"{100 * cpu / elapsed:.0f}% of one core"
    print(figure("server CPU time", f"{cpu:.1f}", "s", busy))
    _percentiles("input (act)", acts)
    _percentiles("input, in the server", served)
    _percentiles("page", pages)


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
        server = multiprocessing.get_context("spawn").Process(
            target=_serve,
            args=(str(Path(folder) / "games.sqlite"), port, server_core, args.bot_delay),
        )
        server.start()
        try:
            if client_core != server_core:
                os.sched_setaffinity(0, {client_core})
            print(figure("server core", str(server_core), "", f"client on core {client_core}"))
            assert server.pid is not None
            asyncio.run(_main(args, f"http://127.0.0.1:{port}", server.pid))
        finally:
            server.terminate()
            server.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
