"""Board-shaped observations: the observation's numbers laid out as channels over the board,
read from the player's view alone, within their bounds."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

import tigris_rules as tr  # noqa: E402
from tigris_rules.ai.bots import random_bots  # noqa: E402
from tigris_rules.ai.information import (  # noqa: E402
    Discards,
    observation,
    observation_layout,
    sample_hidden,
)
from tigris_rules.ai.planes import (  # noqa: E402
    observation_planes,
    planes_bounds,
    planes_layout,
)
from tigris_rules.model.squares import square_index  # noqa: E402
from tigris_rules.views import view  # noqa: E402


def played(config: tr.GameConfig, seed: int, decisions: int) -> tr.GameState:
    state = tr.new_game(config, seed=seed)
    bots = random_bots(config.players, seed)
    for _ in range(decisions):
        player = tr.to_move(state)
        if player is None:
            break
        state = tr.apply(state, bots[player].choose(state))
    return state


def test_a_channel_is_a_picture_of_the_board() -> None:
    state = tr.new_game(tr.GameConfig(2), seed=1)
    planes = observation_planes(state, 0)
    names = planes_layout(state.config)
    assert planes.shape == (len(names), 11, 16)
    assert planes.dtype == np.float32
    red = planes[names.index("tiles.1")]
    square = square_index("b2")  # column b, row 2: a start temple of the classic board
    assert red[1, 1] == 1.0
    assert red.reshape(-1)[square] == 1.0
    assert red.sum() == 10
    leader = planes[names.index("leaders.0")]  # seat 0's black leader, in his hand
    assert leader.sum() == 0


def test_the_channels_hold_the_observation_s_numbers() -> None:
    state = played(tr.GameConfig(3, variants=("buildings", "ziggurat")), 3, 60)
    names = planes_layout(state.config)
    planes = observation_planes(state, 1)
    values = observation(state, 1)
    assert "ziggurat" in names
    assert "buildings.3" in names
    assert "building_color.0" in names
    boards: list[int] = []
    constants: list[int] = []
    offset = 0
    for _name, length in observation_layout(state.config):
        part = list(values[offset : offset + length])
        if length % 176 == 0:
            boards += part
        else:
            constants += part
        offset += length
    count = len(boards) // 176
    assert planes[:count].reshape(-1).tolist() == boards
    assert planes[count:, 0, 0].tolist() == constants
    assert (planes[count:] == planes[count:, :1, :1]).all()  # constant channels
    assert names[count] == "seat0.hand_known"


def test_states_that_differ_only_in_hidden_parts_give_equal_planes() -> None:
    state = played(tr.GameConfig(2), 5, 40)
    hidden = sample_hidden(state, 0, random.Random(9), Discards.start(state.config))
    assert hidden.hands[1] != state.hands[1] or hidden.bag != state.bag
    assert np.array_equal(observation_planes(hidden, 0), observation_planes(state, 0))
    assert not np.array_equal(observation_planes(hidden, 1), observation_planes(state, 1))


def test_a_view_gives_the_same_planes() -> None:
    state = played(tr.GameConfig(2), 6, 30)
    assert np.array_equal(observation_planes(view(state, 1), 1), observation_planes(state, 1))


def test_planes_stay_within_their_bounds() -> None:
    config = tr.GameConfig(2, variants=("ziggurat",))
    low, high = planes_bounds(config)
    assert low.shape == high.shape == (len(planes_layout(config)), 11, 16)
    names = planes_layout(config)
    assert high[names.index("seat0.hand.0")].max() == 6
    for decisions in (0, 50, 120):
        planes = observation_planes(played(config, 2, decisions), 0)
        assert (low <= planes).all()
        assert (planes <= high).all()


def test_the_module_s_example_runs() -> None:
    import doctest

    import tigris_rules.ai.planes

    failures, tried = doctest.testmod(tigris_rules.ai.planes, raise_on_error=False)
    assert tried > 0
    assert failures == 0
