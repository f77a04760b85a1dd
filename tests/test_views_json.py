"""Views, results and events as JSON: round trips, the shipped schemas, malformed documents."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]  # no stubs in the dev environment
import pytest

import tigris_rules as tr
from tigris_rules import records
from tigris_rules.ai.bots import RandomBot
from tigris_rules.cards.codec import CARD_VIEW_FIELDS
from tigris_rules.cards.events import CardsDrawn
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.view import CardView
from tigris_rules.errors import ArgumentValueError, FormatError
from tigris_rules.model.actions import VariantAction
from tigris_rules.model.events import ConflictStarted
from tigris_rules.model.squares import square_index
from tigris_rules.records.areas import view_area_schema
from tigris_rules.records.json_schema import (
    SCHEMA_FILES,
    build_schemas,
    event_schema,
    render,
    schema_text,
    shipped_variants,
    view_schema,
)
from tigris_rules.records.view_codec import BOARD_VIEW_FIELDS
from tigris_rules.rules.hooks import Variant
from tigris_rules.variants.ziggurat import Ziggurat, ZigguratSite
from tigris_rules.views.events import (
    AnyPublicEvent,
    PublicCardEvent,
    PublicCardsDrawn,
    PublicEvent,
    PublicTilesDrawn,
    events_for,
)

AnyView = tr.PlayerView | CardView

CONFIGS = (
    tr.GameConfig(players=2),
    tr.GameConfig(players=3, variants=("english",)),
    tr.GameConfig(players=4, variants=("buildings",), open_scoring=True),
    tr.GameConfig(players=2, variants=("ziggurat",)),
    tr.GameConfig(players=3, board="alternative"),
    tr.GameConfig(players=2, game="cards"),
    tr.GameConfig(players=3, game="cards", open_scoring=True),
    tr.GameConfig(players=4, game="cards"),
)
"""Both rulesets, every variant and the alternative board, 2-4 players."""

VIEW_EVERY = 40
"""Views are taken every this many inputs (and at the end); events after every input."""


@attrs.frozen
class Sample:
    views: tuple[AnyView, ...]
    events: tuple[AnyPublicEvent, ...]


def _play(config: tr.GameConfig, seed: int) -> Sample:
    state: tr.GameState | CardGameState
    state = (
        tr.new_card_game(config, seed=seed)
        if config.game == "cards"
        else tr.new_game(config, seed=seed)
    )
    bot = RandomBot(seed)
    seats = (None, *range(config.players))
    views: list[AnyView] = []
    events: list[AnyPublicEvent] = []
    inputs = 0
    while True:
        if inputs % VIEW_EVERY == 0 or tr.is_over(state):
            views += [tr.view(state, seat) for seat in seats]
        if tr.is_over(state):
            break
        state, step_events = tr.step(state, bot.choose(state))  # type: ignore[arg-type]
        events += step_events
        for seat in seats:
            events += events_for(step_events, seat)
        inputs += 1
    return Sample(tuple(views), tuple(events))


@cache
def samples() -> tuple[Sample, ...]:
    return tuple(_play(config, seed) for seed, config in enumerate(CONFIGS))


def _all_views() -> Iterator[AnyView]:
    for sample in samples():
        yield from sample.views


def _distinct_events() -> list[AnyPublicEvent]:
    return list(dict.fromkeys(e for sample in samples() for e in sample.events))


@cache
def validator(kind: str) -> Any:
    schema = view_schema() if kind == "view" else event_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


# --- round trips and the schemas on real games ----------------------------------------------


def test_the_sample_covers_every_kind_of_view_and_event() -> None:
    views = list(_all_views())
    assert len(views) > 400
    assert {v.config.game for v in views} == {"board", "cards"}
    assert any(v.over and v.result is not None for v in views)
    assert any(v.viewer is None for v in views)
    assert any(v.legal_actions for v in views)
    assert any(v.pending is not None for v in views)
    kinds = {type(e) for e in _distinct_events()}
    assert {PublicTilesDrawn, PublicCardsDrawn, ConflictStarted} <= kinds
    assert len(_distinct_events()) > 1000


@pytest.mark.slow
def test_every_view_round_trips_and_follows_the_schema() -> None:
    check = validator("view")
    for view in _all_views():
        text = tr.dumps(view)
        data = json.loads(text)
        errors = list(check.iter_errors(data))
        assert not errors, (view.config, errors[0].message)
        assert tr.loads(text, type(view)) == view


@pytest.mark.slow
def test_every_event_and_public_event_round_trips_and_follows_the_schema() -> None:
    check = validator("event")
    for event in _distinct_events():
        text = tr.dumps(event)
        data = json.loads(text)
        assert data["type"] == records.converter.tag_of(type(event))
        errors = list(check.iter_errors(data))
        assert not errors, (event, errors[0].message)
        union: Any = PublicCardEvent if type(event) in _card_only() else PublicEvent
        assert tr.loads(text, union) == event


@cache
def _card_only() -> frozenset[type]:
    from typing import get_args

    return frozenset(get_args(PublicCardEvent)) - frozenset(get_args(PublicEvent))


def test_views_use_names_not_internal_codes() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=3)
    place = next(a for a in tr.legal_actions(state) if isinstance(a, tr.PlaceLeader))
    state = tr.apply(state, place)
    data = json.loads(tr.dumps(tr.view(state, 0)))
    assert data["leaders"][0][place.color.value] == place.square
    assert set(data["cells"].values()) == {"red", "leader"}
    assert data["cells"][place.square] == "leader"
    assert data["legal_actions"][0]["type"] in records.tags.ACTION_TAGS
    assert data["hands"][1] is None
    assert data["areas"] == {}
    card = json.loads(tr.dumps(tr.view(tr.new_card_game(CONFIGS[5], seed=1), None)))
    assert card["heads"] == ["treasure"] * 8
    assert card["hands"] == [None, None]


def test_a_drawn_tile_event_is_tagged() -> None:
    drawn = PublicTilesDrawn(1, 3, True)
    assert json.loads(tr.dumps(drawn)) == {
        "type": "public_tiles_drawn",
        "player": 1,
        "count": 3,
        "short": True,
    }
    assert tr.loads(tr.dumps(drawn), PublicEvent) == drawn


def test_another_players_card_draw_shows_only_its_count() -> None:
    drawn = CardsDrawn(1, (tr.Color.RED, tr.Color.BLUE))
    assert events_for([drawn], 1) == (drawn,)
    assert events_for([drawn], 0) == (PublicCardsDrawn(1, 2, False),)
    assert events_for([drawn], None) == (PublicCardsDrawn(1, 2, False),)


# --- the shipped schemas ----------------------------------------------------------------------


@pytest.mark.usefixtures("shipped_variants_only")
def test_the_shipped_schemas_are_the_generated_ones() -> None:
    """The schemas are made from the codec's tables: after a change of a view, an event, an
    action or a decision, run ``python -m tigris_rules.records.json_schema`` (it describes this
    distribution's own variants, whatever else is installed)."""
    for kind, schema in build_schemas(shipped_variants()).items():
        assert schema_text(kind) == render(schema), f"regenerate {SCHEMA_FILES[kind]}"


def test_the_schemas_know_every_field_of_the_views() -> None:
    defs = view_schema()["$defs"]
    for name, cls, fields in (
        ("board_view", tr.PlayerView, BOARD_VIEW_FIELDS),
        ("card_view", CardView, CARD_VIEW_FIELDS),
    ):
        names = [f.name for f in attrs.fields(cls)]
        assert [f.name for f in fields] == names
        assert list(defs[name]["properties"]) == names


def test_the_schemas_know_every_tagged_event() -> None:
    defs = event_schema()["$defs"]
    roots = {
        branch["then"]["$ref"].rsplit("/", 1)[1]
        for union in ("public_event", "public_card_event")
        for branch in defs[union]["allOf"]
    }
    for tag, cls in records.converter.tagged_classes().items():
        name = f"event_{tag}"
        if name in defs:
            assert defs[name]["properties"]["type"] == {"const": tag}
            fields = {f.name for f in attrs.fields(cls)}
            assert set(defs[name]["properties"]) == fields | {"type"}
            assert name in roots
    assert len(roots) == len(
        {t for t in records.converter.tagged_classes() if f"event_{t}" in defs}
    )


def test_the_schemas_reject_malformed_documents() -> None:
    view = tr.view(tr.new_game(tr.GameConfig(players=2), seed=1), 0)
    data = json.loads(tr.dumps(view))
    assert validator("view").is_valid(data)
    for path, value in (
        (("cells", "g4"), "purple"),
        (("bag_size",), -1),
        (("leaders", 0, "red"), "z9"),
        (("viewer",), 7),
    ):
        bad = json.loads(tr.dumps(view))
        _set(bad, path, value)
        assert not validator("view").is_valid(bad), path
    assert not validator("event").is_valid({"type": "tiles_drawn", "player": 0, "tiles": [1]})
    assert not validator("event").is_valid({"type": "public_tiles_drawn", "player": 0})


def _set(data: Any, path: tuple[Any, ...], value: object) -> None:
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


# --- reading malformed views ------------------------------------------------------------------


def _board_view_data() -> dict[str, Any]:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    data: dict[str, Any] = json.loads(tr.dumps(tr.view(state, 0)))
    return data


@pytest.mark.parametrize(
    ("path", "value", "where", "reason"),
    [
        (("viewer",), 2, "$.viewer", "seat 0..1"),
        (("active",), -1, "$.active", "at least 0"),
        (("to_move",), "0", "$.to_move", "integer"),
        (("cells", "g4"), "purple", "$.cells.g4", "expected one of"),
        (("leaders", 1, "blue"), "q1", "$.leaders[1].blue", "square"),
        (("treasures", 0), "b2", "$.treasures", "named twice"),
        (("monuments", "black-red"), 3, "$.monuments.black-red", "square"),
        (("hands", 1), {"black": 1, "red": 1, "blue": 1, "green": -1}, "$.hands[1].green", "0"),
        (("hand_sizes",), [6], "$.hand_sizes", "2 item"),
        (("scores", 0, "red"), 1.5, "$.scores[0].red", "integer"),
        (("bag_size",), True, "$.bag_size", "integer"),
        (("short_draw",), 0, "$.short_draw", "true or false"),
        (("legal_actions", 3), {"type": "play_column"}, "$.legal_actions[3].type", "not an"),
        (
            ("pending",),
            {"type": "ziggurat_income_decision", "player": 5},
            "$.pending.player",
            "0..1",
        ),
        (("config", "game"), "cards", "$.config.game", "board game"),
    ],
)
def test_a_malformed_board_view_names_the_bad_field(
    path: tuple[Any, ...], value: object, where: str, reason: str
) -> None:
    data = _board_view_data()
    _set(data, path, value)
    with pytest.raises(FormatError) as caught:
        tr.loads(json.dumps(data), tr.PlayerView)
    assert caught.value.path == where
    assert reason in str(caught.value)


def test_a_board_view_must_have_every_field_and_no_other() -> None:
    data = _board_view_data()
    del data["bag_size"]
    data["bag"] = []
    with pytest.raises(FormatError) as caught:
        tr.loads(json.dumps(data), tr.PlayerView)
    paths = [path for path, _ in caught.value.problems]
    assert paths == ["$.bag_size", "$.bag"]


def test_a_malformed_result_names_the_bad_field() -> None:
    data = json.loads(tr.dumps(samples()[0].views[-1]))
    assert data["result"] is not None
    data["result"]["players"][1]["player"] = 0
    with pytest.raises(FormatError) as caught:
        tr.loads(json.dumps(data), tr.PlayerView)
    assert caught.value.path == "$.result.players[1].player"


@pytest.mark.parametrize(
    ("terminations", "reason", "schema_rejects"),
    [
        ([], "only a final result has them", False),
        (["boredom"], "expected one of treasures, bag, draw pile, stalemate", True),
        (["bag", "treasures"], "in the order of its end checks", False),
        (["bag", "bag"], "each once", True),
        (["bag", "stalemate"], "reasons of one game", False),
    ],
)
def test_a_result_must_name_why_the_game_ended(
    terminations: list[str], reason: str, schema_rejects: bool
) -> None:
    """A final result lists its end conditions, known ones, each once, in one ruleset's
    order (END-1, END-2; CARD-END-2, CARD-END-3, CARD-END-5)."""
    data = json.loads(tr.dumps(samples()[0].views[-1]))
    assert data["result"]["terminations"] in (["treasures"], ["bag"], ["treasures", "bag"])
    data["result"]["terminations"] = terminations
    with pytest.raises(FormatError) as caught:
        tr.loads(json.dumps(data), tr.PlayerView)
    assert caught.value.path.startswith("$.result.terminations")
    assert reason in str(caught.value)
    assert validator("view").is_valid(data) is not schema_rejects  # the reader is stricter


def _card_view_data() -> dict[str, Any]:
    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    data: dict[str, Any] = json.loads(tr.dumps(tr.view(state, 0)))
    return data


@pytest.mark.parametrize(
    ("path", "value", "where", "reason"),
    [
        (("heads",), ["treasure"] * 7, "$.heads", "8 item"),
        (("heads", 0), "blue", "$.heads[0]", "head"),
        (("columns", 0), ["purple"], "$.columns[0][0]", "a card or a boat"),
        (("gaps", 2), {"color": None, "player": 3, "face_up": False}, "$.gaps[2].player", "0..1"),
        (("gaps", 2), {"color": None, "player": 0, "face_up": True}, "$.gaps[2].color", "colour"),
        (("leaders", 0, "red"), "9.0", "$.leaders[0].red", "spot"),
        (("pile_tops", 0), "blue-red", "$.pile_tops[0]", "a card"),
        (("pile_counts", 0), {"black": 1}, "$.pile_counts[0].red", "missing"),
        (("catastrophes", 1), "yes", "$.catastrophes[1]", "true or false"),
        (("end_reason",), "boredom", "$.end_reason", "draw pile"),
        (("legal_actions",), [{"type": "place_tile"}], "$.legal_actions[0].type", "not a"),
        (("config", "game"), "board", "$.config.game", "cards game"),
    ],
)
def test_a_malformed_card_view_names_the_bad_field(
    path: tuple[Any, ...], value: object, where: str, reason: str
) -> None:
    data = _card_view_data()
    _set(data, path, value)
    with pytest.raises(FormatError) as caught:
        tr.loads(json.dumps(data), CardView)
    assert caught.value.path == where
    assert reason in str(caught.value)


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{"type": "tiles_drawn", "player": 4, "tiles": [], "short": false}', "$.player"),
        ('{"type": "tile_left", "player": 0, "color": "red", "count": -1}', "$.count"),
        ('{"type": "turn_ended", "player": 0, "next_player": 9}', "$.next_player"),
        ('{"type": "public_tiles_drawn", "player": 0, "count": "2"}', "$.count"),
        ('{"type": "public_cards_drawn", "player": 0, "count": 2, "hidden": 1}', "$.hidden"),
        ('{"type": "cards_won", "player": 0, "color": "red", "spots": ["x"]}', "$.spots[0]"),
    ],
)
def test_a_malformed_event_names_the_bad_field(text: str, where: str) -> None:
    union: Any = PublicEvent | PublicCardEvent
    with pytest.raises(FormatError) as caught:
        tr.loads(text, union)
    assert caught.value.path == where


def test_the_schema_files_ship_in_the_package() -> None:
    data = Path(tr.__file__).parent / "data"
    for name in SCHEMA_FILES.values():
        assert json.loads((data / name).read_text("utf-8"))["$schema"].endswith("2020-12/schema")


@pytest.mark.parametrize("kind", ["view", "event", "log"])
@pytest.mark.usefixtures("shipped_variants_only")
def test_the_command_line_prints_each_schema(kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tigris_rules.tools.cli import main

    assert main(["schema", "--kind", kind]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = {"view": view_schema(), "event": event_schema(), "log": tr.log_schema()}[kind]
    assert printed == expected


# --- the variants a schema describes ----------------------------------------------------------

TOY_VARIANT = '''
import attrs

from tigris_rules.model.actions import VariantAction
from tigris_rules.model.events import VariantEvent
from tigris_rules.rules.hooks import Variant


@attrs.frozen
class TollBooths:
    """The toy variant's area: how many tolls were paid."""

    paid: int = 0


@attrs.frozen
class PayToll(VariantAction):
    """Pay a toll at ``square``."""

    square: str


@attrs.frozen
class TollPaid(VariantEvent):
    """``player`` paid a toll at ``square``."""

    player: int
    square: str


class Tolls(Variant[TollBooths]):
    name = "tolls"
    inputs = (PayToll,)
    events = (TollPaid,)
    cell_name = "tollgate"
    score_causes = ("toll",)

    def new_area(self, config):
        return TollBooths()
'''


@pytest.fixture
def toy_variant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A third-party variant installed on the import path (a module and its metadata)."""
    (tmp_path / "toy_tolls.py").write_text(TOY_VARIANT, encoding="utf-8")
    info = tmp_path / "toy_tolls-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-tolls\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[tigris_rules.variants]\ntolls = toy_tolls:Tolls\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "tolls"


@pytest.mark.usefixtures("shipped_variants_only")
def test_the_shipped_schemas_describe_this_distributions_variants(toy_variant: str) -> None:
    """Whatever else is installed, the shipped files are made from the package's own
    variants; the installed ones are described by ``build_schemas()``."""
    assert [v.name for v in shipped_variants()] == ["english", "buildings", "ziggurat"]
    for kind, schema in build_schemas(shipped_variants()).items():
        assert schema_text(kind) == render(schema)
    installed = build_schemas()
    assert build_schemas([*shipped_variants(), toy_variant]) == installed
    defs = installed["view"]["$defs"]
    assert defs["config"]["properties"]["variants"]["items"]["enum"] == [
        "english",
        "buildings",
        "ziggurat",
        "tolls",
    ]
    assert defs["action_pay_toll"]["properties"]["square"] == {"$ref": "#/$defs/square"}
    assert defs["event_toll_paid"]["properties"]["player"] == {"$ref": "#/$defs/seat"}
    assert defs["cell"]["enum"][-2:] == ["ziggurat", "tollgate"]
    assert defs["cause"]["enum"][-1] == "toll"
    assert defs["view_areas"]["properties"]["tolls"] == {}  # its area's default schema
    log = installed["log"]["$defs"]
    assert log["entry"]["properties"]["type"]["enum"][-1] == "pay_toll"
    assert log["action_pay_toll"]["required"] == ["player", "type", "square"]


def test_a_game_of_a_third_party_variant_follows_the_installed_schemas(toy_variant: str) -> None:
    state = tr.new_game(tr.GameConfig(players=2, variants=(toy_variant,)), seed=1)
    data = json.loads(tr.dumps(tr.view(state, 0)))
    assert data["areas"] == {"tolls": {"paid": 0}}
    installed = jsonschema.Draft202012Validator(build_schemas()["view"])
    assert installed.is_valid(data)
    assert not validator("view").is_valid(data)  # the shipped schema knows no "tolls"
    text = '{"type": "toll_paid", "player": 1, "square": "a1"}'
    event = json.loads(tr.dumps(tr.loads(text, PublicEvent)))
    assert jsonschema.Draft202012Validator(build_schemas()["event"]).is_valid(event)


def test_the_command_line_describes_every_installed_variant(
    toy_variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tigris_rules.tools.cli import main

    assert main(["schema", "--kind", "log"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert toy_variant in printed["$defs"]["config"]["properties"]["variants"]["items"]["enum"]


def test_a_schema_describes_only_the_variants_asked_for() -> None:
    schemas = build_schemas(["buildings"])
    defs = schemas["view"]["$defs"]
    assert defs["config"]["properties"]["variants"]["items"]["enum"] == ["buildings"]
    assert "action_place_building" in defs
    assert "action_build_ziggurat" not in defs
    assert "ziggurat" not in defs["cell"]["enum"]
    assert defs["cause"]["enum"][-1] == "building"
    assert list(defs["view_areas"]["properties"]) == ["buildings"]
    base = build_schemas([])
    assert base["view"]["$defs"]["config"]["properties"]["variants"]["items"] is False
    assert base["view"]["$defs"]["variant_action"]["properties"]["type"]["enum"] == []
    view = json.loads(tr.dumps(tr.view(tr.new_game(tr.GameConfig(players=2), seed=1), 0)))
    assert jsonschema.Draft202012Validator(base["view"]).is_valid(view)


def test_a_schema_of_an_unknown_variant_is_refused() -> None:
    with pytest.raises(tr.ConfigError, match="'nowhere'"):
        build_schemas(["nowhere"])
    with pytest.raises(ArgumentValueError, match=r"variants\[0\]"):
        build_schemas([int])  # type: ignore[list-item]


@attrs.frozen
class Survey(VariantAction):
    """A surveyor's mark: ``square`` and a ``note``."""

    square: str
    note: str | None = None


class Surveyors(Variant[None]):
    """A variant described without being installed."""

    name = "surveyors"
    inputs = (Survey,)


@attrs.frozen
class Odd(VariantAction):
    """An input whose field has no JSON form."""

    amount: complex


class Odds(Variant[None]):
    name = "odds"
    inputs = (Odd,)


def test_a_variant_class_is_described_without_being_installed() -> None:
    defs = build_schemas([Surveyors])["view"]["$defs"]
    assert defs["config"]["properties"]["variants"]["items"]["enum"] == ["surveyors"]
    assert defs["action_survey"]["properties"] == {
        "type": {"const": "survey"},
        "square": {"$ref": "#/$defs/square"},
        "note": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    }
    assert defs["action_survey"]["required"] == ["type", "square"]
    assert defs["view_areas"]["properties"] == {"surveyors": False}
    with pytest.raises(FormatError) as caught:  # described, but not read: not installed
        tr.loads('{"type": "survey", "square": "a1"}', tr.Action)
    assert caught.value.path == "$.type"


def test_a_variant_whose_classes_have_no_json_form_is_refused() -> None:
    with pytest.raises(tr.ConfigError, match=r"variant .odds.*complex"):
        build_schemas([Odds])


def test_the_areas_of_views_follow_the_variants_schemas() -> None:
    """Every variant's part of a view is what its ``view_area_schema`` says, and the sample
    shows the variants' pieces on the board."""
    placed: set[str] = set()
    for view in _all_views():
        for variant in view.ruleset.variants if isinstance(view, tr.PlayerView) else ():
            areas = json.loads(tr.dumps(view))["areas"]
            schema = view_area_schema(variant)
            if schema is False:  # a variant keeping no data writes none
                assert variant.name not in areas
                continue
            assert isinstance(schema, dict)
            data = areas[variant.name]
            checked = {**schema, "$defs": view_schema()["$defs"]}
            assert jsonschema.Draft202012Validator(checked).is_valid(data), (variant.name, data)
            if data and any(data.values() if isinstance(data, dict) else [data]):
                placed.add(variant.name)
    assert placed == {"buildings"}


def test_a_built_ziggurat_is_written_and_read_in_views() -> None:
    """The random sample builds no ziggurat: a position set up by hand shows one."""
    state = tr.new_game(tr.GameConfig(players=2, variants=("ziggurat",)), seed=1)
    ziggurat = Ziggurat.of(state)
    assert ziggurat is not None
    state = ziggurat.with_area(state, ZigguratSite(square_index("h6")))
    for seat in (None, 0):
        view = tr.view(state, seat)
        data = json.loads(tr.dumps(view))
        assert data["areas"] == {"ziggurat": "h6"}
        assert validator("view").is_valid(data)
        assert tr.loads(tr.dumps(view), tr.PlayerView) == view
        data["areas"]["ziggurat"] = "q3"
        assert not validator("view").is_valid(data)
        with pytest.raises(FormatError) as caught:
            tr.loads(json.dumps(data), tr.PlayerView)
        assert caught.value.path == "$.areas.ziggurat"
