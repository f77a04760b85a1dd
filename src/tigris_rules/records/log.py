"""Game records: the JSON log format v1, recording a game, replaying and validating a log.

A log (docs/log-format.md) holds the format name and version, the library version, the
configuration, the deal or the seed, every action with the seat that took it, and optionally
the expected final result. The same format records both rulesets: the configuration's
``game`` (``"board"`` or ``"cards"``) says which rules replay it.

>>> import tigris_rules as tr
>>> recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
>>> state = recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
>>> log = recorder.log()
>>> tr.validate_log(log).valid
True
>>> tr.loads(tr.dumps(log), tr.GameLog) == log
True

:func:`replay` gives every state and the events of every action and raises
:class:`~tigris_rules.errors.LogError` at the first problem; :func:`validate_log` lists every
problem instead (an illegal action is skipped and the replay goes on from the last good
state).
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from importlib import resources
from itertools import islice, takewhile
from pathlib import Path
from typing import Any, Final, TypeAlias, cast, overload

import attrs

from tigris_rules.api import (
    AnyAction,
    AnyState,
    legal_actions,
    new_card_game,
    new_game,
    result,
    step,
    to_move,
)
from tigris_rules.arguments import CALLABLE, expect
from tigris_rules.cards import codec as _card_codec  # noqa: F401  # registers the card JSON
from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.setup import CardDeal
from tigris_rules.cards.state import CardGameState
from tigris_rules.errors import (
    ArgumentValueError,
    DealError,
    FormatError,
    IllegalActionError,
    InvalidActionError,
    LogError,
)
from tigris_rules.model.actions import Action
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.events import Event
from tigris_rules.model.state import GameState
from tigris_rules.records import _quick, json_io
from tigris_rules.records import tags as _board_tags  # noqa: F401  # registers the board tags
from tigris_rules.records._checks import (
    MAX_PROBLEMS,
    at,
    check_keys,
    clip,
    describe,
    need_array,
    need_int,
    need_object,
)
from tigris_rules.records.converter import TAG_KEY, register_hooks, structure, unstructure
from tigris_rules.records.json_io import DEFAULT_MAX_BYTES, format_size
from tigris_rules.records.json_reading import LazyArray, TooLarge, read_limited
from tigris_rules.rules.engine import Replayer
from tigris_rules.rules.scoring import Result

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "LOOKAHEAD",
    "MAX_LOOKAHEAD",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "STDIN",
    "ExpectedResult",
    "GameLog",
    "LogEntry",
    "PlayerOutcome",
    "Position",
    "Problem",
    "ProblemKind",
    "Recorder",
    "Replay",
    "Report",
    "describe_action",
    "log_schema",
    "log_schema_text",
    "read_log",
    "record_game",
    "replay",
    "replay_position",
    "validate_file",
    "validate_json",
    "validate_log",
    "write_log",
]

FORMAT_NAME: Final = "tigris-rules-log"
"""The value of ``"format"`` in every log."""

FORMAT_VERSION: Final = 1
"""The version of the log format this library writes and reads."""


def _library_version() -> str:
    from tigris_rules import __version__  # the package imports this module: import late

    return __version__


# --- the log --------------------------------------------------------------------------------


AnyEvent: TypeAlias = Event | CardEvent
"""An event of either ruleset."""


@attrs.frozen
class LogEntry:
    """One input of a log: ``action`` (an action or a decision answer of the log's game)
    sent by seat ``player``."""

    player: int
    action: AnyAction


@attrs.frozen
class PlayerOutcome:
    """One seat's expected final standing: VP per colour before treasures (black, red, blue,
    green), treasures taken and place (1 for the winners, shared on ties, SCORE-5). In the
    card game the VP are the cards of each colour on the seat's VP pile and the treasures
    its treasure cards (CARD-VP-3, CARD-SCORE-1)."""

    player: int
    scores: tuple[int, int, int, int]
    treasures: int
    place: int


@attrs.frozen
class ExpectedResult:
    """The final result a log expects, one :class:`PlayerOutcome` per seat in seat order."""

    players: tuple[PlayerOutcome, ...]

    @classmethod
    def of(cls, outcome: Result) -> ExpectedResult:
        """The expected result matching ``outcome`` (``tr.result(state)``)."""
        return cls(
            tuple(
                PlayerOutcome(p.player, p.scores, p.treasures, p.place)
                for p in sorted(outcome.players, key=lambda p: p.player)
            )
        )

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The seats grouped by place, best first: ``((2,), (0, 1))``."""
        places = sorted({p.place for p in self.players})
        return tuple(tuple(p.player for p in self.players if p.place == pl) for pl in places)


@attrs.frozen
class GameLog:
    """A game record (log format v1, docs/log-format.md).

    Exactly one of ``seed`` and ``deal`` is given: the game starts as
    ``new_game(config, seed=seed)`` or ``new_game(config, deal=deal)``, or for a card game
    (``config.game == "cards"``) ``new_card_game(config, seed=seed)`` or
    ``new_card_game(config, deal=deal)`` with a :class:`~tigris_rules.CardDeal`. ``actions``
    are the inputs in order; ``result``, when given, is the final result the replay must
    reach; ``library_version`` names the version of the library that wrote the log
    (informative).
    """

    config: GameConfig
    actions: tuple[LogEntry, ...] = ()
    seed: int | None = None
    deal: Deal | CardDeal | None = None
    result: ExpectedResult | None = None
    library_version: str = attrs.field(factory=_library_version)


def _unstructure_entry(entry: LogEntry) -> dict[str, Any]:
    return {"player": entry.player, **unstructure(entry.action)}


def _structure_entry(data: object, kind: object = AnyAction) -> LogEntry:
    """A log entry whose action is one of ``kind``: the actions of the log's game, or of
    either game for an entry read on its own."""
    obj = need_object(data)
    if "player" not in obj:
        raise FormatError("$.player", "missing required field (the seat that sent the action)")
    try:
        player = need_int(obj["player"], 0)
    except FormatError as exc:
        raise exc.under("$.player") from None
    action = structure({k: v for k, v in obj.items() if k != "player"}, kind)
    return LogEntry(player, action)


def _unstructure_outcome(outcome: PlayerOutcome) -> dict[str, Any]:
    return {
        "player": outcome.player,
        "scores": dict(zip((c.value for c in COLORS), outcome.scores, strict=True)),
        "treasures": outcome.treasures,
        "place": outcome.place,
    }


def _structure_outcome(data: object) -> PlayerOutcome:
    obj = need_object(data)
    check_keys(obj, ("player", "scores", "treasures", "place"))
    names = tuple(c.value for c in COLORS)

    def scores(value: object) -> tuple[int, int, int, int]:
        per_color = need_object(value)
        check_keys(per_color, names)
        s = [at(f"$.{n}", _count, per_color[n]) for n in names]
        return (s[0], s[1], s[2], s[3])

    return PlayerOutcome(
        player=at("$.player", _count, obj["player"]),
        scores=at("$.scores", scores, obj["scores"]),
        treasures=at("$.treasures", _count, obj["treasures"]),
        place=at("$.place", _place, obj["place"]),
    )


def _count(value: object) -> int:
    return need_int(value, 0)


def _place(value: object) -> int:
    return need_int(value, 1)


def _unstructure_expected(expected: ExpectedResult) -> dict[str, Any]:
    return {"players": [_unstructure_outcome(p) for p in expected.players]}


def _structure_expected(data: object) -> ExpectedResult:
    obj = need_object(data)
    check_keys(obj, ("players",))
    items = at("$.players", need_array, obj["players"])
    players = []
    for i, item in enumerate(items):
        outcome = at(f"$.players[{i}]", _structure_outcome, item)
        if outcome.player != i:
            raise FormatError(
                f"$.players[{i}].player",
                f"expected seat {i} (seats in order), got {outcome.player}",
            )
        players.append(outcome)
    return ExpectedResult(tuple(players))


def _unstructure_log(log: GameLog) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "library_version": log.library_version,
        "config": unstructure(log.config),
    }
    if log.seed is not None:
        data["seed"] = log.seed
    if log.deal is not None:
        data["deal"] = unstructure(log.deal)
    data["actions"] = [_unstructure_entry(e) for e in log.actions]
    if log.result is not None:
        data["result"] = _unstructure_expected(log.result)
    return data


def _string(value: object) -> str:
    return structure(value, str)


def _config(value: object) -> GameConfig:
    return structure(value, GameConfig)


def _deal(value: object) -> Deal:
    return structure(value, Deal)


def _card_deal(value: object) -> CardDeal:
    return structure(value, CardDeal)


_LOG_REQUIRED: Final = ("format", "version", "library_version", "config", "actions")
_QUICK_ACTION: Final = _quick.quick_reader(Action, besides="player", build=LogEntry)
_QUICK_CARD_ACTION: Final = _quick.quick_reader(CardAction, besides="player", build=LogEntry)
_LOG_OPTIONAL: Final = ("seed", "deal", "result")


def _structure_head(obj: dict[str, Any]) -> GameLog:
    """The log ``obj`` stands for, without its actions and its result: the checks of every
    key but ``actions`` and ``result``."""
    fmt = obj.get("format")
    if fmt != FORMAT_NAME:
        reason = "missing required field" if "format" not in obj else f"got {describe(fmt)}"
        raise FormatError("$.format", f'not a tigris-rules log: expected "{FORMAT_NAME}"; {reason}')
    if "version" not in obj:
        raise FormatError("$.version", "missing required field (the log format version)")
    version = obj["version"]
    if type(version) is not int:
        raise FormatError("$.version", f"expected an integer, got {describe(version)}")
    if version != FORMAT_VERSION:
        raise FormatError(
            "$.version",
            f"unknown log format version {clip(str(version))}; this library "
            f"({_library_version()}) reads version {FORMAT_VERSION}",
        )
    check_keys(obj, _LOG_REQUIRED, _LOG_OPTIONAL)
    if ("seed" in obj) == ("deal" in obj):
        word = "both" if "seed" in obj else "neither"
        raise FormatError("$", f"a log gives exactly one of seed and deal, not {word}")
    library_version = at("$.library_version", _string, obj["library_version"])
    config = at("$.config", _config, obj["config"])
    seed = at("$.seed", need_int, obj["seed"]) if "seed" in obj else None
    deal: Deal | CardDeal | None = None
    if "deal" in obj and config.game == "cards":
        deal = at("$.deal", _card_deal, obj["deal"])
    elif "deal" in obj:
        deal = at("$.deal", _deal, obj["deal"])
    return GameLog(config=config, seed=seed, deal=deal, library_version=library_version)


def _entry_reader(config: GameConfig) -> Callable[[object], LogEntry]:
    """Reads one item of ``actions`` of a log of ``config``: :class:`FormatError` with paths
    under the item."""
    cards = config.game == "cards"
    kind: object = CardAction if cards else Action
    quick = _QUICK_CARD_ACTION if cards else _QUICK_ACTION

    def read(item: object) -> LogEntry:
        entry = quick(item)
        if entry is None:
            entry = _structure_entry(item, kind)
        if entry.player >= config.players:
            raise FormatError(
                "$.player",
                f"expected a seat 0..{config.players - 1} of this game, got {entry.player}",
            )
        return entry

    return read


def _structure_result(obj: dict[str, Any], config: GameConfig) -> ExpectedResult | None:
    if "result" not in obj:
        return None
    expected = at("$.result", _structure_expected, obj["result"])
    if len(expected.players) != config.players:
        raise FormatError(
            "$.result.players",
            f"expected {config.players} entries (one per seat), got {len(expected.players)}",
        )
    return expected


def _structure_log(data: object) -> GameLog:
    obj = need_object(data)
    head = _structure_head(obj)
    items = at("$.actions", need_array, obj["actions"])
    entries: list[LogEntry] = []
    problems: list[tuple[str, str]] = []
    read = _entry_reader(head.config)
    for i, item in enumerate(items):
        try:
            entries.append(read(item))
        except FormatError as exc:
            problems += exc.under(f"$.actions[{i}]").problems
            if len(problems) >= MAX_PROBLEMS:
                problems.append(("$.actions", "too many problems; the rest are not listed"))
                break
    if problems:
        raise FormatError.of(problems)
    expected = _structure_result(obj, head.config)
    return attrs.evolve(head, actions=tuple(entries), result=expected)


register_hooks(LogEntry, _unstructure_entry, _structure_entry)
register_hooks(PlayerOutcome, _unstructure_outcome, _structure_outcome)
register_hooks(ExpectedResult, _unstructure_expected, _structure_expected)
register_hooks(GameLog, _unstructure_log, _structure_log)


# --- problems and reports -------------------------------------------------------------------


class ProblemKind(StrEnum):
    """What kind of problem a log has.

    A string-valued enum: ``problem.kind == "format"`` holds for a format problem, and
    ``str(problem.kind)`` is its value, as in the JSON of ``tigris-rules validate --json``.
    """

    FORMAT = "format"
    """The document does not follow the format (not JSON, wrong type, unknown version...)."""
    RULE = "rule"
    """An action the rules forbid, or a deal that does not match the components."""
    RESULT = "result"
    """The expected result differs from the replayed one."""


def describe_action(action: object) -> str:
    """A short text for an action: its tag and field values, such as ``place_tile red g4``
    or ``swap_tiles black=0 red=2 blue=0 green=1``."""
    try:
        data = unstructure(action)
    except Exception:  # a malformed object built in Python: show what it is
        return repr(action)
    if not isinstance(data, dict):
        return repr(action)
    parts = [str(data.pop(TAG_KEY, type(action).__name__))]
    for name, value in data.items():
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{name}={value}")
        else:
            parts.append(f"{name}={json_io.dumps(value)}")
    return " ".join(parts)


@attrs.frozen
class Problem:
    """One thing wrong with a log.

    ``kind`` says what kind; ``reason`` is a sentence. For an action: ``index`` (0-based, as
    in ``$.actions[index]``), ``player`` (the seat the log names) and ``action``; ``rule`` is
    the RULES.md ID of the rule broken, when there is one; ``path`` is the JSON path of a
    format problem. ``assumed`` says how :func:`validate_log` went on after a rejected
    action: ``"skipped"``, ``"as player 2's"`` or ``"as place_tile red g5"``
    (docs/log-format.md, Validation).
    """

    kind: ProblemKind
    reason: str
    index: int | None = None
    player: int | None = None
    action: AnyAction | None = None
    rule: str | None = None
    path: str | None = None
    assumed: str | None = None

    def __str__(self) -> str:
        rule = f"{self.rule}: " if self.rule else ""
        if self.index is not None:
            what = f"player {self.player}: {describe_action(self.action)}"
            where = f"action {self.index} ({what})"
            if self.path is not None:
                where += f" {self.path}"
            return f"{where}: {rule}{self.reason}"
        if self.path is not None:
            return f"{self.path}: {rule}{self.reason}"
        label = "result" if self.kind is ProblemKind.RESULT else "log"
        return f"{label}: {rule}{self.reason}"

    def to_json(self) -> dict[str, Any]:
        """The problem as JSON data (for ``tigris-rules validate --json``)."""
        action = None
        if self.action is not None:
            try:
                action = unstructure(self.action)
            except Exception:
                action = repr(self.action)
        return {
            "kind": self.kind.value,
            "index": self.index,
            "player": self.player,
            "action": action,
            "rule": self.rule,
            "path": self.path,
            "reason": self.reason,
            "assumed": self.assumed,
            "message": str(self),
        }

    def error(self) -> LogError | FormatError:
        """The exception that stands for this problem."""
        if self.kind is ProblemKind.FORMAT and self.index is None:
            return FormatError(self.path or "$", self.reason)
        return LogError(
            str(self),
            kind=self.kind.value,
            reason=self.reason,
            index=self.index,
            player=self.player,
            action=self.action,
            rule=self.rule,
            problem=self,
        )


@attrs.frozen
class Report:
    """What :func:`validate_log` found.

    ``problems`` lists the problems in log order, at most ``max_problems`` of them, and
    ``more`` counts those found past that cap; ``actions`` is how many actions the log holds
    and ``applied`` how many replayed as written; ``state`` is the position the replay
    reached (``None`` when the log could not be read or started); ``log`` is the log checked
    (``None`` when it could not be read; read from JSON, it keeps no actions: ``actions``
    counts them); ``over`` says whether the game ended.
    """

    problems: tuple[Problem, ...]
    actions: int = 0
    applied: int = 0
    state: AnyState | None = None
    log: GameLog | None = None
    more: int = 0

    @property
    def valid(self) -> bool:
        """No problem at all."""
        return not self.problems

    @property
    def malformed(self) -> bool:
        """At least one format problem: the document does not follow the format."""
        return any(p.kind is ProblemKind.FORMAT for p in self.problems)

    @property
    def over(self) -> bool:
        """Whether the replayed game ended."""
        return self.state is not None and self.state.over


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


_RULE_ID = re.compile(r"\b([A-Z]+(?:-[A-Z]+)*-\d+)\b")


def _start(log: GameLog) -> AnyState | Problem:
    """The opening of ``log``, or the problem that prevents it."""
    if not isinstance(log.config, GameConfig):
        return Problem(ProblemKind.FORMAT, "expected a GameConfig", path="$.config")
    if (log.seed is None) == (log.deal is None):
        word = "neither" if log.seed is None else "both"
        return Problem(
            ProblemKind.FORMAT, f"a log gives exactly one of seed and deal, not {word}", path="$"
        )
    try:
        return _opening(log.config, log.seed, log.deal)
    except DealError as exc:
        found = _RULE_ID.search(str(exc))
        if found is None:
            path = "$.seed" if log.deal is None else "$.deal"
            return Problem(ProblemKind.FORMAT, str(exc), path=path)
        return Problem(ProblemKind.RULE, str(exc), rule=found.group(1), path="$.deal")


def _result_problems(log: GameLog, state: AnyState, length: int) -> list[Problem]:
    expected = log.result
    if expected is None:
        return []
    if not state.over:
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


class _Position:
    """The position a replay has reached; a board game is replayed on one working copy."""

    __slots__ = ("_fast", "_state")

    def __init__(self, state: AnyState, *, well_formed: bool = False) -> None:
        self._state = state
        self._fast = (
            Replayer(state, well_formed=well_formed) if isinstance(state, GameState) else None
        )

    def apply(self, entry: LogEntry) -> None:
        """Play ``entry``; an illegal or malformed input raises and changes nothing."""
        if self._fast is not None:
            self._fast.apply(cast("Action", entry.action), entry.player)
        else:
            self._state = _step(self._state, entry.action, entry.player)[0]

    @property
    def state(self) -> AnyState:
        return self._fast.state if self._fast is not None else self._state


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

_Item: TypeAlias = tuple[int, "LogEntry | FormatError"]


def _readable(entry: LogEntry | FormatError) -> bool:
    return isinstance(entry, LogEntry)


def _repair_budget(length: int) -> int:
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
        self, assumed: str, action: LogEntry | None, position: _Position, fitting: int
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
    ways = [_Way("skipped", None, _Position(state, well_formed=well_formed), 0)]
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
        position = _Position(state, well_formed=well_formed)
        instead = LogEntry(mover, action)
        try:
            position.apply(instead)
        except (IllegalActionError, InvalidActionError):  # sent by the seat to move, or not
            continue
        ways.append(_Way(text, instead, position, 1))
    return ways, work


def _resume(
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
    return way.assumed, _step(state, way.action.action, way.action.player)[0], work


class _Problems:
    """The problems of one log, at most ``cap`` kept (``None``: all); a document that does
    not follow the format (``unreadable``) makes the other problems found so far moot: a
    malformed log is not replayed."""

    def __init__(self, cap: int | None, *, strict: bool) -> None:
        self.cap = cap
        self.strict = strict
        self.listed: list[Problem] = []
        self.more = 0
        self.malformed = False

    def add(self, problem: Problem, *, unreadable: bool = False) -> None:
        if self.strict:
            raise problem.error()
        if unreadable and not self.malformed:
            self.malformed = True
            self.listed = [p for p in self.listed if p.kind is ProblemKind.FORMAT]
            self.more = 0
        if self.cap is None or len(self.listed) < self.cap:
            self.listed.append(problem)
        else:
            self.more += 1


def _check(
    head: GameLog,
    length: int,
    items: Iterator[_Item],
    *,
    strict: bool,
    well_formed: bool = False,
    max_problems: int | None = MAX_PROBLEMS,
    expected: Callable[[], ExpectedResult | None] | None = None,
) -> Report:
    """Replay the ``length`` actions ``items`` of the log ``head`` (each read, or the
    :class:`FormatError` of an unreadable one) and list the problems; the position is the
    only thing kept. ``well_formed`` says that the actions come from the JSON reader, which
    accepts only well-formed fields (CONV-19). ``expected`` gives the expected result (once
    every action was read), else ``head.result``."""
    problems = _Problems(max_problems, strict=strict)
    start = _start(head)
    if isinstance(start, Problem):
        problems.add(start)
        for _, unread in items:  # the format of every action is still checked
            if isinstance(unread, FormatError):
                for where, why in unread.problems:
                    problems.add(Problem(ProblemKind.FORMAT, why, path=where), unreadable=True)
        return Report(tuple(problems.listed), length, 0, None, head, problems.more)
    position = _Position(start, well_formed=well_formed)
    waiting: deque[_Item] = deque()

    def ahead(count: int) -> list[LogEntry]:
        """The next ``count`` actions, read ahead into ``waiting``; fewer at the end of the
        log or before an unreadable one."""
        while len(waiting) < count and (more := next(items, None)) is not None:
            waiting.append(more)
        following = (e for _, e in islice(waiting, count))
        return cast("list[LogEntry]", list(takewhile(_readable, following)))

    applied = 0
    budget = _repair_budget(length)
    while True:
        next_item = waiting.popleft() if waiting else next(items, None)
        if next_item is None:
            break
        index, entry = next_item
        if isinstance(entry, FormatError):
            for where, why in entry.problems:
                problems.add(Problem(ProblemKind.FORMAT, why, path=where), unreadable=True)
            continue
        if problems.malformed:
            continue
        path: str | None
        try:
            position.apply(entry)
            applied += 1
            continue
        except IllegalActionError as exc:
            kind, rule, reason, path = ProblemKind.RULE, exc.rule, exc.reason, None
        except InvalidActionError as exc:
            kind, rule, reason = ProblemKind.FORMAT, None, exc.reason
            path = f"$.actions[{index}].{exc.field}"
        assumed = None
        if not strict and kind is ProblemKind.RULE:
            assumed, state, work = _resume(
                position.state, entry, ahead, budget, well_formed=well_formed
            )
            budget -= work
            position = _Position(state, well_formed=well_formed)
        problems.add(
            Problem(
                kind,
                reason,
                index=index,
                player=entry.player,
                action=entry.action,
                rule=rule,
                path=path,
                assumed=assumed,
            )
        )
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


def _numbered(entries: Iterable[LogEntry]) -> Iterator[_Item]:
    return enumerate(entries)


def validate_log(
    log: GameLog, *, strict: bool = False, max_problems: int | None = MAX_PROBLEMS
) -> Report:
    """Replay ``log`` and list its problems (at most ``max_problems``; ``None``: all).

    A rejected action is reported (with its index, player, rule ID and reason) and the
    replay goes on: with the same action sent by the seat to move when the log names
    another, with a legal action of the same kind one field apart from it, or without it,
    whichever lets the most of the next actions replay (``Problem.assumed`` says which;
    docs/log-format.md, Validation). The expected result, when the log gives one, is
    compared once every action replayed without a problem. With ``strict=True`` the first
    problem raises :class:`~tigris_rules.errors.LogError` instead.
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
    start = _start(log)
    if isinstance(start, Problem):
        raise start.error()
    state = start
    states: list[AnyState] = [state]
    events: list[tuple[AnyEvent, ...]] = []
    for index, entry in enumerate(log.actions):
        try:
            state, caused = _step(state, entry.action, entry.player)
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


@attrs.frozen
class _Document:
    """A log read from JSON whose actions are read one at a time: ``head`` holds all but
    the actions and the result; ``length`` counts the actions."""

    head: GameLog
    length: int
    data: dict[str, Any]
    text: str

    def items(self) -> Iterator[_Item]:
        """Each action read, or the :class:`FormatError` (paths from ``$``) of a bad one."""
        value = self.data["actions"]
        raw = json_io.lazy_items(self.text, value) if isinstance(value, LazyArray) else value
        read = _entry_reader(self.head.config)
        for index, item in enumerate(raw):
            try:
                yield index, read(item)
            except FormatError as exc:
                yield index, exc.under(f"$.actions[{index}]")

    def result(self) -> ExpectedResult | None:
        return _structure_result(self.data, self.head.config)


def _document(text: str | bytes, max_bytes: int | None) -> _Document:
    """The log in ``text``, its actions left unread; :class:`FormatError`."""
    data, decoded = json_io.scan_json(text, "actions", max_bytes=max_bytes)
    obj = need_object(data)
    head = _structure_head(obj)
    value = obj["actions"]
    if not isinstance(value, LazyArray):
        value = at("$.actions", need_array, value)
    length = value.length if isinstance(value, LazyArray) else len(value)
    return _Document(head, length, obj, decoded)


def _format_report(exc: FormatError) -> Report:
    return Report(
        tuple(Problem(ProblemKind.FORMAT, reason, path=path) for path, reason in exc.problems)
    )


def validate_json(
    text: str | bytes,
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    max_problems: int | None = MAX_PROBLEMS,
) -> Report:
    """Read a log from JSON text and validate it; a malformed document gives a report of
    format problems (each naming the JSON path of the bad field) instead of an exception.
    The actions are read and replayed one at a time: the memory used does not grow with
    their number."""
    expect(text, (str, bytes, bytearray), "text")
    expect(max_bytes, (int, None), "max_bytes")
    expect(max_problems, (int, None), "max_problems")
    try:
        document = _document(text, max_bytes)
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
    )


STDIN: Final = "-"
"""The file name that stands for standard input in :func:`validate_file` and the command
line."""


def _read(path: str | os.PathLike[str], max_bytes: int | None) -> bytes:
    """The bytes of the file at ``path`` (``"-"``: standard input), at most ``max_bytes``;
    :class:`FormatError` past the limit, :class:`OSError` when it cannot be read."""
    try:
        if os.fspath(path) == STDIN:
            return read_limited(sys.stdin.buffer, max_bytes)
        with open(path, "rb") as stream:
            return read_limited(stream, max_bytes)
    except TooLarge as exc:
        limit = format_size(max_bytes or 0)
        known = _file_size(path)
        size = format_size(known or exc.size) if exc.exact or known else f"more than {limit}"
        raise FormatError(
            "$",
            f"the file is {size}, larger than the limit of {limit}; raise the limit to read "
            "it (tigris-rules validate --max-size MB)",
        ) from None
    except MemoryError:
        raise FormatError("$", "the file does not fit in memory") from None


def _file_size(path: str | os.PathLike[str]) -> int | None:
    """The size of a regular file, for messages (the limit counts the bytes read)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) and os.fspath(path) != STDIN else None


def read_log(path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> GameLog:
    """Read the log in the file at ``path``; :class:`~tigris_rules.errors.FormatError` for a
    malformed document or a file of more than ``max_bytes`` bytes (50 MB by default,
    ``None`` for no limit; counted while reading, so a pipe or a device is refused too),
    :class:`OSError` when the file cannot be read."""
    expect(path, (str, os.PathLike), "path")
    expect(max_bytes, (int, None), "max_bytes")
    return json_io.loads(_read(path, max_bytes), GameLog, max_bytes=max_bytes)


def _unreadable(exc: OSError) -> Report:
    reason = f"cannot read the file: {exc.strerror or exc}"
    return Report((Problem(ProblemKind.FORMAT, reason, path="$"),))


def validate_file(
    path: str | os.PathLike[str],
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    max_problems: int | None = MAX_PROBLEMS,
) -> Report:
    """Validate the log in the file at ``path`` (``"-"``: standard input); a file that
    cannot be read or is larger than ``max_bytes`` gives a report with one format
    problem."""
    expect(path, (str, os.PathLike), "path")
    expect(max_bytes, (int, None), "max_bytes")
    expect(max_problems, (int, None), "max_problems")
    try:
        data = _read(path, max_bytes)
    except FormatError as exc:
        return _format_report(exc)
    except OSError as exc:
        return _unreadable(exc)
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
        data = _read(path, max_bytes)
    except OSError as exc:
        raise FormatError("$", f"cannot read the file: {exc.strerror or exc}") from None
    document = _document(data, max_bytes)
    del data
    length = document.length
    if step is not None and not 0 <= step <= length:
        raise ArgumentValueError(
            f"step must be between 0 and {length} (the log holds {length} actions)"
        )
    start = _start(document.head)
    if isinstance(start, Problem):
        raise start.error()
    position = _Position(start, well_formed=True)
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
                problem = _action_problem(index, entry, exc)
    if formats:
        raise FormatError.of(formats[:MAX_PROBLEMS])
    document.result()  # its format
    return Position(document.head, length, done, position.state, problem)


def write_log(log: GameLog, path: str | os.PathLike[str]) -> None:
    """Write ``log`` (a :class:`GameLog`, anything else raises
    :class:`~tigris_rules.ArgumentTypeError` and writes nothing) to the file at ``path`` as
    laid-out JSON, one action per line."""
    expect(log, GameLog, "log")
    expect(path, (str, os.PathLike), "path")
    Path(path).write_text(json_io.dumps(log, indent=2) + "\n", encoding="utf-8")


def log_schema_text() -> str:
    """The JSON Schema (draft 2020-12) of the log format, as shipped in the package."""
    return resources.files("tigris_rules").joinpath("data", "log-schema.json").read_text("utf-8")


def log_schema() -> dict[str, Any]:
    """The JSON Schema of the log format as a dict."""
    data = json_io.parse_json(log_schema_text(), max_bytes=None)
    if not isinstance(data, dict):
        raise TypeError("the shipped log schema is not a JSON object")
    return data


# --- recording ------------------------------------------------------------------------------


class Recorder:
    """Records a game while it is played.

    >>> import tigris_rules as tr
    >>> recorder = tr.Recorder(tr.GameConfig(players=2), seed=3)
    >>> state, events = recorder.step(tr.EndTurn())
    >>> len(recorder.log().actions)
    1

    A card-game configuration (``GameConfig(game="cards")``) records a card game, started
    by :func:`~tigris_rules.new_card_game` (``deal`` is then a
    :class:`~tigris_rules.CardDeal`). Each accepted input is recorded with the seat that
    sent it (``to_move`` before it); a rejected input raises as :func:`~tigris_rules.apply`
    does and is not recorded.
    """

    def __init__(
        self,
        config: GameConfig,
        *,
        seed: int | None = None,
        deal: Deal | CardDeal | None = None,
    ) -> None:
        expect(config, GameConfig, "config")
        self._state = _opening(config, seed, deal)
        self._config = config
        self._seed = seed
        self._deal = deal
        self._entries: list[LogEntry] = []

    @property
    def state(self) -> AnyState:
        """The current position."""
        return self._state

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """The inputs recorded so far."""
        return tuple(self._entries)

    def step(
        self, action: AnyAction, player: int | None = None
    ) -> tuple[AnyState, tuple[AnyEvent, ...]]:
        """Play ``action`` (as :func:`~tigris_rules.step`), record it, return the new state
        and its events."""
        mover = to_move(self._state)
        state, events = _step(self._state, action, player)
        if mover is None:  # pragma: no cover - step rejects input once the game is over
            raise RuntimeError("an input was accepted after the end of the game")
        self._entries.append(LogEntry(mover, action))
        self._state = state
        return state, events

    def apply(self, action: AnyAction, player: int | None = None) -> AnyState:
        """Play ``action`` (as :func:`~tigris_rules.apply`), record it, return the new
        state."""
        return self.step(action, player)[0]

    def log(self, *, with_result: bool = True) -> GameLog:
        """The log of the game so far; once the game is over it also holds the final result
        (unless ``with_result`` is false)."""
        expected = None
        if with_result and self._state.over:
            expected = ExpectedResult.of(result(self._state))
        return GameLog(
            config=self._config,
            actions=tuple(self._entries),
            seed=self._seed,
            deal=self._deal,
            result=expected,
        )


@overload
def record_game(
    config: GameConfig,
    choose: Callable[[GameState], Action],
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    max_actions: int = 1_000_000,
) -> GameLog: ...
@overload
def record_game(
    config: GameConfig,
    choose: Callable[[CardGameState], CardAction],
    *,
    seed: int | None = None,
    deal: CardDeal | None = None,
    max_actions: int = 1_000_000,
) -> GameLog: ...
def record_game(
    config: GameConfig,
    choose: Callable[[Any], Any],
    *,
    seed: int | None = None,
    deal: Deal | CardDeal | None = None,
    max_actions: int = 1_000_000,
) -> GameLog:
    """Play a whole game where ``choose(state)`` gives every input and return its log
    (with the final result); :class:`RuntimeError` when the game is still running after
    ``max_actions`` inputs. A card-game configuration plays a card game: ``choose`` is then
    given :class:`~tigris_rules.CardGameState` values."""
    expect(choose, CALLABLE, "choose", "a callable")
    expect(max_actions, int, "max_actions")
    recorder = Recorder(config, seed=seed, deal=deal)
    for _ in range(max_actions):
        if recorder.state.over:
            return recorder.log()
        recorder.apply(choose(recorder.state))
    if recorder.state.over:
        return recorder.log()
    raise RuntimeError(f"the game did not end within {max_actions} actions")


# --- both rulesets --------------------------------------------------------------------------


def _opening(config: GameConfig, seed: int | None, deal: Deal | CardDeal | None) -> AnyState:
    """The opening position of the game ``config`` names: the board game
    (:func:`~tigris_rules.new_game`) or the card game (:func:`~tigris_rules.new_card_game`)."""
    if isinstance(config, GameConfig) and config.game == "cards":
        if deal is not None and not isinstance(deal, CardDeal):
            raise DealError(f"a card game is dealt by a CardDeal, not a {type(deal).__name__}")
        return new_card_game(config, seed=seed, deal=deal)
    if deal is not None and not isinstance(deal, Deal):
        raise DealError(f"a board game is dealt by a Deal, not a {type(deal).__name__}")
    return new_game(config, seed=seed, deal=deal)


def _step(
    state: AnyState, action: AnyAction, player: int | None
) -> tuple[AnyState, tuple[AnyEvent, ...]]:
    """:func:`~tigris_rules.step` for a state of either ruleset. An action of the other
    ruleset is malformed there and raises :class:`InvalidActionError` (CONV-19)."""
    if isinstance(state, CardGameState):
        return step(state, cast("CardAction", action), player)
    return step(state, cast("Action", action), player)
