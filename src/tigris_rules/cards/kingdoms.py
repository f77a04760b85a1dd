"""Kingdoms and sides (CARD-DEF-3, CARD-DEF-4, CARD-WAR-3).

Only heads link sideways, and only through a gap card; every column card is linked to its
column's head. So a kingdom is a run of columns whose gaps between them all hold a card, and
it is named here by its first column (0-based).
"""

from __future__ import annotations

from collections.abc import Sequence

from tigris_rules.cards.components import COLUMNS, Loc
from tigris_rules.cards.state import CardGameState, GapCard

__all__ = ["Kingdoms", "column_of", "kingdom_labels", "kingdoms_of", "run_bounds", "state_kingdoms"]


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


class Kingdoms:
    """The kingdoms of one table, which only its gaps decide (CARD-DEF-4): ``labels`` as
    :func:`kingdom_labels` gives them, and for each column the ``last`` column of its
    kingdom."""

    __slots__ = ("labels", "last")

    def __init__(self, gaps: Sequence[GapCard | None]) -> None:
        labels = kingdom_labels(gaps)
        self.labels = labels
        self.last = tuple(run_bounds(labels, column)[1] for column in range(COLUMNS))


def kingdoms_of(gaps: Sequence[GapCard | None], known: object) -> Kingdoms:
    """The kingdoms of ``gaps``: ``known`` when it is already theirs (a :class:`Kingdoms`
    kept for them), else found now."""
    return known if isinstance(known, Kingdoms) else Kingdoms(gaps)


def state_kingdoms(state: CardGameState) -> Kingdoms:
    """The kingdoms of ``state``'s table, found once and kept with the state."""
    cache = state._cache
    known = cache.kingdoms
    if isinstance(known, Kingdoms):
        return known
    found = Kingdoms(state.gaps)
    cache.kingdoms = found
    return found
