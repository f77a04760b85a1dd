"""Print how fast the core runs in two builds or checkouts, side by side, against python-chess.

Usage::

    python benchmarks/core_speed.py [--rounds N] [--games G] [--figures f1,f2] A [B]

``A`` and ``B`` are each a source folder (put first on ``PYTHONPATH``, e.g. ``src``), a
git revision of this checkout (exported to a temporary folder), or ``installed`` (whatever
``import tigris_rules`` finds, e.g. the compiled wheel of the running interpreter's
environment; give ``python=PATH:installed`` to use another interpreter). Every figure is
the CPU time (``time.process_time``) of one fresh process, the rounds interleaving A, B and
the chess reference, and the median is printed; the script asserts nothing about time.

Figures, per decision or action:

- ``full``: random 2-player playouts where every decision builds the whole list
  ``list(legal_actions(state))``, picks one with a seeded ``random.Random`` and applies it;
  chess: ``list(board.legal_moves)``, a seeded pick, ``push``.
- ``lazy``: the same, picking an index below ``len(legal_actions(state))`` (one action
  built); chess (the cheap end): ``legal_moves.count()``, the move at a random index of
  ``generate_legal_moves()``, ``push``.
- ``apply``: every legal action of a 4-player opening applied to it.
- ``perft1``, ``perft2``: ``perft(state, depth)`` from states of a seeded game, per leaf.
- ``opening``, ``late``: ``list(legal_actions(state))`` on the first and last tenth of the
  choice-of-action states of seeded random games, as ``apply`` returned them (the regions
  carried from the state before), per state; ``opening-fresh``, ``late-fresh``: the same
  states copied (nothing cached, the regions computed again). The ratios late/opening are
  printed.
- ``validate``: ``validate_json`` of random selfplay logs, per action; chess: reading PGN
  games of random moves with ``chess.pgn.read_game``, per move.
- ``import``: ``python -c "import tigris_rules"`` (CPU time of the child, bytecode
  present); chess: ``import chess``.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIGURES = (
    "full",
    "lazy",
    "apply",
    "perft1",
    "perft2",
    "opening",
    "late",
    "opening-fresh",
    "late-fresh",
    "validate",
    "import",
)
CHESS_FIGURES = ("full", "lazy", "validate", "import")


# --- one figure, in a child process ---------------------------------------------------------


def _seeded_states(players: int, seed: int) -> list[Any]:
    import tigris_rules as tr

    rng = random.Random(seed)
    state = tr.new_game(tr.GameConfig(players=players), seed=seed)
    states = [state]
    while not tr.is_over(state):
        actions = tr.legal_actions(state)
        state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
        states.append(state)
    return states


def _playouts(games: int, *, full: bool) -> tuple[float, int]:
    import tigris_rules as tr

    config = tr.GameConfig(players=2)
    decisions = 0
    start = time.process_time()
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = tr.new_game(config, seed=seed)
        while not tr.is_over(state):
            actions: Sequence[tr.Action] = tr.legal_actions(state)
            if full:
                actions = list(actions)
            state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
            decisions += 1
    return time.process_time() - start, decisions


def _apply(games: int) -> tuple[float, int]:
    import tigris_rules as tr

    state = tr.new_game(tr.GameConfig(players=4), seed=1)
    actions = list(tr.legal_actions(state))
    player = tr.to_move(state)
    start = time.process_time()
    for _ in range(games):
        for action in actions:
            tr.apply(state, action, player=player)
    return time.process_time() - start, games * len(actions)


def _perft(games: int, depth: int) -> tuple[float, int]:
    import tigris_rules as tr

    states = _seeded_states(2, 1)
    picks = [copy.deepcopy(s) for s in states[:: max(1, len(states) // (4 * games))]]
    if depth > 1:
        picks = picks[: max(1, games)]
    start = time.process_time()
    leaves = sum(tr.perft(state, depth) for state in picks)
    return time.process_time() - start, leaves


def _phase(games: int, *, late: bool) -> tuple[float, int]:
    import tigris_rules as tr

    spent = 0.0
    count = 0
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        state = tr.new_game(tr.GameConfig(players=2), seed=seed)
        times: list[float] = []  # per choice-of-action state, as apply returned it
        while not tr.is_over(state):
            start = time.process_time()
            actions = list(tr.legal_actions(state))
            elapsed = time.process_time() - start
            if state.pending is None:
                times.append(elapsed)
            state = tr.apply(state, actions[rng.randrange(len(actions))], player=tr.to_move(state))
        tenth = max(1, len(times) // 10)
        chosen = times[-tenth:] if late else times[:tenth]
        spent += sum(chosen)
        count += len(chosen)
    return spent, count


def _phase_fresh(games: int, *, late: bool) -> tuple[float, int]:
    import tigris_rules as tr

    group: list[Any] = []
    for seed in range(1, games + 1):
        main = [s for s in _seeded_states(2, seed) if s.pending is None and not s.over]
        tenth = max(1, len(main) // 10)
        group += main[-tenth:] if late else main[:tenth]
    copies = [copy.deepcopy(state) for state in group for _ in range(5)]
    start = time.process_time()
    for state in copies:
        list(tr.legal_actions(state))
    return time.process_time() - start, len(copies)


def _validate(games: int) -> tuple[float, int]:
    from _common import selfplay

    import tigris_rules as tr

    texts = [tr.dumps(selfplay(tr.GameConfig(players=2), seed)) for seed in range(1, games + 1)]
    actions = 0
    start = time.process_time()
    for text in texts:
        report = tr.validate_json(text)
        if not report.valid:
            raise RuntimeError(f"a selfplay log is not valid: {report.problems[0]}")
        actions += report.actions
    return time.process_time() - start, actions


def _chess_playouts(games: int, *, full: bool) -> tuple[float, int]:
    import chess

    moves = 0
    start = time.process_time()
    for seed in range(1, 4 * games + 1):
        rng = random.Random(seed)
        board = chess.Board()
        for _ in range(400):
            if full:
                legal = list(board.legal_moves)
                if not legal:
                    break
                move = legal[rng.randrange(len(legal))]
            else:
                count = board.legal_moves.count()
                if not count:
                    break
                index = rng.randrange(count)
                for i, move in enumerate(board.generate_legal_moves()):  # noqa: B007
                    if i == index:
                        break
            board.push(move)
            moves += 1
    return time.process_time() - start, moves


def _chess_validate(games: int) -> tuple[float, int]:
    import chess
    import chess.pgn

    texts = []
    for seed in range(1, 4 * games + 1):
        rng = random.Random(seed)
        board = chess.Board()
        for _ in range(200):
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(legal[rng.randrange(len(legal))])
        texts.append(str(chess.pgn.Game.from_board(board)))
    moves = 0
    start = time.process_time()
    for text in texts:
        game = chess.pgn.read_game(io.StringIO(text))
        if game is None or game.errors:
            raise RuntimeError("a PGN game could not be read")
        moves += len(list(game.mainline_moves()))
    return time.process_time() - start, moves


_MEASURES: dict[str, Callable[[int], tuple[float, int]]] = {
    "full": lambda g: _playouts(g, full=True),
    "lazy": lambda g: _playouts(g, full=False),
    "apply": _apply,
    "perft1": lambda g: _perft(g, 1),
    "perft2": lambda g: _perft(g, 2),
    "opening": lambda g: _phase(g, late=False),
    "late": lambda g: _phase(g, late=True),
    "opening-fresh": lambda g: _phase_fresh(g, late=False),
    "late-fresh": lambda g: _phase_fresh(g, late=True),
    "validate": _validate,
    "chess:full": lambda g: _chess_playouts(g, full=True),
    "chess:lazy": lambda g: _chess_playouts(g, full=False),
    "chess:validate": _chess_validate,
}


def _child(name: str, games: int) -> None:
    seconds, count = _MEASURES[name](games)
    print(json.dumps({"us": 1e6 * seconds / count, "count": count}))


# --- the rounds, in the parent --------------------------------------------------------------


def _source(spec: str, keep: list[tempfile.TemporaryDirectory[str]]) -> tuple[str, str | None]:
    """The interpreter and the ``PYTHONPATH`` of a build named on the command line."""
    python = sys.executable
    if spec.startswith("python="):
        python, _, spec = spec[len("python=") :].partition(":")
    if spec == "installed":
        return python, None
    if Path(spec).is_dir():
        return python, str(Path(spec).resolve())
    folder = tempfile.TemporaryDirectory(prefix="core-speed-")
    keep.append(folder)
    archive = subprocess.run(
        ["git", "archive", spec, "src"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", folder.name], input=archive, check=True)
    return python, str(Path(folder.name) / "src")


def _run(python: str, path: str | None, name: str, games: int) -> float:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if path is not None:
        env["PYTHONPATH"] = path
    if name.endswith("import"):
        module = "chess" if name.startswith("chess:") else "tigris_rules"
        subprocess.run([python, "-c", f"import {module}"], env=env, check=True)  # bytecode
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([python, "-c", f"import {module}"], env=env, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return 1e6 * used
    out = subprocess.run(
        [python, __file__, "--child", name, "--games", str(games)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(json.loads(out.splitlines()[-1])["us"])


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, interleaved, and print the medians and their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("builds", nargs="*", help="source folder, git revision or installed")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--figures", default=",".join(FIGURES))
    parser.add_argument("--no-chess", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.games)
        return 0
    keep: list[tempfile.TemporaryDirectory[str]] = []
    builds = [(spec, *_source(spec, keep)) for spec in args.builds or [str(ROOT / "src")]]
    names = args.figures.split(",")
    times: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for name in names:
            for spec, python, path in builds:
                times.setdefault((name, spec), []).append(_run(python, path, name, args.games))
            if name in CHESS_FIGURES and not args.no_chess:
                times.setdefault((name, "chess"), []).append(
                    _run(sys.executable, None, "chess:" + name, args.games)
                )
    print(f"CPU microseconds per item, median [fastest] of {args.rounds} interleaved rounds")
    first = builds[0][0]
    for name in names:
        base = statistics.median(times[(name, first)])
        cells = []
        for spec, _, _ in builds:
            value = statistics.median(times[(name, spec)])
            fastest = min(times[(name, spec)])
            ratio = "" if spec == first else f" ({base / value:.2f}x)"
            cells.append(f"{spec}: {value:9.2f} [{fastest:.2f}]{ratio}")
        if (name, "chess") in times:
            reference = statistics.median(times[(name, "chess")])
            ratios = ", ".join(
                f"{reference / statistics.median(times[(name, s)]):.2f}" for s, _, _ in builds
            )
            fastest = min(times[(name, "chess")])
            cells.append(f"chess: {reference:9.2f} [{fastest:.2f}] (chess/us: {ratios})")
        print(f"{name:>13}  " + "  ".join(cells))
    for suffix in ("", "-fresh"):
        if "opening" + suffix in names and "late" + suffix in names:
            for spec, _, _ in builds:
                late = statistics.median(times[("late" + suffix, spec)])
                opening = statistics.median(times[("opening" + suffix, spec)])
                print(f"late/opening{suffix} per state, {spec}: {late / opening:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
