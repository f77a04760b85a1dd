"""A search bot: information-set Monte Carlo tree search (ISMCTS), for every game that says
how its positions are judged (:class:`GameSearch`: the board game and the card game).

:class:`ISMCTSBot` is single-observer ISMCTS (SO-ISMCTS) as described by P. I. Cowling,
E. J. Powley and D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions
on Computational Intelligence and AI in Games 4(2), 2012, pp. 120-143. Each iteration

1. *determinizes*: draws one full state consistent with what the searching player has seen
   (:meth:`GameSearch.search_sample`: in the board game the other players' hands and the
   bag re-dealt from the tiles he cannot see, in the card game every card he cannot see
   but the VP piles);
2. *selects*: walks down one tree shared by all determinizations, among the children whose
   action is legal in this determinization, by UCB1 where the parent's visit count is
   replaced by the child's *availability* count (how often it could have been chosen);
3. *expands* one new child, the best-ranked untried action (see below);
4. *evaluates* the new position by the game's value of a position (the board game's
   :func:`position_values`) instead of a random playout, once the decisions it leaves
   pending are answered by a fixed default;
5. *backs up* the value of every player: a node's statistics hold one value per seat, and
   the player to move at a node picks the child best for himself (max^n, Luckhardt and
   Irani, "An algorithmic solution of N-person games", AAAI 1986).

A turn offers hundreds of actions, too many to try each once. Children are therefore
ranked when a node is first passed through, by the immediate change of the value of the
position for the player to move, and only the best ``k`` may be selected,
``k`` growing with the square root of the node's visits: *progressive unpruning*
(G. Chaslot, M. Winands, J. van den Herik, J. Uiterwijk and B. Bouzy, "Progressive
strategies for Monte-Carlo tree search", New Mathematics and Natural Computation 4(3),
2008). The ranking looks at every legal action at the root and at a cheap subset of them
deeper down, which the game chooses (in the board game the tiles next to the board's
occupied squares, the withdrawals, the end of the turn and a few others drawn at random).

What the search asks of a game is :class:`GameSearch`, offered by its ruleset; the board
game's is in ``ai._board_search``, the card game's in ``ai._card_search``.

The search is deterministic given its seed and an iteration budget; a time budget makes it
depend on the machine's speed. The determinizations deal again what the player cannot
see, as :func:`tigris_rules.ai.information.sample_hidden` does, so the hands of the others
and the bag's order never steer the search. In the card game the VP piles are kept as they
are: every card is put on a pile face up (CARD-VP-1) and every VP gain is public when it
happens (D21), so a player who follows the game knows every pile by colour, his own
included, although the table shows only each pile's size and top card. In the board game
two things are read from the state as they are:

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
from typing import Any, Protocol

from tigris_rules._arguments import expect
from tigris_rules.ai._board_search import (
    CATASTROPHE_WORTH,
    COLOR_WEIGHTS,
    LEADER_WORTH,
    MARGIN_SCALE,
    SETTLE_STEPS,
    SUPPORT_WORTH,
    TEMPLE_WORTH,
    position_values,
)
from tigris_rules.errors import ArgumentTypeError, IllegalActionError, TigrisError
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import Ruleset

__all__ = [
    "CATASTROPHE_WORTH",
    "COLOR_WEIGHTS",
    "DEFAULT_ITERATIONS",
    "LEADER_WORTH",
    "MARGIN_SCALE",
    "SETTLE_STEPS",
    "SUPPORT_WORTH",
    "TEMPLE_WORTH",
    "GameSearch",
    "ISMCTSBot",
    "SearchArgumentError",
    "SearchError",
    "position_values",
    "ranked_actions",
    "settled_values",
]

DEFAULT_ITERATIONS = 200
"""The iteration budget of :class:`ISMCTSBot` when neither budget is given."""


class SearchError(TigrisError, ValueError):
    """A search bot given a budget it cannot work with."""


class SearchArgumentError(SearchError, ArgumentTypeError):
    """A search bot given a setting of the wrong type: a :class:`SearchError` and an
    :class:`~tigris_rules.ArgumentTypeError`."""


class GameSearch(Protocol):
    """What :class:`ISMCTSBot` asks of a game's ruleset: how good a position is, the default
    answers given before one is judged, and which actions to try first."""

    def search_sample(self, state: Any, player: int, rng: random.Random) -> Any:
        """A determinization: a full state drawn with ``rng`` that ``player`` cannot tell
        from ``state`` by what he has seen of the game (``state`` and ``player`` are checked
        by the caller)."""
        ...

    def search_values(self, state: Any) -> tuple[float, ...]:
        """How good ``state`` is for each seat, a value in [0, 1] per seat; exact once the
        game is over (1 shared among the winners)."""
        ...

    def search_settle(self, state: Any) -> Any:
        """``state`` once the decisions it leaves pending are answered by a fixed default
        (a bounded number of them), so that a conflict just started is judged by its likely
        outcome."""
        ...

    def search_candidates(
        self, state: Any, rng: random.Random, sample: int, limit: int
    ) -> list[Any]:
        """The legal actions of ``state`` worth ranking below the root: every answer to a
        decision, and a cheap subset of the main actions (``limit`` and ``sample`` bound
        it; ``rng`` draws what is drawn)."""
        ...

    def search_rank(self, state: Any, mover: int, actions: Sequence[Any]) -> list[Any]:
        """``actions`` (legal in ``state``), best first for ``mover`` by his margin just after
        each; the end of the turn last among equals."""
        ...


class _Node:
    """One node of the search tree: the statistics of the action that leads to it."""

    __slots__ = ("avail", "children", "order", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players
        self.children: dict[Any, _Node] = {}
        self.order: list[Any] | None = None


def _search_of(state: object) -> tuple[Ruleset[Any, Any, Any], GameSearch]:
    """The state's ruleset and its :class:`GameSearch`; :class:`ArgumentTypeError` for
    anything but the state of a game that offers it."""
    ruleset = getattr(state, "ruleset", None)
    if not isinstance(ruleset, Ruleset) or type(state) is not ruleset.state_type:
        raise ArgumentTypeError.expected("state", "a game state", state)
    search: GameSearch | None = offered(ruleset, GameSearch)
    if search is None:
        raise ArgumentTypeError(f"state: the {ruleset.game!r} game offers no search")
    return ruleset, search


def ranked_actions(
    state: Any, rng: random.Random | None = None, *, sample: int = 6, limit: int = 24
) -> list[Any]:
    """The actions :class:`ISMCTSBot` tries first in ``state`` (a state of a game that offers
    :class:`GameSearch`, not over), best first for the player to move: every answer to a
    decision, or a cheap subset of the main actions (``limit`` tiles next to occupied
    squares, ``sample`` others drawn with ``rng``), ranked by his margin just after each.
    The other legal actions are left out: they are worth less than those ranked."""
    expect(sample, int, "sample")
    expect(limit, int, "limit")
    expect(rng, (random.Random, None), "rng")
    ruleset, search = _search_of(state)
    mover = ruleset.to_move(state)
    if mover is None:
        return []
    chosen = random.Random(0) if rng is None else rng
    return search.search_rank(
        state, mover, search.search_candidates(state, chosen, max(sample, 0), max(limit, 0))
    )


def settled_values(state: Any) -> tuple[float, ...]:
    """How good ``state`` is for each seat, a value in [0, 1] per seat, as
    :class:`ISMCTSBot` judges a new leaf: its pending decisions answered by a fixed default
    first; exact once the game is over (1 shared among the winners)."""
    _, search = _search_of(state)
    return tuple(search.search_values(search.search_settle(state)))


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

    It plays every game whose ruleset offers :class:`GameSearch` (the board game and the
    card game): :meth:`choose` raises :class:`~tigris_rules.ArgumentTypeError` for any
    other value.
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

    def choose(self, state: Any) -> Any:
        """Return the legal input whose subtree was visited most after the search."""
        ruleset, search = _search_of(state)
        player = ruleset.to_move(state)
        if player is None:
            raise SearchError("the game is over; there is nothing to choose")
        actions = ruleset.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        root = _Node(ruleset.config.players)
        sample = search.search_sample(state, player, self._rng)
        root.order = search.search_rank(sample, player, list(ruleset.legal_actions(sample)))
        deadline = None if self._seconds is None else time.perf_counter() + self._seconds
        done = 0
        while self._iterations is None or done < self._iterations:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(ruleset, search, root, search.search_sample(state, player, self._rng))
            done += 1
        if not root.children:
            return root.order[0]
        return max(root.children.items(), key=lambda item: item[1].visits)[0]

    def _iterate(
        self, ruleset: Ruleset[Any, Any, Any], search: GameSearch, root: _Node, state: Any
    ) -> None:
        """One iteration on the determinization ``state``: select, expand, evaluate, back up."""
        path = [root]
        node = root
        values: Sequence[float] | None = None
        while values is None:
            mover = ruleset.to_move(state)
            if mover is None:
                values = search.search_values(state)
                break
            if node.order is None:
                node.order = search.search_rank(state, mover, self._candidates(search, state))
            allowed = 2 + int(self._widening * math.sqrt(node.visits))
            best_score = -1.0
            chosen: tuple[_Node | None, Any, Any] | None = None
            seen = 0
            for action in node.order:
                if seen >= allowed:
                    break
                try:
                    after = ruleset.apply(state, action)
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
                node.order = search.search_rank(state, mover, self._candidates(search, state))
                continue
            child, action, state = chosen
            if child is None:
                child = _Node(len(root.totals))
                child.avail = 1
                node.children[action] = child
                values = search.search_values(search.search_settle(state))
            path.append(child)
            node = child
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def _candidates(self, search: GameSearch, state: Any) -> list[Any]:
        """The actions worth ranking below the root (:meth:`GameSearch.search_candidates`)."""
        return search.search_candidates(state, self._rng, self._sample, self._limit)
