"""Write one SVG picture of the board per action of a game, and a page to step through them.

Usage::

    python examples/replay_svg.py OUT_DIR [--players 2|3|4] [--seed N]
                                          [--bots greedy,random] [--variants ...]
                                          [--max-actions N] [--log GAME.json]

Without ``--log`` it plays a game between bots (``--bots``: one name for every seat or one
per seat) dealt from ``--seed`` and pictures it. ``--log`` pictures a recorded game instead
(the log format of :mod:`tigris_rules.records`; the option is offered only when that module
is installed).

``OUT_DIR/step-0000.svg`` is the opening, ``step-NNNN.svg`` the board after the N-th input,
captioned with who did what in the notation of docs/notation.md; ``OUT_DIR/index.html``
shows them one after the other (arrow keys or the buttons).
"""

from __future__ import annotations

import argparse
import html
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from tigris_rules import GameConfig, GameState, TigrisError, apply, is_over, new_game, to_move
from tigris_rules.ai.bots import BOT_NAMES, make_bots
from tigris_rules.model.actions import Action
from tigris_rules.records.notation import format_action
from tigris_rules.render.svg import render_svg
from tigris_rules.render.text import DYNASTIES

HAS_RECORDS = importlib.util.find_spec("tigris_rules.records") is not None
"""Whether game logs can be read (``--log``)."""

Move = tuple[int, Action]
"""One input: the seat that sent it and the action or answer."""


def bot_game(
    config: GameConfig, seed: int, bots: str, max_actions: int | None = None
) -> tuple[list[GameState], list[Move]]:
    """Play the game of ``config`` dealt from ``seed`` between ``bots`` (names, see
    :func:`tigris_rules.ai.bots.make_bots`); every state from the opening on, and the inputs.
    Stops after ``max_actions`` inputs when given."""
    players = make_bots(bots, config.players, seed)
    state = new_game(config, seed=seed)
    states = [state]
    moves: list[Move] = []
    while not is_over(state) and (max_actions is None or len(moves) < max_actions):
        seat = to_move(state)
        assert seat is not None
        action = players[seat].choose(state)
        state = apply(state, action, seat)
        states.append(state)
        moves.append((seat, action))
    return states, moves


def logged_game(path: str) -> tuple[list[GameState], list[Move]]:
    """Every state and input of the game recorded in the log file at ``path``."""
    from tigris_rules.records import read_log, replay

    log = read_log(path)
    if log.config.game != "board":
        raise ValueError(f"{path} records a card game; this viewer draws the board game only")
    replayed = replay(log)
    states = [state for state in replayed.states if isinstance(state, GameState)]
    # a board-game log holds board-game actions only (the reader checks them)
    return states, [(entry.player, cast("Action", entry.action)) for entry in log.actions]


def caption(index: int, moves: Sequence[Move], state: GameState) -> str:
    """The line under picture ``index``: the opening, or who did what."""
    if index == 0:
        return f"Opening, {state.config.players} players ({state.config.board} board)"
    seat, action = moves[index - 1]
    dynasty = DYNASTIES[seat] if seat < len(DYNASTIES) else "?"
    over = " - game over" if state.over else ""
    return f"{index}. seat {seat} ({dynasty}): {format_action(action)}{over}"


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Tigris &amp; Euphrates replay</title>
<style>body{{font-family:sans-serif;text-align:center}}img{{max-width:100%}}</style></head>
<body><p><button id="prev">&larr;</button> <span id="count"></span>
<button id="next">&rarr;</button></p><img id="board" alt="board">
<script>
const pictures = [{pictures}];
let at = 0;
function show() {{
  document.getElementById("board").src = pictures[at];
  document.getElementById("count").textContent = (at) + " / " + (pictures.length - 1);
}}
function go(step) {{ at = Math.min(pictures.length - 1, Math.max(0, at + step)); show(); }}
document.getElementById("prev").onclick = () => go(-1);
document.getElementById("next").onclick = () => go(1);
document.onkeydown = (e) => {{
  if (e.key === "ArrowLeft") go(-1);
  if (e.key === "ArrowRight") go(1);
}};
show();
</script></body></html>
"""


def write_pictures(out: Path, states: Sequence[GameState], moves: Sequence[Move]) -> list[Path]:
    """Write ``step-NNNN.svg`` for every state and ``index.html``; the SVG paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, state in enumerate(states):
        path = out / f"step-{index:04d}.svg"
        path.write_text(render_svg(state, caption=caption(index, moves, state)), encoding="utf-8")
        paths.append(path)
    names = ", ".join(f'"{html.escape(p.name)}"' for p in paths)
    (out / "index.html").write_text(PAGE.format(pictures=names), encoding="utf-8")
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; returns the exit status (2 for bad options or a bad log)."""
    parser = argparse.ArgumentParser(description="Write one SVG per action of a game.")
    parser.add_argument("out", type=Path, help="folder for the pictures")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bots", default="greedy,random", help=f"one name or one per seat: {', '.join(BOT_NAMES)}"
    )
    parser.add_argument("--variants", default="", help="e.g. english,buildings,ziggurat")
    parser.add_argument("--max-actions", type=int, default=None, help="stop after N inputs")
    if HAS_RECORDS:
        parser.add_argument("--log", default=None, help="picture this recorded game instead")
    args = parser.parse_args(argv)
    try:
        if HAS_RECORDS and args.log is not None:
            states, moves = logged_game(args.log)
        else:
            variants = tuple(v.strip() for v in args.variants.split(",") if v.strip())
            config = GameConfig(players=args.players, variants=variants)
            states, moves = bot_game(config, args.seed, args.bots, args.max_actions)
    except (TigrisError, ValueError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    paths = write_pictures(args.out, states, moves)
    print(f"wrote {len(paths)} pictures and index.html to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
