"""Actions and decision answers of the card game (CARD-TURN-1 and the decision table of
RULES.md Part II).

The actions are :class:`PlayLeader`, :class:`PlayColumn`, :class:`PlayGap`,
:class:`PlayCatastrophe` and :class:`~tigris_rules.EndTurn`; the answers are
:class:`~tigris_rules.ChooseConflict` (war order), :class:`~tigris_rules.CommitSupport`
(conflict commitments), :class:`PayPoints`, :class:`TakeTreasures`, :class:`BuildBoat` and
:class:`~tigris_rules.Decline` (boat decision). The four classes shared with the board game
mean exactly the same there. There is no swap and no withdrawal (CARD-TURN-1, V5): no class
expresses them.

No action names a player (CARD-LEADER-1): it always concerns the sender's own pieces. Places
on the table are spot names (:mod:`tigris_rules.cards.components`), columns 1..8 and gaps 1..7.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tigris_rules.cards.components import Boat
from tigris_rules.model.actions import ChooseConflict, CommitSupport, Decline, EndTurn
from tigris_rules.model.colors import Color

__all__ = [
    "CARD_ACTION_TYPES",
    "CARD_MAIN_ACTION_TYPES",
    "BuildBoat",
    "CardAction",
    "ChooseConflict",
    "CommitSupport",
    "Decline",
    "EndTurn",
    "PayPoints",
    "PlayCatastrophe",
    "PlayColumn",
    "PlayGap",
    "PlayLeader",
    "TakeTreasures",
]


@attrs.frozen
class PlayLeader:
    """Put the sender's leader of ``color`` on the card at ``target``: from his supply if it
    is there (CARD-LEADER-5), otherwise moved from its card (CARD-LEADER-6)."""

    color: Color
    target: str


@attrs.frozen
class PlayColumn:
    """Play a card of ``color`` from hand at the bottom of column ``column`` (1..8)
    (CARD-PLAY-2)."""

    color: Color
    column: int


@attrs.frozen
class PlayGap:
    """Play a card of ``color`` from hand face down into gap ``gap`` (1..7), joining the
    kingdoms of columns ``gap`` and ``gap + 1`` (CARD-PLAY-4)."""

    color: Color
    gap: int


@attrs.frozen
class PlayCatastrophe:
    """Play the sender's catastrophe card on the card at ``target`` (CARD-CATA)."""

    target: str


@attrs.frozen
class PayPoints:
    """Answer to the payment decision: pay ``count`` of the points earned, each with a card
    of their colour from hand (CARD-VP-2)."""

    count: int


def _to_tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class TakeTreasures:
    """Answer to the treasure decision: take the treasure-card heads of these columns
    (1..8), each replaced by a red card from hand; ``()`` takes none (CARD-TREAS-2)."""

    columns: tuple[int, ...] = attrs.field(default=(), converter=_to_tuple)


@attrs.frozen
class BuildBoat:
    """Answer to the boat decision: build ``boat`` (CARD-BOAT-3)."""

    boat: Boat


CardAction: TypeAlias = (
    PlayLeader
    | PlayColumn
    | PlayGap
    | PlayCatastrophe
    | EndTurn
    | ChooseConflict
    | CommitSupport
    | PayPoints
    | TakeTreasures
    | BuildBoat
    | Decline
)
"""Any action or decision answer of the card game."""

CARD_MAIN_ACTION_TYPES: tuple[type, ...] = (
    PlayLeader,
    PlayColumn,
    PlayGap,
    PlayCatastrophe,
    EndTurn,
)
"""The inputs that answer the choice of action (CARD-TURN-1)."""

CARD_ACTION_TYPES: tuple[type, ...] = (
    *CARD_MAIN_ACTION_TYPES,
    ChooseConflict,
    CommitSupport,
    PayPoints,
    TakeTreasures,
    BuildBoat,
    Decline,
)
