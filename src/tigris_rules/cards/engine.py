"""``card_step``: one input of the card game, checked, then resolved with all its
consequences, in the order CARD-TURN-3 (column), CARD-TURN-4 (gap), CARD-TURN-5 (leader),
CARD-TURN-6 (catastrophe) and CARD-TURN-7 (end of turn) give; an action is in progress until
all its steps are done (CARD-TURN-2)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, assert_never

from tigris_rules._arguments import expect
from tigris_rules.cards.actions import (
    BuildBoat,
    CardAction,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import parse_spot, spot_name
from tigris_rules.cards.conflicts import commit, revolt_defender, start_revolt, start_war
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    PaymentDecision,
    PointCause,
    TreasureCardDecision,
)
from tigris_rules.cards.events import (
    CardEvent,
    CatastrophePlayed,
    ColumnCardPlayed,
    GapCardPlayed,
    LeaderPlayed,
)
from tigris_rules.cards.flow import begin_end_of_turn, build_boat, pay, run, take_treasures
from tigris_rules.cards.kingdoms import column_of
from tigris_rules.cards.legality import check_card_action
from tigris_rules.cards.state import CardGameState, GapCard
from tigris_rules.cards.steps import END_ACTION, BoatStep, PayStep, Step, WarsStep
from tigris_rules.cards.table import card_at
from tigris_rules.cards.work import CardWork, replaced
from tigris_rules.model.colors import COLORS

__all__ = ["card_apply", "card_is_over", "card_step", "card_to_move"]

BLACK = 0


def card_to_move(state: CardGameState) -> int | None:
    """The seat that must give the next input, or ``None`` once the game is over."""
    if type(state) is not CardGameState:
        expect(state, CardGameState, "state")
    if state.over:
        return None
    if state.pending is not None:
        return state.pending.player
    return state.active


def card_is_over(state: CardGameState) -> bool:
    """Whether the game has ended (END-3, CARD-END-2, CARD-END-3, CARD-END-5)."""
    if type(state) is not CardGameState:
        expect(state, CardGameState, "state")
    return state.over


def card_step(
    state: CardGameState, action: CardAction, player: object = None
) -> tuple[CardGameState, tuple[CardEvent, ...]]:
    """The state after ``action`` and the events it caused, in order; ``state`` itself is
    never changed.

    ``player``, when given, is the seat sending the input. Raises
    :class:`~tigris_rules.IllegalActionError` with the ID of the first rule broken (CONV-17)
    and :class:`~tigris_rules.InvalidActionError` for malformed input (CONV-19); a ``state``
    that is not a card-game state raises :class:`~tigris_rules.ArgumentTypeError`.
    """
    if type(state) is not CardGameState:
        expect(state, CardGameState, "state")
    check_card_action(state, action, player)
    w = CardWork(state)
    _resolve(w, action)
    run(w)
    return w.freeze(), tuple(w.events)


def card_apply(state: CardGameState, action: CardAction, player: object = None) -> CardGameState:
    """Like :func:`card_step`, without the events."""
    return card_step(state, action, player)[0]


def _resolve(w: CardWork, action: CardAction) -> None:
    """Start resolving ``action``, already checked: each kind of input has its own step."""
    _RESOLVERS.get(type(action), _resolve_any)(w, action)


def _resolve_any(w: CardWork, action: CardAction) -> None:
    """:func:`_resolve`, kind by kind."""
    match action:
        case PlayLeader():
            _leader(w, action)
        case PlayColumn():
            _column(w, action)
        case PlayGap():
            _gap(w, action)
        case PlayCatastrophe():
            _catastrophe(w, action)
        case EndTurn():
            begin_end_of_turn(w)
        case ChooseConflict():
            _choose_conflict(w, action)
        case CommitSupport():
            _commit(w, action)
        case PayPoints():
            _pay(w, action)
        case BuildBoat():
            build_boat(w, _awaited(w, BoatDecision), action.boat)
        case Decline():
            _decline(w, action)
        case TakeTreasures():
            take_treasures(w, _awaited(w, TreasureCardDecision), action.columns)
        case _:
            assert_never(action)


def _choose_conflict(w: CardWork, action: ChooseConflict) -> None:
    w.pending = None
    start_war(w, _joining_gap(w), action.color.index)


def _commit(w: CardWork, action: CommitSupport) -> None:
    commit(w, _awaited(w, CardCommitDecision), action.count)


def _pay(w: CardWork, action: PayPoints) -> None:
    pay(w, _awaited(w, PaymentDecision), action.count)


def _end_turn(w: CardWork, action: EndTurn) -> None:
    begin_end_of_turn(w)


def _decline(w: CardWork, action: Decline) -> None:
    w.pending = None


_D = TypeVar("_D")


def _awaited(w: CardWork, kind: type[_D]) -> _D:
    """The pending decision, of ``kind`` since the checks let the answer through."""
    decision = w.pending
    if not isinstance(decision, kind):  # excluded by the checks
        raise RuntimeError(f"a {kind.__name__} answered while {decision!r} is pending")
    return decision


def _joining_gap(w: CardWork) -> int:
    """The gap whose card is still face down: the joining in progress (CARD-PLAY-5)."""
    for gap, card in enumerate(w.gaps):
        if card is not None and not card.face_up:
            return gap
    raise RuntimeError("a war order decision without a face-down gap card")


def _leader(w: CardWork, action: PlayLeader) -> None:
    """CARD-TURN-5: place or move, then an internal conflict if CARD-REVOLT-1 applies.
    Placing or moving scores nothing (CARD-LEADER-8)."""
    player = w.active
    flat = 4 * player + action.color.index
    target = parse_spot(action.target)
    origin = w.leaders[flat]
    w.set_leader(flat, target)
    w.events.append(
        LeaderPlayed(
            player, action.color, action.target, None if origin is None else spot_name(origin)
        )
    )
    w.todo = [END_ACTION]
    defender = revolt_defender(w, flat)
    if defender >= 0:
        start_revolt(w, flat, defender)


def _column(w: CardWork, action: PlayColumn) -> None:
    """CARD-TURN-3: place below the column's last card (CARD-PLAY-1, CARD-PLAY-2), card VP
    (CARD-PLAY-7), then the boat opportunity."""
    player = w.active
    color = action.color.index
    column = action.column - 1
    w.take_from_hand(player, color, 1)
    w.set_column(column, w.columns[column] + bytes((color,)))
    position = len(w.columns[column])
    w.events.append(ColumnCardPlayed(player, action.color, action.column, position))
    steps: list[Step] = []
    earner = _card_vp_earner(w, column, color)
    if earner >= 0:
        steps.append(PayStep(earner, color, 1, PointCause.CARD))
    steps.extend((BoatStep(column), END_ACTION))
    w.todo = steps


def _card_vp_earner(w: CardWork, column: int, color: int) -> int:
    """CARD-PLAY-7: the owner of the kingdom's leader of the card's colour, else of its king,
    else nobody (-1)."""
    labels = w.labels()
    for wanted in (color, BLACK):
        for flat in w.leaders_of(labels, labels[column], wanted):
            return flat // 4
    return -1


def _gap(w: CardWork, action: PlayGap) -> None:
    """CARD-TURN-4: the card goes face down into the gap (CARD-PLAY-4, CARD-PLAY-5), then the
    external conflicts, the card turned face up and the treasure step. It never scores
    (CARD-PLAY-6)."""
    player = w.active
    gap = action.gap - 1
    w.take_from_hand(player, action.color.index, 1)
    w.set_gap(gap, GapCard(action.color.index, player, face_up=False))
    w.events.append(GapCardPlayed(player, action.gap))
    w.todo = [WarsStep(gap), END_ACTION]


def _catastrophe(w: CardWork, action: PlayCatastrophe) -> None:
    """CARD-TURN-6, CARD-CATA-6: the card leaves the game and its column closes upward; a gap
    card removed splits the kingdom. Nothing scores and no conflict starts."""
    player = w.active
    loc = parse_spot(action.target)
    if loc is None:  # excluded by the checks
        raise RuntimeError(f"not a spot: {action.target!r}")
    card = card_at(w.columns, w.gaps, loc)
    if card is None or card < 0:  # excluded by the checks
        raise RuntimeError(f"no card to remove on {action.target}")
    if loc[0] % 2:
        w.set_gap(column_of(loc), None)
    else:
        w.remove_from_column(column_of(loc), {loc[1]})
    w.discard(card, 1)
    w.catastrophes = replaced(w.catastrophes, player, False)
    w.events.append(CatastrophePlayed(player, action.target, COLORS[card]))
    w.todo = [END_ACTION]


_RESOLVERS: Final[dict[type, Callable[[CardWork, Any], None]]] = {
    PlayLeader: _leader,
    PlayColumn: _column,
    PlayGap: _gap,
    PlayCatastrophe: _catastrophe,
    EndTurn: _end_turn,
    ChooseConflict: _choose_conflict,
    CommitSupport: _commit,
    PayPoints: _pay,
    Decline: _decline,
}
"""The resolution of each kind of input, as :func:`_resolve_any` chooses it, found by type
(the rarer answers are left to it)."""
