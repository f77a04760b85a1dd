"""Observations and samples of the card game (CARD-DEF-7): fixed length, read from the view,
within their bounds; samples the seat cannot tell from the state."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.ai.bots import RandomBot
from tigris_rules.ai.information import (
    InformationError,
    observation,
    observation_bounds,
    observation_layout,
    observation_size,
    sample_hidden,
)
from tigris_rules.cards.components import TREASURE
from tigris_rules.games.cards import CardGame
from tigris_rules.testing import Playthrough, configs, playthroughs
from tigris_rules.views import view


def within_bounds(config: tr.GameConfig, values: tuple[int, ...]) -> bool:
    low, high = observation_bounds(config)
    return all(lo <= v <= hi for lo, v, hi in zip(low, values, high, strict=True))


def random_card_game(config: tr.GameConfig, seed: int) -> list[tr.CardGameState]:
    state = tr.new_card_game(config, seed=seed)
    bots = [RandomBot(seed * 8 + seat) for seat in range(config.players)]
    states = [state]
    while not tr.is_over(state):
        mover = tr.to_move(state)
        assert mover is not None
        state = tr.apply(state, bots[mover].choose(state), mover)
        states.append(state)
    return states


@settings(max_examples=40, deadline=None)
@given(path=playthroughs(configs(game="cards"), max_actions=120), data=st.data())
def test_a_sample_has_the_same_view_and_observation(path: Playthrough, data: st.DataObject) -> None:
    state = path.final
    seat = data.draw(st.integers(0, state.config.players - 1))
    seen = observation(state, seat)
    assert len(seen) == observation_size(state.config)
    assert within_bounds(state.config, seen)
    sample = sample_hidden(state, seat, random.Random(path.seed))
    assert view(sample, seat) == view(state, seat)
    assert observation(sample, seat) == seen
    assert not tr.check_state(sample)


@pytest.mark.parametrize(("players", "open_scoring"), [(2, False), (3, True), (4, False)])
def test_samples_along_a_whole_game(players: int, open_scoring: bool) -> None:
    """Every 25th position of a random game, for every seat: the sample keeps the view and is
    a valid state; treasure cards lie only on the piles; the observation stays in bounds."""
    config = tr.GameConfig(players, game="cards", open_scoring=open_scoring)
    rng = random.Random(players)
    states = random_card_game(config, players)
    for state in states[::25]:
        for seat in range(players):
            seen = observation(state, seat)
            assert within_bounds(config, seen)
            sample = sample_hidden(state, seat, rng)
            assert view(sample, seat) == view(state, seat)
            assert observation(sample, seat) == seen
            assert not tr.check_state(sample)
            assert TREASURE not in sample.draw + sample.set_aside
            assert sum(p.count(TREASURE) for p in sample.piles) == sum(
                p.count(TREASURE) for p in state.piles
            )
            if open_scoring:
                assert sample.piles == state.piles


def test_samples_vary_and_deal_only_the_hidden_cards() -> None:
    config = tr.GameConfig(2, game="cards")
    states = random_card_game(config, 5)
    state = states[len(states) // 2]
    rng = random.Random(3)
    samples = [sample_hidden(state, 0, rng) for _ in range(20)]
    assert len({s.hands[1] for s in samples}) > 1
    assert len({s.draw for s in samples}) > 1
    assert len({s.set_aside for s in samples}) > 1
    for sample in samples:
        assert sample.hands[0] == state.hands[0]
        assert sample.heads == state.heads
        assert sample.columns == state.columns
        assert sample.draw_size == state.draw_size
        assert [p[-1:] for p in sample.piles] == [p[-1:] for p in state.piles]
    assert sample_hidden(states[-1], 0, rng) is states[-1]  # over: nothing is hidden


def test_the_search_keeps_the_vp_piles_and_deals_the_rest_again() -> None:
    """The search's determinization keeps every VP pile whole, as a player who saw every
    card put face up on them knows them (CARD-VP-1, D21), and deals the hidden cards again
    among the other places: the other hands, the draw pile, the cards set aside."""
    config = tr.GameConfig(2, game="cards")
    states = random_card_game(config, 5)
    state = states[len(states) // 2]
    assert max(len(p) for p in state.piles) > 2
    rng = random.Random(3)
    samples = [_searched(state, 0, rng) for _ in range(20)]
    assert len({s.hands[1] for s in samples}) > 1
    assert len({s.draw for s in samples}) > 1
    for sample in samples:
        assert sample.piles == state.piles
        assert sample.hands[0] == state.hands[0]
        assert view(sample, 0) == view(state, 0)
        assert not tr.check_state(sample)
    assert {sample_hidden(state, 0, rng).piles for _ in range(20)} != {state.piles}
    assert _searched(states[-1], 0, rng) is states[-1]


def test_a_face_down_gap_card_is_dealt_again_for_the_others_only() -> None:
    config = tr.GameConfig(2, game="cards")
    for state in random_card_game(config, 11):
        gaps = [(i, g) for i, g in enumerate(state.gaps) if g is not None and not g.face_up]
        if gaps:
            break
    else:
        pytest.skip("no face-down gap card in this game")
    index, card = gaps[0]
    rng = random.Random(1)
    mine = {sample_hidden(state, card.player, rng).gaps[index] for _ in range(10)}
    assert mine == {card}
    other = 1 - card.player
    theirs = {sample_hidden(state, other, rng).gaps[index] for _ in range(40)}
    assert all(g is not None and g.player == card.player and not g.face_up for g in theirs)
    assert len(theirs) > 1


def test_the_observation_is_read_from_the_view() -> None:
    config = tr.GameConfig(3, game="cards")
    state = tr.new_card_game(config, seed=2)
    for seat in range(3):
        assert observation(view(state, seat), seat) == observation(state, seat)
    with pytest.raises(InformationError, match="seat 1's"):
        observation(view(state, 1), 0)
    assert observation(state, 0) != observation(state, 1)


def test_the_layout_depends_on_the_configuration_alone() -> None:
    two = tr.GameConfig(2, game="cards")
    assert observation_size(two) == observation_size(
        tr.GameConfig(2, game="cards", open_scoring=True)
    )
    assert observation_size(tr.GameConfig(2, game="cards", column_limit=12)) > observation_size(two)
    assert observation_size(tr.GameConfig(4, game="cards")) > observation_size(two)
    names = [name for name, _ in observation_layout(two)]
    assert len(names) == len(set(names))
    low, high = observation_bounds(two)
    assert len(low) == len(high) == observation_size(two)


def test_the_layout_offsets() -> None:
    config = tr.GameConfig(2, game="cards")
    state = tr.new_card_game(config, seed=1)
    offsets: dict[str, int] = {}
    position = 0
    for name, length in observation_layout(config):
        offsets[name] = position
        position += length
    seen = observation(state, 1)
    assert seen[offsets["seat0.hand"] : offsets["seat0.hand"] + 4] == state.hands[1]
    assert seen[offsets["seat1.hand_known"]] == 0
    assert seen[offsets["seat1.hand_size"]] == 8
    assert seen[offsets["draw_size"]] == state.draw_size
    assert seen[offsets["heads"] : offsets["heads"] + 8] == (1,) * 8
    assert seen[offsets["to_move"] : offsets["to_move"] + 2] == (0, 1)  # seat 0 is 1 step on


def _searched(state: tr.CardGameState, player: int, rng: random.Random) -> tr.CardGameState:
    """The search's determinization of ``state`` for ``player`` (``GameSearch.search_sample``)."""
    ruleset = state.ruleset
    assert isinstance(ruleset, CardGame)
    return ruleset.search_sample(state, player, rng)
