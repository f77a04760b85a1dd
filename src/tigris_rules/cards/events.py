"""Events of the card game: what happened during one call of ``card_step``, in order.

Conflict events (:class:`~tigris_rules.model.events.ConflictStarted`,
:class:`~tigris_rules.model.events.SupportCommitted`,
:class:`~tigris_rules.model.events.ConflictResolved`), the end of a turn
(:class:`~tigris_rules.model.events.TurnEnded`) and the end of the game
(:class:`~tigris_rules.model.events.GameOver`) are the board game's classes.

Some events carry facts that only some players may see (CARD-DEF-7): drawn cards belong to
the drawer, and :class:`CardsDrawn` says itself how another seat sees it (``seen_by``,
:class:`~tigris_rules.views.SecretEvent`). A face-down gap card's colour is in no event
until :class:`GapCardTurned`; the state keeps who played it (``GapCard.player``) so a view
can show it to him alone.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from tigris_rules.cards.components import Boat
from tigris_rules.cards.decisions import PointCause
from tigris_rules.model.colors import Color
from tigris_rules.model.events import (
    ConflictResolved,
    ConflictStarted,
    GameOver,
    SupportCommitted,
    TurnEnded,
)

__all__ = [
    "BoatBuilt",
    "CardEvent",
    "CardsDiscarded",
    "CardsDrawn",
    "CardsWon",
    "CatastrophePlayed",
    "ColumnCardPlayed",
    "ConflictResolved",
    "ConflictStarted",
    "GameOver",
    "GapCardPlayed",
    "GapCardTurned",
    "LeaderPlayed",
    "LeaderToSupply",
    "PointsPaid",
    "PublicCardsDrawn",
    "RewardTaken",
    "SupportCommitted",
    "TreasuresTaken",
    "TurnEnded",
]


@attrs.frozen
class LeaderPlayed:
    """``player``'s leader of ``color`` went to ``spot``: from his supply when ``origin`` is
    ``None``, otherwise moved from ``origin`` (CARD-LEADER)."""

    player: int
    color: Color
    spot: str
    origin: str | None = None


@attrs.frozen
class LeaderToSupply:
    """``player``'s leader of ``color`` left ``spot`` for his supply; ``reason`` is
    ``"revolt"``, ``"war"`` or ``"boat"`` (CARD-LEADER-7)."""

    player: int
    color: Color
    spot: str
    reason: str


@attrs.frozen
class ColumnCardPlayed:
    """``player`` played a card of ``color`` at ``position`` of ``column`` (CARD-PLAY-2)."""

    player: int
    color: Color
    column: int
    position: int


@attrs.frozen
class GapCardPlayed:
    """``player`` played a card face down into ``gap`` (CARD-PLAY-4, CARD-PLAY-5). Its colour
    is hidden until :class:`GapCardTurned` (CARD-DEF-7(d))."""

    player: int
    gap: int


@attrs.frozen
class GapCardTurned:
    """The card in ``gap`` was turned face up: it is ``color`` (CARD-WAR-9)."""

    gap: int
    color: Color


@attrs.frozen
class CatastrophePlayed:
    """``player`` played his catastrophe on ``spot``; the card of ``color`` there left the
    game (CARD-CATA-6)."""

    player: int
    spot: str
    color: Color


@attrs.frozen
class PointsPaid:
    """``player`` earned ``earned`` points of ``color`` for ``cause`` and paid ``paid`` of
    them with cards from hand onto his VP pile (CARD-VP-1, CARD-VP-2)."""

    player: int
    color: Color
    earned: int
    paid: int
    cause: PointCause


@attrs.frozen
class RewardTaken:
    """The conflict's winner put one committed card of ``color`` on his VP pile
    (CARD-REVOLT-7, CARD-WAR-6)."""

    player: int
    color: Color


@attrs.frozen
class CardsDiscarded:
    """``count`` cards of ``color`` left the game (CONV-12); ``reason`` is ``"conflict"``
    (committed cards not taken as the reward) or ``"boat"`` (CARD-BOAT-4)."""

    color: Color
    count: int
    reason: str


@attrs.frozen
class CardsWon:
    """After a war, the cards of ``color`` on ``spots`` (named before they left) went onto
    ``player``'s VP pile (CARD-WAR-8)."""

    player: int
    color: Color
    spots: tuple[str, ...]


@attrs.frozen
class BoatBuilt:
    """``player`` built ``boat`` at ``position`` of ``column`` (CARD-BOAT-4)."""

    player: int
    boat: Boat
    column: int
    position: int


@attrs.frozen
class TreasuresTaken:
    """``player`` took the treasure-card heads of ``columns``, each replaced by a red card
    from his hand (CARD-TREAS-3)."""

    player: int
    columns: tuple[int, ...]


@attrs.frozen
class CardsDrawn:
    """``player`` drew ``cards`` at the refill; ``short`` when the draw pile could not bring
    him to 8 (CARD-END-1, CARD-END-2). The cards are known to the drawer only."""

    player: int
    cards: tuple[Color, ...]
    short: bool = False

    def seen_by(self, seat: int | None, previous: object = None) -> CardsDrawn | PublicCardsDrawn:
        """This draw as ``seat`` (``None``: a spectator) sees it: in full by its player, as
        :class:`PublicCardsDrawn` by everyone else (CARD-DEF-7(b))."""
        if seat == self.player:
            return self
        return PublicCardsDrawn(self.player, len(self.cards), self.short)


@attrs.frozen
class PublicCardsDrawn:
    """``player`` drew ``count`` cards at the refill; ``short`` when the draw pile could not
    bring him to 8 (CARD-END-1, CARD-END-2). The public form of
    :class:`~tigris_rules.cards.events.CardsDrawn`: which cards he drew is his secret
    (CARD-DEF-7(b))."""

    player: int
    count: int
    short: bool = False


CardEvent: TypeAlias = (
    LeaderPlayed
    | LeaderToSupply
    | ColumnCardPlayed
    | GapCardPlayed
    | GapCardTurned
    | CatastrophePlayed
    | PointsPaid
    | RewardTaken
    | CardsDiscarded
    | CardsWon
    | BoatBuilt
    | TreasuresTaken
    | CardsDrawn
    | ConflictStarted
    | SupportCommitted
    | ConflictResolved
    | TurnEnded
    | GameOver
)
"""Anything ``card_step`` reports."""
