"""The front-end options of the command line: bots by name and SVG output."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules.render import render_svg
from tigris_rules.tools.cli import main


def test_play_with_named_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--seed", "3", "--bots", "greedy,random"]) == 0
    out = capsys.readouterr().out
    assert "(greedy, random bots)" in out
    assert "Winner:" in out


def test_play_rejects_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "genius"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot 'genius'" in err
    assert "Traceback" not in err


def test_replay_draws_the_position_as_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["selfplay", "--games", "1", "--players", "3", "--seed", "2", "--out", str(tmp_path)])
        == 0
    )
    (log,) = sorted(tmp_path.glob("*.json"))
    picture = tmp_path / "board.svg"
    capsys.readouterr()
    assert main(["replay", str(log), "--step", "10", "--svg", str(picture)]) == 0
    assert f"Board drawn to {picture}" in capsys.readouterr().out
    root = ET.fromstring(picture.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")


def test_replay_svg_to_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["selfplay", "--games", "1", "--seed", "4", "--out", str(tmp_path)])
    (log,) = sorted(tmp_path.glob("*.json"))
    assert main(["replay", str(log), "--svg", str(tmp_path / "missing" / "b.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_states_draw_themselves_for_notebooks() -> None:
    """A state of either game draws itself as its ruleset draws it."""
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    assert state._repr_svg_() == render_svg(state)
    cards = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    picture = cards._repr_svg_()
    assert picture is not None
    assert ET.fromstring(picture).get("class") == "tigris-card-table"


def test_front_end_names_are_exported() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    own = tr.view(state, 0)
    assert own.hands[0] == state.hands[0]
    assert own.hands[1] is None
    action = tr.parse_action("end")
    assert action == tr.EndTurn()
    assert tr.format_action(tr.PlaceTile(tr.Color.RED, "f4")) == "tile red f4"
    with pytest.raises(tr.NotationError):
        tr.parse_action("dance")


def test_view_dispatches_on_the_ruleset() -> None:
    """CARD-DEF-7 and CONV-14: one `view` for both rulesets."""
    cards = tr.new_card_game(tr.GameConfig(players=3, game="cards"), seed=1)
    seen = tr.view(cards, 1)
    assert isinstance(seen, tr.CardView)
    assert seen == tr.card_view(cards, 1)
    assert isinstance(tr.view(tr.new_game(tr.GameConfig(), seed=1), None), tr.PlayerView)
