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

REPAIR_PER_ACTION: Final = 3
"""The inputs tried ahead while choosing how to go on, per action of the log: the bound
that keeps the repairs of any log within a few times the cost of replaying it (see
:data:`REPAIR_BUDGET`). An input tried costs about what replaying one action of a valid log
does, so a changed log costs about four times a valid one at most."""

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
    """One way to go on after a rejected action: the input it plays instead (``None``:
    none; ``moved``: the same action sent by the seat to move), the position it has reached
    while judged, and how many inputs replayed there (that one included)."""

    __slots__ = ("action", "fitting", "moved", "position")

    def __init__(
        self, action: LogEntry | None, position: Reached, fitting: int, *, moved: bool = False
    ) -> None:
        self.action = action
        self.moved = moved
        self.position = position
        self.fitting = fitting

    @property
    def assumed(self) -> str:
        """What this way assumes, as ``Problem.assumed`` says it."""
        if self.action is None:
            return "skipped"
        if self.moved:
            return f"as player {self.action.player}'s"
        return f"as {describe_action(self.action.action)}"

    def judge(self, ahead: list[LogEntry], needed: int = 0) -> int:
        """Replay ``ahead`` on this way's position, each rejected input skipped, and return
        the inputs tried. The judging stops early once this way can no longer reach
        ``needed`` inputs replayed: a way that cannot tie the leading one is dropped
        whatever the rest of ``ahead`` does."""
        misses_allowed = self.fitting + len(ahead) - needed
        tried = 0
        for entry in ahead:
            tried += 1
            try:
                self.position.apply(entry)
            except (IllegalActionError, InvalidActionError):
                misses_allowed -= 1
                if misses_allowed < 0:
                    break
                continue
            self.fitting += 1
        return tried


def _ways(
    state: AnyState, entry: LogEntry, budget: int, *, well_formed: bool
) -> tuple[list[_Way], int]:
    """The ways to go on after ``entry`` was rejected in ``state``, in order of preference
    when they tie (skipping it first), and the inputs tried to build them (listing the legal
    actions counts for :data:`LISTING_COST`)."""
    ways = [_Way(None, Reached(state, well_formed=well_formed), 0)]
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
        ways.append(_Way(instead, position, 1, moved=entry.player != mover))
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
    others, and these in the order above). In a round the way that leads is judged first,
    then the others in that order, each only until it can no longer tie the best so far. A
    round that does not fit in what is left of the budget judges every way by as many next
    actions as it allows; once the budget is spent within a round, the ways not yet judged
    in it are dropped. Returns what was assumed, the position to go on
    from (``state`` itself when the action is skipped) and the work done (inputs tried)."""
    ways, work = _ways(state, entry, budget, well_formed=well_formed)
    judged = 0
    horizon = LOOKAHEAD
    while len(ways) > 1:
        following = ahead(horizon)
        more = following[judged:]
        last = len(following) < horizon or horizon >= MAX_LOOKAHEAD
        if budget - work < len(more):
            more = more[: (budget - work) // len(ways)]
            last = True
        if not more:
            break
        needed = 0
        judged_ways: list[_Way] = []
        leader = max(ways, key=lambda way: way.fitting)  # the first that leads: a high bar
        for way in [leader, *(way for way in ways if way is not leader)]:
            if budget - work < len(more):
                last = True  # the ways not judged in this round are dropped
                break
            work += way.judge(more, needed)
            needed = max(needed, way.fitting)
            judged_ways.append(way)
        ways = [way for way in ways if way in judged_ways and way.fitting == needed]
        if last:
            break
        judged = len(following)
        horizon *= 2
    way = ways[0]
    if way.action is None:
        return way.assumed, state, work
    reached = step_entry(state, way.action.action, way.action.player)[0]
    return way.assumed, reached, work + 1
