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
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, HAND_SIZE, spot_name
from tigris_rules.cards.table import table_spots
from tigris_rules.model.actions import ChooseConflict, CommitSupport, Decline, EndTurn
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig

__all__ = ["card_action_space"]


def card_action_space(config: GameConfig) -> list[SpaceEntry]:
    """The action space of a card game of ``config``, in index order (RULES.md Part II: the
    layout of :mod:`tigris_rules.ai.encoding`), with the raw items of the card game's legal
    inputs: a spot number (:func:`~tigris_rules.cards.table.spot_number`) for leader plays
    and catastrophes, a column or gap index (0-based) for column and gap plays, the count
    of a commitment or payment."""
    actions: list[SpaceEntry] = []

    def add(action: AnyAction, item: Hashable = None) -> None:
        actions.append((action, item))

    spots = table_spots(config.column_limit)
    for color in COLORS:
        for number, loc in enumerate(spots):
            add(PlayLeader(color, spot_name(loc)), number)
    for color in COLORS:
        for column in range(COLUMNS):
            add(PlayColumn(color, column + 1), column)
    for color in COLORS:
        for gap in range(GAPS):
            add(PlayGap(color, gap + 1), gap)
    for number, loc in enumerate(spots):
        if loc[0] % 2 or loc[1] > 0:  # a head is never a catastrophe's target
            add(PlayCatastrophe(spot_name(loc)), number)
    add(EndTurn())
    for c in COLORS:
        add(ChooseConflict(c))
    for n in range(HAND_SIZE + 1):
        add(CommitSupport(n), n)
    for n in range(HAND_SIZE + 1):
        add(PayPoints(n), n)
    columns = range(1, COLUMNS + 1)
    for k in range(COLUMNS + 1):
        for chosen in combinations(columns, k):
            add(TakeTreasures(chosen))
    for b in BOATS:
        add(BuildBoat(b))
    add(Decline())
    return actions
