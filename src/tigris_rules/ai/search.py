"""A search bot: information-set Monte Carlo tree search (ISMCTS) for the board game.

:class:`ISMCTSBot` is single-observer ISMCTS (SO-ISMCTS) as described by P. I. Cowling,
E. J. Powley and D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions
on Computational Intelligence and AI in Games 4(2), 2012, pp. 120-143. Each iteration

1. *determinizes*: draws one full state consistent with what the searching player has seen
   (the other players' hands and the bag re-dealt from the tiles he cannot see);
2. *selects*: walks down one tree shared by all determinizations, among the children whose
   action is legal in this determinization, by UCB1 where the parent's visit count is
   replaced by the child's *availability* count (how often it could have been chosen);
3. *expands* one new child, the best-ranked untried action (see below);
4. *evaluates* the new position by :func:`position_values` instead of a random playout;
5. *backs up* the value of every player: a node's statistics hold one value per seat, and
   the player to move at a node picks the child best for himself (max^n, Luckhardt and
   Irani, "An algorithmic solution of N-person games", AAAI 1986).

A turn offers hundreds of actions, too many to try each once. Children are therefore
ranked when a node is first passed through, by the immediate change of
:func:`position_values` for the player to move, and only the best ``k`` may be selected,
``k`` growing with the square root of the node's visits: *progressive unpruning*
(G. Chaslot, M. Winands, J. van den Herik, J. Uiterwijk and B. Bouzy, "Progressive
strategies for Monte-Carlo tree search", New Mathematics and Natural Computation 4(3),
2008). The ranking looks at every legal action at the root and at a cheap subset of them
deeper down (the tiles next to the board's occupied squares, the withdrawals, the end of
the turn and a few others drawn at random).

The search is deterministic given its seed and an iteration budget; a time budget makes it
depend on the machine's speed. The determinizations come from
:func:`tigris_rules.ai.information.sample_hidden`, so the hands of the others and the bag's
order never steer the search. Two things are read from the state as they are:

- the running totals of the others, since every VP gain and treasure taken is announced
  when it happens (CONV-14(b)) and a player who follows the game knows them;
- the colours of the tiles the others discarded in swaps: a bot sees only the states it is
  asked about, not the inputs between them, so it cannot keep the
  :class:`~tigris_rules.ai.information.Discards` record and samples as if no other player had
  swapped (the tiles among the other hands and the bag are still re-dealt).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from tigris_rules._arguments import expect
from tigris_rules.ai.candidates import candidate_actions
from tigris_rules.ai.information import Discards, sample_hidden
from tigris_rules.errors import ArgumentTypeError, IllegalActionError, TigrisError
from tigris_rules.model.actions import (
    Action,
    CommitSupport,
    EndTurn,
)
from tigris_rules.model.colors import Color
from tigris_rules.model.decisions import CommitDecision
from tigris_rules.model.squares import NEIGHBOURS
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.engine import apply, to_move
from tigris_rules.rules.legality import legal_actions
from tigris_rules.rules.scoring import result

__all__ = [
    "DEFAULT_ITERATIONS",
    "ISMCTSBot",
    "SearchArgumentError",
    "SearchError",
    "position_values",
]

DEFAULT_ITERATIONS = 200
"""The iteration budget of :class:`ISMCTSBot` when neither budget is given."""

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


class SearchError(TigrisError, ValueError):
    """A search bot given a budget it cannot work with."""


class SearchArgumentError(SearchError, ArgumentTypeError):
    """A search bot given a setting of the wrong type: a :class:`SearchError` and an
    :class:`~tigris_rules.ArgumentTypeError`."""


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


class _Node:
    """One node of the search tree: the statistics of the action that leads to it."""

    __slots__ = ("avail", "children", "order", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players
        self.children: dict[Action, _Node] = {}
        self.order: list[Action] | None = None


class ISMCTSBot:
    """Chooses by information-set Monte Carlo tree search (see the module documentation).

    ``iterations`` bounds the number of determinizations searched per decision and
    ``seconds`` the time per decision; give one or both (the search stops at the first
    bound reached). Without either, the budget is :data:`DEFAULT_ITERATIONS` iterations.
    With an iteration budget only, the same seed and states give the same choices.

    ``exploration`` is the UCB1 constant; ``widening`` scales how many ranked children a
    node may select among: ``2 + widening * sqrt(visits)`` of them. ``limit`` caps the
    tiles next to occupied squares and ``sample`` is how many other actions are drawn at
    random when a node below the root is ranked. A decision with a single legal input is
    answered without searching.

    A setting of the wrong type raises :class:`SearchArgumentError`; a budget that is not
    positive (and finite, for ``seconds``) or a negative ``sample`` or ``limit`` raises
    :class:`SearchError`.

    It judges board-game positions (:func:`position_values`), so it plays the board game
    only: :meth:`choose` raises :class:`~tigris_rules.ArgumentTypeError` for any other
    state.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.35,
        widening: float = 1.0,
        sample: int = 6,
        limit: int = 24,
    ) -> None:
        wrong = SearchArgumentError
        expect(seed, (int, None), "seed", error=wrong)
        expect(iterations, (int, None), "iterations", error=wrong)
        expect(seconds, (int, float, None), "seconds", error=wrong)
        expect(exploration, (int, float), "exploration", error=wrong)
        expect(widening, (int, float), "widening", error=wrong)
        expect(sample, int, "sample", error=wrong)
        expect(limit, int, "limit", error=wrong)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise SearchError(f"iterations must be a positive integer, got {iterations!r}")
        if seconds is not None and not 0 < seconds < math.inf:
            raise SearchError(f"seconds must be a positive finite number, got {seconds!r}")
        if sample < 0 or limit < 0:
            raise SearchError(f"sample and limit must not be negative, got {sample}, {limit}")
        self._rng = random.Random(seed)
        self._iterations = iterations
        self._seconds = seconds
        self._exploration = exploration
        self._widening = widening
        self._sample = sample
        self._limit = limit

    @property
    def iterations(self) -> int | None:
        """The iteration budget per decision, ``None`` for a time budget alone."""
        return self._iterations

    @property
    def seconds(self) -> float | None:
        """The time budget per decision in seconds, ``None`` for an iteration budget alone."""
        return self._seconds

    def choose(self, state: GameState) -> Action:
        """Return the legal input whose subtree was visited most after the search."""
        expect(
            state,
            GameState,
            "state",
            "a board-game GameState (ISMCTSBot plays the board game only)",
        )
        player = to_move(state)
        if player is None:
            raise SearchError("the game is over; there is nothing to choose")
        actions = legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        discards = Discards.start(state.config)
        root = _Node(state.config.players)
        sample = sample_hidden(state, player, self._rng, discards)
        root.order = self._rank(sample, player, list(legal_actions(sample)))
        deadline = None if self._seconds is None else time.perf_counter() + self._seconds
        done = 0
        while self._iterations is None or done < self._iterations:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, sample_hidden(state, player, self._rng, discards))
            done += 1
        if not root.children:
            return root.order[0]
        return max(root.children.items(), key=lambda item: item[1].visits)[0]

    def _iterate(self, root: _Node, state: GameState) -> None:
        """One iteration on the determinization ``state``: select, expand, evaluate, back up."""
        path = [root]
        node = root
        values: Sequence[float] | None = None
        while values is None:
            mover = to_move(state)
            if mover is None:
                values = position_values(state)
                break
            if node.order is None:
                node.order = self._rank(state, mover, self._candidates(state))
            allowed = 2 + int(self._widening * math.sqrt(node.visits))
            best_score = -1.0
            chosen: tuple[_Node | None, Action, GameState] | None = None
            seen = 0
            for action in node.order:
                if seen >= allowed:
                    break
                try:
                    after = apply(state, action)
                except IllegalActionError:
                    continue
                seen += 1
                child = node.children.get(action)
                if child is None:
                    chosen = (None, action, after)
                    break
                child.avail += 1
                score = child.totals[mover] / child.visits + self._exploration * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best_score, chosen = score, (child, action, after)
            if chosen is None:
                # Nothing ranked is legal here: rank this determinization's own actions.
                node.order = self._rank(state, mover, self._candidates(state))
                continue
            child, action, state = chosen
            if child is None:
                child = _Node(len(root.totals))
                child.avail = 1
                node.children[action] = child
                values = position_values(_settle(state))
            path.append(child)
            node = child
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def _candidates(self, state: GameState) -> list[Action]:
        """The actions worth ranking below the root
        (:func:`~tigris_rules.ai.candidates.candidate_actions`)."""
        return candidate_actions(state, self._rng, sample=self._sample, limit=self._limit)

    def _rank(self, state: GameState, mover: int, actions: list[Action]) -> list[Action]:
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
