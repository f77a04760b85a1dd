"""ISMCTS bot against greedy bots: how often the search bot wins, with a 95 % interval.

Usage: ``python benchmarks/ismcts_match.py [--game board|cards] [--games2 N] [--games4 M]
[--iterations I] [--budget SECONDS] [--seed S] [--jobs J]``

Plays ``N`` two-player games (60 by default) of ``ISMCTSBot`` against ``GreedyBot``, the
search bot taking seat 0 in even games and seat 1 in odd ones, then ``M`` four-player games
(30 by default) of one ``ISMCTSBot`` against three ``GreedyBot``, the search bot taking
seat ``i % 4`` in game ``i``. Game ``i`` of each match is dealt from seed ``S + i`` and
every bot is seeded from it, so with an iteration budget alone (``--iterations``, 200 by
default) the same arguments always give the same games. ``--game cards`` plays the card
game instead (RULES.md Part II), against :class:`~tigris_rules.ai.bots.CardGreedyBot`.
``--budget`` adds a time budget per decision in seconds: the search stops at whichever
bound comes first, and the games then depend on the machine's speed and load.

A game scores 1 when the search bot is ranked strictly before every greedy bot (SCORE-4,
SCORE-5), 1/2 when it shares the first place, and 0 otherwise; the win rate is the mean
score, given with its Wilson score interval at 95 %. Ties are also counted apart. The time
per decision is the wall-clock time of the search bot's decisions, and the processor time
they took (the two differ when other programs share the machine), with the slowest decision
by each measure. ``--jobs`` plays games in that many processes at once; each game's outcome
is written to standard error as it ends.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from multiprocessing import Pool
from typing import Any

import attrs

from tigris_rules import GameConfig, result
from tigris_rules.ai.bots import CardGreedyBot, GreedyBot, ISMCTSBot, play_game


@attrs.frozen
class Game:
    """One game to play: its deal, the number of seats and the search bot's seat and budget."""

    seed: int
    players: int
    seat: int
    iterations: int | None
    seconds: float | None
    game: str = "board"


@attrs.frozen
class Outcome:
    """How one game went for the search bot."""

    score: float
    decisions: int
    seconds: float
    cpu: float
    slowest: float
    slowest_cpu: float


class _Timed:
    """A bot whose decisions are timed."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot = bot
        self.decisions = 0
        self.seconds = 0.0
        self.cpu = 0.0
        self.slowest = 0.0
        self.slowest_cpu = 0.0

    def choose(self, state: Any) -> Any:
        start = time.perf_counter()
        cpu = time.process_time()
        action = self.bot.choose(state)
        spent = time.perf_counter() - start
        used = time.process_time() - cpu
        self.cpu += used
        self.decisions += 1
        self.seconds += spent
        self.slowest = max(self.slowest, spent)
        self.slowest_cpu = max(self.slowest_cpu, used)
        return action


def play(game: Game) -> Outcome:
    """Play ``game`` and score it for the search bot."""
    searcher = _Timed(
        ISMCTSBot(game.seed * 16 + game.seat + 1, iterations=game.iterations, seconds=game.seconds)
    )
    greedy = CardGreedyBot if game.game == "cards" else GreedyBot
    bots: list[Any] = [greedy(game.seed * 16 + seat + 1) for seat in range(game.players)]
    bots[game.seat] = searcher
    state, _ = play_game(GameConfig(players=game.players, game=game.game), bots, game.seed)
    places = {entry.player: entry.place for entry in result(state).players}
    mine = places[game.seat]
    best_other = min(place for seat, place in places.items() if seat != game.seat)
    score = 1.0 if mine < best_other else 0.5 if mine == best_other else 0.0
    outcome = Outcome(
        score,
        searcher.decisions,
        searcher.seconds,
        searcher.cpu,
        searcher.slowest,
        searcher.slowest_cpu,
    )
    print(
        f"game {game.seed} ({game.players} players, seat {game.seat}): {outcome}",
        file=sys.stderr,
    )
    return outcome


def wilson(successes: float, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials`` (95 % by default)."""
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return (centre - spread) / denominator, (centre + spread) / denominator


def report(game: str, players: int, outcomes: list[Outcome], elapsed: float) -> None:
    """Print the figures of one match."""
    games = len(outcomes)
    score = sum(o.score for o in outcomes)
    wins = sum(1 for o in outcomes if o.score == 1.0)
    ties = sum(1 for o in outcomes if o.score == 0.5)
    low, high = wilson(score, games)
    decisions = sum(o.decisions for o in outcomes)
    spent = sum(o.seconds for o in outcomes)
    cpu = sum(o.cpu for o in outcomes)
    slowest = max(o.slowest for o in outcomes)
    slowest_cpu = max(o.slowest_cpu for o in outcomes)
    opponents = "greedy" if players == 2 else f"{players - 1} greedy"
    print(f"{game} game: ismcts vs {opponents}, {players} players, {games} games (seats rotate)")
    print(
        f"  win rate {100 * score / games:.1f}% (ties as 1/2), 95% CI "
        f"[{100 * low:.1f}%, {100 * high:.1f}%]"
    )
    print(f"  wins {wins}, ties for first {ties}, losses {games - wins - ties}")
    print(
        f"  search: {decisions} decisions, {spent / decisions:.3f} s each on average "
        f"({cpu / decisions:.3f} s of processor time), slowest {slowest:.3f} s "
        f"({slowest_cpu:.3f} s of processor time)"
    )
    print(f"  match time {elapsed:.0f} s")


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play both matches and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--game", choices=("board", "cards"), default="board", help="the game played (board)"
    )
    parser.add_argument("--games2", type=int, default=60, help="two-player games (60)")
    parser.add_argument("--games4", type=int, default=30, help="four-player games (30)")
    parser.add_argument("--iterations", type=int, default=200, help="iterations per decision (200)")
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds per decision (no time budget)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing at once (1)")
    args = parser.parse_args(argv)
    if args.games2 < 0 or args.games4 < 0 or args.games2 + args.games4 == 0:
        parser.error("--games2 and --games4 must not be negative, nor both zero")
    if args.iterations < 1 or args.jobs < 1 or (args.budget is not None and args.budget <= 0):
        parser.error("--iterations, --jobs and --budget must be positive")
    budget = f"{args.iterations} iterations"
    if args.budget is not None:
        budget += f" or {args.budget} s"
    print(f"budget per decision: {budget}; {args.jobs} process(es)")
    with Pool(args.jobs) as pool:
        for players, games in ((2, args.games2), (4, args.games4)):
            if games == 0:
                continue
            todo = [
                Game(args.seed + i, players, i % players, args.iterations, args.budget, args.game)
                for i in range(games)
            ]
            start = time.perf_counter()
            outcomes = pool.map(play, todo, chunksize=1)
            report(args.game, players, outcomes, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
