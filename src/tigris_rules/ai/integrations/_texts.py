"""What the environments show as text (``render_mode="ansi"``)."""

from __future__ import annotations

from typing import Any

from tigris_rules.api import is_over
from tigris_rules.render import describe_decision, render_board

__all__ = ["board_text"]


def board_text(state: Any) -> str:
    """The board of a state of the board game, then who must decide (or that the game is
    over)."""
    if is_over(state):
        status = "The game is over."
    else:
        status = describe_decision(state.pending, state.active, config=state.config)
    return f"{render_board(state)}\n{status}"
