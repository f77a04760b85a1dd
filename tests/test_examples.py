"""Smoke tests: the example programs run as a person would run them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from tigris_rules.ai.bots import RandomBot

EXAMPLES = Path(__file__).parent.parent / "examples"


def run(script: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


# --- the terminal game --------------------------------------------------------------------


def test_terminal_game_answers_help_errors_and_actions() -> None:
    lines = [
        "?",
        "help",
        "fly away",
        "tile b f4",
        "catastrophe k1",
        "board",
        "leader king g3",
        "END",
        "quit",
    ]
    done = run("play_terminal.py", "--no-color", "--seed", "1", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "You are seat 0 (archer)" in out
    assert "Legal inputs now:" in out
    assert "tile red:" in out
    assert "leader king:" in out
    assert "swap:" in out
    assert "unknown action 'fly'" in out
    assert "'b' is ambiguous" in out
    assert "Not allowed (CATA-3): k1 carries a treasure" in out
    assert "seat 0 places the king on g3" in out
    assert "seat 0's turn ends; seat 1 is next" in out
    assert "seat 1 (bull): " in out  # the bot's move
    assert "seat 1 draws" in out
    assert "tiles" in out
    assert "You leave the game." in out
    assert "\x1b[" not in out


def test_terminal_game_played_to_the_end_from_piped_input() -> None:
    done = run(
        "play_terminal.py",
        "--seat",
        "1",
        "--seed",
        "4",
        "--bots",
        "greedy",
        "--no-color",
        stdin="end\n" * 300,
    )
    assert done.returncode == 0, done.stderr
    assert "The game is over." in done.stdout
    assert "Final result" in done.stdout
    assert "Winner" in done.stdout


def test_terminal_game_leaves_at_end_of_input_and_can_use_colour() -> None:
    done = run("play_terminal.py", "--players", "3", "--bots", "random,greedy", "--color")
    assert done.returncode == 0, done.stderr
    assert "End of input" in done.stdout
    assert "\x1b[" in done.stdout


@pytest.mark.parametrize(
    "args",
    [["--seat", "2"], ["--bots", "clever"], ["--bots", "random,random"], ["--variants", "x"]],
)
def test_terminal_game_rejects_bad_options(args: list[str]) -> None:
    done = run("play_terminal.py", *args)
    assert done.returncode == 2
    assert done.stderr.startswith("error:")


def test_terminal_game_in_process() -> None:
    """The same program imported, with its input and output as objects (typed API)."""
    import io

    spec = importlib.util.spec_from_file_location("play_terminal", EXAMPLES / "play_terminal.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = io.StringIO()
    status = module.main(["--no-color"], stdin=io.StringIO("commit 1\nend\n"), out=out)
    assert status == 0
    assert "Not allowed (TURN-3)" in out.getvalue()


# --- the replay viewer --------------------------------------------------------------------


def test_replay_writes_one_svg_per_action(tmp_path: Path) -> None:
    out = tmp_path / "replay"
    done = run(
        "replay_svg.py",
        str(out),
        "--seed",
        "3",
        "--bots",
        "greedy,random",
        "--variants",
        "buildings,ziggurat",
        "--max-actions",
        "12",
    )
    assert done.returncode == 0, done.stderr
    pictures = sorted(out.glob("step-*.svg"))
    assert [p.name for p in pictures] == [f"step-{i:04d}.svg" for i in range(13)]
    for picture in pictures:
        ET.parse(picture)
    captions = [
        next(e.text for e in ET.parse(p).iter() if e.get("class") == "caption") for p in pictures
    ]
    assert captions[0] == "Opening, 2 players (classic board)"
    assert captions[1] is not None
    assert captions[1].startswith("1. seat 0 (archer): ")
    assert (out / "index.html").read_text(encoding="utf-8").count(".svg") == 13


def test_replay_of_a_whole_game(tmp_path: Path) -> None:
    done = run("replay_svg.py", str(tmp_path), "--seed", "5", "--bots", "random")
    assert done.returncode == 0, done.stderr
    last = sorted(tmp_path.glob("step-*.svg"))[-1]
    assert "game over" in last.read_text(encoding="utf-8")


def test_replay_rejects_bad_options(tmp_path: Path) -> None:
    done = run("replay_svg.py", str(tmp_path), "--bots", "nobody")
    assert done.returncode == 2
    assert "unknown bot" in done.stderr


@pytest.mark.skipif(
    importlib.util.find_spec("tigris_rules.records") is None,
    reason="game logs need tigris_rules.records",
)
def test_replay_of_a_log_file(tmp_path: Path) -> None:
    from tigris_rules.records import record_game, write_log

    log = record_game(tr.GameConfig(players=2), RandomBot(2).choose, seed=2)
    path = tmp_path / "game.json"
    write_log(log, path)
    out = tmp_path / "pictures"
    done = run("replay_svg.py", str(out), "--log", str(path))
    assert done.returncode == 0, done.stderr
    assert len(list(out.glob("step-*.svg"))) == len(log.actions) + 1
    bad = run("replay_svg.py", str(out), "--log", str(tmp_path / "missing.json"))
    assert bad.returncode == 2


# --- the learning agent -----------------------------------------------------------------


def _learning() -> Any:
    spec = importlib.util.spec_from_file_location("learning", EXAMPLES / "learning.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_learning_prints_its_curve_and_draws_it(tmp_path: Path) -> None:
    curve = tmp_path / "curve.svg"
    done = run(
        "learning.py", "--games", "2", "--every", "1", "--eval", "1", "--final", "2",
        "--curve", str(curve),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("games trained") == 3
    assert "won" in done.stdout
    assert "of 2 games against the random bot" in done.stdout
    picture = ET.fromstring(curve.read_text(encoding="utf-8"))
    assert picture.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(picture.findall(".//{http://www.w3.org/2000/svg}circle")) == 3


def test_a_won_game_makes_its_choices_likelier() -> None:
    """REINFORCE: a game that ends better than the running mean moves the weights along the
    gradient of its choices, one that ends worse against it."""
    learning = _learning()
    agent = learning.Agent(seed=1)
    state = tr.new_game(tr.GameConfig(players=2), seed=3)
    _, gradient = agent.choose(state)
    assert len(gradient) == len(learning.FEATURES)
    assert any(g != 0 for g in gradient)
    agent.learn(1.0, gradient)
    assert sum(w * g for w, g in zip(agent.weights, gradient, strict=True)) > 0
    before = list(agent.weights)
    agent.learn(-1.0, gradient)
    assert sum((w - b) * g for w, b, g in zip(agent.weights, before, gradient, strict=True)) < 0


# --- a game written down by hand ----------------------------------------------------------


def test_transcribed_game_prints_each_slip_with_its_diagnosis() -> None:
    done = run("transcribed_game.py")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(" ", 2)[:2] for line in lines[:4]] == [
        ["club_night.tgn:55:57:", "[wrong-seat]"],
        ["club_night.tgn:68:8:", "[missing]"],
        ["club_night.tgn:87:8:", "[wrong-square]"],
        ["club_night.tgn:113:8:", "[swapped]"],
    ]
    assert lines[0].endswith("action 71 was most likely played by player 2")
    assert lines[1].endswith("an action is missing before action 99")
    assert lines[3].endswith("actions 203 and 204 appear swapped")
    assert lines[-1] == "4 problems in 217 actions"


def test_the_tutorial_shows_what_the_transcribed_game_prints() -> None:
    done = run("transcribed_game.py")
    tutorial = (EXAMPLES.parent / "docs" / "tutorial" / "logs.md").read_text(encoding="utf-8")
    assert f"```text\n{done.stdout}```" in tutorial
