"""Actions and decision answers: every input a player can give (TURN-2, decision table).

Squares are named ``a1``..``p11`` (CONV-1) and colours are :class:`~tigris_rules.Color`.
The classes only hold data; whether an action is legal is decided by the rules.
"""

from __future__ import annotations

from enum import Enum
from typing import Final, TypeAlias

import attrs

from tigris_rules.model.colors import Color

__all__ = [
    "Action",
    "BuildMonument",
    "ChooseConflict",
    "CommitSupport",
    "Decline",
    "EndTurn",
    "KeepTreasure",
    "Monument",
    "PlaceCatastrophe",
    "PlaceLeader",
    "PlaceTile",
    "StructureAction",
    "SwapTiles",
    "VariantAction",
    "WithdrawLeader",
]


class Monument(Enum):
    """The six monuments, one per pair of different colours (COMP-6)."""

    BLACK_RED = "black-red"
    BLACK_BLUE = "black-blue"
    BLACK_GREEN = "black-green"
    RED_BLUE = "red-blue"
    RED_GREEN = "red-green"
    BLUE_GREEN = "blue-green"

    __hash__ = object.__hash__  # identity, as for Color: members are singletons

    _value_: str
    colors: tuple[Color, Color]
    """The monument's two colours, in canonical order."""
    index: int
    """Position in the order above, used by the state's tuple of monuments (set once below)."""

    def __init__(self, value: str) -> None:
        first, second = value.split("-")
        self.colors = (Color(first), Color(second))

    def __str__(self) -> str:
        return self._value_


MONUMENTS: Final[tuple[Monument, ...]] = tuple(Monument)
for _position, _monument in enumerate(MONUMENTS):
    _monument.index = _position


@attrs.frozen
class PlaceLeader:
    """Place the active player's leader of ``color`` on ``square`` (LEADER-2), or move it
    there if it is already on the board (LEADER-3)."""

    color: Color  # no field names a seat: a player acts on his own leaders only (LEADER-1)
    square: str


@attrs.frozen
class WithdrawLeader:
    """Return the active player's leader of ``color`` from the board to his supply
    (LEADER-4)."""

    color: Color


@attrs.frozen
class PlaceTile:
    """Place a civilization tile of ``color`` from the active player's hand on ``square``
    (TILE-1, TILE-2, TILE-3, TILE-4, TILE-5)."""

    color: Color
    square: str


@attrs.frozen
class PlaceCatastrophe:
    """Place one of the active player's catastrophe tiles on ``square`` (CATA)."""

    square: str


@attrs.frozen
class SwapTiles:
    """Discard tiles from the hand, that many of each colour, and draw as many (SWAP)."""

    black: int = 0
    red: int = 0
    blue: int = 0
    green: int = 0

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """The counts in canonical colour order."""
        return (self.black, self.red, self.blue, self.green)

    @property
    def total(self) -> int:
        """How many tiles are swapped."""
        return self.black + self.red + self.blue + self.green


@attrs.frozen
class EndTurn:
    """End the turn now, after 0 or 1 actions (TURN-3, D8)."""


@attrs.frozen
class ChooseConflict:
    """Answer to the war order decision: resolve the war of ``color`` next (WAR-4)."""

    color: Color


@attrs.frozen
class CommitSupport:
    """Answer to a conflict commitment: commit ``count`` matching tiles from hand
    (REVOLT-4, REVOLT-5, WAR-8, WAR-9)."""

    count: int


@attrs.frozen
class BuildMonument:
    """Answer to the structure decision: build ``monument`` on the 2x2 block whose top-left
    square is ``block`` (MON-4, MON-6)."""

    monument: Monument
    block: str


@attrs.frozen
class Decline:
    """Answer to an opportunity (structure, building): take none (MON-4, MON-5)."""


@attrs.frozen
class KeepTreasure:
    """Answer to the treasure decision: the treasure on ``square`` stays, the others of
    the kingdom are taken (TREAS-5)."""

    square: str


@attrs.frozen
class VariantAction:
    """Base class of the inputs a variant defines (``Variant.inputs``): the base rules hand
    them to the variant of the configuration that resolves them."""


@attrs.frozen
class StructureAction(VariantAction):
    """Base class of the variants' answers that build a structure: the structure decision
    offers them beside the monuments (``StructureDecision.structures``), and the base rules
    refuse one it does not offer (MON-4)."""


Action: TypeAlias = (
    PlaceLeader
    | WithdrawLeader
    | PlaceTile
    | PlaceCatastrophe
    | SwapTiles
    | EndTurn
    | ChooseConflict
    | CommitSupport
    | BuildMonument
    | Decline
    | KeepTreasure
    | VariantAction
)
"""Any action or decision answer: the base game's, or one a variant defines."""

MAIN_ACTION_TYPES: tuple[type, ...] = (
    PlaceLeader,
    WithdrawLeader,
    PlaceTile,
    PlaceCatastrophe,
    SwapTiles,
    EndTurn,
)
"""The inputs that answer the choice of action (TURN-3)."""

ACTION_TYPES: Final[tuple[type, ...]] = (
    *MAIN_ACTION_TYPES,
    ChooseConflict,
    CommitSupport,
    BuildMonument,
    Decline,
    KeepTreasure,
)
