"""The events of a step depend on the position only: the same step from a state played to
and from that state read back from JSON gives the same events in the same order (MON-11's
income in particular, scored leader by leader)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tigris_rules as tr
from variant_sets import variant_sets


def differing_steps(config: tr.GameConfig, seed: int, limit: int = 2_000) -> list[int]:
    """The steps of a seeded random game (its first ``limit``) whose events differ once the
    state before them went through ``dumps`` and ``loads``."""
    rng = random.Random(seed)
    make = tr.new_card_game if config.game == "cards" else tr.new_game
    state: Any = make(config, seed=seed)
    differ = []
    number = 0
    while not tr.is_over(state) and number < limit:
        legal = tr.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        after, events = tr.step(state, action)
        _, read_events = tr.step(tr.loads(tr.dumps(state), type(state)), action)
        if read_events != events:
            differ.append(number)
        state = after
        number += 1
    return differ


@pytest.mark.parametrize(
    ("players", "variants", "seed"),
    [
        (3, ("english", "buildings", "ziggurat"), 31),
        (2, ("english",), 33),
        (2, ("english", "ziggurat"), 45),
        (3, ("buildings",), 58),
    ],
)
def test_monument_income_is_scored_in_the_same_order_after_a_round_trip(
    players: int, variants: tuple[str, ...], seed: int
) -> None:
    """MON-11: games where the income of a monument scored two leaders in another order
    once the state was read from JSON."""
    assert differing_steps(tr.GameConfig(players=players, variants=variants), seed) == []


@pytest.mark.parametrize("variants", variant_sets(), ids=lambda v: "+".join(v) or "classic")
def test_the_events_of_every_step_survive_a_round_trip(variants: tuple[str, ...]) -> None:
    players = 2 + len(variants) % 3
    assert differing_steps(tr.GameConfig(players=players, variants=variants), 7) == []


def test_the_events_of_every_card_game_step_survive_a_round_trip() -> None:
    assert differing_steps(tr.GameConfig(players=3, game="cards"), 7, 400) == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 140))
def test_the_events_of_many_games_survive_a_round_trip(seed: int) -> None:
    sets = variant_sets()
    config = tr.GameConfig(players=2 + seed % 3, variants=sets[seed % len(sets)])
    assert differing_steps(config, seed) == []
    if seed % 8 == 0:
        assert differing_steps(tr.GameConfig(players=2 + seed % 3, game="cards"), seed) == []
