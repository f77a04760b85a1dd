"""Play one game between random players and print what happens, turn by turn.

Usage: ``python examples/random_game.py [SEED]``

It shows the loop every program built on the library uses: ask who must decide
(``to_move``), pick one of ``legal_actions``, and hand it to ``step``, which returns the new
state and the events of that step.
"""

from __future__ import annotations

import random
import sys

from tigris_rules import GameConfig, is_over, legal_actions, new_game, step, to_move
from tigris_rules.model.events import GameOver, PointsScored, TurnEnded
from tigris_rules.render import render_board, render_result


def main(seed: int) -> None:
    """Play the game dealt from ``seed`` and print its scoring events and the outcome."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=3), seed=seed)
    while not is_over(state):
        player = to_move(state)
        actions = legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        state, events = step(state, action, player=player)
        for event in events:
            if isinstance(event, PointsScored):
                print(f"  seat {event.player} scores {event.amount} {event.color} ({event.cause})")
            elif isinstance(event, TurnEnded):
                print(f"turn of seat {event.player} ended")
            elif isinstance(event, GameOver):
                print(f"game over: {event.reason}")
    print(render_board(state))
    print(render_result(state))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
