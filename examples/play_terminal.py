"""Play Tigris & Euphrates in a terminal against bots.

Usage::

    python examples/play_terminal.py [--players 2|3|4] [--seat S] [--seed N]
                                     [--bots greedy[,random,...]] [--variants english,...]
                                     [--color | --no-color]

You play seat ``S`` (0 by default); the bots play the other seats (``--bots`` names one bot
for all of them, or one per other seat in seat order). When it is your decision the program
shows what you may see (your hand, the board, the others' hand sizes) and waits for a line:

- an action in the notation of docs/notation.md: ``tile red f4``, ``leader king b2``,
  ``swap 2 red 1 blue``, ``commit 3``, ``end`` ...;
- ``?`` or ``help``: the legal inputs now, grouped;
- ``board``: show the position again; ``quit``: leave the game.

Input is read line by line from standard input, so a game can be scripted by piping lines
into the program; the end of the input leaves the game. After every input the events are
printed as you may see them (other players' draws only as a count).
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import TextIO

from tigris_rules import (
    GameConfig,
    GameState,
    IllegalActionError,
    InvalidActionError,
    is_over,
    new_game,
    step,
    to_move,
)
from tigris_rules.bots import BOT_NAMES, Bot, BotError, make_bot
from tigris_rules.model.actions import Action
from tigris_rules.model.events import Event
from tigris_rules.notation import NotationError, format_action, parse_action
from tigris_rules.render.text import DYNASTIES, describe_event, render_view, supports_color
from tigris_rules.views import view
from tigris_rules.views.events import events_for

HELP = (
    "Type an action such as 'tile red f4', 'leader king b2', 'withdraw priest', "
    "'catastrophe e5', 'swap 2 red 1 blue', 'end', or an answer such as 'commit 3', "
    "'war green', 'monument black-red f5', 'decline', 'keep b2'. "
    "'?' lists the legal inputs, 'board' shows the position, 'quit' leaves."
)


def summarize_actions(actions: Sequence[Action], width: int = 96) -> list[str]:
    """The legal inputs in notation, grouped by their first words (``tile red: f4 g5``),
    swaps only counted; one group per line, wrapped to ``width`` columns."""
    groups: dict[str, list[str]] = {}
    swaps: list[str] = []
    for action in actions:
        words = format_action(action).split()
        if words[0] == "swap":
            swaps.append(" ".join(words))
        elif words[0] in ("tile", "leader", "monument") and len(words) == 3:
            groups.setdefault(" ".join(words[:2]), []).append(words[2])
        elif words[0] in ("catastrophe", "keep", "building", "ziggurat"):
            groups.setdefault(words[0], []).append(words[1])
        else:
            groups.setdefault(" ".join(words), [])
    lines = []
    for key, items in groups.items():
        text = f"{key}: {' '.join(items)}" if items else key
        lines += textwrap.wrap(text, width, subsequent_indent="    ")
    if swaps:
        lines.append(f"swap: {len(swaps)} choices, e.g. '{swaps[0]}' (name tiles you hold)")
    return lines


def seat_name(seat: int) -> str:
    """``seat 1 (bull)``."""
    return f"seat {seat} ({DYNASTIES[seat]})"


class Game:
    """One game between a person on ``seat`` and ``bots`` on the other seats."""

    def __init__(
        self,
        state: GameState,
        seat: int,
        bots: dict[int, Bot],
        *,
        color: bool,
        out: TextIO,
    ) -> None:
        self.state = state
        self.seat = seat
        self.bots = bots
        self.color = color
        self.out = out

    def say(self, text: str = "") -> None:
        """Print a line for the person."""
        print(text, file=self.out, flush=True)

    def show(self) -> None:
        """Print what the person may see now."""
        self.say(render_view(view(self.state, self.seat), color=self.color))

    def play(self, action: Action, player: int) -> None:
        """Apply ``action`` of ``player`` and print its events as the person sees them."""
        self.state, events = step(self.state, action, player)
        self.report(events)

    def report(self, events: Sequence[Event]) -> None:
        """Print ``events`` as the person may see them."""
        for event in events_for(events, self.seat):
            self.say(f"  {describe_event(event)}")

    def answer(self, line: str) -> bool:
        """Handle one line typed by the person; False when he leaves."""
        text = line.strip()
        lowered = text.lower()
        if not text:
            return True
        if lowered in ("quit", "exit"):
            self.say("You leave the game.")
            return False
        if lowered in ("?", "help"):
            self.say(HELP)
            self.say("Legal inputs now:")
            for entry in summarize_actions(view(self.state, self.seat).legal_actions):
                self.say(f"  {entry}")
            return True
        if lowered in ("board", "view"):
            self.show()
            return True
        try:
            action = parse_action(text)
            self.play(action, self.seat)
        except NotationError as err:
            self.say(f"{err} (type ? for the legal inputs)")
        except IllegalActionError as err:
            self.say(f"Not allowed ({err.rule}): {err.reason}")
        except InvalidActionError as err:
            self.say(f"Not an action: {err.reason}")
        return True

    def run(self, lines: TextIO) -> int:
        """Play until the game ends, the person quits, or the input ends."""
        shown = False
        while not is_over(self.state):
            player = to_move(self.state)
            if player is None:
                break
            if player != self.seat:
                action = self.bots[player].choose(self.state)
                self.say(f"{seat_name(player)}: {format_action(action)}")
                self.play(action, player)
                shown = False
                continue
            if not shown:
                self.show()
                shown = True
            self.out.write(f"{seat_name(self.seat)}> ")
            self.out.flush()
            line = lines.readline()
            if not line:
                self.say("\nEnd of input: you leave the game.")
                return 0
            if not lines.isatty():
                self.say(line.rstrip("\n"))  # echo piped input, so the transcript reads well
            before = self.state
            if not self.answer(line):
                return 0
            if self.state is not before:
                shown = False
        self.say("The game is over.")
        self.show()
        return 0


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(description="Play Tigris & Euphrates against bots.")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--seat", type=int, default=0, help="your seat (0 plays first)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal and the bots")
    parser.add_argument(
        "--bots",
        default="greedy",
        help=f"bots for the other seats: one name or one per seat ({', '.join(BOT_NAMES)})",
    )
    parser.add_argument("--variants", default="", help="e.g. english,buildings,ziggurat")
    parser.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="coloured board (default: when the terminal supports it)",
    )
    return parser.parse_args(argv)


def main(
    argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Run the program; returns the exit status (2 for bad options)."""
    args = parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    out = sys.stdout if out is None else out
    variants = tuple(v.strip() for v in args.variants.split(",") if v.strip())
    try:
        config = GameConfig(players=args.players, variants=variants)
        if not 0 <= args.seat < args.players:
            raise BotError(f"--seat must be 0..{args.players - 1}")
        others = [s for s in range(args.players) if s != args.seat]
        names = [n.strip() for n in args.bots.split(",")]
        if len(names) == 1:
            names *= len(others)
        if len(names) != len(others):
            raise BotError(f"--bots needs one name or {len(others)} names")
        bots = {s: make_bot(n, args.seed * 16 + s + 1) for s, n in zip(others, names, strict=True)}
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    color = supports_color(out) if args.color is None else args.color
    state = new_game(config, seed=args.seed)
    print(f"You are {seat_name(args.seat)}. {HELP}", file=out)
    return Game(state, args.seat, bots, color=color, out=out).run(stdin)


if __name__ == "__main__":
    sys.exit(main())
