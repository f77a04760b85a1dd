"""The web table's HTTP server: a Starlette application over
:class:`~tigris_rules.web.tables.Tables`.

Routes (JSON in and out under ``/api``):

- ``GET /``, ``GET /table/{game}``, ``GET /replay``: the three pages (static HTML and
  JavaScript; a seat's token travels in the page's URL fragment, never to the server's
  logs);
- ``GET /api/options``: the games, variants and bots a new game may have;
- ``POST /api/games``: a new game from ``{"config": <GameConfig JSON>, "seed": int|null,
  "seats": ["person" | "bot:<name>", ...]}``; answers the game's id and each person's
  token;
- ``GET /api/games/{game}/page?seat=&token=``: the page of a seat (without both: a
  spectator's), :func:`~tigris_rules.web.pages.page`;
- ``POST /api/games/{game}/act``: ``{"seat", "token", "action": <notation>}``; answers the
  game's new version and the seat to move, or the library's error with the rule it names;
- ``GET /api/games/{game}/updates``: server-sent events, one ``version`` message each
  time the game moves on (the page then asks for its own page again);
- ``GET /api/games/{game}/log?format=json|tgn``: the game's log, once the game is over
  (before, it would tell the deal);
- ``POST /api/replay``: ``{"log": <JSON log or text record>, "step": int}``: the position
  after that many inputs of the log, drawn whole.

Nothing from a page is trusted: every seat is checked against its token, every body against
its form, and every input goes through the rules, whose error is sent back as it is.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    PlainTextResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tigris_rules.ai.bots import BOT_NAMES
from tigris_rules.errors import IllegalActionError, TigrisError
from tigris_rules.model.config import GameConfig, known_games, known_variants
from tigris_rules.records import (
    GameLog,
    format_action,
    format_record,
    is_record,
    parse_record,
    replay,
)
from tigris_rules.records.json_io import dumps, loads
from tigris_rules.render import render_svg
from tigris_rules.web.pages import sentence
from tigris_rules.web.store import Store
from tigris_rules.web.table import Table, TableError
from tigris_rules.web.tables import Denied, Tables

__all__ = ["MAX_BODY", "create_app"]

STATIC: Final = Path(__file__).parent / "static"
MAX_BODY: Final = 1_000_000
"""The largest request body read, in bytes (a log to replay is the largest)."""
HEARTBEAT: Final = 15.0
"""Seconds between two messages of an update stream when nothing happens."""
_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

Handler = Callable[[Request], Awaitable[Response]]


class BadRequest(Exception):
    """A request body that is not what the route reads."""


def _error(status: int, message: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": message, **more}, status_code=status)


def _guarded(handler: Handler) -> Handler:
    """The handler, with the refusals every route shares turned into JSON errors: 404/403
    for another's game or seat, 400 for a malformed body or input, 409 for an input the
    rules reject (with the rule's ID and text)."""

    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Denied as exc:
            return _error(exc.status, str(exc))
        except BadRequest as exc:
            return _error(400, str(exc))
        except IllegalActionError as exc:
            return _error(409, str(exc), rule=exc.rule, rule_text=exc.rule_text)
        except (TigrisError, TableError) as exc:
            problems = getattr(exc, "problems", None)
            return _error(400, str(exc), problems=problems and [list(p) for p in problems])

    return guarded


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object; :class:`BadRequest` for anything else or a body over
    :data:`MAX_BODY` bytes."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BadRequest(f"the request body is over {MAX_BODY} bytes")
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):
        raise BadRequest("the request body is not JSON") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body is not a JSON object")
    return body


def _field(body: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = body.get(name)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise BadRequest(f"$.{name}: expected {getattr(kind, '__name__', 'a value')}")
    return value


def _replayed(text: str, step: int) -> dict[str, Any]:
    """The position after ``step`` inputs (within the log) of the log ``text`` (JSON or a
    text record), drawn whole, with the input that led to it and its events."""
    log = parse_record(text) if is_record(text) else loads(text, GameLog)
    played = replay(log)
    step = max(0, min(step, len(log.actions)))
    move = log.actions[step - 1] if step else None
    return {
        "steps": len(log.actions),
        "step": step,
        "svg": render_svg(played.states[step], panel=True),
        "seat": None if move is None else move.player,
        "notation": None if move is None else format_action(move.action, log.config),
        "events": [sentence(e, log.config) for e in played.events[step - 1]] if step else [],
    }


def _attachment(table: Table, suffix: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="game-{table.game_id}.{suffix}"'}


def create_app(database: str | Path, *, bot_delay: float = 0.0) -> Starlette:
    """The web table keeping its games in the SQLite file ``database``; ``bot_delay``
    seconds pass before each bot move."""
    store = Store(database)
    tables = Tables(store, bot_delay=bot_delay)

    async def options(request: Request) -> Response:
        return JSONResponse(
            {
                "games": list(known_games()),
                "variants": list(known_variants()),
                "bots": list(BOT_NAMES),
            }
        )

    async def create(request: Request) -> Response:
        body = await _body(request)
        config = loads(json.dumps(_field(body, "config", dict)), GameConfig)
        seed = body.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
        ):
            raise BadRequest("$.seed: expected a natural number below 2**63, or null")
        seats = _field(body, "seats", list)
        if not all(isinstance(kind, str) for kind in seats):
            raise BadRequest("$.seats: expected a list of seat kinds")
        table, tokens = tables.create(config, seed, tuple(seats))
        return JSONResponse(
            {"game": table.game_id, "tokens": {str(s): t for s, t in tokens.items()}}
        )

    async def seat_page(request: Request) -> Response:
        table = tables.find(request.path_params["game"])
        seat = tables.seat_of(
            table, request.query_params.get("seat"), request.query_params.get("token")
        )
        return Response(await tables.page(table, seat), media_type="application/json")

    async def act(request: Request) -> Response:
        body = await _body(request)
        start = time.perf_counter()
        table = tables.find(request.path_params["game"])
        seat = tables.seat_of(table, body.get("seat"), _field(body, "token", str))
        if seat is None:  # pragma: no cover - a token always comes with its seat
            raise Denied(403, "a spectator does not act")
        action = table.read(_field(body, "action", str))
        tables.play(table, seat, action)
        spent = (time.perf_counter() - start) * 1000
        return JSONResponse(
            {"version": table.version, "to_move": table.to_move},
            headers={"Server-Timing": f"act;dur={spent:.2f}"},
        )

    async def updates(request: Request) -> Response:
        table = tables.find(request.path_params["game"])
        tables.seat_of(table, request.query_params.get("seat"), request.query_params.get("token"))

        async def stream() -> AsyncIterator[str]:
            version = -1
            while not await request.is_disconnected():
                if table.version != version:
                    version = table.version
                    yield f"event: version\ndata: {version}\n\n"
                elif not await tables.changed(table.game_id, version, HEARTBEAT):
                    yield ": still here\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    async def game_log(request: Request) -> Response:
        table = tables.find(request.path_params["game"])
        if not table.over:
            return _error(409, "the log holds the deal: it is given once the game is over")
        log = table.log()
        if request.query_params.get("format") == "tgn":
            return PlainTextResponse(format_record(log), headers=_attachment(table, "tgn"))
        return Response(
            dumps(log, indent=2), media_type="application/json", headers=_attachment(table, "json")
        )

    async def replay_step(request: Request) -> Response:
        body = await _body(request)
        text = _field(body, "log", str)
        step = body.get("step", 0)
        if not isinstance(step, int) or isinstance(step, bool):
            raise BadRequest("$.step: expected an integer")
        return JSONResponse(await run_in_threadpool(_replayed, text, step))

    def html(name: str) -> Handler:
        async def handler(request: Request) -> Response:
            return FileResponse(STATIC / name, headers=_HEADERS)

        return handler

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await tables.start()
        yield
        tables.close()
        store.close()

    app = Starlette(
        routes=[
            Route("/", html("index.html")),
            Route("/table/{game}", html("table.html")),
            Route("/replay", html("replay.html")),
            Route("/api/options", _guarded(options)),
            Route("/api/games", _guarded(create), methods=["POST"]),
            Route("/api/games/{game}/page", _guarded(seat_page)),
            Route("/api/games/{game}/act", _guarded(act), methods=["POST"]),
            Route("/api/games/{game}/updates", _guarded(updates)),
            Route("/api/games/{game}/log", _guarded(game_log)),
            Route("/api/replay", _guarded(replay_step), methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.tables = tables
    return app
