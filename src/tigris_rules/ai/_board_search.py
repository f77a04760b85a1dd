"""How the search bot judges the board game (RULES.md Part I): the players' projected scores,
the value of a position for each seat, the default answers given before a position is
judged, the actions worth a look and their order (:class:`~tigris_rules.ai.search.GameSearch`,
offered by the board game)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tigris_rules._arguments import expect
from tigris_rules.ai.candidates import candidate_actions
from tigris_rules.model.actions import Action, CommitSupport, EndTurn
from tigris_rules.model.colors import Color
from tigris_rules.model.decisions import CommitDecision
from tigris_rules.model.squares import NEIGHBOURS
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.engine import apply
from tigris_rules.rules.legality import legal_actions
from tigris_rules.rules.scoring import result

__all__ = [
    "CATASTROPHE_WORTH",
    "COLOR_WEIGHTS",
    "LEADER_WORTH",
    "MARGIN_SCALE",
    "SETTLE_STEPS",
    "SUPPORT_WORTH",
    "TEMPLE_WORTH",
    "board_candidates",
    "board_rank",
    "board_settle",
    "position_values",
]

LEADER_WORTH = 1.5
"""The VP a leader on the board is counted for in its colour (the income it promises)."""

TEMPLE_WORTH = 0.25
"""What each temple next to a leader adds to it (its strength in a revolt, REVOLT)."""

SUPPORT_WORTH = 0.15
"""What each tile of its own colour next to a leader adds to it (a sign of support in wars
and of income to come)."""

CATASTROPHE_WORTH = 0.3
"""The VP a catastrophe tile still in hand is counted for."""

COLOR_WEIGHTS = (1.0, 0.2, 0.04, 0.008)
"""The weights of a player's projected totals, weakest colour first (SCORE-3 ranks the
weakest colour first, then the next)."""

SETTLE_STEPS = 12
"""The most decision answers :func:`_settle` gives before a position is judged."""

MARGIN_SCALE = 2.0
"""The margin, in weighted VP, that turns into a value of about 0.73 (the logistic's scale)."""


RED = Color.RED.index


def _strength(state: GameState, player: int) -> float:
    """``player``'s projected score: VP plus leaders and treasures, weakest colour first.

    Each leader on the board adds :data:`LEADER_WORTH` to its colour, plus
    :data:`TEMPLE_WORTH` per temple and :data:`SUPPORT_WORTH` per tile of its colour next
    to it; the treasures (wild, SCORE-2) are then given one by one to the weakest colour;
    the sorted totals are weighted by :data:`COLOR_WEIGHTS`; each catastrophe in hand adds
    :data:`CATASTROPHE_WORTH`.
    """
    totals = list(map(float, state.scores[player]))
    cells = state.cells
    base = 4 * player
    for color, square in enumerate(state.leaders[base : base + 4]):
        if square != NO_SQUARE:
            worth = LEADER_WORTH
            for neighbour in NEIGHBOURS[square]:
                code = cells[neighbour]
                if code == RED:
                    worth += TEMPLE_WORTH
                if code == color:
                    worth += SUPPORT_WORTH
            totals[color] += worth
    for _ in range(state.treasures_held[player]):
        totals.sort()
        totals[0] += 1.0
    totals.sort()
    w0, w1, w2, w3 = COLOR_WEIGHTS
    return (
        w0 * totals[0]
        + w1 * totals[1]
        + w2 * totals[2]
        + w3 * totals[3]
        + CATASTROPHE_WORTH * state.catastrophes[player]
    )


def _margins(state: GameState) -> list[float]:
    """Each player's :func:`_strength` minus the best of the others'."""
    strengths = [_strength(state, p) for p in range(state.config.players)]
    return [_margin(strengths, p) for p in range(len(strengths))]


def _margin(strengths: Sequence[float], player: int) -> float:
    """``strengths[player]`` minus the largest of the others."""
    return strengths[player] - max(s for p, s in enumerate(strengths) if p != player)


def _mover_margin(state: GameState, before: GameState, strengths: list[float], mover: int) -> float:
    """The mover's margin in ``state``, reached from ``before`` whose strengths are
    ``strengths``; a player's strength is computed again only if what it depends on moved."""
    now = list(strengths)
    for seat in range(len(now)):
        if (
            seat == mover
            or state.scores[seat] is not before.scores[seat]
            or state.leaders is not before.leaders
            or state.treasures_held is not before.treasures_held
            or state.catastrophes is not before.catastrophes
        ):
            now[seat] = _strength(state, seat)
    return _margin(now, mover)


def position_values(state: GameState) -> tuple[float, ...]:
    """How good ``state`` is for each seat, a value in [0, 1] per seat.

    Once the game is over the value is exact: 1 shared among the players ranked first
    (SCORE-4, SCORE-5), 0 for the others. Before that it is a logistic of the player's
    margin over the best other player, margins measured on projected scores: VP per colour,
    :data:`LEADER_WORTH` per leader on the board in its colour (more next to temples and
    tiles of its colour), treasures given to the
    weakest colours, the totals sorted and weighted weakest first by
    :data:`COLOR_WEIGHTS`, plus :data:`CATASTROPHE_WORTH` per catastrophe tile in hand.
    """
    expect(state, GameState, "state")
    if state.over:
        winners = result(state).winners
        return tuple(
            1.0 / len(winners) if p in winners else 0.0 for p in range(state.config.players)
        )
    return tuple(1.0 / (1.0 + math.exp(-m / MARGIN_SCALE)) for m in _margins(state))


def _settle(state: GameState) -> GameState:
    """``state`` once its pending decisions are answered by a fixed default: every player
    commits all the support he can (REVOLT, WAR), and any other decision takes its first
    answer. Used before judging a position, so that a conflict just started is judged by
    its likely outcome rather than as if nothing had happened; at most
    :data:`SETTLE_STEPS` answers are given."""
    for _ in range(SETTLE_STEPS):
        if state.pending is None or state.over:
            break
        answers = legal_actions(state)
        if isinstance(state.pending, CommitDecision):
            answer = max(answers, key=lambda a: a.count if isinstance(a, CommitSupport) else -1)
        else:
            answer = answers[0]
        state = apply(state, answer)
    return state


board_settle = _settle


def board_candidates(state: GameState, rng: random.Random, sample: int, limit: int) -> list[Action]:
    """The actions worth ranking below the root
    (:func:`~tigris_rules.ai.candidates.candidate_actions`)."""
    return candidate_actions(state, rng, sample=sample, limit=limit)


def board_rank(state: GameState, mover: int, actions: Sequence[Action]) -> list[Action]:
    """``actions`` best first by the mover's margin just after each; the end of the turn
    is rated as the position before it and loses ties, so acting is tried first."""
    strengths = [_strength(state, p) for p in range(state.config.players)]
    now = _margin(strengths, mover)
    keyed: list[tuple[float, int, int, Action]] = []
    for index, action in enumerate(actions):
        if isinstance(action, EndTurn):
            keyed.append((now, 0, -index, action))
        else:
            after = _settle(apply(state, action))
            keyed.append((_mover_margin(after, state, strengths, mover), 1, -index, action))
    keyed.sort(key=lambda item: item[:3], reverse=True)
    return [item[3] for item in keyed]
