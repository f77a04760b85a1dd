"""The JSON log format v1 (docs/log-format.md): the log, reading and writing it.

A log holds the format name and version, the library version, the configuration, the deal
or the seed, every action with the seat that took it, and optionally the expected final
result. The same format records every game: the configuration's ``game`` names the ruleset
that reads and replays it, and what differs from one game to another (the class of its
inputs, of its deal) is asked of that ruleset (:class:`GameRecords`).

>>> import tigris_rules as tr
>>> recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
>>> state = recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
>>> log = recorder.log()
>>> tr.loads(tr.dumps(log), tr.GameLog) == log
True
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable, Iterator
from functools import cache
from importlib import resources
from pathlib import Path
from typing import IO, Any, Final, Protocol, TypeAlias

import attrs

from tigris_rules._arguments import expect
from tigris_rules._version import __version__
from tigris_rules.api import AnyAction, AnyState, new_game
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.setup import CardDeal
from tigris_rules.errors import ConfigError, DealError, FormatError
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.events import Event
from tigris_rules.model.facets import offered
from tigris_rules.model.outcome import Result
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.records import tags as _board_tags  # noqa: F401  # registers the board tags
from tigris_rules.records._checks import (
    MAX_PROBLEMS,
    at,
    check_keys,
    clip,
    describe,
    member,
    need_array,
    need_int,
    need_object,
)
from tigris_rules.records._log_tags import tag_name_problem, tag_value_problem
from tigris_rules.records._quick import quick_reader
from tigris_rules.records.converter import register_hooks, structure, unstructure
from tigris_rules.records.json_io import (
    dumps,
    format_size,
    lazy_items,
    parse_json,
    scan_json,
)
from tigris_rules.records.json_reading import LazyArray, TooLarge, read_limited

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "STDIN",
    "AnyEvent",
    "ExpectedResult",
    "GameLog",
    "GameRecords",
    "LogEntry",
    "PlayerOutcome",
    "log_schema",
    "log_schema_text",
    "write_log",
]

FORMAT_NAME: Final = "tigris-rules-log"
"""The value of ``"format"`` in every log."""

FORMAT_VERSION: Final = 1
"""The version of the log format this library writes and reads."""


def _library_version() -> str:
    return __version__


# --- what a game gives the logs -------------------------------------------------------------


class GameRecords(Protocol):
    """What the logs ask of a ruleset (``state.ruleset``, ``ruleset_for(config)``): the
    classes a log of its configuration holds. A ruleset that does not offer it records no
    log."""

    def log_action_type(self) -> Any:
        """The class (or union of classes) of this game's inputs, as
        :func:`~tigris_rules.records.converter.structure` reads an entry of ``actions``."""
        ...

    def log_deal_type(self) -> type:
        """The class of this game's explicit deal (a log's ``deal``)."""
        ...


def records_of(config: GameConfig) -> GameRecords:
    """The :class:`GameRecords` of the ruleset of ``config``; a ruleset that offers none is
    refused with :class:`~tigris_rules.ConfigError`."""
    ruleset = ruleset_for(config)
    records = offered(ruleset, GameRecords)
    if records is None:
        raise ConfigError(f"the {ruleset.game!r} game records no log")
    return records


def opening(config: GameConfig, seed: int | None, deal: Deal | CardDeal | None) -> AnyState:
    """The opening position of a log of ``config``, from ``seed`` or ``deal``: a deal of
    another game's class is refused with :class:`~tigris_rules.DealError`."""
    if isinstance(config, GameConfig) and deal is not None:
        kind = records_of(config).log_deal_type()
        if not isinstance(deal, kind):
            raise DealError(
                f"a {config.game!r} game is dealt by a {kind.__name__}, not a {type(deal).__name__}"
            )
    state: AnyState = new_game(config, seed=seed, deal=deal)
    return state


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
    ``new_game(config, seed=seed)`` or ``new_game(config, deal=deal)``, the deal of the class
    of the configuration's game (:meth:`GameRecords.log_deal_type`: a
    :class:`~tigris_rules.Deal` for the board game, a :class:`~tigris_rules.CardDeal` for the
    card game). ``actions``
    are the inputs in order; ``result``, when given, is the final result the replay must
    reach; ``library_version`` names the version of the library that wrote the log
    (informative). ``tags`` are the free tags of the game, each a name and a value, in
    order: the event, the site, the date, the players' names (``("Seat0", "Ann")``) or any
    other (docs/game-record.md, Tags); they change nothing in the replay.
    """

    config: GameConfig
    actions: tuple[LogEntry, ...] = ()
    seed: int | None = None
    deal: Deal | CardDeal | None = None
    result: ExpectedResult | None = None
    library_version: str = attrs.field(factory=_library_version)
    tags: tuple[tuple[str, str], ...] = ()


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
    }
    if log.tags:
        data["tags"] = dict(log.tags)
    data["config"] = unstructure(log.config)
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


_LOG_REQUIRED: Final = ("format", "version", "library_version", "config", "actions")
_LOG_OPTIONAL: Final = ("tags", "seed", "deal", "result")


def _tags(value: object) -> tuple[tuple[str, str], ...]:
    """The free tags of a log: an object of strings, each name and value as
    :mod:`~tigris_rules.records._log_tags` allows."""
    obj = need_object(value)
    tags = []
    for name, text in obj.items():
        path = member("$", name)
        problem = tag_name_problem(name)
        if problem is not None:
            raise FormatError(path, problem)
        text = at(path, _string, text)
        problem = tag_value_problem(text)
        if problem is not None:
            raise FormatError(path, problem)
        tags.append((name, text))
    return tuple(tags)


def structure_head(obj: dict[str, Any]) -> GameLog:
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
    tags = at("$.tags", _tags, obj["tags"]) if "tags" in obj else ()
    config = at("$.config", _config, obj["config"])
    seed = at("$.seed", need_int, obj["seed"]) if "seed" in obj else None
    deal: Deal | CardDeal | None = None
    if "deal" in obj:
        kind = records_of(config).log_deal_type()
        deal = at("$.deal", lambda value: structure(value, kind), obj["deal"])
    return GameLog(config=config, seed=seed, deal=deal, library_version=library_version, tags=tags)


@cache
def quick_entry_reader(kind: Any) -> Callable[[object], LogEntry | None]:
    """The quick reader of the log entries whose actions are of ``kind``
    (:func:`~tigris_rules.records._quick.quick_reader`), one per class of inputs."""
    return quick_reader(kind, besides="player", build=LogEntry)


def entry_reader(config: GameConfig) -> Callable[[object], LogEntry]:
    """Reads one item of ``actions`` of a log of ``config``: :class:`FormatError` with paths
    under the item."""
    kind = records_of(config).log_action_type()
    quick = quick_entry_reader(kind)

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


def structure_result(obj: dict[str, Any], config: GameConfig) -> ExpectedResult | None:
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
    head = structure_head(obj)
    items = at("$.actions", need_array, obj["actions"])
    entries: list[LogEntry] = []
    problems: list[tuple[str, str]] = []
    read = entry_reader(head.config)
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
    expected = structure_result(obj, head.config)
    return attrs.evolve(head, actions=tuple(entries), result=expected)


register_hooks(LogEntry, _unstructure_entry, _structure_entry)
register_hooks(PlayerOutcome, _unstructure_outcome, _structure_outcome)
register_hooks(ExpectedResult, _unstructure_expected, _structure_expected)
register_hooks(GameLog, _unstructure_log, _structure_log)


# --- reading and writing files ------------------------------------------------------------


Item: TypeAlias = tuple[int, "LogEntry | FormatError"]
"""The index of an action of a log and the entry read there, or why it could not be read."""


@attrs.frozen
class Document:
    """A log read from JSON whose actions are read one at a time: ``head`` holds all but
    the actions and the result; ``length`` counts the actions."""

    head: GameLog
    length: int
    data: dict[str, Any]
    text: str

    def items(self) -> Iterator[Item]:
        """Each action read, or the :class:`FormatError` (paths from ``$``) of a bad one."""
        value = self.data["actions"]
        raw = lazy_items(self.text, value) if isinstance(value, LazyArray) else value
        read = entry_reader(self.head.config)
        for index, item in enumerate(raw):
            try:
                yield index, read(item)
            except FormatError as exc:
                yield index, exc.under(f"$.actions[{index}]")

    def result(self) -> ExpectedResult | None:
        return structure_result(self.data, self.head.config)


def document(text: str | bytes, max_bytes: int | None) -> Document:
    """The log in ``text``, its actions left unread; :class:`FormatError`."""
    data, decoded = scan_json(text, "actions", max_bytes=max_bytes)
    obj = need_object(data)
    head = structure_head(obj)
    value = obj["actions"]
    if not isinstance(value, LazyArray):
        value = at("$.actions", need_array, value)
    length = value.length if isinstance(value, LazyArray) else len(value)
    return Document(head, length, obj, decoded)


STDIN: Final = "-"
"""The file name that stands for standard input in :func:`validate_file` and the command
line."""


def input_name(path: str | os.PathLike[str]) -> str:
    """What messages call the input at ``path``: ``"standard input"`` for ``"-"``, else
    ``"the file"``."""
    return "standard input" if os.fspath(path) == STDIN else "the file"


SIZE_HINT: Final = "raise the limit to read it (--max-size MB)"
"""How to read an input over the size limit: every command that reads logs has
``--max-size``; the functions, ``max_bytes``."""


def stdin_bytes() -> IO[bytes]:
    """Standard input as bytes; :class:`OSError` when the process has none (closed)."""
    stream: IO[bytes] | None = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))
    return stream


def read_file(path: str | os.PathLike[str], max_bytes: int | None) -> bytes:
    """The bytes of the file at ``path`` (``"-"``: standard input), at most ``max_bytes``;
    :class:`FormatError` past the limit, :class:`OSError` when it cannot be read."""
    try:
        if os.fspath(path) == STDIN:
            return read_limited(stdin_bytes(), max_bytes)
        with open(path, "rb") as stream:
            return read_limited(stream, max_bytes)
    except TooLarge as exc:
        limit = format_size(max_bytes or 0)
        known = _file_size(path)
        size = format_size(known or exc.size) if exc.exact or known else f"more than {limit}"
        raise FormatError(
            "$",
            f"{input_name(path)} is {size}, larger than the limit of {limit}; {SIZE_HINT}",
        ) from None
    except MemoryError:
        raise FormatError("$", f"{input_name(path)} does not fit in memory") from None


def _file_size(path: str | os.PathLike[str]) -> int | None:
    """The size of a regular file, for messages (the limit counts the bytes read)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_size if stat.S_ISREG(info.st_mode) and os.fspath(path) != STDIN else None


def write_log(log: GameLog, path: str | os.PathLike[str]) -> None:
    """Write ``log`` (a :class:`GameLog`, anything else raises
    :class:`~tigris_rules.ArgumentTypeError` and writes nothing) to the file at ``path`` as
    laid-out JSON, one action per line."""
    expect(log, GameLog, "log")
    expect(path, (str, os.PathLike), "path")
    Path(path).write_text(dumps(log, indent=2) + "\n", encoding="utf-8")


def log_schema_text() -> str:
    """The JSON Schema (draft 2020-12) of the log format, as shipped in the package."""
    return resources.files("tigris_rules").joinpath("data", "log-schema.json").read_text("utf-8")


def log_schema() -> dict[str, Any]:
    """The JSON Schema of the log format as a dict."""
    data = parse_json(log_schema_text(), max_bytes=None)
    if not isinstance(data, dict):
        raise TypeError("the shipped log schema is not a JSON object")
    return data
