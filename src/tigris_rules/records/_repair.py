"""Going on after a rejected action of a log (docs/log-format.md, Validation): the ways to
go on, each judged by how many of the following actions replay after it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, cast

import attrs

from tigris_rules.api import AnyAction, AnyState, legal_actions, to_move
from tigris_rules.errors import IllegalActionError, InvalidActionError
from tigris_rules.records._replaying import Reached, step_entry
from tigris_rules.records.log import LogEntry
from tigris_rules.records.problems import describe_action

__all__ = [
    "LOOKAHEAD",
    "MAX_LOOKAHEAD",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "repair_budget",
    "resume",
]


LOOKAHEAD: Final = 12
"""After a rejected action, each way to go on is first judged by this many following
actions; the ways that tie are judged again by twice as many, and so on."""

MAX_LOOKAHEAD: Final = LOOKAHEAD * 2**9
"""The most following actions a way to go on is judged by (6,144): validation holds at most
this many actions read ahead."""

REPAIR_BUDGET: Final = 200_000
"""At most this many inputs are tried ahead while choosing how to go on, per log, and at
most :data:`REPAIR_PER_ACTION` per action of the log; past it the ways that lead are not
judged any further, and a rejected action met once it is spent is skipped."""

REPAIR_PER_ACTION: Final = 100
"""The inputs tried ahead while choosing how to go on, per action of the log: the bound
that keeps a short log cheap (see :data:`REPAIR_BUDGET`)."""


def repair_budget(length: int) -> int:
    """The inputs that may be tried ahead to go on after rejected actions in a log of
    ``length`` actions."""
    return min(REPAIR_BUDGET, REPAIR_PER_ACTION * length)


def _one_field_apart(a: object, b: object) -> bool:
    """Whether ``a`` and ``b`` are actions of one class that differ in exactly one field."""
    if type(a) is not type(b) or not attrs.has(type(a)):
        return False
    names = [f.name for f in attrs.fields(cast("type[attrs.AttrsInstance]", type(a)))]
    return [getattr(a, n) != getattr(b, n) for n in names].count(True) == 1


class _Way:
    """One way to go on after a rejected action: what it assumes, the input it plays instead
    (``None``: none), the position it has reached while judged, and how many inputs
    replayed there (that one included)."""

    __slots__ = ("action", "assumed", "fitting", "position")

    def __init__(
        self, assumed: str, action: LogEntry | None, position: Reached, fitting: int
    ) -> None:
        self.assumed = assumed
        self.action = action
        self.position = position
        self.fitting = fitting

    def judge(self, ahead: list[LogEntry]) -> None:
        """Replay ``ahead`` on this way's position, each rejected input skipped."""
        for entry in ahead:
            try:
                self.position.apply(entry)
            except (IllegalActionError, InvalidActionError):
                continue
            self.fitting += 1


def _ways(
    state: AnyState, entry: LogEntry, budget: int, *, well_formed: bool
) -> tuple[list[_Way], int]:
    """The ways to go on after ``entry`` was rejected in ``state``, in order of preference
    when they tie (skipping it first), and the inputs tried to build them."""
    ways = [_Way("skipped", None, Reached(state, well_formed=well_formed), 0)]
    mover = to_move(state)
    if mover is None or budget <= 0:
        return ways, 0
    options: Iterable[tuple[str, AnyAction]]
    if entry.player != mover:
        options = [(f"as player {mover}'s", entry.action)]
    else:
        options = (
            (f"as {describe_action(a)}", a)
            for a in legal_actions(state)
            if _one_field_apart(a, entry.action)
        )
    work = 0
    for text, action in options:
        if work >= budget:
            break
        work += 1
        position = Reached(state, well_formed=well_formed)
        instead = LogEntry(mover, action)
        try:
            position.apply(instead)
        except (IllegalActionError, InvalidActionError):  # sent by the seat to move, or not
            continue
        ways.append(_Way(text, instead, position, 1))
    return ways, work


def resume(
    state: AnyState,
    entry: LogEntry,
    ahead: Callable[[int], list[LogEntry]],
    budget: int,
    *,
    well_formed: bool = False,
) -> tuple[str, AnyState, int]:
    """How to go on after ``entry`` was rejected in ``state`` (Validation in
    docs/log-format.md). The ways:

    1. nothing: the action is skipped;
    2. the same action sent by the seat to move, when the log names another seat;
    3. a legal action of the same kind that differs from it in one field (a square, a
       colour, a count...), in the order of ``legal_actions``.

    Each way is judged by how many of the inputs replay, the repaired one and the
    ``LOOKAHEAD`` next ones (``ahead(n)``: the next ``n`` readable actions of the log, fewer
    at its end), each rejected one skipped. While several ways lead, only they are judged
    again by twice as many next actions, up to ``MAX_LOOKAHEAD``, the end of the log or the
    ``budget`` of inputs tried; the first way that leads then wins (skipping it before the
    others, and these in the order above). Returns what was assumed, the position to go on
    from and the work done (inputs tried)."""
    ways, work = _ways(state, entry, budget, well_formed=well_formed)
    judged = 0
    horizon = LOOKAHEAD
    while len(ways) > 1:
        following = ahead(horizon)
        more = following[judged:]
        if len(ways) * len(more) > budget - work:
            break
        for way in ways:
            way.judge(more)
        work += len(ways) * len(more)
        best = max(way.fitting for way in ways)
        ways = [way for way in ways if way.fitting == best]
        judged = len(following)
        if judged < horizon or horizon >= MAX_LOOKAHEAD:
            break
        horizon *= 2
    way = ways[0]
    if way.action is None:
        return way.assumed, state, work
    return way.assumed, step_entry(state, way.action.action, way.action.player)[0], work
