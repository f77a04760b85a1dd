"""The text game record, TGN (Tigris Game Notation; docs/game-record.md): a log written as
tags and movetext in the action notation, as PGN writes a chess game.

A record holds everything a JSON log holds, so that one converts into the other without
loss: :func:`parse_record` reads the same :class:`~tigris_rules.GameLog` as
:func:`~tigris_rules.loads` reads from the equivalent JSON, and
:func:`~tigris_rules.records.record_writing.format_record` writes it back. A file holds
one game or many, each after the previous one's result and a blank line. Reading is for
untrusted input: the whole text is checked once, in time linear in its size, within the size
limit of JSON logs; every problem is a :class:`~tigris_rules.FormatError` naming the line
and the column.

>>> import tigris_rules as tr
>>> recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
>>> state = recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
>>> text = tr.format_record(recorder.log())
>>> print(text.splitlines()[-2])
1. @0 tile red g4
>>> tr.parse_record(text) == recorder.log()
True
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import (
    FormatError,
)
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.notation_words import NotationError
from tigris_rules.records._checks import MAX_PROBLEMS, clip
from tigris_rules.records._log_tags import (
    config_tags,
    tag_name_problem,
    tag_value_problem,
)
from tigris_rules.records.converter import unstructure
from tigris_rules.records.json_io import (
    DEFAULT_MAX_BYTES,
    action_offsets,
    format_size,
    loads,
    parse_json,
)
from tigris_rules.records.json_reading import TooLarge, decode_utf8, utf8_size
from tigris_rules.records.log import (
    FORMAT_NAME,
    FORMAT_VERSION,
    ExpectedResult,
    GameLog,
    Item,
    LogEntry,
    read_file,
    structure_head,
    structure_result,
)
from tigris_rules.records.log import document as json_document
from tigris_rules.records.notation import parse_action
from tigris_rules.records.problems import Problem

__all__ = [
    "RECORD_SUFFIX",
    "is_record",
    "parse_record",
    "parse_records",
    "read_log",
    "read_records",
]

RECORD_SUFFIX: Final = ".tgn"
"""The file name extension of text game records."""

FORMAT_TAG: Final = f"{FORMAT_NAME} {FORMAT_VERSION}"
"""The value of the ``Format`` tag the library writes."""

UNKNOWN_RESULT: Final = "*"
"""The result terminator of a record that gives no final result."""


# --- positions ------------------------------------------------------------------------------


class Lines:
    """Line and column (both from 1) of each offset of a text; the ends of lines are found
    once, in one pass, and each question costs a binary search."""

    __slots__ = ("_starts",)

    def __init__(self, text: str) -> None:
        self._starts = [0, *(m.end() for m in re.finditer("\n", text))]

    def where(self, offset: int) -> tuple[int, int]:
        """The line and the column of the character at ``offset``."""
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


def _at(where: tuple[int, int]) -> str:
    return f"line {where[0]}, column {where[1]}"


LOCATION: Final = re.compile(r"^line (\d+), column (\d+): ")
"""The place a problem of a record names at the start of its reason."""


# --- reading: the syntax --------------------------------------------------------------------


@attrs.frozen
class _Tag:
    name: str
    value: str
    offset: int


@attrs.frozen
class _Move:
    turn: int
    seat: int | None
    text: str
    offset: int


@attrs.frozen
class _Game:
    """One game of a record as written: its tags, moves and result terminator."""

    start: int
    tags: tuple[_Tag, ...]
    moves: tuple[_Move, ...]
    result: str
    result_offset: int
    end: int


_SPACE: Final = re.compile(r"\s*")
_TAG: Final = re.compile(
    r'\[[ \t]*([A-Za-z][A-Za-z0-9_]*)[ \t]+"'
    r'((?:[^"\\\x00-\x1f\x7f]|\\["\\]|\\u[0-9a-f]{4})*)"[ \t]*\]'
)
_TOKEN: Final = re.compile(r"\{[^{}]*\}|,|[^\s,{}\[\]]+|.", re.DOTALL)
_TURN: Final = re.compile(r"([0-9]{1,9})\.")
_SEAT: Final = re.compile(r"@([0-9]{1,3})")
MAX_DIGITS: Final = 4300
"""The most digits of a number in a tag, as in JSON (Python's limit of integer strings)."""
_INTEGER: Final = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")
RESULT_TOKEN: Final = re.compile(rf"\*|[0-9]{{1,{MAX_DIGITS}}}(?:-[0-9]{{1,{MAX_DIGITS}}})+")
_UNESCAPE: Final = re.compile(r"\\(u[0-9a-f]{4}|.)")


def _unescaped(found: re.Match[str]) -> str:
    escape = found.group(1)
    return chr(int(escape[1:], 16)) if len(escape) == 5 else escape


class _Syntax(Exception):
    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason


def _games(text: str) -> Iterator[_Game]:
    """Each game of ``text``, as written; :class:`_Syntax` at the first error."""
    index = _SPACE.match(text, 0).end()  # type: ignore[union-attr]  # always matches
    if index == len(text):
        raise _Syntax(index, 'the record is empty: expected a tag such as [Event "..."]')
    while index < len(text):
        game, index = _game(text, index)
        yield game
        index = _SPACE.match(text, index).end()  # type: ignore[union-attr]


def _game(text: str, start: int) -> tuple[_Game, int]:
    tags: list[_Tag] = []
    index = start
    while text.startswith("[", index):
        found = _TAG.match(text, index)
        if found is None:
            raise _Syntax(
                index,
                'expected a tag: [Name "value"], a name of letters, digits and _, a value '
                'between double quotes with \\" and \\\\ for " and \\, on one line',
            )
        tags.append(_Tag(found.group(1), _UNESCAPE.sub(_unescaped, found.group(2)), index))
        index = _SPACE.match(text, found.end()).end()  # type: ignore[union-attr]
    if not tags:
        raise _Syntax(index, 'expected a tag such as [Event "..."] to begin a game')
    moves: list[_Move] = []
    turn: int | None = None
    seat: int | None = None
    words: list[tuple[str, int]] = []  # the words of the move being read

    def finish(at: int) -> None:
        if not words:
            raise _Syntax(at, "expected an action before this")
        if turn is None:  # pragma: no cover - a word is only taken after a turn number
            raise _Syntax(words[0][1], "expected a turn number such as '1.'")
        moves.append(_Move(turn, seat, " ".join(w for w, _ in words), words[0][1]))
        words.clear()

    for token in _TOKEN.finditer(text, index):
        word, offset = token.group(), token.start()
        if word.isspace():
            continue
        if word.startswith("{") and word.endswith("}") and len(word) > 1:
            continue  # a comment
        if word == ",":
            if turn is None:
                raise _Syntax(offset, "expected a turn number such as '1.' before ','")
            finish(offset)
            continue
        if word in "[{}":
            what = "a comment not closed by '}'" if word == "{" else f"{word!r}"
            if word == "[" and (moves or words or turn is None):
                what = "the next game before this game's result (such as '*' or '1-2')"
            raise _Syntax(offset, f"unexpected {what}")
        if RESULT_TOKEN.fullmatch(word) and _ends_game(text, token.end()):
            if words:
                finish(offset)
            end = token.end()
            return _Game(start, tuple(tags), tuple(moves), word, offset, end), end
        number = _TURN.fullmatch(word)
        if number is not None and not words and turn is not None:
            raise _Syntax(offset, "expected an action after the turn number")
        if number is not None:
            if words:
                finish(offset)
            value = int(number.group(1))
            if value < 1 or (turn is not None and value <= turn):
                raise _Syntax(offset, f"expected a turn number above {turn or 0}, got {value}")
            turn, seat = value, None
            continue
        if turn is None:
            raise _Syntax(offset, f"expected a turn number such as '1.', got {clip(word)!r}")
        marker = _SEAT.fullmatch(word)
        if marker is not None:
            if words:
                raise _Syntax(offset, "expected ',' between two actions")
            seat = int(marker.group(1))
            continue
        if not words and seat is None:
            raise _Syntax(offset, "expected the seat of the turn, such as '@0', first")
        words.append((word, offset))
    raise _Syntax(len(text), "the record ends before the result of the game (such as '*' or '1-2')")


def _ends_game(text: str, index: int) -> bool:
    """Whether only space, comments, then the next game's tags or the end follow."""
    while True:
        index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
        if not text.startswith("{", index):
            return index == len(text) or text.startswith("[", index)
        close = text.find("}", index)
        if close < 0:
            return False
        index = close + 1


# --- reading: the log -----------------------------------------------------------------------


@attrs.frozen
class RecordGame:
    """One game read from a record: ``head`` holds all but the actions and the result,
    ``entries`` each action read or why it could not be, ``where`` the line and column of
    each action, ``places`` those of the tags by JSON path (``$.seed``), ``start`` those of
    the game and ``data`` the JSON log the tags stand for (its result still unread)."""

    head: GameLog
    entries: tuple[Item, ...]
    where: tuple[tuple[int, int], ...]
    places: dict[str, tuple[int, int]]
    start: tuple[int, int]
    data: dict[str, Any]

    @property
    def length(self) -> int:
        """How many actions the game holds."""
        return len(self.entries)

    def items(self) -> Iterator[Item]:
        """Each action read, or the :class:`FormatError` of a bad one."""
        return iter(self.entries)

    def find(self, index: int | None, path: str | None) -> tuple[int, int] | None:
        """Where the action ``index``, or else the field at ``path``, is written."""
        if index is not None and 0 <= index < len(self.where):
            return self.where[index]
        return None if path is None else self.place(path)

    def result(self) -> ExpectedResult | None:
        try:
            return structure_result(self.data, self.head.config)
        except FormatError as exc:
            raise self.locate(exc) from None

    def locate(self, exc: FormatError) -> FormatError:
        """``exc`` with the place of each problem at the start of its reason."""
        return FormatError.of(
            [(path, f"{_at(self.place(path))}: {why}") for path, why in exc.problems]
        )

    def place(self, path: str) -> tuple[int, int]:
        """The line and column a JSON path of this game stands at."""
        found = re.match(r"\$\.actions\[(\d+)\]", path)
        if found is not None and int(found.group(1)) < len(self.where):
            return self.where[int(found.group(1))]
        best = ""
        for known in self.places:
            if path.startswith(known) and len(known) > len(best):
                best = known
        return self.places.get(best, self.start)


def _number(text: str, otherwise: object) -> object:
    """The integer ``text`` writes (at most :data:`MAX_DIGITS` digits, as JSON reads them),
    else ``otherwise``: the JSON reader's checks then say what is wrong with it."""
    return int(text) if _INTEGER.fullmatch(text) else otherwise


def _value(text: str, default: object) -> object:
    """The JSON value a configuration tag stands for, read as the type of ``default``."""
    if isinstance(default, bool):
        return {"true": True, "false": False}.get(text, text)
    if isinstance(default, int):
        return _number(text, text)
    if isinstance(default, list):
        return [part.strip() for part in text.split(",")] if text.strip() else []
    if isinstance(default, str):
        return text
    return parse_json(text, max_bytes=None)


def _result_data(
    game: _Game, scores: dict[int, _Tag], lines: Lines
) -> tuple[dict[str, Any] | None, dict[str, tuple[int, int]]]:
    """The ``result`` of the JSON log the terminator and the ``Score`` tags stand for."""
    places: dict[str, tuple[int, int]] = {"$.result": lines.where(game.result_offset)}
    if game.result == UNKNOWN_RESULT:
        if scores:
            first = min(scores.values(), key=lambda t: t.offset)
            raise _Syntax(first.offset, f"a {first.name} tag for a game whose result is '*'")
        return None, places
    ranks = [int(p) for p in game.result.split("-")]
    players = []
    names = tuple(c.value for c in COLORS)
    for seat, place in enumerate(ranks):
        tag = scores.get(seat)
        if tag is None:
            raise _Syntax(game.result_offset, f"the result has no Score{seat} tag for seat {seat}")
        places[f"$.result.players[{seat}]"] = lines.where(tag.offset)
        words = tag.value.split()
        pairs = dict(zip(words[::2], words[1::2], strict=False))
        expected = [*names, "treasures"]
        if len(words) != 2 * len(expected) or list(pairs) != expected:
            raise _Syntax(
                tag.offset,
                f"expected {tag.name} as 'black 5 red 3 blue 0 green 2 treasures 1', "
                f"got {clip(tag.value)!r}",
            )
        if not all(_INTEGER.fullmatch(v) and v[0] != "-" for v in pairs.values()):
            raise _Syntax(tag.offset, f"expected counts in {tag.name}, got {clip(tag.value)!r}")
        players.append(
            {
                "player": seat,
                "scores": {n: int(pairs[n]) for n in names},
                "treasures": int(pairs["treasures"]),
                "place": place,
            }
        )
    extra = sorted(set(scores) - set(range(len(ranks))))
    if extra:
        tag = scores[extra[0]]
        raise _Syntax(tag.offset, f"{tag.name}: the result names {len(ranks)} seats")
    return {"players": players}, places


def _read_game(game: _Game, lines: Lines) -> RecordGame:
    """The log ``game`` stands for: the same checks as a JSON log's, each problem placed."""
    data: dict[str, Any] = {}
    places: dict[str, tuple[int, int]] = {}
    free: list[tuple[str, str]] = []
    config: dict[str, Any] = {}
    scores: dict[int, _Tag] = {}
    by_tag = {tag: key for key, tag in config_tags()}
    defaults = unstructure(GameConfig())
    seen: dict[str, _Tag] = {}
    for tag in game.tags:
        if tag.name in seen:
            raise _Syntax(tag.offset, f"the tag {tag.name} is given twice")
        seen[tag.name] = tag
        where = lines.where(tag.offset)
        score = re.fullmatch(r"Score([0-9]{1,3})", tag.name)
        if tag.name == "Format":
            name, _, version = tag.value.partition(" ")
            data["format"] = name
            if version:
                data["version"] = _number(version, version)
            places["$.format"] = places["$.version"] = where
        elif tag.name == "LibraryVersion":
            data["library_version"] = tag.value
            places["$.library_version"] = where
        elif tag.name == "Seed":
            data["seed"] = _number(tag.value, tag.value)
            places["$.seed"] = where
        elif tag.name == "Deal":
            try:
                data["deal"] = parse_json(tag.value, max_bytes=None)
            except FormatError as exc:
                raise _Syntax(tag.offset, f"the Deal tag is not JSON: {exc.reason}") from None
            places["$.deal"] = where
        elif tag.name == "Result":
            if tag.value != game.result:
                raise _Syntax(
                    tag.offset,
                    f"the Result tag says {clip(tag.value)!r}, the movetext ends with "
                    f"{game.result!r}",
                )
        elif score is not None:
            scores[int(score.group(1))] = tag
        elif tag.name in by_tag:
            key = by_tag[tag.name]
            try:
                config[key] = _value(tag.value, defaults[key])
            except FormatError as exc:
                raise _Syntax(tag.offset, f"the {tag.name} tag: {exc.reason}") from None
            places[f"$.config.{key}"] = where
        else:
            problem = tag_name_problem(tag.name) or tag_value_problem(tag.value)
            if problem is not None:
                raise _Syntax(tag.offset, problem)
            free.append((tag.name, tag.value))
            places[f"$.tags.{tag.name}"] = where
    start = lines.where(game.start)
    if "format" not in data:
        raise _Syntax(game.start, f'a game without the tag [Format "{FORMAT_TAG}"]')
    if config:
        data["config"] = config
        places["$.config"] = lines.where(min(seen[t].offset for t in by_tag if t in seen))
    if free:
        data["tags"] = dict(free)
    data["actions"] = []
    result, result_places = _result_data(game, scores, lines)
    places.update(result_places)
    if result is not None:
        data["result"] = result
    record = RecordGame(GameLog(GameConfig()), (), (), places, start, data)
    try:
        head = structure_head(data)
    except FormatError as exc:
        raise record.locate(exc) from None
    moved = tuple(lines.where(m.offset) for m in game.moves)
    record = attrs.evolve(record, head=head, where=moved)
    return attrs.evolve(record, entries=tuple(_entries(game.moves, head.config, record)))


def _entries(moves: tuple[_Move, ...], config: GameConfig, record: RecordGame) -> Iterator[Item]:
    """Each move read as an entry of the log, or the :class:`FormatError` of a bad one."""
    seat = 0
    for index, move in enumerate(moves):
        seat = move.seat if move.seat is not None else seat
        try:
            try:
                action = parse_action(move.text, config)
            except NotationError as exc:
                raise FormatError("$", exc.reason) from None
            if seat >= config.players:
                raise FormatError(
                    "$.player",
                    f"expected a seat 0..{config.players - 1} of this game, got {seat}",
                )
            yield index, LogEntry(seat, action)
        except FormatError as exc:
            yield index, record.locate(exc.under(f"$.actions[{index}]"))


def _decode(text: str | bytes, max_bytes: int | None) -> str:
    expect(text, (str, bytes, bytearray), "text")
    expect(max_bytes, (int, None), "max_bytes")
    if max_bytes is not None:
        try:
            utf8_size(text, max_bytes)
        except TooLarge as exc:
            size = format_size(exc.size) if exc.exact else f"more than {format_size(max_bytes)}"
            raise FormatError(
                "$",
                f"the input is {size}, larger than the limit of {format_size(max_bytes)}; "
                "raise the limit",
            ) from None
    if isinstance(text, str):
        return text.removeprefix("\ufeff")
    try:
        return decode_utf8(text)
    except UnicodeDecodeError as exc:
        raise FormatError("$", f"not UTF-8 text (byte {exc.start})") from None


def record_games(text: str | bytes, max_bytes: int | None) -> Iterator[RecordGame]:
    """Each game of the record ``text``, read; :class:`FormatError` naming the line and
    column of a syntax error or of a bad tag."""
    decoded = _decode(text, max_bytes)
    lines = Lines(decoded)
    try:
        for game in _games(decoded):
            yield _read_game(game, lines)
    except _Syntax as exc:
        raise FormatError("$", f"{_at(lines.where(exc.offset))}: {exc.reason}") from None


def _complete(game: RecordGame) -> GameLog:
    problems: list[tuple[str, str]] = []
    entries: list[LogEntry] = []
    for _, entry in game.entries:
        if isinstance(entry, FormatError):
            problems += entry.problems
        else:
            entries.append(entry)
    if problems:
        if len(problems) > MAX_PROBLEMS:
            problems = [
                *problems[:MAX_PROBLEMS],
                ("$.actions", "too many problems; the rest are not listed"),
            ]
        raise FormatError.of(problems)
    return attrs.evolve(game.head, actions=tuple(entries), result=game.result())


def is_record(text: str | bytes) -> bool:
    """Whether ``text`` is a text game record rather than JSON: its first character other
    than white space (and a byte order mark) is the ``[`` of a tag, followed by the tag's
    name. A JSON log begins with ``{``."""
    expect(text, (str, bytes, bytearray), "text")
    head = text[:256]
    if not isinstance(head, str):
        head = bytes(head).decode("utf-8", "replace")
    return _RECORD_START.match(head) is not None


_RECORD_START: Final = re.compile(r"\ufeff?\s*\[[ \t]*[A-Za-z]")


def parse_records(
    text: str | bytes, *, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> tuple[GameLog, ...]:
    """Every game of the record ``text`` (one or many), as logs.

    Bad input raises :class:`~tigris_rules.FormatError` whose reasons begin with the line
    and the column of the problem (``line 12, column 4: ...``): a syntax error, a tag that
    does not hold what the JSON log's field would, a move the notation cannot read (with its
    JSON path, ``$.actions[7]``). Text over ``max_bytes`` bytes (``None``: no limit) or not
    UTF-8 is refused as a JSON log is."""
    return tuple(_complete(game) for game in record_games(text, max_bytes))


def parse_record(text: str | bytes, *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> GameLog:
    """The one game of the record ``text`` (:func:`parse_records`); a record of several games
    raises :class:`~tigris_rules.FormatError`."""
    games = parse_records(text, max_bytes=max_bytes)
    if len(games) != 1:
        raise FormatError("$", f"expected one game, the record holds {len(games)}")
    return games[0]


def read_records(
    path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> tuple[GameLog, ...]:
    """Every game of the record in the file at ``path`` (``"-"``: standard input), as
    :func:`parse_records` reads them, or the one log of a JSON log file;
    :class:`OSError` when it cannot be read."""
    expect(path, (str, os.PathLike), "path")
    expect(max_bytes, (int, None), "max_bytes")
    data = read_file(path, max_bytes)
    if is_record(data):
        return parse_records(data, max_bytes=max_bytes)
    return (loads(data, GameLog, max_bytes=max_bytes),)


def read_log(path: str | os.PathLike[str], *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> GameLog:
    """Read the log in the file at ``path``: a JSON log, or a text game record of one game
    (told apart by their first character, :func:`is_record`).
    :class:`~tigris_rules.errors.FormatError` for a malformed document or a file of more
    than ``max_bytes`` bytes (50 MB by default, ``None`` for no limit; counted while
    reading, so a pipe or a device is refused too), :class:`OSError` when the file cannot
    be read."""
    expect(path, (str, os.PathLike), "path")
    expect(max_bytes, (int, None), "max_bytes")
    data = read_file(path, max_bytes)
    if is_record(data):
        return parse_record(data, max_bytes=max_bytes)
    return loads(data, GameLog, max_bytes=max_bytes)


# --- validating -----------------------------------------------------------------------------


class JsonPlaces:
    """The line and column of each action of a JSON log, found when first asked: the text
    is scanned once more, which costs about as much as reading it."""

    __slots__ = ("_places", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._places: tuple[tuple[int, int], ...] | None = None

    def find(self, index: int | None, path: str | None) -> tuple[int, int] | None:
        """Where the action ``index`` (or the one ``path`` lies in) begins."""
        if index is None and path is not None:
            found = re.match(r"\$\.actions\[(\d+)\]", path)
            index = None if found is None else int(found.group(1))
        return None if index is None else self.action(index)

    def action(self, index: int) -> tuple[int, int] | None:
        """The line and column where the action ``index`` begins."""
        if self._places is None:
            lines = Lines(self._text)
            self._places = tuple(lines.where(at) for at in action_offsets(self._text))
        return self._places[index] if 0 <= index < len(self._places) else None


Finder = Callable[[int | None, str | None], tuple[int, int] | None]
"""Where an action (by index) or a field (by JSON path) of a document is written."""

_JSON_AT: Final = re.compile(r" at line (\d+), column (\d+)")


def placed(problem: Problem, find: Finder | None = None) -> Problem:
    """``problem`` with its line and column: those its reason begins with (a record's),
    else where ``find`` says its action or field is written, else those a JSON syntax
    error names."""
    found = LOCATION.match(problem.reason)
    if found is not None:
        reason = problem.reason[found.end() :]
        line, column = int(found.group(1)), int(found.group(2))
        return attrs.evolve(problem, reason=reason, line=line, column=column)
    where = None if find is None else find(problem.index, problem.path)
    if where is None:
        syntax = _JSON_AT.search(problem.reason)
        if syntax is None:
            return problem
        where = int(syntax.group(1)), int(syntax.group(2))
    return attrs.evolve(problem, line=where[0], column=where[1])


def document_of(text: str | bytes, max_bytes: int | None) -> tuple[Any, Finder]:
    """The log in ``text``, JSON or a record of one game, its actions left to read one at
    a time, and where its parts are written; :class:`FormatError`."""
    if is_record(text):
        games = list(record_games(text, max_bytes))
        if len(games) != 1:
            raise FormatError("$", f"expected one game, the record holds {len(games)}")
        return games[0], games[0].find
    document = json_document(text, max_bytes)
    return document, JsonPlaces(document.text).find


def game_texts(text: str | bytes, max_bytes: int | None) -> Iterator[tuple[int, str]]:
    """The line each game of the record ``text`` begins on and its text, each to be read on
    its own; :class:`FormatError` for a syntax error (the games are not read)."""
    decoded = _decode(text, max_bytes)
    lines = Lines(decoded)
    try:
        for game in _games(decoded):
            yield lines.where(game.start)[0], decoded[game.start : game.end]
    except _Syntax as exc:
        raise FormatError("$", f"{_at(lines.where(exc.offset))}: {exc.reason}") from None
