"""The actions of a position worth a bot's closer look, when there are hundreds.

A turn's main action offers many hundreds of inputs, most of them leader placements and
tiles far from anything. :func:`candidate_actions` keeps every answer to a decision, and,
for a main action, every tile placed next to an occupied square (the only tiles that can
score at once; at most ``limit`` of them, drawn at random when there are more), every
withdrawal and the end of the turn, and ``sample`` of the rest drawn at random (leader
placements, other tiles, catastrophes, swaps). Only legal actions are ever kept.
"""

from __future__ import annotations

import random

from tigris_rules._arguments import expect
from tigris_rules.model.actions import Action, EndTurn, PlaceTile, WithdrawLeader
from tigris_rules.model.cells import IS_OCCUPIED
from tigris_rules.model.squares import NEIGHBOURS, square_index
from tigris_rules.model.state import GameState
from tigris_rules.rules.legality import legal_actions

__all__ = ["candidate_actions"]


def candidate_actions(
    state: GameState, rng: random.Random, *, sample: int, limit: int
) -> list[Action]:
    """Every legal input when a decision is pending or there are at most ``limit`` of them;
    otherwise the tiles next to occupied squares (``limit`` at most), the withdrawals and
    the end of the turn, and ``sample`` other legal actions, drawn with ``rng``."""
    expect(state, GameState, "state")
    expect(rng, random.Random, "rng", "a random.Random")
    expect(sample, int, "sample")
    expect(limit, int, "limit")
    actions = legal_actions(state)
    if state.pending is not None or len(actions) <= limit:
        return list(actions)
    cells = state.cells
    near: list[Action] = []
    always: list[Action] = []
    rest: list[Action] = []
    for action in actions:
        if isinstance(action, PlaceTile):
            square = square_index(action.square)
            if any(IS_OCCUPIED[cells[n]] for n in NEIGHBOURS[square]):
                near.append(action)
            else:
                rest.append(action)
        elif isinstance(action, WithdrawLeader | EndTurn):
            always.append(action)
        else:
            rest.append(action)
    if len(near) > limit:
        near = rng.sample(near, limit)
    return [*near, *always, *rng.sample(rest, min(sample, len(rest)))]
