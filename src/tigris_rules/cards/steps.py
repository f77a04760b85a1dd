"""The steps still to run of the action or end of turn in progress
(CARD-TURN-2, CARD-TURN-3, CARD-TURN-4, CARD-TURN-5, CARD-TURN-6, CARD-TURN-7).

When a rule raises a decision, the rest of its action waits in ``state.todo``, the next step
first; answering the decision resolves it and runs the steps in order until the next
decision or until none is left. Columns and gaps are 0-based here.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from tigris_rules.cards.decisions import PointCause

__all__ = [
    "END_ACTION",
    "REFILL",
    "BoatStep",
    "EndActionStep",
    "PayStep",
    "RefillStep",
    "RemovalStep",
    "Step",
    "TreasureStep",
    "WarsStep",
]


@attrs.frozen
class PayStep:
    """Ask ``player`` to pay ``points`` points of colour ``color`` (CARD-VP-2)."""

    player: int
    color: int
    points: int
    cause: PointCause


@attrs.frozen
class BoatStep:
    """The boat opportunity of the card just played at the bottom of ``column``
    (CARD-BOAT-1, CARD-BOAT-2, CARD-BOAT-3)."""

    column: int


@attrs.frozen
class WarsStep:
    """The conflicts of the joining at ``gap``: the next one, or, when none is left, the gap
    card turned face up (CARD-WAR-1, CARD-WAR-9)."""

    gap: int


@attrs.frozen
class RemovalStep:
    """After a war of colour ``color`` at ``gap``, the loser's side (columns ``first`` to
    ``last``) gives its cards of that colour to ``winner`` (CARD-WAR-8)."""

    gap: int
    color: int
    winner: int
    first: int
    last: int


@attrs.frozen
class TreasureStep:
    """Treasure collection after the joining at ``gap`` (CARD-TREAS-1)."""

    gap: int


@attrs.frozen
class EndActionStep:
    """The action is complete; after the second one the turn ends (CARD-TURN-1, TURN-3)."""


@attrs.frozen
class RefillStep:
    """End of turn after the boat income: whether the turn was idle (CARD-END-5), refill, end
    checks, next player (CARD-TURN-7)."""


Step: TypeAlias = (
    PayStep | BoatStep | WarsStep | RemovalStep | TreasureStep | EndActionStep | RefillStep
)

END_ACTION: Final = EndActionStep()
"""The step ending every action (it has no field: one object serves every action)."""

REFILL: Final = RefillStep()
"""The step ending every turn (it has no field: one object serves every turn)."""
