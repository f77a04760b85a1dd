"""``tigris-rules convert IN OUT``: a log from one form into the other without loss
(docs/game-record.md, Converting).

A JSON log becomes a text game record of one game and back; a JSON Lines archive becomes a
record of as many games and back. What ``IN`` holds is told by its content (a record begins
with ``[``, JSON with ``{``) and, for an archive, by the name ending in ``.jsonl``; what
``OUT`` receives, by ``--to`` or else by its name: ``.tgn`` a record, ``.jsonl`` an archive,
anything else a JSON log.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Final

from tigris_rules.errors import FormatError
from tigris_rules.records import (
    RECORD_SUFFIX,
    STDIN,
    GameLog,
    dumps,
    format_records,
    is_record,
    loads,
    parse_records,
)
from tigris_rules.records.json_io import DEFAULT_MAX_BYTES
from tigris_rules.records.log import read_file
from tigris_rules.tools._options import add_max_size, fail

__all__ = ["add_convert", "convert_text"]

ARCHIVE_SUFFIX: Final = ".jsonl"
FORMS: Final = ("tgn", "json", "jsonl")
"""What ``--to`` names: a text game record, a JSON log, a JSON Lines archive."""


def _read_logs(data: bytes, archive: bool, max_bytes: int | None) -> tuple[GameLog, ...]:
    """The logs ``data`` holds: a record's games, an archive's lines or one JSON log."""
    if is_record(data):
        return parse_records(data, max_bytes=max_bytes)
    if not archive:
        return (loads(data, GameLog, max_bytes=max_bytes),)
    logs = []
    for number, line in enumerate(data.split(b"\n"), start=1):
        if line.strip():
            try:
                logs.append(loads(line, GameLog, max_bytes=max_bytes))
            except FormatError as exc:
                raise FormatError.of(
                    [(path, f"line {number}: {why}") for path, why in exc.problems]
                ) from None
    return tuple(logs)


def convert_text(
    data: bytes, to: str, *, archive: bool = False, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> str:
    """The logs of ``data`` (a JSON log, a JSON Lines archive when ``archive``, or a text
    game record) written as ``to``: ``"tgn"``, ``"json"`` (one log only) or ``"jsonl"``.
    :class:`~tigris_rules.FormatError` for input that is none of these, or for several
    games to be written as one JSON log."""
    logs = _read_logs(data, archive, max_bytes)
    if to == "tgn":
        return format_records(logs)
    if to == "jsonl":
        return "".join(dumps(log) + "\n" for log in logs)
    if len(logs) != 1:
        raise FormatError(
            "$", f"the input holds {len(logs)} games; write them as an archive (--to jsonl)"
        )
    return dumps(logs[0], indent=2) + "\n"


def _form(args: argparse.Namespace) -> str:
    if args.to is not None:
        return str(args.to)
    out = Path(args.output)
    if out.suffix == RECORD_SUFFIX:
        return "tgn"
    return "jsonl" if out.suffix == ARCHIVE_SUFFIX else "json"


def _convert(args: argparse.Namespace) -> int:
    source: Path = args.input
    try:
        data = read_file(source, args.max_size)
        archive = args.jsonl or source.suffix == ARCHIVE_SUFFIX
        text = convert_text(data, _form(args), archive=archive, max_bytes=args.max_size)
    except FormatError as exc:
        fail(f"{source}: {exc}")
        return 2
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}")
        return 2
    if os.fspath(args.output) == STDIN:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write {args.output}: {exc.strerror or exc}")
        return 2
    return 0


def add_convert(commands: Any) -> None:
    """The ``convert`` command, added to the subcommands ``commands``."""
    convert = commands.add_parser(
        "convert",
        help="turn a JSON log into a text game record (.tgn) and back, without loss",
        description=(
            "Convert IN into OUT without loss: a JSON log into a text game record (TGN) of "
            "one game and back, a JSON Lines archive into a record of as many games and back. "
            "IN is read as a record when it begins with '[', as an archive when its name ends "
            "in .jsonl (or with --jsonl). OUT is written as --to says, else by its name: "
            ".tgn a record, .jsonl an archive, anything else a JSON log. '-' is standard "
            "input or output. Exit status: 0 converted, 2 IN is malformed, unreadable or too "
            "large, or OUT cannot be written."
        ),
    )
    convert.add_argument("input", type=Path, metavar="IN", help="the file to read ('-': stdin)")
    convert.add_argument("output", metavar="OUT", help="the file to write ('-': stdout)")
    convert.add_argument(
        "--to", choices=FORMS, default=None, help="the form of OUT (default: by its name)"
    )
    convert.add_argument(
        "--jsonl", action="store_true", help="read IN as a JSON Lines archive, one log per line"
    )
    add_max_size(convert, "an input")
    convert.set_defaults(handler=_convert)
