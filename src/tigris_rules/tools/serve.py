"""``tigris-rules serve``: the web table (:mod:`tigris_rules.web`, docs/web-table.md) on a
local port, its games kept in a SQLite file. It needs the ``web`` extra; without it the
command says which extra to install."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tigris_rules._extras import extra_needed

__all__ = ["add_serve"]

EXIT_NO_EXTRA = 2


def add_serve(commands: Any) -> None:
    """The ``serve`` command, added to the subcommands ``commands``."""
    serve = commands.add_parser(
        "serve",
        help="open the web table: play in the browser against people and bots",
        description=(
            "Serve the web table at http://HOST:PORT/: create a game (the board game with "
            "any variants, or the card game), give each seat to a person in this browser, a "
            "person on another browser (a link per seat) or a bot, and play by clicking the "
            "board. Games are kept in DATABASE, so a restart loses none. Needs the web extra: "
            "pip install 'tigris-rules[web]'."
        ),
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument(
        "--database",
        type=Path,
        default=Path("tigris-games.sqlite"),
        help="the SQLite file of the games (default: tigris-games.sqlite)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.5,
        help="seconds before each bot move, so that people see it (default 0.5)",
    )
    serve.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace) -> int:
    try:
        with extra_needed("web", "tigris-rules serve"):
            import uvicorn

            from tigris_rules.web import create_app
    except ModuleNotFoundError as exc:
        print(f"tigris-rules: {exc}", file=sys.stderr)
        return EXIT_NO_EXTRA
    # A replay is drawn in a thread (the bots and the pages are another process's): hand the
    # interpreter to the requests every millisecond rather than every five, so that an input
    # waits little behind it.
    sys.setswitchinterval(0.001)
    print(f"The web table: http://{args.host}:{args.port}/ (games in {args.database})")
    uvicorn.run(
        create_app(args.database, bot_delay=args.bot_delay),
        host=args.host,
        port=args.port,
        log_level="warning",
    )
    return 0
