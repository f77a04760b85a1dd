"""The actions replayed before a rejected one, to go back to the positions before them
(docs/log-format.md, Validation, ways 6 to 8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from tigris_rules.api import AnyState
from tigris_rules.records._replaying import Reached
from tigris_rules.records.log import LogEntry

__all__ = ["CHECKPOINT", "DEEP_LOOKBACK", "LOOKBACK", "Earlier", "Trail"]


LOOKBACK: Final = 4
"""A slip in one of this many actions replayed before a rejected one is looked for, when
nothing at the rejected action explains the next ones (docs/log-format.md, Validation,
way 6)."""

CHECKPOINT: Final = 16
"""Validation keeps the position every this many actions, to go back to the positions
before the last :data:`LOOKBACK` actions when one is rejected."""

DEEP_LOOKBACK: Final = 128
"""When a rejected action is refused for a colour a seat lacks
(``IllegalActionError.lacking``), the actions of that seat up to this many places before it
that played that colour are tried with another colour, when the budget allows
(docs/log-format.md, Validation, ways 7 and 8)."""

Earlier = tuple[AnyState, int, LogEntry]
"""An action replayed before a rejected one: the position before it, its index, itself."""


class Trail:
    """The actions replayed since a position kept, with the position every
    :data:`CHECKPOINT` actions, to find the positions before the last :data:`LOOKBACK` of
    them, or before one of the last :data:`DEEP_LOOKBACK`; at most :data:`DEEP_LOOKBACK`
    and two checkpoints' worth of actions are kept."""

    __slots__ = ("checkpoints", "entries", "well_formed")

    def __init__(self, state: AnyState, *, well_formed: bool) -> None:
        self.well_formed = well_formed
        self.restart(state)

    def restart(self, state: AnyState) -> None:
        """Start again from ``state``: the actions before it are not gone back to."""
        self.checkpoints: list[AnyState] = [state]  # the position before entries[k * CHECKPOINT]
        self.entries: list[tuple[int, LogEntry]] = []

    def copy(self) -> Trail:
        """A trail that goes on apart from this one, from the same actions."""
        copied = Trail.__new__(Trail)
        copied.well_formed = self.well_formed
        copied.checkpoints = list(self.checkpoints)
        copied.entries = list(self.entries)
        return copied

    def played(self, index: int, entry: LogEntry, position: Reached) -> None:
        """Action ``index`` replayed, reaching ``position``."""
        self.entries.append((index, entry))
        if len(self.entries) % CHECKPOINT == 0:
            self.checkpoints.append(position.state)
            if len(self.entries) >= DEEP_LOOKBACK + 2 * CHECKPOINT:
                del self.entries[:CHECKPOINT]
                del self.checkpoints[0]

    def before(self, backs: Sequence[int]) -> tuple[list[Earlier], int]:
        """The actions ``backs`` places before the end (1: the last replayed), each with the
        position before it, in the order of ``backs``; and the inputs replayed to find them."""
        if not backs:
            return [], 0
        kept = len(self.entries)
        firsts = sorted({kept - back for back in backs})
        done = firsts[0] // CHECKPOINT * CHECKPOINT
        position = Reached(self.checkpoints[done // CHECKPOINT], well_formed=self.well_formed)
        found: dict[int, Earlier] = {}
        for at in range(done, firsts[-1] + 1):
            index, entry = self.entries[at]
            if at in firsts:
                found[kept - at] = (position.state, index, entry)
            if at < firsts[-1]:
                position.apply(entry)
        return [found[back] for back in backs], firsts[-1] - done

    def earlier(self) -> tuple[list[Earlier], int]:
        """The last :data:`LOOKBACK` actions replayed, the last first, each with the
        position before it; and the inputs replayed to find them."""
        return self.before(range(1, min(LOOKBACK, len(self.entries)) + 1))
