"""The OpenSpiel adapter: OpenSpiel's own conformance check, chance nodes where tiles are
dealt and drawn, observations and information states, resampling, returns, the cap on
decisions, and OpenSpiel's MCTS and ISMCTS playing."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed (tigris-rules[openspiel])"
)
np = pytest.importorskip("numpy")
pytest.importorskip("open_spiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import tigris_rules as tr  # noqa: E402
from tigris_rules.ai.encoding import action_encoding  # noqa: E402
from tigris_rules.ai.information import (  # noqa: E402
    observation,
    observation_layout,
    observation_size,
)
from tigris_rules.ai.integrations import openspiel as adapter  # noqa: E402
from tigris_rules.ai.integrations.returns import ranking_returns  # noqa: E402
from tigris_rules.rules.setup import deal_from_seed  # noqa: E402


def _dealt(game: Any, seed: int) -> Any:
    """A state of ``game`` after the hands of the deal ``new_game(config, seed=seed)`` uses."""
    state = game.new_initial_state()
    for action in adapter.deal_actions(deal_from_seed(game.config, seed)):
        state.apply_action(action)
    return state


def _draw(state: Any, rng: Any) -> None:
    """Each chance node up to the next decision, drawn with its probabilities."""
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probabilities)))


def _random_play(state: Any, rng: Any, decisions: int) -> Any:
    for _ in range(decisions):
        _draw(state, rng)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
        _draw(state, rng)
    return state


def _decisions(state: Any) -> int:
    """How many player actions the history holds."""
    return sum(1 for item in state.full_history() if item.player >= 0)


@pytest.mark.parametrize(
    "spec",
    [
        "tigris_euphrates",
        "tigris_euphrates(players=3,board=alternative,variants=english+buildings+ziggurat)",
        "tigris_euphrates(players=4)",
    ],
)
@pytest.mark.slow
def test_openspiel_random_simulation_check(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_parameters_give_the_configuration_and_sizes() -> None:
    game = pyspiel.load_game(
        "tigris_euphrates", {"players": 3, "variants": "english,buildings", "max_decisions": 50}
    )
    config = tr.GameConfig(players=3, variants=("english", "buildings"))
    assert game.config == config
    assert game.num_players() == 3
    assert game.num_distinct_actions() == action_encoding(config).size == 2057
    assert game.max_chance_outcomes() == 4
    assert game.max_game_length() == 50
    assert game.observation_tensor_shape() == [sum(n for _, n in observation_layout(config))]
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    plus = pyspiel.load_game("tigris_euphrates(players=3,variants=english+buildings)")
    assert plus.config == config


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"players": 5}, "SETUP-1"),
        ({"board": "round"}, "unknown board"),
        ({"variants": "english+nope"}, "unknown variant 'nope'"),
        ({"max_decisions": 0}, "max_decisions"),
    ],
)
def test_bad_parameters_are_named(params: dict[str, Any], message: str) -> None:
    with pytest.raises(tr.ConfigError, match=message):
        pyspiel.load_game("tigris_euphrates", params)


def test_the_deal_is_the_hands_only_proportional_to_the_tiles_left() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(0, 30 / 143), (1, 47 / 143), (2, 36 / 143), (3, 30 / 143)]
    state.apply_action(2)
    assert dict(state.chance_outcomes())[2] == 35 / 142
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "deal blue"
    with pytest.raises(tr.DealError, match="chance action 4"):
        state.apply_action(4)
    for _ in range(11):
        state.apply_action(0)
    assert not state.is_chance_node()
    assert len(state.history()) == 12
    assert state.game_state.hands == ((5, 0, 1, 0), (6, 0, 0, 0))
    assert state.game_state.bag_size == 143 - 12


def test_a_draw_is_chance_nodes_when_it_happens() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = _dealt(game, seed=1)
    encoding = action_encoding(game.config)
    before = state.game_state
    tile = next(a for a in tr.legal_actions(before) if isinstance(a, tr.PlaceTile))
    state.apply_action(encoding.encode(tile))
    assert not state.is_chance_node()  # placing a tile draws nothing
    state.apply_action(encoding.encode(tr.EndTurn()))
    assert state.is_chance_node()
    bag = before.bag[before.bag_pos :]
    assert state.chance_outcomes() == [(c, bag.count(c) / len(bag)) for c in range(4)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "draw green"
    assert state.game_state.active == 0  # the end of the turn waits for its draw
    state.apply_action(3)
    assert not state.is_chance_node()
    assert state.game_state.active == 1
    hand = list(before.hands[0])
    hand[tile.color.index] -= 1
    hand[3] += 1
    assert state.game_state.hands[0] == tuple(hand)
    assert "  seat 0 draws green" in state.information_state_string(0).splitlines()
    assert "seat 0 draws green" not in state.information_state_string(1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_chance_actions_of_a_seed_deal_replay_new_game(players: int) -> None:
    game = pyspiel.load_game("tigris_euphrates", {"players": players})
    state = _dealt(game, seed=7)
    seeded = tr.new_game(game.config, seed=7)
    assert state.game_state.hands == seeded.hands
    assert sorted(state.game_state.bag) == sorted(seeded.bag)
    assert state.current_player() == 0
    assert len(state.history()) == 6 * players


def test_a_game_is_reproducible_from_its_history() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=3)")
    state = _random_play(_dealt(game, seed=3), np.random.default_rng(3), 80)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert again.game_state == state.game_state
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)


def test_player_actions_are_the_encoding_and_the_notation() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = _dealt(game, seed=1)
    encoding = action_encoding(game.config)
    legal = state.legal_actions()
    assert legal == sorted(encoding.encode(a) for a in tr.legal_actions(state.game_state))
    move = tr.PlaceTile(tr.Color.RED, "g4")
    index = encoding.encode(move)
    assert state.action_to_string(0, index) == tr.format_action(move) == "tile red g4"
    clone = state.clone()
    clone.apply_action(index)
    before = state.game_state
    assert clone.game_state == tr.apply(before, move)
    assert state.game_state is before  # the clone is separate


def test_observation_tensor_is_the_library_observation() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=3)")
    state = game.new_initial_state()
    assert not any(state.observation_tensor(1))  # nothing to see while dealing
    state = _random_play(_dealt(game, seed=5), np.random.default_rng(5), 40)
    for player in range(3):
        assert state.observation_tensor(player) == list(
            map(float, observation(state.game_state, player))
        )
    assert "View of seat 2" in state.observation_string(2)


def test_a_seat_cannot_tell_deals_that_differ_only_in_what_it_cannot_see() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    deal = deal_from_seed(game.config, 11)
    other = attrs.evolve(
        deal, hands=(deal.hands[0], deal.bag[:6]), bag=deal.hands[1] + deal.bag[6:]
    )
    assert other.hands[1] != deal.hands[1]
    states = []
    for chosen in (deal, other):
        state = game.new_initial_state()
        for action in adapter.deal_actions(chosen):
            state.apply_action(action)
        states.append(state)
    first, second = states
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert first.observation_tensor(1) != second.observation_tensor(1)


def _two_histories(game: Any) -> list[Any]:
    """Two games seat 0 cannot tell apart: equal hands of seat 0, other hands for seat 1;
    seat 0 places a tile and ends his turn (drawing blue in both), seat 1 ends his."""
    deal = deal_from_seed(game.config, 11)
    other = attrs.evolve(
        deal, hands=(deal.hands[0], deal.bag[:6]), bag=deal.hands[1] + deal.bag[6:]
    )
    assert other.hands[1] != deal.hands[1]
    encoding = action_encoding(game.config)
    states = []
    for chosen in (deal, other):
        state = game.new_initial_state()
        for action in adapter.deal_actions(chosen):
            state.apply_action(action)
        tile = next(a for a in tr.legal_actions(state.game_state) if isinstance(a, tr.PlaceTile))
        for move in (tile, tr.EndTurn()):
            state.apply_action(encoding.encode(move))
        state.apply_action(tr.Color.BLUE.index)  # the one tile drawn
        state.apply_action(encoding.encode(tr.EndTurn()))  # seat 1's hand is full
        assert state.current_player() == 0
        states.append(state)
    return states


def test_histories_a_seat_cannot_tell_apart_give_it_one_information_state() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    first, second = _two_histories(game)
    assert first.history() != second.history()
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_tensor(0) == second.information_state_tensor(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert first.information_state_tensor(1) != second.information_state_tensor(1)


def test_the_information_state_tensor_is_the_observation_discards_and_decisions() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=3)")
    size = observation_size(game.config) + 4 + 1
    assert game.information_state_tensor_shape() == [size]
    state = game.new_initial_state()
    assert state.information_state_tensor(0) == [0.0] * size
    state = _dealt(game, seed=2)
    hand = state.game_state.hands[0]
    swap = tr.SwapTiles(*(min(n, 1) for n in hand))
    state.apply_action(action_encoding(game.config).encode(swap))
    _draw(state, np.random.default_rng(2))
    tensor = state.information_state_tensor(0)
    assert len(tensor) == size
    assert tensor[: size - 5] == list(map(float, observation(state.game_state, 0)))
    assert tensor[size - 5 :] == [*map(float, swap.counts), 1.0]
    assert state.information_state_tensor(1)[size - 5 :] == [0.0, 0.0, 0.0, 0.0, 1.0]


@pytest.mark.parametrize(
    "spec", ["tigris_euphrates(players=3)", "tigris_euphrates_cards(players=2)"]
)
def test_tensors_and_legal_actions_answer_as_openspiel_s_own_methods(spec: str) -> None:
    """The state answers ``information_state_tensor``, ``observation_tensor``,
    ``legal_actions`` and ``is_chance_node`` itself, as OpenSpiel's methods (through the
    observers and ``_legal_actions``) do, at chance nodes, decisions and the end, for every
    seat and the player to move; any other argument is OpenSpiel's to answer (and refuse)."""
    game = pyspiel.load_game(spec)
    players = game.num_players()
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    for _ in range(400):
        for seat in range(players):
            assert state.information_state_tensor(seat) == (
                pyspiel.State.information_state_tensor(state, seat)
            )
            assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
            assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if state.current_player() >= 0:
            assert state.information_state_tensor() == (
                pyspiel.State.information_state_tensor(state)
            )
            assert state.observation_tensor() == pyspiel.State.observation_tensor(state)
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.legal_actions(np.int64(0)) == pyspiel.State.legal_actions(state, 0)
    with pytest.raises(pyspiel.SpielError):
        state.information_state_tensor(players)
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(-1)
    with pytest.raises(TypeError):
        state.information_state_tensor(player=0)


def test_the_draws_keep_what_the_rules_computed_of_the_state() -> None:
    """The state an action is applied to once its draws are chosen keeps the private cache
    of the state before (nothing in it depends on the bag), in a cache of its own."""
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = _random_play(_dealt(game, seed=3), np.random.default_rng(3), 6)
    before = state.game_state
    legal = tr.legal_actions(before)  # computes the regions and the targets
    undrawn = before.bag[before.bag_pos :]
    drawing = before.ruleset.spiel_drawing(before, [undrawn[-1], undrawn[0]])
    assert drawing.bag[drawing.bag_pos : drawing.bag_pos + 2] == (undrawn[-1], undrawn[0])
    assert drawing._cache is not before._cache
    for name in type(before._cache).__slots__:
        assert getattr(drawing._cache, name) is getattr(before._cache, name)
    assert before._cache.regions is not None
    assert list(tr.legal_actions(drawing)) == list(legal)


def test_the_card_draws_keep_what_the_rules_computed_of_the_state() -> None:
    game = pyspiel.load_game("tigris_euphrates_cards(players=2)")
    state = _random_play(game.new_initial_state(), np.random.default_rng(4), 6)
    before = state.game_state
    legal = tr.legal_actions(before)  # computes the kingdoms and the table
    undrawn = before.draw[before.draw_pos :] + before.set_aside
    drawing = before.ruleset.spiel_drawing(before, [undrawn[-1]])
    assert drawing.draw[drawing.draw_pos] == undrawn[-1]
    assert drawing._cache is not before._cache
    for name in type(before._cache).__slots__:
        assert getattr(drawing._cache, name) is getattr(before._cache, name)
    assert before._cache.kingdoms is not None
    assert list(tr.legal_actions(drawing)) == list(legal)


def test_the_root_search_does_not_depend_on_the_order_of_the_bag() -> None:
    """Deals with equal hands and bags in other orders give one state, and OpenSpiel's MCTS
    with one seed searches it alike: the search meets each draw as a chance node."""
    game = pyspiel.load_game("tigris_euphrates(players=2,max_decisions=12)")
    deal = deal_from_seed(game.config, 5)
    reordered = attrs.evolve(deal, bag=deal.bag[::-1])
    searches = []
    for chosen in (deal, reordered):
        state = game.new_initial_state()
        for action in adapter.deal_actions(chosen):
            state.apply_action(action)
        rng = np.random.RandomState(9)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=30, evaluator=evaluator, random_state=rng
        )
        root = bot.mcts_search(state)
        searches.append(sorted((c.action, c.explore_count, c.total_reward) for c in root.children))
    assert searches[0] == searches[1]


def test_a_sample_keeps_what_the_seat_has_seen_and_draws_the_rest_again() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=3)")
    state = _random_play(_dealt(game, seed=8), np.random.default_rng(8), 30)
    player = state.current_player()
    samples = [
        state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        for _ in range(5)
    ]
    for sample in samples:
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.information_state_tensor(player) == state.information_state_tensor(player)
        assert sample.legal_actions() == state.legal_actions()
        assert tr.views.view(sample.game_state, player) == tr.views.view(state.game_state, player)
    others = {sample.game_state.hands for sample in samples}
    assert len(others) > 1  # the other hands are drawn again
    state.apply_action(state.legal_actions()[0])
    if state.is_chance_node():  # a sample chooses the draws again
        sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert sample.is_chance_node()


def test_a_sample_draws_the_others_discards_again_and_can_be_sampled_again() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = _dealt(game, seed=2)
    hand = state.game_state.hands[0]
    swap = tr.SwapTiles(*(n for n in hand))  # the whole hand: 6 tiles face down
    state.apply_action(action_encoding(game.config).encode(swap))
    _draw(state, np.random.default_rng(2))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen_out = set()
    for _ in range(10):
        sample = state.resample_from_infostate(1, sampler)
        seen_out.add(sample.game_state.out_of_game)
        assert sum(sample.game_state.out_of_game) == 6
        for seat in (0, 1):
            again = sample.resample_from_infostate(seat, sampler)
            assert again.information_state_string(seat) == state.information_state_string(seat)
        mine = sample.resample_from_infostate(0, sampler)
        assert mine.game_state.out_of_game == sample.game_state.out_of_game  # seat 0's own
    assert len(seen_out) > 1  # seat 1 does not know which colours seat 0 discarded
    with pytest.raises(tr.TigrisError, match="player_id 2"):
        state.resample_from_infostate(2, sampler)


def test_a_sample_while_dealing_keeps_the_seat_s_own_tiles() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = game.new_initial_state()
    for action in adapter.deal_actions(deal_from_seed(game.config, 3))[:9]:
        state.apply_action(action)
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.dealt[:6] == state.dealt[:6]
    assert len(sample.dealt) == 9
    assert sample.information_state_string(0) == state.information_state_string(0)


def test_another_players_swap_shows_only_its_size() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = _dealt(game, seed=2)
    hand = state.game_state.hands[0]
    swap = tr.SwapTiles(*(min(n, 1) for n in hand))
    state.apply_action(action_encoding(game.config).encode(swap))
    assert state.is_chance_node()  # the swap waits for its draws
    _draw(state, np.random.default_rng(2))
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert f"seat 0: {tr.format_action(swap)}" in mine
    assert f"seat 0: swap {sum(swap.counts)} tiles" in theirs
    assert tr.format_action(swap) not in theirs


def test_returns_at_the_end_are_the_ranking() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=4)")
    state = _random_play(_dealt(game, seed=4), np.random.default_rng(4), 1000)
    assert state.is_terminal()
    assert tr.is_over(state.game_state)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == list(ranking_returns(state.game_state))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_the_cap_on_decisions_ends_the_game_on_the_standing() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2,max_decisions=30)")
    state = _random_play(_dealt(game, seed=6), np.random.default_rng(6), 100)
    assert state.is_terminal()
    assert not tr.is_over(state.game_state)
    assert _decisions(state) == 30
    assert state.returns() == list(ranking_returns(state.game_state))
    assert state.information_state_string(0).endswith("stopped after 30 decisions")
    with pytest.raises(tr.IllegalActionError, match="END-3"):
        state.apply_action(action_encoding(game.config).encode(tr.EndTurn()))


def test_an_illegal_action_is_rejected_with_its_rule() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    state = _dealt(game, seed=1)
    before = state.game_state
    with pytest.raises(tr.IllegalActionError):
        state.apply_action(action_encoding(game.config).encode(tr.CommitSupport(2)))
    assert state.game_state is before


class _FlatEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """No look-ahead: every state is worth 0, every legal action equally likely."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def _play_with(bot: Any, state: Any, rng: Any, decisions: int) -> Any:
    for _ in range(decisions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


def test_mcts_with_random_rollouts_chooses_legal_moves() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, random_state=rng)
    state = _play_with(bot, _dealt(game, seed=1), rng, 3)
    assert _decisions(state) <= 3
    assert state.game_state is not None


def test_mcts_plays_a_whole_game_through_the_adapter() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=3)")
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=2, evaluator=_FlatEvaluator(), random_state=rng
    )
    state = _play_with(bot, game.new_initial_state(), rng, 2000)
    assert state.is_terminal()
    assert tr.is_over(state.game_state)
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("spec", ["tigris_euphrates", "tigris_euphrates_cards"])
def test_ismcts_plays_a_game_to_its_end_against_random(spec: str) -> None:
    """OpenSpiel's ISMCTS, which searches states drawn by ``resample_from_infostate`` and
    checks that each has the information state of the root, plays seat 0."""
    game = pyspiel.load_game(f"{spec}(max_decisions=24)")
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=2.0,
        max_simulations=6,
        random_state=rng,
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            _draw(state, rng)
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 3
    assert _decisions(state) == 24
    assert sum(state.returns()) == pytest.approx(0.0)


def test_evaluate_bots_plays_uniform_random_bots_through_the_adapter() -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("tigris_euphrates_cards(players=3,max_decisions=60)")
    bots = [pyspiel.make_uniform_random_bot(seat, seat) for seat in range(3)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(1))
    assert sum(returns) == pytest.approx(0.0)


def test_outcome_sampling_mccfr_learns_finite_regrets() -> None:
    """Outcome-sampling MCCFR samples one history per iteration, so it runs on a game of
    this size (capped short here); full-tree CFR does not (docs/integrations.md)."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("tigris_euphrates_cards(max_decisions=20)")
    np.random.seed(3)  # the solver samples with numpy's global generator
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    tables = list(solver._infostates.values())
    assert len(tables) > 50
    assert all(np.isfinite(table).all() for table in tables)
    state = game.new_initial_state()
    _draw(state, np.random.default_rng(1))
    policy = solver.average_policy().action_probabilities(state, 0)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0)


@pytest.mark.slow
def test_mcts_with_random_rollouts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("tigris_euphrates(players=2)")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng)
    state = _play_with(bot, game.new_initial_state(), rng, 2000)
    assert state.is_terminal()
    assert state.returns() == list(ranking_returns(state.game_state))
