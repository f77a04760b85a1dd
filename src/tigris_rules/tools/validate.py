"""The ``validate`` command: replay game logs (files, archives, text game records, standard
input), shared among worker processes, and print one line per problem, or one JSON document.

The exit status is 0 when every log is valid, 1 when a rule is broken or an expected result
differs, 2 when a file is malformed, unreadable or too large, 3 when some logs were not done
(their worker process died twice).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import attrs

from tigris_rules.errors import FormatError
from tigris_rules.records import RECORD_SUFFIX, STDIN, validate_file
from tigris_rules.records._checks import MAX_PROBLEMS
from tigris_rules.records.game_record import game_texts
from tigris_rules.records.log import read_file
from tigris_rules.tools._options import (
    EXIT_INVALID,
    EXIT_MALFORMED,
    EXIT_NOT_DONE,
    EXIT_OK,
    add_jobs,
    add_max_size,
    fail,
    jobs,
    listed,
    positive,
)
from tigris_rules.tools.bulk import NotDone, Summary, iter_validate, read_jsonl

__all__ = ["add_validate"]


def add_validate(commands: Any) -> None:
    """The ``validate`` command, added to the subcommands ``commands``."""
    validate = commands.add_parser(
        "validate",
        help="replay game logs and report every problem",
        description=(
            "Replay each log and print one line per problem (action index, player, action, "
            "rule ID and reason). After an illegal action the replay goes on as if the seat to "
            "move had sent it, or with a legal action of the same kind one field apart, or "
            "without it, whichever fits the next actions best. Exit status: 0 every log is "
            "valid, 1 a rule is broken or an expected result differs, 2 a file is malformed, "
            "unreadable or too large, 3 some logs not done (their worker process died twice: "
            "listed as 'not done'; the others are checked all the same). A problem whose place "
            "is known is printed after FILE:LINE:COLUMN."
        ),
    )
    validate.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE",
        help=(
            "log files ('-': standard input), JSON or text game records; a .jsonl file holds "
            "one log per line, a .tgn file one game or many"
        ),
    )
    validate.add_argument(
        "--jsonl",
        action="store_true",
        help="read every FILE as JSON Lines, one log per line (the default for .jsonl files)",
    )
    validate.add_argument(
        "--json", action="store_true", help="print one JSON document for machines instead"
    )
    validate.add_argument(
        "--max-problems",
        type=positive,
        default=MAX_PROBLEMS,
        metavar="N",
        help=f"list at most N problems per file, then count the rest (default {MAX_PROBLEMS})",
    )
    add_max_size(validate, "files (or archive lines)")
    add_jobs(validate)
    validate.set_defaults(handler=_validate)


def _status(summary: Summary) -> str:
    if summary.valid:
        return "valid"
    return "malformed" if summary.malformed else "invalid"


def _summary_line(summary: Summary | NotDone) -> str:
    """What is printed of a log with no problem, or of a log not done."""
    if isinstance(summary, NotDone):
        return str(summary)
    state = "game over" if summary.over else "game not over"
    checked = "; result checked" if summary.result_checked else ""
    return f"valid ({summary.actions} actions, {state}{checked})"


class _Progress:
    """A progress bar on standard error, drawn only when it is a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.enabled = total > 1 and _is_terminal(stream)

    def show(self, done: int, name: str) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {name[-40:]}\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@attrs.frozen
class _Label:
    """Where a log comes from: the ``index``-th FILE, and its line in an archive."""

    index: int
    file: Path
    line: int | None = None

    def __str__(self) -> str:
        return str(self.file) if self.line is None else f"{self.file}:{self.line}"


def _is_archive(args: argparse.Namespace, file: Path) -> bool:
    return bool(args.jsonl) or file.suffix == ".jsonl" or file.suffix == RECORD_SUFFIX


def _record_games(file: Path, max_bytes: int) -> Iterator[tuple[int, Path | bytes]]:
    """The games of the text game record ``file``: the file itself when it holds one game
    (or cannot be read: validating it says why), else each game's text and the line it
    begins on."""
    try:
        games = list(game_texts(read_file(file, max_bytes), max_bytes))
    except (FormatError, OSError):
        games = []
    if len(games) < 2:
        yield 0, file
        return
    for line, text in games:
        yield line, text.encode("utf-8")


def _logs(args: argparse.Namespace) -> Iterator[tuple[_Label, Path | bytes | Summary]]:
    """The logs of the FILE arguments in order, read lazily: a file's path (validated where
    the work runs), an archive's lines, or a summary already known (standard input is read
    here, an archive line too long is refused here)."""
    for index, file in enumerate(args.files):
        if file.suffix == RECORD_SUFFIX and not args.jsonl:
            for line, game in _record_games(file, args.max_size):
                yield _Label(index, file, line or None), game
        elif _is_archive(args, file):
            for line, item in read_jsonl(file, max_bytes=args.max_size):
                yield _Label(index, file, line or None), item
        elif str(file) == STDIN:
            report = validate_file(file, max_bytes=args.max_size, max_problems=args.max_problems)
            yield _Label(index, file), Summary.of(report)
        else:
            yield _Label(index, file), file


def _validate(args: argparse.Namespace) -> int:
    files: list[Path] = args.files
    archives = any(_is_archive(args, file) for file in files)
    progress = _Progress(len(files), sys.stderr)
    results = iter_validate(
        _logs(args),
        jobs=jobs(args),
        max_bytes=args.max_size,
        max_problems=args.max_problems,
        count=None if archives else len(files),
    )
    tally = _Tally()
    if args.json:
        print('{\n  "files": [', end="")
    for label, summary in results:
        progress.show(label.index, str(label.file))
        summary = _placed(label, summary)
        if args.json:
            _print_json_entry(label, summary, first=not tally.logs)
        else:
            progress.close()
            _print_report(label, summary)
        tally.add(label, summary)
    progress.close()
    what = "logs" if archives else "files"
    if args.json:
        summary_json = json.dumps(tally.to_json(), indent=2, ensure_ascii=False)
        print(("\n  " if tally.logs else "") + "],")
        print('  "summary": ' + summary_json.replace("\n", "\n  ") + "\n}")
    elif tally.logs > 1:
        lost = f", {len(tally.lost)} not done" if tally.lost else ""
        print(
            f"{tally.logs} {what}: {tally.valid} valid, {tally.invalid} invalid, "
            f"{tally.malformed} malformed{lost}; {tally.problems} problem(s)"
        )
    if tally.lost:
        fail(
            f"{len(tally.lost)} of {tally.logs} {what} not done: worker died; {listed(tally.lost)}"
        )
        return EXIT_NOT_DONE
    if tally.malformed:
        return EXIT_MALFORMED
    return EXIT_INVALID if tally.invalid else EXIT_OK


class _Tally:
    """The counts of the summary line."""

    def __init__(self) -> None:
        self.logs = self.valid = self.invalid = self.malformed = self.problems = 0
        self.lost: list[str] = []

    def add(self, label: _Label, summary: Summary | NotDone) -> None:
        self.logs += 1
        if isinstance(summary, NotDone):
            self.lost.append(str(label))
            return
        self.valid += summary.valid
        self.malformed += summary.malformed
        self.invalid += not summary.valid and not summary.malformed
        self.problems += len(summary.problems) + summary.more

    def to_json(self) -> dict[str, int]:
        return {
            "files": self.logs,
            "valid": self.valid,
            "invalid": self.invalid,
            "malformed": self.malformed,
            "not_done": len(self.lost),
            "problems": self.problems,
        }


def _print_json_entry(label: _Label, summary: Summary | NotDone, *, first: bool) -> None:
    """One entry of the ``files`` array of ``validate --json``, laid out as
    ``json.dumps(document, indent=2)`` lays it out: the document is printed as it grows."""
    entry: dict[str, Any] = {"file": str(label.file)}
    if label.line is not None:
        entry["line"] = label.line
    if isinstance(summary, NotDone):
        entry.update({"status": "not done", "reason": summary.reason})
    else:
        entry.update(
            {
                "status": _status(summary),
                "actions": summary.actions,
                "applied": summary.applied,
                "over": summary.over,
                "problems": [p.to_json() for p in summary.problems],
                "more_problems": summary.more,
            }
        )
    text = json.dumps(entry, indent=2, ensure_ascii=False).replace("\n", "\n    ")
    print(("\n    " if first else ",\n    ") + text, end="")


def _placed(label: _Label, summary: Summary | NotDone) -> Summary | NotDone:
    """``summary`` with the lines of its problems counted from the start of the file (a
    log read from an archive line or from a game of a record starts further down)."""
    if isinstance(summary, NotDone) or label.line is None:
        return summary
    start = label.line - 1
    problems = tuple(
        p if p.line is None else attrs.evolve(p, line=p.line + start) for p in summary.problems
    )
    return attrs.evolve(summary, problems=problems)


def _print_report(label: _Label, summary: Summary | NotDone) -> None:
    name = str(label)
    if isinstance(summary, NotDone) or summary.valid:
        print(f"{name}: {_summary_line(summary)}")
        return
    for problem in summary.problems:
        where = str(label.file)
        if problem.line is None:
            where = name
        else:
            where += f":{problem.line}:{problem.column}"
        print(f"{where}: {problem}")
    if summary.more:
        print(f"{name}: ... and {summary.more} more problem{'s' if summary.more != 1 else ''}")
