"""The card game in OpenSpiel and PettingZoo: the frameworks' own conformance checks, the
deal's chance nodes, observations, information states, returns and rendering."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (tigris-rules[openspiel])"
)
pettingzoo_test = pytest.importorskip(
    "pettingzoo.test", reason="PettingZoo is not installed (tigris-rules[pettingzoo])"
)
np = pytest.importorskip("numpy")

import tigris_rules as tr  # noqa: E402
from tigris_rules.ai.encoding import action_encoding  # noqa: E402
from tigris_rules.ai.information import (  # noqa: E402
    observation,
    observation_bounds,
    observation_size,
)
from tigris_rules.ai.integrations import openspiel_cards as adapter  # noqa: E402
from tigris_rules.ai.integrations.pettingzoo import TigrisCardEnv, card_env  # noqa: E402
from tigris_rules.ai.integrations.returns import ranking_returns  # noqa: E402
from tigris_rules.cards.actions import PlayGap  # noqa: E402
from tigris_rules.cards.setup import card_deal_from_seed  # noqa: E402
from tigris_rules.records.notation import format_action  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def _dealt(game: Any, seed: int) -> Any:
    state = game.new_initial_state()
    for action in adapter.card_deal_actions(card_deal_from_seed(game.config, seed)):
        state.apply_action(action)
    return state


@pytest.mark.parametrize(
    "spec",
    ["tigris_euphrates_cards", "tigris_euphrates_cards(players=3,open_scoring=True)"],
)
@pytest.mark.slow
def test_openspiel_random_simulation_check(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_parameters_give_the_configuration_and_sizes() -> None:
    game = pyspiel.load_game("tigris_euphrates_cards(players=4,column_limit=6)")
    config = tr.GameConfig(players=4, game="cards", column_limit=6)
    assert game.config == config
    assert game.num_players() == 4
    assert game.num_distinct_actions() == action_encoding(config).size
    assert game.observation_tensor_size() == observation_size(config)
    with pytest.raises(tr.ConfigError, match="unknown parameter 'board'"):
        adapter.card_config_from_parameters({"board": "classic"})
    with pytest.raises(tr.ConfigError, match="max_decisions"):
        adapter.card_config_from_parameters({"max_decisions": 0})


@pytest.mark.parametrize("players", [2, 3])
def test_the_chance_actions_of_a_seed_deal_replay_new_card_game(players: int) -> None:
    game = pyspiel.load_game(f"tigris_euphrates_cards(players={players})")
    state = _dealt(game, 7)
    assert state.game_state == tr.new_card_game(game.config, seed=7)
    assert state.current_player() == 0


def test_the_deal_is_chance_nodes_proportional_to_the_cards_left() -> None:
    state = pyspiel.load_game("tigris_euphrates_cards").new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcomes[1] == pytest.approx(65 / 185)
    with pytest.raises(tr.DealError):
        state.apply_action(9)


def test_observations_and_information_states() -> None:
    game = pyspiel.load_game("tigris_euphrates_cards")
    state = _dealt(game, 3)
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        played = state.game_state
        player = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        move = game.rules.encoding.decode(action)
        state.apply_action(action)
        if isinstance(move, PlayGap):
            mine = state.information_state_string(player)
            theirs = state.information_state_string(1 - player)
            assert f"seat {player}: {format_action(move, game.config)}" in mine.splitlines()
            assert f"seat {player}: gap card face down in gap {move.gap}" in theirs.splitlines()
            break
        assert np.array_equal(
            state.observation_tensor(0), np.array(observation(state.game_state, 0), np.float32)
        )
        assert played is not state.game_state
    else:
        pytest.skip("no gap card played")


def test_returns_at_the_end_are_the_ranking() -> None:
    game = pyspiel.load_game("tigris_euphrates_cards")
    state = _dealt(game, 2)
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.returns() == list(ranking_returns(state.game_state))
    assert sum(state.returns()) == 0


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players: int) -> None:
    pettingzoo_test.api_test(
        TigrisCardEnv(players=players, render_mode="ansi"), num_cycles=300, verbose_progress=False
    )


def test_pettingzoo_seed_test() -> None:
    pettingzoo_test.seed_test(lambda: card_env(players=3, open_scoring=True), num_cycles=100)


def test_pettingzoo_spaces_are_the_library_s() -> None:
    environment = card_env(players=2, render_mode="ansi")
    environment.reset(seed=4)
    space: Any = environment.observation_space("player_0")
    space = space["observation"]
    low, high = observation_bounds(environment.config)
    assert tuple(space.low) == low
    assert tuple(space.high) == high
    seen = environment.observe("player_0")
    assert tuple(seen["observation"]) == observation(environment.game_state, 0)
    assert space.contains(seen["observation"])
    assert environment.render() == str(environment.game_state)
