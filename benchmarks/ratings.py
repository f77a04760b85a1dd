"""Elo ratings of the bots from a round robin of two-player games, with 95 % intervals and
the processor time per decision of each bot, printed as Markdown tables.

Usage: ``python benchmarks/ratings.py [--game board|cards|both] [--games N] [--top-games M]
[--iterations 100,200,800] [--seed S] [--jobs J] [--bootstrap B] [--record FILE]
[--from FILE]``

The bots are ``random``, ``greedy`` (:class:`~tigris_rules.ai.bots.GreedyBot`, in the card
game :class:`~tigris_rules.ai.bots.CardGreedyBot`) and
:class:`~tigris_rules.ai.search.ISMCTSBot` at each iteration budget of ``--iterations``.
Every pair of bots plays ``N`` two-player games (20 by default), except the pairs that
include the search bot with the largest budget, which play ``M`` (``--top-games``, ``N`` by
default): they cost the most. Game ``i`` of every pair is dealt from seed ``S + i`` (the same
deals for every pair), the first bot of the pair (in the order above) takes seat ``i % 2``,
and each seat's bot is seeded with ``(S + i) * 16 + seat + 1``; with iteration budgets the
same arguments always give the same games, whatever ``--jobs``.

The ratings are the maximum-likelihood fit of the Bradley-Terry model on the Elo scale: the
bot rated ``r`` scores ``1 / (1 + 10 ** ((r' - r) / 400))`` on average against the bot rated
``r'``; a game scores 1 to the bot ranked first (SCORE-4, SCORE-5), 1/2 to each when they
share the place. One virtual drawn game is added to every pair played, so that a bot that
wins every game still has a finite rating (the *prior*, as BayesElo does); the ratings are
anchored so that their mean is 1500. The 95 % intervals are the 2.5th and 97.5th
percentiles of the ratings refitted on ``B`` bootstrap samples (1000 by default; each pair's
games drawn again with replacement, seeded with ``S``). The processor time per decision of a
bot is the process's CPU time spent in its ``choose`` calls divided by its decisions, over
every game it played in this run (a decision with a single legal input counts, answered at
once by the search bot).

``--jobs`` plays games in that many processes at once, the costliest first; each game's
outcome is written to standard error as it ends. ``--record FILE`` appends every game played
to ``FILE`` (one JSON object a line) and does not play again the games already recorded
there (the same game, bots, deal and seed), so an interrupted run goes on where it stopped;
``--from FILE`` plays nothing and prints the tables of every game recorded there.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from multiprocessing import Pool
from typing import Any

import attrs

from tigris_rules import GameConfig, result
from tigris_rules.ai.bots import make_bots, make_card_bots, play_game

PRIOR_DRAWS = 1.0
"""The virtual drawn games added to every pair played."""

BASE = 1500.0
"""The mean of the ratings."""


@attrs.frozen
class Pairing:
    """One game to play: the game, the two bots (the first takes seat ``index % 2``) and
    the index of the deal."""

    game: str
    first: str
    second: str
    index: int
    seed: int


@attrs.frozen
class Played:
    """One game played: its pairing, the first bot's score, and each bot's decisions and
    processor time spent deciding."""

    game: str
    first: str
    second: str
    index: int
    seed: int
    score: float
    decisions: tuple[int, int]
    cpu: tuple[float, float]


class _Timed:
    """A bot whose decisions are counted and timed in processor time."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0
        self.cpu = 0.0

    def choose(self, state: Any) -> Any:
        start = time.process_time()
        action = self.bot.choose(state)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return action


def _bot_spec(name: str) -> str:
    """The name :func:`make_bots` knows for the bot called ``name`` here."""
    return name.replace("ismcts-", "ismcts:")


def play(pairing: Pairing) -> Played:
    """Play one game of the round robin."""
    seed = pairing.seed + pairing.index
    seat = pairing.index % 2
    names = [pairing.second, pairing.second]
    names[seat] = pairing.first
    names[1 - seat] = pairing.second
    spec = ",".join(_bot_spec(name) for name in names)
    made: Sequence[Any] = (
        make_card_bots(spec, 2, seed) if pairing.game == "cards" else make_bots(spec, 2, seed)
    )
    timed = [_Timed(bot) for bot in made]
    state, _ = play_game(GameConfig(players=2, game=pairing.game), timed, seed)
    places = {entry.player: entry.place for entry in result(state).players}
    mine, other = places[seat], places[1 - seat]
    score = 1.0 if mine < other else 0.5 if mine == other else 0.0
    played = Played(
        pairing.game,
        pairing.first,
        pairing.second,
        pairing.index,
        pairing.seed,
        score,
        (timed[seat].decisions, timed[1 - seat].decisions),
        (timed[seat].cpu, timed[1 - seat].cpu),
    )
    print(json.dumps(attrs.asdict(played)), file=sys.stderr, flush=True)
    return played


def bot_names(iterations: Sequence[int]) -> list[str]:
    """The bots of the round robin, weakest expected first."""
    return ["random", "greedy", *(f"ismcts-{n}" for n in iterations)]


def pairings(
    game: str, names: Sequence[str], games: int, top_games: int, seed: int
) -> list[Pairing]:
    """Every game of the round robin of ``names`` in ``game``."""
    searchers = [name for name in names if name.startswith("ismcts-")]
    top = max(searchers, key=lambda name: int(name.split("-")[1])) if searchers else None
    todo = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            costly = top in (first, second)
            for index in range(top_games if costly else games):
                todo.append(Pairing(game, first, second, index, seed))
    return todo


def _cost(pairing: Pairing) -> int:
    """A rough guess at the cost of a game, to play the costliest first."""

    def of(name: str) -> int:
        return int(name.split("-")[1]) if name.startswith("ismcts-") else 0

    return of(pairing.first) + of(pairing.second)


def fit_elo(
    names: Sequence[str], games: Iterable[tuple[str, str, float]], prior: float = PRIOR_DRAWS
) -> dict[str, float]:
    """The Bradley-Terry ratings on the Elo scale, with mean :data:`BASE`, of the games
    ``(first, second, first's score)`` among ``names``; ``prior`` virtual draws (positive)
    are added to every pair that played.

    Fitted by the minorization-maximization iteration of D. R. Hunter, "MM algorithms for
    generalized Bradley-Terry models", The Annals of Statistics 32(1), 2004."""
    played, points = _tallies(names, games, prior)
    count = len(names)
    strength = [1.0] * count
    for _ in range(100_000):
        new = []
        for a in range(count):
            denominator = sum(
                played[a][b] / (strength[a] + strength[b])
                for b in range(count)
                if b != a and played[a][b] > 0
            )
            new.append(points[a] / denominator if denominator > 0 else strength[a])
        centre = math.exp(sum(math.log(s) for s in new) / count)
        new = [s / centre for s in new]
        change = max(abs(math.log(n / s)) for n, s in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return {name: BASE + 400 * math.log10(strength[i]) for i, name in enumerate(names)}


def _tallies(
    names: Sequence[str], games: Iterable[tuple[str, str, float]], prior: float
) -> tuple[list[list[float]], list[float]]:
    """The games played by each pair and the points of each bot, the virtual draws
    included."""
    if prior <= 0:
        raise ValueError(f"prior must be positive, got {prior!r}")
    index = {name: i for i, name in enumerate(names)}
    count = len(names)
    played = [[0.0] * count for _ in range(count)]
    points = [0.0] * count
    for first, second, score in games:
        a, b = index[first], index[second]
        played[a][b] += 1
        played[b][a] += 1
        points[a] += score
        points[b] += 1 - score
    for a in range(count):
        for b in range(count):
            if a != b and played[a][b] > 0:
                played[a][b] += prior
                points[a] += prior / 2
    return played, points


def curvature(
    names: Sequence[str], games: Sequence[tuple[str, str, float]], prior: float = PRIOR_DRAWS
) -> dict[str, float]:
    """Half the width of the 95 % interval of each rating by the curvature of the
    log-likelihood at its maximum (the observed information, virtual draws included; the
    mean of the ratings held fixed): 1.96 standard errors, in Elo."""
    ratings = fit_elo(names, games, prior)
    played, _ = _tallies(names, games, prior)
    count = len(names)
    scale = 400 / math.log(10)
    information = [[0.0] * count for _ in range(count)]
    for a in range(count):
        for b in range(count):
            if a != b and played[a][b] > 0:
                expected = 1 / (1 + 10 ** ((ratings[names[b]] - ratings[names[a]]) / 400))
                weight = played[a][b] * expected * (1 - expected)
                information[a][b] -= weight
                information[a][a] += weight
    # The pseudo-inverse of a connected graph's Laplacian L is (L + J/n)^-1 - J/n.
    shifted = [[value + 1 / count for value in row] for row in information]
    inverse = _inverse(shifted)
    return {
        name: 1.959964 * scale * math.sqrt(max(inverse[i][i] - 1 / count, 0.0))
        for i, name in enumerate(names)
    }


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a square matrix, by Gauss-Jordan elimination with partial pivoting."""
    size = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[column], strict=True)]
    return [row[size:] for row in rows]


def bootstrap(
    names: Sequence[str], games: Sequence[tuple[str, str, float]], samples: int, seed: int
) -> dict[str, tuple[float, float]]:
    """The 95 % interval of each rating: the 2.5th and 97.5th percentiles over ``samples``
    refits on the games of each pair drawn again with replacement (``random.Random(seed)``)."""
    rng = random.Random(seed)
    by_pair: dict[tuple[str, str], list[tuple[str, str, float]]] = {}
    for entry in games:
        by_pair.setdefault((entry[0], entry[1]), []).append(entry)
    fits: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(samples):
        drawn = [
            pair_games[rng.randrange(len(pair_games))]
            for _, pair_games in sorted(by_pair.items())
            for _ in pair_games
        ]
        for name, rating in fit_elo(names, drawn).items():
            fits[name].append(rating)
    intervals = {}
    for name, values in fits.items():
        values.sort()
        low = values[max(0, math.floor(0.025 * len(values)))]
        high = values[min(len(values) - 1, math.ceil(0.975 * len(values)) - 1)]
        intervals[name] = (low, high)
    return intervals


def table(
    game: str, names: Sequence[str], played: Sequence[Played], samples: int, seed: int
) -> str:
    """The Markdown tables of one game: the ratings, then the points of each pairing."""
    mine = [p for p in played if p.game == game]
    present = [name for name in names if any(name in (p.first, p.second) for p in mine)]
    games = [(p.first, p.second, p.score) for p in mine]
    ratings = fit_elo(present, games)
    intervals = bootstrap(present, games, samples, seed)
    spread = curvature(present, games)
    decisions = dict.fromkeys(present, 0)
    cpu = dict.fromkeys(present, 0.0)
    count = dict.fromkeys(present, 0)
    points = dict.fromkeys(present, 0.0)
    for p in mine:
        for name, d, c, s in (
            (p.first, p.decisions[0], p.cpu[0], p.score),
            (p.second, p.decisions[1], p.cpu[1], 1 - p.score),
        ):
            decisions[name] += d
            cpu[name] += c
            count[name] += 1
            points[name] += s
    lines = [
        f"{'Board' if game == 'board' else 'Card'} game, two players:",
        "",
        "| bot | Elo | 95 % interval (curvature) | 95 % interval (bootstrap) | score | games "
        "| decisions | processor time per decision |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in sorted(present, key=lambda n: -ratings[n]):
        low, high = intervals[name]
        per = cpu[name] / decisions[name] if decisions[name] else 0.0
        lines.append(
            f"| {name} | {ratings[name]:.0f} | "
            f"[{ratings[name] - spread[name]:.0f}, {ratings[name] + spread[name]:.0f}] | "
            f"[{low:.0f}, {high:.0f}] | "
            f"{100 * points[name] / count[name]:.1f} % | {count[name]} | {decisions[name]} | "
            f"{per:.4f} s |"
        )
    lines += ["", "Points of the row's bot against the column's bot (games):", ""]
    lines.append("| | " + " | ".join(present) + " |")
    lines.append("|---" * (len(present) + 1) + "|")
    for row in present:
        cells = []
        for column in present:
            pair = [p for p in mine if {p.first, p.second} == {row, column} and row != column]
            if not pair:
                cells.append("")
                continue
            got = sum(p.score if p.first == row else 1 - p.score for p in pair)
            cells.append(f"{got:g}/{len(pair)}")
        lines.append(f"| {row} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _played_all(todo: Sequence[Pairing], jobs: int) -> Iterator[Played]:
    """The games of ``todo`` as they end, played in ``jobs`` processes (in this one for 1)."""
    if jobs == 1:
        yield from map(play, todo)
        return
    with Pool(jobs) as pool:
        yield from pool.imap_unordered(play, todo, chunksize=1)


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes, where the system gives them."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:  # pragma: no cover - not on every system
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play the round robin (or read it) and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=("board", "cards", "both"), default="both")
    parser.add_argument("--games", type=int, default=20, help="games per pair (20)")
    parser.add_argument(
        "--top-games",
        type=int,
        default=None,
        help="games per pair with the largest search budget (--games)",
    )
    parser.add_argument(
        "--iterations", default="100,200,800", help="the search bots' budgets (100,200,800)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (0)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing at once (1)")
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap samples (1000)")
    parser.add_argument("--record", default=None, help="append every game played to this file")
    parser.add_argument("--from", dest="source", default=None, help="read the games from here")
    args = parser.parse_args(argv)
    try:
        iterations = [int(text) for text in args.iterations.split(",")]
    except ValueError:
        parser.error("--iterations must be positive integers separated by commas")
    top_games = args.games if args.top_games is None else args.top_games
    if min(iterations, default=0) < 1 or len(set(iterations)) != len(iterations):
        parser.error("--iterations must be distinct positive integers separated by commas")
    if args.games < 1 or top_games < 1 or args.jobs < 1 or args.bootstrap < 1:
        parser.error("--games, --top-games, --jobs and --bootstrap must be positive")
    games = ("board", "cards") if args.game == "both" else (args.game,)
    names = bot_names(iterations)
    start_load, started = _load(), time.perf_counter()
    if args.source is not None:
        played = _read(args.source)
    else:
        todo = [
            pairing
            for game in games
            for pairing in pairings(game, names, args.games, top_games, args.seed)
        ]
        todo.sort(key=_cost, reverse=True)
        played = []
        if args.record is not None and os.path.exists(args.record):
            done = {_key(p): p for p in _read(args.record)}
            played = [done[_key(p)] for p in todo if _key(p) in done]
            todo = [p for p in todo if _key(p) not in done]
        record = open(args.record, "a", encoding="utf-8") if args.record else None  # noqa: SIM115
        try:
            for outcome in _played_all(todo, args.jobs):
                played.append(outcome)
                if record is not None:
                    record.write(json.dumps(attrs.asdict(outcome)) + "\n")
                    record.flush()
        finally:
            if record is not None:
                record.close()
    elapsed = time.perf_counter() - started
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"Round robin of {', '.join(names)}; {now}")
    print(
        f"{args.games} games per pair, {top_games} per pair with ismcts-{max(iterations)}; "
        f"deals from seed {args.seed}; {args.jobs} process(es); "
        f"{elapsed / 60:.0f} min; load averages {start_load} at the start, {_load()} at the end"
    )
    print(
        f"Elo: Bradley-Terry maximum likelihood, mean {BASE:.0f}, {PRIOR_DRAWS:g} virtual draw "
        f"per pair; 95 % intervals: the likelihood's curvature, and {args.bootstrap} "
        "bootstrap samples of the games"
    )
    for game in games:
        if any(p.game == game for p in played):
            print()
            print(table(game, names, played, args.bootstrap, args.seed))
    return 0


def _read(path: str) -> list[Played]:
    """The games recorded in ``path``."""
    with open(path, encoding="utf-8") as file:
        return [_played(json.loads(line)) for line in file if line.strip()]


def _key(game: Pairing | Played) -> tuple[str, str, str, int, int]:
    """What identifies a game of the round robin: the game, the bots, the deal and the seed."""
    return (game.game, game.first, game.second, game.index, game.seed)


def _played(data: dict[str, Any]) -> Played:
    """A game read back from a record."""
    return Played(
        data["game"],
        data["first"],
        data["second"],
        data["index"],
        data.get("seed", 0),
        data["score"],
        (data["decisions"][0], data["decisions"][1]),
        (data["cpu"][0], data["cpu"][1]),
    )


if __name__ == "__main__":
    sys.exit(main())
