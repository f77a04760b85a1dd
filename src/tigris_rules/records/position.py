"""Position strings: a whole position of any game on one line, short enough to paste in a
message, read back exactly (docs/position.md).

:func:`position` writes a state, with its hidden parts (hands, the order of the bag or of
the draw pile, the cards set aside) or without them (then the string holds what a spectator
sees: :func:`~tigris_rules.view` of the state for ``None``); :func:`read_position` reads a
string back: a state when it holds the hidden parts, else the spectator's view.

The string is the game's JSON object (:mod:`tigris_rules.records.codec`) written compactly:
the configuration first, then the game's fields (:class:`GamePosition`, a facet of its
ruleset: the board as rows of squares with runs of empty ones counted, as in chess's FEN;
counts per colour as digits; anything rarer as compact JSON). Reading turns the fields back
into the JSON object and reads it with the game's JSON reader, then checks a state as
:func:`~tigris_rules.loads` does: every error is a :class:`~tigris_rules.FormatError` whose
path names the field (its number and tag, and the column where it starts) and the JSON
path inside it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final, Protocol

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentTypeError, ArgumentValueError, ConfigError, FormatError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.records._checks import refuse
from tigris_rules.records._position_fields import JSON, REQUIRED, PositionField
from tigris_rules.records.codec import game_codec, unstructure_config
from tigris_rules.records.json_io import format_size
from tigris_rules.records.json_reading import TooLarge, utf8_size
from tigris_rules.state_check import check_state
from tigris_rules.views import view

__all__ = ["MAX_POSITION_BYTES", "GamePosition", "position", "read_position"]

MAX_POSITION_BYTES: Final = 64 * 1024
"""The default size limit of a position string: 64 KB, some thirty times the longest
position of the shipped games (a variant's data written as JSON may be long)."""


class GamePosition(Protocol):
    """What a ruleset offers to write its states and views as position strings."""

    def position_fields(self, config: GameConfig, hidden: bool) -> tuple[PositionField, ...]:
        """The fields of a position of ``config``: of a state when ``hidden``, else of a
        player view, in the order they are written. They hold between them every member
        of the JSON object of a state (or a view) but ``config``; a member they do not hold
        is written as compact JSON, its name as its tag. The fields of a state must include
        one (with a tag) that those of a view do not: it tells the two apart."""
        ...


def _ruleset_of(value: object) -> Ruleset[Any, Any, Any]:
    ruleset = getattr(value, "ruleset", None)
    config = getattr(value, "config", None)
    if not isinstance(ruleset, Ruleset) and isinstance(config, GameConfig):
        ruleset = ruleset_for(config)  # a view carries its configuration only
    if not isinstance(ruleset, Ruleset):
        raise ArgumentTypeError.expected("state", "a game state or a player view", value)
    return ruleset


def _facet(ruleset: Ruleset[Any, Any, Any]) -> GamePosition:
    facet = offered(ruleset, GamePosition)
    if facet is None:
        raise ConfigError(f"the {ruleset.game!r} game has no position strings")
    return facet


# --- the configuration ----------------------------------------------------------------------

_DEFAULTS: Final = {a.name: a.default for a in attrs.fields(GameConfig)}
_OPTION: Final = re.compile(r"[a-z_]+(=[a-z0-9_+-]+)?")
_WORD: Final = re.compile(r"[a-z0-9_-]+")


def _config_text(config: GameConfig) -> str:
    """The configuration as the first field: ``game/players``, then each option that is not
    at its default."""
    parts = [config.game, str(config.players)]
    if config.board != _DEFAULTS["board"]:
        parts.append(f"board={config.board}")
    if config.variants:
        parts.append("variants=" + "+".join(config.variants))
    if config.open_scoring:
        parts.append("open")
    if config.single_action_openers != _DEFAULTS["single_action_openers"]:
        parts.append(f"openers={config.single_action_openers}")
    if config.column_limit != _DEFAULTS["column_limit"]:
        parts.append(f"columns={config.column_limit}")
    for word in (config.game, config.board, *config.variants):
        if not _WORD.fullmatch(word):
            raise ArgumentValueError(f"state: {word!r} cannot be written in a position string")
    return "/".join(parts)


def _read_config(text: str) -> GameConfig:
    game, _, rest = text.partition("/")
    players, _, options = rest.partition("/")
    if not _WORD.fullmatch(game) or players not in ("2", "3", "4"):
        raise FormatError("$", "expected game/players first (board/3, cards/2)")
    values: dict[str, Any] = {"game": game, "players": int(players)}
    for option in options.split("/") if options else ():
        if not _OPTION.fullmatch(option):
            raise FormatError("$", f"expected an option key=value, got {option[:40]!r}")
        key, _, value = option.partition("=")
        if key in values or (key == "variants" and "variants" in values):
            raise FormatError("$", f"option {key!r} given twice")
        if key == "board" and value:
            values["board"] = value
        elif key == "variants" and value:
            values["variants"] = tuple(value.split("+"))
        elif key == "open" and not value:
            values["open_scoring"] = True
        elif key in ("openers", "columns") and value.isdigit() and len(value) <= 3:
            name = "single_action_openers" if key == "openers" else "column_limit"
            values[name] = int(value)
        else:
            raise FormatError(
                "$",
                f"unknown option {option[:40]!r} (board=NAME, variants=A+B, open, openers=N, "
                "columns=N)",
            )
    try:
        return GameConfig(**values)
    except ConfigError as exc:
        raise FormatError("$", str(exc)) from None


# --- writing --------------------------------------------------------------------------------


def position(state: Any, *, hidden: bool = True) -> str:
    """``state`` (a state of either game) as a position string on one line: with its hidden
    parts when ``hidden``, else what a spectator sees of it (``view(state, None)``). A player
    view may be given too: it is written as it is (``hidden`` changes nothing).
    :func:`read_position` reads it back equal."""
    expect(hidden, bool, "hidden")
    ruleset = _ruleset_of(state)
    facet = _facet(ruleset)
    codec = game_codec(ruleset)
    is_state = isinstance(state, ruleset.state_type)
    if is_state and not hidden:
        state = view(state, None)
        is_state = False
    data = codec.state_to_json(state) if is_state else codec.view_to_json(state)
    fields = facet.position_fields(state.config, is_state)
    words = [_config_text(state.config)]
    held = {"config"}
    for field in fields:
        held.update(field.keys)
        text = field.text(data)
        if text is not None:
            words.append(f"{field.tag}={text}" if field.tag else text)
    words += [f"{key}={JSON.write(value)}" for key, value in data.items() if key not in held]
    return " ".join(words)


# --- reading --------------------------------------------------------------------------------

_ALLOWED: Final = re.compile(r"[!-~]+(?: [!-~]+)*")
_TAG: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class _Word:
    """One field of the text: its number (from 1), the column where it starts (from 1), its
    tag and its text."""

    __slots__ = ("column", "number", "tag", "text")

    def __init__(self, number: int, column: int, tag: str, text: str) -> None:
        self.number = number
        self.column = column
        self.tag = tag
        self.text = text

    def where(self) -> str:
        tag = f" {self.tag}=" if self.tag else ""
        return f"field {self.number}{tag} (column {self.column})"


def _words(text: str) -> list[_Word]:
    if not _ALLOWED.fullmatch(text):
        for i, char in enumerate(text):
            if not "!" <= char <= "~" and char != " ":
                raise FormatError(
                    f"column {i + 1}",
                    f"unexpected character {char!r}: a position is one line of printable ASCII",
                )
        raise FormatError("$", "expected fields separated by single spaces, none at the ends")
    words = []
    column = 1
    for number, part in enumerate(text.split(" "), start=1):
        tag, equals, rest = part.partition("=")
        if equals and _TAG.fullmatch(tag):
            words.append(_Word(number, column, tag, rest))
        else:
            words.append(_Word(number, column, "", part))
        column += len(part) + 1
    return words


def read_position(text: str, *, max_bytes: int | None = MAX_POSITION_BYTES) -> Any:
    """The position a position string writes (:func:`position`): a state
    (:class:`~tigris_rules.GameState`, :class:`~tigris_rules.CardGameState`) when it holds
    the hidden parts, else a player view (a spectator's, or the seat's its ``viewer`` field
    names).

    The text is checked once, fully, as :func:`~tigris_rules.loads` checks JSON: its fields,
    then every member of the game's JSON they stand for, then a state's promises
    (:func:`~tigris_rules.check_state`). Any problem raises
    :class:`~tigris_rules.FormatError` whose path names the field (its number, tag and
    column) and the JSON path in it; text longer than ``max_bytes`` (``None``: no limit) is
    refused before anything is read."""
    expect(text, str, "text")
    expect(max_bytes, (int, None), "max_bytes")
    if max_bytes is not None:
        try:
            utf8_size(text, max_bytes)
        except TooLarge as exc:
            size = format_size(exc.size) if exc.exact else f"more than {format_size(max_bytes)}"
            raise FormatError(
                "$", f"the position is {size}, larger than the limit of {format_size(max_bytes)}"
            ) from None
    words = _words(text)
    first = words[0]
    try:
        config = _read_config(first.text if not first.tag else f"{first.tag}={first.text}")
    except FormatError as exc:
        raise FormatError(f"field 1 (column 1) {exc.path}", exc.reason) from None
    ruleset = ruleset_for(config)
    try:
        facet = _facet(ruleset)
        codec = game_codec(ruleset)
    except ConfigError as exc:
        raise FormatError("field 1 (column 1)", str(exc)) from None
    state_fields = facet.position_fields(config, True)
    view_fields = facet.position_fields(config, False)
    only_state = {f.tag for f in state_fields if f.tag} - {f.tag for f in view_fields}
    is_state = any(word.tag in only_state for word in words[1:])
    fields = state_fields if is_state else view_fields
    data, owners = _members(words[1:], fields)
    data["config"] = unstructure_config(config)
    try:
        if is_state:
            value = codec.state_from_json(data, config)
            refuse(check_state(value))
        else:
            value = codec.view_from_json(data, config)
    except FormatError as exc:
        raise FormatError.of(
            [_placed(path, reason, owners) for path, reason in exc.problems]
        ) from None
    return value


def _members(
    words: list[_Word], fields: tuple[PositionField, ...]
) -> tuple[dict[str, Any], dict[str, _Word]]:
    """The JSON members the fields write, and the field each member came from."""
    untagged = [f for f in fields if not f.tag]
    by_tag = {f.tag: f for f in fields if f.tag}
    data: dict[str, Any] = {}
    owners: dict[str, _Word] = {}
    seen: dict[str, _Word] = {}
    plain = 0
    for word in words:
        if not word.tag:
            if plain >= len(untagged):
                raise FormatError(
                    word.where(), f"expected a field tag=value, got {word.text[:40]!r}"
                )
            field: PositionField | None = untagged[plain]
            plain += 1
        else:
            if word.tag in seen:
                raise FormatError(word.where(), f"the field {word.tag}= is given twice")
            seen[word.tag] = word
            field = by_tag.get(word.tag)
        try:
            members = JSON.read(word.text) if field is None else field.read(word.text)
        except FormatError as exc:
            raise FormatError(word.where(), exc.reason) from None
        if field is None:
            members = {word.tag: members}
        for key in members:
            owners[key] = word
        data.update(members)
    for field in fields:
        if all(key in data for key in field.keys):
            continue
        if field.default is REQUIRED:
            what = f"the field {field.tag}=" if field.tag else "an untagged field"
            raise FormatError("$", f"missing {what} ({field.name})")
        data.update(field.default)
    return data, owners


_MEMBER: Final = re.compile(r"\$\.([A-Za-z_][A-Za-z0-9_]*)")


def _placed(path: str, reason: str, owners: Mapping[str, _Word]) -> tuple[str, str]:
    """A problem of the JSON object, its path given the field it came from."""
    match = _MEMBER.match(path)
    word = owners.get(match.group(1)) if match else None
    if word is None:
        return (f"position {path}", reason)
    return (f"{word.where()} {path}", reason)
