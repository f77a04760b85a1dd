"""The promises a card-game position keeps (RULES.md Part II), checked on any state.

A state read from JSON is checked once with :func:`card_state_problems`; the rules then
trust it. A player view read from JSON is checked with :func:`card_view_problems` against
the same promises, as far as the view shows them: each rule's bound is written once, here,
for both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol, assert_never

from tigris_rules.cards.components import (
    CARD_COUNTS,
    COLUMNS,
    GAPS,
    HAND_SIZE,
    TOTAL_CARDS,
    TREASURE,
    TREASURE_CARDS,
    TWO_PLAYER_SET_ASIDE,
    Boat,
    Loc,
    is_boat,
)
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    CardDecision,
    PaymentDecision,
    TreasureCardDecision,
)
from tigris_rules.cards.flow import end_conditions
from tigris_rules.cards.kingdoms import column_of, kingdom_labels
from tigris_rules.cards.state import CardGameState, GapCard
from tigris_rules.cards.steps import BoatStep, PayStep, RemovalStep, TreasureStep, WarsStep
from tigris_rules.cards.table import card_at
from tigris_rules.model.colors import Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import ConflictKind, Role, WarOrderDecision
from tigris_rules.model.outcome import Termination
from tigris_rules.model.problems import StateProblem

__all__ = [
    "CardPosition",
    "CardSight",
    "card_state_problems",
    "card_view_problems",
    "cards_accounted_for",
    "dealt_draw_size",
]

_RED = 1
_COLOR_NAMES = ("black", "red", "blue", "green")
_Add = Callable[..., None]
_Counts = tuple[int, int, int, int]


class CardPosition(Protocol):
    """What a card-game state and a player view both show: the configuration, the table
    (heads, columns, leaders), the boats still available and the flow of the turn. The checks
    of these fields serve both."""

    @property
    def config(self) -> GameConfig: ...
    @property
    def heads(self) -> tuple[int, ...]: ...
    @property
    def columns(self) -> tuple[bytes, ...]: ...
    @property
    def leaders(self) -> tuple[Loc | None, ...]: ...
    @property
    def available_boats(self) -> tuple[Boat, ...]: ...
    @property
    def active(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def actions_taken(self) -> int: ...
    @property
    def idle_turns(self) -> int: ...
    @property
    def pending(self) -> CardDecision | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def end_reason(self) -> str | None: ...


class SeenGap(Protocol):
    """A gap card as a view shows it: its colour (``None`` while hidden), its player, and
    whether it lies face up."""

    @property
    def color(self) -> Color | None: ...
    @property
    def player(self) -> int: ...
    @property
    def face_up(self) -> bool: ...


class CardSight(CardPosition, Protocol):
    """What a player view shows besides (:class:`~tigris_rules.cards.CardView`): the gap
    cards as seen, hands and VP piles by kind where the viewer may see them (``None`` where
    hidden), every hand's and pile's size, each pile's top card, the draw pile's size and the
    cards out of the game."""

    @property
    def gaps(self) -> tuple[SeenGap | None, ...]: ...
    @property
    def hands(self) -> tuple[_Counts | None, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def pile_sizes(self) -> tuple[int, ...]: ...
    @property
    def pile_tops(self) -> tuple[int | None, ...]: ...
    @property
    def pile_counts(self) -> tuple[tuple[int, int, int, int, int] | None, ...]: ...
    @property
    def draw_size(self) -> int: ...
    @property
    def out_of_game(self) -> _Counts: ...


def cards_accounted_for(state: CardGameState) -> int:
    """Draw pile + set aside + hands + table + VP piles + out of the game (+ the attacker's
    cards committed to the conflict in progress): 193 in every position (CARD-COMP-2)."""
    return sum(_cards_by_code(state).values())


def _cards_by_code(state: CardGameState) -> Counter[int]:
    """Every civilization card by code (colour 0..3, :data:`TREASURE`), wherever it is."""
    counts: Counter[int] = Counter(state.draw[state.draw_pos :])
    counts.update(state.set_aside)
    for hand in state.hands:
        for color, count in enumerate(hand):
            counts[color] += count
    for head in state.heads:
        counts[TREASURE if head == TREASURE else _RED] += 1
    for column in state.columns:
        counts.update(c for c in column if not is_boat(c))
    counts.update(g.card for g in state.gaps if g is not None)
    for pile in state.piles:
        counts.update(pile)
    for color, count in enumerate(state.out_of_game):
        counts[color] += count
    color, committed = _committed(state.pending)
    counts[color] += committed
    return counts


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_seat(value: object, n: int) -> bool:
    return _is_int(value) and 0 <= value < n  # type: ignore[operator]


def card_state_problems(state: CardGameState) -> list[StateProblem]:
    """Every way ``state`` breaks a promise of the card game, in a fixed order; ``[]`` for a
    position the rules can reach."""
    problems: list[StateProblem] = []

    def add(code: str, path: str, message: str, rule: str | None = None) -> None:
        problems.append(StateProblem(code, path, message, rule))

    _shape(state, add)
    if problems:
        return problems
    busy = state.pending is not None or bool(state.todo)
    _turn(state, busy, state.draw_pos == len(state.draw), add)
    _cards(state, add)
    _leaders(state.leaders, state.columns, state.gaps, not busy, add)
    if not problems:
        _decision(state, add)
        _steps(state, add)
    return problems


def card_view_problems(view: CardSight) -> list[StateProblem]:
    """Every way ``view`` (a player view, :class:`CardSight`) breaks a promise of the card
    game, in a fixed order; ``[]`` for the view of a position the rules can reach.

    The promises are a state's (:func:`card_state_problems`), as far as the view shows them:
    hands and hand sizes of at most 8 cards (CARD-END-1), a visible hand as large as its
    size, a pile shown by kind as large as its size, with its top card on it (CARD-DEF-7);
    a draw pile no larger than the deal leaves (CARD-SETUP-3); 193 cards in all, and no
    more of a kind in sight than the game has (CARD-COMP-2); columns within
    ``column_limit`` (CARD-DEF-1), each boat built once (CARD-BOAT-5); and as in a state
    the turn, the leaders, the decision and the end. The view's reader has already checked
    the shape: one entry per player, seats, spots, card names, counts not negative.
    """
    problems: list[StateProblem] = []

    def add(code: str, path: str, message: str, rule: str | None = None) -> None:
        problems.append(StateProblem(code, path, message, rule))

    n = view.config.players
    _turn(view, view.pending is not None, view.draw_size == 0, add)
    for p, size in enumerate(view.hand_sizes):
        _hand(add, f"$.hand_sizes[{p}]", (size,))
    for p, hand in enumerate(view.hands):
        if hand is None:
            continue
        _hand(add, f"$.hands[{p}]", hand)
        if sum(hand) != view.hand_sizes[p]:
            add(
                "hand-size",
                f"$.hands[{p}]",
                f"{sum(hand)} cards in hand, but the hand size is {view.hand_sizes[p]}",
                "CARD-DEF-7",
            )
    _piles(view, add)
    deal = dealt_draw_size(n)
    if view.draw_size > deal:
        add(
            "draw-size",
            "$.draw_size",
            f"more than the {deal} cards the deal leaves",
            "CARD-SETUP-3",
        )
    _columns(view.columns, view.config.column_limit, add)
    if not problems:
        _card_total(add, _cards_in_sight(view), exact=True)
        _card_colors(add, _kinds_in_sight(view))
    if TREASURE not in view.heads and not view.over:
        add("treasure-none", "$.heads", "no treasure card is left in play", "CARD-END-3")
    gaps = tuple(
        None if g is None else GapCard(0 if g.color is None else g.color.index, g.player, g.face_up)
        for g in view.gaps
    )
    _leaders(view.leaders, view.columns, gaps, view.pending is None, add)
    if not problems:
        _decision(view, add)
    return problems


def _piles(view: CardSight, add: _Add) -> None:
    """CARD-DEF-7(c): a pile shown by kind holds as many cards as its size says, and its top
    card; an empty pile has no top card."""
    for p, size in enumerate(view.pile_sizes):
        top = view.pile_tops[p]
        counts = view.pile_counts[p]
        if (top is None) != (size == 0):
            add(
                "pile-top",
                f"$.pile_tops[{p}]",
                "a pile has a top card if and only if it has cards",
                "CARD-DEF-7",
            )
        elif counts is not None and (sum(counts) != size or (top is not None and counts[top] == 0)):
            add(
                "pile-count",
                f"$.pile_counts[{p}]",
                f"the pile by kind is not the pile of {size} cards and its top",
                "CARD-DEF-7",
            )


def _cards_in_sight(view: CardSight) -> int:
    """Every card a view counts, in the places :func:`cards_accounted_for` counts them."""
    aside = TWO_PLAYER_SET_ASIDE if view.config.players == 2 else 0
    on_table = sum(1 for column in view.columns for c in column if not is_boat(c))
    return (
        view.draw_size
        + aside
        + sum(view.hand_sizes)
        + len(view.heads)
        + on_table
        + sum(1 for g in view.gaps if g is not None)
        + sum(view.pile_sizes)
        + sum(view.out_of_game)
        + _committed(view.pending)[1]
    )


def _kinds_in_sight(view: CardSight) -> Counter[int]:
    """The cards of each kind (colour 0..3, :data:`TREASURE`) a view shows."""
    counts: Counter[int] = Counter()
    for hand in view.hands:
        for color, count in enumerate(hand or ()):
            counts[color] += count
    for head in view.heads:
        counts[TREASURE if head == TREASURE else _RED] += 1
    for column in view.columns:
        counts.update(c for c in column if not is_boat(c))
    counts.update(g.color.index for g in view.gaps if g is not None and g.color is not None)
    for pile in view.pile_counts:
        for kind, count in enumerate(pile or ()):
            counts[kind] += count
    for color, count in enumerate(view.out_of_game):
        counts[color] += count
    color, committed = _committed(view.pending)
    counts[color] += committed
    return counts


def _committed(pending: CardDecision | None) -> tuple[int, int]:
    """The colour and the number of the attacker's cards committed to the conflict in
    progress (0 when there are none)."""
    if isinstance(pending, CardCommitDecision) and pending.conflict.attacker_commit:
        return pending.conflict.commit_color.index, pending.conflict.attacker_commit
    return 0, 0


def _shape(state: CardGameState, add: _Add) -> None:
    config = state.config
    if config.game != "cards":
        add(
            "config-game",
            "$.config.game",
            f'a card-game state needs game "cards", not {config.game!r}',
            "CONV-18",
        )
        return
    n = config.players
    _table_shape(state, add)
    _seat_shape(state, n, add)


def _table_shape(state: CardGameState, add: _Add) -> None:
    """The table's fields: heads, columns and gaps."""
    if len(state.heads) != TREASURE_CARDS or any(h not in (TREASURE, _RED) for h in state.heads):
        add("heads", "$.heads", "every column has one head, a treasure card or red", "CARD-DEF-2")
    if len(state.columns) != COLUMNS or len(state.gaps) != GAPS:
        add("shape", "$.columns", f"expected {COLUMNS} columns and {GAPS} gaps")
    if any(c > 7 for column in state.columns for c in column):
        add("shape", "$.columns", "expected card codes")


def _seat_shape(state: CardGameState, n: int, add: _Add) -> None:
    """The fields holding one value per seat, the draw pile and the counters."""
    for name in ("hands", "piles", "catastrophes"):
        if len(getattr(state, name)) != n:
            add("shape", f"$.{name}", f"expected one entry for each of {n} players")
    if len(state.leaders) != 4 * n:
        add("shape", "$.leaders", f"expected 4 leaders per player ({4 * n})")
    if any(len(h) != 4 or not all(map(_is_int, h)) for h in state.hands):
        add("shape", "$.hands", "expected one count per colour")
    if any(c > TREASURE for pile in state.piles for c in pile):
        add("shape", "$.piles", "expected card codes")
    if any(c > 3 for c in state.draw) or any(c > 3 for c in state.set_aside):
        add("shape", "$.draw", "expected colours")
    for name in ("draw_pos", "turn", "actions_taken", "idle_turns", "active"):
        value = getattr(state, name)
        if not _is_int(value) or value < 0:
            add("shape", f"$.{name}", "expected a non-negative integer")
    if _is_int(state.active) and state.active >= n:
        add("seat", "$.active", f"seat {state.active} does not exist with {n} players", "CONV-4")
    for number, gap in enumerate(state.gaps):
        if gap is not None and (not _is_seat(gap.player, n) or not 0 <= gap.card <= 3):
            add("seat", f"$.gaps[{number}]", "a gap card's player is no seat", "CONV-4")
    if state.turn_start is not None and len(state.turn_start.hands) != n:
        add("shape", "$.turn_start", f"expected the hands of {n} players")


def _turn(state: CardPosition, busy: bool, pile_out: bool, add: _Add) -> None:
    """TURN-1, CARD-TURN-1, CARD-END-5, END-3, CARD-END-4: the seat whose turn it is, at most
    2 actions, at most a round of idle turns, nothing pending (``busy``: a decision or steps
    in progress) after the end and an end reason that holds (``pile_out``: the draw pile is
    empty)."""
    n = state.config.players
    if state.active != state.turn % n and not state.over:
        add("active", "$.active", f"after {state.turn} turns seat {state.turn % n} is active")
    if state.actions_taken > 2:
        add("actions-taken", "$.actions_taken", "at most 2 actions per turn", "CARD-TURN-1")
    if state.idle_turns > n:
        add("idle-turns", "$.idle_turns", f"more idle turns than a round of {n}", "CARD-END-5")
    if state.over and busy:
        add("over-pending", "$.pending", "a decision is pending after the end", "END-3")
    if not state.over and state.end_reason is not None:
        add("end-reason", "$.end_reason", "a reason for an end that did not come", "END-3")
    if state.over:
        short = state.end_reason == Termination.DRAW_PILE.value and pile_out
        heads = sum(1 for head in state.heads if head == TREASURE)
        ends = end_conditions(short, heads, state.idle_turns, n)
        first = ends[0].value if ends else None
        if first is None or first != state.end_reason:
            add(
                "end-reason",
                "$.end_reason",
                f"the game ended for {state.end_reason!r}, but the end checks give {first!r}",
                "CARD-END-4",
            )


def _cards(state: CardGameState, add: _Add) -> None:
    """CARD-COMP-2, CARD-DEF-1, CARD-SETUP-3, CARD-SETUP-4, CARD-END-1: every card in one
    place, hands of at most 8, columns within the limit."""
    n = state.config.players
    for p, hand in enumerate(state.hands):
        if min(hand) < 0:
            add("hand-count", f"$.hands[{p}]", "a hand holds a negative number of cards")
            return
        _hand(add, f"$.hands[{p}]", hand)
    if min(state.out_of_game) < 0:
        add("out-count", "$.out_of_game", "a negative number of cards left the game")
        return
    if state.draw_pos > len(state.draw):
        add("draw-pos", "$.draw_pos", f"past the end of the draw pile ({len(state.draw)})")
        return
    aside = TWO_PLAYER_SET_ASIDE if n == 2 else 0
    if len(state.set_aside) != aside:
        add("set-aside", "$.set_aside", f"{aside} cards are set aside", "CARD-SETUP-4")
    deal = dealt_draw_size(n)
    if len(state.draw) > deal:
        add("draw-size", "$.draw", f"more than the {deal} cards the deal leaves", "CARD-SETUP-3")
    counts = _cards_by_code(state)
    _card_total(add, sum(counts.values()), exact=True)
    _card_colors(add, counts)
    _columns(state.columns, state.config.column_limit, add)
    if TREASURE not in state.heads and not state.over:
        add("treasure-none", "$.heads", "no treasure card is left in play", "CARD-END-3")


def dealt_draw_size(players: int) -> int:
    """How many cards the deal leaves in the draw pile of a game of ``players`` players
    (CARD-SETUP-3, CARD-SETUP-4)."""
    aside = TWO_PLAYER_SET_ASIDE if players == 2 else 0
    return TOTAL_CARDS - TREASURE_CARDS - aside - HAND_SIZE * players


def _hand(add: _Add, path: str, counts: Sequence[int]) -> None:
    """CARD-END-1: a hand (its cards per colour, or its size alone) holds at most 8 cards."""
    if sum(counts) > HAND_SIZE:
        add("hand-size", path, f"{sum(counts)} cards, more than {HAND_SIZE}", "CARD-END-1")


def _card_total(add: _Add, total: int, *, exact: bool) -> None:
    """CARD-COMP-2: the game has 193 cards."""
    if total > TOTAL_CARDS or (exact and total != TOTAL_CARDS):
        add("card-count", "$", f"{total} cards accounted for, not {TOTAL_CARDS}", "CARD-COMP-2")


def _card_colors(add: _Add, counts: Counter[int]) -> None:
    """CARD-COMP-2: no more cards of a kind (colour 0..3, treasure) than the game has."""
    for code, name in enumerate((*_COLOR_NAMES, "treasure")):
        most = CARD_COUNTS[code] if code < 4 else TREASURE_CARDS
        if counts[code] > most:
            add("card-colors", "$", f"{counts[code]} {name} cards, more than {most}", "CARD-COMP-2")


def _columns(columns: Sequence[bytes], limit: int, add: _Add) -> None:
    """CARD-DEF-1, CARD-BOAT-5: a column holds at most ``column_limit`` cards, a boat
    counting as one; each boat is built once."""
    for number, column in enumerate(columns):
        if len(column) > limit:
            add("column-size", f"$.columns[{number}]", f"more than {limit} cards", "CARD-DEF-1")
    boats = [c for column in columns for c in column if is_boat(c)]
    if len(boats) != len(set(boats)):
        add("boats", "$.columns", "a boat is built twice", "CARD-BOAT-5")


def _leaders(
    leaders: Sequence[Loc | None],
    columns: Sequence[bytes],
    gaps: Sequence[GapCard | None],
    settled: bool,
    add: _Add,
) -> None:
    """CARD-LEADER-2, CARD-LEADER-3, CARD-LEADER-4, CARD-DEF-4: leaders on face-up cards, one
    per card, one of each colour per kingdom outside a conflict (``settled``: no decision
    and no step in progress)."""
    seen: set[tuple[int, int]] = set()
    for flat, loc in enumerate(leaders):
        if loc is None:
            continue
        path = f"$.leaders[{flat // 4}].{_COLOR_NAMES[flat % 4]}"
        x, y = loc
        if not (0 <= x < 2 * COLUMNS - 1 and 0 <= y <= len(columns[x // 2])):
            add("leader-card", path, "no face-up card: the spot is off the table", "CARD-LEADER-2")
            continue
        card = card_at(columns, gaps, loc)
        if card is None or is_boat(card):
            add(
                "leader-card",
                path,
                "the leader stands on no face-up card that can carry it",
                "CARD-LEADER-3",
            )
        if loc in seen:
            add("leader-shared", path, "two leaders stand on one card", "CARD-LEADER-4")
        seen.add(loc)
    if settled:
        labels = kingdom_labels(gaps)
        kinds: set[tuple[int, int]] = set()
        for flat, loc in enumerate(leaders):
            if loc is None:
                continue
            key = (labels[column_of(loc)], flat % 4)
            if key in kinds:
                add("kingdom-leaders", "$.leaders", "a kingdom holds two leaders of one colour")
            kinds.add(key)
        if any(g is not None and not g.face_up for g in gaps):
            add("gap-face-down", "$.gaps", "a gap card stayed face down after its action")


def _decision(state: CardPosition, add: _Add) -> None:
    """CONV-15: the pending decision names existing players, columns and colours."""
    pending = state.pending
    if pending is None:
        return
    n = state.config.players
    path = "$.pending"
    if not _is_seat(pending.player, n):
        add("decision-seat", f"{path}.player", f"seat {pending.player} does not exist", "CONV-4")
        return
    match pending:
        case WarOrderDecision():
            colors = pending.colors
            if len(colors) < 2 or len(set(colors)) != len(colors) or pending.player != state.active:
                add("decision", path, "a war order needs 2 or more wars", "CARD-WAR-2")
        case CardCommitDecision():
            _commit_decision(state, pending, add)
        case PaymentDecision():
            if not _is_int(pending.points) or not 1 <= pending.points <= TOTAL_CARDS:
                add("decision", f"{path}.points", "points must be a count of cards", "CARD-VP-2")
        case BoatDecision():
            _boat_decision(state, pending, add)
        case TreasureCardDecision():
            columns = pending.columns
            if (
                len(columns) < 2
                or len(set(columns)) != len(columns)
                or not all(_is_int(c) and 1 <= c <= COLUMNS for c in columns)
                or any(state.heads[c - 1] != TREASURE for c in columns)
            ):
                add(
                    "decision",
                    f"{path}.columns",
                    "treasure-card heads of 2+ columns",
                    "CARD-TREAS-1",
                )
        case _:
            assert_never(pending)


def _commit_decision(state: CardPosition, pending: CardCommitDecision, add: _Add) -> None:
    """A pending commitment: two existing players (CONV-4) whose leaders are on the table,
    the attacker asked first, strengths that count cards, a war naming its gap."""
    path = "$.pending"
    conflict = pending.conflict
    seats = (conflict.attacker, conflict.defender)
    if not all(_is_seat(p, state.config.players) for p in seats) or seats[0] == seats[1]:
        add("decision-seat", f"{path}.conflict", "two existing players", "CONV-4")
        return
    color = conflict.color.index
    if any(state.leaders[4 * p + color] is None for p in seats):
        add("decision", f"{path}.conflict", "a leader in conflict is not on the table")
    role_player = seats[0] if pending.role is Role.ATTACKER else seats[1]
    committed = conflict.attacker_commit
    if pending.player != role_player or (pending.role is Role.DEFENDER) != (committed is not None):
        add("decision", f"{path}.role", "the attacker commits first, then the defender")
    bases = (conflict.attacker_base, conflict.defender_base, committed or 0)
    if not all(_is_int(b) and 0 <= b <= TOTAL_CARDS for b in bases):
        add("decision", f"{path}.conflict", "strengths must be counts of cards")
    gap = conflict.gap
    is_war = conflict.kind is ConflictKind.WAR
    if (gap is not None) != is_war or (gap is not None and not 1 <= gap <= GAPS):
        add("decision", f"{path}.conflict.gap", "a war names its gap (1..7), a revolt none")


def _boat_decision(state: CardPosition, pending: BoatDecision, add: _Add) -> None:
    """CARD-BOAT-3, CARD-BOAT-5: a boat still to build, offered on a column to the active
    player."""
    path = "$.pending"
    if not 1 <= pending.column <= COLUMNS or not pending.boats:
        add("decision", path, "a boat is offered on a column 1..8", "CARD-BOAT-3")
    elif not set(pending.boats) <= set(state.available_boats):
        add("decision", f"{path}.boats", "a boat offered is already built", "CARD-BOAT-5")
    elif pending.player != state.active:
        add("decision-seat", f"{path}.player", "the decision is the active player's")


def _steps(state: CardGameState, add: _Add) -> None:
    """The rest of the action in progress names existing seats, columns and gaps."""
    n = state.config.players
    for i, step in enumerate(state.todo):
        path = f"$.todo[{i}]"
        if isinstance(step, PayStep):
            ok = _is_seat(step.player, n) and 0 <= step.color <= 3
            ok = ok and _is_int(step.points) and 1 <= step.points <= TOTAL_CARDS
        elif isinstance(step, BoatStep):
            ok = 0 <= step.column < COLUMNS
        elif isinstance(step, WarsStep | TreasureStep):
            ok = 0 <= step.gap < GAPS
        elif isinstance(step, RemovalStep):
            ok = 0 <= step.gap < GAPS and 0 <= step.color <= 3 and _is_seat(step.winner, n)
            ok = ok and 0 <= step.first <= step.last < COLUMNS
        else:
            ok = True
        if not ok:
            add("step", path, "the step names a seat, column, gap or colour that does not exist")
