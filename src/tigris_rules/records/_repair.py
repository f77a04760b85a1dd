"""Going on after a rejected action of a log (docs/log-format.md, Validation): the ways to
go on, each judged by how many of the following actions replay after it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final

import attrs

from tigris_rules.api import AnyAction, AnyState, legal_actions, to_move
from tigris_rules.errors import IllegalActionError, InvalidActionError
from tigris_rules.records._replaying import Reached, step_entry
from tigris_rules.records.log import LogEntry
from tigris_rules.records.problems import describe_action

__all__ = [
    "LISTING_COST",
    "LOOKAHEAD",
    "MAX_LOOKAHEAD",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "REPAIR_PER_PROBLEM",
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
"""At most this many inputs are tried ahead while choosing how to go on, per log, at most
:data:`REPAIR_PER_ACTION` per action of the log and at most :data:`REPAIR_PER_PROBLEM` for
one rejected action; past it the ways that lead are not judged any further, and a rejected
action met once the log's budget is spent is skipped."""

REPAIR_PER_ACTION: Final = 4
"""The inputs tried ahead while choosing how to go on, per action of the log: the bound
that keeps the repairs of any log within a few times the cost of replaying it (see
:data:`REPAIR_BUDGET`)."""

REPAIR_PER_PROBLEM: Final = 4_096
"""The most inputs tried ahead to choose how to go on after one rejected action, so that
one problem does not spend what the later ones may need."""

LISTING_COST: Final = 8
"""What listing the legal actions of a position counts for, in inputs tried: about what it
costs next to playing one input."""


def repair_budget(length: int) -> int:
    """The inputs that may be tried ahead to go on after rejected actions in a log of
    ``length`` actions."""
    return min(REPAIR_BUDGET, REPAIR_PER_ACTION * length)


def _one_field_apart(names: tuple[str, ...], a: object, b: object) -> bool:
    """Whether ``a`` and ``b``, actions of one class with the fields ``names``, differ in
    exactly one of them."""
    differ = 0
    for name in names:
        if getattr(a, name) != getattr(b, name):
            differ += 1
            if differ > 1:
                return False
    return differ == 1


def _neighbours(state: AnyState, action: object) -> Iterator[AnyAction]:
    """The legal actions in ``state`` of the class of ``action`` that differ from it in one
    field, in the order of ``legal_actions``."""
    kind = type(action)
    if not attrs.has(kind):
        return
    names = tuple(f.name for f in attrs.fields(kind))
    for legal in legal_actions(state):
        if type(legal) is kind and _one_field_apart(names, legal, action):
            yield legal


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
    when they tie (skipping it first), and the inputs tried to build them (listing the legal
    actions counts for :data:`LISTING_COST`)."""
    ways = [_Way("skipped", None, Reached(state, well_formed=well_formed), 0)]
    mover = to_move(state)
    work = 1
    if mover is None or budget <= work:
        return ways, work
    options: Iterable[AnyAction]
    if entry.player != mover:
        options = [entry.action]
    elif budget < work + LISTING_COST:
        return ways, work
    else:
        work += LISTING_COST
        options = _neighbours(state, entry.action)
    for action in options:
        if work >= budget:
            break
        work += 1
        position = Reached(state, well_formed=well_formed)
        instead = LogEntry(mover, action)
        try:
            position.apply(instead)
        except (IllegalActionError, InvalidActionError):  # sent by the seat to move, or not
            continue
        text = f"as player {mover}'s" if entry.player != mover else f"as {describe_action(action)}"
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
    ``budget`` of inputs tried (a last round that does not fit judges the ways by as many
    next actions as it allows); the first way that leads then wins (skipping it before the
    others, and these in the order above). Returns what was assumed, the position to go on
    from (``state`` itself when the action is skipped) and the work done (inputs tried)."""
    ways, work = _ways(state, entry, budget, well_formed=well_formed)
    judged = 0
    horizon = LOOKAHEAD
    while len(ways) > 1:
        following = ahead(horizon)
        more = following[judged:]
        fits = (budget - work) // len(ways)
        last = len(more) > fits or len(following) < horizon or horizon >= MAX_LOOKAHEAD
        more = more[:fits]
        if not more:
            break
        for way in ways:
            way.judge(more)
        work += len(ways) * len(more)
        best = max(way.fitting for way in ways)
        ways = [way for way in ways if way.fitting == best]
        if last:
            break
        judged = len(following)
        horizon *= 2
    way = ways[0]
    if way.action is None:
        return way.assumed, state, work
    reached = step_entry(state, way.action.action, way.action.player)[0]
    return way.assumed, reached, work + 1
