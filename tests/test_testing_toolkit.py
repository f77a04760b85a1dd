"""The public testing toolkit, ``tigris_rules.testing`` (docs/testing.md): its strategies
draw what they promise and shrink toward short games, ``check_invariants`` finds broken
states, the strategies are registered with Hypothesis, and the library itself never
imports Hypothesis."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from scenario import with_buildings, with_ziggurat
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.testing import (
    TOTAL_TILES,
    Playthrough,
    check_invariants,
    configs,
    game_logs,
    illegal_actions,
    legal_actions_of,
    playthroughs,
    states,
    well_formed_actions,
)

FEW = max(5, settings().max_examples // 5)
"""Examples for the slower tests: 10 under ``ci``."""


def test_importing_the_library_does_not_import_hypothesis() -> None:
    code = "import sys, tigris_rules; assert 'hypothesis' not in sys.modules, 'imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "first",
    [
        "import tigris_rules.testing",
        "import hypothesis",
        "import tigris_rules",
        "from tigris_rules.testing.strategies import configs",
    ],
)
def test_the_strategies_are_registered_whatever_is_imported_first(first: str) -> None:
    """The entry point loads the hook even when ``tigris_rules.testing`` is what imports
    Hypothesis (no circular import)."""
    code = (
        f"{first}\n"
        "from hypothesis import strategies as st\n"
        "import tigris_rules as tr\n"
        "assert 'players=(2, 3, 4)' in repr(st.from_type(tr.GameConfig)), 'not registered'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_hypothesis_entry_point_is_installed() -> None:
    points = importlib.metadata.entry_points(group="hypothesis")
    assert "tigris_rules.testing:_hypothesis_setup_hook" in [p.value for p in points]


@given(st.from_type(tr.GameConfig))
def test_from_type_draws_valid_board_configurations(config: tr.GameConfig) -> None:
    assert config.game == "board"
    assert 0 <= config.single_action_openers <= config.players


@settings(max_examples=FEW)
@given(st.from_type(GameState))
def test_from_type_draws_reachable_states(state: GameState) -> None:
    assert check_invariants(state) == []


def test_configs_reach_every_option() -> None:
    def wanted(config: tr.GameConfig) -> bool:
        return (
            config.players == 4
            and config.board == "alternative"
            and len(config.variants) == 3
            and config.open_scoring
            and config.single_action_openers == 4
        )

    assert wanted(find(configs(), wanted))


def test_configs_shrink_to_the_simplest_configuration() -> None:
    assert find(configs(), lambda c: True) == tr.GameConfig(players=2)


def test_configs_reject_impossible_choices_at_once() -> None:
    with pytest.raises(tr.ConfigError):
        configs(players=[5])
    with pytest.raises(tr.ConfigError):
        configs(boards=["moon"])
    with pytest.raises(tr.ConfigError):
        configs(variants=["chess"])
    with pytest.raises(ValueError, match="at least one"):
        configs(players=[])


@given(configs(players=[3], boards=["classic"], variants=(), single_action_openers=False))
def test_configs_keep_to_the_choices_given(config: tr.GameConfig) -> None:
    assert (config.players, config.board, config.variants) == (3, "classic", ())
    assert config.single_action_openers == 0


def test_playthroughs_shrink_toward_short_games_and_first_inputs() -> None:
    path = find(playthroughs(), lambda p: len(p.actions) >= 3)
    assert path.config == tr.GameConfig(players=2)
    assert path.seed == 0
    assert len(path.actions) == 3
    state = tr.new_game(path.config, seed=0)
    for action in path.actions:
        assert action == tr.legal_actions(state)[0]
        state = tr.apply(state, action)
    assert state == path.final


@settings(max_examples=FEW)
@given(playthroughs(max_actions=30))
def test_playthroughs_record_every_step(path: Playthrough) -> None:
    assert len(path.states) == len(path.actions) + 1 == len(path.movers) + 1
    assert len(path.actions) <= 30
    state = tr.new_game(path.config, seed=path.seed)
    for action, mover, expected in zip(path.actions, path.movers, path.states[1:], strict=True):
        assert tr.to_move(state) == mover
        state = tr.apply(state, action, mover)  # type: ignore[arg-type]
        assert state == expected


@settings(max_examples=FEW)
@given(states(configs(game="cards"), max_actions=20))
def test_states_of_the_card_game(state: tr.AnyState) -> None:
    assert isinstance(state, tr.CardGameState)


@settings(max_examples=FEW)
@given(data=st.data())
def test_legal_and_illegal_actions_of_a_state(data: st.DataObject) -> None:
    state = data.draw(states(max_actions=30))
    assert isinstance(state, GameState)
    legal = tr.legal_actions(state)
    if not tr.is_over(state):
        action = data.draw(legal_actions_of(state))
        assert action in legal
        tr.apply(state, action)  # type: ignore[arg-type]
    wrong = data.draw(illegal_actions(state))
    assert wrong not in legal
    with pytest.raises(tr.IllegalActionError):
        tr.apply(state, wrong)


def test_illegal_actions_refuse_card_states() -> None:
    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    with pytest.raises(TypeError):
        illegal_actions(state)  # type: ignore[arg-type]
    assert check_invariants(state) == []
    with pytest.raises(tr.NotAStateError):
        check_invariants("a state")  # type: ignore[arg-type]


def test_well_formed_actions_cover_every_class() -> None:
    from tigris_rules.model.actions import ACTION_TYPES

    def of_kind(kind: type) -> Callable[[tr.Action], bool]:
        return lambda action: type(action) is kind

    for kind in ACTION_TYPES:
        assert type(find(well_formed_actions(), of_kind(kind))) is kind


def test_legal_actions_of_a_finished_game_draw_nothing() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    state = attrs.evolve(state, over=True)
    assert legal_actions_of(state).is_empty


@settings(max_examples=FEW)
@given(game_logs(configs(players=[2, 3])))
def test_game_logs_are_complete_and_valid(log: tr.GameLog) -> None:
    assert log.result is not None
    assert tr.validate_log(log).valid
    assert tr.replay(log).states[-1].over


@settings(max_examples=FEW)
@given(game_logs(complete=False, max_drawn=20))
def test_partial_game_logs(log: tr.GameLog) -> None:
    assert len(log.actions) <= 20
    assert tr.validate_log(log).valid


# --- check_invariants finds broken states ---------------------------------------------------


def opening() -> GameState:
    return tr.new_game(tr.GameConfig(players=2, variants=("buildings", "ziggurat")), seed=1)


def with_cell(state: GameState, square: str, code: int) -> GameState:
    cells = list(state.cells)
    cells[square_index(square)] = code
    return attrs.evolve(state, cells=tuple(cells))


def test_a_reachable_state_breaks_nothing() -> None:
    state = opening()
    after = tr.apply(state, tr.legal_actions(state)[0])
    assert check_invariants(after, state) == []
    assert TOTAL_TILES == 153


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: attrs.evolve(s, hands=((7, 0, 0, 0), *s.hands[1:])), "COMP-4"),
        (lambda s: attrs.evolve(s, catastrophes=(3, 2)), "CATA-1"),
        (lambda s: with_cell(s, "a1", CATASTROPHE), "catastrophes on the board"),
        (lambda s: with_cell(s, "a1", LEADER), "a leader cell with no leader"),
        (lambda s: attrs.evolve(s, treasures=frozenset()), "no treasure"),
        (lambda s: with_cell(s, "a1", FLIPPED), "a flipped tile under no monument"),
        (lambda s: attrs.evolve(s, monuments=(0, -1, -1, -1, -1, -1)), "flipped tiles"),
        (lambda s: with_buildings(s, (0, -1, -1, -1)), "BLD-1"),
        (lambda s: with_ziggurat(s, square_index("f5")), "ZIG-4"),
        (lambda s: with_cell(s, "a1", STRUCTURE), "without a ziggurat"),
        (lambda s: attrs.evolve(s, marker=0), "unification marker"),
    ],
)
def test_broken_states_are_found(change: object, words: str) -> None:
    state = opening()
    assert callable(change)
    problems = check_invariants(change(state))
    assert any(words in p for p in problems), problems


def test_a_treasure_on_an_empty_square_is_found() -> None:
    state = opening()
    (square, *_) = sorted(state.treasures)
    cells = list(state.cells)
    cells[square] = EMPTY
    broken = attrs.evolve(state, cells=tuple(cells))
    assert any("lies on no tile" in p for p in check_invariants(broken))


def test_a_leader_cell_with_no_leader_is_found_beside_two_leaders_on_one_cell() -> None:
    state = with_cell(with_cell(opening(), "a1", LEADER), "b1", LEADER)
    broken = attrs.evolve(state, leaders=(square_index("a1"),) * 2 + (NO_SQUARE,) * 6)
    problems = check_invariants(broken)
    assert any("two leaders stand on a1" in p for p in problems), problems
    assert any("$.cells.b1" in p and "a leader cell with no leader" in p for p in problems)


def test_a_leader_away_from_temples_is_found() -> None:
    state = opening()
    leaders = (square_index("a1"), *(NO_SQUARE,) * 7)
    broken = attrs.evolve(with_cell(state, "a1", LEADER), leaders=leaders)
    assert any("touches no temple" in p for p in check_invariants(broken))


def test_progress_between_two_states_is_checked() -> None:
    state = opening()
    later = attrs.evolve(state, scores=((1, 0, 0, 0), (0, 0, 0, 0)), treasures_held=(1, 0))
    problems = check_invariants(state, before=later)
    assert any("score decreased" in p for p in problems)
    assert any("treasure count decreased" in p for p in problems)


@pytest.mark.parametrize("module", ["invariants", "strategies"])
def test_docstring_examples_of_the_toolkit(module: str) -> None:
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(f"tigris_rules.testing.{module}"))
    assert failures == 0


def test_the_example_of_docs_testing_runs() -> None:
    """The first example of docs/testing.md runs as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "testing.md").read_text(encoding="utf-8")
    match = re.search(r"```python\n(.*?)```", text, re.DOTALL)
    assert match is not None
    namespace: dict[str, Any] = {}
    exec(match.group(1), namespace)
    test = settings(max_examples=FEW)(namespace["test_the_bot_plays_legal_inputs"])
    test()
