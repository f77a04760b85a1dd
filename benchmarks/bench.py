"""Print how fast the rules engine runs on this machine.

Usage: ``python benchmarks/bench.py [--quick] [--seed S]``

Every figure comes from games dealt with a fixed seed, so two runs do the same work; only
the times differ. Measured:

- random playouts: whole games where every decision picks uniformly among
  ``legal_actions(state)`` (one index below ``len``, never a full list), for 2 and 4 players;
- random card games: the same for the card game (RULES.md Part II), 2 and 4 players;
- legal-action generation in the opening: ``legal_actions(state)`` built on a fresh copy of
  the opening state (so nothing cached on the state is reused) and every action iterated;
- ``apply`` in the opening: every legal action of the opening state applied to it.

The script only prints figures; it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import attrs
from _common import figure, fresh_copy, playout

from tigris_rules import apply, is_over, legal_actions, new_card_game, new_game, to_move
from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import GameState


@attrs.frozen
class Plan:
    """How much work each measurement does."""

    games: int
    generation_rounds: int
    apply_rounds: int


FULL = Plan(games=20, generation_rounds=200, apply_rounds=5)
QUICK = Plan(games=2, generation_rounds=20, apply_rounds=1)
CARD_GAMES_PER_GAME = 10
"""Card games are short (CARD-END-5 ends most random games early): ten per board game."""


def bench_playouts(players: int, games: int, seed: int) -> str:
    """Games per second of random playouts with ``players`` players."""
    config = GameConfig(players=players)
    start = time.perf_counter()
    decisions = sum(playout(config, seed + i) for i in range(games))
    elapsed = time.perf_counter() - start
    return figure(
        f"random playouts, {players} players",
        f"{games / elapsed:,.2f}",
        "games/s",
        f"{games} games, {decisions} decisions, {decisions / elapsed:,.0f} decisions/s",
    )


def card_playout(config: GameConfig, seed: int) -> int:
    """Play one card game with uniform random choices; return the number of decisions."""
    rng = random.Random(seed)
    state = new_card_game(config, seed=seed)
    decisions = 0
    while not is_over(state):
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))], player=to_move(state))
        decisions += 1
    return decisions


def bench_card_playouts(players: int, games: int, seed: int) -> str:
    """Card games per second of random playouts with ``players`` players."""
    config = GameConfig(players=players, game="cards")
    start = time.perf_counter()
    decisions = sum(card_playout(config, seed + i) for i in range(games))
    elapsed = time.perf_counter() - start
    return figure(
        f"random card games, {players} players",
        f"{games / elapsed:,.2f}",
        "games/s",
        f"{games} games, {decisions} decisions, {decisions / elapsed:,.0f} decisions/s",
    )


def bench_generation(opening: GameState, rounds: int) -> str:
    """Legal actions generated and iterated per second in the opening."""
    copies = [fresh_copy(opening) for _ in range(rounds)]
    count = 0
    start = time.perf_counter()
    for state in copies:
        for _ in legal_actions(state):
            count += 1
    elapsed = time.perf_counter() - start
    per_state = count // rounds
    return figure(
        "legal actions in the opening",
        f"{count / elapsed:,.0f}",
        "actions/s",
        f"{per_state} actions per state, {rounds} fresh states, {rounds / elapsed:,.1f} states/s",
    )


def bench_apply(opening: GameState, rounds: int) -> str:
    """``apply`` calls per second over every legal action of the opening."""
    actions = list(legal_actions(opening))
    player = to_move(opening)
    calls = 0
    start = time.perf_counter()
    for _ in range(rounds):
        for action in actions:
            apply(opening, action, player=player)
            calls += 1
    elapsed = time.perf_counter() - start
    return figure(
        "apply in the opening",
        f"{calls / elapsed:,.0f}",
        "calls/s",
        f"each of the {len(actions)} legal actions, {rounds} round(s)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmarks and print one line per figure."""
    parser = argparse.ArgumentParser(description="Benchmarks of the tigris_rules engine.")
    parser.add_argument("--quick", action="store_true", help="a short run with less work")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    seed: int = args.seed
    print(f"tigris_rules benchmarks: seed {seed}, {'quick' if args.quick else 'full'} run")
    print(f"python {sys.version.split()[0]}")
    for players in (2, 4):
        print(bench_playouts(players, plan.games, seed), flush=True)
    for players in (2, 4):
        games = plan.games * CARD_GAMES_PER_GAME
        print(bench_card_playouts(players, games, seed), flush=True)
    opening = new_game(GameConfig(players=4), seed=seed)
    print(bench_generation(opening, plan.generation_rounds), flush=True)
    print(bench_apply(opening, plan.apply_rounds), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
