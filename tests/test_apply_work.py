"""What ``apply`` hands from one state to the next holds for the position it describes."""

from __future__ import annotations

import random

import pytest

import tigris_rules as tr
from tigris_rules.rules.treasures import _next_claim
from tigris_rules.rules.work import Work


@pytest.mark.parametrize("variants", [(), ("buildings", "ziggurat")])
def test_a_state_marked_without_claim_holds_none(variants: tuple[str, ...]) -> None:
    """A state that says no treasure claim can be pending (the treasure check may be
    skipped) has no kingdom holding a trader and two treasures (TREAS-2)."""
    marked = 0
    for seed in range(1, 4):
        rng = random.Random(seed)
        state = tr.new_game(tr.GameConfig(players=3, variants=variants), seed=seed)
        while not tr.is_over(state):
            if state._cache.no_claim is True:
                marked += 1
                work = Work(state)
                work.claims_settled = False
                assert _next_claim(work) is None
            actions = tr.legal_actions(state)
            state = tr.apply(state, actions[rng.randrange(len(actions))])
    assert marked > 0
