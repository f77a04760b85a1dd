"""Options shared by the commands of the command line: the size limit of what they read."""

from __future__ import annotations

import argparse

from tigris_rules.records.json_io import DEFAULT_MAX_BYTES, MEGABYTE


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
