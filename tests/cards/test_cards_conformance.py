"""Random play: seeded games, a uniform choice among the legal inputs at every decision,
run to the end for 2, 3 and 4 players; every step keeps the invariants.

One exception to uniform play, flagged in docs/card-game.md: once no card can ever be played
again (every column full, every gap filled, every catastrophe used), RULES.md gives the game
no end while players keep placing leaders (CARD-END-4, CARD-END-5), and uniform play may
revolt back and forth forever. From then on the random players end their turns at once,
which ends the game by the stalemate rule (CARD-END-5).
"""

from __future__ import annotations

import copy
import random

import pytest
from card_invariants import broken_card_invariants

from tigris_rules import GameConfig
from tigris_rules.cards import (
    CardAction,
    CardGameState,
    EndTurn,
    card_is_over,
    card_legal_actions,
    card_result,
    card_step,
    card_to_move,
    new_card_game,
)

GAMES_PER_COUNT = 20
MAX_DECISIONS = 20_000


def table_locked(state: CardGameState) -> bool:
    """No card can ever be played again: columns full, gaps filled, catastrophes used."""
    limit = state.config.column_limit
    return (
        all(len(c) >= limit for c in state.columns)
        and all(g is not None for g in state.gaps)
        and not any(state.catastrophes)
    )


def choose(state: CardGameState, rng: random.Random) -> CardAction:
    legal = card_legal_actions(state)
    assert len(legal) > 0, "no legal input although the game is not over"
    if state.pending is None and table_locked(state):
        return EndTurn()
    return legal[rng.randrange(len(legal))]


def play_random_game(seed: int, players: int) -> CardGameState:
    state = new_card_game(GameConfig(players=players, game="cards"), seed=seed)
    rng = random.Random(seed)
    assert not broken_card_invariants(state)
    for decision in range(MAX_DECISIONS):
        if card_is_over(state):
            assert card_to_move(state) is None
            assert len(card_legal_actions(state)) == 0
            return state
        action = choose(state, rng)
        snapshot = copy.deepcopy(state)
        after, _events = card_step(state, action, card_to_move(state))
        assert state == snapshot, "card_step changed its input"
        problems = broken_card_invariants(after)
        assert not problems, f"seed {seed}, decision {decision}, {action}: {problems}"
        state = after
    pytest.fail(f"seed {seed}: the game did not end within {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_card_games_end_and_keep_the_invariants(players: int) -> None:
    """CARD-END-2, CARD-END-3, CARD-END-5, CARD-COMP-2, CONV-15: seeded random games end;
    193 cards are accounted for after every input; after every completed action no kingdom
    holds two leaders of one colour, every column keeps one head and a treasure-card head
    remains; the input state is never changed."""
    reasons = set()
    for seed in range(GAMES_PER_COUNT):
        final = play_random_game(1000 * players + seed, players)
        assert final.end_reason in {"draw pile", "treasures", "stalemate"}
        assert card_result(final).final
        reasons.add(final.end_reason)
    assert "draw pile" in reasons
