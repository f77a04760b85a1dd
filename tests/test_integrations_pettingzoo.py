"""The PettingZoo adapter: PettingZoo's API and seed tests, spaces, masks, rewards,
truncation at the cap and rendering."""

from __future__ import annotations

import pytest

pettingzoo_test = pytest.importorskip(
    "pettingzoo.test", reason="PettingZoo is not installed (tigris-rules[pettingzoo])"
)
np = pytest.importorskip("numpy")

from gymnasium.spaces import Dict, Discrete  # noqa: E402

import tigris_rules as tr  # noqa: E402
from tigris_rules.ai.encoding import action_encoding, legal_action_mask  # noqa: E402
from tigris_rules.ai.information import observation, observation_size  # noqa: E402
from tigris_rules.ai.integrations.pettingzoo import TigrisEuphratesEnv, env  # noqa: E402
from tigris_rules.ai.integrations.returns import ranking_returns  # noqa: E402
from tigris_rules.render import render_board  # noqa: E402

# PettingZoo's checks warn about every Dict observation with an action mask, as they do for
# its own classic games.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players: int) -> None:
    pettingzoo_test.api_test(
        TigrisEuphratesEnv(players=players, render_mode="ansi"),
        num_cycles=400,
        verbose_progress=False,
    )


def test_pettingzoo_seed_test() -> None:
    pettingzoo_test.seed_test(lambda: env(players=3, variants=("buildings",)), num_cycles=100)


def _play(environment: TigrisEuphratesEnv, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        seen, reward, termination, truncation, _ = environment.last()
        totals[agent] += reward
        if termination or truncation:
            environment.step(None)
            continue
        legal = np.flatnonzero(seen["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_spaces_observations_and_masks_are_the_library_s() -> None:
    environment = TigrisEuphratesEnv(players=3, board="alternative", variants=("ziggurat",))
    environment.reset(seed=1)
    config = environment.config
    size = action_encoding(config).size
    assert environment.possible_agents == ["player_0", "player_1", "player_2"]
    assert environment.action_space("player_1") == Discrete(size)
    space = environment.observation_space("player_2")
    assert isinstance(space, Dict)
    assert space["observation"].shape == (observation_size(config),)
    assert space["action_mask"].shape == (size,)
    state = environment.game_state
    assert environment.agent_selection == f"player_{tr.to_move(state)}"
    for seat, agent in enumerate(environment.possible_agents):
        seen = environment.observe(agent)
        assert space.contains(seen)
        assert seen["observation"].tolist() == list(observation(state, seat))
        if agent == environment.agent_selection:
            assert seen["action_mask"].tobytes() == legal_action_mask(state)
        else:
            assert not seen["action_mask"].any()


def test_rewards_at_the_end_are_the_ranking() -> None:
    environment = TigrisEuphratesEnv(players=4)
    environment.reset(seed=3)
    totals = _play(environment, 3)
    assert not environment.agents
    expected = ranking_returns(environment.game_state)
    assert tr.is_over(environment.game_state)
    assert list(totals.values()) == list(expected)
    assert sum(totals.values()) == pytest.approx(0.0)


def test_a_game_past_the_cap_is_truncated_without_reward() -> None:
    environment = TigrisEuphratesEnv(players=2, max_decisions=25)
    environment.reset(seed=4)
    totals = _play(environment, 4)
    assert environment.decisions == 25
    assert not tr.is_over(environment.game_state)
    assert totals == {"player_0": 0.0, "player_1": 0.0}


def test_the_same_seed_deals_the_same_game_and_resets_go_on() -> None:
    first, second = TigrisEuphratesEnv(), TigrisEuphratesEnv()
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.game_state == second.game_state
    first.reset()
    assert first.game_state != second.game_state


def test_bad_input_is_named() -> None:
    with pytest.raises(tr.ConfigError, match="SETUP-1"):
        TigrisEuphratesEnv(players=5)
    with pytest.raises(tr.ConfigError, match="max_decisions"):
        TigrisEuphratesEnv(max_decisions=0)
    with pytest.raises(tr.ConfigError, match="render_mode"):
        TigrisEuphratesEnv(render_mode="human")
    environment = TigrisEuphratesEnv()
    with pytest.raises(tr.ConfigError, match="reset"):
        environment.observe("player_0")
    environment.reset(seed=1)
    with pytest.raises(tr.ArgumentTypeError, match="player_2"):
        environment.observe("player_2")
    with pytest.raises(tr.ArgumentTypeError, match="action"):
        environment.step("tile red g4")
    before = environment.game_state
    commit = action_encoding(environment.config).encode(tr.CommitSupport(1))
    with pytest.raises(tr.IllegalActionError):
        environment.step(commit)
    assert environment.game_state == before
    assert environment.decisions == 0


def test_render_ansi_is_the_text_board() -> None:
    environment = TigrisEuphratesEnv(render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert text is not None
    assert text.startswith(render_board(environment.game_state))
    assert text.endswith("seat 0 (archer) must choose an action or end the turn")
    with pytest.warns(UserWarning, match="render_mode"):
        assert TigrisEuphratesEnv().render() is None
