"""The card game's bots: the one-ply greedy player and the search bot (ISMCTS)."""

from __future__ import annotations

import random

import pytest

import tigris_rules as tr
from tigris_rules.ai.bots import (
    CARD_BOT_NAMES,
    CardBot,
    CardGreedyBot,
    ISMCTSBot,
    RandomBot,
    make_card_bots,
    play_card_game,
)
from tigris_rules.ai.information import sample_hidden
from tigris_rules.cards.actions import PayPoints
from tigris_rules.cards.decisions import PaymentDecision
from tigris_rules.games.cards import CardGame

CARDS = tr.GameConfig(players=2, game="cards")


def test_greedy_plays_whole_games_legally_and_deterministically() -> None:
    """Every choice is legal (apply would raise otherwise); the same seeds give the same
    game."""
    config = tr.GameConfig(players=3, game="cards")
    first = play_card_game(config, (CardGreedyBot(1), RandomBot(2), CardGreedyBot(3)), 4)
    second = play_card_game(config, (CardGreedyBot(1), RandomBot(2), CardGreedyBot(3)), 4)
    assert tr.is_over(first[0])
    assert first == second


def test_greedy_beats_random() -> None:
    score = 0
    for game in range(4):
        bots: list[CardBot] = [RandomBot(10 + game), RandomBot(20 + game)]
        seat = game % 2
        bots[seat] = CardGreedyBot(30 + game)
        final, _ = play_card_game(CARDS, bots, game)
        places = {p.player: p.place for p in tr.result(final).players}
        score += places[seat] < places[1 - seat]
    assert score >= 3


def test_greedy_pays_the_points_it_earns() -> None:
    """A payment decision of its own: it pays as many cards as it may (each is a VP)."""
    for state in _states(seed=2, bots=(RandomBot(1), RandomBot(2))):
        decision = state.pending
        if isinstance(decision, PaymentDecision) and len(tr.legal_actions(state)) > 1:
            answer = CardGreedyBot(1).choose(state)
            assert isinstance(answer, PayPoints)
            assert answer.count == max(
                a.count for a in tr.legal_actions(state) if isinstance(a, PayPoints)
            )
            return
    pytest.fail("no payment with a choice in this game")


def test_greedy_refuses_what_is_not_a_card_state() -> None:
    with pytest.raises(tr.ArgumentTypeError, match="card-game state"):
        CardGreedyBot(1).choose(tr.new_game(tr.GameConfig(2), seed=1))  # type: ignore[arg-type]
    over, _ = play_card_game(CARDS, (RandomBot(1), RandomBot(2)), 1)
    with pytest.raises(RuntimeError, match="over"):
        CardGreedyBot(1).choose(over)


def test_the_search_bot_plays_a_card_game() -> None:
    final, _ = play_card_game(CARDS, (ISMCTSBot(1, iterations=3), CardGreedyBot(2)), 5)
    assert tr.is_over(final)


def test_what_the_searcher_cannot_see_never_steers_it() -> None:
    """A state and a sample of it that keeps the VP piles (equal views, and the cards every
    player saw put on the piles) get the same choice from the same seed."""
    states = _states(seed=3, bots=(CardGreedyBot(1), CardGreedyBot(2)))
    for state in states[10::15]:
        player = tr.to_move(state)
        if player is None:
            continue
        other = _searched(state, player, random.Random(9))
        assert other != state
        assert ISMCTSBot(4, iterations=8).choose(state) == ISMCTSBot(4, iterations=8).choose(other)


def test_the_searcher_follows_the_vp_piles() -> None:
    """The cards on the VP piles were put there face up (CARD-VP-1, D21): the search reads
    them, so the same view with other cards below the tops can get another choice."""
    states = _states(seed=3, bots=(CardGreedyBot(1), CardGreedyBot(2)))
    differ = 0
    for state in states[10::15]:
        player = tr.to_move(state)
        if player is None:
            continue
        other = sample_hidden(state, player, random.Random(9))
        if other.piles == state.piles:
            continue
        differ += ISMCTSBot(4, iterations=8).choose(state) != ISMCTSBot(4, iterations=8).choose(
            other
        )
    assert differ > 0


def test_make_card_bots_knows_every_card_bot() -> None:
    assert CARD_BOT_NAMES == ("random", "greedy", "ismcts")
    bots = make_card_bots("random,greedy,ismcts:4", 3, 1)
    assert [type(b) for b in bots] == [RandomBot, CardGreedyBot, ISMCTSBot]


def _states(seed: int, bots: tuple[CardBot, ...]) -> list[tr.CardGameState]:
    state = tr.new_card_game(CARDS, seed=seed)
    states = [state]
    while not tr.is_over(state):
        mover = tr.to_move(state)
        assert mover is not None
        state = tr.apply(state, bots[mover].choose(state), mover)
        states.append(state)
    return states


def _searched(state: tr.CardGameState, player: int, rng: random.Random) -> tr.CardGameState:
    """The search's determinization of ``state`` for ``player`` (``GameSearch.search_sample``)."""
    ruleset = state.ruleset
    assert isinstance(ruleset, CardGame)
    return ruleset.search_sample(state, player, rng)
