"""One wrong line, one problem: golden logs mutated one action at a time (docs/log-format.md,
Validation, gives the measured fractions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr

LOGS = Path(__file__).parent / "data" / "logs"


def problems_after(data: dict[str, Any], index: int, change: dict[str, Any]) -> int:
    actions = list(data["actions"])
    actions[index] = {**actions[index], **change}
    report = tr.validate_json(json.dumps({**data, "actions": actions}))
    return len(report.problems) + report.more


@pytest.mark.parametrize("name", ["game-2p-classic-seed1.json", "game-3p-cards-seed16.json"])
def test_a_changed_seat_gives_one_problem(name: str) -> None:
    data = json.loads((LOGS / name).read_text())
    players = data["config"]["players"]
    for index in range(0, len(data["actions"]), 1 if players == 2 else 25):
        seat = (data["actions"][index]["player"] + 1) % players
        assert problems_after(data, index, {"player": seat}) == 1, index


def test_a_square_changed_to_a_river_square_gives_one_problem_in_most_cases() -> None:
    data = json.loads((LOGS / "game-2p-classic-seed1.json").read_text())
    counts = [
        problems_after(data, i, {"square": "e1" if a["square"] != "e1" else "f1"})
        for i, a in enumerate(data["actions"])
        if "square" in a
    ]
    assert counts.count(1) / len(counts) >= 0.5  # 51% measured; see docs/log-format.md


def test_the_repair_is_named_and_the_problems_capped() -> None:
    data = json.loads((LOGS / "game-2p-classic-seed1.json").read_text())
    actions = list(data["actions"])
    actions[10] = {**actions[10], "player": 1 - actions[10]["player"]}
    report = tr.validate_json(json.dumps({**data, "actions": actions}))
    (problem,) = report.problems
    assert problem.assumed == f"as player {data['actions'][10]['player']}'s"
    text = json.dumps({**data, "actions": [{"player": 1, "type": "end_turn"}] * 9})
    every = tr.validate_json(text, max_problems=None)
    assert len(every.problems) > 2
    many = tr.validate_json(text, max_problems=2)
    assert many.problems == every.problems[:2]
    assert many.more == len(every.problems) - 2
