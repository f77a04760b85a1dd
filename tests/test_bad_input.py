"""Bad input gets a library error with a sentence naming the problem, and changes nothing."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.cards.actions import PlayColumn
from tigris_rules.errors import UnknownRuleError
from tigris_rules.model.state import GameState


def opening(players: int = 2) -> GameState:
    return tr.new_game(tr.GameConfig(players=players), seed=1)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 1}, "players must be 2, 3 or 4"),
        ({"players": 5}, "players must be 2, 3 or 4"),
        ({"players": "4"}, "players must be 2, 3 or 4"),
        ({"player": 3}, "unknown option 'player'; did you mean 'players'"),
        ({"speed": 3}, "unknown option 'speed'"),
        ({"board": "moon"}, "unknown board 'moon'"),
        ({"variants": ("chess",)}, "unknown variant 'chess'"),
        ({"variants": "english"}, "variants must be a tuple"),
        ({"open_scoring": "yes"}, "open_scoring must be true or false"),
        ({"single_action_openers": 3}, "between 0 and 2"),
        ({"single_action_openers": -1}, "between 0 and 2"),
        ({"single_action_openers": 1.5}, "must be an integer"),
    ],
)
def test_invalid_configuration(options: dict[str, Any], words: str) -> None:
    """CONV-18: invalid configurations are rejected before any game starts."""
    with pytest.raises(tr.ConfigError, match=words) as info:
        tr.GameConfig(**options)
    assert isinstance(info.value, ValueError)
    assert info.value.rule == "CONV-18"


def test_variants_given_as_a_list_are_accepted() -> None:
    assert tr.GameConfig(variants=[]).variants == ()  # type: ignore[arg-type]


def valid_deal(players: int = 2) -> tr.Deal:
    from tigris_rules.rules.setup import deal_from_seed

    return deal_from_seed(tr.GameConfig(players=players), 4)


def test_an_explicit_deal_gives_the_same_game_as_its_seed() -> None:
    config = tr.GameConfig(players=2)
    assert tr.new_game(config, deal=valid_deal()) == tr.new_game(config, seed=4)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: attrs.evolve(d, hands=d.hands[:1]), "must hold 2 hands"),
        (
            lambda d: attrs.evolve(d, hands=((*d.hands[0], d.bag[0]), d.hands[1]), bag=d.bag[1:]),
            "hand 0 holds 7 tiles",
        ),
        (lambda d: attrs.evolve(d, bag=d.bag[1:]), "tiles in hands and bag"),
        (lambda d: attrs.evolve(d, bag=(*d.bag, tr.Color.RED)), "needs 47"),
        (lambda d: attrs.evolve(d, bag=(*d.bag[1:], "red")), "not a colour"),
        (lambda d: attrs.evolve(d, hands=(("red",) * 6, d.hands[1])), "not a colour"),
        (lambda d: attrs.evolve(d, bag=list(d.bag)), "must be a tuple"),
    ],
)
def test_malformed_deal(change: Any, words: str) -> None:
    deal = change(valid_deal())
    with pytest.raises(tr.DealError, match=words):
        tr.new_game(tr.GameConfig(players=2), deal=deal)


def test_new_game_needs_exactly_one_of_seed_and_deal() -> None:
    with pytest.raises(tr.DealError, match="exactly one"):
        tr.new_game(tr.GameConfig())
    with pytest.raises(tr.DealError, match="exactly one"):
        tr.new_game(tr.GameConfig(), seed=1, deal=valid_deal())
    with pytest.raises(tr.DealError, match="seed must be an integer"):
        tr.new_game(tr.GameConfig(), seed="1")  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (tr.PlaceTile(tr.Color.RED, "q1"), "square"),
        (tr.PlaceTile(tr.Color.RED, "a12"), "square"),
        (tr.PlaceTile(tr.Color.RED, "A1"), "square"),
        (tr.PlaceLeader(tr.Color.RED, "a0"), "square"),
        (tr.PlaceCatastrophe(""), "square"),
        (tr.PlaceTile("purple", "a1"), "color"),  # type: ignore[arg-type]
        (tr.PlaceLeader("red", "f4"), "color"),  # type: ignore[arg-type]
        (tr.WithdrawLeader(3), "color"),  # type: ignore[arg-type]
        (tr.SwapTiles(red=-1), "red"),
        (tr.SwapTiles(blue=True), "blue"),
        (tr.CommitSupport(-2), "count"),
        (tr.CommitSupport(1.0), "count"),  # type: ignore[arg-type]
        (tr.BuildMonument("black-red", "a1"), "monument"),  # type: ignore[arg-type]
        (tr.KeepTreasure("z9"), "square"),
        ("tile red f4", "type"),
        (None, "type"),
    ],
)
def test_malformed_action(action: Any, field: str) -> None:
    """CONV-19: malformed input carries no rule ID; its error names the bad field."""
    state = opening()
    snapshot = copy.deepcopy(state)
    with pytest.raises(tr.InvalidActionError) as info:
        tr.apply(state, action)
    assert info.value.field == field
    assert field in str(info.value)
    assert isinstance(info.value, ValueError)
    assert state == snapshot


def test_action_by_the_wrong_player() -> None:
    """TURN-1: only the active player acts."""
    state = opening()
    legal = tr.legal_actions(state)[0]
    with pytest.raises(tr.IllegalActionError, match="player 0's turn; player 1") as info:
        tr.apply(state, legal, player=1)
    assert info.value.rule == "TURN-1"


def finished_game() -> GameState:
    rng = random.Random(2)
    state = opening()
    while not tr.is_over(state):
        legal = tr.legal_actions(state)
        state = tr.apply(state, legal[rng.randrange(len(legal))])
    return state


def test_action_after_the_game_is_over() -> None:
    """END-3: once the game has ended, every input is rejected."""
    state = finished_game()
    for action in (tr.EndTurn(), tr.PlaceTile(tr.Color.RED, "f4"), tr.CommitSupport(0)):
        with pytest.raises(tr.IllegalActionError, match="game is over") as info:
            tr.apply(state, action)
        assert info.value.rule == "END-3"


def test_errors_never_escape_as_bare_builtins() -> None:
    """A wide sweep of odd inputs raises only the library's errors."""
    state = opening(3)
    snapshot = copy.deepcopy(state)
    odd: list[Any] = [
        tr.PlaceTile(tr.Color.BLUE, "a1"),
        tr.PlaceLeader(tr.Color.BLACK, "p11"),
        tr.WithdrawLeader(tr.Color.GREEN),
        tr.SwapTiles(),
        tr.SwapTiles(red=9),
        tr.ChooseConflict(tr.Color.RED),
        tr.CommitSupport(99),
        tr.KeepTreasure("a1"),
        tr.Decline(),
        tr.BuildMonument(tr.Monument.RED_BLUE, "p11"),
        object(),
        42,
    ]
    for action in odd:
        for player in (None, 0, 1, 2, 7, -1):
            with pytest.raises(tr.TigrisError):
                tr.apply(state, action, player)
    assert state == snapshot


def test_every_field_of_every_action_has_a_well_formedness_check() -> None:
    """CONV-19: the well-formedness check covers each field of each action and answer."""
    from tigris_rules.model.actions import ACTION_TYPES
    from tigris_rules.rules.wellformed import _FIELD_CHECKS, _FIELD_NAMES

    for kind in ACTION_TYPES:
        checked = {name for name, _ in _FIELD_CHECKS.get(kind, ())}
        assert checked == set(_FIELD_NAMES[kind]), kind.__name__


@pytest.mark.parametrize(
    ("action", "field", "reason"),
    [
        (
            tr.PlaceTile("purple", "a1"),  # type: ignore[arg-type]
            "color",
            "expected a colour (black, red, blue, green), got 'purple'",
        ),
        (tr.PlaceTile(tr.Color.RED, "q1"), "square", "expected a square a1..p11, got 'q1'"),
        (tr.SwapTiles(red=-1), "red", "expected a non-negative integer, got -1"),
        (tr.BuildMonument("black-red", "a1"), "monument", "expected a monument, got 'black-red'"),  # type: ignore[arg-type]
        (None, "type", "not an action: None"),
        (tr.PlaceTile.__new__(tr.PlaceTile), "color", "the field is missing"),
    ],
)
def test_malformed_action_reason(action: Any, field: str, reason: str) -> None:
    """CONV-19: the error of a malformed input says what is wrong with the bad field."""
    with pytest.raises(tr.InvalidActionError) as info:
        tr.apply(opening(), action)
    assert (info.value.field, info.value.reason) == (field, reason)
    assert str(info.value) == f"malformed action: {field}: {reason}"


def test_a_refusal_for_what_a_hand_lacks_names_the_seat_and_the_colour() -> None:
    """``IllegalActionError.lacking``: the seat and the colour a hand lacks, for a swap of
    more tiles than held (SWAP-1), a tile or a card not held (TILE-1, CARD-PLAY-1); ``None``
    for a refusal of another kind. Validation looks back for a colour slip with it."""
    state = opening()
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.SwapTiles(black=3))
    assert (info.value.rule, info.value.lacking) == ("SWAP-1", (0, "black"))
    no_red = attrs.evolve(state, hands=((2, 0, 2, 1), state.hands[1]))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(no_red, tr.PlaceTile(tr.Color.RED, "g4"))
    assert (info.value.rule, info.value.lacking) == ("TILE-1", (0, "red"))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.CommitSupport(0))
    assert (info.value.rule, info.value.lacking) == ("TURN-3", None)
    cards = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    no_green = attrs.evolve(cards, hands=((2, 3, 2, 0), cards.hands[1]))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(no_green, PlayColumn(tr.Color.GREEN, 1))
    assert (info.value.rule, info.value.lacking) == ("CARD-PLAY-1", (0, "green"))


def test_game_over_and_no_pending_decision_reasons() -> None:
    """END-3: once the game is over every input is rejected with the same sentence; TURN-3:
    an answer while no decision is pending says that the active player must act."""
    state = opening()
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(attrs.evolve(state, over=True), tr.EndTurn())
    assert (info.value.rule, info.value.reason) == (
        "END-3",
        "the game is over; no action or answer is accepted",
    )
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.CommitSupport(0))
    assert (info.value.rule, info.value.reason) == (
        "TURN-3",
        "no decision is pending; player 0 must choose an action or end turn",
    )


@pytest.mark.parametrize(
    "error",
    [
        tr.IllegalActionError("TILE-1", "seat 0 holds no red tile", lacking=(0, "red")),
        tr.InvalidActionError("square", "not a square name"),
        tr.FormatError("$.actions[3].square", "not a square name"),
        tr.ConfigError("players must be 2, 3 or 4 (SETUP-1), not 5"),
        UnknownRuleError("NOPE-1"),
        tr.LogError(
            "action 3: TILE-1: no red tile",
            kind="rule",
            reason="no red tile",
            index=3,
            player=0,
            action=tr.PlaceTile(tr.Color.RED, "g4"),
            rule="TILE-1",
        ),
    ],
    ids=lambda error: type(error).__name__,
)
def test_an_error_comes_back_whole_from_another_process(error: tr.TigrisError) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert back.__dict__ == error.__dict__
