"""Replaying and validating a log (docs/log-format.md, Validation).

:func:`replay` gives every state and the events of every action and raises
:class:`~tigris_rules.errors.LogError` at the first problem; :func:`validate_log` lists every
problem instead (an illegal action is skipped, or repaired, and the replay goes on from the
last good state; :mod:`tigris_rules.records._repair`).

>>> import tigris_rules as tr
>>> recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
>>> state = recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
>>> tr.validate_log(recorder.log()).valid
True
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice, takewhile
from typing import cast

import attrs

from tigris_rules._arguments import expect
from tigris_rules.api import AnyState, is_over, result
from tigris_rules.errors import (
    ArgumentValueError,
    FormatError,
    IllegalActionError,
    InvalidActionError,
)
from tigris_rules.model.colors import COLORS
from tigris_rules.records import _repair
from tigris_rules.records._checks import MAX_PROBLEMS
from tigris_rules.records._replaying import Reached, opening_of, step_entry
from tigris_rules.records.game_record import Finder, document_of, placed
from tigris_rules.records.json_io import DEFAULT_MAX_BYTES
from tigris_rules.records.log import (
    AnyEvent,
    ExpectedResult,
    GameLog,
    Item,
    LogEntry,
    PlayerOutcome,
    input_name,
    read_file,
)
from tigris_rules.records.problems import Problem, ProblemKind, Report

__all__ = [
    "Position",
    "Replay",
    "replay",
    "replay_position",
    "validate_file",
    "validate_json",
    "validate_log",
]


def _readable(entry: LogEntry | FormatError) -> bool:
    return isinstance(entry, LogEntry)


@attrs.frozen
class Replay:
    """A replayed log: ``states[0]`` is the opening, ``states[k]`` the position after the
    first ``k`` actions, and ``events[k]`` what action ``k`` caused. The states are
    :class:`~tigris_rules.GameState` values for a board-game log and
    :class:`~tigris_rules.CardGameState` values for a card-game log."""

    log: GameLog
    states: tuple[AnyState, ...]
    events: tuple[tuple[AnyEvent, ...], ...]

    @property
    def final(self) -> AnyState:
        """The position after the last action."""
        return self.states[-1]


def _result_problems(log: GameLog, state: AnyState, length: int) -> list[Problem]:
    expected = log.result
    if expected is None:
        return []
    if not is_over(state):
        return [
            Problem(
                ProblemKind.RESULT,
                f"the log gives a final result, but the game is not over after its "
                f"{length} actions",
                path="$.result",
            )
        ]
    replayed = ExpectedResult.of(result(state))
    if len(expected.players) != len(replayed.players):
        return [
            Problem(
                ProblemKind.RESULT,
                f"the log gives a result for {len(expected.players)} seats; "
                f"the game has {len(replayed.players)}",
                path="$.result.players",
            )
        ]
    problems = []
    names = tuple(c.value for c in COLORS)
    for want, got in zip(expected.players, replayed.players, strict=True):

        def scores(p: PlayerOutcome) -> str:
            return " ".join(f"{n} {v}" for n, v in zip(names, p.scores, strict=True))

        shows: tuple[tuple[str, Callable[[PlayerOutcome], str]], ...] = (
            ("scores", scores),
            ("treasures", lambda p: str(p.treasures)),
            ("place", lambda p: str(p.place)),
        )
        for field, show in shows:
            if getattr(want, field) != getattr(got, field):
                problems.append(
                    Problem(
                        ProblemKind.RESULT,
                        f"seat {got.player}: the log expects {field} {show(want)}, "
                        f"the replay gives {show(got)}",
                        player=got.player,
                        path=f"$.result.players[{got.player}].{field}",
                    )
                )
    return problems


class _Problems:
    """The problems of one log, at most ``cap`` kept (``None``: all); a document that does
    not follow the format (``unreadable``) makes the other problems found so far moot: a
    malformed log is not replayed."""

    def __init__(self, cap: int | None, *, strict: bool, find: Finder | None = None) -> None:
        self.find = find
        self.cap = cap
        self.strict = strict
        self.listed: list[Problem] = []
        self.more = 0
        self.malformed = False

    def add(self, problem: Problem, *, unreadable: bool = False) -> None:
        """Keep ``problem``, placed in the file read, or count it once ``cap`` are kept (a
        problem only counted is not placed: that costs a look into the file)."""
        if self.strict:
            raise self._placed(problem).error()
        if unreadable and not self.malformed:
            self.malformed = True
            self.listed = [p for p in self.listed if p.kind is ProblemKind.FORMAT]
            self.more = 0
        if self.cap is None or len(self.listed) < self.cap:
            self.listed.append(self._placed(problem))
        else:
            self.more += 1

    def replace(self, slot: int, problem: Problem) -> None:
        """Put ``problem``, placed in the file read, in the place of the ``slot``-th."""
        self.listed[slot] = self._placed(problem)

    def _placed(self, problem: Problem) -> Problem:
        return problem if self.find is None else placed(problem, self.find)


@attrs.define(eq=False)
class _Repaired:
    """The repair (``resumed``) of the action ``item``, rejected in the position ``before``
    (the actions replayed before it: ``trail``), while the actions replayed after it
    (``since``) are at most :data:`~tigris_rules.records._repair.REJUDGE_DISTANCE`: when
    one of them is rejected, the ways that fitted as well as the one kept are judged again
    by the actions up to it (docs/log-format.md, Validation). ``applied``: the actions
    replayed before it; ``slot``: where its problem is listed."""

    item: tuple[int, LogEntry]
    before: AnyState
    trail: _repair.Trail
    resumed: _repair.Resumed
    rule: str | None
    reason: str
    applied: int
    slot: int
    since: list[Item] = attrs.field(factory=list)

    def problem(self, at: int, slip: LogEntry, reason: str, resumed: _repair.Resumed) -> Problem:
        """The problem of ``item`` gone on from by ``resumed``, the slip at ``at``."""
        return Problem(
            ProblemKind.RULE,
            reason,
            index=at,
            player=slip.player,
            action=slip.action,
            rule=self.rule,
            assumed=resumed.assumed,
            diagnosis=resumed.diagnosis,
            likely=resumed.likely,
        )


def _check(
    head: GameLog,
    length: int,
    items: Iterator[Item],
    *,
    strict: bool,
    well_formed: bool = False,
    max_problems: int | None = MAX_PROBLEMS,
    expected: Callable[[], ExpectedResult | None] | None = None,
    find: Finder | None = None,
) -> Report:
    """Replay the ``length`` actions ``items`` of the log ``head`` (each read, or the
    :class:`FormatError` of an unreadable one) and list the problems; the position is the
    only thing kept. ``well_formed`` says that the actions come from the JSON reader, which
    accepts only well-formed fields (CONV-19). ``expected`` gives the expected result (once
    every action was read), else ``head.result``; ``find`` says where each action or field
    is written in the file read."""
    problems = _Problems(max_problems, strict=strict, find=find)
    start = opening_of(head)
    if isinstance(start, Problem):
        problems.add(start)
        for _, unread in items:  # the format of every action is still checked
            if isinstance(unread, FormatError):
                for where, why in unread.problems:
                    problems.add(Problem(ProblemKind.FORMAT, why, path=where), unreadable=True)
        return Report(tuple(problems.listed), length, 0, None, head, problems.more)
    position = Reached(start, well_formed=well_formed)
    waiting: deque[Item] = deque()

    def ahead(count: int) -> list[LogEntry]:
        """The next ``count`` actions, read ahead into ``waiting``; fewer at the end of the
        log or before an unreadable one."""
        while len(waiting) < count and (more := next(items, None)) is not None:
            waiting.append(more)
        following = (e for _, e in islice(waiting, count))
        return cast("list[LogEntry]", list(takewhile(_readable, following)))

    applied = 0
    trail = _repair.Trail(start, well_formed=well_formed)
    previous: LogEntry | None = None
    budget = _repair.repair_budget(length)
    rivals_budget = _repair.RIVALS_PER_ACTION * length
    last: _Repaired | None = None  # the last repair, while its rivals may be judged again

    def went_on(
        resumed: _repair.Resumed, before: AnyState, item: tuple[int, LogEntry], reason: str
    ) -> tuple[int, LogEntry, str]:
        """Go on by ``resumed`` after ``item`` was rejected in ``before`` for ``reason``;
        where the slip stands and the reason to report."""
        nonlocal position, applied
        at, slip = item
        if resumed.back:  # the slip stands at an action replayed before
            at, slip = trail.entries[-resumed.back]
            reason = f"action {item[0]} is then rejected: {reason}"
        if resumed.state is not before:
            position = Reached(resumed.state, well_formed=well_formed)
            trail.restart(resumed.state)
        for _ in range(resumed.consumed):  # played by the repair, read ahead
            taken = waiting.popleft()
            if last is not None:
                last.since.append(taken)
            applied += 1
        return at, slip, reason

    while True:
        next_item = waiting.popleft() if waiting else next(items, None)
        if next_item is None:
            break
        index, entry = next_item
        if last is not None:
            last.since.append(next_item)
            if index - last.item[0] > _repair.REJUDGE_DISTANCE:
                last = None
        if isinstance(entry, FormatError):
            last = None
            for where, why in entry.problems:
                problems.add(Problem(ProblemKind.FORMAT, why, path=where), unreadable=True)
            continue
        if problems.malformed:
            continue
        path: str | None
        lacking: tuple[int, str] | None = None
        try:
            position.apply(entry)
            applied += 1
            previous = entry
            trail.played(index, entry, position)
            continue
        except IllegalActionError as exc:
            kind, rule, reason, path = ProblemKind.RULE, exc.rule, exc.reason, None
            lacking = exc.lacking
        except InvalidActionError as exc:
            kind, rule, reason = ProblemKind.FORMAT, None, exc.reason
            path = f"$.actions[{index}].{exc.field}"
        if last is not None and kind is ProblemKind.RULE and rivals_budget > 0:
            since = cast("list[LogEntry]", [e for _, e in last.since])
            redone, tried = _repair.rival(
                last.resumed,
                last.before,
                since + ahead(_repair.LOOKAHEAD),
                min(rivals_budget - len(since), _repair.REPAIR_PER_PROBLEM),  # and replayed again
                well_formed=well_formed,
            )
            rivals_budget -= tried + (len(since) if redone is not None else 0)
            if redone is not None:  # a rival replays past this action: it is kept instead
                waiting.extendleft(reversed(last.since))  # to be replayed again after it
                position = Reached(last.before, well_formed=well_formed)
                trail, applied, previous = last.trail, last.applied, last.item[1]
                mended, last = last, None
                at, slip, why = went_on(redone, mended.before, mended.item, mended.reason)
                problems.replace(mended.slot, mended.problem(at, slip, why, redone))
                continue
        last = None
        assumed = diagnosis = likely = None
        at, slip = index, entry
        if not strict and kind is ProblemKind.RULE:
            assumed = "skipped"  # and the position is kept
            if budget > 0:
                before = position.state
                resumed = _repair.resume(
                    before,
                    entry,
                    ahead,
                    min(budget, _repair.REPAIR_PER_PROBLEM),
                    index=index,
                    previous=previous,
                    earlier=trail.earlier,
                    trail=trail,
                    lacking=lacking,
                    well_formed=well_formed,
                )
                assumed, diagnosis, likely = resumed.assumed, resumed.diagnosis, resumed.likely
                budget -= resumed.work
                if resumed.rivals and problems.more == 0:
                    last = _Repaired(
                        (index, entry),
                        before,
                        trail.copy(),
                        resumed,
                        rule,
                        reason,
                        applied,
                        len(problems.listed),
                    )
                at, slip, reason = went_on(resumed, before, (index, entry), reason)
        problems.add(
            Problem(
                kind,
                reason,
                index=at,
                player=slip.player,
                action=slip.action,
                rule=rule,
                path=path,
                assumed=assumed,
                diagnosis=diagnosis,
                likely=likely,
            )
        )
        if last is not None and len(problems.listed) != last.slot + 1:
            last = None  # only counted, not listed
        previous = entry
    state = position.state
    result_log = head
    if expected is not None and not problems.malformed:
        try:
            result_log = attrs.evolve(head, result=expected())
        except FormatError as exc:
            for where, why in exc.problems:
                problems.add(Problem(ProblemKind.FORMAT, why, path=where), unreadable=True)
    if not problems.listed:
        for problem in _result_problems(result_log, state, length):
            problems.add(problem)
    return Report(tuple(problems.listed), length, applied, state, result_log, problems.more)


def _numbered(entries: Iterable[LogEntry]) -> Iterator[Item]:
    return enumerate(entries)


def validate_log(
    log: GameLog, *, strict: bool = False, max_problems: int | None = MAX_PROBLEMS
) -> Report:
    """Replay ``log`` and list its problems (at most ``max_problems``; ``None``: all).

    A rejected action is reported (with its index, player, rule ID and reason) and the
    replay goes on: with the same action sent by the seat to move when the log names
    another, with a legal action of the same kind one field apart from it, without it,
    exchanged with one of the next actions, after one action the log lacks, with one of the
    actions just before it mended, or with an action far before it given another colour
    when it was refused for a colour a hand lacks, whichever lets the most of the next
    actions replay (``Problem.assumed`` says which, ``Problem.diagnosis`` and
    ``Problem.likely`` what most likely happened; docs/log-format.md, Validation). The
    expected result, when the log gives one, is compared once every action replayed without
    a problem. With ``strict=True`` the first problem raises
    :class:`~tigris_rules.errors.LogError` instead.
    """
    expect(log, GameLog, "log")
    expect(strict, bool, "strict")
    expect(max_problems, (int, None), "max_problems")
    return _check(
        log, len(log.actions), _numbered(log.actions), strict=strict, max_problems=max_problems
    )


def replay(log: GameLog) -> Replay:
    """Every state and the events of every action of ``log``; raises
    :class:`~tigris_rules.errors.LogError` at the first illegal action (the expected result
    is not checked: use :func:`validate_log`). For a long log, :func:`replay_position` keeps
    one position only."""
    expect(log, GameLog, "log")
    start = opening_of(log)
    if isinstance(start, Problem):
        raise start.error()
    state = start
    states: list[AnyState] = [state]
    events: list[tuple[AnyEvent, ...]] = []
    for index, entry in enumerate(log.actions):
        try:
            state, caused = step_entry(state, entry.action, entry.player)
        except (IllegalActionError, InvalidActionError) as exc:
            raise _action_problem(index, entry, exc).error() from None
        states.append(state)
        events.append(caused)
    return Replay(log, tuple(states), tuple(events))


def _action_problem(
    index: int, entry: LogEntry, exc: IllegalActionError | InvalidActionError
) -> Problem:
    if isinstance(exc, IllegalActionError):
        return Problem(
            ProblemKind.RULE,
            exc.reason,
            index=index,
            player=entry.player,
            action=entry.action,
            rule=exc.rule,
        )
    return Problem(
        ProblemKind.FORMAT,
        exc.reason,
        index=index,
        player=entry.player,
        action=entry.action,
        path=f"$.actions[{index}].{exc.field}",
    )


def _format_report(exc: FormatError) -> Report:
    return Report(
        tuple(
            placed(Problem(ProblemKind.FORMAT, reason, path=path)) for path, reason in exc.problems
        )
    )


def validate_json(
    text: str | bytes,
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    max_problems: int | None = MAX_PROBLEMS,
) -> Report:
    """Read a log from JSON text, or from a text game record of one game
    (:func:`~tigris_rules.parse_record`), and validate it; a malformed document gives a
    report of format problems (each naming the JSON path of the bad field) instead of an
    exception. Every problem gives the line and the column where it stands in ``text``,
    when known (:class:`Problem`). The actions of a JSON log are read and replayed one at a
    time: the memory used does not grow with their number."""
    expect(text, (str, bytes, bytearray), "text")
    expect(max_bytes, (int, None), "max_bytes")
    expect(max_problems, (int, None), "max_problems")
    try:
        document, find = document_of(text, max_bytes)
    except FormatError as exc:
        return _format_report(exc)
    return _check(
        document.head,
        document.length,
        document.items(),
        strict=False,
        well_formed=True,
        max_problems=max_problems,
        expected=document.result,
        find=find,
    )


def unreadable(path: str | os.PathLike[str], exc: OSError) -> str:
    """Why the input at ``path`` could not be read, for a format problem."""
    return f"cannot read {input_name(path)}: {exc.strerror or exc}"


def _unreadable(path: str | os.PathLike[str], exc: OSError) -> Report:
    return Report((Problem(ProblemKind.FORMAT, unreadable(path, exc), path="$"),))


def validate_file(
    path: str | os.PathLike[str],
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    max_problems: int | None = MAX_PROBLEMS,
) -> Report:
    """Validate the log in the file at ``path`` (``"-"``: standard input), JSON or a text
    game record of one game, as :func:`validate_json` does; a file that cannot be read or
    is larger than ``max_bytes`` gives a report with one format problem."""
    expect(path, (str, os.PathLike), "path")
    expect(max_bytes, (int, None), "max_bytes")
    expect(max_problems, (int, None), "max_problems")
    try:
        data = read_file(path, max_bytes)
    except FormatError as exc:
        return _format_report(exc)
    except OSError as exc:
        return _unreadable(path, exc)
    return validate_json(data, max_bytes=max_bytes, max_problems=max_problems)


@attrs.frozen
class Position:
    """What :func:`replay_position` found: the log's ``head`` (its configuration, seed or
    deal; no actions), ``length`` (how many actions it holds), ``step`` (how many replayed)
    and ``state`` (the position after them); ``problem`` is the action that could not be
    replayed, when the replay stopped before the step asked for."""

    head: GameLog
    length: int
    step: int
    state: AnyState
    problem: Problem | None = None


def replay_position(
    path: str | os.PathLike[str],
    step: int | None = None,
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
) -> Position:
    """Replay the log in the file at ``path`` (``"-"``: standard input) up to its action
    ``step`` (``None``: every action), keeping one position only. An action that cannot be
    replayed stops the replay: the position is the one before it and ``problem`` says
    which action it is. The format of every action is checked all the same.
    :class:`~tigris_rules.errors.FormatError` for a malformed or unreadable file (or one
    larger than ``max_bytes``), :class:`~tigris_rules.errors.LogError` for a deal that does
    not match the components, :class:`~tigris_rules.errors.ArgumentValueError` for a
    ``step`` past the end."""
    expect(path, (str, os.PathLike), "path")
    expect(step, (int, None), "step")
    expect(max_bytes, (int, None), "max_bytes")
    try:
        data = read_file(path, max_bytes)
    except OSError as exc:
        raise FormatError("$", unreadable(path, exc)) from None
    document, find = document_of(data, max_bytes)
    del data
    length = document.length
    if step is not None and not 0 <= step <= length:
        raise ArgumentValueError(
            f"step must be between 0 and {length} (the log holds {length} actions)"
        )
    start = opening_of(document.head)
    if isinstance(start, Problem):
        raise start.error()
    position = Reached(start, well_formed=True)
    done = 0
    problem = None
    formats: list[tuple[str, str]] = []
    for index, entry in document.items():
        if isinstance(entry, FormatError):
            formats += entry.problems
        elif formats or problem is not None or (step is not None and index >= step):
            continue
        else:
            try:
                position.apply(entry)
                done += 1
            except (IllegalActionError, InvalidActionError) as exc:
                problem = placed(_action_problem(index, entry, exc), find)
    if formats:
        raise FormatError.of(formats[:MAX_PROBLEMS])
    document.result()  # its format
    return Position(document.head, length, done, position.state, problem)
