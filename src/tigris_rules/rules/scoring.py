"""Final scoring (SCORE): treasures as wild VP, score vectors and the ranking.

The result types are shared with the card game and live in :mod:`tigris_rules.model.outcome`;
they are importable from here as well.
"""

from __future__ import annotations

from tigris_rules.model.outcome import (
    PlayerResult,
    Result,
    Termination,
    allocate_treasures,
    standings,
)
from tigris_rules.model.state import GameState
from tigris_rules.rules.turn import end_conditions

__all__ = ["PlayerResult", "Result", "Termination", "allocate_treasures", "result"]


def result(state: GameState) -> Result:
    """The result of the game: each player's four colour totals and treasures (SCORE-1),
    ranked by :func:`~tigris_rules.model.outcome.standings` (SCORE-2 and the ranking), and, once
    it is over, why it ended (END-1, END-2: the checks of TURN-11(e), which hold as they did
    at the end)."""
    players = standings(tuple(zip(state.scores, state.treasures_held, strict=True)))
    ends = end_conditions(len(state.treasures), state.short_draw) if state.over else ()
    return Result(players=players, final=state.over, terminations=ends)
