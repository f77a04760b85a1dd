"""Game logs: recording, replaying, validating, the JSON Schema and the golden logs."""

from __future__ import annotations

import contextlib
import doctest
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, cast

import attrs
import jsonschema  # type: ignore[import-untyped]  # no stubs in the dev environment
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules import records
from tigris_rules.ai.bots import random_bots
from tigris_rules.cards import (
    Boat,
    BuildBoat,
    CardAction,
    CardDeal,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
    card_deal_from_seed,
    codec,
)
from tigris_rules.cards.actions import CARD_ACTION_TYPES
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.records import FORMAT_NAME, FORMAT_VERSION, describe_action
from tigris_rules.records.json_schema import shipped_variants
from tigris_rules.rules.setup import deal_from_seed
from tigris_rules.variants.buildings import PlaceBuilding
from tigris_rules.variants.ziggurat import BuildZiggurat, ChooseColor

LOGS = Path(__file__).parent / "data" / "logs"
GOLDEN = sorted(LOGS.glob("*.json"))


def random_log(config: tr.GameConfig, seed: int, *, deal: bool = False) -> tr.GameLog:
    bots = random_bots(config.players, seed)

    def choose(state: tr.GameState) -> tr.Action:
        player = tr.to_move(state)
        assert player is not None
        return bots[player].choose(state)

    if deal:
        return tr.record_game(config, choose, deal=deal_from_seed(config, seed))
    return tr.record_game(config, choose, seed=seed)


@cache
def sample_log() -> tr.GameLog:
    return random_log(tr.GameConfig(players=3), 5)


def entry(player: int, action: tr.AnyAction) -> tr.LogEntry:
    return tr.LogEntry(player, action)


def board(state: tr.AnyState | None) -> tr.GameState:
    """A state of a board-game log (replays give states of either ruleset)."""
    assert isinstance(state, tr.GameState)
    return state


def with_actions(log: tr.GameLog, actions: list[tr.LogEntry]) -> tr.GameLog:
    return attrs.evolve(log, actions=tuple(actions))


def an_illegal_action(state: tr.GameState) -> tr.Action:
    """An action the rules forbid in ``state`` (but that is well formed)."""
    for candidate in (
        tr.PlaceTile(tr.Color.BLUE, "a1"),  # a1 is land
        tr.PlaceTile(tr.Color.RED, "e1"),  # e1 is river
        tr.CommitSupport(99),
    ):
        if candidate not in tr.legal_actions(state):
            return candidate
    raise AssertionError("no illegal action found")


# --- recording ------------------------------------------------------------------------------


def test_the_recorder_records_each_accepted_input_with_its_sender() -> None:
    recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
    state = recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
    with pytest.raises(tr.IllegalActionError):
        recorder.apply(tr.PlaceTile(tr.Color.BLUE, "a1"))
    state, events = recorder.step(tr.EndTurn(), player=0)
    assert events
    assert recorder.state == state
    assert recorder.entries == (
        entry(0, tr.PlaceTile(tr.Color.RED, "g4")),
        entry(0, tr.EndTurn()),
    )
    log = recorder.log()
    assert log.seed == 1
    assert log.deal is None
    assert log.result is None
    assert log.library_version == tr.__version__
    assert tr.validate_log(log).valid


def test_a_finished_game_records_its_result() -> None:
    log = sample_log()
    final = tr.replay(log).final
    assert final.over
    assert log.result == tr.ExpectedResult.of(tr.result(final))
    assert log.result is not None
    ranking = log.result.ranking
    assert sorted(seat for group in ranking for seat in group) == [0, 1, 2]


def test_replay_gives_every_state_and_the_events() -> None:
    log = sample_log()
    replayed = tr.replay(log)
    assert len(replayed.states) == len(log.actions) + 1
    assert len(replayed.events) == len(log.actions)
    assert replayed.states[0] == tr.new_game(log.config, seed=log.seed)
    state: tr.AnyState = replayed.states[0]
    for number, item in enumerate(log.actions):
        state, events = tr.step(board(state), cast("tr.Action", item.action), item.player)
        assert replayed.states[number + 1] == state
        assert replayed.events[number] == events


def test_a_log_with_a_deal() -> None:
    log = random_log(tr.GameConfig(players=2), 3, deal=True)
    assert log.deal is not None
    assert log.seed is None
    assert tr.loads(tr.dumps(log), tr.GameLog) == log
    assert tr.validate_log(log).valid


# --- validation -----------------------------------------------------------------------------


def test_an_illegal_action_in_the_middle_is_reported_and_skipped() -> None:
    log = sample_log()
    states = tr.replay(log).states
    index = 40
    player = log.actions[index].player
    bad = an_illegal_action(board(states[index]))
    actions = list(log.actions)
    actions.insert(index, entry(player, bad))
    report = tr.validate_log(with_actions(log, actions))
    assert len(report.problems) == 1
    problem = report.problems[0]
    assert problem.kind is tr.ProblemKind.RULE
    assert (problem.index, problem.player, problem.action) == (index, player, bad)
    assert problem.rule is not None
    assert problem.reason
    assert str(problem).startswith(f"action {index} (player {player}: {describe_action(bad)}): ")
    # skipped: the replay went on from the last good state and reached the same end
    assert report.applied == len(log.actions)
    assert report.state == states[-1]
    assert not report.valid
    assert not report.malformed
    assert report.over


def test_an_action_by_the_wrong_player() -> None:
    log = sample_log()
    index = 10
    item = log.actions[index]
    actions = list(log.actions)
    actions.insert(index, entry((item.player + 1) % 3, item.action))
    report = tr.validate_log(with_actions(log, actions))
    assert [(p.index, p.rule) for p in report.problems] in (
        [(index, "TURN-1")],
        [(index, "CONV-15")],
    )


def test_actions_after_the_end() -> None:
    log = sample_log()
    extra = [entry(0, tr.EndTurn()), entry(1, tr.PlaceTile(tr.Color.RED, "g4"))]
    report = tr.validate_log(with_actions(log, [*log.actions, *extra]))
    n = len(log.actions)
    assert [(p.index, p.rule) for p in report.problems] == [(n, "END-3"), (n + 1, "END-3")]
    assert "the game is over" in report.problems[0].reason


def test_strict_mode_raises_at_the_first_problem() -> None:
    log = sample_log()
    actions = list(log.actions)
    actions.insert(5, entry(actions[5].player, tr.PlaceTile(tr.Color.BLUE, "a1")))
    actions.append(entry(0, tr.EndTurn()))
    bad = with_actions(log, actions)
    problems = tr.validate_log(bad).problems
    assert [p.index for p in problems] == [5, len(actions) - 1]
    first = problems[0]
    assert first.rule in ("TILE-1", "TILE-3")  # no blue tile in hand, or a1 is land
    with pytest.raises(tr.LogError) as info:
        tr.validate_log(bad, strict=True)
    assert (info.value.index, info.value.rule, info.value.kind) == (5, first.rule, "rule")
    assert first.assumed == "skipped"  # strict mode does not go on: it assumes nothing
    assert first.diagnosis == "extra"
    assert first.likely == "action 5 appears to be extra"
    assumed_nothing = attrs.evolve(first, assumed=None, diagnosis=None, likely=None)
    assert info.value.problem == assumed_nothing
    assert str(info.value) == str(assumed_nothing)
    assert str(first) == f"{assumed_nothing}; action 5 appears to be extra"
    with pytest.raises(tr.LogError, match=str(first.rule)):
        tr.replay(bad)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, tr.TigrisError)


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda d: attrs.evolve(d, bag=d.bag[1:]), "COMP-4"),
        (lambda d: attrs.evolve(d, bag=(*d.bag, tr.Color.RED)), "COMP-4"),
        (
            lambda d: attrs.evolve(d, hands=((*d.hands[0], d.bag[0]), *d.hands[1:]), bag=d.bag[1:]),
            "SETUP-6",
        ),
    ],
)
def test_a_deal_inconsistent_with_the_components(change: Any, rule: str) -> None:
    log = random_log(tr.GameConfig(players=2), 3, deal=True)
    assert log.deal is not None
    report = tr.validate_log(attrs.evolve(log, deal=change(log.deal)))
    assert [(p.kind, p.rule) for p in report.problems] == [(tr.ProblemKind.RULE, rule)]
    assert report.state is None
    assert report.applied == 0


def test_a_log_needs_exactly_one_of_seed_and_deal() -> None:
    log = random_log(tr.GameConfig(players=2), 3, deal=True)
    report = tr.validate_log(attrs.evolve(log, seed=4))
    assert report.malformed
    assert "not both" in report.problems[0].reason
    report = tr.validate_log(attrs.evolve(log, deal=None))
    assert report.malformed
    assert "not neither" in report.problems[0].reason


def test_an_expected_result_that_differs() -> None:
    log = sample_log()
    assert log.result is not None
    first = log.result.players[1]
    wrong = attrs.evolve(first, scores=(99, *first.scores[1:]), place=first.place % 3 + 1)
    players = (log.result.players[0], wrong, *log.result.players[2:])
    report = tr.validate_log(attrs.evolve(log, result=tr.ExpectedResult(players)))
    assert [(p.kind, p.path) for p in report.problems] == [
        (tr.ProblemKind.RESULT, "$.result.players[1].scores"),
        (tr.ProblemKind.RESULT, "$.result.players[1].place"),
    ]
    assert "the log expects scores black 99" in str(report.problems[0])
    assert not report.malformed


def test_a_result_for_a_game_that_is_not_over() -> None:
    log = sample_log()
    report = tr.validate_log(with_actions(log, list(log.actions[:-3])))
    assert [p.kind for p in report.problems] == [tr.ProblemKind.RESULT]
    assert "not over" in report.problems[0].reason


def test_an_unfinished_game_without_result_is_valid() -> None:
    log = sample_log()
    report = tr.validate_log(attrs.evolve(log, actions=log.actions[:50], result=None))
    assert report.valid
    assert not report.over
    assert report.applied == 50


def test_a_malformed_action_built_in_python() -> None:
    log = sample_log()
    bad = entry(0, tr.PlaceTile(tr.Color.RED, "z99"))
    report = tr.validate_log(with_actions(log, [bad, *log.actions]))
    assert report.problems[0].kind is tr.ProblemKind.FORMAT
    assert report.problems[0].path == "$.actions[0].square"


# --- the JSON format of logs ----------------------------------------------------------------


def log_data(log: tr.GameLog | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tr.dumps(log or sample_log()))
    return data


def test_the_json_of_a_log() -> None:
    data = log_data()
    assert list(data) == [
        "format",
        "version",
        "library_version",
        "config",
        "seed",
        "actions",
        "result",
    ]
    assert data["format"] == FORMAT_NAME == "tigris-rules-log"
    assert data["version"] == FORMAT_VERSION == 1
    assert set(data["actions"][0]) >= {"player", "type"}
    assert data["result"]["players"][0]["scores"].keys() == {"black", "red", "blue", "green"}
    assert tr.loads(json.dumps(data), tr.GameLog) == sample_log()


def bad_log(change: Any) -> str:
    data = log_data()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d.update(version=2), "$.version", "unknown log format version 2"),
        (lambda d: d.update(version="1"), "$.version", "expected an integer"),
        (lambda d: d.pop("version"), "$.version", "missing"),
        (lambda d: d.update(format="pgn"), "$.format", "not a tigris-rules log"),
        (lambda d: d.pop("format"), "$.format", "not a tigris-rules log"),
        (lambda d: d.update(deal={"hands": [], "bag": []}), "$", "not both"),
        (lambda d: d.pop("seed"), "$", "not neither"),
        (lambda d: d.update(seed="7"), "$.seed", "expected an integer"),
        (lambda d: d.update(comment="hi"), "$.comment", "unknown field"),
        (lambda d: d["actions"][3].update(type="fly"), "$.actions[3].type", "unknown action"),
        (
            lambda d: d["actions"].__setitem__(
                12, {"player": 0, "type": "place_tile", "color": "red", "square": "z9"}
            ),
            "$.actions[12].square",
            "a1..p11",
        ),
        (lambda d: d["actions"][7].pop("player"), "$.actions[7].player", "missing"),
        (lambda d: d["actions"][7].update(player=3), "$.actions[7].player", "seat 0..2"),
        (lambda d: d["actions"][7].update(player=-1), "$.actions[7].player", "at least 0"),
        (lambda d: d.update(actions={}), "$.actions", "expected an array"),
        (lambda d: d["config"].update(players=7), "$.config.players", "players must be"),
        (
            lambda d: d["config"].update(game="cards"),
            "$.actions[0].type",
            "is not an action of this kind; expected one of: build_boat, ",
        ),
        (lambda d: d["result"]["players"].pop(), "$.result.players", "expected 3 entries"),
        (
            lambda d: d["result"]["players"].reverse(),
            "$.result.players[0].player",
            "expected seat 0",
        ),
        (
            lambda d: d["result"]["players"][0]["scores"].update(red=-2),
            "$.result.players[0].scores.red",
            "at least 0",
        ),
    ],
)
def test_malformed_logs_name_the_path(change: Any, path: str, words: str) -> None:
    text = bad_log(change)
    with pytest.raises(tr.FormatError) as info:
        tr.loads(text, tr.GameLog)
    assert info.value.path == path, str(info.value)
    assert words in info.value.reason, str(info.value)
    report = tr.validate_json(text)
    assert report.malformed
    assert report.problems[0].path == path


def test_a_malformed_log_lists_every_bad_action() -> None:
    def change(d: dict[str, Any]) -> None:
        d["actions"][3]["type"] = "fly"
        d["actions"][9]["color"] = "pink"

    with pytest.raises(tr.FormatError) as info:
        tr.loads(bad_log(change), tr.GameLog)
    assert [p for p, _ in info.value.problems] == ["$.actions[3].type", "$.actions[9].color"]


def test_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    tr.write_log(sample_log(), path)
    report = tr.validate_file(path, max_bytes=1000)
    assert report.malformed
    assert "larger than the limit" in report.problems[0].reason
    with pytest.raises(tr.FormatError, match="larger than the limit"):
        tr.read_log(path, max_bytes=1000)
    assert tr.read_log(path) == sample_log()


def test_an_unreadable_file(tmp_path: Path) -> None:
    report = tr.validate_file(tmp_path / "missing.json")
    assert report.malformed
    assert "cannot read the file" in report.problems[0].reason
    report = tr.validate_file(tmp_path)
    assert report.malformed


# --- the JSON Schema ------------------------------------------------------------------------


@cache
def schema_validator() -> Any:
    schema = tr.log_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def written_logs() -> list[tr.GameLog]:
    configs = [
        tr.GameConfig(players=2),
        tr.GameConfig(players=3, board="alternative", variants=("english",)),
        tr.GameConfig(players=4, variants=("buildings", "ziggurat"), open_scoring=True),
        tr.GameConfig(players=4, board="alternative", single_action_openers=2),
    ]
    logs = [random_log(c, seed) for seed, c in enumerate(configs)]
    logs.append(random_log(tr.GameConfig(players=2), 9, deal=True))
    recorder = tr.Recorder(tr.GameConfig(players=2), seed=1)
    logs.append(recorder.log())  # no action yet
    recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
    logs.append(recorder.log())  # unfinished
    return logs


@pytest.mark.slow
def test_every_log_the_library_writes_follows_the_schema(tmp_path: Path) -> None:
    validator = schema_validator()
    for number, log in enumerate(written_logs()):
        validator.validate(json.loads(tr.dumps(log)))
        path = tmp_path / f"{number}.json"
        tr.write_log(log, path)
        assert json.loads(path.read_text()) == json.loads(tr.dumps(log))
    for path in GOLDEN:
        validator.validate(json.loads(path.read_text()))


def test_the_schema_rejects_malformed_logs() -> None:
    validator = schema_validator()
    changes: tuple[Callable[[dict[str, Any]], object], ...] = (
        lambda d: d.update(version=2),
        lambda d: d["actions"][3].update(type="fly"),
        lambda d: d["actions"].append({"player": 0, "type": "place_tile", "square": "z9"}),
        lambda d: d["actions"][12].update(colour="red"),
        lambda d: d["actions"][12].update(player=4),
        lambda d: d.update(deal={"hands": [], "bag": []}),
        lambda d: d.pop("seed"),
        lambda d: d["config"].update(game="cards"),
    )
    for change in changes:
        data = log_data(attrs.evolve(sample_log(), actions=sample_log().actions[:20], result=None))
        assert validator.is_valid(data)
        change(data)
        assert not validator.is_valid(data)


def test_the_schema_bounds_the_column_limit_to_4_to_24() -> None:
    """CONV-18, CARD-DEF-1, D27: the log schema accepts a card game's column limit in 4..24
    and no other."""
    validator = schema_validator()
    config = tr.GameConfig(players=2, game="cards")
    data = json.loads(tr.dumps(tr.GameLog(config=config, seed=3, actions=())))
    for limit, valid in ((3, False), (4, True), (24, True), (25, False), (2**64, False)):
        data["config"]["column_limit"] = limit
        assert validator.is_valid(data) is valid, limit


def test_the_schema_knows_every_action() -> None:
    """The entries are generated: check them against the registry of tags, the base game's
    and then this distribution's variants' inputs."""
    records.converter.register_variant_classes()
    own = {
        records.converter.tag_of(cls): (cls, _square_fields(cls))
        for variant in shipped_variants()
        for cls in variant.inputs
    }
    tags = {**records.tags.ACTION_TAGS, **own}
    assert list(own) == ["place_building", "build_ziggurat", "choose_color"]
    defs = tr.log_schema()["$defs"]
    branches = defs["entry"]["allOf"]
    refs = {branch["then"]["$ref"] for branch in branches}
    assert [b["if"]["properties"]["type"]["const"] for b in branches] == list(tags)
    assert defs["entry"]["properties"]["type"]["enum"] == list(tags)
    assert defs["config"]["properties"]["variants"]["items"]["enum"] == [
        "english",
        "buildings",
        "ziggurat",
    ]
    for tag, (cls, squares) in tags.items():
        name = f"action_{tag}"
        assert f"#/$defs/{name}" in refs
        definition = defs[name]
        assert definition["properties"]["type"] == {"const": tag}
        fields = {f.name for f in attrs.fields(cls)}
        assert set(definition["properties"]) == fields | {"player", "type"}
        for field in squares:
            assert definition["properties"][field] == {"$ref": "#/$defs/square"}
    assert len(refs) == len(tags)


@pytest.mark.parametrize(
    ("entry", "where", "reason"),
    [
        ({"type": "place_building", "square": "z9"}, "$.actions[3].square", "square"),
        ({"type": "choose_color", "color": "pink"}, "$.actions[3].color", "colour"),
        ({"type": "build_ziggurat"}, "$.actions[3].square", "missing"),
    ],
)
def test_a_malformed_variant_input_names_its_path(
    entry: dict[str, Any], where: str, reason: str
) -> None:
    log = random_log(tr.GameConfig(players=2, variants=("buildings", "ziggurat")), 5)
    data = log_data(log)
    data["actions"][3] = {"player": 0, **entry}
    with pytest.raises(tr.FormatError) as caught:
        tr.loads(json.dumps(data), tr.GameLog)
    assert caught.value.path == where
    assert reason in str(caught.value)
    assert not schema_validator().is_valid(data)


def test_a_log_of_a_variant_not_installed_names_it() -> None:
    data = log_data()
    data["config"]["variants"] = ["tolls"]
    with pytest.raises(tr.FormatError) as caught:
        tr.loads(json.dumps(data), tr.GameLog)
    assert caught.value.path == "$.config.variants"
    assert "'tolls'" in str(caught.value)
    assert not schema_validator().is_valid(data)


def _square_fields(cls: type) -> tuple[str, ...]:
    hooks = records.converter.field_hooks(cls)
    return tuple(name for name, hook in hooks.items() if hook is records.converter.structure_square)


def test_the_schema_knows_every_card_action() -> None:
    """The card game's entries: its own tags and the four it shares with the board game."""
    defs = tr.log_schema()["$defs"]
    branches = defs["card_entry"]["allOf"]
    shared = [tag for tag, (cls, _) in records.tags.ACTION_TAGS.items() if cls in CARD_ACTION_TYPES]
    tags = [*codec.CARD_ACTION_TAGS, *shared]
    assert shared == ["end_turn", "choose_conflict", "commit_support", "decline"]
    assert [b["if"]["properties"]["type"]["const"] for b in branches] == tags
    assert defs["card_entry"]["properties"]["type"]["enum"] == tags
    assert {records.converter.tag_of(cls) for cls in CARD_ACTION_TYPES} == set(tags)
    for tag, cls in codec.CARD_ACTION_TAGS.items():
        definition = defs[f"action_{tag}"]
        assert definition["properties"]["type"] == {"const": tag}
        fields = {f.name for f in attrs.fields(cls)}
        assert set(definition["properties"]) == fields | {"player", "type"}


# --- golden logs ----------------------------------------------------------------------------


def test_there_are_golden_logs_for_2_3_and_4_players_and_variants() -> None:
    logs = [tr.read_log(path) for path in GOLDEN]
    assert {log.config.players for log in logs} == {2, 3, 4}
    cards = [log for log in logs if log.config.game == "cards"]
    assert {log.config.players for log in cards} == {2, 3, 4}
    assert any(isinstance(log.deal, CardDeal) for log in cards)
    assert any(log.config.variants for log in logs)
    assert any(log.deal is not None for log in logs)
    assert all(log.result is not None for log in logs)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_log_replays_to_its_expected_result(path: Path) -> None:
    log = tr.read_log(path)
    report = tr.validate_log(log)
    assert report.valid, "\n".join(str(p) for p in report.problems)
    assert report.over
    assert report.applied == len(log.actions)
    assert report.state is not None
    assert tr.ExpectedResult.of(tr.result(report.state)) == log.result
    # the writer is stable: the file is exactly what the library writes
    assert path.read_text() == tr.dumps(log, indent=2) + "\n"


# --- mutated logs never crash validation ----------------------------------------------------

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["", "a1", "p11", "z9", "red", "black-red", "place_tile", "end_turn"]),
    st.text(max_size=8),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def containers(data: Any, found: list[Any]) -> list[Any]:
    """Every (container, key) pair of a JSON tree, depth first."""
    if isinstance(data, dict):
        for key in data:
            found.append((data, key))
            containers(data[key], found)
    elif isinstance(data, list):
        for index in range(len(data)):
            found.append((data, index))
            containers(data[index], found)
    return found


@cache
def base_texts() -> tuple[str, ...]:
    short = attrs.evolve(sample_log(), actions=sample_log().actions[:60], result=None)
    deal_log = random_log(tr.GameConfig(players=2, variants=("buildings",)), 2, deal=True)
    card_short = attrs.evolve(
        sample_card_log(), actions=sample_card_log().actions[:60], result=None
    )
    return (
        tr.dumps(short),
        tr.dumps(deal_log),
        tr.dumps(sample_log()),
        tr.dumps(card_short),
        tr.dumps(card_log(2, 5, deal=True)),
    )


@st.composite
def mutated_logs(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(base_texts()))
    data = json.loads(text)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(["drop", "swap", "duplicate", "replace", "delete", "add", "tag"])
        )
        actions = data.get("actions") if isinstance(data, dict) else None
        if kind in ("drop", "swap", "duplicate") and isinstance(actions, list) and actions:
            i = draw(st.integers(0, len(actions) - 1))
            j = draw(st.integers(0, len(actions) - 1))
            if kind == "drop":
                del actions[i]
            elif kind == "swap":
                actions[i], actions[j] = actions[j], actions[i]
            else:
                actions.insert(j, json.loads(json.dumps(actions[i])))
            continue
        places = containers(data, [])
        if not places:
            continue
        container, key = draw(st.sampled_from(places))
        if kind == "delete":
            del container[key]
        elif kind == "add" and isinstance(container, dict):
            container[draw(st.sampled_from(["x", "type", "player", "square", "count"]))] = draw(
                json_values
            )
        elif kind == "tag" and isinstance(container, dict):
            container["type"] = draw(st.sampled_from(sorted(records.converter.tagged_classes())))
        else:
            container[key] = draw(json_values)
    out = json.dumps(data)
    if draw(st.booleans()) and draw(st.booleans()):
        out = out[: draw(st.integers(0, len(out)))]
    return out


@pytest.mark.slow
@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=mutated_logs())
def test_validation_of_mutated_logs_raises_only_library_errors(text: str) -> None:
    """Whatever the change to a valid log, validation returns a report (and reading raises
    only the library's own errors)."""
    report = tr.validate_json(text)
    assert isinstance(report, tr.Report)
    for problem in report.problems:
        assert str(problem)
        assert problem.reason
        json.dumps(problem.to_json())
    try:
        log = tr.loads(text, tr.GameLog)
    except tr.TigrisError:
        return
    with contextlib.suppress(tr.TigrisError):
        tr.replay(log)
    if report.problems:
        with pytest.raises(tr.TigrisError):
            tr.validate_log(log, strict=True)
    else:
        assert tr.validate_log(log, strict=True).valid


squares = st.sampled_from(SQUARE_NAMES)
colors = st.sampled_from(tr.COLORS)
counts = st.integers(0, 12)
well_formed_actions: st.SearchStrategy[tr.Action] = st.one_of(
    st.builds(tr.PlaceLeader, colors, squares),
    st.builds(tr.WithdrawLeader, colors),
    st.builds(tr.PlaceTile, colors, squares),
    st.builds(tr.PlaceCatastrophe, squares),
    st.builds(tr.SwapTiles, counts, counts, counts, counts),
    st.just(tr.EndTurn()),
    st.builds(tr.ChooseConflict, colors),
    st.builds(tr.CommitSupport, counts),
    st.builds(tr.BuildMonument, st.sampled_from(list(tr.Monument)), squares),
    st.just(tr.Decline()),
    st.builds(tr.KeepTreasure, squares),
    st.builds(PlaceBuilding, squares),
    st.builds(BuildZiggurat, squares),
    st.builds(ChooseColor, colors),
)


@cache
def variant_log() -> tr.GameLog:
    config = tr.GameConfig(players=3, variants=("english", "buildings", "ziggurat"))
    return random_log(config, 11)


@pytest.mark.slow
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from(["plain", "variants"]),
    changes=st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 3), well_formed_actions),
        min_size=1,
        max_size=4,
    ),
    replace=st.booleans(),
)
def test_well_formed_but_wrong_actions_are_reported_not_crashed(
    base: str, changes: list[tuple[int, int, tr.Action]], replace: bool
) -> None:
    """Well-formed actions by any seat, inserted anywhere (or replacing an action), are
    judged by the rules: a report, never another exception."""
    log = sample_log() if base == "plain" else variant_log()
    actions = list(log.actions)
    for where, player, action in changes:
        index = where % (len(actions) + 1)
        item = entry(player % log.config.players, action)
        if replace and index < len(actions):
            actions[index] = item
        else:
            actions.insert(index, item)
    report = tr.validate_log(with_actions(log, actions))
    for problem in report.problems:
        assert problem.kind in (tr.ProblemKind.RULE, tr.ProblemKind.RESULT), str(problem)
        assert problem.kind is tr.ProblemKind.RESULT or problem.rule


# --- card-game logs -------------------------------------------------------------------------


def card_log(players: int, seed: int, *, deal: bool = False) -> tr.GameLog:
    config = tr.GameConfig(players=players, game="cards")
    bots = random_bots(players, seed)

    def choose(state: tr.CardGameState) -> CardAction:
        player = tr.to_move(state)
        assert player is not None
        return bots[player].choose(state)

    if deal:
        return tr.record_game(config, choose, deal=card_deal_from_seed(config, seed))
    return tr.record_game(config, choose, seed=seed)


@cache
def sample_card_log() -> tr.GameLog:
    return card_log(3, 16)


def test_a_card_game_is_recorded_replayed_and_validated() -> None:
    """A card-game log (config game "cards") replays through the card rules: states are
    CardGameState values and the expected result is the card-game result (CARD-SCORE-1)."""
    log = sample_card_log()
    assert log.config.game == "cards"
    replayed = tr.replay(log)
    assert replayed.states[0] == tr.new_card_game(log.config, seed=16)
    final = replayed.final
    assert isinstance(final, tr.CardGameState)
    assert final.over
    assert log.result == tr.ExpectedResult.of(tr.result(final))
    state: tr.AnyState = replayed.states[0]
    for number, item in enumerate(log.actions):
        assert isinstance(state, tr.CardGameState)
        state, events = tr.step(state, cast("CardAction", item.action), item.player)
        assert replayed.states[number + 1] == state
        assert replayed.events[number] == events
    report = tr.validate_log(log)
    assert report.valid
    assert report.over
    assert tr.loads(tr.dumps(log), tr.GameLog) == log


def test_a_card_log_with_a_deal() -> None:
    log = card_log(2, 5, deal=True)
    assert isinstance(log.deal, CardDeal)
    data = json.loads(tr.dumps(log))
    assert set(data["deal"]) == {"hands", "draw_pile", "set_aside"}
    assert len(data["deal"]["set_aside"]) == 30
    assert tr.loads(tr.dumps(log), tr.GameLog) == log
    assert tr.validate_log(log).valid
    schema_validator().validate(data)


def test_the_json_of_a_card_log() -> None:
    data = log_data(sample_card_log())
    assert data["config"]["game"] == "cards"
    assert data["actions"][0] == {
        "player": 0,
        **json.loads(tr.dumps(sample_card_log().actions[0].action)),
    }
    types = {entry["type"] for entry in data["actions"]}
    assert types <= set(codec.CARD_ACTION_TAGS) | {
        "end_turn",
        "commit_support",
        "choose_conflict",
        "decline",
    }
    schema_validator().validate(data)
    data["config"]["game"] = "board"
    assert not schema_validator().is_valid(data)


def test_an_illegal_card_action_in_the_middle_names_its_card_rule() -> None:
    """A column card the player does not hold breaks CARD-PLAY-1; a leader onto a boat or an
    occupied card CARD-LEADER-3/4: the problem names the rule, the action is skipped and
    the replay reaches the same end."""
    log = sample_card_log()
    states = tr.replay(log).states
    index = next(
        i for i, s in enumerate(states[:-1]) if s.pending is None and 0 in s.hands[s.active]
    )
    state = states[index]
    assert isinstance(state, tr.CardGameState)
    player = state.active
    missing = next(c for c in tr.COLORS if state.hands[player][c.index] == 0)
    bad = PlayColumn(missing, 1)
    actions = list(log.actions)
    actions.insert(index, entry(player, bad))
    report = tr.validate_log(with_actions(log, actions))
    assert [(p.kind, p.index, p.player, p.rule) for p in report.problems] == [
        (tr.ProblemKind.RULE, index, player, "CARD-PLAY-1")
    ]
    assert str(report.problems[0]).startswith(
        f"action {index} (player {player}: play_column {missing.value} column=1): CARD-PLAY-1: "
    )
    assert report.applied == len(log.actions)
    assert report.state == states[-1]
    with pytest.raises(tr.LogError, match="CARD-PLAY-1"):
        tr.replay(with_actions(log, actions))


def test_a_card_action_by_the_wrong_player() -> None:
    log = sample_card_log()
    for index in (10, 11, 12):
        item = log.actions[index]
        actions = list(log.actions)
        actions.insert(index, entry((item.player + 1) % 3, item.action))
        report = tr.validate_log(with_actions(log, actions))
        assert [(p.index, p.rule) for p in report.problems] in (
            [(index, "TURN-1")],
            [(index, "CONV-15")],
        )


def test_card_actions_after_the_end_and_board_actions_in_a_card_log() -> None:
    log = sample_card_log()
    n = len(log.actions)
    extra = [entry(0, tr.EndTurn()), entry(1, tr.PlaceTile(tr.Color.RED, "g4"))]
    report = tr.validate_log(with_actions(log, [*log.actions, *extra]))
    assert [(p.kind, p.index, p.rule) for p in report.problems] == [
        (tr.ProblemKind.RULE, n, "END-3"),
        (tr.ProblemKind.FORMAT, n + 1, None),
    ]
    assert report.problems[1].path == f"$.actions[{n + 1}].type"
    data = log_data(log)
    data["actions"][5] = {"player": 1, "type": "place_tile", "color": "red", "square": "g4"}
    with pytest.raises(tr.FormatError) as info:
        tr.loads(json.dumps(data), tr.GameLog)
    assert info.value.path == "$.actions[5].type"
    assert "not an action of this kind" in info.value.reason


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda a: a.update(target="9.0"), "$.actions[{i}].target", "expected a spot"),
        (lambda a: a.update(color="pink"), "$.actions[{i}].color", "expected a colour"),
        (lambda a: a.update(type="play_column", column=9), "$.actions[{i}].column", "1..8"),
        (lambda a: a.update(type="play_gap", gap=0), "$.actions[{i}].gap", "1..7"),
        (lambda a: a.update(player=3), "$.actions[{i}].player", "seat 0..2"),
    ],
)
def test_malformed_card_logs_name_the_path(change: Any, path: str, words: str) -> None:
    data = log_data(sample_card_log())
    i = next(k for k, a in enumerate(data["actions"]) if a["type"] == "play_leader")
    action = data["actions"][i]
    if "column" in path or "gap" in path:
        action.pop("target")
    change(action)
    with pytest.raises(tr.FormatError) as info:
        tr.loads(json.dumps(data), tr.GameLog)
    assert info.value.path == path.format(i=i), str(info.value)
    assert words in info.value.reason, str(info.value)


def test_a_card_deal_inconsistent_with_the_components() -> None:
    log = card_log(3, 2, deal=True)
    deal = log.deal
    assert isinstance(deal, CardDeal)
    report = tr.validate_log(
        attrs.evolve(log, deal=attrs.evolve(deal, draw_pile=deal.draw_pile[1:]))
    )
    assert [(p.kind, p.rule) for p in report.problems] == [(tr.ProblemKind.RULE, "CARD-COMP-2")]
    short = (deal.hands[0][:7], *deal.hands[1:])
    report = tr.validate_log(attrs.evolve(log, deal=attrs.evolve(deal, hands=short)))
    assert [(p.kind, p.rule) for p in report.problems] == [(tr.ProblemKind.RULE, "CARD-SETUP-3")]
    report = tr.validate_log(attrs.evolve(log, deal=deal_from_seed(tr.GameConfig(players=3), 1)))
    assert report.malformed


def test_the_recorder_plays_a_card_game() -> None:
    recorder = tr.Recorder(tr.GameConfig(players=2, game="cards"), seed=1)
    assert isinstance(recorder.state, tr.CardGameState)
    _, events = recorder.step(PlayLeader(tr.Color.BLACK, "1.0"))
    assert events
    with pytest.raises(tr.IllegalActionError) as info:
        recorder.apply(PlayLeader(tr.Color.RED, "1.0"))
    assert info.value.rule == "CARD-LEADER-4"
    with pytest.raises(tr.InvalidActionError):
        recorder.apply(tr.PlaceTile(tr.Color.RED, "g4"))
    recorder.apply(tr.EndTurn())
    assert recorder.entries == (
        entry(0, PlayLeader(tr.Color.BLACK, "1.0")),
        entry(0, tr.EndTurn()),
    )
    assert tr.validate_log(recorder.log()).valid


spots = st.sampled_from(["1.0", "2.1", "3.2", "8.9", "g1", "g4", "g7"])
well_formed_card_actions: st.SearchStrategy[CardAction] = st.one_of(
    st.builds(PlayLeader, colors, spots),
    st.builds(PlayColumn, colors, st.integers(1, 8)),
    st.builds(PlayGap, colors, st.integers(1, 7)),
    st.builds(PlayCatastrophe, spots),
    st.just(tr.EndTurn()),
    st.builds(tr.ChooseConflict, colors),
    st.builds(tr.CommitSupport, counts),
    st.builds(PayPoints, counts),
    st.builds(TakeTreasures, st.lists(st.integers(1, 8), unique=True, max_size=3).map(tuple)),
    st.builds(BuildBoat, st.sampled_from(list(Boat))),
    st.just(tr.Decline()),
)


@pytest.mark.slow
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 3), well_formed_card_actions),
        min_size=1,
        max_size=4,
    ),
    replace=st.booleans(),
)
def test_well_formed_but_wrong_card_actions_are_reported_not_crashed(
    changes: list[tuple[int, int, CardAction]], replace: bool
) -> None:
    """The same for card logs: every problem is a rule (with its ID) or the result."""
    log = sample_card_log()
    actions = list(log.actions)
    for where, player, action in changes:
        index = where % (len(actions) + 1)
        item = entry(player % log.config.players, action)
        if replace and index < len(actions):
            actions[index] = item
        else:
            actions.insert(index, item)
    report = tr.validate_log(with_actions(log, actions))
    for problem in report.problems:
        assert problem.kind in (tr.ProblemKind.RULE, tr.ProblemKind.RESULT), str(problem)
        assert problem.kind is tr.ProblemKind.RESULT or problem.rule


@pytest.mark.parametrize(
    "module",
    [
        records.converter,
        records.json_schema,
        records.view_codec,
        records.log,
        records.recording,
        records.validation,
    ],
    ids=["converter", "json_schema", "view_codec", "log", "recording", "validation"],
)
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0
