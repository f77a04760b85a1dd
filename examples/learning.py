"""A policy-gradient agent that learns to beat the random bot at the two-player board game.

Usage: ``python examples/learning.py [--games 400] [--every 40] [--eval 50] [--final 200]
[--seed 1] [--curve FILE.svg]``

The agent chooses among the inputs the greedy bot looks at
(:func:`~tigris_rules.ai.candidates.candidate_actions`: the tiles beside the pieces on the
board, the withdrawals, the end of the turn and a few others drawn at random; every answer
to a pending decision). Its policy is a softmax over a linear score of each input's
features: the kind of input, and what it changes at once for the agent as
:func:`~tigris_rules.ai.bots.evaluate` sees it (the weakest colour, the four colours
together, the points with treasures, the leaders on the board, the catastrophes held). It
starts with every weight at zero, so it first picks uniformly among those inputs, which
loses nearly every game to the random bot.

Training is REINFORCE: the agent plays ``--games`` games against
:class:`~tigris_rules.ai.bots.RandomBot`, seats taken in turn, and after each game moves
its weights along the summed gradients of the log-probabilities of its choices, scaled by
the game's return (+1 a win, -1 a loss, :func:`ranking_returns`) minus a running mean of
the returns. Every ``--every`` games it plays ``--eval`` games on seeds it never trains on,
sampling from its policy as in training, and prints its win rate (the learning curve);
at the end it plays ``--final`` such games. Pure Python: no extra is needed.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from pathlib import Path

import tigris_rules as tr
from tigris_rules.ai.bots import Evaluation, RandomBot, evaluate
from tigris_rules.ai.candidates import candidate_actions
from tigris_rules.ai.integrations.returns import ranking_returns

KINDS = (
    tr.PlaceLeader,
    tr.WithdrawLeader,
    tr.PlaceTile,
    tr.PlaceCatastrophe,
    tr.SwapTiles,
    tr.EndTurn,
    tr.ChooseConflict,
    tr.CommitSupport,
    tr.BuildMonument,
    tr.Decline,
    tr.KeepTreasure,
)
CHANGES = ("weakest colour", "all colours", "points", "leaders on the board", "catastrophes")
FEATURES = tuple(kind.__name__ for kind in KINDS) + CHANGES
"""The names of the features, in the order of the weights."""

MAX_DECISIONS = 5_000
"""A game still running after this many decisions ends there (it never happens in
practice; the rules bound no game)."""

Weights = list[float]


def features(state: tr.GameState, player: int, action: tr.Action, before: Evaluation) -> Weights:
    """The features of ``action`` for ``player`` in ``state``: its kind, then the changes of
    :func:`evaluate` it makes at once."""
    found = [1.0 if isinstance(action, kind) else 0.0 for kind in KINDS]
    after = evaluate(tr.apply(state, action, player=player), player)
    found += [
        after[0][0] - before[0][0],
        sum(after[0]) - sum(before[0]),
        after[1] - before[1],
        after[2] - before[2],
        after[3] - before[3],
    ]
    return found


class Agent:
    """The linear softmax policy and its REINFORCE update."""

    def __init__(self, seed: int, rate: float = 0.02) -> None:
        self.weights: Weights = [0.0] * len(FEATURES)
        self.rate = rate
        self.baseline = 0.0
        self.rng = random.Random(seed)

    def choose(self, state: tr.GameState) -> tuple[tr.Action, Weights]:
        """An input drawn from the policy, and the gradient of its log-probability."""
        player = tr.to_move(state)
        if player is None:
            raise ValueError("the game is over: there is nothing to choose")
        options = candidate_actions(state, self.rng, sample=8, limit=48)
        before = evaluate(state, player)
        rows = [features(state, player, action, before) for action in options]
        scores = [sum(w * x for w, x in zip(self.weights, row, strict=True)) for row in rows]
        top = max(scores)
        odds = [math.exp(score - top) for score in scores]
        total = sum(odds)
        chances = [odd / total for odd in odds]
        picked = self.rng.choices(range(len(options)), chances)[0]
        expected = [
            sum(c * row[k] for c, row in zip(chances, rows, strict=True))
            for k in range(len(FEATURES))
        ]
        return options[picked], [x - e for x, e in zip(rows[picked], expected, strict=True)]

    def learn(self, outcome: float, gradient: Weights) -> None:
        """One REINFORCE step: the weights move along ``gradient`` (the summed gradients of
        a game's choices), scaled by the game's ``outcome`` minus the running mean."""
        advantage = outcome - self.baseline
        self.baseline += 0.05 * advantage
        self.weights = [
            w + self.rate * advantage * g for w, g in zip(self.weights, gradient, strict=True)
        ]


def play(agent: Agent, seed: int, seat: int) -> tuple[float, Weights]:
    """One two-player game dealt from ``seed``, the agent at ``seat`` and the random bot at
    the other: the agent's return and the summed gradients of its choices."""
    state = tr.new_game(tr.GameConfig(players=2), seed=seed)
    bot = RandomBot(seed)
    gradient = [0.0] * len(FEATURES)
    for _ in range(MAX_DECISIONS):
        player = tr.to_move(state)
        if player is None:
            break
        if player == seat:
            action, step = agent.choose(state)
            gradient = [g + s for g, s in zip(gradient, step, strict=True)]
        else:
            action = bot.choose(state)
        state = tr.apply(state, action, player=player)
    return ranking_returns(state)[seat], gradient


def win_rate(agent: Agent, games: int, first_seed: int) -> float:
    """The share of ``games`` the agent wins (a tie counts a half), seats taken in turn."""
    won = 0.0
    for number in range(games):
        outcome, _ = play(agent, first_seed + number, number % 2)
        won += (outcome + 1) / 2
    return won / games


def curve_svg(points: Sequence[tuple[int, float]], final: float) -> str:
    """The learning curve as an SVG picture: the win rate against the games trained."""
    width, height, left, bottom = 480, 260, 50, 220
    most = max(games for games, _ in points) or 1

    def x(games: int) -> float:
        return left + (width - left - 20) * games / most

    def y(rate: float) -> float:
        return bottom - (bottom - 20) * rate

    line = " ".join(f"{x(g):.1f},{y(r):.1f}" for g, r in points)
    grid = "".join(
        f'<line x1="{left}" y1="{y(r):.1f}" x2="{width - 20}" y2="{y(r):.1f}" stroke="#ddd"/>'
        f'<text x="{left - 6}" y="{y(r) + 4:.1f}" text-anchor="end">{int(r * 100)}%</text>'
        for r in (0.0, 0.25, 0.5, 0.7, 1.0)
    )
    dots = "".join(f'<circle cx="{x(g):.1f}" cy="{y(r):.1f}" r="3"/>' for g, r in points)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="11">'
        f'<rect width="{width}" height="{height}" fill="white"/>{grid}'
        f'<polyline points="{line}" fill="none" stroke="#1f6fb2" stroke-width="2"/>'
        f'<g fill="#1f6fb2">{dots}</g>'
        f'<text x="{(left + width) / 2}" y="{height - 8}" text-anchor="middle">'
        f"games trained against the random bot (final: {final:.0%} of the last games)</text>"
        f'<text x="12" y="{bottom / 2}" transform="rotate(-90 12 {bottom / 2})" '
        f'text-anchor="middle">games won</text></svg>\n'
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="training games")
    parser.add_argument("--every", type=int, default=40, help="training games between tests")
    parser.add_argument("--eval", type=int, default=50, help="games of each test")
    parser.add_argument("--final", type=int, default=200, help="games of the last test")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--curve", type=Path, help="write the learning curve there (SVG)")
    args = parser.parse_args(argv)
    agent = Agent(args.seed)
    tests = 1_000_000 + 10_000 * args.seed  # seeds the agent never trains on
    started = time.process_time()
    points = [(0, win_rate(agent, args.eval, tests))]
    print(f"games trained {0:5}  won {points[-1][1]:6.1%}", flush=True)
    for number in range(args.games):
        outcome, gradient = play(agent, args.seed * 100_000 + number, number % 2)
        agent.learn(outcome, gradient)
        if (number + 1) % args.every == 0 or number + 1 == args.games:
            points.append((number + 1, win_rate(agent, args.eval, tests)))
            print(f"games trained {number + 1:5}  won {points[-1][1]:6.1%}", flush=True)
    final = win_rate(agent, args.final, tests + 5_000)
    print(f"after {args.games} games: won {final:.1%} of {args.final} games against the random bot")
    print(
        "weights: "
        + ", ".join(f"{n} {w:+.2f}" for n, w in zip(FEATURES, agent.weights, strict=True))
    )
    print(f"processor time: {time.process_time() - started:.0f} s")
    if args.curve is not None:
        args.curve.write_text(curve_svg(points, final), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
