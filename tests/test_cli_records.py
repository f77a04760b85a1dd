"""The command line for game records: selfplay, validate, replay and schema.

Every bad input gets its exit status and a readable message, never a traceback.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from tigris_rules.render import render_board, render_result, render_svg
from tigris_rules.tools import cli

LOGS = Path(__file__).parent / "data" / "logs"
GOLDEN = sorted(LOGS.glob("*.json"))
TWO_PLAYERS = LOGS / "game-2p-classic-seed1.json"


def unplaced(out: str) -> str:
    """``out`` with the line and column after each file name left out."""
    return re.sub(r":[0-9]+:[0-9]+: ", ": ", out)


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    status = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


@cache
def golden_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(TWO_PLAYERS.read_text())
    return data


def write(tmp_path: Path, change: Callable[[dict[str, Any]], Any], name: str = "log.json") -> Path:
    data = json.loads(json.dumps(golden_data()))
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def place_tile(player: int, color: str, square: str) -> dict[str, Any]:
    return {"player": player, "type": "place_tile", "color": color, "square": square}


# --- selfplay -------------------------------------------------------------------------------


def test_selfplay_writes_valid_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(
        capsys,
        "selfplay",
        "--games",
        "2",
        "--players",
        "3",
        "--seed",
        "7",
        "--out",
        tmp_path / "logs",
        "--board",
        "alternative",
        "--variants",
        "english,buildings",
    )
    assert status == 0
    assert not err
    files = sorted((tmp_path / "logs").glob("*.json"))
    assert [f.name for f in files] == [
        "game-3p-alternative-english-buildings-seed7.json",
        "game-3p-alternative-english-buildings-seed8.json",
    ]
    assert "wrote 2 log(s)" in out
    log = tr.read_log(files[0])
    assert log.seed == 7
    assert log.config.variants == ("english", "buildings")
    assert tr.validate_log(log).valid
    assert log.result is not None


def test_selfplay_plays_the_games_of_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Game i of selfplay is the game ``play --seed S+i`` shows."""
    from tigris_rules.ai.bots import play_game, random_bots

    run(capsys, "selfplay", "--games", "1", "--players", "2", "--seed", "4", "--out", tmp_path)
    log = tr.read_log(next(tmp_path.glob("*.json")))
    state, decisions = play_game(log.config, random_bots(2, 4), 4)
    assert decisions == len(log.actions)
    assert tr.replay(log).final == state


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "5"], "players must be 2, 3 or 4"),
        (["--variants", "chess"], "unknown variant 'chess'"),
        (["--games", "0"], "expected a positive integer"),
        (["--board", "moon"], "invalid choice"),
    ],
)
def test_selfplay_bad_arguments(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], words: str
) -> None:
    status, _out, err = run(capsys, "selfplay", "--out", tmp_path, *args)
    assert status == 2
    assert words in err
    assert err.count("\n") == 1
    assert not list(tmp_path.glob("*.json"))


# --- validate -------------------------------------------------------------------------------


def test_validate_a_valid_log(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", TWO_PLAYERS)
    assert status == 0
    assert not err
    assert out == f"{TWO_PLAYERS}: valid (215 actions, game over; result checked)\n"


def test_validate_many_files_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", *GOLDEN)
    assert status == 0
    assert not err
    lines = out.splitlines()
    assert len(lines) == len(GOLDEN) + 1
    assert (
        lines[-1]
        == f"{len(GOLDEN)} files: {len(GOLDEN)} valid, 0 invalid, 0 malformed; 0 problem(s)"
    )


MALFORMED: list[tuple[str, Callable[[Path], Path], str]] = [
    (
        "truncated JSON",
        lambda d: _text(d, TWO_PLAYERS.read_text()[:5000]),
        "$: not valid JSON: ",
    ),
    (
        "not JSON at all",
        lambda d: _text(d, "PK\x03\x04 this is a zip file, not a log"),
        "$: not valid JSON: Expecting value at line 1, column 1",
    ),
    ("empty file", lambda d: _text(d, ""), "$: not valid JSON"),
    ("binary", lambda d: _bytes(d, b"\xff\xfe\x00garbage"), "$: not UTF-8 text"),
    ("a JSON array", lambda d: _text(d, "[1, 2]"), "$: expected an object, got an array"),
    (
        "wrong type",
        lambda d: write(d, lambda x: x["config"].update(players="two")),
        '$.config.players: expected an integer, got "two"',
    ),
    (
        "wrong type in an action",
        lambda d: write(d, lambda x: x["actions"][4].update(player="0")),
        '$.actions[4].player: expected an integer, got "0"',
    ),
    (
        "unknown action type",
        lambda d: write(d, lambda x: x["actions"][3].update(type="teleport")),
        '$.actions[3].type: unknown action type "teleport"',
    ),
    (
        "a bad square",
        lambda d: write(d, lambda x: x["actions"].insert(12, place_tile(0, "red", "q12"))),
        '$.actions[12].square: expected a square a1..p11, got "q12"',
    ),
    (
        "unknown format version",
        lambda d: write(d, lambda x: x.update(version=2)),
        "$.version: unknown log format version 2; this library (0.1.0) reads version 1",
    ),
    (
        "not a log",
        lambda d: write(d, lambda x: x.update(format="chess-pgn")),
        '$.format: not a tigris-rules log: expected "tigris-rules-log"; got "chess-pgn"',
    ),
    (
        "missing file",
        lambda d: d / "nothing-here.json",
        "$: cannot read the file: No such file or directory",
    ),
    ("a directory", lambda d: d, "$: cannot read the file"),
]


def _text(directory: Path, text: str) -> Path:
    path = directory / "bad.json"
    path.write_text(text)
    return path


def _bytes(directory: Path, data: bytes) -> Path:
    path = directory / "bad.json"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize(
    ("make", "message"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_validate_a_malformed_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Callable[[Path], Path], message: str
) -> None:
    path = make(tmp_path)
    status, out, _err = run(capsys, "validate", path)
    assert status == 2
    assert unplaced(out).startswith(f"{path}: {message}"), out
    assert len(out.splitlines()) == 1


def test_a_truncated_file_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = TWO_PLAYERS.read_text()
    path = _text(tmp_path, text[: len(text) // 2])
    status, out, _ = run(capsys, "validate", path)
    assert status == 2
    assert "truncated" in out


RULE_BROKEN: list[tuple[str, Callable[[dict[str, Any]], Any], str]] = [
    (
        "an illegal action in the middle",
        lambda x: x["actions"].insert(12, place_tile(x["actions"][12]["player"], "blue", "a1")),
        "action 12 (player 0: place_tile blue a1): TILE-",
    ),
    (
        "an action by the wrong player",
        lambda x: x["actions"].insert(2, {**x["actions"][2], "player": 0}),
        "action 2 (player 0: place_tile black a6): TURN-1: it is player 1's turn; "
        "player 0 may not act now",
    ),
    (
        "actions after the end",
        lambda x: x["actions"].append({"player": 1, "type": "end_turn"}),
        "action 215 (player 1: end_turn): END-3: the game is over; no action or answer is accepted",
    ),
    (
        "a deal inconsistent with the components",
        lambda x: [
            x.pop("seed"),
            x.update(deal={"hands": [["red"] * 6] * 2, "bag": ["red"] * 100}),
        ],
        "$.deal: COMP-4: the deal holds 0 black tiles in hands and bag; the classic board "
        "needs 30 (COMP-4, SETUP-4)",
    ),
    (
        "a hand of seven tiles",
        lambda x: [x.pop("seed"), x.update(deal={"hands": [["red"] * 7] * 2, "bag": []})],
        "$.deal: SETUP-6: hand 0 holds 7 tiles; every hand starts with 6 (SETUP-6)",
    ),
    (
        "an expected result that differs",
        lambda x: x["result"]["players"][0].update(treasures=7),
        "$.result.players[0].treasures: seat 0: the log expects treasures 7, the replay gives ",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"), [r[1:] for r in RULE_BROKEN], ids=[r[0] for r in RULE_BROKEN]
)
def test_validate_a_log_that_breaks_a_rule(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    change: Callable[[dict[str, Any]], Any],
    message: str,
) -> None:
    path = write(tmp_path, change)
    status, out, err = run(capsys, "validate", path)
    assert status == 1, out
    assert unplaced(out).startswith(f"{path}: {message}"), out
    assert not err


def test_an_illegal_action_is_skipped_and_the_rest_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One illegal action inserted: exactly one problem, the rest of the game replays."""
    path = write(
        tmp_path,
        lambda x: x["actions"].insert(30, place_tile(x["actions"][30]["player"], "blue", "a1")),
    )
    status, out, _ = run(capsys, "validate", path)
    assert status == 1
    assert len(out.splitlines()) == 1


def test_validate_many_files_with_problems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad_rule = write(
        tmp_path, lambda x: x["actions"].append({"player": 0, "type": "end_turn"}), "a.json"
    )
    malformed = _text(tmp_path, "{")
    status, out, _ = run(capsys, "validate", TWO_PLAYERS, bad_rule, malformed)
    assert status == 2
    assert out.splitlines()[-1] == "3 files: 1 valid, 1 invalid, 1 malformed; 2 problem(s)"
    status, out, _ = run(capsys, "validate", TWO_PLAYERS, bad_rule)
    assert status == 1
    assert out.splitlines()[-1] == "2 files: 1 valid, 1 invalid, 0 malformed; 1 problem(s)"


def test_validate_json_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = write(
        tmp_path,
        lambda x: x["actions"].insert(12, place_tile(x["actions"][12]["player"], "blue", "a1")),
    )
    status, out, _ = run(capsys, "validate", "--json", TWO_PLAYERS, bad)
    assert status == 1
    document = json.loads(out)
    assert document["summary"] == {
        "files": 2,
        "valid": 1,
        "invalid": 1,
        "malformed": 0,
        "not_done": 0,
        "problems": 1,
    }
    first, second = document["files"]
    assert first["status"] == "valid"
    assert first["problems"] == []
    assert first["over"]
    assert second["status"] == "invalid"
    (problem,) = second["problems"]
    assert problem["kind"] == "rule"
    assert problem["index"] == 12
    assert problem["player"] == 0
    assert problem["action"] == {"type": "place_tile", "color": "blue", "square": "a1"}
    assert problem["rule"].startswith("TILE-")
    assert problem["reason"]


def test_validate_json_output_of_a_malformed_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = write(tmp_path, lambda x: x["actions"][3].update(type="teleport"))
    status, out, _ = run(capsys, "validate", "--json", bad)
    assert status == 2
    (entry,) = json.loads(out)["files"]
    assert entry["status"] == "malformed"
    assert entry["problems"][0]["path"] == "$.actions[3].type"


def test_a_very_large_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:  # a sparse file: no 51 MB written to the disk
        f.truncate(51 * 1024 * 1024)
    status, out, _ = run(capsys, "validate", huge)
    assert status == 2
    assert "$: the file is 51.0 MB, larger than the limit of 50.0 MB" in out
    assert "--max-size" in out
    status, out, _ = run(capsys, "validate", "--max-size", "0.01", TWO_PLAYERS)
    assert status == 2
    assert "larger than the limit of 10485 bytes" in out
    status, out, _ = run(capsys, "validate", "--max-size", "1", TWO_PLAYERS)
    assert status == 0


@pytest.mark.parametrize("size", ["0", "-1", "lots", "nan"])
def test_a_bad_size_limit(capsys: pytest.CaptureFixture[str], size: str) -> None:
    status, _, err = run(capsys, "validate", "--max-size", size, TWO_PLAYERS)
    assert status == 2
    assert "--max-size" in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_progress_bar_only_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status = cli.main(["validate", *map(str, GOLDEN)])
    out, _ = capsys.readouterr()
    assert status == 0
    drawn = terminal.getvalue()
    assert f"] 0/{len(GOLDEN)} " in drawn
    assert "#" in drawn
    assert "\r" in drawn
    assert "valid" not in drawn
    assert "[" not in out


# --- replay ---------------------------------------------------------------------------------


def test_replay_prints_the_final_position(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", TWO_PLAYERS)
    assert status == 0
    assert not err
    log = tr.read_log(TWO_PLAYERS)
    final = tr.replay(log).final
    assert isinstance(final, tr.GameState)
    assert out.startswith("Config: players=2 board=classic variants=none seed=1\n")
    assert "Position after 215 of 215 actions" in out
    assert render_board(final) in out
    assert render_result(final) in out
    assert "Game over after" in out
    assert "Final result" in out


def test_replay_step(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", TWO_PLAYERS, "--step", "12")
    assert status == 0
    state = tr.replay(tr.read_log(TWO_PLAYERS)).states[12]
    assert isinstance(state, tr.GameState)
    assert "Position after 12 of 215 actions" in out
    assert render_board(state) in out
    assert "Provisional result" in out
    assert "to choose" in out
    status, out, _ = run(capsys, "replay", TWO_PLAYERS, "--step", "0")
    assert status == 0
    assert "Position after 0 of 215 actions" in out


def test_replay_a_deal_log(capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in GOLDEN if "deal" in p.name)
    status, out, _ = run(capsys, "replay", path)
    assert status == 0
    assert "explicit deal" in out


@pytest.mark.parametrize("step", ["-1", "216"])
def test_replay_step_out_of_range(capsys: pytest.CaptureFixture[str], step: str) -> None:
    status, out, err = run(capsys, "replay", TWO_PLAYERS, "--step", step)
    assert status == 2
    assert not out
    assert "--step must be between 0 and 215" in err


def test_replay_of_a_broken_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, lambda x: x["actions"].append({"player": 1, "type": "end_turn"}))
    status, out, err = run(capsys, "replay", path)
    assert status == 1
    assert "Position after 215 of 216 actions; action 215 cannot be replayed" in out
    final = tr.replay(tr.read_log(TWO_PLAYERS)).final
    assert isinstance(final, tr.GameState)
    assert render_board(final) in out
    assert err == (
        f"{PROG}: error: {path}: action 215 (player 1: end_turn): END-3: the game is over; "
        "no action or answer is accepted\n"
    )


def test_replay_of_a_malformed_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _text(tmp_path, '{"format": "tigris-rules-log", "version": 1')
    status, out, err = run(capsys, "replay", path)
    assert status == 2
    assert not out
    assert "truncated" in err
    status, out, err = run(capsys, "replay", tmp_path / "missing.json")
    assert status == 2
    assert "cannot read" in err


PROG = "tigris-rules"


# --- schema and play ------------------------------------------------------------------------


@pytest.mark.usefixtures("shipped_variants_only")  # the shipped schema: no toy installed
def test_schema(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "schema")
    assert status == 0
    assert not err
    assert json.loads(out) == tr.log_schema()
    assert json.loads(out)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_play_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "play", "--players", "3", "--seed", "2")
    assert status == 0
    assert "Final result" in out


# --- the card game --------------------------------------------------------------------------

CARDS_THREE = LOGS / "game-3p-cards-seed16.json"


def test_selfplay_writes_card_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run(
        capsys, "selfplay", "--game", "cards", "--games", "2", "--players", "4", "--seed", "3",
        "--out", tmp_path,
    )  # fmt: skip
    assert status == 0
    assert not err
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == ["game-4p-cards-seed3.json", "game-4p-cards-seed4.json"]
    assert "(game=cards players=4 column_limit=8 open_scoring=false)" in out
    from tigris_rules.ai.bots import play_card_game, random_bots

    for number, file in enumerate(files):
        log = tr.read_log(file)
        assert log.config.game == "cards"
        assert tr.validate_log(log).valid
        state, decisions = play_card_game(log.config, random_bots(4, 3 + number), 3 + number)
        assert decisions == len(log.actions)
        assert tr.replay(log).final == state
    status, out, _ = run(capsys, "validate", *files)
    assert status == 0
    assert out.splitlines()[-1] == "2 files: 2 valid, 0 invalid, 0 malformed; 0 problem(s)"


def test_selfplay_of_cards_refuses_board_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _out, err = run(
        capsys, "selfplay", "--game", "cards", "--variants", "english", "--out", tmp_path
    )
    assert status == 2
    assert "variants=('english',) applies to game='board' only, not to game='cards'" in err
    status, _out, err = run(capsys, "selfplay", "--game", "chess", "--out", tmp_path)
    assert status == 2
    assert "invalid choice" in err


def test_validate_a_card_log(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", CARDS_THREE)
    assert status == 0
    assert not err
    assert out == f"{CARDS_THREE}: valid (1400 actions, game over; result checked)\n"


def test_validate_a_card_log_that_breaks_a_rule(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(CARDS_THREE.read_text())
    first = data["actions"][0]
    data["actions"].insert(0, {"player": 1, "type": "end_turn"})
    data["actions"].insert(1, {"player": 0, "type": "play_leader", "color": "red", "target": "8.5"})
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data))
    status, out, err = run(capsys, "validate", path)
    assert status == 1
    assert not err
    assert unplaced(out).splitlines() == [
        f"{path}: action 0 (player 1: end_turn): TURN-1: it is player 0's turn; player 1 may "
        "not act now; action 0 appears to be extra",
        f"{path}: action 1 (player 0: play_leader red 8.5): CARD-LEADER-2: no face-up card lies "
        "on 8.5; action 1 appears to be extra",
    ]
    assert first == data["actions"][2]


def test_replay_a_card_log(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tigris_rules.cards.render import render_card_result, render_table

    status, out, err = run(capsys, "replay", CARDS_THREE)
    assert status == 0
    assert not err
    final = tr.replay(tr.read_log(CARDS_THREE)).final
    assert isinstance(final, tr.CardGameState)
    assert out.startswith(
        "Config: game=cards players=3 column_limit=8 open_scoring=false seed=16\n"
    )
    assert "Position after 1400 of 1400 actions" in out
    assert render_table(final) in out
    assert render_card_result(final) in out
    assert f"Game over after {final.turn} turns; the game ended: " in out
    status, out, _ = run(capsys, "replay", CARDS_THREE, "--step", "7")
    assert status == 0
    state = tr.replay(tr.read_log(CARDS_THREE)).states[7]
    assert isinstance(state, tr.CardGameState)
    assert render_table(state) in out
    assert "Provisional result" in out
    assert "to choose" in out
    picture = tmp_path / "table.svg"
    status, out, err = run(capsys, "replay", CARDS_THREE, "--step", "7", "--svg", str(picture))
    assert status == 0, err
    assert f"Board drawn to {picture}" in out
    assert picture.read_text(encoding="utf-8") == render_svg(state)  # no caption: a table


def test_play_a_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    from tigris_rules.ai.bots import play_card_game, random_bots
    from tigris_rules.cards.render import render_card_result, render_table

    status, out, err = run(capsys, "play", "--game", "cards", "--players", "3", "--seed", "2")
    assert status == 0
    assert not err
    config = tr.GameConfig(players=3, game="cards")
    final, decisions = play_card_game(config, random_bots(3, 2), 2)
    assert out.startswith("Config: game=cards players=3 column_limit=8 open_scoring=false seed=2")
    assert render_table(final) in out
    assert render_card_result(final) in out
    assert f"Game over after {final.turn} turns and {decisions} decisions; " in out
    assert run(capsys, "play", "--game", "cards", "--players", "3", "--seed", "2")[1] == out
    status, out, err = run(capsys, "play", "--game", "cards", "--bots", "greedy", "--seed", "1")
    assert status == 0, err
    assert "Game over after" in out
    status, _out, err = run(capsys, "play", "--game", "cards", "--bots", "nosuch")
    assert status == 2
    assert "cannot play the card game; the card-game bots are random, greedy, ismcts" in err
