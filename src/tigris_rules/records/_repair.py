"""Going on after a rejected action of a log (docs/log-format.md, Validation): the ways to
go on, each judged by how many of the following actions replay after it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any, Final

import attrs

from tigris_rules.api import AnyAction, AnyState, legal_actions, to_move
from tigris_rules.errors import IllegalActionError, InvalidActionError
from tigris_rules.records._candidates import (
    CLAIMS_AHEAD,
    PLACES,
    Claims,
    at_most,
    claims,
    fewest_first,
    neighbours,
    spread,
    unclaimed_first,
)
from tigris_rules.records._replaying import Reached
from tigris_rules.records._trail import CHECKPOINT, DEEP_LOOKBACK, LOOKBACK, Earlier, Trail
from tigris_rules.records.log import LogEntry
from tigris_rules.records.problems import describe_action

__all__ = [
    "CHECKPOINT",
    "CLAIMS_AHEAD",
    "DEEP_CANDIDATES",
    "DEEP_LOOKBACK",
    "LISTING_COST",
    "LONE_LOOKAHEAD",
    "LOOKAHEAD",
    "LOOKBACK",
    "LOOKBACK_NEIGHBOURS",
    "MAX_LOOKAHEAD",
    "MISSING_TRIES",
    "MISSING_WAYS",
    "PLACES_LEAST",
    "REJUDGE_DISTANCE",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "REPAIR_PER_PROBLEM",
    "RIVALS_PER_ACTION",
    "SWAP_DISTANCE",
    "Resumed",
    "Trail",
    "repair_budget",
    "resume",
    "rival",
]


LOOKAHEAD: Final = 12
"""After a rejected action, each way to go on is first judged by this many following
actions; the ways that tie are judged again by twice as many, and so on."""

LONE_LOOKAHEAD: Final = LOOKAHEAD * 2
"""A way that alone replays the next :data:`LOOKAHEAD` actions whole is judged on by this
many (24) before it is kept, so that the ways of :func:`resume` tried only when the others
part from the log (5, 6 and 8) are tried when it parts from the log soon after."""

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

REJUDGE_DISTANCE: Final = 200
"""When an action is rejected at most this many actions after one that was repaired, the
ways that fitted as well as the one kept there (:func:`rival`) are judged again by the
actions up to the new one and the next :data:`LOOKAHEAD`..."""

RIVALS_PER_ACTION: Final = 1
"""... within at most this many inputs tried per action of the log, the actions replayed
again after a way judged again is kept counted in, apart from :data:`REPAIR_PER_ACTION`
(the first choice has most often spent that when it was cut short)."""

LISTING_COST: Final = 8
"""What listing the legal actions of a position counts for, in inputs tried: about what it
costs next to playing one input."""


SWAP_DISTANCE: Final = 5
"""A rejected action is tried in the place of each of the next this many actions (two
actions of the log exchanged)."""

MISSING_TRIES: Final = 32
"""At most this many legal actions of the seat to move are tried before a rejected action
(an action missing from the log), in the order of ``legal_actions``..."""

MISSING_WAYS: Final = 16
"""... and of those after which the rejected action replays, at most this many are judged."""


LOOKBACK_NEIGHBOURS: Final = 8
"""A slip looked for in one of the :data:`LOOKBACK` actions before a rejected one tries at
most this many changes of one field of each of them, those of the field with the fewest
changes that are legal first (another colour before another square)."""

PLACES_LEAST: Final = 8
"""The changes of a place tried for a rejected action are at most as many as a third of the
inputs left for it lets judge by the next :data:`LOOKAHEAD` actions, and at least this many,
the first in the order of :data:`CLAIMS_AHEAD`: tens of squares fit the next actions alike,
and judging them all would spend what the likeliest of them and the other ways need."""

DEEP_CANDIDATES: Final = 6
"""Of the actions far back that ways 7 and 8 change (:data:`DEEP_LOOKBACK`), at most this
many, the nearest first, with at most half of the inputs left for the rejected action."""


def repair_budget(length: int) -> int:
    """The inputs that may be tried ahead to go on after rejected actions in a log of
    ``length`` actions."""
    return min(REPAIR_BUDGET, REPAIR_PER_ACTION * length)


@attrs.frozen
class Resumed:
    """How a replay goes on after a rejected action: what was assumed (``Problem.assumed``),
    the diagnosis (``Problem.diagnosis``) and the sentence saying what most likely happened
    (``Problem.likely``; ``None`` with the diagnosis when no way was judged), the position
    to go on from, how many of the following actions of the log that position has played
    (the other action of a swap and those between), the work done (inputs tried), and how
    many actions before the rejected one the slip stands (``back``)."""

    assumed: str
    diagnosis: str | None
    likely: str | None
    state: AnyState
    consumed: int
    work: int
    back: int = 0
    rivals: tuple[_Way, ...] = attrs.field(default=(), repr=False)


@attrs.define(eq=False)
class _Way:
    """One way to go on after a rejected action, a guess of what happened (``diagnosis``,
    the slip at action ``at``; ``other``: the other action of a swap, the later one;
    ``action``: the action played instead or inserted; ``seat``: the seat that played it):
    the inputs it plays from ``start`` (the position before the rejected action by default,
    or ``back`` actions before it), how many of the following actions of the log these take
    (``consumed``), the position it has reached while judged, and how many of the log's
    actions replayed there (``fitting``). What it says is only worded for the way chosen."""

    diagnosis: str
    at: int
    played: tuple[LogEntry, ...]
    position: Reached
    fitting: int = attrs.field(kw_only=True)
    consumed: int = attrs.field(kw_only=True, default=0)
    other: int = attrs.field(kw_only=True, default=0)
    action: AnyAction | None = attrs.field(kw_only=True, default=None)
    seat: int | None = attrs.field(kw_only=True, default=None)
    back: int = attrs.field(kw_only=True, default=0)
    start: AnyState | None = attrs.field(kw_only=True, default=None)

    @property
    def assumed(self) -> str:
        """What this way assumes, as ``Problem.assumed`` says it."""
        diagnosis = self.diagnosis
        if diagnosis in ("extra", "duplicated"):
            return "skipped"
        if diagnosis == "wrong-seat":
            return f"as player {self.seat}'s"
        if diagnosis == "swapped":
            return f"after action {self.other}"
        if diagnosis == "missing":
            return f"after {describe_action(self.action)}"
        return f"as {describe_action(self.action)}"

    def likely(self, *, alone: bool = True) -> str:
        """What most likely happened, as ``Problem.likely`` says it; when other ways fit
        as well (not ``alone``), without naming the action played instead."""
        diagnosis, at = self.diagnosis, self.at
        if diagnosis == "extra":
            return f"action {at} appears to be extra"
        if diagnosis == "duplicated":
            return f"action {at} repeats action {at - 1}"
        if diagnosis == "wrong-seat":
            return f"action {at} was most likely played by player {self.seat}"
        if diagnosis == "swapped":
            return f"actions {at} and {self.other} appear swapped"
        if diagnosis == "missing":
            return f"an action is missing before action {at}"
        general = f"action {at} most likely has the wrong {diagnosis.removeprefix('wrong-')}"
        return f"{general}: {describe_action(self.action)} fits" if alone else general

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


class _Search:
    """The ways to go on after the action ``index`` (``entry``) was rejected in ``state``,
    built within ``budget`` inputs tried (``work``; listing the legal actions counts for
    :data:`LISTING_COST`)."""

    def __init__(
        self, state: AnyState, entry: LogEntry, index: int, budget: int, *, well_formed: bool
    ) -> None:
        self.state = state
        self.entry = entry
        self.index = index
        self.budget = budget
        self.well_formed = well_formed
        self.work = 0
        self.ways: list[_Way] = []
        self.mover = to_move(state)
        self.legal: list[AnyAction] = []
        self.claimed: Claims = {}
        self.inserted: set[AnyAction] = set()

    def tried(self, played: tuple[LogEntry, ...], start: AnyState | None = None) -> Reached | None:
        """The position after ``played`` from ``start`` (the state before the rejected
        action by default), or ``None`` when one is rejected (each input tried counts as
        work, the working copy of the position with the first)."""
        position = Reached(self.state if start is None else start, well_formed=self.well_formed)
        for entry in played:
            self.work += 1
            try:
                position.apply(entry)
            except (IllegalActionError, InvalidActionError):
                return None
        return position

    def add(
        self,
        diagnosis: str,
        at: int,
        played: tuple[LogEntry, ...],
        *,
        fitting: int = 1,
        start: AnyState | None = None,
        **details: Any,
    ) -> bool:
        """Add the way that plays ``played`` from ``start``, if they replay (``details``:
        the other fields of :class:`_Way`); whether it was added."""
        position = self.tried(played, start)
        if position is None:
            return False
        self.ways.append(
            _Way(diagnosis, at, played, position, fitting=fitting, start=start, **details)
        )
        return True

    def left(self, cost: int = 1) -> bool:
        return self.work + cost <= self.budget

    def swaps(self, following: list[LogEntry]) -> None:
        """The rejected action exchanged with one of the next :data:`SWAP_DISTANCE` actions:
        that one, those between, then the rejected one."""
        index, entry = self.index, self.entry
        for distance in range(1, min(SWAP_DISTANCE, len(following)) + 1):
            if not self.left(distance + 1):
                return
            other = following[distance - 1]
            if other == entry:
                continue
            played = (other, *following[: distance - 1], entry)
            self.add(
                "swapped",
                index,
                played,
                fitting=distance + 1,
                consumed=distance,
                other=index + distance,
            )

    def missing(self) -> None:
        """One legal action of the seat to move before the rejected one, at most
        :data:`MISSING_TRIES` of them tried (taken in turn from each kind of action and value
        of its first field, so that a few tries cover every kind), of those the first
        :data:`MISSING_WAYS` after which the rejected action replays."""
        found = 0
        if self.mover is None:
            return
        for action in islice(spread(self.legal), MISSING_TRIES):
            if found >= MISSING_WAYS or not self.left(2):
                return
            self.inserted.add(action)
            inserted = LogEntry(self.mover, action)
            found += self.add(
                "missing",
                self.index,
                (inserted, self.entry),
                fitting=1,  # the rejected action replays, after an action the log lacks
                action=action,
            )


def _earlier_ways(
    search: _Search, earlier: Sequence[Earlier], following: Sequence[LogEntry]
) -> None:
    """The ways that change one of the actions replayed just before the rejected one
    (``earlier[b - 1]``: the action ``b`` places before it and the position before that
    action, up to :data:`LOOKBACK`): that action with one field changed (at most
    :data:`LOOKBACK_NEIGHBOURS` of them), left out (not the action just before when the
    rejected one repeats it: skipping the rejected copy is the same guess), exchanged with
    the rejected one, or exchanged with one of the ``following`` actions at most
    :data:`SWAP_DISTANCE` places from it; each way plays the actions between as written and
    the rejected one, which must replay."""
    entry, index = search.entry, search.index
    for back, (start, at, earlier_entry) in enumerate(earlier[:LOOKBACK], start=1):
        between = tuple(e for _, _, e in earlier[: back - 1])[::-1]
        if not search.left(LISTING_COST + back + 1):
            return
        if back > 1 or earlier_entry != entry:  # else the same as skipping the rejected copy
            search.add("extra", at, (*between, entry), fitting=0, back=back, start=start)
        if earlier_entry != entry:
            search.add(
                "swapped", at, (entry, *between, earlier_entry), other=index, back=back, start=start
            )
        for distance in range(1, min(SWAP_DISTANCE - back, len(following)) + 1):
            other = following[distance - 1]
            if other == earlier_entry or not search.left(back + distance + 1):
                continue
            played = (other, *between, entry, *following[: distance - 1], earlier_entry)
            search.add(
                "swapped",
                at,
                played,
                fitting=distance + 1,
                consumed=distance,
                other=index + distance,
                back=back,
                start=start,
            )
        search.work += LISTING_COST
        changes = unclaimed_first(
            fewest_first(neighbours(list(legal_actions(start)), earlier_entry.action)),
            search.claimed,
        )
        for action, field in islice(changes, LOOKBACK_NEIGHBOURS):
            if not search.left(back + 1):
                return
            search.add(
                f"wrong-{field}",
                at,
                (LogEntry(earlier_entry.player, action), *between, entry),
                action=action,
                back=back,
                start=start,
            )


_FINAL: Final = max(SWAP_DISTANCE, LOOKBACK) + 1
"""The inputs a way kept plays again at most, held back from the search; a way that changes
an action further back holds back what it plays more."""


def _named(entries: Sequence[tuple[int, LogEntry]], lacking: tuple[int, str] | None) -> list[int]:
    """How many places before the end of ``entries`` stand the actions, past the last
    :data:`LOOKBACK` and up to :data:`DEEP_LOOKBACK`, of the seat that played the colour
    that seat lacks when the rejected action was refused (``lacking``: the seat and the
    colour's name, ``IllegalActionError.lacking``): at most :data:`DEEP_CANDIDATES`, the
    nearest first."""
    if lacking is None:
        return []
    seat, name = lacking
    backs: list[int] = []
    for back in range(LOOKBACK + 1, min(DEEP_LOOKBACK, len(entries)) + 1):
        earlier = entries[-back][1]
        color = getattr(getattr(earlier.action, "color", None), "value", None)
        if earlier.player == seat and color == name:
            backs.append(back)
            if len(backs) == DEEP_CANDIDATES:
                break
    return backs


def _coloured_place(action: object) -> bool:
    """Whether ``action`` puts a piece of a colour on a place (:data:`PLACES`)."""
    return hasattr(action, "color") and any(
        isinstance(getattr(action, field, None), str) for field in PLACES
    )


def _pieces(entries: Sequence[tuple[int, LogEntry]], seats: tuple[object, ...]) -> list[int]:
    """How many places before the end of ``entries`` stand the actions, past the last
    :data:`LOOKBACK` and up to :data:`DEEP_LOOKBACK`, of ``seats`` that put a piece of a
    colour on a place, of the kind of action played least among those (a leader, not one
    of the many tiles): at most :data:`DEEP_CANDIDATES`, the nearest first."""
    window = [
        (back, entries[-back][1])
        for back in range(LOOKBACK + 1, min(DEEP_LOOKBACK, len(entries)) + 1)
        if _coloured_place(entries[-back][1].action)
    ]
    kinds = Counter(type(entry.action) for _, entry in window)
    if not kinds:
        return []
    commonest = max(kinds, key=kinds.__getitem__) if len(kinds) > 1 else None
    backs = [
        back
        for back, entry in window
        if entry.player in seats and type(entry.action) is not commonest
    ]
    return backs[:DEEP_CANDIDATES]


def _deep_cost(backs: list[int]) -> int:
    """The least that changing the actions ``backs`` places back costs: the way kept played
    again, the replay to the positions before them, one change of each."""
    furthest = max(backs)
    return 2 * furthest - min(backs) + CHECKPOINT + sum(LISTING_COST + back + 1 for back in backs)


def _deep_ways(search: _Search, trail: Trail, backs: list[int]) -> None:
    """The ways that change the colour of one of the actions far before the rejected one
    that ``backs`` gives (:func:`_named`, :func:`_pieces`), each with the actions between as
    written and the rejected one, which must replay; within half of the inputs left, the
    furthest of ``backs`` left out first when they do not fit in it."""
    full = search.budget
    search.budget -= (full - search.work) // 2
    while backs and not search.left(_deep_cost(backs)):
        backs = backs[:-1]  # the furthest first left out
    if not backs:
        search.budget = full
        return
    reserve = max(backs) + 1 - _FINAL  # the way kept is played again
    search.budget -= reserve
    entries = trail.entries
    found, work = trail.before(backs)
    search.work += work
    for back, (start, at, earlier_entry) in zip(backs, found, strict=True):
        if not search.left(LISTING_COST + back + 1):
            break
        between = tuple(e for _, e in entries[len(entries) - back + 1 :])
        search.work += LISTING_COST
        changes = neighbours(list(legal_actions(start)), earlier_entry.action)
        for action, field in changes:
            if field != "color":
                continue
            if not search.left(back + 1):
                break
            search.add(
                "wrong-color",
                at,
                (LogEntry(earlier_entry.player, action), *between, search.entry),
                action=action,
                back=back,
                start=start,
            )
    search.budget = full - reserve


def _first_ways(search: _Search, following: list[LogEntry], previous: LogEntry | None) -> None:
    """The ways that change the rejected action alone or its place, in order of preference
    when they tie: skipping it, the seat to move's, a field changed, a swap; the legal
    actions are listed for the missing ones when the budget allows. The swaps, a few inputs,
    are tried before the legal actions are listed, so that a short budget still tries them."""
    index, entry, state = search.index, search.entry, search.state
    duplicated = entry == previous
    search.ways.append(
        _Way(
            "duplicated" if duplicated else "extra",
            index,
            (),
            Reached(state, well_formed=search.well_formed),
            fitting=0,
        )
    )
    search.work = 1
    if search.mover is None or not search.left():
        return
    if entry.player != search.mover:
        search.add("wrong-seat", index, (LogEntry(search.mover, entry.action),), seat=search.mover)
    first = len(search.ways)
    search.swaps(following[:SWAP_DISTANCE])  # before the listing, which may take what is left
    swaps = search.ways[first:]
    del search.ways[first:]
    if search.left(LISTING_COST):
        search.work += LISTING_COST
        search.legal = list(legal_actions(state))
    if entry.player == search.mover:
        changes = unclaimed_first(neighbours(search.legal, entry.action), search.claimed)
        places = max(PLACES_LEAST, (search.budget - search.work) // (3 * (LOOKAHEAD + 1)))
        for action, field in at_most(changes, places):
            if not search.left():
                break
            search.add(f"wrong-{field}", index, (LogEntry(search.mover, action),), action=action)
    search.ways += swaps


def _judge(
    search: _Search, ways: list[_Way], following: list[LogEntry], judged: int, needed: int = 0
) -> tuple[list[_Way], int, bool]:
    """Judge ``ways`` by the actions of ``following`` past the first ``judged``: the way
    that leads first, then the others in order, each only until it can no longer tie the
    best so far (at least ``needed``). A round that does not fit in what is left of the
    budget judges every way by as many actions as it allows; once the budget is spent
    within the round, the ways not yet judged are dropped. Returns the ways that lead, in
    order, the best, and whether the budget cut the round short."""
    upto = len(following)
    cut = False
    if search.budget - search.work < upto - judged:
        upto = judged + max(0, search.budget - search.work) // max(1, len(ways))
        cut = True
    leader = max(ways, key=lambda way: way.fitting)  # the first that leads: a high bar
    done: set[int] = set()
    for way in [leader, *(way for way in ways if way is not leader)]:
        part = following[max(judged, way.consumed) : upto]
        if search.budget - search.work < len(part):
            cut = True
            break
        search.work += way.judge(part, needed)
        needed = max(needed, way.fitting)
        done.add(id(way))
    if not done:  # nothing left to judge by: the ways stay as they were
        return ways, needed, True
    return [way for way in ways if id(way) in done and way.fitting == needed], needed, cut


def _added(
    search: _Search, ways: list[_Way], first: int, following: list[LogEntry], best: int
) -> tuple[list[_Way], int, bool]:
    """The ways added to ``search`` from ``first`` on, judged by ``following`` as far as the
    leading ``ways`` were (``best``), and ``ways``: those that lead then, the best, whether
    the budget cut the round short."""
    if len(search.ways) == first:
        return ways, best, False
    more, best, cut = _judge(search, search.ways[first:], following, 0, best)
    return [way for way in (*ways, *more) if way.fitting == best], best, cut


def _more_ways(
    search: _Search,
    earlier: Callable[[], tuple[list[Earlier], int]] | None,
    following: list[LogEntry],
) -> None:
    """Ways 5 and 6 (:func:`resume`)."""
    if search.legal:
        search.missing()
    if earlier is not None and search.left(2 * CHECKPOINT + LOOKBACK):
        found, work = earlier()
        search.work += work
        _earlier_ways(search, found, following)


def _missing_neighbours(search: _Search) -> None:
    """Way 6 again (:func:`resume`): the legal actions one field apart from the action put
    in by the way of 6 that fitted most so far, whether it leads or not (the first of those
    that tie), not tried yet, the places in the order of way 3 and at most
    :data:`PLACES_LEAST` of them: an action that makes the rejected one replay but parts
    from the log soon after often differs from the missing one in one field only."""
    tried = [way for way in search.ways if way.diagnosis == "missing"]
    if not tried or search.mover is None:
        return
    lead = max(tried, key=lambda way: way.fitting)
    changes = unclaimed_first(neighbours(search.legal, lead.action), search.claimed)
    for action, _ in at_most(changes, PLACES_LEAST):
        if action in search.inserted:
            continue
        if not search.left(2):
            return
        search.inserted.add(action)
        search.add(
            "missing",
            search.index,
            (LogEntry(search.mover, action), search.entry),
            fitting=1,
            action=action,
        )


def resume(
    state: AnyState,
    entry: LogEntry,
    ahead: Callable[[int], list[LogEntry]],
    budget: int,
    *,
    index: int = 0,
    previous: LogEntry | None = None,
    earlier: Callable[[], tuple[list[Earlier], int]] | None = None,
    trail: Trail | None = None,
    lacking: tuple[int, str] | None = None,
    well_formed: bool = False,
) -> Resumed:
    """How to go on after ``entry``, action ``index`` of the log, was rejected in ``state``
    (Validation in docs/log-format.md); ``previous`` is the action before it. The ways,
    each a guess of what happened:

    1. nothing: the action is skipped (extra, or a repetition of ``previous``);
    2. the same action sent by the seat to move, when the log names another seat;
    3. a legal action of the same kind that differs from it in one field (a square, a
       colour, a count...), in the order of ``legal_actions``, another place in the order
       of the next :data:`CLAIMS_AHEAD` actions of the log (:func:`unclaimed_first`);
    4. the action exchanged with one of the next :data:`SWAP_DISTANCE` actions;
    5. one of the :data:`LOOKBACK` actions replayed before it (``earlier``) changed in one
       field, left out, or exchanged with it or with one of the next actions: the slip stood
       there, and the rejected action only shows it;
    6. one legal action of the seat to move played before it (an action missing), and, when
       the ways that lead then part from the log, the legal actions one field apart from
       the action put in by the way of 6 that fitted most, whether it leads or not
       (:func:`_missing_neighbours`);
    7. when the action was refused for a colour a seat lacks (``lacking``: the seat and the
       colour, ``IllegalActionError.lacking``), one of the actions of that seat that played
       that colour, up to :data:`DEEP_LOOKBACK` actions
       before it (``trail``), with another colour: the rules took the slip, and the hand it
       left shows only now;
    8. when the action was refused for another reason, one of the actions up to
       :data:`DEEP_LOOKBACK` before it of the seat that sent it or of the seat to move that
       put a piece of a colour on a place, not of the kind played most (a leader, not a
       tile: :func:`_pieces`), with another colour: a leader of the wrong colour stands
       on the board, and shows only when a conflict or a decision comes out otherwise.

    Ways 5 and 6 are tried only when none of the others replays the next actions whole,
    way 8 only when none of ways 1 to 7 does: first by the ``LOOKAHEAD`` next actions, then
    while the ways that lead are judged by more (a way alone, by :data:`LONE_LOOKAHEAD`
    next actions). Way 7 is tried whatever the others replay. Ways 7 and 8 spend at most
    half of the inputs left, and leave out the furthest actions first when these do not
    fit (:func:`_deep_cost`).

    Each way is judged by how many of the log's actions replay: the rejected one, and those
    of the ``LOOKAHEAD`` next ones (``ahead(n)``: the next ``n`` readable actions of the
    log, fewer at its end) that it plays or that replay after it, each rejected one skipped.
    While several ways lead, only they are judged again by twice as many next actions, up
    to ``MAX_LOOKAHEAD``, the end of the log or the ``budget`` of inputs tried (a last round
    that does not fit judges the ways by as many next actions as it allows); the first way
    that leads then wins, in the order above."""
    final = _FINAL  # the inputs of the way kept, played again
    search = _Search(state, entry, index, budget - final, well_formed=well_formed)
    following = ahead(LOOKAHEAD)
    search.claimed = claims(ahead(min(CLAIMS_AHEAD, MAX_LOOKAHEAD)))
    _first_ways(search, following, previous)
    ways, best, cut = _judge(search, search.ways, following, 0)
    tiers: list[Callable[[], None]] = [
        lambda: _more_ways(search, earlier, following),
        lambda: _missing_neighbours(search),
    ]
    if trail is not None and lacking is None:
        seats = (entry.player, search.mover)  # a log built in code may name anything
        tiers.append(lambda: _deep_ways(search, trail, _pieces(trail.entries, seats)))
    if not cut and best < 1 + len(following):  # no way replays the next actions whole
        first = len(search.ways)
        tiers.pop(0)()
        ways, best, cut = _added(search, ways, first, following, best)
    if trail is not None and not cut:  # even when a way replays the next actions whole
        first = len(search.ways)
        _deep_ways(search, trail, _named(trail.entries, lacking))
        ways, best, cut = _added(search, ways, first, following, best)
    horizon = LOOKAHEAD
    while not cut:
        if tiers and best < 1 + len(following):  # the ways so far part from the log
            first = len(search.ways)
            tiers.pop(0)()
            ways, best, cut = _added(search, ways, first, following, best)
            continue
        if len(following) < horizon or horizon >= MAX_LOOKAHEAD:
            break
        if len(ways) == 1 and (not tiers or horizon >= LONE_LOOKAHEAD):
            break
        judged = len(following)
        horizon *= 2
        following = ahead(horizon)
        ways, best, cut = _judge(search, ways, following, judged)
    work = search.work
    if budget <= LISTING_COST + 1 and not ways[0].played:
        return Resumed(ways[0].assumed, None, None, state, 0, work)
    return _resumed(ways[0], state, work, ways[1:], well_formed=well_formed)


def _resumed(
    way: _Way, state: AnyState, work: int, rivals: Sequence[_Way], *, well_formed: bool
) -> Resumed:
    """Going on by ``way`` after the action rejected in ``state``, ``work`` inputs tried so
    far; ``rivals``: the ways that fitted as well, in order."""
    likely = way.likely(alone=not rivals)
    if not way.played:
        return Resumed(way.assumed, way.diagnosis, likely, state, 0, work, rivals=tuple(rivals))
    position = Reached(state if way.start is None else way.start, well_formed=well_formed)
    for played in way.played:
        position.apply(played)
    work += len(way.played)
    return Resumed(
        way.assumed,
        way.diagnosis,
        likely,
        position.state,
        way.consumed,
        work,
        way.back,
        tuple(rivals),
    )


def rival(
    resumed: Resumed, state: AnyState, following: list[LogEntry], budget: int, *, well_formed: bool
) -> tuple[Resumed | None, int]:
    """The first of the ways that fitted as well as the one kept after an action rejected in
    ``state`` (``resumed.rivals``) that replays ``following`` whole (the actions after it,
    up to one rejected later and :data:`LOOKAHEAD` more), within ``budget`` inputs tried,
    ``None`` when none does; and the inputs tried."""
    work = 0
    for way in resumed.rivals:
        rest = following[way.consumed :]
        if work + 2 * len(way.played) + len(rest) > budget:
            break
        position = Reached(state if way.start is None else way.start, well_formed=well_formed)
        try:
            for entry in (*way.played, *rest):
                work += 1
                position.apply(entry)
        except (IllegalActionError, InvalidActionError):
            continue
        found = _resumed(way, state, 0, (), well_formed=well_formed)
        return found, work + found.work
    return None, work
