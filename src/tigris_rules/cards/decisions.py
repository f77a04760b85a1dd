"""Pending decisions of the card game: who must answer what (CONV-15, decision table of
RULES.md Part II).

While ``state.pending`` is ``None`` and the game is not over, the decision is the active
player's choice of action (CARD-TURN-1). The war order decision is the board game's
:class:`~tigris_rules.WarOrderDecision` (CARD-WAR-2 follows WAR-4).
"""

from __future__ import annotations

from enum import Enum
from typing import TypeAlias

import attrs

from tigris_rules.cards.components import Boat
from tigris_rules.model.colors import Color
from tigris_rules.model.decisions import ConflictKind, Role, WarOrderDecision

__all__ = [
    "BoatDecision",
    "CardCommitDecision",
    "CardConflict",
    "CardDecision",
    "PaymentDecision",
    "PointCause",
    "TreasureCardDecision",
    "WarOrderDecision",
]


class PointCause(Enum):
    """Why points are earned: a column card (CARD-PLAY-7), a conflict reward
    (CARD-REVOLT-7, CARD-WAR-6) or boat income (CARD-BOAT-6)."""

    CARD = "card"
    REVOLT = "revolt"
    WAR = "war"
    BOAT = "boat"


@attrs.frozen
class CardConflict:
    """A conflict in progress between the leaders of ``color`` of ``attacker`` and
    ``defender``.

    A revolt (CARD-REVOLT) is always fought with red cards; a war (CARD-WAR) with cards of
    its colour. The bases are fixed when it starts (CARD-REVOLT-3, CARD-WAR-3, CARD-WAR-4);
    ``attacker_commit`` is known (and public, CARD-DEF-7(a)) once the attacker answered.
    ``gap`` is the gap (1..7) whose play started a war, ``None`` for a revolt.
    """

    kind: ConflictKind
    color: Color
    attacker: int
    defender: int
    attacker_base: int
    defender_base: int
    attacker_commit: int | None = None
    gap: int | None = None

    @property
    def commit_color(self) -> Color:
        """The colour of the cards that may be committed (CARD-REVOLT-4(b), CARD-WAR-5(b))."""
        return Color.RED if self.kind is ConflictKind.REVOLT else self.color


@attrs.frozen
class CardCommitDecision:
    """``player`` commits cards as ``role`` in ``conflict`` (CARD-REVOLT-4, CARD-WAR-5)."""

    player: int
    role: Role
    conflict: CardConflict

    @property
    def commit_color(self) -> Color:
        """The colour of the cards that may be committed."""
        return self.conflict.commit_color


@attrs.frozen
class PaymentDecision:
    """``player`` earned ``points`` points of ``color`` at one moment and says how many he
    pays, 0..min(points, cards of ``color`` held) (CARD-VP-2, CARD-VP-4)."""

    player: int
    color: Color
    points: int
    cause: PointCause


@attrs.frozen
class BoatDecision:
    """The active player may build one of ``boats`` on the run just made at the bottom of
    ``column`` (1..8), or decline (CARD-BOAT-3)."""

    player: int
    boats: tuple[Boat, ...]
    column: int


@attrs.frozen
class TreasureCardDecision:
    """The trader's owner may take treasure-card heads of ``columns`` (1..8), at most
    ``len(columns) - 1`` and at most his red cards (CARD-TREAS-1, CARD-TREAS-2)."""

    player: int
    columns: tuple[int, ...]

    @property
    def limit(self) -> int:
        """At most all but one of the treasure cards offered (CARD-TREAS-1)."""
        return len(self.columns) - 1


CardDecision: TypeAlias = (
    WarOrderDecision | CardCommitDecision | PaymentDecision | BoatDecision | TreasureCardDecision
)
"""A decision of the card game other than the choice of action."""
