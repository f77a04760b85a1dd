"""A short run of the fuzz campaign (benchmarks/fuzz.py): every reader gets inputs and
accepts some, nothing but the library's errors comes out, and no call on an input of at
most 1 KB passes 50 MB of peak memory or 200 ms of CPU time (four times the campaign's bound
of 50 ms, docs/testing.md: a margin for a machine busy with other tests)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
READERS = (
    "state",
    "card_state",
    "view",
    "card_view",
    "result",
    "config",
    "deal",
    "card_deal",
    "action",
    "card_action",
    "log",
    "jsonl",
    "notation",
    "card_notation",
    "position",
    "record",
)


def test_a_short_campaign_finds_no_escape(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "fuzz.py"),
        *("--inputs", "3000", "--seed", "1", "--corpus", "small", "--quiet"),
        *("--bound-ms", "200", "--bound-mb", "50", "--time-limit", "3"),
        *("--out", str(tmp_path)),
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    report = run.stdout
    assert run.returncode == 0, report + run.stderr
    assert re.search(r"^escapes: 0$", report, re.MULTILINE), report
    assert re.search(r"^over-bounds: 0$", report, re.MULTILINE), report
    for reader in READERS:
        row = re.search(rf"^{reader} .* ([\d,]+)/([\d,]+)$", report, re.MULTILINE)
        assert row is not None, f"no row for {reader}:\n{report}"
        tried, accepted = (int(n.replace(",", "")) for n in row.groups())
        assert tried > 0, f"{reader}: no input"
        assert accepted > 0, f"{reader}: {tried} tried, none accepted"
    small = re.search(r"^inputs of at most 1 KB: ([\d,]+) \(([\d,]+) accepted\)", report, re.M)
    assert small is not None, report
    assert int(small.group(2).replace(",", "")) > 100, report
