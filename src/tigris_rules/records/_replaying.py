"""A log's game replayed: its opening and the position reached, on the fast path its game
offers (:class:`GameReplayer`), else one :func:`~tigris_rules.step` after another."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

from tigris_rules.api import AnyAction, AnyState, step
from tigris_rules.errors import DealError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.records.log import AnyEvent, GameLog, LogEntry, opening
from tigris_rules.records.problems import Problem, ProblemKind

__all__ = ["GameReplayer", "Reached", "Replaying", "opening_of", "step_entry"]


class Replaying(Protocol):
    """Inputs applied one after another to one position (a working copy, say)."""

    def apply(self, action: Any, player: object = None) -> None:
        """Check ``action`` sent by ``player`` as :func:`~tigris_rules.apply` does and play
        it; an illegal or malformed input raises the same error and changes nothing."""
        ...

    @property
    def state(self) -> Any:
        """The position reached so far."""
        ...


class GameReplayer(Protocol):
    """What a ruleset may offer to replay a log faster than one
    :func:`~tigris_rules.step` after another (the board game replays on one working copy).
    A ruleset that does not offer it is replayed by :func:`~tigris_rules.step`."""

    def replayer(self, state: Any, *, well_formed: bool) -> Replaying:
        """A replay starting at ``state`` (never changed); ``well_formed`` says that every
        input is known to be well formed (CONV-19), as one read from JSON is."""
        ...


class Reached:
    """The position a replay has reached."""

    __slots__ = ("_fast", "_state")

    def __init__(self, state: AnyState, *, well_formed: bool = False) -> None:
        self._state = state
        fast = offered(state.ruleset, GameReplayer)
        self._fast = None if fast is None else fast.replayer(state, well_formed=well_formed)

    def apply(self, entry: LogEntry) -> None:
        """Play ``entry``; an illegal or malformed input raises and changes nothing."""
        if self._fast is not None:
            self._fast.apply(entry.action, entry.player)
        else:
            self._state = step_entry(self._state, entry.action, entry.player)[0]

    @property
    def state(self) -> AnyState:
        """The position reached."""
        reached: AnyState = self._fast.state if self._fast is not None else self._state
        return reached


def step_entry(
    state: AnyState, action: AnyAction, player: int | None
) -> tuple[AnyState, tuple[AnyEvent, ...]]:
    """:func:`~tigris_rules.step` for a state of any game: the position after ``action``
    sent by ``player`` and its events. An input of another game is malformed there
    (:class:`~tigris_rules.InvalidActionError`, CONV-19)."""
    stepped: tuple[AnyState, tuple[AnyEvent, ...]] = step(cast(Any, state), action, player)
    return stepped


_RULE_ID = re.compile(r"\b([A-Z]+(?:-[A-Z]+)*-\d+)\b")


def opening_of(log: GameLog) -> AnyState | Problem:
    """The opening of ``log``, or the problem that prevents it."""
    if not isinstance(log.config, GameConfig):
        return Problem(ProblemKind.FORMAT, "expected a GameConfig", path="$.config")
    if (log.seed is None) == (log.deal is None):
        word = "neither" if log.seed is None else "both"
        return Problem(
            ProblemKind.FORMAT, f"a log gives exactly one of seed and deal, not {word}", path="$"
        )
    try:
        return opening(log.config, log.seed, log.deal)
    except DealError as exc:
        found = _RULE_ID.search(str(exc))
        if found is None:
            path = "$.seed" if log.deal is None else "$.deal"
            return Problem(ProblemKind.FORMAT, str(exc), path=path)
        return Problem(ProblemKind.RULE, str(exc), rule=found.group(1), path="$.deal")
