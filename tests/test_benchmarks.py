"""benchmarks/run.py in small runs: both sides of a comparison run in every round, each side
does the same work in every round, and every target is judged (or said not measured). No
time is asserted: the script measures, the tests check what it counts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUN = ROOT / "benchmarks" / "run.py"


@pytest.fixture(scope="module")
def printed() -> dict[str, Any]:
    """What ``run.py --json`` prints for two small sections, without another build to
    compare."""
    env = dict(os.environ)
    env.pop("TIGRIS_RULES_COMPARE_BUILD", None)
    done = subprocess.run(
        [sys.executable, str(RUN), "--json", "--quick", "--rounds", "2", "--only", "json,builds"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_every_round_does_the_same_work(printed: dict[str, Any]) -> None:
    section = printed["sections"]["json"]
    assert section["rounds"] == 2
    assert set(section["sides"]) == {"tigris", "chess"}
    for side in section["sides"].values():
        for units in side["units"].values():
            assert len(units) == 2
            assert units[0] == units[1] > 0
    for ratio in section["ratios"].values():
        assert len(ratio["rounds"]) == 2
        assert ratio["min"] <= ratio["median"] <= ratio["max"]
    assert printed["targets"]["json_round_trip"]["met"] in (True, False)


def test_the_compiled_build_is_not_measured_without_one(printed: dict[str, Any]) -> None:
    for key in ("compiled_playouts", "compiled_validation"):
        target = printed["targets"][key]
        assert target["met"] is None
        assert "not measured" in target["note"]
        assert "median" not in target


INSTRUCTIONS = ROOT / "benchmarks" / "instructions.py"


def child_count(figure: str, games: int) -> int:
    """The count ``instructions.py``'s child prints for ``figure`` with ``--games games``:
    the decisions, steps or calls it divides the instructions by."""
    done = subprocess.run(
        [sys.executable, str(INSTRUCTIONS), "--child", figure, "--games", str(games)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return int(done.stdout.split()[-1])


def test_the_instruction_count_plays_the_decisions_it_divides_by() -> None:
    """``instructions.py`` divides the instructions of extra games by their decisions: its
    child plays exactly the seeded games of ``full_playout`` it names, and reads the count
    callgrind prints (or says it found none)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import _workloads
        import instructions
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    import tigris_rules as tr

    config = tr.GameConfig(players=2)
    expected = sum(_workloads.full_playout(config, seed) for seed in (1, 2))
    assert child_count("full", 2) == expected
    assert instructions.collected("==1== Events    : Ir\n==1== Collected : 12345\n") == 12345
    with pytest.raises(ValueError, match="no count"):
        instructions.collected("==1== nothing here\n")


def test_the_instruction_count_of_environment_steps_counts_the_steps_it_divides_by() -> None:
    """An environment figure of ``instructions.py`` plays 200 steps per game asked for, and
    none for the count of the warm-up alone."""
    pytest.importorskip("pettingzoo")
    for games, steps in ((1, 200), (0, 0)):
        assert child_count("pettingzoo-cards", games) == steps


def test_the_instruction_count_of_fresh_copies_counts_the_calls_it_divides_by() -> None:
    """A fresh-copy figure of ``instructions.py`` lists the legal actions of its states once
    per round asked for (the openings of 20 deals), and of none for the count of the states
    alone."""
    for rounds, calls in ((2, 40), (0, 0)):
        assert child_count("fresh-opening", rounds) == calls


def test_the_cache_simulation_reads_every_event_of_cachegrind() -> None:
    """``instructions.py --cache`` reads each event it prints from cachegrind's summary,
    digits grouped by commas, and says which one is missing."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import instructions
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    report = """==7== I   refs:      828,203,397
==7== I1  misses:      5,145,972
==7== D1  misses:      5,045,957  (  4,488,885 rd   +    557,072 wr)
==7== LLd misses:        199,456  (     35,252 rd   +    164,204 wr)
==7== Mispredicts:    13,839,227  (  5,672,369 cond +  8,166,858 ind)
"""
    assert instructions.cache_events(report) == {
        "instructions": 828_203_397,
        "I1 misses": 5_145_972,
        "D1 misses": 5_045_957,
        "LLd misses": 199_456,
        "mispredicted": 13_839_227,
    }
    with pytest.raises(ValueError, match="mispredicted"):
        instructions.cache_events(report.replace("Mispredicts", "Branches"))


def test_the_diagnosis_counts_a_lone_problem_elsewhere_with_the_result_played_as_tied() -> None:
    """``diagnosis.py`` counts a report of one problem at another action than the slip, whose
    replay ends with the result of the game played, as tied (another single slip explains the
    log as well); not a flood, another result or a result problem; and ``--unbounded`` lifts
    bounds the search has."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import diagnosis
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    import tigris_rules as tr
    from tigris_rules.records import _repair
    from tigris_rules.tools.bulk import play

    end = tr.replay(play(tr.GameConfig(players=2), 1)).final
    opening = tr.new_game(tr.GameConfig(players=2), seed=1)
    assert tr.result(opening) != tr.result(end)

    def report(*indexes: int | None, more: int = 0, state: tr.AnyState = end) -> tr.Report:
        kind = tr.ProblemKind.RULE if indexes[0] is not None else tr.ProblemKind.RESULT
        problems = tuple(tr.Problem(kind, "x", index=i) for i in indexes)
        return tr.Report(problems, more=more, state=state)

    tally = diagnosis.Tally()
    slip = range(10, 11)
    found = [report(40), report(3), report(40, 41), report(40, more=1), report(None)]
    for each in [*found, report(40, state=opening), report(10, 12)]:
        tally.missed(each, slip, tr.result(end))
    assert tally.misses == {"later": 4, "elsewhere": 1, "tied": 2, "result": 1, "more": 1}
    assert tally.later == [30, 30, 30, 30]
    for name, value in diagnosis.UNBOUNDED.items():
        assert getattr(_repair, name) < value
