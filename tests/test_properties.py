"""Properties of the public API on states reached by legal play, for every configuration.

Each test runs once per board and set of variants (16 combinations); Hypothesis draws the
player count, the options, the seed and every input (``tigris_rules.testing``), so a failure
shrinks toward a short game. The example count per combination is a tenth of the profile's
(tests/conftest.py: ``ci`` by default, ``thorough`` with TIGRIS_HYPOTHESIS_PROFILE).

- CONV-17: ``legal_actions`` and ``apply`` agree both ways: every listed input applies,
  every generated well-formed unlisted one is rejected with an ``IllegalActionError``
  carrying a rule ID of RULES.md;
- purity: ``legal_actions`` and ``step`` leave their inputs equal to a deep copy;
- determinism: the same deal and inputs give the same states and events;
- JSON: every state, input and configuration reached reads back equal from ``tr.dumps``;
- the invariants of RULES.md hold after every input (``check_invariants``).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from conftest import THIRD_PARTY_RULES
from tigris_rules.model.state import GameState
from tigris_rules.rules.setup import deal_from_seed
from tigris_rules.testing import (
    Playthrough,
    check_invariants,
    configs,
    illegal_actions,
    playthroughs,
)
from variant_sets import variant_sets

pytestmark = pytest.mark.slow

BOARDS = ("classic", "alternative")
SUBSETS = variant_sets()
COMBINATIONS = [(board, subset) for board in BOARDS for subset in SUBSETS]
IDS = [f"{board}-{'+'.join(subset) or 'base'}" for board, subset in COMBINATIONS]

MAX_ACTIONS = 40
"""Inputs played per example: enough for conflicts and decisions, few enough to be fast."""
PER_COMBINATION = max(2, settings().max_examples // 10)
"""Examples per combination: 5 under ``ci``, 100 under ``thorough``."""

RULES = Path(__file__).parents[1] / "src" / "tigris_rules" / "data" / "RULES.md"
RULE_IDS = (
    frozenset(re.findall(r"\*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\*", RULES.read_text(encoding="utf-8")))
    | THIRD_PARTY_RULES
)


def combination(board: str, variants: tuple[str, ...]) -> st.SearchStrategy[tr.GameConfig]:
    """Configurations with exactly this board and these variants; players and options
    drawn."""
    return configs(boards=[board], variants=()).map(
        lambda config: attrs.evolve(config, variants=variants)
    )


def games(board: str, variants: tuple[str, ...]) -> st.SearchStrategy[Playthrough]:
    return playthroughs(combination(board, variants), max_actions=MAX_ACTIONS)


def board_states(path: Playthrough) -> list[GameState]:
    states = [s for s in path.states if isinstance(s, GameState)]
    assert len(states) == len(path.states)
    return states


def assert_agreement(state: GameState, data: st.DataObject) -> None:
    """Every listed input applies (from its seat, and not from another); drawn unlisted
    well-formed inputs are rejected with a rule ID."""
    listed = list(tr.legal_actions(state))
    assert len(listed) == len(set(listed)), "an input is listed twice"
    mover = tr.to_move(state)
    for action in listed:
        tr.apply(state, action, mover)
    if listed and mover is not None:
        other = data.draw(
            st.sampled_from([p for p in range(state.config.players) if p != mover]),
            label="another seat",
        )
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, listed[0], other)
        assert info.value.rule in RULE_IDS
    for action in data.draw(st.lists(illegal_actions(state), min_size=1, max_size=8)):
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, action)
        assert info.value.rule in RULE_IDS, f"{action}: rule {info.value.rule!r}"


parametrize_combinations = pytest.mark.parametrize(("board", "variants"), COMBINATIONS, ids=IDS)


@parametrize_combinations
@settings(max_examples=PER_COMBINATION)
@given(data=st.data())
def test_legal_actions_and_apply_agree(
    board: str, variants: tuple[str, ...], data: st.DataObject
) -> None:
    """CONV-17: checked on the last state reached and on every decision met on the way."""
    path = data.draw(games(board, variants), label="game")
    states = board_states(path)
    for state in states[:-1]:
        if state.pending is not None:
            assert_agreement(state, data)
    assert_agreement(states[-1], data)


@parametrize_combinations
@settings(max_examples=PER_COMBINATION)
@given(data=st.data())
def test_step_is_pure_and_keeps_the_invariants(
    board: str, variants: tuple[str, ...], data: st.DataObject
) -> None:
    """``legal_actions`` and ``step`` change neither the state nor the input, and every
    state reached keeps the invariants of RULES.md."""
    path = data.draw(games(board, variants), label="game")
    states = board_states(path)
    assert check_invariants(states[0]) == []
    for before, action, mover, after in zip(
        states[:-1], path.actions, path.movers, states[1:], strict=True
    ):
        state_copy, action_copy = copy.deepcopy(before), copy.deepcopy(action)
        assert action in tr.legal_actions(before)
        result, _ = tr.step(before, action, mover)  # type: ignore[arg-type]
        assert before == state_copy, f"step changed its state ({action})"
        assert action == action_copy, "step changed its input"
        assert result == after
        assert check_invariants(after, before) == [], action


@parametrize_combinations
@settings(max_examples=PER_COMBINATION)
@given(data=st.data())
def test_the_same_deal_and_inputs_give_the_same_game(
    board: str, variants: tuple[str, ...], data: st.DataObject
) -> None:
    """A seed and the explicit deal it gives start the same game; replaying the inputs
    gives equal states and events."""
    path = data.draw(games(board, variants), label="game")
    config = path.config
    from_deal = tr.new_game(config, deal=deal_from_seed(config, path.seed))
    state = tr.new_game(config, seed=path.seed)
    assert state == from_deal == path.states[0]
    for action, expected in zip(path.actions, path.states[1:], strict=True):
        first, first_events = tr.step(state, action)  # type: ignore[arg-type]
        again, again_events = tr.step(from_deal, action)  # type: ignore[arg-type]
        assert first == again == expected
        assert first_events == again_events
        state, from_deal = first, again


@parametrize_combinations
@settings(max_examples=PER_COMBINATION)
@given(data=st.data())
def test_states_inputs_and_configurations_survive_json(
    board: str, variants: tuple[str, ...], data: st.DataObject
) -> None:
    """``tr.loads(tr.dumps(x), kind) == x`` for every state, input and configuration of a
    game, and the text is stable."""
    path = data.draw(games(board, variants), label="game")
    assert tr.loads(tr.dumps(path.config), tr.GameConfig) == path.config
    for state in board_states(path):
        text = tr.dumps(state)
        back = tr.loads(text, tr.GameState)
        assert back == state
        assert tr.dumps(back) == text
    for action in path.actions:
        assert tr.loads(tr.dumps(action), tr.Action) == action


@settings(max_examples=max(2, settings().max_examples // 5))
@given(path=playthroughs(configs(game="cards"), max_actions=MAX_ACTIONS), data=st.data())
def test_card_game_legal_play(path: Playthrough, data: st.DataObject) -> None:
    """The card game, played through the same public functions: every listed input of the
    last state applies, the functions leave their inputs unchanged, replaying gives the
    same states, and every state reads back equal from JSON."""
    state = tr.new_card_game(path.config, seed=path.seed)
    assert state == path.states[0]
    for action, mover, expected in zip(path.actions, path.movers, path.states[1:], strict=True):
        state_copy = copy.deepcopy(state)
        after = tr.apply(state, action, mover)  # type: ignore[arg-type]
        assert state == state_copy
        assert after == expected
        assert tr.loads(tr.dumps(after), tr.CardGameState) == after
        state = after
    final = path.final
    assert isinstance(final, tr.CardGameState)
    listed = list(tr.legal_actions(final))
    assert len(listed) == len(set(listed))
    for action in listed:
        tr.apply(final, action)
