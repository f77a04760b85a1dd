"""Helpers for scenario tests: play inputs and look at the outcome."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import tigris_rules as tr
from tigris_rules.model.state import GameState
from tigris_rules.variants.buildings import Buildings, BuildingSquares
from tigris_rules.variants.ziggurat import Ziggurat, ZigguratSite


def play(state: GameState, *actions: tr.Action) -> GameState:
    """Apply ``actions`` in order, each from the player to move."""
    for action in actions:
        state = tr.apply(state, action, tr.to_move(state))
    return state


def rejected(state: GameState, action: tr.Action, rule: str, player: int | None = None) -> None:
    """Assert that ``action`` is rejected under ``rule`` and is not listed as legal."""
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, action, player)
    assert info.value.rule == rule, info.value
    assert action not in tr.legal_actions(state)


def rejected_with_reasons(state: GameState, expected: Mapping[tr.Action, tuple[str, str]]) -> None:
    """Assert that each action of ``expected`` is rejected with its rule ID and reason."""
    for action, (rule, reason) in expected.items():
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, action)
        assert (info.value.rule, info.value.reason) == (rule, reason)


def with_ziggurat(state: GameState, centre: int) -> GameState:
    """``state`` whose ziggurat variant records the ziggurat centred on ``centre``."""
    variant = Ziggurat.of(state)
    assert variant is not None, "the configuration plays no ziggurat"
    return variant.with_area(state, ZigguratSite(centre))


def with_buildings(state: GameState, squares: tuple[int, int, int, int]) -> GameState:
    """``state`` whose buildings variant has the buildings on ``squares``."""
    variant = Buildings.of(state)
    assert variant is not None, "the configuration plays no buildings"
    return variant.with_area(state, BuildingSquares(squares))
