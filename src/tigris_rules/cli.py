"""The ``tigris-rules`` command line (also ``python -m tigris_rules``).

``tigris-rules play --players 4 --seed 1`` plays a whole game between random bots and prints
the configuration, the final board, why the game ended and the result. The same arguments
always print the same text. Bad arguments and library errors print one line on standard
error and exit with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import NoReturn

from tigris_rules.bots import play_game, random_bots
from tigris_rules.errors import TigrisError
from tigris_rules.model.board import BOARD_NAMES
from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import GameState
from tigris_rules.render.text import render_board, render_result

__all__ = ["build_parser", "end_reason", "main"]

PROG = "tigris-rules"
EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
TREASURE_END_THRESHOLD = 2
"""END-1: the game ends when at most this many treasures are left on the board."""


class UsageError(Exception):
    """Bad command-line arguments, reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _version() -> str:
    try:
        return metadata.version("tigris-rules")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``tigris-rules`` command and its subcommands."""
    parser = _Parser(
        prog=PROG,
        description="A rules engine for the board game Tigris & Euphrates.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    play = commands.add_parser(
        "play",
        help="play a whole game between random bots and print the final board and result",
        description=(
            "Play a whole game between random bots and print the configuration, the final "
            "board, why the game ended and the result. The same arguments always give the "
            "same output."
        ),
    )
    play.add_argument(
        "--players", type=int, default=2, metavar="N", help="number of players, 2 to 4"
    )
    play.add_argument(
        "--seed", type=int, default=0, metavar="S", help="seed of the deal and the bots"
    )
    play.add_argument(
        "--board", choices=BOARD_NAMES, default="classic", help="board layout (default classic)"
    )
    play.set_defaults(handler=_play)
    return parser


def end_reason(state: GameState) -> str:
    """A sentence saying why the game of ``state`` ended (END-1, END-2)."""
    reasons = []
    if len(state.treasures) <= TREASURE_END_THRESHOLD:
        reasons.append(
            f"only {len(state.treasures)} treasure(s) left on the board (END-1, treasure end)"
        )
    if state.short_draw:
        reasons.append(
            f"a draw from the bag was short (END-2, bag end; {state.bag_size} tile(s) left)"
        )
    if not reasons:
        return "the game ended"
    return "the game ended: " + " and ".join(reasons)


def _play(args: argparse.Namespace) -> int:
    config = GameConfig(players=args.players, board=args.board)
    state, decisions = play_game(config, random_bots(config.players, args.seed), args.seed)
    turns = state.turn + 1
    text = "\n".join(
        [
            f"Config: players={config.players} board={config.board} seed={args.seed} (random bots)",
            "",
            render_board(state),
            "",
            f"Game over after {turns} turns and {decisions} decisions; {end_reason(state)}.",
            "",
            render_result(state),
        ]
    )
    print(text)
    return EXIT_OK


def _fail(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    0 on success; 2 for bad arguments or a library error (:class:`~tigris_rules.TigrisError`),
    reported as one line on standard error; 1 for an unexpected internal error.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        _fail(f"{exc} (see '{PROG} --help')")
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version print and stop
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        status = handler(args)
        sys.stdout.flush()
        return status
    except TigrisError as exc:
        _fail(str(exc))
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (e.g. piped into ``head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        _fail("interrupted")
        return 130
    except Exception as exc:
        _fail(f"internal error: {type(exc).__name__}: {exc}")
        return EXIT_INTERNAL
