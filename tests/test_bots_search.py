"""The search bot (ISMCTS): legal and reproducible choices, no peeking at hidden information,
and a winning move that a one-input look-ahead misses."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.ai.bots import (
    Bot,
    BotError,
    CardGreedyBot,
    GreedyBot,
    ISMCTSBot,
    RandomBot,
    make_bot,
    make_bots,
    make_card_bots,
    play_game,
)
from tigris_rules.ai.search import DEFAULT_ITERATIONS, SearchError, position_values
from tigris_rules.render.diagram import position
from tigris_rules.tools.cli import main


def _play(
    config: tr.GameConfig, bots: Sequence[Bot], seed: int, decisions: int
) -> list[tr.GameState]:
    """The states of the first ``decisions`` decisions of a game between ``bots``."""
    state = tr.new_game(config, seed=seed)
    states = [state]
    for _ in range(decisions):
        if tr.is_over(state):
            break
        player = tr.to_move(state)
        assert player is not None
        action = bots[player].choose(state)
        assert action in tr.legal_actions(state)
        state = tr.apply(state, action, player=player)
        states.append(state)
    return states


@pytest.mark.parametrize(
    "config",
    [
        tr.GameConfig(players=2),
        tr.GameConfig(players=4),
        tr.GameConfig(
            players=3, board="alternative", variants=("english", "buildings", "ziggurat")
        ),
    ],
)
def test_the_bot_chooses_only_legal_inputs(config: tr.GameConfig) -> None:
    """Every input the bot picks is one of the legal inputs, through conflicts and decisions
    (answered by the bot whoever is active)."""
    bots = [ISMCTSBot(seat, iterations=12) for seat in range(config.players)]
    states = _play(config, bots, 5, 40)
    assert len(states) == 41


def test_the_bot_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    config = tr.GameConfig(players=2)
    first = _play(config, [ISMCTSBot(3, iterations=15), GreedyBot(4)], 2, 20)
    second = _play(config, [ISMCTSBot(3, iterations=15), GreedyBot(4)], 2, 20)
    assert first == second


def _hidden_shuffled(state: tr.GameState, player: int, seed: int) -> tr.GameState:
    """``state`` with the other hands and the rest of the bag dealt again from the tiles
    among them: a state ``player`` cannot tell from ``state``."""
    pool = list(state.bag[state.bag_pos :])
    for seat, hand in enumerate(state.hands):
        if seat != player:
            pool.extend(color for color, count in enumerate(hand) for _ in range(count))
    random.Random(seed).shuffle(pool)
    hands = list(state.hands)
    for seat, hand in enumerate(state.hands):
        if seat != player:
            dealt = [0, 0, 0, 0]
            for color in pool[: sum(hand)]:
                dealt[color] += 1
            del pool[: sum(hand)]
            hands[seat] = (dealt[0], dealt[1], dealt[2], dealt[3])
    return attrs.evolve(state, hands=tuple(hands), bag=state.bag[: state.bag_pos] + tuple(pool))


@pytest.mark.parametrize("decision", [0, 9, 23])
def test_the_bot_never_looks_at_the_hidden_hands_or_the_bag(decision: int) -> None:
    """Two states that differ only in the other players' hands and the bag's order give the
    same choice for the same seed and iterations."""
    config = tr.GameConfig(players=3)
    state = _play(config, [GreedyBot(1), GreedyBot(2), GreedyBot(3)], 8, decision)[-1]
    player = tr.to_move(state)
    assert player is not None
    other = _hidden_shuffled(state, player, decision)
    assert other.hands != state.hands
    assert other.bag != state.bag
    assert list(tr.legal_actions(other)) == list(tr.legal_actions(state))
    for seed in range(3):
        mine = ISMCTSBot(seed, iterations=25).choose(state)
        assert ISMCTSBot(seed, iterations=25).choose(other) == mine


WAR_AT_HAND = position(
    """
         e  f  g  h  i  j
      3  g  g  g  .  g  .
      4  r  0G g  .  1G r
      5  g  g  .  .  g  .
    """,
    hands={0: "ggrrkk", 1: "kk"},
    scores={0: (5, 5, 5, 0), 1: (3, 3, 3, 3)},
    actions_taken=1,
)
"""Seat 0's last action of the turn: a tile on h3 or h4 unites the kingdoms and starts a
green war that he wins whatever seat 1 commits (6 supporters against 2 and two tiles in
hand), worth 3 green VP in his weakest colour. A green tile next to his trader scores 1."""


@pytest.mark.parametrize("seed", range(3))
def test_the_bot_finds_a_won_war(seed: int) -> None:
    action = ISMCTSBot(seed, iterations=40).choose(WAR_AT_HAND)
    assert isinstance(action, tr.PlaceTile)
    assert action.square in ("h3", "h4")


def test_the_greedy_bot_does_not_see_the_war() -> None:
    """The position tells the two bots apart: a war's VP come after the answers, beyond the
    greedy bot's one input."""
    for seed in range(3):
        action = GreedyBot(seed).choose(WAR_AT_HAND)
        assert not (isinstance(action, tr.PlaceTile) and action.square in ("h3", "h4"))


def test_position_values() -> None:
    values = position_values(WAR_AT_HAND)
    assert len(values) == 2
    assert all(0.0 < v < 1.0 for v in values)
    assert values[1] > values[0]  # seat 1 leads by his weakest colour
    state, _ = play_game(tr.GameConfig(players=2), (GreedyBot(1), GreedyBot(2)), 4)
    winners = tr.result(state).winners
    assert position_values(state) == tuple(
        1 / len(winners) if seat in winners else 0.0 for seat in range(2)
    )


def test_a_single_legal_input_is_returned_without_search() -> None:
    state = tr.apply(WAR_AT_HAND, tr.PlaceTile(tr.Color.BLACK, "h3"))
    decision = state.pending
    assert decision is not None
    state = tr.apply(state, tr.CommitSupport(2))
    legal = tr.legal_actions(state)
    if len(legal) == 1:
        assert ISMCTSBot(1, iterations=1).choose(state) == legal[0]
    else:
        assert ISMCTSBot(1, iterations=5).choose(state) in legal


def test_bad_budgets_and_states_are_refused() -> None:
    for bad in ({"iterations": 0}, {"iterations": 2.5}, {"iterations": True}, {"seconds": 0}):
        with pytest.raises(SearchError):
            ISMCTSBot(1, **bad)
    assert issubclass(SearchError, tr.TigrisError)
    with pytest.raises(tr.ArgumentTypeError, match="state"):
        ISMCTSBot(1).choose("a state")
    over, _ = play_game(tr.GameConfig(players=2), (RandomBot(1), RandomBot(2)), 1)
    with pytest.raises(SearchError, match="over"):
        ISMCTSBot(1).choose(over)


def test_a_time_budget_stops_the_search() -> None:
    action = ISMCTSBot(1, seconds=0.05).choose(tr.new_game(tr.GameConfig(players=2), seed=1))
    assert action in tr.legal_actions(tr.new_game(tr.GameConfig(players=2), seed=1))


def test_make_bot_knows_ismcts() -> None:
    bot = make_bot("ismcts", 1)
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == DEFAULT_ITERATIONS
    assert bot.seconds is None
    small = make_bot(" ISMCTS:7 ", 1)
    assert isinstance(small, ISMCTSBot)
    assert small.iterations == 7
    assert [type(b) for b in make_bots("ismcts:5,greedy", 2, 1)] == [ISMCTSBot, GreedyBot]
    for bad in (
        "ismcts:0",
        "ismcts:x",
        "ismcts:",
        "ismcts:-3",
        "ismcts:\u00b2",
        "ismcts:1:2",
        "ismctss",
    ):
        with pytest.raises(BotError):
            make_bot(bad, 1)
    assert [type(b) for b in make_card_bots("ismcts:5,greedy", 2, 1)] == [
        ISMCTSBot,
        CardGreedyBot,
    ]
    with pytest.raises(BotError, match="card-game bots"):
        make_card_bots("ismcts,nobody", 2, 1)


def test_cli_play_with_the_search_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "2", "--seed", "3", "--bots", "ismcts:2,greedy"]) == 0
    out = capsys.readouterr().out
    assert "(ismcts:2, greedy bots)" in out
    assert "Game over after" in out
