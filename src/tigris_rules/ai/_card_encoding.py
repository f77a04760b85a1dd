"""The action space of the card game (RULES.md Part II), laid out as
:mod:`tigris_rules.ai.encoding` describes it."""

from __future__ import annotations

from collections.abc import Hashable
from itertools import combinations

from tigris_rules.ai.encoding import SpaceEntry
from tigris_rules.api import AnyAction
from tigris_rules.cards.actions import (
    BuildBoat,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, HAND_SIZE, Loc, spot_name
from tigris_rules.model.actions import ChooseConflict, CommitSupport, Decline, EndTurn
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig

__all__ = ["card_action_space"]


def _card_spots(limit: int) -> list[Loc]:
    """Every spot of the table in table order: each column's head and positions
    1..``limit``, then the gap to its right."""
    spots: list[Loc] = []
    for column in range(COLUMNS):
        spots.extend((2 * column, position) for position in range(limit + 1))
        if column < GAPS:
            spots.append((2 * column + 1, 0))
    return spots


def card_action_space(config: GameConfig) -> list[SpaceEntry]:
    """The action space of a card game of ``config``, in index order (RULES.md Part II: the
    layout of :mod:`tigris_rules.ai.encoding`)."""
    actions: list[SpaceEntry] = []

    def add(action: AnyAction, item: Hashable = None) -> None:
        actions.append((action, item))

    spots = _card_spots(config.column_limit)
    for color in COLORS:
        for loc in spots:
            add(PlayLeader(color, spot_name(loc)), loc)
    for color in COLORS:
        for column in range(1, COLUMNS + 1):
            add(PlayColumn(color, column), column)
    for color in COLORS:
        for gap in range(1, GAPS + 1):
            add(PlayGap(color, gap), gap)
    for loc in spots:
        if loc[0] % 2 or loc[1] > 0:  # a head is never a catastrophe's target
            add(PlayCatastrophe(spot_name(loc)), loc)
    add(EndTurn())
    for c in COLORS:
        add(ChooseConflict(c))
    for n in range(HAND_SIZE + 1):
        add(CommitSupport(n))
    for n in range(HAND_SIZE + 1):
        add(PayPoints(n))
    columns = range(1, COLUMNS + 1)
    for k in range(COLUMNS + 1):
        for chosen in combinations(columns, k):
            add(TakeTreasures(chosen))
    for b in BOATS:
        add(BuildBoat(b))
    add(Decline())
    return actions
