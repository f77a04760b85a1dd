"""Coverage-guided fuzzing of the library's readers with atheris (optional: ``pip install
atheris``; the test suite does not need it).

Usage::

    python benchmarks/fuzz_atheris.py --write-corpus CORPUS   # the real documents, once
    python benchmarks/fuzz_atheris.py CORPUS -runs=1000000    # then fuzz (libFuzzer options)

The first byte of an input picks what reads the rest (``loads`` of each kind,
``read_jsonl``, or ``parse_action`` of board or card notation); the target is the one of
``fuzz.py`` (``_fuzz_inputs.run_target``). An escape from reading or writing code stops
the run with the input saved by libFuzzer as ``crash-*``; escapes from the rules run on
states that ``loads`` accepts (the stage ``state``) are printed once each and the run goes
on.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris  # type: ignore[import-not-found,import-untyped,unused-ignore]

with atheris.instrument_imports():
    from _fuzz_inputs import READERS, corpus, run_target

_seen: set[tuple[str, str, str]] = set()


def test_one_input(data: bytes) -> None:
    """Read ``data[1:]`` with the reader ``data[0]`` picks; raise on an escape from
    reading or writing code."""
    if not data:
        return
    kind = READERS[data[0] % len(READERS)]  # what the first byte picks
    for escape in run_target(kind, data[1:]):
        if escape.stage == "read":
            raise RuntimeError(f"escape: {escape.call}: {escape.error} at {escape.where}")
        if escape.key not in _seen:
            _seen.add(escape.key)
            print(f"state escape: {escape.call}: {escape.error} at {escape.where}", flush=True)


def write_corpus(folder: Path) -> None:
    """Save every real document, prefixed with the byte that picks its reader."""
    folder.mkdir(parents=True, exist_ok=True)
    for number, sample in enumerate(corpus()):
        prefix = bytes([READERS.index(sample.kind)])
        (folder / f"{sample.kind}-{number}").write_bytes(prefix + sample.text.encode("utf-8"))


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--write-corpus":
        write_corpus(Path(sys.argv[2]))
        return
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
