"""The single-agent Gymnasium environment: Gymnasium's checker, spaces and masks, seeded
replay, whole episodes of both games against bots, illegal actions, truncation at the cap."""

from __future__ import annotations

from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is not installed")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import tigris_rules as tr  # noqa: E402
from tigris_rules.ai.bots import BotError, GreedyBot, RandomBot  # noqa: E402
from tigris_rules.ai.encoding import EncodingError, action_encoding  # noqa: E402
from tigris_rules.ai.information import observation, observation_bounds  # noqa: E402
from tigris_rules.ai.integrations.gymnasium_env import (  # noqa: E402
    BOARD_ENV_ID,
    CARD_ENV_ID,
    TigrisCardGymEnv,
    TigrisEuphratesGymEnv,
)
from tigris_rules.ai.integrations.returns import ranking_returns  # noqa: E402
from tigris_rules.ai.planes import observation_planes, planes_layout  # noqa: E402

# Gymnasium's checker cannot try other render modes of an environment made without an id.
pytestmark = pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes")


def play(environment: Any, seed: int) -> tuple[list[Any], float, bool, bool, int]:
    """A whole episode, the agent choosing uniformly among its legal actions."""
    rng = np.random.default_rng(seed)
    seen, info = environment.reset(seed=seed)
    history = [seen]
    while True:
        assert info["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(environment.unwrapped.action_masks())))
        seen, reward, terminated, truncated, info = environment.step(action)
        history.append(seen)
        assert environment.observation_space.contains(seen)
        if terminated or truncated:
            return history, reward, terminated, truncated, info["seat"]
        assert reward == 0.0


@pytest.mark.parametrize(
    "make",
    [
        lambda: TigrisEuphratesGymEnv(render_mode="ansi"),
        lambda: TigrisEuphratesGymEnv(players=3, variants=("buildings",), observation="planes"),
        lambda: TigrisCardGymEnv(render_mode="ansi"),
    ],
)
def test_gymnasium_s_checker_passes(make: Any) -> None:
    check_env(make(), skip_render_check=False)


def test_the_ids_are_registered_and_made_with_arguments() -> None:
    environment = gymnasium.make(BOARD_ENV_ID, players=3, seat=1)
    assert environment.unwrapped.config == tr.GameConfig(3)
    assert gymnasium.make(CARD_ENV_ID).unwrapped.config.game == "cards"


def test_spaces_observations_and_masks_are_the_library_s() -> None:
    environment = TigrisEuphratesGymEnv(players=3, seat=2)
    seen, info = environment.reset(seed=4)
    state = environment.game_state
    config = environment.config
    assert environment.action_space.n == action_encoding(config).size
    low, high = observation_bounds(config)
    assert environment.observation_space.low.tolist() == list(low)
    assert environment.observation_space.high.tolist() == list(high)
    assert high.count(1000) == 1 + 3 * 4  # the turn and the scores, at their caps
    assert tr.to_move(state) == 2
    assert seen.tolist() == list(observation(state, 2))
    legal = {action_encoding(config).encode(a) for a in tr.legal_actions(state)}
    assert set(np.flatnonzero(info["action_mask"]).tolist()) == legal
    assert set(np.flatnonzero(environment.action_masks()).tolist()) == legal


def test_the_same_seed_replays_the_same_episode() -> None:
    first = play(TigrisEuphratesGymEnv(players=3, opponents="greedy"), seed=11)
    again = play(TigrisEuphratesGymEnv(players=3, opponents="greedy"), seed=11)
    other = play(TigrisEuphratesGymEnv(players=3, opponents="greedy"), seed=12)
    assert len(first[0]) == len(again[0])
    assert all(np.array_equal(a, b) for a, b in zip(first[0], again[0], strict=True))
    assert first[1:] == again[1:]
    assert len(first[0]) != len(other[0]) or not all(
        np.array_equal(a, b) for a, b in zip(first[0], other[0], strict=True)
    )


def test_a_random_seat_is_drawn_per_episode() -> None:
    environment = TigrisEuphratesGymEnv(players=3)
    seats = {environment.reset(seed=seed)[1]["seat"] for seed in range(12)}
    assert seats == {0, 1, 2}


@pytest.mark.parametrize("players", [2, 3])
def test_a_whole_board_game_ends_with_the_agent_s_ranking_return(players: int) -> None:
    environment = TigrisEuphratesGymEnv(players=players, opponents=RandomBot(3))
    _, reward, terminated, truncated, seat = play(environment, seed=2)
    state = environment.game_state
    assert terminated
    assert not truncated
    assert tr.is_over(state)
    assert reward == ranking_returns(state)[seat]
    assert not environment.action_masks().any()
    with pytest.raises(tr.ConfigError, match="reset"):
        environment.step(0)


def test_a_whole_card_game_ends_with_the_agent_s_ranking_return() -> None:
    environment = TigrisCardGymEnv(seat=0, opponents="greedy")
    _, reward, terminated, _, seat = play(environment, seed=3)
    assert seat == 0
    assert terminated
    assert tr.is_over(environment.game_state)
    assert reward == ranking_returns(environment.game_state)[0]


def test_one_bot_per_other_seat_plays_its_seat() -> None:
    class Counting(RandomBot):
        def __init__(self, seed: int) -> None:
            super().__init__(seed)
            self.seats: set[int] = set()

        def choose(self, state: Any) -> Any:
            seat = tr.to_move(state)
            assert seat is not None
            self.seats.add(seat)
            return super().choose(state)

    left, right = Counting(1), Counting(2)
    environment = TigrisEuphratesGymEnv(players=3, seat=1, opponents=[left, right])
    play(environment, seed=5)
    assert left.seats == {2}
    assert right.seats == {0}


def test_an_illegal_index_ends_the_episode_or_raises() -> None:
    environment = TigrisEuphratesGymEnv(seat=0)
    environment.reset(seed=1)
    illegal = int(np.flatnonzero(~environment.action_masks())[0])
    before = environment.game_state
    _, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert environment.game_state is before
    strict = TigrisEuphratesGymEnv(seat=0, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(tr.IllegalActionError):
        strict.step(illegal)
    with pytest.raises(EncodingError):
        strict.step(strict.action_space.n)
    assert strict.step(int(np.flatnonzero(strict.action_masks())[0]))[1] == 0.0


def test_a_game_past_the_cap_is_truncated_without_reward() -> None:
    environment = TigrisEuphratesGymEnv(max_decisions=30, opponents=GreedyBot(1))
    _, reward, terminated, truncated, _ = play(environment, seed=1)
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert environment.decisions == 30
    assert not tr.is_over(environment.game_state)


def test_wrong_settings_are_the_library_s_errors() -> None:
    with pytest.raises(tr.ConfigError, match="seat 2"):
        TigrisEuphratesGymEnv(seat=2)
    with pytest.raises(tr.ConfigError, match="observation"):
        TigrisEuphratesGymEnv(observation="pixels")
    with pytest.raises(tr.ArgumentTypeError, match="the 'cards' game has no board-shaped"):
        observation_planes(tr.new_game(tr.GameConfig(2, game="cards"), seed=1), 0)
    with pytest.raises(BotError, match="expected 1 opponent or 2"):
        TigrisEuphratesGymEnv(players=3, opponents=["random"])
    with pytest.raises(BotError, match="unknown bot"):
        TigrisEuphratesGymEnv(opponents="clever")
    with pytest.raises(tr.ConfigError, match="reset"):
        TigrisEuphratesGymEnv().step(0)


def test_planes_observations_are_the_planes() -> None:
    environment = TigrisEuphratesGymEnv(players=2, seat=1, observation="planes")
    seen, _ = environment.reset(seed=7)
    assert seen.shape == (len(planes_layout(environment.config)), 11, 16)
    assert np.array_equal(seen, observation_planes(environment.game_state, 1))
    assert environment.observation_space.contains(seen)


def test_render_shows_the_board() -> None:
    environment = TigrisEuphratesGymEnv(render_mode="ansi")
    environment.reset(seed=1)
    text = environment.render()
    assert text is not None
    assert text.startswith(tr.render.render_board(environment.game_state))


def test_the_step_benchmark_counts_whole_episodes_in_both_environments() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "benchmarks" / "gym_step.py"
    spec = importlib.util.spec_from_file_location("gym_step", path)
    assert spec is not None
    assert spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    steps, decisions = bench.gym_episodes("board", 2, [1])
    assert 0 < steps < decisions <= 1000
    assert 0 < bench.pettingzoo_episodes("board", 2, [1]) <= 1000
