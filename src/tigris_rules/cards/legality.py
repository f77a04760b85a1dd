"""Which inputs are legal in the card game: the checks in CONV-17 order and the lazy list
of legal inputs.

The checks and the list are built from the same per-state facts, so they agree.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, repeat
from typing import Any, Final, assert_never, cast

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
from tigris_rules.cards.components import (
    COLUMNS,
    FIRST_BOAT,
    GAPS,
    HAND_SIZE,
    RED,
    Loc,
    is_boat,
    parse_spot,
    spot_name,
)
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    CardDecision,
    PaymentDecision,
    TreasureCardDecision,
)
from tigris_rules.cards.kingdoms import column_of, state_kingdoms
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.table import HEAD, card_at, spot_number, table_spots
from tigris_rules.cards.wellformed import check_card_well_formed, check_player
from tigris_rules.errors import IllegalActionError, InvalidActionError
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import ConflictKind, WarOrderDecision
from tigris_rules.model.lazy_actions import LazyActions, Part, Table, same

__all__ = [
    "CardLegalActions",
    "card_legal_actions",
    "check_card_action",
    "check_card_well_formed",
    "gap_playable",
]

# --- per-state facts ------------------------------------------------------------------------


def gap_playable(columns: Sequence[bytes], gap: int) -> bool:
    """Both neighbouring columns hold at least 3 cards, a boat counting as one (CARD-PLAY-4)."""
    return len(columns[gap]) >= 3 and len(columns[gap + 1]) >= 3


class TableFacts:
    """What the legal-action list needs of a table, which only its columns and gaps decide,
    kept with the state (``CardCache.table``) and handed on while they do not change.

    Places are spot numbers (:func:`~tigris_rules.cards.table.spot_number`), in table order.
    """

    __slots__ = (
        "cards",
        "cards_set",
        "open_columns",
        "open_gaps",
        "removable",
        "removable_set",
        "spans",
    )

    def __init__(self, state: CardGameState, limit: int) -> None:
        stride = limit + 2
        spots: list[int] = []
        removable: list[int] = []
        columns = state.columns
        gaps = state.gaps
        for c, column in enumerate(columns):
            base = c * stride
            cards: Sequence[int]
            if column and max(column) >= FIRST_BOAT:
                cards = [base + y for y, card in enumerate(column, 1) if card < FIRST_BOAT]
            else:
                cards = range(base + 1, base + len(column) + 1)
            spots.append(base)
            spots += cards
            removable += cards
            if c < GAPS:
                gap = gaps[c]
                if gap is not None and gap.face_up:
                    spots.append(base + limit + 1)
                    removable.append(base + limit + 1)
        self.cards = tuple(spots)
        """The cards a leader may go to, wherever it comes from and wherever the leaders
        stand: any face-up card (CARD-LEADER-2) that is not a boat (CARD-LEADER-3)."""
        self.cards_set = frozenset(spots)
        self.removable = tuple(removable)
        """The cards a catastrophe may remove wherever the leaders stand: any card on the
        table (CARD-CATA-2) but a head (CARD-CATA-4) or a boat (CARD-CATA-5)."""
        self.removable_set = frozenset(removable)
        self.open_columns = tuple(c for c, column in enumerate(columns) if len(column) < limit)
        """The columns a card may go below (CARD-PLAY-3)."""
        self.open_gaps = tuple(
            g for g in range(GAPS) if gaps[g] is None and gap_playable(columns, g)
        )
        """The gaps a card may go into (CARD-PLAY-4)."""
        kingdoms = state_kingdoms(state)
        self.spans = tuple(
            (kingdoms.labels[c] * stride, (kingdoms.last[c] + 1) * stride)
            for c in range(len(columns))
        )
        """For each column, the spot numbers of its kingdom: a kingdom is a run of columns
        with the gaps between them, so its spots are one range ``[start, stop)``."""


def table_facts(state: CardGameState, limit: int) -> TableFacts:
    """The :class:`TableFacts` of ``state``, found once and kept with the state."""
    cache = state._cache
    known = cache.table
    if isinstance(known, TableFacts):
        return known
    found = TableFacts(state, limit)
    cache.table = found
    return found


@cache
def _spot_numbers(limit: int) -> dict[Loc | None, int | None]:
    """For a column limit, the spot number of each place of the table, and ``None`` for the
    supply."""
    numbers: dict[Loc | None, int | None] = {None: None}
    numbers.update((loc, spot_number(loc, limit)) for loc in table_spots(limit))
    return numbers


def _occupied(state: CardGameState, limit: int) -> set[int | None]:
    """The spot numbers of the places where leaders stand (and ``None`` for the supply)."""
    leaders = state.leaders
    try:
        return set(map(_spot_numbers(limit).__getitem__, leaders))
    except (KeyError, TypeError):  # a leader off the table (a position built by hand)
        return {None, *(spot_number(loc, limit) for loc in leaders if loc is not None)}


def _without(
    spots: tuple[int, ...], spot_set: frozenset[int], occupied: set[int | None]
) -> Sequence[int]:
    """``spots`` but ``occupied``, in order."""
    if spot_set.isdisjoint(occupied):
        return spots
    return sorted(spot_set.difference(occupied))


def _leader_targets(
    state: CardGameState, free: Sequence[int], spans: tuple[tuple[int, int], ...]
) -> list[Sequence[int]]:
    """For each colour, the spots of ``free`` the active player's leader may go to: all of
    them from the supply (CARD-LEADER-5), those of the other kingdoms for a move
    (CARD-LEADER-6)."""
    targets: list[Sequence[int]] = []
    first = 4 * state.active
    for origin in state.leaders[first : first + 4]:
        if origin is None:
            targets.append(free)
            continue
        start_spot, stop_spot = spans[origin[0] // 2]
        start = bisect_left(free, start_spot)
        stop = bisect_left(free, stop_spot, start)
        targets.append([*free[:start], *free[stop:]])
    return targets


# --- checks (CONV-17) -----------------------------------------------------------------------


def _illegal(rule: str, reason: str, lacking: tuple[int, str] | None = None) -> IllegalActionError:
    return IllegalActionError(rule, reason, lacking=lacking)


def check_card_action(state: CardGameState, action: object, player: object = None) -> None:
    """Raise the error of the first rule ``action`` breaks in ``state`` (CONV-17), or return.

    ``player``, when given, is the seat sending the input. A malformed input raises
    :class:`InvalidActionError` first (CONV-19).
    """
    check_card_well_formed(action)
    if player is not None:
        players = state.config.players
        if type(player) is not int or not 0 <= player < players:
            check_player(players, player)
    if state.over:
        raise _illegal("END-3", "the game is over; no action or answer is accepted")
    pending = state.pending
    if pending is not None:
        _check_answer(state, pending, cast("CardAction", action), player)
        return
    if player is not None and player != state.active:
        raise _illegal(
            "TURN-1", f"it is player {state.active}'s turn; player {player} may not act now"
        )
    _MAIN_CHECKS.get(type(action), _check_main)(state, action)


def describe_decision(decision: CardDecision) -> str:
    """A sentence naming who must answer what."""
    return f"player {decision.player} must {_DECISION_TASKS[type(decision)]}"


_DECISION_TASKS: Final[dict[type, str]] = {
    WarOrderDecision: "choose the next conflict",
    CardCommitDecision: "commit cards to the conflict",
    PaymentDecision: "say how many points he pays",
    BoatDecision: "build a boat or decline",
    TreasureCardDecision: "say which treasure cards he takes",
}
"""What each kind of decision asks, completing "player 2 must ..." (a test checks that every
class of ``CardDecision`` has its entry)."""


def _check_answer(
    state: CardGameState, decision: CardDecision, action: CardAction, player: object
) -> None:
    """The checks of an answer to each kind of decision; an answer that is no answer to the
    decision pending is rejected under CONV-15."""
    if player is not None and player != decision.player:
        raise _not_awaited(decision)
    match decision:
        case WarOrderDecision():
            if isinstance(action, ChooseConflict):
                return _check_war_order(decision, action)
        case CardCommitDecision():
            if isinstance(action, CommitSupport):
                return _check_commit(state, decision, action)
        case PaymentDecision():
            if isinstance(action, PayPoints):
                return _check_payment(state, decision, action)
        case BoatDecision():
            if isinstance(action, BuildBoat):
                if action.boat not in decision.boats:
                    raise _illegal(
                        "CARD-BOAT-3", f"the {action.boat.value} boat cannot be built here"
                    )
                return None
            if isinstance(action, Decline):
                return None
        case TreasureCardDecision():
            if isinstance(action, TakeTreasures):
                return _check_treasures(state, decision, action)
        case _:
            assert_never(decision)
    raise _not_awaited(decision)


def _not_awaited(decision: CardDecision) -> IllegalActionError:
    return _illegal("CONV-15", f"a decision is pending: {describe_decision(decision)}")


def _check_war_order(decision: WarOrderDecision, action: ChooseConflict) -> None:
    if action.color not in decision.colors:
        names = ", ".join(c.value for c in decision.colors)
        raise _illegal(
            "CARD-WAR-2", f"no {action.color.value} conflict is pending (pending: {names})"
        )


def _check_commit(
    state: CardGameState, decision: CardCommitDecision, action: CommitSupport
) -> None:
    color = decision.commit_color
    held = state.hands[decision.player][color.index]
    if action.count > held:
        rule = "CARD-REVOLT-4" if decision.conflict.kind is ConflictKind.REVOLT else "CARD-WAR-5"
        raise _illegal(
            rule,
            f"player {decision.player} holds {held} {color.value} card(s) and cannot "
            f"commit {action.count}",
            (decision.player, color.value),
        )


def _check_payment(state: CardGameState, decision: PaymentDecision, action: PayPoints) -> None:
    held = state.hands[decision.player][decision.color.index]
    most = min(decision.points, held)
    if action.count > most:
        raise _illegal(
            "CARD-VP-2",
            f"player {decision.player} may pay at most {most} {decision.color.value} "
            f"point(s) ({decision.points} earned, {held} card(s) held), not {action.count}",
            (decision.player, decision.color.value) if held < action.count else None,
        )


def _check_treasures(
    state: CardGameState, decision: TreasureCardDecision, action: TakeTreasures
) -> None:
    for column in action.columns:
        if column not in decision.columns:
            raise _illegal(
                "CARD-TREAS-2", f"the head of column {column} is not a treasure card on offer"
            )
    red = state.hands[decision.player][RED]
    most = min(decision.limit, red)
    if len(action.columns) > most:
        raise _illegal(
            "CARD-TREAS-2",
            f"player {decision.player} may take at most {most} treasure card(s) "
            f"({len(decision.columns)} offered, {red} red card(s) held)",
        )


def _check_main(state: CardGameState, action: CardAction) -> None:
    """The checks of each choice of action (CARD-TURN-1; ending the turn is always allowed);
    an answer while no decision is pending is none (TURN-3)."""
    match action:
        case PlayLeader():
            _check_leader(state, action)
        case PlayColumn():
            _check_column(state, action)
        case PlayGap():
            _check_gap(state, action)
        case PlayCatastrophe():
            _check_catastrophe(state, action)
        case EndTurn():
            pass
        case (
            ChooseConflict()
            | CommitSupport()
            | PayPoints()
            | TakeTreasures()
            | BuildBoat()
            | Decline()
        ):
            raise _illegal(
                "TURN-3",
                f"no decision is pending; player {state.active} must choose an action or end turn",
            )
        case _:
            assert_never(action)


def _check_column(state: CardGameState, action: PlayColumn) -> None:
    _check_hand(state, action)
    limit = state.config.column_limit
    if len(state.columns[action.column - 1]) >= limit:
        raise _illegal("CARD-PLAY-3", f"column {action.column} already holds {limit} cards")


def _check_gap(state: CardGameState, action: PlayGap) -> None:
    _check_hand(state, action)
    gap = action.gap - 1
    if state.gaps[gap] is not None:
        raise _illegal("CARD-PLAY-4", f"gap {action.gap} already holds a card")
    if not gap_playable(state.columns, gap):
        raise _illegal(
            "CARD-PLAY-4",
            f"columns {action.gap} and {action.gap + 1} must each hold at least 3 cards",
        )


def _check_hand(state: CardGameState, action: PlayColumn | PlayGap) -> None:
    if state.hands[state.active][action.color.index] < 1:
        raise _illegal(
            "CARD-PLAY-1",
            f"you hold no {action.color.value} card",
            (state.active, action.color.value),
        )


def _check_leader(state: CardGameState, action: PlayLeader) -> None:
    loc = parse_spot(action.target)
    if loc is None:  # excluded by check_card_well_formed
        raise InvalidActionError("target", f"not a spot: {action.target!r}")
    card = card_at(state.columns, state.gaps, loc)
    if card is None:
        raise _illegal("CARD-LEADER-2", f"no face-up card lies on {action.target}")
    if is_boat(card):
        raise _illegal("CARD-LEADER-3", f"{action.target} is a boat")
    if loc in state.leaders:
        raise _illegal("CARD-LEADER-4", f"a leader already stands on {action.target}")
    origin = state.leaders[4 * state.active + action.color.index]
    if origin is not None:
        labels = state_kingdoms(state).labels
        if labels[column_of(origin)] == labels[column_of(loc)]:
            raise _illegal(
                "CARD-LEADER-6",
                f"your {action.color.leader_name} on {spot_name(origin)} is already in the "
                f"kingdom of {action.target}; a move must go to another kingdom",
            )


def _check_catastrophe(state: CardGameState, action: PlayCatastrophe) -> None:
    if not state.catastrophes[state.active]:
        raise _illegal("CARD-CATA-1", "you have already played your catastrophe card")
    loc = parse_spot(action.target)
    if loc is None:  # excluded by check_card_well_formed
        raise InvalidActionError("target", f"not a spot: {action.target!r}")
    card = card_at(state.columns, state.gaps, loc)
    if card is None:
        raise _illegal("CARD-CATA-2", f"no face-up card lies on {action.target}")
    if loc in state.leaders:
        raise _illegal("CARD-CATA-3", f"a leader stands on {action.target}")
    if card == HEAD:
        raise _illegal("CARD-CATA-4", f"{action.target} is a column's head")
    if is_boat(card):
        raise _illegal("CARD-CATA-5", f"{action.target} is a boat")


def _no_check(state: CardGameState, action: CardAction) -> None:
    """Ending the turn is always allowed (CARD-TURN-1)."""


_MAIN_CHECKS: Final[dict[type, Callable[[CardGameState, Any], None]]] = {
    PlayLeader: _check_leader,
    PlayColumn: _check_column,
    PlayGap: _check_gap,
    PlayCatastrophe: _check_catastrophe,
    EndTurn: _no_check,
}
"""The checks of each kind of action, as :func:`_check_main` chooses them, found by type."""


# --- generation -----------------------------------------------------------------------------


@cache
def _spot_inputs(limit: int) -> tuple[tuple[Table[CardAction], ...], Table[CardAction]]:
    """For a column limit, the leader plays of each colour and the catastrophes, made in
    advance for every spot number (a catastrophe on a head is made but never offered)."""
    spots = table_spots(limit)
    leaders = tuple(
        Table[CardAction]([PlayLeader(color, spot_name(loc)) for loc in spots]) for color in COLORS
    )
    return leaders, Table[CardAction]([PlayCatastrophe(spot_name(loc)) for loc in spots])


_COLUMN_PLAYS: Final = tuple(
    Table[CardAction]([PlayColumn(color, c + 1) for c in range(COLUMNS)]) for color in COLORS
)
"""The column plays of each colour, by column index (0-based)."""

_GAP_PLAYS: Final = tuple(
    Table[CardAction]([PlayGap(color, g + 1) for g in range(GAPS)]) for color in COLORS
)
"""The gap plays of each colour, by gap index (0-based)."""

_END_TURN: Final = (EndTurn(),)


@cache
def _card_plays(
    hand: tuple[int, int, int, int],
) -> tuple[tuple[Table[CardAction], ...], tuple[Table[CardAction], ...]]:
    """The column plays and the gap plays of each colour ``hand`` holds (CARD-PLAY-1)."""
    held = [color for color, count in enumerate(hand) if count]
    return tuple(_COLUMN_PLAYS[c] for c in held), tuple(_GAP_PLAYS[c] for c in held)


class CardLegalActions(LazyActions[CardAction]):
    """Every legal input of a state, in a fixed order, built only when asked for.

    Supports ``len``, indexing, iteration and ``in``. The choice of action lists leader
    actions (by colour, then target in table order: each column's head and cards top to
    bottom, then the gap on its right), column plays (by colour, then column), gap plays (by
    colour, then gap), catastrophes (by target), then end turn.
    """

    __slots__ = ("_state",)

    def __init__(self, state: CardGameState) -> None:
        if type(state) is not CardGameState:
            expect(state, CardGameState, "state")
        self._state = state
        self._parts: list[Part[CardAction]] = []
        if state.over:
            pass
        elif state.pending is not None:
            self._parts.append(_answers(state, state.pending))
        else:
            self._build_main(state)
        super().__init__(self._parts)

    def _build_main(self, state: CardGameState) -> None:
        parts = self._parts
        limit = state.config.column_limit
        leader_plays, catastrophes = _spot_inputs(limit)
        facts = table_facts(state, limit)
        occupied = _occupied(state, limit)
        free = _without(facts.cards, facts.cards_set, occupied)
        parts += zip(leader_plays, _leader_targets(state, free, facts.spans), strict=True)
        active = state.active
        column_plays, gap_plays = _card_plays(state.hands[active])
        parts += zip(column_plays, repeat(facts.open_columns))
        parts += zip(gap_plays, repeat(facts.open_gaps))
        if state.catastrophes[active]:
            parts.append((catastrophes, _without(facts.removable, facts.removable_set, occupied)))
        parts.append((same, _END_TURN))

    def _accepts(self, action: object) -> bool:
        try:
            check_card_action(self._state, action)
        except (IllegalActionError, InvalidActionError):
            return False
        return True


def _answers(state: CardGameState, decision: CardDecision) -> Part[CardAction]:
    match decision:
        case WarOrderDecision():
            return same, [ChooseConflict(c) for c in decision.colors]
        case CardCommitDecision():
            held = state.hands[decision.player][decision.commit_color.index]
            return _counted(_COMMITS, CommitSupport, held)
        case PaymentDecision():
            held = state.hands[decision.player][decision.color.index]
            return _counted(_PAYMENTS, PayPoints, min(decision.points, held))
        case BoatDecision():
            return same, [*(BuildBoat(b) for b in decision.boats), Decline()]
        case TreasureCardDecision():
            most = min(decision.limit, state.hands[decision.player][RED])
            return same, [
                TakeTreasures(chosen)
                for k in range(most + 1)
                for chosen in combinations(decision.columns, k)
            ]
        case _:
            assert_never(decision)


def _counted(
    made: Table[CardAction], kind: type[CommitSupport | PayPoints], most: int
) -> Part[CardAction]:
    """The answers of ``kind`` with counts 0..``most``: those made in advance when they are
    enough."""
    if most < len(made.inputs):
        return made, range(most + 1)
    return same, [kind(n) for n in range(most + 1)]


_COMMITS: Final = Table[CardAction]([CommitSupport(n) for n in range(HAND_SIZE + 1)])
"""The commitments of 0 to a full hand of cards."""

_PAYMENTS: Final = Table[CardAction]([PayPoints(n) for n in range(HAND_SIZE + 1)])
"""The payments of 0 to a full hand of cards."""


def card_legal_actions(state: CardGameState) -> CardLegalActions:
    """Every legal action or answer of ``state`` for the player ``card_to_move`` names, in a
    deterministic order; empty once the game is over."""
    return CardLegalActions(state)
