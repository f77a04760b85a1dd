"""The rewards the framework adapters report, and the adapters' import boundary."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.ai.integrations.returns import ranking_returns


def _with_scores(players: int, scores: list[tuple[int, int, int, int]]) -> tr.GameState:
    state = tr.new_game(tr.GameConfig(players=players), seed=1)
    return attrs.evolve(state, scores=tuple(scores))


def test_two_players_win_loss_and_tie() -> None:
    assert ranking_returns(_with_scores(2, [(1, 1, 1, 1), (0, 1, 1, 1)])) == (1.0, -1.0)
    assert ranking_returns(_with_scores(2, [(0, 2, 2, 2), (1, 1, 1, 1)])) == (-1.0, 1.0)
    assert ranking_returns(_with_scores(2, [(2, 2, 2, 2), (2, 2, 2, 2)])) == (0.0, 0.0)


def test_more_players_rank_based_zero_sum_ties_shared() -> None:
    three = ranking_returns(_with_scores(3, [(0, 0, 0, 0), (2, 2, 2, 2), (1, 1, 1, 1)]))
    assert three == (-1.0, 1.0, 0.0)
    four = ranking_returns(
        _with_scores(4, [(3, 3, 3, 3), (3, 3, 3, 3), (1, 1, 1, 1), (0, 5, 5, 5)])
    )
    assert four == pytest.approx((2 / 3, 2 / 3, -1 / 3, -1.0))
    assert sum(four) == pytest.approx(0.0)


def test_returns_need_a_board_game_state() -> None:
    with pytest.raises(tr.ArgumentTypeError, match="state"):
        ranking_returns(None)  # type: ignore[arg-type]


def test_importing_the_library_imports_no_framework() -> None:
    code = (
        "import sys, tigris_rules, tigris_rules.ai, tigris_rules.ai.integrations\n"
        "import tigris_rules.ai.integrations.returns\n"
        "loaded = {'numpy', 'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.slow
def test_integrations_page_examples_run(tmp_path: Path) -> None:
    """Every Python example of docs/integrations.md runs as it stands in a fresh directory
    (the extras are in dev)."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (tigris-rules[openspiel])")
    pytest.importorskip(
        "pettingzoo", reason="PettingZoo is not installed (tigris-rules[pettingzoo])"
    )
    page = Path(__file__).parent.parent / "docs" / "integrations.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 4
    for block in blocks:
        subprocess.run([sys.executable, "-c", block], cwd=tmp_path, check=True)
