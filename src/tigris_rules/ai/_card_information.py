"""Observations and samples of the card game (RULES.md Part II), as
:mod:`tigris_rules.ai.information` describes them: the layout of a configuration and its
bounds, a seat's observation read from his view (CARD-DEF-7), and a state whose hidden cards
are dealt again.

What a seat cannot see (CARD-DEF-7): the other hands (b), every VP pile but its size and top
card, unless ``open_scoring`` shows the piles sorted by colour (c), the colour of a
face-down gap card another seat played (d), the draw pile and the 30 cards set aside with
two players (e). Once the game is over everything but (e) is public.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import attrs

from tigris_rules.ai.information import Layout
from tigris_rules.cards.components import (
    CARD_COUNTS,
    COLUMNS,
    GAPS,
    HAND_SIZE,
    TOTAL_CARDS,
    TREASURE,
    TREASURE_CARDS,
    TWO_PLAYER_SET_ASIDE,
    Loc,
)
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    PaymentDecision,
    PointCause,
    TreasureCardDecision,
)
from tigris_rules.cards.state import CardGameState, GapCard, TurnStart
from tigris_rules.cards.view import CardView, card_view
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import ConflictKind, Role, WarOrderDecision

__all__ = [
    "COLUMN_KINDS",
    "DECISION_KINDS",
    "PAYMENT_CAUSES",
    "TURN_CAP",
    "card_observation",
    "card_observation_bounds",
    "card_observation_layout",
    "card_sample_hidden",
    "card_view_observation",
    "decision_values",
    "leader_spot",
    "leader_spots",
]

TURN_CAP = 1000
"""The observation's ``turn`` counts turns up to this number and stays there (the rules bound
no game, CARD-END-5)."""

COLUMN_KINDS = (0, 1, 2, 3, 5, 6, 7)
"""What a column position may hold, in the order of its one-hot values: the four colours,
then the three boats (card codes)."""

DECISION_KINDS: tuple[type | None, ...] = (
    None,
    WarOrderDecision,
    CardCommitDecision,
    PaymentDecision,
    BoatDecision,
    TreasureCardDecision,
)
"""The kinds of pending decision, in the order of the ``decision`` segment."""

PAYMENT_CAUSES = tuple(PointCause)
"""The causes of a payment, in the order of the ``payment_cause`` segment."""
_BOATS = 3


def leader_spots(config: GameConfig) -> int:
    """Places a leader may stand on: every position of every column (head included), then
    every gap."""
    return COLUMNS * (config.column_limit + 1) + GAPS


@cache
def _segments(config: GameConfig) -> tuple[tuple[str, int, int], ...]:
    """(name, length, high) of every segment; every value lies in ``0..high``."""
    n = config.players
    limit = config.column_limit
    deal = TOTAL_CARDS - TREASURE_CARDS
    draw = deal - HAND_SIZE * n - (TWO_PLAYER_SET_ASIDE if n == 2 else 0)
    spots = leader_spots(config)
    segments: list[tuple[str, int, int]] = [
        ("heads", COLUMNS, 1),
        ("columns", COLUMNS * limit * len(COLUMN_KINDS), 1),
        ("column_lengths", COLUMNS, limit),
        ("gaps", GAPS, 1),
        ("gaps_face_up", GAPS, 1),
        ("gap_colors", GAPS * 4, 1),
        ("gap_players", GAPS * n, 1),
        ("leaders", 4 * n * spots, 1),
    ]
    for k in range(n):
        segments += [
            (f"seat{k}.hand_known", 1, 1),
            (f"seat{k}.hand", 4, HAND_SIZE),
            (f"seat{k}.hand_size", 1, HAND_SIZE),
            (f"seat{k}.catastrophe", 1, 1),
            (f"seat{k}.pile_size", 1, TOTAL_CARDS),
            (f"seat{k}.pile_top", 5, 1),
            (f"seat{k}.pile_known", 1, 1),
            (f"seat{k}.pile_black", 1, CARD_COUNTS[0]),
            (f"seat{k}.pile_red", 1, CARD_COUNTS[1]),
            (f"seat{k}.pile_blue", 1, CARD_COUNTS[2]),
            (f"seat{k}.pile_green", 1, CARD_COUNTS[3]),
            (f"seat{k}.pile_treasures", 1, TREASURE_CARDS),
        ]
    segments += [
        ("draw_size", 1, draw),
        ("out_black", 1, CARD_COUNTS[0]),
        ("out_red", 1, CARD_COUNTS[1]),
        ("out_blue", 1, CARD_COUNTS[2]),
        ("out_green", 1, CARD_COUNTS[3]),
        ("boats_available", _BOATS, 1),
        ("turn", 1, TURN_CAP),
        ("actions_taken", 1, 2),
        ("idle_turns", 1, n),
        ("over", 1, 1),
        ("active", n, 1),
        ("to_move", n, 1),
        ("decision", len(DECISION_KINDS), 1),
        ("decision_player", n, 1),
        ("war_colors", 4, 1),
        ("conflict_kind", 2, 1),
        ("conflict_role", 2, 1),
        ("conflict_color", 4, 1),
        ("conflict_attacker", n, 1),
        ("conflict_defender", n, 1),
        ("attacker_base", 1, spots),
        ("defender_base", 1, spots),
        ("attacker_commit_known", 1, 1),
        ("attacker_commit", 1, HAND_SIZE),
        ("payment_color", 4, 1),
        ("payment_points", 1, 4 * _BOATS),
        ("payment_cause", len(PAYMENT_CAUSES), 1),
        ("boat_offered", _BOATS, 1),
        ("boat_column", COLUMNS, 1),
        ("treasure_columns", COLUMNS, 1),
    ]
    return tuple(segments)


def card_observation_layout(config: GameConfig) -> Layout:
    """The segments of an observation of a card game of ``config``, in order."""
    return tuple((name, length) for name, length, _ in _segments(config))


@cache
def card_observation_bounds(config: GameConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The least and the greatest value of every entry of an observation of ``config``."""
    highs = tuple(high for _, length, high in _segments(config) for _ in range(length))
    return (0,) * len(highs), highs


# --- observations -----------------------------------------------------------------------------


def _one_hot(size: int, position: int | None) -> list[int]:
    values = [0] * size
    if position is not None:
        values[position] = 1
    return values


def leader_spot(loc: Loc | None, limit: int) -> int | None:
    if loc is None:
        return None
    x, y = loc
    if x % 2:
        return COLUMNS * (limit + 1) + x // 2
    return (x // 2) * (limit + 1) + y


def card_observation(state: CardGameState, player: int) -> tuple[int, ...]:
    """What ``player`` knows of ``state``, from his view alone."""
    return card_view_observation(card_view(state, player), player)


def card_view_observation(seen: CardView, player: int) -> tuple[int, ...]:
    """What ``player`` knows of a card game, read from ``seen``, his view."""
    config = seen.config
    n = config.players
    limit = config.column_limit
    relative = [(player + k) % n for k in range(n)]

    def rel(seat: int | None) -> int | None:
        return None if seat is None else (seat - player) % n

    out: list[int] = [1 if head == TREASURE else 0 for head in seen.heads]
    for column in seen.columns:
        for position in range(limit):
            code = column[position] if position < len(column) else None
            out += [1 if code == kind else 0 for kind in COLUMN_KINDS]
    out += [len(column) for column in seen.columns]
    out += [0 if gap is None else 1 for gap in seen.gaps]
    out += [1 if gap is not None and gap.face_up else 0 for gap in seen.gaps]
    for gap in seen.gaps:
        out += _one_hot(4, None if gap is None or gap.color is None else gap.color.index)
    for gap in seen.gaps:
        out += _one_hot(n, None if gap is None else rel(gap.player))
    spots = leader_spots(config)
    for seat in relative:
        for color in range(4):
            out += _one_hot(spots, leader_spot(seen.leaders[4 * seat + color], limit))
    for seat in relative:
        hand = seen.hands[seat]
        top = seen.pile_tops[seat]
        counts = seen.pile_counts[seat]
        out.append(0 if hand is None else 1)
        out += (0, 0, 0, 0) if hand is None else hand
        out.append(seen.hand_sizes[seat])
        out.append(int(seen.catastrophes[seat]))
        out.append(seen.pile_sizes[seat])
        out += _one_hot(5, top)
        out.append(0 if counts is None else 1)
        out += (0, 0, 0, 0, 0) if counts is None else counts
    out.append(seen.draw_size)
    out += seen.out_of_game
    available = {boat.code for boat in seen.available_boats}
    out += [1 if code in available else 0 for code in (5, 6, 7)]
    out += [min(seen.turn, TURN_CAP), seen.actions_taken, seen.idle_turns, int(seen.over)]
    out += _one_hot(n, rel(seen.active))
    out += _one_hot(n, rel(seen.to_move))
    out += decision_values(seen.pending, rel, n)
    return tuple(out)


def decision_values(decision: Any, rel: Any, n: int) -> list[int]:
    """The pending decision: its kind and player, then the details of its kind."""
    if decision is None:
        return list(_no_decision(n))
    return _decision_values(decision, rel, n)


@cache
def _no_decision(n: int) -> tuple[int, ...]:
    """:func:`decision_values` of the choice of action (no decision pending), for ``n``
    players."""
    return tuple(_decision_values(None, None, n))


def _decision_values(decision: Any, rel: Any, n: int) -> list[int]:
    out = _one_hot(len(DECISION_KINDS), DECISION_KINDS.index(type(decision) if decision else None))
    out += _one_hot(n, None if decision is None else rel(decision.player))
    colors = decision.colors if isinstance(decision, WarOrderDecision) else ()
    out += [1 if c in colors else 0 for c in COLORS]
    if isinstance(decision, CardCommitDecision):
        conflict = decision.conflict
        commit = conflict.attacker_commit
        out += _one_hot(2, 0 if conflict.kind is ConflictKind.REVOLT else 1)
        out += _one_hot(2, 0 if decision.role is Role.ATTACKER else 1)
        out += _one_hot(4, conflict.color.index)
        out += _one_hot(n, rel(conflict.attacker))
        out += _one_hot(n, rel(conflict.defender))
        out += [conflict.attacker_base, conflict.defender_base]
        out += [0, 0] if commit is None else [1, commit]
    else:
        out += [0] * (2 + 2 + 4 + 2 * n + 2 + 2)
    if isinstance(decision, PaymentDecision):
        out += _one_hot(4, decision.color.index)
        out.append(decision.points)
        out += _one_hot(len(PAYMENT_CAUSES), PAYMENT_CAUSES.index(decision.cause))
    else:
        out += [0] * (4 + 1 + len(PAYMENT_CAUSES))
    if isinstance(decision, BoatDecision):
        offered = {boat.code for boat in decision.boats}
        out += [1 if code in offered else 0 for code in (5, 6, 7)]
        out += _one_hot(COLUMNS, decision.column - 1)
    else:
        out += [0] * (_BOATS + COLUMNS)
    columns = decision.columns if isinstance(decision, TreasureCardDecision) else ()
    out += [1 if c + 1 in columns else 0 for c in range(COLUMNS)]
    return out


# --- sampling ---------------------------------------------------------------------------------


def card_sample_hidden(
    state: CardGameState, me: int, rng: random.Random, *, piles_known: bool = False
) -> CardGameState:
    """A full state that seat ``me`` cannot tell from ``state``: the cards he cannot see (the
    other hands, the face-down gap cards the others played, the VP piles below their top card
    unless they are open, the draw pile and the cards set aside) shuffled and dealt again
    into the same places, each place keeping its number of cards. Treasure cards go only
    where they can lie: onto the piles, as many as are hidden there.

    With ``piles_known`` the VP piles stay as they are, as a player who saw every card put
    face up on them (CARD-VP-1, D21: every VP gain is public when it happens) knows them."""
    if state.over:
        return state
    n = state.config.players
    others = [seat for seat in range(n) if seat != me]
    open_piles = piles_known or state.config.open_scoring
    pool: list[int] = list(state.draw[state.draw_pos :]) + list(state.set_aside)
    for seat in others:
        pool += [color for color, count in enumerate(state.hands[seat]) for _ in range(count)]
    hidden_gaps = [
        i
        for i, gap in enumerate(state.gaps)
        if gap is not None and not gap.face_up and gap.player != me
    ]
    pool += [
        gap.card for gap in state.gaps if gap is not None and not gap.face_up and gap.player != me
    ]
    treasures = 0
    if not open_piles:
        for pile in state.piles:
            for code in pile[:-1]:
                if code == TREASURE:
                    treasures += 1
                else:
                    pool.append(code)
    pool.sort()  # the sample depends on which cards are unseen, never on where they were
    rng.shuffle(pool)
    taken = 0

    def deal(count: int) -> list[int]:
        nonlocal taken
        dealt = pool[taken : taken + count]
        taken += count
        return dealt

    hands = list(state.hands)
    for seat in others:
        cards = deal(sum(state.hands[seat]))
        hands[seat] = (cards.count(0), cards.count(1), cards.count(2), cards.count(3))
    gaps = list(state.gaps)
    for i in hidden_gaps:
        gap = state.gaps[i]
        assert gap is not None  # listed above
        gaps[i] = GapCard(deal(1)[0], gap.player, face_up=False)
    piles = list(state.piles)
    if not open_piles:
        piles = _sampled_piles(state.piles, treasures, deal, rng)
    draw = bytes(deal(state.draw_size))
    set_aside = bytes(deal(len(state.set_aside)))
    return attrs.evolve(
        state,
        hands=tuple(hands),
        gaps=tuple(gaps),
        piles=tuple(piles),
        draw=draw,
        draw_pos=0,
        set_aside=set_aside,
        turn_start=_turn_start(state, hands),
    )


def _sampled_piles(
    piles: Sequence[bytes], treasures: int, deal: Any, rng: random.Random
) -> list[bytes]:
    """Each pile's top card as it is, the cards below it dealt again: ``treasures`` treasure
    cards at places drawn with ``rng``, colours from the pool elsewhere."""
    places = [(seat, i) for seat, pile in enumerate(piles) for i in range(len(pile) - 1)]
    wild = set(rng.sample(places, treasures))
    colors = iter(deal(len(places) - treasures))
    out: list[bytes] = []
    for seat, pile in enumerate(piles):
        if not pile:
            out.append(pile)
            continue
        below = [TREASURE if (seat, i) in wild else next(colors) for i in range(len(pile) - 1)]
        out.append(bytes([*below, pile[-1]]))
    return out


def _turn_start(state: CardGameState, hands: list[tuple[int, int, int, int]]) -> TurnStart | None:
    """The snapshot of the hands at the turn's start, moved with the hands dealt again: each
    seat's snapshot keeps the cards that left his hand since (public when they left), so a
    hand is unchanged in the sample exactly when it is in ``state`` (CARD-END-5)."""
    start = state.turn_start
    if start is None:
        return None
    snapshot = []
    for seat, hand in enumerate(hands):
        before, now = start.hands[seat], state.hands[seat]
        snapshot.append(
            (
                hand[0] + before[0] - now[0],
                hand[1] + before[1] - now[1],
                hand[2] + before[2] - now[2],
                hand[3] + before[3] - now[3],
            )
        )
    return TurnStart(tuple(snapshot))
