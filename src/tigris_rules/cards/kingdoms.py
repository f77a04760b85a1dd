"""Kingdoms and sides (CARD-DEF-3, CARD-DEF-4, CARD-WAR-3).

Only heads link sideways, and only through a gap card; every column card is linked to its
column's head. So a kingdom is a run of columns whose gaps between them all hold a card, and
it is named here by its first column (0-based).
"""

from __future__ import annotations

from collections.abc import Sequence

from tigris_rules.cards.components import COLUMNS, Loc
from tigris_rules.cards.state import GapCard

__all__ = ["column_of", "kingdom_labels", "run_bounds"]


def kingdom_labels(gaps: Sequence[GapCard | None], cut: int = -1) -> tuple[int, ...]:
    """For each column, the first column of its kingdom (CARD-DEF-4).

    Gap ``cut`` is treated as empty: with the gap just played, this gives each leader's side
    in an external conflict (CARD-WAR-3).
    """
    labels = [0] * COLUMNS
    first = 0
    for column in range(1, COLUMNS):
        gap = column - 1
        if gaps[gap] is None or gap == cut:
            first = column
        labels[column] = first
    return tuple(labels)


def column_of(loc: Loc) -> int:
    """The column whose kingdom a place belongs to: its own column, or for a gap card the
    column on its left (both are in one kingdom while the gap holds a card)."""
    return loc[0] // 2


def run_bounds(labels: Sequence[int], column: int) -> tuple[int, int]:
    """The first and last column of the kingdom of ``column``."""
    first = labels[column]
    last = column
    while last + 1 < COLUMNS and labels[last + 1] == first:
        last += 1
    return first, last
