"""The library's move ranking as the prior of OpenSpiel's MCTS: a distribution over the legal
actions led by the ranking, values in [-1, 1], and a whole game played by MCTSBot."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

import tigris_rules as tr  # noqa: E402
import tigris_rules.ai.integrations.openspiel  # noqa: E402  (registers the game)
from tigris_rules.ai.encoding import action_encoding  # noqa: E402
from tigris_rules.ai.integrations.openspiel_prior import RankingEvaluator  # noqa: E402
from tigris_rules.ai.search import ranked_actions  # noqa: E402


def past_the_deal(game: Any, seed: int, moves: int = 0) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or moves > 0:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
    return state


def test_the_prior_covers_the_legal_actions_led_by_the_ranking() -> None:
    game = pyspiel.load_game("tigris_euphrates")
    state = past_the_deal(game, 1, moves=7)
    prior = dict(RankingEvaluator(sample=0, limit=999).prior(state))  # nothing drawn
    assert set(prior) == set(state.legal_actions())
    assert sum(prior.values()) == pytest.approx(1.0)
    engine = state.game_state
    ranked = ranked_actions(engine, sample=0, limit=999)
    encoding = action_encoding(engine.config)
    best = max(prior, key=prior.__getitem__)
    assert best == encoding.encode(ranked[0])
    second = prior[encoding.encode(ranked[1])]
    assert second == pytest.approx(prior[best] * np.exp(-1 / 2.0))
    assert len(ranked) == len(prior)  # every legal action ranked


def test_actions_left_out_of_the_ranking_share_the_least_weight() -> None:
    game = pyspiel.load_game("tigris_euphrates")
    state = past_the_deal(game, 1, moves=7)
    prior = dict(RankingEvaluator(seed=3).prior(state))
    least = min(prior.values())
    left_out = [a for a, p in prior.items() if p == least]
    assert len(left_out) > len(prior) // 2
    assert sum(prior.values()) == pytest.approx(1.0)
    assert max(prior.values()) / least == pytest.approx(np.exp((len(prior) - len(left_out)) / 2))


def test_the_prior_of_a_chance_node_is_its_outcomes() -> None:
    state = pyspiel.load_game("tigris_euphrates").new_initial_state()
    assert RankingEvaluator().prior(state) == state.chance_outcomes()


def test_values_lie_in_minus_one_to_one() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=3)")
    state = past_the_deal(game, 3, moves=20)
    for evaluator in (RankingEvaluator(), RankingEvaluator(rollouts=2, max_length=30, seed=1)):
        values = evaluator.evaluate(state)
        assert values.shape == (3,)
        assert (values >= -1).all()
        assert (values <= 1).all()


def test_wrong_settings_are_the_library_s_errors() -> None:
    with pytest.raises(tr.ConfigError, match="temperature"):
        RankingEvaluator(temperature=0)
    with pytest.raises(tr.ConfigError, match="max_length"):
        RankingEvaluator(rollouts=-1)
    with pytest.raises(tr.ArgumentTypeError, match="rollouts"):
        RankingEvaluator(rollouts=1.5)  # type: ignore[arg-type]


def test_mcts_with_the_ranking_prior_plays_a_whole_two_player_game() -> None:
    game = pyspiel.load_game("tigris_euphrates")
    bot = mcts.MCTSBot(
        game,
        2.0,
        4,
        RankingEvaluator(seed=1),
        solve=False,
        random_state=np.random.RandomState(1),
        child_selection_fn=mcts.SearchNode.puct_value,
    )
    state = past_the_deal(game, 5)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(np.random.default_rng(moves).choice(actions, p=probabilities)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert tr.is_over(state.game_state)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
