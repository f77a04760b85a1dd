"""The timed workloads of benchmarks/run.py, each run alone in a fresh Python process.

Usage: ``python benchmarks/_workloads.py NAME PARAMS`` where ``PARAMS`` is a JSON object
(``seed`` and the sizes of the workload). The process prepares its inputs untimed, warms up
on an input outside the timed set, then times the work with ``time.process_time`` (CPU time
of this process, the work alone: not the start of Python, the imports or the preparation)
and prints one JSON object on standard output::

    {"build": "...", "compiled": false,
     "measures": {"full": {"seconds": 1.23, "units": 2104}, ...},
     "info": {...}}

``units`` counts what was done (decisions, plies, leaf nodes, calls, actions, moves, states),
so that a rate is ``units / seconds``. The work depends only on the parameters: two runs with
the same parameters do the same work, and the counts are the same.

The python-chess workloads do the same work as their tigris_rules counterparts (see
docs/performance.md); ``chess`` is imported only by them, so that the tigris_rules workloads
also run under an interpreter that has only tigris_rules installed (a compiled build).
Nothing here imports ``tigris_rules`` or ``chess`` at module level: ``import_time`` measures
the import itself.
"""

from __future__ import annotations

import functools
import gc
import importlib
import importlib.machinery
import json
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import chess

    import tigris_rules as tr

Measure = dict[str, float]
"""``seconds`` of CPU time and ``units`` of work."""
Outcome = tuple[dict[str, Measure], dict[str, object]]
"""The measures of a workload and what it says about its work."""

CHESS_PLY_CAP = 1000
"""A random chess game stops after this many plies if nothing else ends it first."""
CHESS_HALFMOVES = 100
"""A random chess game stops when this many plies passed without a capture or a pawn move
(the fifty-move rule, read from ``board.halfmove_clock``)."""
EVERY = 10
"""Positions are taken every this many decisions (plies) of the seeded games."""


def timed(work: Callable[[], int]) -> Measure:
    """The CPU time of ``work()`` in this process and the units of work it returns."""
    gc.collect()
    start = time.process_time()
    units = work()
    return {"seconds": time.process_time() - start, "units": float(units)}


def config_of(params: dict[str, Any]) -> tr.GameConfig:
    """The configuration a workload's parameters name (2-player base game by default)."""
    import tigris_rules as tr

    fields = dict(params.get("config", {}))
    if "variants" in fields:
        fields["variants"] = tuple(fields["variants"])
    return tr.GameConfig(**{"players": 2, **fields})


def spread(items: Sequence[Any], most: int) -> list[Any]:
    """At most ``most`` of ``items``, evenly spaced, in order."""
    if len(items) <= most:
        return list(items)
    return [items[index * len(items) // most] for index in range(most)]


# --- tigris_rules ------------------------------------------------------------------------


def full_playout(config: tr.GameConfig, seed: int) -> int:
    """One random game dealt from ``seed`` where every decision builds the whole list of
    legal actions and picks one with ``random.Random(seed).choice``; the decisions made."""
    import tigris_rules as tr

    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    decisions = 0
    while not tr.is_over(state):
        actions = list(tr.legal_actions(state))
        state = tr.apply(state, rng.choice(actions), player=tr.to_move(state))
        decisions += 1
    return decisions


def lazy_playout(config: tr.GameConfig, seed: int) -> int:
    """The same with the lazy pick: one index below ``len(legal_actions(state))``, only the
    chosen action built (``benchmarks/_common.playout``)."""
    from _common import playout

    return playout(config, seed)


def game_states(config: tr.GameConfig, seeds: range) -> list[tr.GameState]:
    """Every state of the lazy random games dealt from ``seeds``, the openings included."""
    from _common import playout_states

    return [state for seed in seeds for state in playout_states(config, seed)]


def positions(config: tr.GameConfig, seeds: range) -> list[tr.GameState]:
    """Every :data:`EVERY`-th state of the random games dealt from ``seeds``, from the
    opening on, the finished ones left out."""
    from _common import playout_states

    import tigris_rules as tr

    found: list[tr.GameState] = []
    for seed in seeds:
        states = playout_states(config, seed)
        found.extend(state for state in states[::EVERY] if not tr.is_over(state))
    return found


def playouts(params: dict[str, Any]) -> Outcome:
    """Random playouts, ``games`` of them: every legal action built at each decision
    (``full``), then the lazy pick (``lazy``) over the same deals; units are decisions."""
    config = config_of(params)
    seeds = range(params["seed"], params["seed"] + params["games"])
    full_playout(config, params["seed"] - 1)
    lazy_playout(config, params["seed"] - 1)
    full = timed(lambda: sum(full_playout(config, seed) for seed in seeds))
    lazy = timed(lambda: sum(lazy_playout(config, seed) for seed in seeds))
    return {"full": full, "lazy": lazy}, {"games": len(seeds), "decisions": full["units"]}


def perft(params: dict[str, Any]) -> Outcome:
    """``tr.perft`` (leaves counted with ``len``, not applied) to depth 1 from every tenth
    state of ``games`` seeded games, and to depth 2 from ``deep`` of them (evenly spaced;
    none when 0), each on a fresh copy; units are leaf nodes."""
    from _common import fresh_copy

    import tigris_rules as tr

    config = config_of(params)
    found = positions(config, range(params["seed"], params["seed"] + params["games"]))
    deep = spread(found, params["deep"])
    tr.perft(fresh_copy(found[-1]), 2)
    shallow_copies = [fresh_copy(state) for state in found]
    deep_copies = [fresh_copy(state) for state in deep]
    measures = {"perft_1": timed(lambda: sum(tr.perft(state, 1) for state in shallow_copies))}
    if deep_copies:
        measures["perft_2"] = timed(lambda: sum(tr.perft(state, 2) for state in deep_copies))
    return measures, {"positions_1": len(found), "positions_2": len(deep)}


def apply_pairs(params: dict[str, Any]) -> Outcome:
    """``apply(state, action, player=...)`` over a fixed set of pairs: every tenth state of
    ``games`` seeded games, at most ``per_state`` of its legal actions (evenly spaced); one
    untimed pass, then the whole set (``all``) and each kind of action on its own; units are
    calls."""
    import tigris_rules as tr

    config = config_of(params)
    found = positions(config, range(params["seed"], params["seed"] + params["games"]))
    pairs: list[tuple[tr.GameState, tr.Action, int | None]] = []
    for state in found:
        player = tr.to_move(state)
        for action in spread(list(tr.legal_actions(state)), params["per_state"]):
            pairs.append((state, action, player))

    def run(chosen: list[tuple[tr.GameState, tr.Action, int | None]]) -> int:
        for state, action, player in chosen:
            tr.apply(state, action, player=player)
        return len(chosen)

    run(pairs)
    measures = {"all": timed(lambda: run(pairs))}
    kinds: dict[str, list[tuple[tr.GameState, tr.Action, int | None]]] = {}
    for pair in pairs:
        kinds.setdefault(type(pair[1]).__name__, []).append(pair)
    for kind, chosen in sorted(kinds.items()):
        measures[f"kind_{kind}"] = timed(functools.partial(run, chosen))
    return measures, {"states": len(found), "pairs": len(pairs)}


def validation(params: dict[str, Any]) -> Outcome:
    """``validate_json`` (reading, replay and result check) of ``logs`` random-bot logs of
    seeded games, as selfplay writes them; one log of another seed first, untimed; units
    are actions."""
    from _common import selfplay

    import tigris_rules as tr

    config = config_of(params)
    seed, logs = params["seed"], params["logs"]
    texts = [tr.dumps(selfplay(config, seed + number), indent=2) for number in range(logs)]
    tr.validate_json(tr.dumps(selfplay(config, seed + logs), indent=2))

    def run() -> int:
        actions = 0
        for text in texts:
            report = tr.validate_json(text)
            if not report.valid:
                raise RuntimeError(f"a selfplay log is not valid: {report.problems[0]}")
            actions += report.actions
        return actions

    return {"validation": timed(run)}, {"logs": logs, "megabytes": sum(map(len, texts)) / 1e6}


def json_round_trip(params: dict[str, Any]) -> Outcome:
    """``loads(dumps(state), GameState)`` (writing, then reading with its checks) of every
    tenth state of ``games`` seeded games; units are states."""
    import tigris_rules as tr

    found = positions(config_of(params), range(params["seed"], params["seed"] + params["games"]))
    tr.loads(tr.dumps(found[-1]), tr.GameState)

    def run() -> int:
        for state in found:
            tr.loads(tr.dumps(state), tr.GameState)
        return len(found)

    measure = timed(run)
    if any(tr.loads(tr.dumps(state), tr.GameState) != state for state in found):
        raise RuntimeError("a state did not read back equal")
    size = sum(len(tr.dumps(state)) for state in found) / len(found)
    return {"round_trip": measure}, {"states": len(found), "bytes": round(size)}


def legal_actions(params: dict[str, Any]) -> Outcome:
    """``list(legal_actions(state))``, every action built, on states where the player to
    move chooses an action: the openings of ``games`` seeded deals (``phase`` "opening"), or
    every such state of the last fifth of those games ("late"); units are states.

    ``mode`` "fresh" (the default) asks fresh copies of the states (nothing cached, as a state
    built in code or read from JSON unchecked), over and over until ``calls``. ``mode`` "play"
    asks each state once, as the game meets it (the regions and their facts carried from the
    state before by ``apply``), and only those calls are timed: the games (the lazy random games
    of ``playout_states``) are played again until ``calls``; its openings are the first tenth
    of each game's states where an action is chosen."""
    if params.get("mode", "fresh") == "play":
        return _legal_actions_in_play(params)
    from _common import fresh_copy, playout_states

    import tigris_rules as tr

    config = config_of(params)
    seeds = range(params["seed"], params["seed"] + params["games"])
    if params["phase"] == "opening":
        found = [tr.new_game(config, seed=seed) for seed in seeds]
    else:
        found = []
        for seed in seeds:
            states = playout_states(config, seed)
            late = states[len(states) * 4 // 5 :]
            found.extend(state for state in late if state.pending is None and not tr.is_over(state))
    len(list(tr.legal_actions(fresh_copy(tr.new_game(config, seed=seeds[-1] + 1)))))
    rounds = max(1, params["calls"] // len(found))
    copies = [fresh_copy(state) for _ in range(rounds) for state in found]
    actions = 0

    def run() -> int:
        nonlocal actions
        for state in copies:
            actions += len(list(tr.legal_actions(state)))
        return len(copies)

    measure = timed(run)
    return {"legal_actions": measure}, {"states": len(found), "actions": actions / len(copies)}


def _legal_actions_in_play(params: dict[str, Any]) -> Outcome:
    from _common import playout_states

    import tigris_rules as tr

    config = config_of(params)
    seeds = range(params["seed"], params["seed"] + params["games"])
    asked: dict[int, set[int]] = {}  # per seed, the numbers of the states of the phase
    for seed in seeds:
        states = playout_states(config, seed)
        choices = [
            number
            for number, state in enumerate(states)
            if state.pending is None and not tr.is_over(state)
        ]
        if params["phase"] == "opening":
            asked[seed] = set(choices[: max(1, len(choices) // 10)])
        else:
            asked[seed] = {number for number in choices if number >= len(states) * 4 // 5}
    per_round = sum(len(numbers) for numbers in asked.values())
    rounds = max(1, params["calls"] // per_round)
    gc.collect()
    seconds = 0.0
    actions = 0
    clock = time.process_time
    for _ in range(rounds):
        for seed in seeds:
            rng = random.Random(seed)
            state = tr.new_game(config, seed=seed)
            wanted = asked[seed]
            number = 0
            while not tr.is_over(state):
                if number in wanted:
                    start = clock()
                    legal = list(tr.legal_actions(state))
                    seconds += clock() - start
                    actions += len(legal)
                else:
                    legal = list(tr.legal_actions(state))
                state = tr.apply(state, legal[rng.randrange(len(legal))], player=tr.to_move(state))
                number += 1
    calls = rounds * per_round
    measure: Measure = {"seconds": seconds, "units": float(calls)}
    return {"legal_actions": measure}, {"states": per_round, "actions": actions / calls}


def variant(params: dict[str, Any]) -> Outcome:
    """The figures compared between a variant and the base game (or between two builds),
    for one configuration: full-list playouts of ``games`` seeded deals, ``apply`` of every
    legal action of the opening, perft(1) from every tenth position of those games, and the
    validation of ``logs`` random-bot logs, each as in its own workload."""
    import tigris_rules as tr

    config = config_of(params)
    seed = params["seed"]
    seeds = range(seed, seed + params["games"])
    full_playout(config, seed - 1)
    playout = timed(lambda: sum(full_playout(config, number) for number in seeds))
    opening = tr.new_game(config, seed=seed)
    player = tr.to_move(opening)
    actions = list(tr.legal_actions(opening))

    def run_apply() -> int:
        for action in actions:
            tr.apply(opening, action, player=player)
        return len(actions)

    run_apply()
    applied = timed(run_apply)
    depth, _ = perft({**params, "deep": 0})
    checked, _ = validation(params)
    measures = {
        "playout": playout,
        "apply": applied,
        "perft_1": depth["perft_1"],
        "validation": checked["validation"],
    }
    return measures, {"games": len(seeds), "decisions": playout["units"], "logs": params["logs"]}


def memory(params: dict[str, Any]) -> Outcome:
    """What the list of every state of one random game keeps allocated (tracemalloc: the
    bytes freed when the list is dropped); not a time: ``seconds`` holds megabytes."""
    from _common import playout_states

    config = config_of(params)
    gc.collect()
    tracemalloc.start()
    try:
        states = playout_states(config, params["seed"])
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
        count = len(states)
        del states
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return {"memory": {"seconds": (held - after) / 1e6, "units": float(count)}}, {}


# --- python-chess ------------------------------------------------------------------------


def chess_game(seed: int, boards: list[chess.Board] | None = None) -> int:
    """One random chess game from the start position: at every ply the whole list of legal
    moves is built and one picked with ``random.Random(seed).choice``; the game stops when
    there is no legal move, after :data:`CHESS_HALFMOVES` plies without a capture or a pawn
    move, or after :data:`CHESS_PLY_CAP` plies. Returns the plies made; every
    :data:`EVERY`-th position is copied into ``boards`` when given."""
    import chess

    rng = random.Random(seed)
    board = chess.Board()
    plies = 0
    while True:
        moves = list(board.legal_moves)
        if not moves or board.halfmove_clock >= CHESS_HALFMOVES or plies >= CHESS_PLY_CAP:
            return plies
        if boards is not None and plies % EVERY == 0:
            boards.append(board.copy(stack=False))
        board.push(rng.choice(moves))
        plies += 1


def chess_boards(seed: int, games: int) -> list[chess.Board]:
    """Every :data:`EVERY`-th position of the random chess games of seeds seed .. seed +
    games - 1, each without its move stack."""
    boards: list[chess.Board] = []
    for number in range(games):
        chess_game(seed + number, boards)
    return boards


def chess_playouts(params: dict[str, Any]) -> Outcome:
    """``games`` random chess games (:func:`chess_game`); units are plies."""
    seeds = range(params["seed"], params["seed"] + params["games"])
    chess_game(params["seed"] - 1)
    measure = timed(lambda: sum(chess_game(seed) for seed in seeds))
    return {"plies": measure}, {"games": len(seeds), "plies": measure["units"]}


def chess_perft_count(board: chess.Board, depth: int) -> int:
    """Leaf nodes ``depth`` plies below ``board`` (depth 1 or more): every move of the
    plies above the last pushed and popped, the last ply's moves counted with
    ``legal_moves.count()``, not pushed (as ``tr.perft`` counts its leaves)."""
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft_count(board, depth - 1)
        board.pop()
    return nodes


def chess_perft(params: dict[str, Any]) -> Outcome:
    """Chess perft to depth 1 and 2 from every tenth position of ``games`` seeded random
    games, the finished ones left out; units are leaf nodes."""
    found = [board for board in chess_boards(params["seed"], params["games"]) if board.legal_moves]
    deep = spread(found, params["deep"])
    chess_perft_count(found[0].copy(), 2)
    depth_1 = timed(lambda: sum(chess_perft_count(board, 1) for board in found))
    depth_2 = timed(lambda: sum(chess_perft_count(board, 2) for board in deep))
    info: dict[str, object] = {"positions_1": len(found), "positions_2": len(deep)}
    return {"perft_1": depth_1, "perft_2": depth_2}, info


def chess_push_pop(params: dict[str, Any]) -> Outcome:
    """``push`` then ``pop`` of a fixed set of moves: every tenth position of ``games``
    seeded random games, at most ``per_state`` of its legal moves (evenly spaced); one
    untimed pass first; units are moves."""
    found = chess_boards(params["seed"], params["games"])
    pairs = [
        (board, move)
        for board in found
        for move in spread(list(board.legal_moves), params["per_state"])
    ]

    def run() -> int:
        for board, move in pairs:
            board.push(move)
            board.pop()
        return len(pairs)

    run()
    return {"all": timed(run)}, {"states": len(found), "pairs": len(pairs)}


def chess_pgn(params: dict[str, Any]) -> Outcome:
    """``chess.pgn.read_game`` of the PGN of ``logs`` seeded random games written by
    python-chess (the counterpart of log validation: reading, and every move checked and
    made); one game of another seed first, untimed; units are moves."""
    import io

    import chess
    import chess.pgn

    def pgn(seed: int) -> tuple[str, int]:
        rng = random.Random(seed)
        board = chess.Board()
        while True:
            moves = list(board.legal_moves)
            if not moves or board.halfmove_clock >= CHESS_HALFMOVES:
                break
            if len(board.move_stack) >= CHESS_PLY_CAP:
                break
            board.push(rng.choice(moves))
        return str(chess.pgn.Game.from_board(board)), len(board.move_stack)

    seed, logs = params["seed"], params["logs"]
    games = [pgn(seed + number) for number in range(logs)]
    chess.pgn.read_game(io.StringIO(pgn(seed + logs)[0]))
    read: list[chess.pgn.Game | None] = []

    def run() -> int:
        for text, _ in games:
            read.append(chess.pgn.read_game(io.StringIO(text)))
        return sum(plies for _, plies in games)

    measure = timed(run)
    for game, (_, plies) in zip(read, games, strict=True):
        if game is None or game.errors or len(list(game.mainline_moves())) != plies:
            raise RuntimeError("a random game did not read back from its PGN")
    size = sum(len(text) for text, _ in games) / 1e6
    return {"validation": measure}, {"logs": logs, "megabytes": size}


def chess_fen(params: dict[str, Any]) -> Outcome:
    """``chess.Board(board.fen())`` (writing, then reading) of every tenth position of
    ``games`` seeded random games; units are positions."""
    import chess

    found = chess_boards(params["seed"], params["games"])
    chess.Board(found[-1].fen())

    def run() -> int:
        for board in found:
            chess.Board(board.fen())
        return len(found)

    measure = timed(run)
    if any(chess.Board(board.fen()).fen() != board.fen() for board in found):
        raise RuntimeError("a FEN did not read back equal")
    return {"round_trip": measure}, {"states": len(found)}


# --- the process -------------------------------------------------------------------------

WORKLOADS: dict[str, Callable[[dict[str, Any]], Outcome]] = {
    "playouts": playouts,
    "perft": perft,
    "apply": apply_pairs,
    "validation": validation,
    "json": json_round_trip,
    "legal_actions": legal_actions,
    "variant": variant,
    "memory": memory,
    "chess_playouts": chess_playouts,
    "chess_perft": chess_perft,
    "chess_push_pop": chess_push_pop,
    "chess_pgn": chess_pgn,
    "chess_fen": chess_fen,
}
"""Every workload by name."""


def describe_build() -> tuple[str, bool]:
    """Which build of ``tigris_rules`` this process loaded (if any), and whether compiled."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    names = [name for name in sys.modules if name.split(".")[0] == "tigris_rules"]
    if not names:
        return "not loaded", False
    compiled = [
        name
        for name in names
        if str(getattr(sys.modules[name], "__file__", None) or "").endswith(suffixes)
    ]
    if not compiled:
        return "pure Python", False
    return f"compiled with mypyc ({len(compiled)} of the {len(names)} modules loaded)", True


def probe() -> dict[str, object]:
    """Which build of ``tigris_rules`` this interpreter imports, and its version."""
    importlib.import_module("tigris_rules.rules.legality")
    import tigris_rules as tr

    build, compiled = describe_build()
    return {"build": build, "compiled": compiled, "version": tr.__version__}


def main(argv: Sequence[str]) -> int:
    """Run the workload named by ``argv[0]`` with the JSON parameters ``argv[1]``."""
    if argv[0] == "probe":
        print(json.dumps(probe()))
        return 0
    params: dict[str, Any] = json.loads(argv[1])
    measures, info = WORKLOADS[argv[0]](params)
    build, compiled = describe_build()
    print(json.dumps({"build": build, "compiled": compiled, "measures": measures, "info": info}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
