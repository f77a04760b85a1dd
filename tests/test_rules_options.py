"""Scenario tests for the options, RULES.md §15 (OPT-1..OPT-3)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from scenario import play
from tigris_rules import (
    Color,
    CommitSupport,
    ConfigError,
    EndTurn,
    GameConfig,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
)
from tigris_rules.model.events import TilesDrawn, TurnEnded
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position

BLACK, RED, BLUE, GREEN = Color.BLACK, Color.RED, Color.BLUE, Color.GREEN


def with_spare_treasures(state: GameState) -> GameState:
    """``state`` with three lone temples carrying treasures on a11, c11 and e11, so that the
    treasure end (END-1) does not end the game at the end of a turn."""
    cells = list(state.cells)
    spare = [square_index(name) for name in ("a11", "c11", "e11")]
    for square in spare:
        cells[square] = RED.index
    return attrs.evolve(state, cells=tuple(cells), treasures=state.treasures | set(spare))


def refused(state: GameState, action: tr.Action, rule: str, player: int) -> None:
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, action, player)
    assert info.value.rule == rule, info.value


# --- OPT-1 ---------------------------------------------------------------------------------


def test_opt_1_options_are_off_by_default() -> None:
    """OPT-1: open_scoring is false and single_action_openers 0 unless set."""
    config = GameConfig()
    assert config.open_scoring is False
    assert config.single_action_openers == 0
    assert GameConfig(players=4).single_action_openers == 0


def test_opt_1_options_combine_with_a_variant() -> None:
    """OPT-1: options are separate from variants and combine with them (here ALT)."""
    config = GameConfig(players=3, board="alternative", open_scoring=True, single_action_openers=2)
    state = tr.new_game(config, seed=3)
    assert len(state.treasures) == 14
    state = play(state, PlaceLeader(BLACK, "h4"))  # beside the start temple g4
    assert state.active == 1  # seat 0 opened with a single action (OPT-3)


# --- OPT-2 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [1, 0, "yes", None, "true"])
def test_opt_2_open_scoring_must_be_a_boolean(value: Any) -> None:
    """OPT-2: open_scoring is a boolean; anything else is an invalid configuration."""
    with pytest.raises(ConfigError) as info:
        GameConfig(open_scoring=value)
    assert info.value.rule == "CONV-18"


@pytest.mark.parametrize("seed", [1, 2])
def test_opt_2_open_scoring_changes_no_rule(seed: int) -> None:
    """OPT-2: with open scoring the same deal and the same inputs give the same game: the
    same legal inputs, events and states, move for move."""
    closed_config = GameConfig(players=3)
    open_config = GameConfig(players=3, open_scoring=True)
    closed = tr.new_game(closed_config, seed=seed)
    opened = tr.new_game(open_config, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        assert attrs.evolve(closed, config=open_config) == opened
        if tr.is_over(closed):
            break
        legal = list(tr.legal_actions(closed))
        assert legal == list(tr.legal_actions(opened))
        action = legal[rng.randrange(len(legal))]
        closed, closed_events = tr.step(closed, action, tr.to_move(closed))
        opened, opened_events = tr.step(opened, action, tr.to_move(opened))
        assert closed_events == opened_events
    assert tr.result(closed) == tr.result(opened)


# --- OPT-3 ---------------------------------------------------------------------------------


def test_opt_3_the_first_n_seats_take_one_action_in_their_first_turn() -> None:
    """OPT-3: with N = 2 of 3 players, seats 0 and 1 take a single action in their first
    turn, which ends automatically once it is complete; seat 2 and later turns take two."""
    config = GameConfig(players=3, single_action_openers=2)
    state = tr.new_game(config, seed=5)
    state, events = tr.step(state, PlaceLeader(BLACK, "g3"), 0)
    assert of_turn_end(events) == [TurnEnded(0, 1)]
    assert sum(state.hands[0]) == 6
    assert state.active == 1
    refused(state, PlaceLeader(RED, "f4"), "TURN-1", player=0)
    state, events = tr.step(state, PlaceLeader(BLACK, "j7"), 1)
    assert of_turn_end(events) == [TurnEnded(1, 2)]
    state = tr.apply(state, PlaceLeader(BLACK, "m5"), 2)
    assert state.active == 2
    assert state.actions_taken == 1
    state = tr.apply(state, PlaceLeader(RED, "n6"), 2)
    assert state.active == 0
    state = tr.apply(state, PlaceLeader(RED, "f4"), 0)
    assert state.active == 0
    assert state.actions_taken == 1
    state = tr.apply(state, EndTurn(), 0)
    assert state.active == 1


def of_turn_end(events: tuple[tr.Event, ...]) -> list[tr.Event]:
    return [e for e in events if isinstance(e, TurnEnded)]


def test_opt_3_the_single_action_includes_its_decisions() -> None:
    """OPT-3: a single-action opening turn ends once the action is complete, after the
    revolt it started."""
    state = position(
        """
            f  g  h
         5  r  1K .
         6  .  r  .
        """,
        config=GameConfig(players=2, single_action_openers=1),
        hands={0: "rkkkkk", 1: "rrrrrr"},
    )
    state = with_spare_treasures(state)
    state = play(state, PlaceLeader(BLACK, "h6"))
    assert state.active == 0
    state = play(state, CommitSupport(1))
    state, events = tr.step(state, CommitSupport(0))
    assert of_turn_end(events) == [TurnEnded(0, 1)]
    # 1 + 1 against 2 + 0: the defender wins the tie.
    assert state.leader_square(0, BLACK) is None
    assert state.leader_square(1, BLACK) == "g5"
    # Seat 0 refilled the committed red tile; seat 1, next, takes two actions.
    assert [e.player for e in events if isinstance(e, TilesDrawn)] == [0]
    assert sum(state.hands[0]) == 6
    state = play(state, SwapTiles(red=1))
    assert state.active == 1
    assert state.actions_taken == 1


@pytest.mark.parametrize("openers", [0, 3])
def test_opt_3_n_from_0_to_n(openers: int) -> None:
    """OPT-3: N = 0 gives everyone two actions; N = n gives every seat a single first
    action; the turn after is always two actions."""
    state = tr.new_game(GameConfig(players=3, single_action_openers=openers), seed=8)
    for seat in range(3):
        assert state.active == seat
        state = tr.apply(state, SwapTiles(*state.hands[seat]), seat)
        assert (state.active == seat) is (openers == 0)
        if openers == 0:
            state = tr.apply(state, EndTurn(), seat)
    state = tr.apply(state, SwapTiles(*state.hands[0]), 0)
    assert state.active == 0
    assert state.actions_taken == 1


@pytest.mark.parametrize(("players", "openers"), [(2, 3), (3, 4), (4, 5), (2, -1)])
def test_opt_3_n_outside_0_to_n_is_invalid(players: int, openers: int) -> None:
    """OPT-3: N must be an integer in 0..n (CONV-18)."""
    with pytest.raises(ConfigError) as info:
        GameConfig(players=players, single_action_openers=openers)
    assert info.value.rule == "CONV-18"


def test_opt_3_tile_placement_in_a_single_action_turn() -> None:
    """OPT-3: a tile as the single action ends the turn and the hand is refilled."""
    state = tr.new_game(GameConfig(players=2, single_action_openers=1), seed=6)
    color = next(c for c in (BLACK, RED, GREEN) if state.hands[0][c.index])
    bag_before = state.bag_pos
    state = play(state, PlaceTile(color, "h5"))
    assert state.active == 1
    assert state.bag_pos == bag_before + 1
    assert sum(state.hands[0]) == 6
