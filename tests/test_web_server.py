"""The web table's server trusts nothing from a page (docs/web-table.md): each seat's token
is checked, a page gets only its seat's view, every input goes through the rules and their
error is sent back, the games survive a restart, and every change is pushed."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import warnings

import httpx

with warnings.catch_warnings():  # Starlette's test client would rather have httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import tigris_rules as tr
from tigris_rules.tools.cli import main
from tigris_rules.web import create_app
from web_serving import serving

TWO_PEOPLE = {"config": {"game": "board", "players": 2}, "seed": 3, "seats": ["person", "person"]}


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite"


@pytest.fixture
def client(database: Path) -> Iterator[TestClient]:
    with TestClient(create_app(database)) as client:
        yield client


def new_game(client: TestClient, body: dict[str, Any] = TWO_PEOPLE) -> tuple[str, dict[str, str]]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 200, response.text
    answer = response.json()
    return answer["game"], answer["tokens"]


def page(client: TestClient, game: str, seat: int | None = None, token: str | None = None) -> Any:
    params = {} if seat is None else {"seat": str(seat), "token": token or ""}
    return client.get(f"/api/games/{game}/page", params=params)


def act(client: TestClient, game: str, seat: object, token: object, action: object) -> Any:
    return client.post(
        f"/api/games/{game}/act", json={"seat": seat, "token": token, "action": action}
    )


def wait_until(check: Any, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the server did not get there in time"
        time.sleep(0.02)


def test_a_new_game_gives_a_token_to_each_person_and_none_to_a_bot(client: TestClient) -> None:
    _game, tokens = new_game(
        client, {"config": {"players": 3}, "seats": ["person", "bot:random", "person"]}
    )
    assert sorted(tokens) == ["0", "2"]
    assert len({tokens["0"], tokens["2"]}) == 2
    assert all(len(token) >= 43 for token in tokens.values())


def test_a_seat_sees_its_own_view_and_nothing_of_another_hand(client: TestClient) -> None:
    game, tokens = new_game(client)
    state = tr.new_game(tr.GameConfig(players=2), seed=3)
    mine = page(client, game, 0, tokens["0"]).json()
    theirs = page(client, game, 1, tokens["1"]).json()
    expected = json.loads(tr.dumps(tr.view(state, 0)))
    del expected["legal_actions"]  # given as the page's actions, in the notation
    assert mine["view"] == expected
    assert mine["view"]["hands"][1] is None
    assert theirs["view"]["hands"][0] is None
    assert theirs["view"]["hands"][1] == json.loads(tr.dumps(tr.view(state, 1)))["hands"][1]
    assert "state" not in mine
    assert "bag" not in mine["view"]
    assert len(mine["actions"]) == len(tr.legal_actions(state))
    assert theirs["actions"] == []  # seat 1 is not to move
    spectator = page(client, game).json()
    assert spectator["view"]["hands"] == [None, None]
    assert spectator["actions"] == []


@pytest.mark.parametrize(
    ("seat", "token", "status"),
    [
        ("0", "", 403),
        ("0", "not-a-token", 403),
        ("1", None, 403),  # seat 0's token for seat 1
        ("2", None, 404),  # no seat 2 in a game of two
        ("x", None, 404),
        ("9" * 5000, None, 404),
        ("\u0663", None, 404),  # a digit, but not an ASCII one
    ],
)
def test_a_page_needs_the_seats_own_token(
    client: TestClient, seat: str, token: str | None, status: int
) -> None:
    game, tokens = new_game(client)
    response = client.get(
        f"/api/games/{game}/page",
        params={"seat": seat, "token": tokens["0"] if token is None else token},
    )
    assert response.status_code == status
    assert "error" in response.json()


def test_an_unknown_game_is_not_found(client: TestClient) -> None:
    assert page(client, "no-such-game").status_code == 404
    assert act(client, "no-such-game", 0, "x", "end").status_code == 404


def test_a_seat_cannot_act_for_another(client: TestClient) -> None:
    game, tokens = new_game(client)
    response = act(client, game, 0, tokens["1"], "end")
    assert response.status_code == 403
    assert page(client, game).json()["version"] == 0


def test_an_input_out_of_turn_is_the_rules_error(client: TestClient) -> None:
    game, tokens = new_game(client)
    response = act(client, game, 1, tokens["1"], "end")
    assert response.status_code == 409
    assert response.json()["rule"] == "TURN-1"
    assert response.json()["rule_text"]


def test_an_illegal_input_is_refused_with_its_rule(client: TestClient) -> None:
    game, tokens = new_game(client)
    response = act(client, game, 0, tokens["0"], "tile red e1")  # a river square
    assert response.status_code == 409
    answer = response.json()
    assert answer["rule"].startswith("TILE-")
    assert answer["rule"] in answer["error"]
    assert page(client, game).json()["version"] == 0


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "not a JSON object"),
        (b'{"seat": 0, "token": 5, "action": "end"}', "$.token"),
        (b'{"seat": 0, "action": "end"}', "$.token"),
    ],
)
def test_a_malformed_body_is_refused(client: TestClient, content: bytes, problem: str) -> None:
    game, _ = new_game(client)
    response = client.post(f"/api/games/{game}/act", content=content)
    assert response.status_code == 400
    assert problem in response.json()["error"]


@pytest.mark.parametrize("action", ["", "fly to the moon", "tile red z99", "x" * 5000])
def test_text_that_is_no_input_is_refused_by_the_notation(client: TestClient, action: str) -> None:
    game, tokens = new_game(client)
    response = act(client, game, 0, tokens["0"], action)
    assert response.status_code == 400
    assert response.json()["error"]
    assert page(client, game).json()["version"] == 0


def test_a_body_too_large_is_refused(client: TestClient) -> None:
    game, _ = new_game(client)
    response = client.post(f"/api/games/{game}/act", content=b" " * 1_100_000)
    assert response.status_code == 400
    assert "over" in response.json()["error"]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"config": {"players": 7}, "seats": ["person"] * 7}, "players"),
        ({"config": {"players": 2, "bogus": 1}, "seats": ["person"] * 2}, "bogus"),
        ({"config": {"players": 2}, "seats": ["person"]}, "expected 2 seats"),
        ({"config": {"players": 2}, "seats": ["person", "bot:clever"]}, "unknown seat kind"),
        ({"config": {"players": 2}, "seats": ["person", "bot:ismcts:0"]}, "positive integer"),
        ({"config": {"players": 2, "game": "cards"}, "seats": ["person", "bot:nosuch"]}, "nosuch"),
        ({"config": {"players": 2}, "seed": -1, "seats": ["person"] * 2}, "$.seed"),
        ({"config": {"players": 2}, "seed": 2**70, "seats": ["person"] * 2}, "$.seed"),
        ({"config": "board", "seats": ["person"] * 2}, "$.config"),
    ],
)
def test_a_bad_new_game_is_refused(client: TestClient, body: dict[str, Any], problem: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert problem in json.dumps(response.json())


def test_an_accepted_input_moves_the_game_on(client: TestClient) -> None:
    game, tokens = new_game(client)
    response = act(client, game, 0, tokens["0"], "tile red a1")
    assert response.status_code == 200
    assert response.json() == {"version": 1, "to_move": 0}
    answer = page(client, game, 0, tokens["0"]).json()
    assert answer["version"] == 1
    assert answer["view"]["cells"]["a1"] == "red"
    assert answer["last_turn"][-1]["notation"] == "tile red a1"
    theirs = page(client, game, 1, tokens["1"]).json()
    assert theirs["last_turn"][-1]["notation"] is None  # the input is seat 0's to see
    assert theirs["last_turn"][-1]["events"] == ["seat 0 places a red tile on a1"]


@pytest.mark.parametrize("bot", ["bot:greedy", "bot:ismcts:20"])
def test_a_bot_plays_its_seat(client: TestClient, bot: str) -> None:
    game, tokens = new_game(client, {"config": {"players": 2}, "seed": 5, "seats": ["person", bot]})
    assert act(client, game, 0, tokens["0"], "end").status_code == 200
    wait_until(lambda: page(client, game).json()["to_move"] == 0)
    assert page(client, game).json()["version"] > 1


def test_a_restart_loses_no_game(database: Path) -> None:
    with TestClient(create_app(database)) as client:
        game, tokens = new_game(client)
        assert act(client, game, 0, tokens["0"], "tile red a1").status_code == 200
        before = page(client, game, 0, tokens["0"]).json()
    with TestClient(create_app(database)) as client:
        after = page(client, game, 0, tokens["0"]).json()
        assert after == before
        assert page(client, game, 1, "a stale token").status_code == 403
        assert act(client, game, 0, tokens["0"], "end").status_code == 200
        assert page(client, game).json()["version"] == 2


def test_a_game_of_bots_ends_and_gives_its_log(client: TestClient) -> None:
    game, _ = new_game(
        client, {"config": {"players": 2}, "seed": 2, "seats": ["bot:random", "bot:random"]}
    )
    wait_until(lambda: page(client, game).json()["over"], seconds=120)
    answer = page(client, game).json()
    assert answer["view"]["result"] is not None
    log = tr.loads(client.get(f"/api/games/{game}/log?format=json").text, tr.GameLog)
    assert tr.validate_log(log).problems == ()
    assert len(log.actions) == answer["version"]
    record = client.get(f"/api/games/{game}/log?format=tgn").text
    assert tr.parse_record(record) == log
    replayed = client.post("/api/replay", json={"log": record, "step": 3}).json()
    assert replayed["steps"] == len(log.actions)
    assert replayed["notation"] == tr.format_action(log.actions[2].action)
    assert replayed["svg"].startswith("<svg")


def test_the_log_of_a_game_in_progress_is_not_given(client: TestClient) -> None:
    game, _ = new_game(client)
    response = client.get(f"/api/games/{game}/log")
    assert response.status_code == 409
    assert "deal" in response.json()["error"]


def test_a_log_that_is_not_one_is_refused_by_the_replay(client: TestClient) -> None:
    response = client.post("/api/replay", json={"log": '{"format": 1}', "step": 0})
    assert response.status_code == 400
    assert response.json()["problems"]


@pytest.mark.slow
@pytest.mark.parametrize(
    "config",
    [
        {"players": 2, "variants": ["english", "buildings", "ziggurat"], "board": "alternative"},
        {"game": "cards", "players": 2},
    ],
    ids=["board-every-variant", "cards"],
)
def test_every_decision_is_answered_from_the_page(client: TestClient, config: Any) -> None:
    """A whole game where each seat sends one of the inputs its page offers, whatever the
    decision: the page offers only legal inputs, and every one of them is accepted."""
    game, tokens = new_game(client, {"config": config, "seed": 11, "seats": ["person"] * 2})
    rng = random.Random(11)
    answered: set[str] = set()
    while not (spectator := page(client, game).json())["over"]:
        seat = spectator["to_move"]
        mine = page(client, game, seat, tokens[str(seat)]).json()
        pending = mine["view"]["pending"]
        answered.add("action" if pending is None else pending["type"])
        choice = mine["actions"][rng.randrange(len(mine["actions"]))]["notation"]
        response = act(client, game, seat, tokens[str(seat)], choice)
        assert response.status_code == 200, (choice, response.text)
    assert len(answered) > 2, answered  # decisions besides the choice of an action


def test_the_card_game_is_played_at_the_table(client: TestClient) -> None:
    game, tokens = new_game(
        client, {"config": {"game": "cards", "players": 2}, "seats": ["person", "bot:random"]}
    )
    mine = page(client, game, 0, tokens["0"]).json()
    assert mine["view"]["hands"][1] is None
    first = mine["actions"][0]["notation"]
    assert act(client, game, 0, tokens["0"], first).status_code == 200


def test_a_change_is_pushed_to_every_page(database: Path) -> None:
    with serving(database) as base, httpx.Client(base_url=base, timeout=30) as http:
        answer = http.post("/api/games", json=TWO_PEOPLE).json()
        game, tokens = answer["game"], answer["tokens"]
        seen: list[str] = []
        with http.stream("GET", f"/api/games/{game}/updates") as stream:
            lines = stream.iter_lines()
            seen.append(next(line for line in lines if line.startswith("data:")))
            moved = http.post(
                f"/api/games/{game}/act", json={"seat": 0, "token": tokens["0"], "action": "end"}
            )
            assert moved.status_code == 200
            seen.append(next(line for line in lines if line.startswith("data:")))
        assert seen == ["data: 0", "data: 1"]
        refused = http.get(f"/api/games/{game}/updates", params={"seat": "1", "token": "bad"})
        assert refused.status_code == 403


def test_the_pages_are_served(client: TestClient) -> None:
    game, _ = new_game(client)
    for path in ("/", f"/table/{game}", "/replay", "/static/table.js", "/static/style.css"):
        response = client.get(path)
        assert response.status_code == 200, path
    assert "default-src 'self'" in client.get("/").headers["content-security-policy"]


def test_serve_without_the_web_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 2
    assert "pip install 'tigris-rules[web]'" in capsys.readouterr().err


def test_the_library_does_not_import_the_web_table() -> None:
    import subprocess

    code = "import sys, tigris_rules; sys.exit('tigris_rules.web' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_pages_kept_made_are_bounded(database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    from tigris_rules.web import tables
    from tigris_rules.web.store import Store

    monkeypatch.setattr(tables, "PAGES_KEPT", 3)
    kept = tables.Tables(Store(database))

    async def look() -> None:
        for _ in range(3):
            table, _tokens = kept.create(tr.GameConfig(players=2), 1, ("person", "person"))
            for seat in (0, 1, None):
                assert json.loads(await kept.page(table, seat))

    asyncio.run(look())
    kept.close()
    assert len(kept._pages) == 3
