"""JSON round trips and strict reading of configurations, deals, states, actions and events."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules import cards as C
from tigris_rules import records
from tigris_rules.ai.bots import random_bots
from tigris_rules.cards import steps as S
from tigris_rules.model import actions as A
from tigris_rules.model import decisions as D
from tigris_rules.model import events as E
from tigris_rules.model.board import BOARD_NAMES
from tigris_rules.model.state import GameState
from tigris_rules.records.json_schema import shipped_variants
from tigris_rules.variants.buildings import (
    BuildingDecision,
    BuildingPlaced,
    BuildingReturned,
    PlaceBuilding,
)
from tigris_rules.variants.ziggurat import (
    BuildZiggurat,
    ChooseColor,
    ZigguratBuilt,
    ZigguratIncomeDecision,
)
from variant_sets import variant_sets

VARIANT_SETS: list[tuple[str, ...]] = variant_sets()
ALL_CONFIGS: list[tr.GameConfig] = [
    tr.GameConfig(players=players, board=board, variants=variants)
    for players in (2, 3, 4)
    for board in BOARD_NAMES
    for variants in VARIANT_SETS
]


OPEN_BASES: dict[type, str] = {
    A.VariantAction: "inputs",
    D.VariantDecision: "decisions",
    E.VariantEvent: "events",
}
"""The base classes of what variants define, and the attribute of a variant listing them."""


def union_members(union: Any) -> set[type]:
    """The classes of ``union``, a variant base class standing for the classes of that kind
    of this distribution's variants."""
    found: set[type] = set()
    for member in union.__args__:
        if member in OPEN_BASES:
            found |= {
                cls
                for variant in shipped_variants()
                for cls in getattr(variant, OPEN_BASES[member])
                if issubclass(cls, member)
            }
        else:
            found.add(member)
    return found


def play(config: tr.GameConfig, seed: int, steps: int | None = None) -> list[Any]:
    """(state, action, events) triples of a random game, ``steps`` inputs long at most."""
    bots = random_bots(config.players, seed)
    state = tr.new_game(config, seed=seed)
    out: list[Any] = [(state, None, ())]
    count = 0
    while not tr.is_over(state) and (steps is None or count < steps):
        player = tr.to_move(state)
        assert player is not None
        action = bots[player].choose(state)
        state, events = tr.step(state, action, player)
        out.append((state, action, events))
        count += 1
    return out


def round_trip(value: object, kind: Any) -> None:
    text = tr.dumps(value)
    assert tr.loads(text, kind) == value
    assert tr.loads(tr.dumps(value, indent=2), kind) == value
    assert tr.dumps(tr.loads(text, kind)) == text


# --- stable tags ----------------------------------------------------------------------------


def test_tags_are_fixed_strings() -> None:
    """The tags are part of the log format: renaming a class must not change them (a
    variant's classes are tagged when the installed variants are first read or written)."""
    records.converter.register_variant_classes()
    expected = {
        "place_leader": A.PlaceLeader,
        "withdraw_leader": A.WithdrawLeader,
        "place_tile": A.PlaceTile,
        "place_catastrophe": A.PlaceCatastrophe,
        "swap_tiles": A.SwapTiles,
        "end_turn": A.EndTurn,
        "choose_conflict": A.ChooseConflict,
        "commit_support": A.CommitSupport,
        "build_monument": A.BuildMonument,
        "decline": A.Decline,
        "keep_treasure": A.KeepTreasure,
        "place_building": PlaceBuilding,
        "build_ziggurat": BuildZiggurat,
        "choose_color": ChooseColor,
        "war_order_decision": D.WarOrderDecision,
        "commit_decision": D.CommitDecision,
        "structure_decision": D.StructureDecision,
        "treasure_decision": D.TreasureDecision,
        "building_decision": BuildingDecision,
        "ziggurat_income_decision": ZigguratIncomeDecision,
        "tile_placed": E.TilePlaced,
        "leader_placed": E.LeaderPlaced,
        "leader_moved": E.LeaderMoved,
        "leader_withdrawn": E.LeaderWithdrawn,
        "leader_returned": E.LeaderReturned,
        "catastrophe_placed": E.CatastrophePlaced,
        "tiles_swapped": E.TilesSwapped,
        "tiles_drawn": E.TilesDrawn,
        "points_scored": E.PointsScored,
        "conflict_started": E.ConflictStarted,
        "support_committed": E.SupportCommitted,
        "conflict_resolved": E.ConflictResolved,
        "tiles_removed": E.TilesRemoved,
        "tile_left": E.TileLeft,
        "monument_built": E.MonumentBuilt,
        "building_placed": BuildingPlaced,
        "building_returned": BuildingReturned,
        "ziggurat_built": ZigguratBuilt,
        "treasure_taken": E.TreasureTaken,
        "turn_ended": E.TurnEnded,
        "game_over": E.GameOver,
    }
    registered = records.converter.tagged_classes()
    for tag, cls in expected.items():
        assert registered[tag] is cls, tag
        assert records.converter.tag_of(cls) == tag


@pytest.mark.parametrize(
    "union", [tr.Action, tr.Event, tr.Decision], ids=["action", "event", "decision"]
)
def test_every_member_of_the_unions_has_a_tag(union: Any) -> None:
    """A class added to a union without a tag would be written without one: catch it."""
    records.converter.register_variant_classes()
    missing = {cls.__name__ for cls in union_members(union)} - {
        cls.__name__ for cls in records.converter.tagged_classes().values()
    }
    assert not missing, f"register a tag in tigris_rules.serialize for: {sorted(missing)}"


def test_the_json_of_actions() -> None:
    assert tr.dumps(tr.PlaceTile(tr.Color.RED, "g4")) == (
        '{"type":"place_tile","color":"red","square":"g4"}'
    )
    assert tr.dumps(tr.BuildMonument(tr.Monument.RED_BLUE, "c3")) == (
        '{"type":"build_monument","monument":"red-blue","block":"c3"}'
    )
    assert json.loads(tr.dumps(tr.SwapTiles(red=2))) == {
        "type": "swap_tiles",
        "black": 0,
        "red": 2,
        "blue": 0,
        "green": 0,
    }
    assert tr.dumps(tr.EndTurn()) == '{"type":"end_turn"}'
    assert tr.loads('{"type": "swap_tiles", "green": 1}', tr.Action) == tr.SwapTiles(green=1)
    assert tr.loads('{"type": "end_turn"}', tr.EndTurn) == tr.EndTurn()


def test_the_json_of_an_opening_state_uses_names() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    data = json.loads(tr.dumps(state))
    assert data["config"] == {
        "game": "board",
        "players": 2,
        "board": "classic",
        "variants": [],
        "open_scoring": False,
        "single_action_openers": 0,
        "column_limit": 8,
    }
    assert data["cells"]["b2"] == "red"  # a start temple
    assert len(data["cells"]) == 10
    assert data["leaders"][0] == {"black": None, "red": None, "blue": None, "green": None}
    assert data["treasures"][:2] == ["k1", "b2"]
    assert set(data["bag"]) <= {"black", "red", "blue", "green"}
    assert data["pending"] is None
    assert "_cache" not in data
    assert "cache" not in data


def test_the_cache_is_not_written() -> None:
    state = tr.new_game(tr.GameConfig(players=3), seed=2)
    before = tr.dumps(state)
    len(tr.legal_actions(state))  # fills the state's private cache
    assert state._cache
    assert tr.dumps(state) == before
    loaded = tr.loads(before, GameState)
    assert loaded == state
    # Nothing but the regions the state check labelled, its own, not the first state's.
    assert loaded._cache.regions is not state._cache.regions
    assert loaded._cache.targets is None


# --- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    ALL_CONFIGS,
    ids=[f"{c.players}p-{c.board}-{'+'.join(c.variants) or 'base'}" for c in ALL_CONFIGS],
)
def test_round_trip_along_a_whole_game(config: tr.GameConfig) -> None:
    """Every action, event and pending decision of a whole game, its config, and a sample of
    its states (the first with each kind of pending decision, every 32nd, the last) read
    back equal."""
    round_trip(config, tr.GameConfig)
    history = play(config, seed=config.players * 100 + len(config.variants))
    pending_kinds: set[type] = set()
    for number, (state, _, _) in enumerate(history):
        kind = type(state.pending)
        if kind not in pending_kinds or number % 32 == 0 or number == len(history) - 1:
            pending_kinds.add(kind)
            round_trip(state, GameState)
    round_trip(tuple(a for _, a, _ in history[1:]), tuple[tr.Action, ...])
    round_trip(tuple(e for _, _, events in history for e in events), tuple[tr.Event, ...])
    decisions = tuple(s.pending for s, _, _ in history if s.pending is not None)
    round_trip(decisions, tuple[tr.Decision, ...])


RARE_EXAMPLES: list[tuple[Any, Any]] = [
    (BuildZiggurat("f5"), tr.Action),
    (ChooseColor(tr.Color.GREEN), tr.Action),
    (ZigguratBuilt(player=1, square="f5"), tr.Event),
    (ZigguratIncomeDecision(player=2), tr.Decision),
    (
        D.StructureDecision(
            0,
            ((tr.Monument.RED_BLUE, "c3"),),
            structures=(BuildZiggurat("f5"), BuildZiggurat("h7")),
        ),
        tr.Decision,
    ),
    (BuildingDecision(1, tr.Color.BLACK, ("a1", "p11")), tr.Decision),
    (BuildingPlaced(0, tr.Color.RED, "c4", origin=None), tr.Event),
    (E.CatastrophePlaced(0, "c4", destroyed=None), tr.Event),
    (E.TurnEnded(3, next_player=None), tr.Event),
]
"""Values random games seldom show (the ziggurat needs a cross of five tiles)."""


@pytest.mark.parametrize(("value", "union"), RARE_EXAMPLES)
def test_round_trip_of_rare_values(value: Any, union: Any) -> None:
    round_trip(value, union)
    round_trip(value, type(value))


@pytest.mark.slow
def test_every_class_is_tried_on_real_values() -> None:
    """Random games (one per configuration) and the rare examples above show every action,
    event and decision class, so that each class's JSON is tried."""
    seen: set[type] = {type(value) for value, _ in RARE_EXAMPLES}
    for config in ALL_CONFIGS:
        for state, action, events in play(config, seed=config.players * 100 + len(config.variants)):
            seen.add(type(action))
            seen.update(type(e) for e in events)
            seen.add(type(state.pending))
    members = union_members(tr.Action) | union_members(tr.Event) | union_members(tr.Decision)
    assert not {m.__name__ for m in members - seen}


configs = st.sampled_from(ALL_CONFIGS).flatmap(
    lambda c: st.sampled_from(
        [
            c,
            attrs.evolve(c, open_scoring=True),
            attrs.evolve(c, single_action_openers=min(2, c.players)),
        ]
    )
)


@pytest.mark.slow
@given(config=configs, seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_round_trip_of_states_reached_by_random_play(
    config: tr.GameConfig, seed: int, steps: int
) -> None:
    """loads(dumps(x)) == x for the state reached after random play, and for the actions and
    events on the way, in every configuration."""
    history = play(config, seed, steps)
    state = history[-1][0]
    round_trip(state, GameState)
    round_trip(tuple(a for _, a, _ in history[1:]), tuple[tr.Action, ...])
    round_trip(tuple(e for _, _, events in history for e in events), tuple[tr.Event, ...])


def test_round_trip_of_deals_and_configs() -> None:
    from tigris_rules.rules.setup import deal_from_seed

    for config in ALL_CONFIGS[::5]:
        round_trip(deal_from_seed(config, 3), tr.Deal)
    round_trip(tr.GameConfig(players=4, open_scoring=True, single_action_openers=2), tr.GameConfig)
    assert tr.loads("{}", tr.GameConfig) == tr.GameConfig()
    assert tr.loads('{"variants": ["ziggurat", "english"]}', tr.GameConfig).variants == (
        "english",
        "ziggurat",
    )


# --- strict reading and error paths ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "path", "words"),
    [
        (
            '{"type": "place_tile", "color": "red", "square": "z9"}',
            tr.Action,
            "$.square",
            "a1..p11",
        ),
        (
            '{"type": "place_tile", "color": "red", "square": "A1"}',
            tr.Action,
            "$.square",
            "a1..p11",
        ),
        ('{"type": "place_tile", "color": "pink", "square": "a1"}', tr.Action, "$.color", "colour"),
        ('{"type": "place_tile", "color": "red"}', tr.Action, "$.square", "missing"),
        (
            '{"type": "place_tile", "color": "red", "square": "a1", "x": 1}',
            tr.Action,
            "$.x",
            "unknown field",
        ),
        ('{"type": "fly"}', tr.Action, "$.type", "unknown action type"),
        ('{"type": "tile_placed", "player": 0}', tr.Action, "$.type", "is an event, not an action"),
        ('{"type": 3}', tr.Action, "$.type", "a string"),
        ('{"color": "red"}', tr.Action, "$.type", "missing"),
        ("[]", tr.Action, "$", "expected an object"),
        ('{"type": "swap_tiles", "red": "2"}', tr.Action, "$.red", "expected an integer"),
        ('{"type": "swap_tiles", "red": true}', tr.Action, "$.red", "expected an integer"),
        ('{"type": "swap_tiles", "red": 2.0}', tr.Action, "$.red", "expected an integer"),
        ('{"type": "commit_support", "count": -1}', tr.Action, "$.count", "at least 0"),
        (
            '{"type": "build_monument", "monument": "red-red", "block": "a1"}',
            tr.Action,
            "$.monument",
            "monument",
        ),
        ('{"type": "end_turn", "now": true}', tr.Action, "$.now", "unknown field"),
        ('{"type": "end_turn", "a.b c": 1}', tr.Action, '$["a.b c"]', "unknown field"),
        ('{"b[0]": 1}', tr.GameConfig, '$["b[0]"]', "unknown field"),
        ('{"type": "decline"}', tr.EndTurn, "$.type", 'expected "end_turn"'),
        ('{"players": 5}', tr.GameConfig, "$.players", "players must be 2, 3 or 4"),
        ('{"players": "3"}', tr.GameConfig, "$.players", "expected an integer"),
        ('{"variants": ["chess"]}', tr.GameConfig, "$.variants", "unknown variant"),
        ('{"variants": "english"}', tr.GameConfig, "$.variants", "expected an array"),
        ('{"board": "moon"}', tr.GameConfig, "$.board", "unknown board"),
        ('{"speed": 2}', tr.GameConfig, "$.speed", "unknown field"),
        ('{"hands": [["red", "mauve"]], "bag": []}', tr.Deal, "$.hands[0][1]", "colour"),
        ('{"hands": "red", "bag": []}', tr.Deal, "$.hands", "expected an array"),
        (
            '[{"type": "end_turn"}, {"type": "place_tile"}]',
            tuple[tr.Action, ...],
            "$[1].color",
            "missing",
        ),
        ('{"a": 1, "a": 2}', tr.GameConfig, "$", "duplicate key"),
        ("NaN", tr.Action, "$", "NaN"),
        ('{"type": "end_turn"', tr.Action, "$", "truncated"),
        ("not json at all", tr.Action, "$", "not valid JSON"),
        ("[" * 100_000, tr.Action, "$", "not valid JSON"),
    ],
)
def test_bad_json_names_the_path(text: str, kind: Any, path: str, words: str) -> None:
    with pytest.raises(tr.FormatError) as info:
        tr.loads(text, kind)
    assert info.value.path == path
    assert words in info.value.reason
    assert str(info.value).startswith(f"{path}: ")
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, tr.TigrisError)


def test_every_problem_is_listed() -> None:
    text = '{"type": "place_tile", "color": "pink", "square": "z0", "extra": 1}'
    with pytest.raises(tr.FormatError) as info:
        tr.loads(text, tr.Action)
    assert dict(info.value.problems) == {
        "$.color": 'expected a colour (black, red, blue, green), got "pink"',
        "$.square": 'expected a square a1..p11, got "z0"',
        "$.extra": "unknown field (expected: color, square)",
    }
    assert "(and 2 more problems)" in str(info.value)


def test_size_limit() -> None:
    text = tr.dumps(tr.new_game(tr.GameConfig(), seed=0))
    with pytest.raises(tr.FormatError, match="larger than the limit"):
        tr.loads(text, GameState, max_bytes=100)
    assert tr.loads(text, GameState, max_bytes=None).config == tr.GameConfig()


def test_bytes_input() -> None:
    assert tr.loads(b'{"type": "end_turn"}', tr.Action) == tr.EndTurn()
    with pytest.raises(tr.FormatError, match="not UTF-8"):
        tr.loads(b'{"type": "\xff"}', tr.Action)


def state_data(seed: int = 1) -> dict[str, Any]:
    history = play(tr.GameConfig(players=3), seed, steps=40)
    data: dict[str, Any] = json.loads(tr.dumps(history[-1][0]))
    return data


def leader_square(data: dict[str, Any]) -> tuple[int, str, str]:
    for player, row in enumerate(data["leaders"]):
        for color, square in row.items():
            if square is not None:
                return player, color, square
    raise AssertionError("no leader on the board")


def test_bad_states_name_the_path() -> None:
    data = state_data()
    cases: list[tuple[Any, str, str]] = []

    def case(change: Any, path: str, words: str) -> None:
        cases.append((change, path, words))

    case(lambda d: d["hands"].pop(), "$.hands", "expected an array of 3")
    case(lambda d: d["hands"][1].update(red=-1), "$.hands[1].red", "at least 0")
    case(lambda d: d["hands"][1].pop("red"), "$.hands[1].red", "missing")
    case(lambda d: d["hands"][1].update(red=True), "$.hands[1].red", "expected an integer")
    case(
        lambda d: d["hands"][1].update(pink=d["hands"][1].pop("blue")), "$.hands[1].blue", "missing"
    )
    case(lambda d: d["leaders"][0].update(red=7), "$.leaders[0].red", "a1..p11")
    case(lambda d: d["config"].update(players=True), "$.config.players", "expected an integer")
    case(lambda d: d["config"].update(board=3), "$.config.board", "expected a string")
    case(lambda d: d["cells"].update(q1="red"), "$.cells", "square")
    case(lambda d: d["cells"].update(a1="purple"), "$.cells.a1", "expected one of")
    case(lambda d: d["cells"].update(a1=["red"]), "$.cells.a1", "got an array")
    case(lambda d: d["cells"].update(a1={"red": 1}), "$.cells.a1", "got an object")
    case(lambda d: d["treasures"].append("z1"), "$.treasures[10]", "a1..p11")
    case(lambda d: d["monuments"].pop("red-blue"), "$.monuments.red-blue", "missing")
    case(lambda d: d.update(active=3), "$.active", "seat 0..2")
    case(lambda d: d.update(bag_pos=10_000), "$.bag_pos", "past the end")
    case(lambda d: d.update(pending={"type": "commit_decision"}), "$.pending.player", "missing")
    case(lambda d: d.update(turn=None), "$.turn", "expected an integer")
    case(lambda d: d.pop("config"), "$.config", "missing")
    case(lambda d: d.update(colour=1), "$.colour", "unknown field")
    case(lambda d: d["config"].update(players=5), "$.config.players", "players must be")

    def move_leader(d: dict[str, Any]) -> None:
        player, color, _square = leader_square(d)
        d["leaders"][player][color] = None

    case(move_leader, f"$.cells.{leader_square(data)[2]}", "a leader cell with no leader")
    for change, path, words in cases:
        changed = json.loads(json.dumps(data))
        change(changed)
        with pytest.raises(tr.FormatError) as info:
            tr.loads(json.dumps(changed), GameState)
        assert info.value.path == path, (path, str(info.value))
        assert words in info.value.reason, (words, str(info.value))


def test_an_unknown_kind_is_a_programming_error() -> None:
    with pytest.raises(TypeError):
        tr.loads("{}", random.Random)


# --- extension: more tagged classes ---------------------------------------------------------


@attrs.frozen
class _Ping:
    square: str
    count: int = 0


def test_new_tagged_classes_can_be_registered() -> None:
    records.converter.register_tagged(
        "test_ping", _Ping, family="test message", squares=("square",)
    )
    union: Any = _Ping | tr.EndTurn
    assert tr.dumps(_Ping("c3", 2)) == '{"type":"test_ping","square":"c3","count":2}'
    assert tr.loads('{"type": "test_ping", "square": "c3"}', union) == _Ping("c3")
    assert tr.loads('{"type": "end_turn"}', union) == tr.EndTurn()
    with pytest.raises(tr.FormatError, match=r"a1\.\.p11"):
        tr.loads('{"type": "test_ping", "square": "c33"}', union)
    with pytest.raises(tr.FormatError, match="is a test message, not an action"):
        tr.loads('{"type": "test_ping", "square": "c3"}', tr.Action)
    with pytest.raises(ValueError, match="already belongs"):
        records.converter.register_tagged("test_ping", tr.GameConfig, family="x")
    with pytest.raises(ValueError, match="already has the tag"):
        records.converter.register_tagged("place_tile_2", tr.PlaceTile, family="action")


# --- the card game --------------------------------------------------------------------------


def test_card_tags_are_fixed_strings() -> None:
    """The card game's tags are part of the log format; the classes it shares with the board
    game keep their board-game tags."""
    expected = {
        "play_leader": C.PlayLeader,
        "play_column": C.PlayColumn,
        "play_gap": C.PlayGap,
        "play_catastrophe": C.PlayCatastrophe,
        "pay_points": C.PayPoints,
        "take_treasures": C.TakeTreasures,
        "build_boat": C.BuildBoat,
        "end_turn": C.EndTurn,
        "choose_conflict": C.ChooseConflict,
        "commit_support": C.CommitSupport,
        "decline": C.Decline,
        "war_order_decision": C.WarOrderDecision,
        "card_commit_decision": C.CardCommitDecision,
        "payment_decision": C.PaymentDecision,
        "boat_decision": C.BoatDecision,
        "treasure_card_decision": C.TreasureCardDecision,
        "leader_played": C.LeaderPlayed,
        "leader_to_supply": C.LeaderToSupply,
        "column_card_played": C.ColumnCardPlayed,
        "gap_card_played": C.GapCardPlayed,
        "gap_card_turned": C.GapCardTurned,
        "card_catastrophe_played": C.CatastrophePlayed,
        "points_paid": C.PointsPaid,
        "reward_taken": C.RewardTaken,
        "cards_discarded": C.CardsDiscarded,
        "cards_won": C.CardsWon,
        "boat_built": C.BoatBuilt,
        "card_treasures_taken": C.TreasuresTaken,
        "cards_drawn": C.CardsDrawn,
        "conflict_started": C.ConflictStarted,
        "support_committed": C.SupportCommitted,
        "conflict_resolved": C.ConflictResolved,
        "turn_ended": C.TurnEnded,
        "game_over": C.GameOver,
        "pay_step": S.PayStep,
        "boat_step": S.BoatStep,
        "wars_step": S.WarsStep,
        "removal_step": S.RemovalStep,
        "treasure_step": S.TreasureStep,
        "end_action_step": S.EndActionStep,
        "refill_step": S.RefillStep,
    }
    registered = records.converter.tagged_classes()
    for tag, cls in expected.items():
        assert registered[tag] is cls, tag
        assert records.converter.tag_of(cls) == tag


@pytest.mark.parametrize(
    "union",
    [C.CardAction, C.CardEvent, C.CardDecision, S.Step],
    ids=["action", "event", "decision", "step"],
)
def test_every_member_of_the_card_unions_has_a_tag(union: Any) -> None:
    for cls in union_members(union):
        assert records.converter.tag_of(cls)


def test_the_json_of_card_values() -> None:
    assert tr.dumps(C.PlayLeader(tr.Color.RED, "3.0")) == (
        '{"type":"play_leader","color":"red","target":"3.0"}'
    )
    assert tr.dumps(C.TakeTreasures((2, 5))) == '{"type":"take_treasures","columns":[2,5]}'
    assert tr.dumps(C.BuildBoat(C.Boat.BLUE_RED)) == '{"type":"build_boat","boat":"blue-red"}'
    assert tr.loads('{"type": "take_treasures"}', C.CardAction) == C.TakeTreasures()
    assert tr.loads('{"type": "end_turn"}', C.CardAction) == C.EndTurn()
    state = C.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    data = json.loads(tr.dumps(state))
    assert list(data) == [
        "config", "heads", "columns", "gaps", "leaders", "hands", "piles", "draw", "draw_pos",
        "set_aside", "out_of_game", "catastrophes", "active", "turn", "actions_taken",
        "idle_turns", "turn_start", "pending", "todo", "over", "end_reason",
    ]  # fmt: skip
    assert data["heads"] == ["treasure"] * 8
    assert data["columns"] == [[]] * 8
    assert data["gaps"] == [None] * 7
    assert data["leaders"][1] == {"black": None, "red": None, "blue": None, "green": None}
    assert len(data["set_aside"]) == 30
    assert data["turn_start"] == {"hands": data["hands"]}
    assert tr.loads(tr.dumps(state), C.CardGameState) == state


def card_play(players: int, seed: int, steps: int | None = None) -> list[Any]:
    """(state, action, events) triples of a random card game, ``steps`` inputs long at most."""
    state = C.new_card_game(tr.GameConfig(players=players, game="cards"), seed=seed)
    rng = random.Random(seed)
    out: list[Any] = [(state, None, ())]
    while not state.over and (steps is None or len(out) <= steps):
        legal = C.card_legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        state, events = C.card_step(state, action)
        out.append((state, action, events))
    return out


@pytest.mark.slow
def test_card_round_trip_along_whole_games() -> None:
    """Every action and event of whole card games (2, 3 and 4 players) reads back equal, and
    so does every state of the first game of each size and every fifth state of the second,
    with its pending decision and steps; every card class is tried."""
    seen: set[type] = set()
    for players in (2, 3, 4):
        for seed, every in ((0, 1), (1, 5)):
            history = card_play(players, 100 * players + seed)
            for state, _, _ in history[::every]:
                round_trip(state, C.CardGameState)
                seen.add(type(state.pending))
                seen.update(type(step) for step in state.todo)
            for _, action, events in history:
                seen.add(type(action))
                seen.update(type(e) for e in events)
            round_trip(tuple(a for _, a, _ in history[1:]), tuple[C.CardAction, ...])
            round_trip(tuple(e for _, _, ev in history for e in ev), tuple[C.CardEvent, ...])
    rare = [
        (C.BuildBoat(C.Boat.BLUE_GREEN), C.CardAction),
        (C.BoatDecision(1, (C.Boat.BLUE_BLACK, C.Boat.BLUE_GREEN), 4), C.CardDecision),
        (C.BoatBuilt(0, C.Boat.BLUE_RED, 3, 2), C.CardEvent),
        (C.TreasuresTaken(1, (2, 7)), C.CardEvent),
        (C.CardsWon(2, tr.Color.RED, ("3.2", "g3")), C.CardEvent),
        (C.TreasureCardDecision(0, (1, 2, 8)), C.CardDecision),
        (C.TakeTreasures((1, 8)), C.CardAction),
        (C.LeaderToSupply(1, tr.Color.GREEN, "g2", "boat"), C.CardEvent),
        (S.RemovalStep(2, 1, 0, 1, 3), S.Step),
        (S.PayStep(1, 2, 3, C.PointCause.BOAT), S.Step),
        (S.RefillStep(), S.Step),
        (S.TreasureStep(4), S.Step),
        (C.ChooseConflict(tr.Color.BLUE), C.CardAction),
        (C.Decline(), C.CardAction),
        (C.WarOrderDecision(2, (tr.Color.BLACK, tr.Color.GREEN)), C.CardDecision),
    ]
    for value, union in rare:
        round_trip(value, union)
        seen.add(type(value))
    members = (
        union_members(C.CardAction)
        | union_members(C.CardEvent)
        | union_members(C.CardDecision)
        | union_members(S.Step)
    )
    assert not {m.__name__ for m in members - seen}


@pytest.mark.slow
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_round_trip_of_card_states_reached_by_random_play(
    players: int, seed: int, steps: int
) -> None:
    """loads(dumps(x)) == x for the card state reached after random play (2, 3 and 4
    players), and for the actions and events on the way."""
    history = card_play(players, seed, steps)
    round_trip(history[-1][0], C.CardGameState)
    round_trip(tuple(a for _, a, _ in history[1:]), tuple[C.CardAction, ...])
    round_trip(tuple(e for _, _, ev in history for e in ev), tuple[C.CardEvent, ...])


def test_round_trip_of_card_deals_and_configs() -> None:
    for players in (2, 3, 4):
        config = tr.GameConfig(players=players, game="cards", column_limit=6, open_scoring=True)
        round_trip(config, tr.GameConfig)
        round_trip(C.card_deal_from_seed(config, 3), C.CardDeal)
    data = json.loads(tr.dumps(C.card_deal_from_seed(tr.GameConfig(players=3, game="cards"), 1)))
    assert list(data) == ["hands", "draw_pile", "set_aside"]
    assert data["set_aside"] == []


@pytest.mark.parametrize(
    ("text", "kind", "path", "words"),
    [
        ('{"type": "play_leader", "color": "red", "target": "9.0"}', "a", "$.target", "spot"),
        ('{"type": "play_leader", "color": "red", "target": "3.02"}', "a", "$.target", "spot"),
        ('{"type": "play_catastrophe", "target": "g8"}', "a", "$.target", "spot"),
        ('{"type": "play_column", "color": "red", "column": 0}', "a", "$.column", "1..8"),
        ('{"type": "play_gap", "color": "red", "gap": 8}', "a", "$.gap", "1..7"),
        ('{"type": "pay_points", "count": -1}', "a", "$.count", "at least 0"),
        ('{"type": "take_treasures", "columns": [2, 2]}', "a", "$.columns", "named twice"),
        ('{"type": "take_treasures", "columns": [9]}', "a", "$.columns[0]", "1..8"),
        ('{"type": "build_boat", "boat": "red-black"}', "a", "$.boat", "blue-black"),
        ('{"type": "place_tile", "color": "red", "square": "a1"}', "a", "$.type", "of this kind"),
        ('{"type": "cards_won", "player": 0, "color": "red", "spots": ["1.1", "x"]}', "e",
         "$.spots[1]", "spot"),
        ('{"type": "pay_step", "player": 0, "color": 1, "points": 1, "cause": "gift"}', "s",
         "$.cause", "card, revolt, war, boat"),
    ],
)  # fmt: skip
def test_bad_card_json_names_the_path(text: str, kind: str, path: str, words: str) -> None:
    union = {"a": C.CardAction, "e": C.CardEvent, "s": S.Step}[kind]
    with pytest.raises(tr.FormatError) as info:
        tr.loads(text, union)
    assert info.value.path == path, str(info.value)
    assert words in info.value.reason, str(info.value)


@pytest.mark.parametrize("limit", [25, 10**4, 2**64])
def test_a_column_limit_outside_4_to_24_in_json_names_the_path(limit: int) -> None:
    """CONV-18, CARD-DEF-1, D27: a configuration, a card-game state, a card view or a card
    log read from JSON with a column limit outside 4..24 raises FormatError at its path."""
    config = tr.GameConfig(players=2, game="cards")
    state = tr.new_card_game(config, seed=3)
    log = tr.GameLog(config=config, seed=3, actions=())
    reason = f"column_limit must be an integer in 4..24 (CONV-18, CARD-DEF-1), not {limit}"
    for value, kind, path in (
        (config, tr.GameConfig, "$.column_limit"),
        (state, tr.CardGameState, "$.config.column_limit"),
        (tr.card_view(state, 0), tr.CardView, "$.config.column_limit"),
        (log, tr.GameLog, "$.config.column_limit"),
    ):
        data = json.loads(tr.dumps(value))
        (data["config"] if kind is not tr.GameConfig else data)["column_limit"] = limit
        with pytest.raises(tr.FormatError) as info:
            tr.loads(json.dumps(data), kind)
        assert (info.value.path, info.value.reason) == (path, reason), kind


def test_bad_card_states_name_the_path() -> None:
    history = card_play(3, 7, 60)
    data = json.loads(tr.dumps(history[-1][0]))

    def first_leader(d: dict[str, Any]) -> tuple[int, str]:
        for player, row in enumerate(d["leaders"]):
            for color, spot in row.items():
                if spot is not None:
                    return player, color
        raise AssertionError("no leader on the table")

    def leader_on_nothing(d: dict[str, Any]) -> None:
        player, color = first_leader(d)
        d["leaders"][player][color] = "8.9"

    def two_on_one(d: dict[str, Any]) -> None:
        player, color = first_leader(d)
        other = next(c for c in ("black", "red", "blue", "green") if c != color)
        d["leaders"][player][other] = d["leaders"][player][color]

    cases: list[tuple[Any, str, str]] = [
        (lambda d: d["heads"].append("treasure"), "$.heads", "8 heads"),
        (lambda d: d["heads"].__setitem__(0, "blue"), "$.heads[0]", "treasure, red"),
        (lambda d: d["columns"].pop(), "$.columns", "array of 8"),
        (lambda d: d["columns"][0].extend(["red"] * 9), "$.columns[0]", "at most 8"),
        (lambda d: d["columns"][1].append("pink"), "$.columns[1][", "a card or a boat"),
        (lambda d: d["columns"][2].extend(["blue-red"] * 2), "$.columns", "built twice"),
        (lambda d: d["gaps"].__setitem__(0, {"color": "red"}), "$.gaps[0].player", "missing"),
        (lambda d: d["piles"][0].append("blue-red"), "$.piles[0][", "expected a card"),
        (lambda d: d["hands"][1].update(red=-1), "$.hands[1].red", "at least 0"),
        (lambda d: d.update(draw_pos=10_000), "$.draw_pos", "past the end"),
        (lambda d: d.update(active=3), "$.active", "seat 0..2"),
        (lambda d: d.update(end_reason="boredom"), "$.end_reason", "stalemate"),
        (lambda d: d.update(todo=[{"type": "end_turn"}]), "$.todo[0].type", "not a step"),
        (lambda d: d["config"].update(game="board"), "$.config.game", "of the cards game"),
        (lambda d: d.update(turn_start={"hands": []}), "$.turn_start.hands", "3 item"),
        (
            lambda d: d.update(turn_start={"hands": d["hands"], "piles": []}),
            "$.turn_start.piles",
            "unknown field",
        ),
        (leader_on_nothing, "$.leaders[", "no face-up card"),
        (two_on_one, "$.leaders[", "two leaders"),
    ]
    for change, path, words in cases:
        changed = json.loads(json.dumps(data))
        change(changed)
        with pytest.raises(tr.FormatError) as info:
            tr.loads(json.dumps(changed), C.CardGameState)
        assert info.value.path.startswith(path), (path, str(info.value))
        assert words in info.value.reason, (words, str(info.value))


def test_a_card_input_reads_in_a_fresh_interpreter() -> None:
    """Each game's codec registers its tags when its ruleset is loaded; a reader loads the
    installed games first, so a card-game input reads before any card game was played."""
    import subprocess
    import sys

    code = (
        "import tigris_rules as tr\n"
        "from tigris_rules.cards.actions import CardAction\n"
        'print(tr.loads(\'{"type":"play_leader","color":"black","target":"1.0"}\', CardAction))\n'
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "PlayLeader(color=<Color.BLACK: 'black'>, target='1.0')"
