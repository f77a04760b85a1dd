"""Temple loss (LEADER-11): a leader with no adjacent temple goes back to supply."""

from __future__ import annotations

from tigris_rules.model.cells import RED
from tigris_rules.model.squares import beside
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.rules.work import Work

__all__ = ["temple_loss"]


def temple_loss(w: Work) -> None:
    """Every leader on the board with no adjacent temple (a face-up red tile, CONV-10)
    returns to its owner's supply; all of them together, scoring nothing (LEADER-11)."""
    cells = w.cells
    lost = [
        flat
        for flat, square in enumerate(w.leaders)
        if square != NO_SQUARE and not beside(cells, square, RED)
    ]
    for flat in lost:
        w.return_leader(flat, "temple loss")
