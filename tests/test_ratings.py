"""benchmarks/ratings.py: the Elo fit on results made up for the purpose, and a tiny round
robin of the card game played through its command line. No time is asserted: the script
measures, the tests check what it counts and fits."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType

import pytest

PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "ratings.py"


@pytest.fixture(scope="module")
def ratings() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ratings", PATH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["ratings"] = module
    spec.loader.exec_module(module)
    return module


def test_symmetric_results_give_equal_ratings(ratings: ModuleType) -> None:
    games = [(a, b, score) for a, b in (("x", "y"), ("y", "z"), ("x", "z")) for score in (1, 0)]
    fitted = ratings.fit_elo(["x", "y", "z"], games)
    for value in fitted.values():
        assert value == pytest.approx(1500, abs=1e-6)


def test_a_bot_that_always_wins_rates_higher_by_the_likelihood(ratings: ModuleType) -> None:
    # With one virtual draw, 10 wins in 10 games are 10.5 points in 11: the maximum of the
    # likelihood puts the two ratings 400 log10(10.5 / 0.5) apart, around a mean of 1500.
    fitted = ratings.fit_elo(["strong", "weak"], [("weak", "strong", 0.0)] * 10)
    gap = 400 * math.log10(10.5 / 0.5)
    assert fitted["strong"] == pytest.approx(1500 + gap / 2, abs=1e-6)
    assert fitted["weak"] == pytest.approx(1500 - gap / 2, abs=1e-6)


def test_ratings_follow_the_results_and_count_draws_as_half(ratings: ModuleType) -> None:
    games = (
        [("a", "b", 1.0)] * 7
        + [("a", "b", 0.0)] * 3
        + [("b", "c", 0.5)] * 6
        + [("b", "c", 1.0)] * 4
        + [("a", "c", 1.0)] * 9
        + [("a", "c", 0.0)]
    )
    fitted = ratings.fit_elo(["a", "b", "c"], games)
    assert fitted["a"] > fitted["b"] > fitted["c"]
    assert sum(fitted.values()) / 3 == pytest.approx(1500, abs=1e-6)
    halves = ratings.fit_elo(["b", "c"], [("b", "c", 0.5)] * 10)
    assert halves["b"] == pytest.approx(halves["c"], abs=1e-6)


def test_bootstrap_intervals_are_seeded_and_hold_the_fit(ratings: ModuleType) -> None:
    games = [("a", "b", 1.0)] * 6 + [("a", "b", 0.0)] * 4 + [("b", "c", 1.0)] * 8
    games += [("b", "c", 0.0)] * 2
    names = ["a", "b", "c"]
    first = ratings.bootstrap(names, games, 50, 3)
    assert first == ratings.bootstrap(names, games, 50, 3)
    fitted = ratings.fit_elo(names, games)
    for name in names:
        low, high = first[name]
        assert low <= fitted[name] <= high
    assert first["c"][1] - first["c"][0] > 0


def test_a_tiny_round_robin(
    ratings: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "games.jsonl"
    argv = ["--game", "cards", "--games", "1", "--iterations", "1", "--bootstrap", "5"]
    argv += ["--record", str(record)]
    assert ratings.main(argv) == 0
    printed = capsys.readouterr().out
    played = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    # Three bots, three pairs, one game each.
    assert sorted((p["game"], p["first"], p["second"]) for p in played) == [
        ("cards", "greedy", "ismcts-1"),
        ("cards", "random", "greedy"),
        ("cards", "random", "ismcts-1"),
    ]
    for p in played:
        assert p["score"] in (0.0, 0.5, 1.0)
        assert min(p["decisions"]) > 0
    assert "Board game" not in printed
    assert "Card game, two players:" in printed
    rows = [line.split(" | ")[0] for line in printed.splitlines() if line.startswith("| ")]
    for name in ("random", "greedy", "ismcts-1"):
        assert rows.count(f"| {name}") == 2  # its rating and its points
    argv = ["--game", "cards", "--from", str(record), "--iterations", "1", "--bootstrap", "5"]
    assert ratings.main(argv) == 0
    again = capsys.readouterr().out
    assert again.split("\n", 3)[3] == printed.split("\n", 3)[3]  # the same tables
    # Run again on the same record: nothing is played again, the tables are the same.
    argv = ["--game", "cards", "--games", "1", "--iterations", "1", "--bootstrap", "5"]
    assert ratings.main([*argv, "--record", str(record)]) == 0
    assert len(record.read_text(encoding="utf-8").splitlines()) == 3
    assert capsys.readouterr().out.split("\n", 3)[3] == printed.split("\n", 3)[3]


def test_curvature_intervals_follow_the_information(ratings: ModuleType) -> None:
    # Two bots at 5-5 with one virtual draw: 11 games at p = 1/2, so the variance of each
    # rating (the mean held fixed) is 1/11 in natural units.
    games = [("x", "y", 1.0)] * 5 + [("x", "y", 0.0)] * 5
    half = ratings.curvature(["x", "y"], games)
    expected = 1.959964 * 400 / math.log(10) / math.sqrt(11)
    assert half["x"] == pytest.approx(expected, rel=1e-6)
    assert half["y"] == pytest.approx(expected, rel=1e-6)
    more = ratings.curvature(["x", "y"], games * 4)
    assert more["x"] < half["x"]
