"""Pending decisions: who must answer what before the game can go on (CONV-15).

When ``state.pending`` is ``None`` and the game is not over, the pending decision is the
choice of action (TURN-3) of the active player.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeAlias

import attrs

from tigris_rules.model.actions import Monument, VariantAction
from tigris_rules.model.colors import Color

__all__ = [
    "CommitDecision",
    "Conflict",
    "ConflictKind",
    "Decision",
    "Role",
    "StructureDecision",
    "TreasureDecision",
    "VariantDecision",
    "WarOrderDecision",
]


class ConflictKind(Enum):
    """A revolt (internal conflict, REVOLT) or a war (external conflict, WAR)."""

    REVOLT = "revolt"
    WAR = "war"


class Role(Enum):
    """Which side of a conflict must commit."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


@attrs.frozen
class Conflict:
    """A conflict in progress between two leaders of ``color``.

    ``attacker_square``/``defender_square`` are the leaders' squares; the bases are fixed when
    the conflict starts (REVOLT-3, WAR-6, WAR-7); ``attacker_commit`` is known once the
    attacker has answered.
    """

    kind: ConflictKind
    color: Color
    attacker: int
    defender: int
    attacker_square: str
    defender_square: str
    attacker_base: int
    defender_base: int
    attacker_commit: int | None = None


@attrs.frozen
class WarOrderDecision:
    """The active player picks the next war among ``colors`` (WAR-4)."""

    player: int
    colors: tuple[Color, ...]


@attrs.frozen
class CommitDecision:
    """``player`` commits support tiles as ``role`` in ``conflict``."""

    player: int
    role: Role
    conflict: Conflict

    @property
    def commit_color(self) -> Color:
        """The colour of the tiles that may be committed (REVOLT-6(a), WAR-10(a))."""
        if self.conflict.kind is ConflictKind.REVOLT:
            return Color.RED
        return self.conflict.color


@attrs.frozen
class StructureDecision:
    """The active player may build one of ``monuments`` (monument, top-left square of the
    block), or one of the variants' ``structures`` (each the answer that builds it), or
    decline (MON-4)."""

    player: int
    monuments: tuple[tuple[Monument, str], ...]
    structures: tuple[VariantAction, ...] = ()


@attrs.frozen
class VariantDecision:
    """Base class of the decisions a variant asks (``Variant.decisions``): ``player`` must
    answer it, and the variant says which answers are legal."""

    player: int


@attrs.frozen
class TreasureDecision:
    """``player`` (the trader's owner) names which of ``candidates`` stays; every other
    treasure of ``treasures`` is taken (TREAS-5)."""

    player: int
    treasures: tuple[str, ...]
    candidates: tuple[str, ...]


Decision: TypeAlias = (
    WarOrderDecision | CommitDecision | StructureDecision | TreasureDecision | VariantDecision
)
"""A decision other than the choice of action."""
