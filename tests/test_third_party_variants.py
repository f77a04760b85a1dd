"""Variants written by a third party work with no edit to the package.

``tests/third_party_variant`` holds two toy variants in a module each, and the metadata of a
distribution declaring them as entry points of ``tigris_rules.variants`` (installed for
every test here by the fixture ``toy_variants`` of tests/conftest.py): ``calm`` (no
catastrophes: a changed opening and a refused main action, CALM-1) and ``marker`` (a
secret marker per player: its own area of the state, decision, answer and event,
MARK-1..MARK-3). With them, random games end in every
combination with the shipped variants; states, views, events and logs round-trip through
JSON; views hide the other players' markers; the state check and the invariants include the
variant's; the command line plays them.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import attrs
import jsonschema  # type: ignore[import-untyped]  # no stubs in the dev environment
import pytest
from toy_calm import Calm
from toy_marker import HIDDEN, Marker, MarkerDecision, MarkerPlaced, Markers, PlaceMarker

import tigris_rules as tr
from conftest import THIRD_PARTY, TOY_PATHS
from tigris_rules import rulebook
from tigris_rules.model.config import known_variants
from tigris_rules.model.squares import NEIGHBOURS, SQUARE_COUNT, square_index, square_name
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.records.json_schema import build_schemas
from tigris_rules.render import describe_decision, describe_event
from tigris_rules.rulebook import UnknownRuleError
from tigris_rules.testing import check_invariants
from tigris_rules.tools.cli import main
from tigris_rules.views.events import PublicEvent, events_for

pytestmark = pytest.mark.usefixtures("toy_variants")

SHIPPED = ("english", "buildings", "ziggurat")
TOYS = ("calm", "marker")
COMBINATIONS = [
    tuple(sorted((*shipped, *toys)))
    for toys in (("calm",), ("marker",), TOYS)
    for size in range(len(SHIPPED) + 1)
    for shipped in itertools.combinations(SHIPPED, size)
]
"""Every combination of the shipped variants with one or both toys (the shipped variants
alone are played by tests/test_variants_conformance.py)."""

QUICK = {("calm",), ("marker",), ("buildings", "calm", "english", "marker", "ziggurat")}
"""The combinations played by the quick run (``-m "not slow"``); the others are slow."""

MAX_INPUTS = 3000
"""More inputs than any game takes: a game still running after them does not end."""

ALL = ("english", "buildings", "ziggurat", "calm", "marker")


def play(config: tr.GameConfig, seed: int) -> list[tuple[tr.GameState, tr.Action, tr.GameState]]:
    """A seeded random game to its end: each state, the input taken and the state after."""
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    steps: list[tuple[tr.GameState, tr.Action, tr.GameState]] = []
    while not tr.is_over(state):
        assert len(steps) < MAX_INPUTS, f"{config.variants} seed {seed} does not end"
        legal = tr.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        after = tr.apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


def marker_answers_are_the_accepted_inputs(state: tr.GameState) -> None:
    """MARK-2: at a marker decision, the legal answers are exactly the inputs accepted: each
    offered square and a decline; any other square is refused under MARK-2."""
    decision = state.pending
    assert isinstance(decision, MarkerDecision)
    legal = list(tr.legal_actions(state))
    assert legal == [*(PlaceMarker(s) for s in decision.squares), tr.Decline()]
    for action in legal:
        tr.apply(state, action, decision.player)
    for square in range(SQUARE_COUNT):
        name = square_name(square)
        if name not in decision.squares:
            with pytest.raises(tr.IllegalActionError) as refused:
                tr.apply(state, PlaceMarker(name))
            assert refused.value.rule == "MARK-2"


# --- random games -----------------------------------------------------------------------------


def test_the_toys_are_installed_variants() -> None:
    """The entry points of the toy distribution are found: the toys come after the shipped
    variants in canonical order (their ``order`` is the default), then by name."""
    assert known_variants() == (*SHIPPED, *TOYS)
    config = tr.GameConfig(variants=("marker", "calm", "english"))
    assert config.variants == ("english", "calm", "marker")
    assert [type(v) for v in tr.new_game(config, seed=1).ruleset.variants][1:] == [Calm, Marker]


@pytest.mark.parametrize(
    "variants",
    [
        pytest.param(c, id="+".join(c), marks=() if c in QUICK else pytest.mark.slow)
        for c in COMBINATIONS
    ],
)
def test_random_games_end_in_every_combination(variants: tuple[str, ...]) -> None:
    """Seeded random games end; every state keeps the base, shipped and toy invariants;
    the toys' rules hold: no catastrophe in a calm game (CALM-1), each marker decision offers
    what it accepts, and a marker once placed never moves (MARK-1, MARK-2)."""
    index = COMBINATIONS.index(variants)
    config = tr.GameConfig(
        players=2 + index % 3,
        board=("classic", "alternative")[index % 2],
        variants=variants,
    )
    steps = play(config, seed=index)
    assert check_invariants(steps[0][0]) == []
    decisions = 0
    for before, action, after in steps:
        assert check_invariants(after, before) == [], (action, check_invariants(after, before))
        if "calm" in variants:
            assert set(after.catastrophes) == {0}
            assert not isinstance(action, tr.PlaceCatastrophe)
        if isinstance(before.pending, MarkerDecision):
            decisions += 1
            if decisions <= 2:
                marker_answers_are_the_accepted_inputs(before)
    final = steps[-1][2]
    if "marker" in variants:
        assert decisions > 0
        markers = Marker.of(final)
        assert markers is not None
        assert any(s != NO_SQUARE for s in markers.area(final).squares)


def test_calm_starts_without_catastrophes_and_refuses_one_under_its_rule() -> None:
    """CALM-1, CATA-1, CATA-3, CONV-17 (D26): every player starts with no catastrophe, so one
    is refused under CATA-1, the base rules coming before the variant's restriction; a
    catastrophe held anyway (a hand-made state) is refused under CALM-1 on a square the base
    rules allow, under CATA-3 on a treasure; none is ever offered."""
    state = tr.new_game(tr.GameConfig(players=3, variants=("calm",)), seed=2)
    assert state.catastrophes == (0, 0, 0)
    assert tr.check_state(state) == []
    treasure = square_name(next(s for s in state.treasures))
    with pytest.raises(tr.IllegalActionError) as refused:
        tr.apply(state, tr.PlaceCatastrophe(treasure))
    assert refused.value.rule == "CATA-1"
    held = attrs.evolve(state, catastrophes=(1, 0, 0))
    with pytest.raises(tr.IllegalActionError) as refused:
        tr.apply(held, tr.PlaceCatastrophe(treasure))
    assert refused.value.rule == "CATA-3"
    with pytest.raises(tr.IllegalActionError) as refused:
        tr.apply(held, tr.PlaceCatastrophe("a1"))
    assert refused.value.rule == "CALM-1"
    assert refused.value.rule_text == Calm.rule_texts["CALM-1"]  # the variant's own text
    for calm in (state, held):
        assert not any(isinstance(a, tr.PlaceCatastrophe) for a in tr.legal_actions(calm))


def test_the_toys_own_rules_have_their_declared_texts() -> None:
    """The rulebook words a plug-in's own rules (CALM-1, MARK-1..MARK-3) as the variant
    declares them; an ID that no installed variant declares is still unknown."""
    for toy in (Calm, Marker):
        for rule, text in toy.rule_texts.items():
            assert rulebook.describe(rule) == text
            assert rulebook.describe(f"{rule}(a)") == text
            assert tr.IllegalActionError(rule, "refused").rule_text == text
    with pytest.raises(UnknownRuleError, match=r"MARK-4.*installed variant"):
        rulebook.describe("MARK-4")


def test_the_state_check_counts_catastrophes_from_the_opening() -> None:
    """The state check measures the catastrophes against the opening the variants set up:
    2 each in the base game, none in a calm game (CATA-1)."""
    calm = tr.new_game(tr.GameConfig(players=2, variants=("calm",)), seed=2)
    held = attrs.evolve(calm, catastrophes=(1, 0))
    assert [(p.rule, p.path) for p in tr.check_state(held)] == [("CATA-1", "$.catastrophes[0]")]
    base = tr.new_game(tr.GameConfig(players=2), seed=2)
    assert base.catastrophes == (2, 2)
    assert [p.rule for p in tr.check_state(attrs.evolve(base, catastrophes=(0, 2)))] == ["CATA-1"]


# --- the marker: decision, event, view ----------------------------------------------------------


@cache
def marked() -> tuple[tr.GameState, tuple[tr.Event, ...]]:
    """A 3-player marker game after player 0's first tile and his marker put on the first
    square offered (MARK-2), with the events of that answer."""
    state = tr.new_game(tr.GameConfig(players=3, variants=("marker",)), seed=5)
    tile = next(a for a in tr.legal_actions(state) if isinstance(a, tr.PlaceTile))
    state = tr.apply(state, tile)
    decision = state.pending
    assert isinstance(decision, MarkerDecision)
    assert (decision.player, tr.to_move(state)) == (0, 0)
    around = {square_name(s) for s in NEIGHBOURS[square_index(tile.square)]}
    assert set(decision.squares) <= around
    return tr.step(state, PlaceMarker(decision.squares[0]))


def test_the_marker_decision_follows_a_tile_and_places_the_marker() -> None:
    """MARK-2: after his tile action, player 0 puts his marker on a square offered; the event
    says that he did, not where (MARK-3); he is not asked again (MARK-1)."""
    state, events = marked()
    (mine, *others) = Marker(0).area(state).squares
    assert mine != NO_SQUARE
    assert others == [NO_SQUARE, NO_SQUARE]
    assert MarkerPlaced(0) in events
    assert state.pending is None
    assert check_invariants(state) == []


def test_a_decline_leaves_the_marker_in_the_supply() -> None:
    state = tr.new_game(tr.GameConfig(players=2, variants=("marker",)), seed=5)
    state = tr.apply(state, next(a for a in tr.legal_actions(state) if isinstance(a, tr.PlaceTile)))
    after, events = tr.step(state, tr.Decline())
    assert Marker(0).area(after).squares == (NO_SQUARE, NO_SQUARE)
    assert not any(isinstance(e, MarkerPlaced) for e in events)
    with pytest.raises(tr.IllegalActionError) as refused:
        tr.apply(state, tr.EndTurn())
    assert refused.value.rule == "CONV-15"
    assert "place the marker or decline" in str(refused.value)


def test_the_marker_and_its_decision_are_told_in_a_game_playing_it() -> None:
    """The marker's event is told by its facet, its decision by its core ``describe``, in
    a game that plays it; a game that does not refuses them, naming the class."""
    config = tr.GameConfig(players=2, variants=("marker",))
    told = describe_event(MarkerPlaced(1), config=config)
    assert told == "seat 1 puts his marker on the board"
    asked = describe_decision(MarkerDecision(0, ("f4",)), 0, config=config)
    assert asked == "seat 0 (archer) must place the marker or decline"
    with pytest.raises(tr.ArgumentValueError, match="declares MarkerPlaced"):
        describe_event(MarkerPlaced(1), config=tr.GameConfig(players=2, variants=("calm",)))


def test_views_hide_the_other_players_markers_until_the_end() -> None:
    """MARK-3: a player sees where his own marker stands; the others and spectators see only
    that it stands, in the view and its JSON; once the game is over, everyone sees it."""
    state, _ = marked()
    square = Marker(0).area(state).squares[0]
    assert tr.view(state, 0).areas == (Markers((square, NO_SQUARE, NO_SQUARE)),)
    for viewer in (1, 2, None):
        view = tr.view(state, viewer)
        assert view.areas == (Markers((HIDDEN, NO_SQUARE, NO_SQUARE)),)
        data = json.loads(tr.dumps(view))
        assert data["areas"] == {"marker": ["hidden", None, None]}
        assert square_name(square) not in json.dumps(data["areas"])
        assert tr.loads(tr.dumps(view), tr.PlayerView) == view
    for viewer in (1, None):
        assert events_for([MarkerPlaced(0)], viewer) == (MarkerPlaced(0),)
    over = attrs.evolve(state, over=True)
    assert tr.view(over, 1).areas == (Markers((square, NO_SQUARE, NO_SQUARE)),)


def test_a_hidden_marker_is_no_state() -> None:
    """A view's ``"hidden"`` is not read in a state's JSON."""
    state, _ = marked()
    data = json.loads(tr.dumps(state))
    data["areas"]["marker"][0] = "hidden"
    with pytest.raises(tr.FormatError) as error:
        tr.loads(json.dumps(data), tr.GameState)
    assert "$.areas.marker[0]" in str(error.value)


# --- JSON and the schemas ---------------------------------------------------------------------


@cache
def full_game() -> tuple[tr.GameConfig, list[tuple[tr.GameState, tr.Action, tr.GameState]]]:
    config = tr.GameConfig(players=3, variants=ALL)
    return config, play(config, seed=4)


def test_states_views_events_and_logs_round_trip_through_json(tmp_path: Path) -> None:
    """With every variant, shipped and toy: every state, every view (each seat and a
    spectator, every 10 inputs) and every event, full and public, read back equal; the log
    of the game is written, read back equal, and validates."""
    config, steps = full_game()
    recorder = tr.Recorder(config, seed=4)
    for number, (before, action, after) in enumerate(steps):
        assert tr.loads(tr.dumps(action), tr.Action) == action
        if before.pending is not None:
            assert tr.loads(tr.dumps(before.pending), tr.Decision) == before.pending
        assert tr.loads(tr.dumps(after), tr.GameState) == after
        recorder.apply(action)
        _, events = tr.step(before, action)
        for event in (*events, *events_for(events, 1)):
            assert tr.loads(tr.dumps(event), PublicEvent) == event
        if number % 10 == 0 or tr.is_over(after):
            for viewer in (None, *range(config.players)):
                view = tr.view(after, viewer)
                assert tr.loads(tr.dumps(view), tr.PlayerView) == view
    assert recorder.state == steps[-1][2]
    tr.write_log(recorder.log(), tmp_path / "game.json")
    log = tr.read_log(tmp_path / "game.json")
    assert log == recorder.log()
    assert tr.validate_log(log).valid
    assert tr.replay(log).final == steps[-1][2]


def test_views_and_events_follow_the_generated_schemas() -> None:
    """The schemas generated with the installed variants (the toys among them) accept the
    views and events of a game with every variant."""
    schemas = build_schemas()
    views = jsonschema.Draft202012Validator(schemas["view"])
    events = jsonschema.Draft202012Validator(schemas["event"])
    config, steps = full_game()
    state = tr.new_game(config, seed=4)
    for number, (_, action, _) in enumerate(steps):
        state, happened = tr.step(state, action)
        for event in (*happened, *events_for(happened, None)):
            errors = [e.message for e in events.iter_errors(json.loads(tr.dumps(event)))]
            assert not errors, (event, errors)
        if number % 10 == 0 or tr.is_over(state):
            for viewer in (None, *range(config.players)):
                data = json.loads(tr.dumps(tr.view(state, viewer)))
                errors = [e.message for e in views.iter_errors(data)]
                assert not errors, (number, viewer, errors)


# --- invariants -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("squares", "path", "message"),
    [
        ((70, 70, NO_SQUARE), "$.areas.marker", "two markers share a square"),
        ((SQUARE_COUNT, NO_SQUARE, NO_SQUARE), "$.areas.marker[0]", "not on the board"),
        ((HIDDEN, NO_SQUARE, NO_SQUARE), "$.areas.marker[0]", "not on the board"),
        ((NO_SQUARE, NO_SQUARE), "$.areas.marker", "each player's marker"),
    ],
)
def test_the_state_check_reports_a_broken_marker_area(
    squares: tuple[int, ...], path: str, message: str
) -> None:
    """MARK-1, through check_state and check_invariants: one marker per player, on the
    board, never two on one square."""
    state, _ = marked()
    broken = Marker(0).with_area(state, Markers(squares))
    problems = tr.check_state(broken)
    assert [(p.rule, p.path) for p in problems] == [("MARK-1", path)]
    assert message in problems[0].message
    assert any("MARK-1" in p for p in check_invariants(broken))


def test_the_invariants_report_a_moved_marker() -> None:
    """MARK-1: a marker on the board never moves (check_invariants with ``before``)."""
    state, _ = marked()
    square = Marker(0).area(state).squares[0]
    moved = Marker(0).with_area(state, Markers((square + 1, NO_SQUARE, NO_SQUARE)))
    assert check_invariants(moved, before=state) == ["player 0's marker moved"]


def test_the_state_check_reports_a_wrong_marker_decision() -> None:
    """MARK-2: the decision offers free squares next to the tile just placed."""
    state = tr.new_game(tr.GameConfig(players=2, variants=("marker",)), seed=5)
    state = tr.apply(state, next(a for a in tr.legal_actions(state) if isinstance(a, tr.PlaceTile)))
    assert isinstance(state.pending, MarkerDecision)
    far = attrs.evolve(state, pending=MarkerDecision(0, ("a1",)))
    assert [(p.rule, p.path) for p in tr.check_state(far)] == [("MARK-2", "$.pending.squares")]


# --- the command line -------------------------------------------------------------------------


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``tigris-rules`` in a subprocess that finds the toys on its PYTHONPATH."""
    paths = [*TOY_PATHS, *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    return subprocess.run(
        [sys.executable, "-m", "tigris_rules", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_command_line_plays_the_toys() -> None:
    done = cli("play", "--variants", "calm,marker", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "Config: players=2 board=classic variants=calm,marker seed=1 (random bots)\n"
    )
    assert "Game over after" in done.stdout


def test_the_command_line_help_lists_the_toys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--help"]) == 0
    assert "english, buildings, ziggurat, calm, marker" in " ".join(capsys.readouterr().out.split())


@pytest.mark.usefixtures("shipped_variants_only")
def test_without_the_toys_installed_the_command_line_refuses_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Plug-ins are found where they are installed."""
    assert main(["play", "--variants", "calm"]) == 2
    assert "unknown variant 'calm'" in capsys.readouterr().err
    assert "calm" not in known_variants()


# --- the guide (docs/variants.md) -------------------------------------------------------------

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "variants.md"
SHOWN_FILE = re.compile(
    r"^\*\*`tests/third_party_variant/([^`]+)`\*\*\n\n```\w+\n(.*?)^```", re.MULTILINE | re.DOTALL
)
EXAMPLE = re.compile(r"^```py\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_the_guide_shows_the_toy_files_as_they_are() -> None:
    """Each file of the toys the guide shows is the file, word for word."""
    shown = dict(SHOWN_FILE.findall(GUIDE.read_text(encoding="utf-8")))
    assert sorted(shown) == [
        "installed/toy_variants-1.0.dist-info/METADATA",
        "installed/toy_variants-1.0.dist-info/entry_points.txt",
        "toy_calm.py",
        "toy_marker.py",
    ]
    for name, text in shown.items():
        assert text == (THIRD_PARTY / name).read_text(encoding="utf-8"), name


def test_the_guide_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guide's ``py`` examples (the blocks that are no file) run in order in one
    namespace, in an empty directory, with the toys installed."""
    monkeypatch.chdir(tmp_path)
    text = SHOWN_FILE.sub("", GUIDE.read_text(encoding="utf-8"))
    examples = EXAMPLE.findall(text)
    assert len(examples) == 3
    namespace: dict[str, object] = {"__name__": "guide"}
    for number, example in enumerate(examples):
        exec(compile(example, f"{GUIDE.name}, example {number + 1}", "exec"), namespace)
    assert "test_the_toys_keep_their_promises" in namespace


@pytest.mark.usefixtures("shipped_variants_only")
def test_the_fixture_leaves_only_the_shipped_variants() -> None:
    assert known_variants() == SHIPPED
    with pytest.raises(tr.ConfigError):
        tr.GameConfig(variants=("calm",))
