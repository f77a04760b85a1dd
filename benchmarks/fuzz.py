"""Fuzz the library's readers and what they give, and print every escape.

Usage: ``python benchmarks/fuzz.py [--inputs N] [--seed S] [--out DIR]``

Each input is a real document (a golden log, the JSON of a state, configuration, deal or
action of a seeded game, a line of notation) changed by one of the mutations of
``_fuzz_inputs.py``, or random bytes or text. It is read by ``loads`` (as its own kind, now
and then as another), ``validate_json``, ``read_log`` (every ``--files-every``-th input) or
``parse_action``, and what they accept is used: ``format_action``, ``dumps``,
``validate_log``, ``replay``, and on a state ``legal_actions``, ``step``, ``view`` and the
renderers. Only the library's errors (``tigris_rules.TigrisError``) may come out; anything
else is an escape, and so is an input that takes longer than ``--time-limit`` seconds.

The script prints the inputs tried, the escapes found and each distinct escape (by stage,
exception and the library line it came from) with its shortest input, saved in ``--out``
as a reproducer. Escapes of the stage ``state`` come from the rules run on a state that
``loads`` accepted although no game reaches it; they are listed apart. Same seed, same
inputs. The exit status is 1 when an escape of the stage ``read`` was found.
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from _fuzz_inputs import Escape, Mutator, Slow, corpus, run_target

KIND_NAMES = {
    "state": "tr.GameState",
    "card_state": "tr.CardGameState",
    "config": "tr.GameConfig",
    "deal": "tr.Deal",
    "card_deal": "tr.CardDeal",
    "action": "tr.Action",
    "card_action": "tr.CardAction",
    "log": "tr.GameLog",
}


def _reproducer(escape: Escape, kind: str, data: bytes, path: Path) -> str:
    """A command that reads the saved input and makes the call that escaped."""
    path.write_bytes(data)
    if kind == "notation":
        read = f"text = open({str(path)!r}, encoding='utf-8').read(); tr.parse_action(text)"
    else:
        read = f"value = tr.loads(open({str(path)!r}, 'rb').read(), {KIND_NAMES[kind]})"
        if escape.stage == "state":
            read += f"; then {escape.call} on value"
        elif not escape.call.startswith("loads"):
            read += f"; then {escape.call}"
    preview = repr(data[:120]) + ("..." if len(data) > 120 else "")
    return f"{len(data)} bytes read as {kind}: {preview}\n   import tigris_rules as tr; {read}"


def _too_slow(signum: int, frame: FrameType | None) -> None:
    raise Slow


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="how many inputs to try")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the mutations")
    parser.add_argument(
        "--files-every", type=int, default=50, help="read every N-th log input from a file"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(tempfile.gettempdir()) / "tigris-fuzz-escapes",
        help="the folder where reproducers are saved",
    )
    parser.add_argument(
        "--time-limit", type=float, default=2.0, help="seconds one input may take (else: Slow)"
    )
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _too_slow)
    samples = corpus()
    mutator = Mutator(samples, args.seed)
    first: dict[tuple[str, str, str], tuple[Escape, str, bytes]] = {}
    counts: dict[tuple[str, str, str], int] = {}
    start = time.perf_counter()
    escapes = 0
    for index in range(args.inputs):
        kind, data = mutator.next()
        found: list[Escape] = []
        signal.setitimer(signal.ITIMER_REAL, args.time_limit)
        try:
            run_target(kind, data, files=index % args.files_every == 0, found=found)
        except Slow:
            pass
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        for escape in found:
            escapes += 1
            counts[escape.key] = counts.get(escape.key, 0) + 1
            known = first.get(escape.key)
            if known is None or len(data) < len(known[2]):
                first[escape.key] = (escape, kind, data)
        if (index + 1) % 20_000 == 0:
            rate = (index + 1) / (time.perf_counter() - start)
            print(f"  {index + 1:,} inputs, {escapes:,} escapes, {rate:,.0f} inputs/s", flush=True)
    elapsed = time.perf_counter() - start
    print(f"corpus: {len(samples)} real documents; seed {args.seed}")
    print(f"inputs tried: {args.inputs:,} in {elapsed:,.0f} s ({args.inputs / elapsed:,.0f}/s)")
    print(f"escapes found: {escapes:,} ({len(first)} distinct)")
    if first:
        args.out.mkdir(parents=True, exist_ok=True)
    for stage, title in (
        ("read", "in reading, writing and their values"),
        ("state", "from impossible states that loads accepts (for the full state check)"),
    ):
        keys = sorted(k for k in first if k[0] == stage)
        print(f"\n== {len(keys)} distinct escape(s) {title} ==")
        for number, key in enumerate(keys, 1):
            escape, kind, data = first[key]
            path = args.out / f"{stage}-{number}.{'txt' if kind == 'notation' else 'json'}"
            print(f"{number}. {escape.call}: {escape.error}")
            print(f"   at {escape.where}; seen {counts[key]:,} time(s)")
            print(f"   {_reproducer(escape, kind, data, path)}")
    return 1 if any(k[0] == "read" for k in first) else 0


if __name__ == "__main__":
    sys.exit(main())
