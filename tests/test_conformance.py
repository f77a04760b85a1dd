"""Random play: seeded games with a uniform choice among the legal actions at every decision
run to the end, and every state along the way keeps the invariants."""

from __future__ import annotations

import copy
import random

import pytest

import tigris_rules as tr
from invariants import broken_invariants

pytestmark = pytest.mark.slow

GAMES = 200
MAX_DECISIONS = 5000


def play_random_game(seed: int, players: int) -> int:
    state = tr.new_game(tr.GameConfig(players=players), seed=seed)
    rng = random.Random(seed)
    for decisions in range(MAX_DECISIONS):
        if tr.is_over(state):
            assert tr.to_move(state) is None
            assert len(tr.legal_actions(state)) == 0
            return decisions
        legal = tr.legal_actions(state)
        assert len(legal) > 0, f"no legal action at decision {decisions}"
        action = legal[rng.randrange(len(legal))]
        snapshot = copy.deepcopy(state)
        after = tr.apply(state, action, tr.to_move(state))
        assert state == snapshot, "apply changed its input"
        problems = broken_invariants(after, state)
        assert not problems, f"seed {seed}, decision {decisions}, {action}: {problems}"
        state = after
    pytest.fail(f"seed {seed}: the game did not end within {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_keep_the_invariants(players: int) -> None:
    """CONV-15, TURN-11, END-1, END-2: random games end; tiles, leaders, kingdoms and scores
    stay consistent at every step."""
    count = GAMES // 3 + (1 if players == 2 else 0) + (1 if players == 3 else 0)
    lengths = [play_random_game(seed * 3 + players, players) for seed in range(count)]
    assert all(n > 0 for n in lengths)
