"""Events: what happened during one call of :func:`~tigris_rules.step`, in order.

Some events carry facts that only their player may know (CONV-14): the tiles a player drew,
the tiles he discarded in a swap. Such an event says itself how another seat sees it
(``seen_by``, :class:`~tigris_rules.views.SecretEvent`); every other event is public as it
is.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol, TypeAlias

import attrs

from tigris_rules.model.actions import Monument
from tigris_rules.model.colors import Color
from tigris_rules.model.decisions import ConflictKind

__all__ = [
    "CatastrophePlaced",
    "ConflictResolved",
    "ConflictStarted",
    "Event",
    "GameOver",
    "LeaderMoved",
    "LeaderPlaced",
    "LeaderReturned",
    "LeaderWithdrawn",
    "MonumentBuilt",
    "PointsScored",
    "PublicTilesDrawn",
    "ScoreCause",
    "SupportCommitted",
    "TileLeft",
    "TilePlaced",
    "TilesDrawn",
    "TilesRemoved",
    "TilesSwapped",
    "TreasureTaken",
    "TurnEnded",
    "VariantEvent",
]


class ScoreCause(StrEnum):
    """Why the base rules gave points. A variant names its own causes with plain strings
    (``Variant.score_causes``): ``PointsScored.cause`` is a ``str``, and these members are
    strings too."""

    PLACEMENT = "placement"
    REVOLT = "revolt"
    WAR = "war"
    MONUMENT = "monument"


@attrs.frozen
class TilePlaced:
    """``player`` placed a tile of ``color`` on ``square``; ``unification`` when it joined
    two kingdoms (WAR-1)."""

    player: int
    color: Color
    square: str
    unification: bool = False


@attrs.frozen
class LeaderPlaced:
    """``player``'s leader of ``color`` was placed on ``square`` from his supply."""

    player: int
    color: Color
    square: str


@attrs.frozen
class LeaderMoved:
    """``player``'s leader of ``color`` moved from ``origin`` to ``square``."""

    player: int
    color: Color
    origin: str
    square: str


@attrs.frozen
class LeaderWithdrawn:
    """``player`` withdrew his leader of ``color`` from ``square`` (LEADER-4)."""

    player: int
    color: Color
    square: str


@attrs.frozen
class LeaderReturned:
    """A leader went back to its owner's supply after a conflict or a temple loss."""

    player: int
    color: Color
    square: str
    reason: str


@attrs.frozen
class CatastrophePlaced:
    """``player`` placed a catastrophe on ``square``; ``destroyed`` is the colour of the tile
    that left the game, if any (CATA-9)."""

    player: int
    square: str
    destroyed: Color | None


@attrs.frozen
class TilesSwapped:
    """``player`` discarded ``count`` tiles (SWAP-2). Which ones is never public."""

    player: int
    count: int


@attrs.frozen
class TilesDrawn:
    """``player`` drew ``tiles`` (colours) from the bag; ``short`` when the bag could not give
    all he needed (END-2)."""

    player: int
    tiles: tuple[Color, ...]
    short: bool = False

    def seen_by(self, seat: int | None, previous: object = None) -> TilesDrawn | PublicTilesDrawn:
        """This draw as ``seat`` (``None``: a spectator) sees it: in full by its player, as
        :class:`PublicTilesDrawn` by everyone else (CONV-14(c))."""
        if seat == self.player:
            return self
        return PublicTilesDrawn(self.player, len(self.tiles), self.short)


@attrs.frozen
class PublicTilesDrawn:
    """``player`` drew ``count`` tiles from the bag; ``short`` when the bag could not give all
    he needed (END-2). The public form of :class:`~tigris_rules.model.events.TilesDrawn`:
    which tiles he drew is his secret."""

    player: int
    count: int
    short: bool = False


@attrs.frozen
class PointsScored:
    """``player`` scored ``amount`` VP of ``color`` for ``cause``."""

    player: int
    color: Color
    amount: int
    cause: str


@attrs.frozen
class ConflictStarted:
    """A revolt or war of ``color`` began between ``attacker`` and ``defender``."""

    kind: ConflictKind
    color: Color
    attacker: int
    defender: int
    attacker_base: int
    defender_base: int

    @classmethod
    def of(cls, conflict: _Opening) -> ConflictStarted:
        """The event of ``conflict`` starting (a board-game or a card-game conflict)."""
        return cls(
            conflict.kind,
            conflict.color,
            conflict.attacker,
            conflict.defender,
            conflict.attacker_base,
            conflict.defender_base,
        )


class _Opening(Protocol):
    """What a conflict of either game tells when it starts."""

    @property
    def kind(self) -> ConflictKind: ...
    @property
    def color(self) -> Color: ...
    @property
    def attacker(self) -> int: ...
    @property
    def defender(self) -> int: ...
    @property
    def attacker_base(self) -> int: ...
    @property
    def defender_base(self) -> int: ...


@attrs.frozen
class SupportCommitted:
    """``player`` committed ``count`` tiles of ``color`` to the conflict."""

    player: int
    color: Color
    count: int


@attrs.frozen
class ConflictResolved:
    """The conflict ended: totals of both sides and who won."""

    kind: ConflictKind
    color: Color
    winner: int
    loser: int
    attacker_total: int
    defender_total: int


@attrs.frozen
class TilesRemoved:
    """Tiles of ``color`` on ``squares`` left the game after a war (WAR-13)."""

    color: Color
    squares: tuple[str, ...]


@attrs.frozen
class TileLeft:
    """Committed or discarded tiles that left the game without touching the board.

    The event does not say by itself whether the tiles were committed in a conflict (public,
    like the :class:`SupportCommitted` just before it) or discarded in a swap (CONV-14(e):
    never shown to another player): the engine emits a commitment's ``TileLeft`` right after
    its ``SupportCommitted``.
    """

    player: int
    color: Color
    count: int

    def seen_by(self, seat: int | None, previous: object = None) -> TileLeft | None:
        """This event as ``seat`` (``None``: a spectator) sees it, ``previous`` being the event
        emitted just before it in the same step: in full by its player and when it follows
        its commitment; not at all otherwise (without ``previous``, another player's
        ``TileLeft`` is hidden: it never shows too much)."""
        committed = (
            isinstance(previous, SupportCommitted)
            and previous.player == self.player
            and previous.color == self.color
            and previous.count == self.count
        )
        return self if seat == self.player or committed else None


@attrs.frozen
class MonumentBuilt:
    """``player`` built ``monument`` on the block whose top-left square is ``block``."""

    player: int
    monument: Monument
    block: str


@attrs.frozen
class VariantEvent:
    """Base class of the events a variant defines (``Variant.events``)."""


@attrs.frozen
class TreasureTaken:
    """``player`` took the treasure on ``square`` (TREAS-2)."""

    player: int
    square: str


@attrs.frozen
class TurnEnded:
    """``player``'s turn ended; ``next_player`` is active next, or ``None`` at game end."""

    player: int
    next_player: int | None


@attrs.frozen
class GameOver:
    """The game ended; ``reason`` is ``"treasures"`` (END-1) or ``"bag"`` (END-2) in the board
    game, ``"draw pile"`` (CARD-END-2), ``"treasures"`` (CARD-END-3) or ``"stalemate"``
    (CARD-END-5) in the card game, as ``CardGameState.end_reason``."""

    reason: str


Event: TypeAlias = (
    TilePlaced
    | LeaderPlaced
    | LeaderMoved
    | LeaderWithdrawn
    | LeaderReturned
    | CatastrophePlaced
    | TilesSwapped
    | TilesDrawn
    | PointsScored
    | ConflictStarted
    | SupportCommitted
    | ConflictResolved
    | TilesRemoved
    | TileLeft
    | MonumentBuilt
    | TreasureTaken
    | TurnEnded
    | GameOver
    | VariantEvent
)
"""Anything :func:`~tigris_rules.step` reports."""
