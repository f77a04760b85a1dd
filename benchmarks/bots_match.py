"""Greedy bot against random bot: how often the greedy bot wins a two-player game.

Usage: ``python benchmarks/bots_match.py [--games N] [--seed S] [--players P]``

Plays ``N`` games (200 by default) of ``GreedyBot`` against ``RandomBot``; the greedy bot
takes seat 0 in even games and seat 1 in odd ones. Game ``i`` is dealt from seed ``S + i``
and the bots are seeded from it too, so the same arguments always print the same figures.
A game counts as a win when the greedy bot is ranked strictly before the random bot
(SCORE-4, SCORE-5), a tie when they share the place. It prints the win rate, ties and losses,
and the time taken.
"""

from __future__ import annotations

import argparse
import sys
import time

from tigris_rules import GameConfig, result
from tigris_rules.ai.bots import Bot, GreedyBot, RandomBot, play_game


def play_match(games: int, seed: int, players: int = 2) -> tuple[int, int, int]:
    """Play ``games`` games and return (greedy wins, ties, losses).

    With more than two players the greedy bot plays one seat against random bots, and a
    win means a place strictly before every random bot.
    """
    wins = ties = losses = 0
    for game in range(games):
        game_seed = seed + game
        greedy_seat = game % players
        bots: list[Bot] = [
            GreedyBot(game_seed * 16 + seat + 1)
            if seat == greedy_seat
            else RandomBot(game_seed * 16 + seat + 1)
            for seat in range(players)
        ]
        state, _ = play_game(GameConfig(players=players), bots, game_seed)
        places = {entry.player: entry.place for entry in result(state).players}
        mine = places[greedy_seat]
        best_other = min(place for seat, place in places.items() if seat != greedy_seat)
        if mine < best_other:
            wins += 1
        elif mine == best_other:
            ties += 1
        else:
            losses += 1
    return wins, ties, losses


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play the match and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200, help="games to play (200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="players (2)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    start = time.perf_counter()
    wins, ties, losses = play_match(args.games, args.seed, args.players)
    elapsed = time.perf_counter() - start
    print(f"greedy vs random, {args.players} players, {args.games} games (seats alternate)")
    print(f"greedy wins: {wins}/{args.games} = {100 * wins / args.games:.1f}%")
    print(f"ties: {ties}, losses: {losses}")
    print(f"time: {elapsed:.1f} s ({elapsed / args.games:.2f} s per game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
