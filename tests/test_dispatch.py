"""Exhaustive dispatch (CONV-17): every class of a closed union of inputs or decisions has
its entry in the rules' tables, a class outside the union reaches no silent fallback, and a
variant's restriction of main actions is one hook serving both the check and the list."""

from __future__ import annotations

from typing import Any, get_args

import pytest

import tigris_rules as tr
from tigris_rules.cards import engine as card_engine
from tigris_rules.cards import legality as card_legality
from tigris_rules.cards.actions import CARD_ACTION_TYPES, CardAction
from tigris_rules.cards.decisions import CardDecision
from tigris_rules.cards.work import CardWork
from tigris_rules.model.actions import (
    ACTION_TYPES,
    MAIN_ACTION_TYPES,
    Action,
    StructureAction,
    VariantAction,
)
from tigris_rules.model.decisions import Decision
from tigris_rules.rules import engine, legality
from tigris_rules.rules.hooks import Rejection, Restriction, Variant
from tigris_rules.rules.work import Position
from tigris_rules.variants.ziggurat import BuildZiggurat, ChooseColor


def test_the_main_checks_cover_every_choice_of_action() -> None:
    """TURN-3: each main action has its check, and nothing else has one."""
    assert set(legality._MAIN_CHECKS) == set(MAIN_ACTION_TYPES)


def test_the_board_resolvers_cover_every_base_input() -> None:
    """Each base input has its resolver; a variant's inputs go to the variant."""
    assert set(engine._RESOLVERS) == set(ACTION_TYPES)
    assert set(get_args(Action)) == {*ACTION_TYPES, VariantAction}


def test_every_card_decision_says_what_it_asks() -> None:
    assert set(card_legality._DECISION_TASKS) == set(get_args(CardDecision))
    assert set(get_args(CardAction)) == set(CARD_ACTION_TYPES)


def test_a_decision_outside_the_union_reaches_no_fallback() -> None:
    """A pending value of no decision class is an error, never an empty list of answers."""
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    with pytest.raises(AssertionError):
        legality._answers(state, object())  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        legality._check_answer(state, object(), tr.EndTurn(), None)  # type: ignore[arg-type]
    assert len(get_args(Decision)) == 5


def test_a_card_input_outside_the_union_reaches_no_fallback() -> None:
    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    with pytest.raises(AssertionError):
        card_engine._resolve(CardWork(state), object())  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        card_legality._check_main(state, object())  # type: ignore[arg-type]


def test_a_structure_is_an_input_deriving_from_structure_action() -> None:
    """MON-4: the structure decision's answers of a variant derive from StructureAction;
    its other inputs do not."""
    assert issubclass(BuildZiggurat, StructureAction)
    assert not issubclass(ChooseColor, StructureAction)
    for name in ("answers_types", "builds"):
        assert not hasattr(Variant, name)
    assert not hasattr(Variant, "allowed_main")


class _NoWithdrawalHere(Variant[None]):
    """Forbids withdrawing leaders square by square: WithdrawLeader names no square."""

    name = "no-withdrawal-here"
    restricts = (tr.WithdrawLeader,)

    def restrict_main(self, state: Position, kind: type[Action]) -> Restriction:
        return {0: Rejection("TEST-1", "no")}


def test_a_restriction_by_square_of_an_action_naming_none_is_refused() -> None:
    """CONV-18: restrict_main may forbid squares only of the kinds naming one; otherwise the
    list and the check both raise ConfigError naming the variant."""
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    parts: list[Any] = [(legality._WITHDRAW, [tr.Color.RED.index])]
    with pytest.raises(tr.ConfigError, match="no-withdrawal-here"):
        legality._narrow(state, parts, _NoWithdrawalHere())
    hooked = ((0, _NoWithdrawalHere()),)
    with pytest.raises(tr.ConfigError, match="WithdrawLeader"):
        legality._check_restrictions(state, tr.WithdrawLeader(tr.Color.RED), hooked)


class _NoLeaderOnSquareZero(Variant[None]):
    name = "no-leader-on-a1"
    restricts = (tr.PlaceLeader,)

    def restrict_main(self, state: Position, kind: type[Action]) -> Restriction:
        return {0: Rejection("TEST-2", "a1 is sacred"), 1: Rejection("TEST-3", "b1 too")}


def test_a_restriction_by_square_narrows_the_list_as_the_check() -> None:
    """The same answer of restrict_main takes the squares out of the leader parts and
    rejects an input naming one of them with that square's own rule."""
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    variant = _NoLeaderOnSquareZero()
    parts: list[Any] = [(legality._PLACE_LEADER[0], [0, 1, 5]), (legality._WITHDRAW, [])]
    legality._narrow(state, parts, variant)
    assert parts[0][1] == [5]
    with pytest.raises(tr.IllegalActionError) as info:
        legality._check_restrictions(state, tr.PlaceLeader(tr.Color.RED, "b1"), ((0, variant),))
    assert info.value.rule == "TEST-3"
