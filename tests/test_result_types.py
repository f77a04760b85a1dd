"""The result types and fields that docs/reference/results.md documents are the real ones."""

from __future__ import annotations

import json
import random

import attrs

import tigris_rules as tr
from tigris_rules.ai.bots import make_bots
from tigris_rules.model.events import GameOver


def test_problem_kind_compares_equal_to_its_string() -> None:
    named = [
        (tr.ProblemKind.FORMAT, "format"),
        (tr.ProblemKind.RULE, "rule"),
        (tr.ProblemKind.RESULT, "result"),
    ]
    for kind, text in named:
        assert kind == text
        assert isinstance(kind, str)
    for kind, _ in named:
        assert [text for _, text in named if kind == text] == [kind.value]
    assert str(tr.ProblemKind.RESULT) == "result"
    assert tr.ProblemKind("rule") is tr.ProblemKind.RULE


def test_a_report_on_a_broken_log_names_kind_index_player_and_rule() -> None:
    recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
    recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
    document = json.loads(tr.dumps(recorder.log()))
    document["actions"][0]["color"] = "blue"
    report = tr.validate_json(json.dumps(document))
    assert (report.valid, report.malformed, report.over) == (False, False, False)
    [problem] = report.problems
    assert problem.kind == "rule"
    assert (problem.index, problem.player, problem.rule, problem.path) == (0, 0, "TILE-3", None)
    assert problem.to_json()["kind"] == "rule"


def test_a_malformed_log_gives_format_problems_with_paths() -> None:
    report = tr.validate_json('{"format": "tigris-rules-log", "version": 1, "actions": 3}')
    assert report.malformed
    assert not report.valid
    assert all(p.kind == "format" and p.path is not None for p in report.problems)


def test_a_finished_log_is_over() -> None:
    bots = make_bots("random", 2, 3)

    def choose(state: tr.GameState) -> tr.Action:
        seat = tr.to_move(state)
        assert seat is not None
        return bots[seat].choose(state)

    log = tr.record_game(tr.GameConfig(players=2), choose, seed=3)
    report = tr.validate_log(log)
    assert (report.valid, report.malformed, report.over) == (True, False, True)
    assert report.actions == report.applied == len(log.actions)


def test_documented_field_names() -> None:
    assert [f.name for f in attrs.fields(tr.Conflict)] == [
        "kind",
        "color",
        "attacker",
        "defender",
        "attacker_square",
        "defender_square",
        "attacker_base",
        "defender_base",
        "attacker_commit",
    ]
    assert [f.name for f in attrs.fields(tr.BuildZiggurat)] == ["square"]
    assert [f.name for f in attrs.fields(tr.BuildMonument)] == ["monument", "block"]
    assert [f.name for f in attrs.fields(tr.Problem)] == [
        "kind",
        "reason",
        "index",
        "player",
        "action",
        "rule",
        "path",
        "assumed",
        "line",
        "column",
        "diagnosis",
        "likely",
    ]
    assert {"valid", "malformed", "over"} <= set(dir(tr.Report))


def _end_reason(seed: int) -> str:
    state = tr.new_game(tr.GameConfig(players=2), seed=seed)
    bots = make_bots("random", 2, seed)
    while not tr.is_over(state):
        seat = tr.to_move(state)
        assert seat is not None
        state, events = tr.step(state, bots[seat].choose(state), player=seat)
    [over] = [e for e in events if isinstance(e, GameOver)]
    assert tr.result(state).termination is tr.Termination(over.reason)
    assert tr.check_state(state) == []
    return over.reason


def test_board_games_end_for_a_documented_reason() -> None:
    assert {_end_reason(seed) for seed in range(4)} <= {"treasures", "bag"}


def test_card_games_end_for_a_documented_reason() -> None:
    reasons = set()
    for seed in range(3):
        state = tr.new_card_game(tr.GameConfig(players=3, game="cards"), seed=seed)
        rng = random.Random(seed)
        while not tr.is_over(state):
            legal = tr.legal_actions(state)
            state = tr.apply(state, legal[rng.randrange(len(legal))])
        reasons.add(state.end_reason)
        assert state.end_reason is not None
        assert tr.result(state).termination is tr.Termination(state.end_reason)
        assert tr.check_state(state) == []
    assert reasons <= {"draw pile", "treasures", "stalemate"}
