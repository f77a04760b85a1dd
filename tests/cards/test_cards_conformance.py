"""Random play: seeded games, a uniform choice among the legal inputs at every decision,
run to the end for 2, 3 and 4 players; every step keeps the invariants.

Uniform random play ends: before the table is locked, card plays empty the draw pile
(CARD-END-2); on a locked table, CARD-END-5 (D25) counts a turn in which no card left a hand
as idle, so endless revolts with nothing committed end by stalemate. (Players who only move
leaders on a table that never locks could play forever; random play does not.)
"""

from __future__ import annotations

import copy
import random

import pytest
from card_invariants import broken_card_invariants

from tigris_rules import GameConfig
from tigris_rules.cards import (
    CardGameState,
    card_is_over,
    card_legal_actions,
    card_result,
    card_step,
    card_to_move,
    new_card_game,
)

pytestmark = pytest.mark.slow

GAMES_PER_COUNT = 15
MAX_DECISIONS = 20_000


def play_random_game(seed: int, players: int) -> CardGameState:
    """A game where every input is drawn uniformly from the legal ones."""
    state = new_card_game(GameConfig(players=players, game="cards"), seed=seed)
    rng = random.Random(seed)
    assert not broken_card_invariants(state)
    for decision in range(MAX_DECISIONS):
        if card_is_over(state):
            assert card_to_move(state) is None
            assert len(card_legal_actions(state)) == 0
            return state
        legal = card_legal_actions(state)
        assert len(legal) > 0, "no legal input although the game is not over"
        action = legal[rng.randrange(len(legal))]
        snapshot = copy.deepcopy(state)
        after, _events = card_step(state, action, card_to_move(state))
        assert state == snapshot, "card_step changed its input"
        problems = broken_card_invariants(after)
        assert not problems, f"seed {seed}, decision {decision}, {action}: {problems}"
        state = after
    pytest.fail(f"seed {seed}: the game did not end within {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_card_games_end_and_keep_the_invariants(players: int) -> None:
    """CARD-END-2, CARD-END-3, CARD-END-5, CARD-COMP-2, CONV-15: every seeded game of uniform
    random play ends; 193 cards are accounted for after every input; after every completed
    action no kingdom holds two leaders of one colour, every column keeps one head and a
    treasure-card head remains; the input state is never changed."""
    for seed in range(GAMES_PER_COUNT):
        final = play_random_game(1000 * players + seed, players)
        assert final.end_reason in {"draw pile", "treasures", "stalemate"}
        assert card_result(final).final
