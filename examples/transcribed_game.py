"""Check a game written down by hand: validate the text record ``club_night.tgn`` and print
each problem where it stands in the file, with what most likely happened.

Usage: ``python examples/transcribed_game.py [RECORD]``

The record beside this script holds a whole three-player game (95 turns, 217 actions) as a
player wrote it down at the table, with four slips: a support commitment under the wrong
seat, a forgotten support commitment, a tile put on the wrong square and two moves written in
the wrong order. The validator reports each slip as one problem, at its line, and checks the
rest of the record as if the slip were mended.
"""

from __future__ import annotations

import sys
from pathlib import Path

import tigris_rules as tr

RECORD = Path(__file__).with_name("club_night.tgn")


def main(path: Path) -> int:
    """Print the problems of the record at ``path``; 1 when it has any, else 0."""
    report = tr.validate_file(path)
    for problem in report.problems:
        print(f"{path.name}:{problem.line}:{problem.column}: [{problem.diagnosis}] {problem}")
    if report.valid:
        print(f"{path.name}: valid ({report.actions} actions)")
    else:
        print(f"{len(report.problems)} problems in {report.actions} actions")
    return 0 if report.valid else 1


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else RECORD))
