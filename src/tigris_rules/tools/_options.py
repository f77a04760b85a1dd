"""What the commands of the command line share: the program's name and exit statuses, the
error line, and the options of size, counts and worker processes."""

from __future__ import annotations

import argparse
import sys

from tigris_rules.records.json_io import DEFAULT_MAX_BYTES, MEGABYTE
from tigris_rules.tools._workers import JOBS_PER_CORE, default_jobs, max_jobs

PROG = "tigris-rules"
EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INVALID = 1
"""``validate``/``replay``: a log breaks a rule or its expected result differs."""
EXIT_MALFORMED = 2
"""``validate``/``replay``: a file is malformed (not a log of this format), unreadable or too
large."""
EXIT_NOT_DONE = 3
"""``validate``/``selfplay``: some logs or games were not done, their worker process having
died twice (killed, out of memory); everything else was done."""


def megabytes(text: str) -> int:
    """A ``--max-size`` value: a positive number of megabytes, as bytes."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a size in MB, got {text!r}") from None
    if not value > 0 or value == float("inf"):  # NaN is not > 0
        raise argparse.ArgumentTypeError(f"expected a positive size in MB, got {text!r}")
    return int(value * MEGABYTE)


def add_max_size(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--max-size MB`` option of a command that refuses ``what`` over the limit."""
    default = DEFAULT_MAX_BYTES // MEGABYTE
    parser.add_argument(
        "--max-size",
        type=megabytes,
        default=DEFAULT_MAX_BYTES,
        metavar="MB",
        help=f"refuse {what} larger than this many megabytes (default {default})",
    )


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def add_jobs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--jobs",
        type=positive,
        default=None,
        metavar="N",
        help=(
            f"worker processes (default: every core, here {default_jobs()}); at most "
            f"{JOBS_PER_CORE} per core (here {max_jobs()}), a larger N is lowered to it with a "
            "note; at most one per file or game. The output is the same for any N"
        ),
    )


def jobs(args: argparse.Namespace) -> int | None:
    """``--jobs``, lowered to :func:`~tigris_rules.tools.bulk.max_jobs` with a note."""
    jobs: int | None = args.jobs
    if jobs is not None and jobs > max_jobs():
        print(
            f"{PROG}: note: --jobs {jobs} lowered to {max_jobs()}, the most worker processes "
            f"here ({JOBS_PER_CORE} per core)",
            file=sys.stderr,
        )
        return max_jobs()
    return jobs


def listed(names: list[str], most: int = 10) -> str:
    return ", ".join(names[:most]) + (f" and {len(names) - most} more" if len(names) > most else "")


def fail(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)
