"""Observations written into numpy arrays from the state (``observation_into``, the writers
the environments use) against the reference read from the player's view, and the bounds of
every entry, over seeded games of every configuration of both games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.ai._board_information import SCORE_CAP, TURN_CAP
from tigris_rules.ai.information import (
    InformationError,
    observation,
    observation_array,
    observation_bounds,
    observation_into,
    observation_layout,
    observation_size,
    observation_writer,
)
from tigris_rules.cards.components import CARD_COUNTS, TOTAL_CARDS
from tigris_rules.errors import ArgumentTypeError
from tigris_rules.rules.components import HAND_SIZE, TILE_COUNTS
from tigris_rules.views import view

np = pytest.importorskip("numpy")

VARIANTS = ("english", "buildings", "ziggurat")
BOARD_CONFIGS = [
    tr.GameConfig(players, board=board, variants=variants, open_scoring=open_scoring)
    for players in (2, 3, 4)
    for board in ("classic", "alternative")
    for variants in [(), *combinations(VARIANTS, 1), VARIANTS]
    for open_scoring in (False, True)
]
CARD_CONFIGS = [
    tr.GameConfig(players, game="cards", column_limit=limit, open_scoring=open_scoring)
    for players in (2, 3, 4)
    for limit in (4, 8, 24)
    for open_scoring in (False, True)
]


def positions(config: tr.GameConfig, seed: int, every: int, cap: int) -> Iterator[Any]:
    """Every ``every``-th state of a random game of ``config`` and its last one (the end,
    or the state after ``cap`` decisions)."""
    state = tr.new_game(config, seed=seed)
    rng = random.Random(seed)
    for decision in range(cap):
        if tr.is_over(state):
            break
        if decision % every == 0:
            yield state
        state, _ = tr.step(state, rng.choice(list(tr.legal_actions(state))))
    yield state


def check_positions(config: tr.GameConfig, every: int, cap: int) -> int:
    """Checks the array of every seat at the positions of two games against the view's
    observation and the bounds; returns how many finished games were seen."""
    low, high = (np.array(bound, dtype=np.int64) for bound in observation_bounds(config))
    writer = observation_writer(config)
    kept = np.full(observation_size(config), -7, dtype=np.int32)  # written again and again
    ended = 0
    for seed in (1, 2):
        for state in positions(config, seed, every, cap):
            ended += tr.is_over(state)
            for seat in range(config.players):
                reference = observation(view(state, seat), seat)
                fresh = observation_into(state, seat, np.zeros(len(reference), dtype=np.int64))
                writer.write(state, seat, kept)
                assert fresh.tolist() == list(reference)
                assert kept.tolist() == list(reference)
                assert (low <= fresh).all()
                assert (fresh <= high).all()
    return ended


@pytest.mark.parametrize("config", BOARD_CONFIGS, ids=repr)
def test_board_arrays_are_the_view_s_observations(config: tr.GameConfig) -> None:
    assert check_positions(config, every=3, cap=2000) >= 1


@pytest.mark.parametrize("config", CARD_CONFIGS, ids=repr)
def test_card_arrays_are_the_view_s_observations(config: tr.GameConfig) -> None:
    check_positions(config, every=40, cap=4000)


def test_a_float_array_takes_the_same_numbers() -> None:
    state = tr.new_game(tr.GameConfig(3, variants=("buildings",)), seed=3)
    seen = observation_into(state, 2, np.empty(observation_size(state.config), np.float32))
    assert seen.tolist() == list(observation(state, 2))


def test_observation_array_is_the_observation() -> None:
    state = tr.new_game(tr.GameConfig(2, game="cards"), seed=3)
    seen = observation_array(state, 1)
    assert seen.dtype == np.int32
    assert seen.tolist() == list(observation(state, 1))


@pytest.mark.parametrize(
    ("out", "error"),
    [
        ([0] * 4292, ArgumentTypeError),
        ("not an array", ArgumentTypeError),
        (np.zeros(4291, np.int32), InformationError),
        (np.zeros((2, 4292), np.int32), InformationError),
    ],
    ids=["list", "str", "short", "two-dimensional"],
)
def test_observation_into_refuses_an_array_of_another_shape(out: object, error: type) -> None:
    state = tr.new_game(tr.GameConfig(2), seed=1)
    with pytest.raises(error, match="out"):
        observation_into(state, 0, out)


def test_observation_into_refuses_an_array_too_narrow_or_not_of_numbers() -> None:
    state = tr.new_game(tr.GameConfig(2), seed=1)
    size = observation_size(state.config)
    with pytest.raises(InformationError, match="cannot hold"):
        observation_into(state, 0, np.zeros(size, np.uint8))  # the turn goes up to 1000
    with pytest.raises(ArgumentTypeError, match="numbers"):
        observation_into(state, 0, np.zeros(size, dtype=object))
    assert observation_into(state, 0, np.zeros(size, np.int16)).tolist() == list(
        observation(state, 0)
    )


def test_observation_into_refuses_a_read_only_array_and_a_bad_seat() -> None:
    state = tr.new_game(tr.GameConfig(2), seed=1)
    frozen = np.zeros(observation_size(state.config), np.int32)
    frozen.flags.writeable = False
    with pytest.raises(InformationError, match="read-only"):
        observation_into(state, 0, frozen)
    with pytest.raises(InformationError, match="seat"):
        observation_into(state, 2, np.zeros(observation_size(state.config), np.int32))
    with pytest.raises(tr.NotAStateError):
        observation_into(view(state, 0), 0, np.zeros(observation_size(state.config), np.int32))  # type: ignore[arg-type]


def greatest(config: tr.GameConfig) -> dict[str, int]:
    """The greatest value of each segment's entries."""
    _, high = observation_bounds(config)
    found: dict[str, int] = {}
    offset = 0
    for name, length in observation_layout(config):
        found[name] = max(high[offset : offset + length], default=0)
        offset += length
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", ["classic", "alternative"])
def test_board_bounds_are_the_documented_rules(players: int, board: str) -> None:
    config = tr.GameConfig(players, board=board, variants=("buildings", "ziggurat"))
    treasures = 10 if board == "classic" else 14
    highs = greatest(config)
    counted = {
        "hand": HAND_SIZE,
        "hand_size": HAND_SIZE,
        "catastrophes": 2,
        "scores": SCORE_CAP,
        "treasures_held": treasures,
    }
    for name, high in highs.items():
        kind = name.rpartition(".")[2]
        expected = {
            "bag_size": sum(TILE_COUNTS) - treasures - HAND_SIZE * players,
            "turn": TURN_CAP,
            "actions_taken": 2,
            "conflict_bases": max(TILE_COUNTS),
            "attacker_commit": HAND_SIZE,
        }.get(name, counted.get(kind, 1))
        assert high == expected, name
    assert set(observation_bounds(config)[0]) == {0}


def test_card_bounds_are_the_documented_rules() -> None:
    config = tr.GameConfig(3, game="cards", column_limit=6)
    highs = greatest(config)
    assert highs["turn"] == 1000
    assert highs["column_lengths"] == 6
    assert highs["seat2.hand"] == highs["seat2.hand_size"] == highs["attacker_commit"] == 8
    assert highs["seat0.pile_size"] == TOTAL_CARDS
    assert highs["seat1.pile_red"] == CARD_COUNTS[1]
    assert highs["idle_turns"] == 3
    assert {highs[name] for name in ("heads", "columns", "gaps", "leaders", "decision")} == {1}


def test_the_turn_and_the_scores_stay_at_their_caps() -> None:
    config = tr.GameConfig(2)
    state = tr.new_game(config, seed=1)
    long = attrs.evolve(state, turn=TURN_CAP + 5, scores=((SCORE_CAP + 1, 3, 0, 0), (0, 0, 0, 0)))
    seen = observation(long, 0)
    assert observation_into(long, 0, np.zeros(len(seen), np.int64)).tolist() == list(seen)
    offsets: dict[str, int] = {}
    position = 0
    for name, length in observation_layout(config):
        offsets[name] = position
        position += length
    assert seen[offsets["turn"]] == TURN_CAP
    start = offsets["seat0.scores"]
    assert seen[start : start + 4] == (SCORE_CAP, 3, 0, 0)


CONSECUTIVE_CONFIGS = [
    tr.GameConfig(2),
    tr.GameConfig(3, variants=("buildings",), open_scoring=True),
    tr.GameConfig(4, board="alternative", variants=VARIANTS),
    tr.GameConfig(2, game="cards"),
    tr.GameConfig(3, game="cards", column_limit=4, open_scoring=True),
    tr.GameConfig(4, game="cards", column_limit=24),
]


@pytest.mark.parametrize("config", CONSECUTIVE_CONFIGS, ids=repr)
def test_one_writer_follows_consecutive_states_seat_by_seat(config: tr.GameConfig) -> None:
    """The writer keeps what it made from the last state: every state of a game in turn,
    for the seat to move and another in random order, is still the view's observation."""
    writer = observation_writer(config)
    out = np.full(observation_size(config), -7, dtype=np.int32)
    rng = random.Random(5)
    state = tr.new_game(config, seed=5)
    for _ in range(160):
        if tr.is_over(state):
            break
        mover = tr.to_move(state)
        assert mover is not None
        for seat in (mover, rng.randrange(config.players)):
            writer.write(state, seat, out)
            assert out.tolist() == list(observation(view(state, seat), seat))
        state, _ = tr.step(state, rng.choice(list(tr.legal_actions(state))))


def test_a_card_turn_past_255_is_written_whole() -> None:
    config = tr.GameConfig(2, game="cards")
    state = tr.new_game(config, seed=1)
    writer = observation_writer(config)
    for turn in (254, 255, 256, 999, 1000, 1003):
        long = attrs.evolve(state, turn=turn)
        out = np.zeros(observation_size(config), dtype=np.int32)
        writer.write(long, 1, out)
        assert out.tolist() == list(observation(view(long, 1), 1))
        assert min(turn, 1000) in out.tolist()


def test_a_card_writer_that_forgets_its_columns_writes_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tigris_rules.ai import _card_observation_array

    monkeypatch.setattr(_card_observation_array, "_KEPT_COLUMNS", 2)
    check_positions(tr.GameConfig(3, game="cards", column_limit=8), every=7, cap=600)


SHUFFLED_CONFIGS = [
    tr.GameConfig(2),
    tr.GameConfig(4, board="alternative", variants=VARIANTS, open_scoring=True),
    tr.GameConfig(2, game="cards"),
    tr.GameConfig(3, game="cards", column_limit=4),
    tr.GameConfig(4, game="cards", column_limit=24, open_scoring=True),
]


@pytest.mark.parametrize("config", SHUFFLED_CONFIGS, ids=repr)
def test_one_writer_follows_states_of_several_games_in_any_order(config: tr.GameConfig) -> None:
    """One writer given the states of three games shuffled together, each for a seat drawn
    at random and then for the seat to move, writes the view's observation every time."""
    states = [state for seed in (7, 8, 9) for state in positions(config, seed, 1, 150)]
    rng = random.Random(11)
    rng.shuffle(states)
    writer = observation_writer(config)
    out = np.full(observation_size(config), -7, dtype=np.int32)
    for state in states:
        for seat in (rng.randrange(config.players), tr.to_move(state) or 0):
            writer.write(state, seat, out)
            assert out.tolist() == list(observation(view(state, seat), seat))


def test_a_board_turn_or_score_past_255_is_written_whole() -> None:
    """A board writer writes values above 255 apart, then goes on with the next state."""
    config = tr.GameConfig(2, open_scoring=True)
    state = tr.new_game(config, seed=1)
    writer = observation_writer(config)
    out = np.zeros(observation_size(config), dtype=np.int32)
    changes: list[dict[str, Any]] = [
        {"turn": turn} for turn in (254, 255, 256, 999, 1000, 1003)
    ] + [{"scores": ((score, 0, 0, 0), (0, 0, score, 0))} for score in (255, 256, 1001)]
    for change in changes:
        for seat in (0, 1):
            for each in (attrs.evolve(state, **change), state):
                writer.write(each, seat, out)
                assert out.tolist() == list(observation(view(each, seat), seat))
