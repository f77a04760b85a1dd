"""Bots: the greedy bot, its evaluation, and making bots by name."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules.ai import bots as bots_module
from tigris_rules.ai.bots import (
    BOT_NAMES,
    Bot,
    BotError,
    GreedyBot,
    RandomBot,
    evaluate,
    make_bot,
    make_bots,
    play_card_game,
    play_game,
    random_bots,
)
from tigris_rules.render.diagram import position


def test_make_bot_by_name() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot(" Greedy ", None), GreedyBot)
    assert BOT_NAMES == ("random", "greedy", "ismcts")
    with pytest.raises(BotError, match="unknown bot 'clever'"):
        make_bot("clever", 1)
    assert issubclass(BotError, tr.TigrisError)
    assert issubclass(BotError, ValueError)


def test_make_bots_from_a_list() -> None:
    bots = make_bots("greedy,random,greedy", 3, 7)
    assert [type(b) for b in bots] == [GreedyBot, RandomBot, GreedyBot]
    assert [type(b) for b in make_bots("random", 4, 7)] == [RandomBot] * 4
    for spec in ("greedy,random", "", "greedy,,random", "greedy,nobody,random"):
        with pytest.raises(BotError):
            make_bots(spec, 3, 7)


def test_evaluation_ranks_the_weakest_colour_first() -> None:
    state = position(scores={0: (3, 0, 9, 9), 1: (1, 1, 1, 1)}, treasures_held={0: 2})
    # two treasures lift red from 0 to 2: (2, 3, 9, 9)
    assert evaluate(state, 0) == ((2, 3, 9, 9), 23, 0, 2)
    assert evaluate(state, 1) == ((1, 1, 1, 1), 4, 0, 2)
    assert evaluate(state, 1) > ((1, 1, 1, 0), 100, 4, 2)


def test_greedy_takes_the_point_in_its_weakest_colour() -> None:
    state = position(
        """
             e  f  g  h
          3  .  r  0K .
          4  .  0G .  .
        """,
        hands={0: "krbggg"},
        scores={0: (0, 1, 1, 1)},
    )
    # a black tile next to the king scores black, his weakest colour
    action = GreedyBot(1).choose(state)
    assert isinstance(action, tr.PlaceTile)
    assert action.color is tr.Color.BLACK
    after = tr.apply(state, action)
    assert after.scores[0] == (1, 1, 1, 1)


def test_greedy_does_not_end_its_turn_early_for_the_income() -> None:
    state = position(
        """
             e  f  g  h
          3  .  r  0K .
        """,
        hands={0: "bbbbbb"},
    )
    assert not isinstance(GreedyBot(3).choose(state), tr.EndTurn)


@pytest.mark.parametrize(
    "variants", [(), ("english",), ("buildings", "ziggurat"), ("english", "buildings", "ziggurat")]
)
def test_greedy_games_end_with_legal_moves(variants: tuple[str, ...]) -> None:
    """Greedy against greedy and random, with every variant: every choice is legal (apply
    would raise otherwise) and the game ends."""
    config = tr.GameConfig(players=3, variants=variants)
    bots = (GreedyBot(1), RandomBot(2), GreedyBot(3))
    state, decisions = play_game(config, bots, 11, max_decisions=5000)
    assert state.over
    assert decisions < 5000


def test_greedy_is_deterministic_for_a_seed() -> None:
    config = tr.GameConfig(players=2)
    first, _ = play_game(config, (GreedyBot(5), RandomBot(6)), 3)
    second, _ = play_game(config, (GreedyBot(5), RandomBot(6)), 3)
    assert first == second


@pytest.mark.slow
def test_greedy_beats_random() -> None:
    """A small, fixed sample of benchmarks/bots_match.py (which plays 200 games)."""
    config = tr.GameConfig(players=2)
    wins = 0
    for game in range(6):
        seat = game % 2
        bots: list[Bot] = [RandomBot(100 + game), RandomBot(200 + game)]
        bots[seat] = GreedyBot(300 + game)
        state, _ = play_game(config, bots, game)
        places = {p.player: p.place for p in tr.result(state).players}
        wins += places[seat] < places[1 - seat]
    assert wins >= 5


def test_greedy_on_a_finished_game_raises() -> None:
    state, _ = play_game(tr.GameConfig(players=2), (RandomBot(1), RandomBot(2)), 1)
    with pytest.raises(RuntimeError):
        GreedyBot(1).choose(state)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(bots_module, raise_on_error=False)
    assert tried > 0
    assert failures == 0


def test_one_loop_plays_every_game() -> None:
    """``play_game`` plays the game the configuration names, the card game too;
    ``play_card_game`` is the same loop."""
    config = tr.GameConfig(players=2, game="cards")
    final, decisions = play_game(config, random_bots(2, 3), 3)
    assert tr.is_over(final)
    assert isinstance(final, tr.CardGameState)
    assert play_card_game(config, random_bots(2, 3), 3) == (final, decisions)
    board, _ = play_game(tr.GameConfig(players=2), random_bots(2, 3), 3)
    assert isinstance(board, tr.GameState)
    assert tr.is_over(board)


AI = Path(bots_module.__file__).parent


def _asks_which_game(tree: ast.AST) -> list[str]:
    """Where ``tree`` asks which game it holds: ``isinstance(x, CardGameState)``, ``type(x)
    is GameState``, a comparison with ``"cards"`` or ``"board"``."""
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "isinstance"
            and "CardGameState" in ast.unparse(node.args[1])
        ):
            found.append(ast.unparse(node))
        if isinstance(node, ast.Compare):
            text = ast.unparse(node)
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Constant) and o.value in ("cards", "board") for o in operands):
                found.append(text)
            if "type(" in text and "GameState" in text:
                found.append(text)
    return found


@pytest.mark.parametrize("path", sorted(AI.rglob("*.py")), ids=lambda p: p.name)
def test_the_ai_package_never_asks_which_game_it_holds(path: Path) -> None:
    """What differs from game to game is asked of the state's ruleset (GameEncoding,
    GameObservation), never found by testing the game."""
    assert _asks_which_game(ast.parse(path.read_text(encoding="utf-8"))) == []
