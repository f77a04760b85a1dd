"""How bots judge the card game (RULES.md Part II): projected scores, the value of a position
for each seat, the default answers given before a position is judged, the actions worth a
look and their order (:class:`~tigris_rules.ai.search.GameSearch`, offered by the card
game), and :class:`CardGreedyBot`, the one-ply player.

A player's *projected score* follows CARD-SCORE-1: his VP per colour (the cards on his VP
pile, CARD-VP-3), plus :data:`LEADER_WORTH` in the colour of each of his leaders on the
table (the points it promises, CARD-PLAY-7) and :data:`HAND_WORTH` per card in hand (a
card held can be paid as a point or committed in a conflict); his treasure cards go one by
one to his weakest colour (wild, SCORE-2), and the sorted totals are weighted weakest first
by :data:`~tigris_rules.ai.search.COLOR_WEIGHTS` (SCORE-3 ranks the weakest colour first).
An unused catastrophe card adds :data:`CATASTROPHE_WORTH`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tigris_rules._arguments import expect
from tigris_rules.ai._board_search import COLOR_WEIGHTS, MARGIN_SCALE, SETTLE_STEPS
from tigris_rules.cards.actions import CardAction, PayPoints, PlayColumn, PlayGap, TakeTreasures
from tigris_rules.cards.components import TREASURE
from tigris_rules.cards.decisions import CardCommitDecision, PaymentDecision, TreasureCardDecision
from tigris_rules.cards.engine import card_apply, card_to_move
from tigris_rules.cards.legality import card_legal_actions
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.state import CardGameState
from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.actions import CommitSupport, EndTurn

__all__ = [
    "CATASTROPHE_WORTH",
    "HAND_WORTH",
    "LEADER_WORTH",
    "CardGreedyBot",
    "card_candidates",
    "card_position_values",
    "card_rank",
    "card_settle",
    "card_vp_margin",
]

LEADER_WORTH = 1.0
"""The VP a leader on the table is counted for in its colour."""

HAND_WORTH = 0.2
"""The VP a card in hand is counted for in its colour."""

CATASTROPHE_WORTH = 0.3
"""The VP an unused catastrophe card is counted for."""


def _weighted(totals: list[float], treasures: int) -> float:
    """Treasures given one by one to the weakest colour, then the sorted totals weighted
    weakest first."""
    for _ in range(treasures):
        totals.sort()
        totals[0] += 1.0
    totals.sort()
    w0, w1, w2, w3 = COLOR_WEIGHTS
    return w0 * totals[0] + w1 * totals[1] + w2 * totals[2] + w3 * totals[3]


def _strength(state: CardGameState, player: int) -> float:
    """``player``'s projected score (see the module documentation)."""
    counts = [0, 0, 0, 0, 0]
    for code in state.piles[player]:
        counts[code] += 1
    hand = state.hands[player]
    totals = [counts[c] + HAND_WORTH * hand[c] for c in range(4)]
    base = 4 * player
    for color, loc in enumerate(state.leaders[base : base + 4]):
        if loc is not None:
            totals[color] += LEADER_WORTH
    value = _weighted(totals, counts[TREASURE])
    return value + (CATASTROPHE_WORTH if state.catastrophes[player] else 0.0)


def _vp(state: CardGameState, player: int) -> float:
    """``player``'s VP alone, weighted as the projected score is."""
    counts = [0, 0, 0, 0, 0]
    for code in state.piles[player]:
        counts[code] += 1
    return _weighted([float(c) for c in counts[:4]], counts[TREASURE])


def _margin(strengths: Sequence[float], player: int) -> float:
    """``strengths[player]`` minus the largest of the others."""
    return strengths[player] - max(s for p, s in enumerate(strengths) if p != player)


def card_vp_margin(state: CardGameState, player: int) -> float:
    """``player``'s weighted VP minus the best of the others' (the greedy bot's measure)."""
    return _margin([_vp(state, p) for p in range(state.players)], player)


def card_position_values(state: CardGameState) -> tuple[float, ...]:
    """How good ``state`` is for each seat, in [0, 1]: exact once the game is over (1 shared
    among the winners), else a logistic of the seat's margin of projected score over the
    best other seat."""
    n = state.players
    if state.over:
        winners = card_result(state).winners
        return tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
    strengths = [_strength(state, p) for p in range(n)]
    return tuple(1.0 / (1.0 + math.exp(-_margin(strengths, p) / MARGIN_SCALE)) for p in range(n))


def _default_answer(state: CardGameState, answers: Sequence[CardAction]) -> CardAction:
    """The default answer to the pending decision: the most cards committed, paid or
    treasures taken; any other decision its first answer."""
    decision = state.pending
    if isinstance(decision, CardCommitDecision):
        return max(answers, key=lambda a: a.count if isinstance(a, CommitSupport) else -1)
    if isinstance(decision, PaymentDecision):
        return max(answers, key=lambda a: a.count if isinstance(a, PayPoints) else -1)
    if isinstance(decision, TreasureCardDecision):
        return max(answers, key=lambda a: len(a.columns) if isinstance(a, TakeTreasures) else -1)
    return answers[0]


def card_settle(state: CardGameState, player: int | None = None) -> CardGameState:
    """``state`` once its pending decisions are answered by the default (the most cards
    committed, paid, treasures taken; else the first answer), at most
    :data:`~tigris_rules.ai.search.SETTLE_STEPS` of them; with ``player``, only the
    decisions that are his."""
    for _ in range(SETTLE_STEPS):
        if state.pending is None or state.over:
            break
        if player is not None and card_to_move(state) != player:
            break
        state = card_apply(state, _default_answer(state, card_legal_actions(state)))
    return state


def card_candidates(
    state: CardGameState, rng: random.Random, sample: int, limit: int
) -> list[CardAction]:
    """Every legal input when a decision is pending or there are at most ``limit`` of them;
    otherwise every card played (column or gap) and the end of the turn, and ``sample`` of
    the rest (leaders and catastrophes) drawn with ``rng``."""
    actions = card_legal_actions(state)
    if state.pending is not None or len(actions) <= limit:
        return list(actions)
    kept: list[CardAction] = []
    rest: list[CardAction] = []
    for action in actions:
        if isinstance(action, PlayColumn | PlayGap | EndTurn):
            kept.append(action)
        else:
            rest.append(action)
    return [*kept, *rng.sample(rest, min(sample, len(rest)))]


def card_rank(state: CardGameState, mover: int, actions: Sequence[CardAction]) -> list[CardAction]:
    """``actions`` best first by the mover's margin of projected score just after each (its
    pending decisions settled); the end of the turn is rated as the position before it and
    loses ties."""
    n = state.players
    now = _margin([_strength(state, p) for p in range(n)], mover)
    keyed: list[tuple[float, int, int, CardAction]] = []
    for index, action in enumerate(actions):
        if isinstance(action, EndTurn):
            keyed.append((now, 0, -index, action))
        else:
            after = card_settle(card_apply(state, action))
            margin = _margin([_strength(after, p) for p in range(n)], mover)
            keyed.append((margin, 1, -index, action))
    keyed.sort(key=lambda item: item[:3], reverse=True)
    return [item[3] for item in keyed]


class CardGreedyBot:
    """The card game's one-ply player: the input after which its VP margin is best.

    For every legal input it plays the input, then its own decisions that follow at once
    (payments, boats, treasures: the most cards paid or taken, else the first answer; never
    another seat's decision, whose hand it cannot see), and measures its weighted VP (the
    VP per colour, treasure cards wild, sorted and weighted weakest first) minus the best
    of the others'. Ending the turn is rated as the position before it and loses ties to
    acting; other ties are broken by its own :class:`random.Random` seeded with ``seed``, so
    the same seed and states give the same choices. It reads what its seat has seen: the
    table and its hand, and every VP pile by colour, which the table shows only by size
    and top card but which a player who follows the game knows, each card having been
    put on its pile face up (CARD-VP-1, D21); never another hand or the draw pile.
    """

    def __init__(self, seed: int | None = None) -> None:
        expect(seed, (int, None), "seed")
        self._rng = random.Random(seed)

    def choose(self, state: CardGameState) -> CardAction:
        """Return the legal input with the best VP margin after it, ties broken at random."""
        ruleset = getattr(state, "ruleset", None)
        if type(state) is not getattr(ruleset, "state_type", None) or not isinstance(
            ruleset, CardRules
        ):
            raise ArgumentTypeError.expected("state", "a card-game state", state)
        player = card_to_move(state)
        if player is None:
            raise RuntimeError("the game is over; there is nothing to choose")
        actions = card_legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        rng = self._rng
        now = card_vp_margin(state, player)
        best: CardAction | None = None
        best_key: tuple[float, bool, float] | None = None
        for action in actions:
            if isinstance(action, EndTurn):
                key = (now, False, rng.random())
            else:
                after = card_settle(card_apply(state, action), player)
                key = (card_vp_margin(after, player), True, rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        assert best is not None  # at least two actions
        return best
