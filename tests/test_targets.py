"""The legal squares of a state (``rules.targets``), whether computed for the state or handed
on by the engine from the state before, are always those a computation afresh gives."""

from __future__ import annotations

import random

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.model.state import GameState
from tigris_rules.rules.targets import Targets, targets_of

CONFIGS = (
    tr.GameConfig(players=2),
    tr.GameConfig(players=3),
    tr.GameConfig(players=4),
    tr.GameConfig(players=3, board="alternative", variants=("english", "buildings", "ziggurat")),
    tr.GameConfig(players=2, variants=("buildings",)),
    tr.GameConfig(players=4, variants=("english", "ziggurat")),
)


def facts(targets: Targets) -> tuple[object, ...]:
    """Everything a reader of ``targets`` may read, as plain values."""
    return (
        list(targets.land_tiles),
        targets.land_size,
        list(targets.river_tiles),
        targets.river_size,
        list(targets.catastrophe),
        targets.catastrophe_size,
        [list(squares) for squares in targets.leader],
        targets.leader_sizes,
        targets.on_board,
    )


def afresh(state: GameState) -> Targets:
    """The targets of an equal state with nothing cached."""
    return Targets(attrs.evolve(state))


@pytest.mark.parametrize("seed", range(12))
def test_the_targets_in_play_are_those_computed_afresh(seed: int) -> None:
    """LEADER-5..8, TILE-2..5, CATA-2..6: at every choice of action of seeded random games
    (several seat counts, boards and variants), the targets the legal actions are built from,
    handed on from the state before when the input left their fields unchanged (a swap), are
    those of a fresh computation; with no catastrophe left, none is a target (CATA-1)."""
    rng = random.Random(seed)
    state = tr.new_game(CONFIGS[seed % len(CONFIGS)], seed=seed)
    while not tr.is_over(state):
        if state.pending is None:
            kept = targets_of(state)
            assert facts(kept) == facts(afresh(state))
            if not state.catastrophes[state.active]:
                assert kept.catastrophe_size == 0
        legal = tr.legal_actions(state)
        state = tr.apply(state, legal[rng.randrange(len(legal))])


def test_a_swap_hands_the_targets_on_and_a_placement_does_not() -> None:
    """The targets read the board, the leaders, the treasures, the active seat and its
    catastrophes: a swap changes none of them and the next state keeps the same targets; a
    tile placement changes the board and the next state computes its own."""
    state = tr.new_game(tr.GameConfig(players=2), seed=3)
    kept = targets_of(state)
    swap = next(a for a in tr.legal_actions(state) if isinstance(a, tr.SwapTiles))
    swapped = tr.apply(state, swap)
    assert swapped.active == state.active
    assert targets_of(swapped) is kept
    tile = next(a for a in tr.legal_actions(swapped) if isinstance(a, tr.PlaceTile))
    placed = tr.apply(swapped, tile)
    assert targets_of(placed) is not kept
    assert facts(targets_of(placed)) == facts(afresh(placed))
