"""The example of docs/card-game.md runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOC = Path(__file__).parents[2] / "docs" / "card-game.md"


def test_the_documented_example_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    """CARD-TURN-1, CARD-VP-2, CARD-SCORE-1: the guide's first example starts a game, plays
    a leader and a column card, pays the point, plays to the end and ranks the players."""
    text = DOC.read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    exec(compile(code.group(1), str(DOC), "exec"), {})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("PaymentDecision(player=0")
    assert len(lines) == 4
