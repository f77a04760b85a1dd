"""The ``tigris-rules`` command line (also ``python -m tigris_rules``).

- ``tigris-rules play --players 4 --seed 1`` plays a whole game between random bots and
  prints the configuration, the final board, why the game ended and the result. The same
  arguments always print the same text. ``--game cards`` plays the card game (RULES.md
  Part II) instead and prints the final card table.
- ``tigris-rules selfplay --games N --players P --seed S --out DIR`` writes N game logs of
  random-bot games (``--game cards``: card games); ``--jsonl FILE`` writes them as one
  archive in JSON Lines instead.
- ``tigris-rules validate FILE...`` replays logs and prints one line per problem; exit status
  0 when every log is valid, 1 when a rule is broken (or an expected result differs), 2 when
  a file is malformed, cannot be read or is too large. ``-`` reads standard input; a
  ``.jsonl`` file (or any file with ``--jsonl``) is an archive of one log per line; a log may
  be a text game record, and a ``.tgn`` file may hold many games. A problem whose place in
  the file is known is printed after ``FILE:LINE:COLUMN:``.
- ``tigris-rules convert IN OUT`` turns a JSON log into a text game record and back
  (:mod:`tigris_rules.tools.convert`).
- ``tigris-rules serve`` opens the web table in the browser (:mod:`tigris_rules.tools.serve`,
  the ``web`` extra).
- ``selfplay`` and ``validate`` share the work among ``--jobs N`` processes (all cores by
  default; at most 4 per core and one per file or game) and print the same lines in the
  same order as one process (``--jobs 1``). A log or a game whose worker process died twice
  (killed, out of memory) is listed as ``not done: worker died``, the rest is done, and the
  exit status is 3.
- ``tigris-rules replay FILE [--step K]`` prints the final position of a log, or the position
  after its first K actions (the board, or the card table of a card-game log), keeping one
  position only; a log with an illegal action shows the position before it.
- ``tigris-rules schema [--kind log|view|event]`` prints the JSON Schema of the log format,
  of a player view or of an event, for every installed variant.

What the commands print of a game (its configuration line, its position and result as text,
the turns played, its board as SVG) and the bots that play it are asked of the game's
ruleset, which offers :class:`GameCommands`.

Bad arguments and library errors print one line on standard error and exit with status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn, Protocol

from tigris_rules.ai.bots import BOT_NAMES, BotError, play_game
from tigris_rules.ai.search import DEFAULT_ITERATIONS
from tigris_rules.api import AnyState, apply, is_over, legal_actions, perft, to_move
from tigris_rules.errors import (
    ArgumentValueError,
    ConfigError,
    FormatError,
    LogError,
    TigrisError,
)
from tigris_rules.model.board import BOARD_NAMES
from tigris_rules.model.config import GameConfig, known_games, known_variants
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.records import (
    Position,
    ProblemKind,
    format_action,
    replay_position,
)
from tigris_rules.records.converter import tag_of
from tigris_rules.records.json_io import loads
from tigris_rules.records.log import read_file
from tigris_rules.records.position import read_position
from tigris_rules.render import render_board, render_result, render_svg
from tigris_rules.tools._options import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_MALFORMED,
    EXIT_NOT_DONE,
    EXIT_OK,
    EXIT_USAGE,
    PROG,
    add_jobs,
    add_max_size,
    fail,
    jobs,
    listed,
    positive,
)
from tigris_rules.tools.bulk import (
    Game,
    NotDone,
    iter_games,
)
from tigris_rules.tools.convert import add_convert
from tigris_rules.tools.serve import add_serve
from tigris_rules.tools.validate import add_validate

__all__ = ["GameCommands", "build_parser", "end_reason", "main"]


class GameCommands(Protocol):
    """What the command line asks of a game to play, record and show it (``play``,
    ``selfplay``, ``replay``), offered by the game's ruleset
    (:func:`~tigris_rules.model.facets.offered`)."""

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[Any, ...]:
        """One bot per seat from the names of ``--bots`` (one name, or one per seat), seat
        ``i`` seeded with ``seed * 16 + i + 1``; :class:`~tigris_rules.ai.bots.BotError` for a
        name that does not play this game."""
        ...

    def config_text(self, config: GameConfig) -> str:
        """``config`` in one line of ``name=value`` words, as the ``Config:`` lines show it."""
        ...

    def log_name(self, config: GameConfig) -> str:
        """What ``selfplay --out`` names the logs of ``config`` by, between the player count
        and the seed (``game-3p-classic-english-seed7.json``)."""
        ...

    def turns_played(self, state: Any) -> int:
        """The turns begun in ``state``, the one in progress included (all of them once the
        game is over)."""
        ...


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
            "board (the card table with --game cards), why the game ended and the result. "
            "The same arguments always give the same output."
        ),
    )
    _add_game(play)
    play.add_argument(
        "--players", type=int, default=2, metavar="N", help="number of players, 2 to 4"
    )
    play.add_argument(
        "--seed", type=int, default=0, metavar="S", help="seed of the deal and the bots"
    )
    play.add_argument(
        "--board", choices=BOARD_NAMES, default="classic", help="board layout (default classic)"
    )
    play.add_argument(
        "--variants",
        type=_variants,
        default=(),
        metavar="A,B",
        help=f"comma-separated variants: {', '.join(known_variants())}",
    )
    play.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help=(
            f"bots by name ({', '.join(BOT_NAMES)}): one for every seat, or a comma-separated "
            "list with one per seat (default random); 'ismcts:N' searches N iterations per "
            f"decision ({DEFAULT_ITERATIONS} by default)"
        ),
    )
    play.set_defaults(handler=_play)
    add_convert(commands)
    add_serve(commands)
    _add_selfplay(commands)
    add_validate(commands)
    _add_replay(commands)
    _add_perft(commands)
    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of game logs, player views or events",
        description="Print a JSON Schema (draft 2020-12): of the game log format v1 (the "
        "default), of a player view, or of an event (full or public), for the base game and "
        "every installed variant.",
    )
    schema.add_argument(
        "--kind",
        choices=("log", "view", "event"),
        default="log",
        help="the schema to print (default: log)",
    )
    schema.set_defaults(handler=_schema)
    return parser


def _depth(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return int(text)


def _add_perft(commands: Any) -> None:
    perft_cmd = commands.add_parser(
        "perft",
        help="count the leaves of the tree of legal inputs below a position",
        description=(
            "Count the leaves of the tree of legal inputs DEPTH inputs below a position "
            "(tr.perft), printing the count at each depth from 1. The position is a position "
            "string, or a file holding one or the JSON of a state. The work grows "
            "exponentially with the depth (a board-game opening has 750 inputs)."
        ),
    )
    perft_cmd.add_argument(
        "position", metavar="POSITION", help="a position string, or a file (position or JSON)"
    )
    perft_cmd.add_argument(
        "--depth", type=_depth, default=1, metavar="N", help="the depth to count to (default 1)"
    )
    perft_cmd.add_argument(
        "--divide",
        action="store_true",
        help="also print the count at the last depth below each first input, in notation",
    )
    add_max_size(perft_cmd, "files (or archive lines)")
    perft_cmd.set_defaults(handler=_perft)


def _perft_position(args: argparse.Namespace) -> Any:
    """The state the ``position`` argument names: a position string, or a file holding one
    or a JSON state."""
    given: str = args.position
    path = Path(given)
    if ("/" in given and " " in given) or not path.is_file():
        return read_position(given)
    data = read_file(path, args.max_size).strip()
    if data.startswith(b"{"):
        return loads(data, AnyState, max_bytes=args.max_size)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError("$", f"not UTF-8 text (byte {exc.start})") from None
    return read_position(text, max_bytes=args.max_size)


def _perft(args: argparse.Namespace) -> int:
    try:
        state = _perft_position(args)
    except FormatError as exc:
        fail(f"{args.position[:80]}: {exc}")
        return EXIT_MALFORMED
    except OSError as exc:
        fail(f"cannot read {args.position}: {exc.strerror or exc}")
        return EXIT_USAGE
    if not isinstance(state, AnyState):  # a string without the hidden parts: a view
        fail("the position must hold the hidden parts (a state, not a view) to be played")
        return EXIT_USAGE
    position: Any = state
    depth: int = args.depth
    last = depth if not args.divide else depth - 1  # with --divide the divide counts the last
    for level in range(1, last + 1):
        print(f"depth {level}: {perft(position, level)}", flush=True)
    if args.divide and depth >= 1:
        divided = [
            (action, perft(apply(position, action), depth - 1))
            for action in legal_actions(position)
        ]
        total = sum(count for _, count in divided)
        print(f"depth {depth}: {total}")
        print()
        for action, count in divided:
            print(f"{format_action(action, state.config)}: {count}")
        print(f"total: {total}")
    return EXIT_OK


def _variants(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(",") if name.strip())


def _add_game(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=known_games(),
        default="board",
        help="the board game (default) or the card game (RULES.md Part II)",
    )


def _add_selfplay(commands: Any) -> None:
    selfplay = commands.add_parser(
        "selfplay",
        help="write the logs of games between random bots",
        description=(
            "Play N games between random bots and write one log per game into DIR, or one "
            "line per game into a JSON Lines archive. Game i (from 0) is dealt from seed S+i, "
            "and its bots are seeded from it as in 'play'. Exit status: 0 every game written, "
            "2 a file cannot be written, 3 some games not played (their worker process died "
            "twice: listed as 'not done', the archive line left blank)."
        ),
    )
    _add_game(selfplay)
    selfplay.add_argument("--games", type=positive, default=1, metavar="N", help="games to play")
    selfplay.add_argument(
        "--players", type=int, default=2, metavar="P", help="number of players, 2 to 4"
    )
    selfplay.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game")
    where = selfplay.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", type=Path, metavar="DIR", help="directory for the logs")
    where.add_argument(
        "--jsonl", type=Path, metavar="FILE", help="archive in JSON Lines, one log per line"
    )
    selfplay.add_argument(
        "--board", choices=BOARD_NAMES, default="classic", help="board layout (default classic)"
    )
    selfplay.add_argument(
        "--variants",
        type=_variants,
        default=(),
        metavar="A,B",
        help=f"comma-separated variants: {', '.join(known_variants())}",
    )
    add_jobs(selfplay)
    selfplay.set_defaults(handler=_selfplay)


def _add_replay(commands: Any) -> None:
    replay_cmd = commands.add_parser(
        "replay",
        help="replay a game log and print the board, scores and ranking",
        description=(
            "Replay a log and print the final board, the scores and the ranking, or with "
            "--step K the position after the first K actions (0: the opening). An illegal "
            "action stops the replay: the position before it is shown, the action named on "
            "standard error, and the exit status is 1."
        ),
    )
    replay_cmd.add_argument(
        "file", type=Path, metavar="FILE", help="log file ('-': standard input)"
    )
    replay_cmd.add_argument(
        "--step", type=int, default=None, metavar="K", help="show the position after K actions"
    )
    replay_cmd.add_argument(
        "--svg", type=Path, default=None, metavar="OUT", help="also draw that position as SVG"
    )
    add_max_size(replay_cmd, "files (or archive lines)")
    replay_cmd.set_defaults(handler=_replay)


def end_reason(state: AnyState) -> str:
    """A sentence saying why the game of ``state``, a finished game, ended: every end
    condition of its :attr:`~tigris_rules.Result.terminations` with its rule ID, as the
    game's ruleset words it (:meth:`~tigris_rules.model.ruleset.Ruleset.end_reason`).

    A game still running raises :class:`~tigris_rules.ArgumentValueError`, anything but a
    state :class:`~tigris_rules.NotAStateError`.
    """
    if not is_over(state):
        raise ArgumentValueError("state: the game is not over, so it has no end reason")
    ruleset: Ruleset[Any, Any, Any] = state.ruleset
    return ruleset.end_reason(state)


def _commands(ruleset: Ruleset[Any, Any, Any]) -> GameCommands:
    """The command line's view of ``ruleset``'s game; a game that offers none is refused."""
    commands = offered(ruleset, GameCommands)
    if commands is None:
        raise ConfigError(f"the {ruleset.game!r} game cannot be played from the command line")
    return commands


def _config_text(config: GameConfig) -> str:
    return _commands(ruleset_for(config)).config_text(config)


def _play(args: argparse.Namespace) -> int:
    config = GameConfig(
        players=args.players, game=args.game, board=args.board, variants=args.variants
    )
    commands = _commands(ruleset_for(config))
    try:
        bots = commands.make_bots(args.bots, config.players, args.seed)
    except BotError as exc:
        fail(str(exc))
        return EXIT_USAGE
    state, decisions = play_game(config, bots, args.seed)
    names = args.bots.replace(",", ", ")
    text = "\n".join(
        [
            f"Config: {_config_text(config)} seed={args.seed} ({names} bots)",
            "",
            render_board(state),
            "",
            f"Game over after {commands.turns_played(state)} turns and {decisions} decisions; "
            f"{end_reason(state)}.",
            "",
            render_result(state),
        ]
    )
    print(text)
    return EXIT_OK


def _selfplay(args: argparse.Namespace) -> int:
    config = GameConfig(
        players=args.players, game=args.game, board=args.board, variants=args.variants
    )
    if args.jsonl is not None:
        return _selfplay_archive(args, config)
    out: Path = args.out
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot create {out}: {exc.strerror or exc}")
        return EXIT_USAGE
    suffix = _commands(ruleset_for(config)).log_name(config)
    seeds = range(args.seed, args.seed + args.games)
    lost: list[int] = []
    games = iter_games(config, seeds, text=True, indent=2, jobs=jobs(args))
    for seed, game in zip(seeds, games, strict=True):
        path = out / f"game-{config.players}p-{suffix}-seed{seed}.json"
        if isinstance(game, NotDone):
            lost.append(seed)
            print(f"{path}: {game}")
            continue
        try:
            path.write_text(f"{game.text}\n", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {path}: {exc.strerror or exc}")
            return EXIT_USAGE
        print(f"{path}: {_game_line(game)}")
    return _wrote(args.games, lost, out, config)


def _selfplay_archive(args: argparse.Namespace, config: GameConfig) -> int:
    """``selfplay --jsonl FILE``: the logs as one archive, game i on line i+1."""
    archive: Path = args.jsonl
    seeds = range(args.seed, args.seed + args.games)
    lost: list[int] = []
    try:
        with archive.open("w", encoding="utf-8") as stream:
            games = iter_games(config, seeds, text=True, jobs=jobs(args))
            for line, (seed, game) in enumerate(zip(seeds, games, strict=True), start=1):
                if isinstance(game, NotDone):
                    lost.append(seed)
                    stream.write("\n")  # the next games keep their lines
                    print(f"{archive}:{line}: {game} (seed {seed})")
                    continue
                stream.write(f"{game.text}\n")
                print(f"{archive}:{line}: {_game_line(game)}")
    except OSError as exc:
        fail(f"cannot write {archive}: {exc.strerror or exc}")
        return EXIT_USAGE
    return _wrote(args.games, lost, archive, config)


def _wrote(games: int, lost: list[int], where: Path, config: GameConfig) -> int:
    """Print the last line of ``selfplay``; its exit status."""
    print(f"wrote {games - len(lost)} log(s) to {where} ({_config_text(config)})")
    if not lost:
        return EXIT_OK
    fail(
        f"{len(lost)} of {games} game(s) not done: worker died; seed(s) "
        f"{listed([str(seed) for seed in lost])}"
    )
    return EXIT_NOT_DONE


def _game_line(game: Game) -> str:
    return f"{game.actions} actions, winner(s): seat {', '.join(map(str, game.winners))}"


def _replay(args: argparse.Namespace) -> int:
    file: Path = args.file
    try:
        reached = replay_position(file, args.step, max_bytes=args.max_size)
    except (FormatError, LogError) as exc:
        fail(f"{file}: {exc}")
        malformed = isinstance(exc, FormatError) or exc.kind == "format"
        return EXIT_MALFORMED if malformed else EXIT_INVALID
    except ValueError as exc:  # a step past the end
        fail(f"--{exc}")
        return EXIT_USAGE
    status = _show(args, reached)
    if reached.problem is not None and status == EXIT_OK:
        fail(f"{file}: {reached.problem}")
        return EXIT_MALFORMED if reached.problem.kind is ProblemKind.FORMAT else EXIT_INVALID
    return status


def _show(args: argparse.Namespace, reached: Position) -> int:
    """Print the position ``reached``; the exit status."""
    file: Path = args.file
    log, state, step, total = reached.head, reached.state, reached.step, reached.length
    commands = _commands(state.ruleset)
    origin = f"seed={log.seed}" if log.seed is not None else "explicit deal"
    lines = [f"Config: {_config_text(log.config)} {origin}", ""]
    lines.append(f"Position after {step} of {total} actions")
    if reached.problem is not None:
        lines[-1] += f"; action {step} cannot be replayed"
    lines += ["", render_board(state), ""]
    turns = commands.turns_played(state)
    if is_over(state):
        lines.append(f"Game over after {turns} turns; {end_reason(state)}.")
    else:
        lines.append(_to_choose(turns, to_move(state), state.pending))
    lines += ["", render_result(state)]
    if args.svg is not None:
        caption = f"{file.name}: position after {step} of {total} actions"
        try:
            picture = render_svg(state, caption=caption)
        except ArgumentValueError:  # a game whose picture takes no caption (the card table)
            picture = render_svg(state)
        try:
            args.svg.write_text(picture, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {args.svg}: {exc.strerror or exc}")
            return EXIT_USAGE
        lines += ["", f"Board drawn to {args.svg}"]
    print("\n".join(lines))
    return EXIT_OK


def _to_choose(turn: int, player: int | None, pending: object) -> str:
    task = "an action" if pending is None else f"the decision {tag_of(type(pending))}"
    return f"Turn {turn}: player {player} to choose {task}."


def _schema(args: argparse.Namespace) -> int:
    from tigris_rules.records.json_schema import build_schemas, render

    print(render(build_schemas()[args.kind]), end="")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    0 on success; 2 for bad arguments or a library error (:class:`~tigris_rules.TigrisError`),
    reported as one line on standard error; 1 for an unexpected internal error; ``validate``
    and ``replay`` as their help says (1 a log breaks a rule, 2 malformed); 3 when
    ``validate`` or ``selfplay`` left logs or games not done.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except UsageError as exc:
        fail(f"{exc} (see '{PROG} --help')")
        return EXIT_USAGE
    except SystemExit as exc:  # --help and --version print and stop
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        status = handler(args)
        sys.stdout.flush()
        return status
    except TigrisError as exc:
        fail(str(exc))
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader went away (e.g. piped into ``head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        fail("interrupted")
        return 130
    except Exception as exc:
        fail(f"internal error: {type(exc).__name__}: {exc}")
        return EXIT_INTERNAL
