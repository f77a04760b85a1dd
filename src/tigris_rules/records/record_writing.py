"""Writing the text game record, TGN (docs/game-record.md): a log as tags and movetext in the
action notation, one line per turn, read back as an equal log by
:func:`~tigris_rules.records.game_record.parse_record`."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, Protocol

from tigris_rules._arguments import expect, expect_items
from tigris_rules.api import AnyState, is_over
from tigris_rules.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    FormatError,
    IllegalActionError,
    InvalidActionError,
    NotAStateError,
)
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.records._checks import clip
from tigris_rules.records._log_tags import config_tags, tag_name_problem, tag_value_problem
from tigris_rules.records._replaying import step_entry
from tigris_rules.records.converter import unstructure
from tigris_rules.records.game_record import FORMAT_TAG, RESULT_TOKEN, UNKNOWN_RESULT
from tigris_rules.records.json_io import dumps
from tigris_rules.records.log import GameLog, opening
from tigris_rules.records.notation import format_action

__all__ = ["RecordTurns", "format_record", "format_records", "write_record"]


class RecordTurns(Protocol):
    """What a ruleset offers to group a record's actions by turn (docs/game-record.md,
    Turns): a ruleset that does not offer it has its actions grouped by runs of one seat."""

    def turns_played(self, state: Any) -> int:
        """The turns begun in ``state``, the one in progress included: the number of the
        turn an input sent in ``state`` belongs to."""
        ...


def _quoted(name: str, value: str, *, free: bool = False) -> str:
    """The tag line; a control character is written ``\\u0009``, except in a free tag,
    which may not hold one."""
    problem = tag_value_problem(value)
    if problem is not None and free:
        raise ArgumentValueError(f"log: the tag {name}: {problem}")
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    escaped = _CONTROL.sub(lambda c: f"\\u{ord(c.group()):04x}", escaped)
    return f'[{name} "{escaped}"]'


def _free_tag(pair: object) -> str:
    """The line of a free tag of a log: a name and a value, both text, the name not
    reserved (:mod:`~tigris_rules.records._log_tags`)."""
    if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
        raise ArgumentTypeError.expected("log.tags", "pairs of strings (name, value)", pair)
    name, value = pair
    problem = tag_name_problem(name)
    if problem is not None:
        raise ArgumentValueError(f"log: {problem}")
    return _quoted(name, value, free=True)


def _config_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ",".join(value)
    return dumps(value)


_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f]")
_UNWRITABLE: Final = re.compile(r'[,{}\[\]"\n\r]|(?:^|\s)@|(?:^|\s)[0-9]+\.(?:\s|$)')


def _move_text(action: Any, config: GameConfig, index: int) -> str:
    text = format_action(action, config)
    if _UNWRITABLE.search(text) or RESULT_TOKEN.fullmatch(
        text.split()[-1] if text.split() else "*"
    ):
        raise ArgumentValueError(
            f"log: action {index} is written {clip(text)!r}, which a record cannot hold "
            "(docs/game-record.md, Movetext)"
        )
    return text


def _turns(log: GameLog) -> list[int]:
    """The turn each action of ``log`` belongs to, by replay; once an action cannot be
    replayed (or the game offers no turns), a new turn at each change of seat."""
    numbers: list[int] = []
    state: AnyState | None = None
    turns: RecordTurns | None = None
    try:
        state = opening(log.config, log.seed, log.deal)
        turns = offered(state.ruleset, RecordTurns)
    except (FormatError, IllegalActionError, InvalidActionError, NotAStateError, ValueError):
        state = None
    last_seat: int | None = None
    for entry in log.actions:
        if state is not None and turns is not None and not is_over(state):
            number = turns.turns_played(state)
            try:
                state = step_entry(state, entry.action, entry.player)[0]
            except (IllegalActionError, InvalidActionError):
                state = None
        else:
            state = None
            number = (numbers[-1] if numbers else 0) + (entry.player != last_seat)
        numbers.append(max(number, numbers[-1] if numbers else 1))
        last_seat = entry.player
    return numbers


def format_record(log: GameLog) -> str:
    """``log`` as a text game record of one game (docs/game-record.md), ending with a new
    line: its free tags, its ``Format``, ``LibraryVersion``, configuration, ``Seed`` or
    ``Deal``, ``Result`` and ``Score`` tags, then one line per turn and the result.
    :func:`parse_record` reads it back as an equal log.

    A log that is not a :class:`~tigris_rules.GameLog` raises
    :class:`~tigris_rules.ArgumentTypeError`; an action that is not well formed
    :class:`~tigris_rules.InvalidActionError` (as :func:`~tigris_rules.format_action`), and
    a tag value with a control character :class:`~tigris_rules.ArgumentValueError`."""
    expect(log, GameLog, "log")
    lines = [_free_tag(pair) for pair in log.tags]
    lines.append(_quoted("Format", FORMAT_TAG))
    lines.append(_quoted("LibraryVersion", log.library_version))
    config = unstructure(log.config)
    for key, tag in config_tags():
        if key in config:
            lines.append(_quoted(tag, _config_value(config[key])))
    if log.seed is not None:
        lines.append(_quoted("Seed", str(log.seed)))
    if log.deal is not None:
        lines.append(_quoted("Deal", dumps(log.deal)))
    result = UNKNOWN_RESULT
    if log.result is not None:
        result = "-".join(str(p.place) for p in log.result.players)
    lines.append(_quoted("Result", result))
    if log.result is not None:
        names = tuple(c.value for c in COLORS)
        for p in log.result.players:
            counts = " ".join(f"{n} {v}" for n, v in zip(names, p.scores, strict=True))
            lines.append(_quoted(f"Score{p.player}", f"{counts} treasures {p.treasures}"))
    lines.append("")
    turn: int | None = None
    seat: int | None = None
    line: list[str] = []
    for index, (entry, number) in enumerate(zip(log.actions, _turns(log), strict=True)):
        text = _move_text(entry.action, log.config, index)
        if number != turn:
            if line:
                lines.append("".join(line))
            line, turn, seat = [f"{number}. @{entry.player} {text}"], number, entry.player
            continue
        marker = f"@{entry.player} " if entry.player != seat else ""
        line.append(f", {marker}{text}")
        seat = entry.player
    if line:
        lines.append("".join(line))
    lines.append(result)
    return "\n".join(lines) + "\n"


def format_records(logs: Sequence[GameLog]) -> str:
    """Every log of ``logs`` (a list or a tuple) as one record, one game after another
    with a blank line between them (:func:`format_record`)."""
    expect_items(logs, GameLog, "logs")
    return "\n".join(format_record(log) for log in logs)


def write_record(log: GameLog, path: str | os.PathLike[str]) -> None:
    """Write ``log`` to the file at ``path`` as a text game record (:func:`format_record`)."""
    expect(log, GameLog, "log")
    expect(path, (str, os.PathLike), "path")
    Path(path).write_text(format_record(log), encoding="utf-8")
