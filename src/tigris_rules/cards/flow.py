"""The steps of an action or end of turn after its first decision
(CARD-TURN-2, CARD-TURN-3, CARD-TURN-4, CARD-TURN-5, CARD-TURN-6, CARD-TURN-7).

:func:`run` takes the steps of ``todo`` in order until one raises a decision or none is
left; each step is the rule it names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tigris_rules.cards.components import (
    BLUE,
    BOAT_FOR_COLOR,
    BOAT_OF_CODE,
    BOATS,
    COLUMNS,
    FIRST_BOAT,
    GREEN,
    HAND_SIZE,
    RED,
    TREASURE,
    Boat,
    is_boat,
)
from tigris_rules.cards.conflicts import remove_loser_cards, start_war, war_colors
from tigris_rules.cards.decisions import (
    BoatDecision,
    PaymentDecision,
    PointCause,
    TreasureCardDecision,
    WarOrderDecision,
)
from tigris_rules.cards.events import (
    BoatBuilt,
    CardsDiscarded,
    CardsDrawn,
    GapCardTurned,
    PointsPaid,
    TreasuresTaken,
)
from tigris_rules.cards.kingdoms import column_of
from tigris_rules.cards.state import GapCard
from tigris_rules.cards.steps import (
    REFILL,
    BoatStep,
    EndActionStep,
    PayStep,
    RefillStep,
    RemovalStep,
    Step,
    TreasureStep,
    WarsStep,
)
from tigris_rules.cards.work import CardWork, replaced
from tigris_rules.model.colors import COLORS
from tigris_rules.model.events import GameOver, TurnEnded
from tigris_rules.model.outcome import Termination

__all__ = [
    "begin_end_of_turn",
    "build_boat",
    "end_conditions",
    "pay",
    "run",
    "take_treasures",
]


def run(w: CardWork) -> None:
    """Run the waiting steps in order until a decision is pending or none is left."""
    todo = w.todo
    while todo and w.pending is None and not w.over:
        step = todo.pop(0)
        _STEPS.get(type(step), _other_step)(w, step)


def _ask_payment(w: CardWork, step: PayStep) -> None:
    w.pending = PaymentDecision(step.player, COLORS[step.color], step.points, step.cause)


def _boat_step(w: CardWork, step: BoatStep) -> None:
    _boat_opportunity(w, step.column)


def _wars_step(w: CardWork, step: WarsStep) -> None:
    _next_war(w, step.gap)


def _treasure_step(w: CardWork, step: TreasureStep) -> None:
    _treasure_opportunity(w, step.gap)


def _end_of_action(w: CardWork, step: EndActionStep) -> None:
    w.actions_taken += 1
    if w.actions_taken >= 2:  # TURN-3: the second action ends the turn
        begin_end_of_turn(w)


def _refill_step(w: CardWork, step: RefillStep) -> None:
    _refill_and_end_checks(w)


# --- payment ----------------------------------------------------------------------------------


def pay(w: CardWork, decision: PaymentDecision, count: int) -> None:
    """CARD-VP-1, CARD-VP-2: each point paid moves a card of its colour from the earner's
    hand, face up, onto his VP pile; a point not paid is lost."""
    w.pending = None
    color = decision.color.index
    w.take_from_hand(decision.player, color, count)
    w.to_pile(decision.player, (color,) * count)
    w.events.append(
        PointsPaid(decision.player, decision.color, decision.points, count, decision.cause)
    )


# --- boats ----------------------------------------------------------------------------------


def _run_length(column: bytes) -> int:
    """CARD-BOAT-1: the card at the bottom plus the unbroken cards of its colour above it;
    another colour, a boat or the head ends the run."""
    if not column or is_boat(column[-1]):
        return 0
    color = column[-1]
    length = 0
    for card in reversed(column):
        if card != color:
            break
        length += 1
    return length


def _available_boats(w: CardWork) -> list[Boat]:
    built = {code for column in w.columns for code in column if is_boat(code)}
    return [b for b in BOATS if b.code not in built]


def _boat_opportunity(w: CardWork, column: int) -> None:
    """CARD-BOAT-2, CARD-BOAT-3: with a run of 4 or more, the active player is asked if an
    eligible boat is still available (any boat for blue, else the blue boat of that colour)."""
    cards = w.columns[column]
    if _run_length(cards) < 4:
        return
    color = cards[-1]
    available = _available_boats(w)
    if color == BLUE:
        eligible = available
    else:
        eligible = [b for b in available if b is BOAT_FOR_COLOR[color]]
    if eligible:
        w.pending = BoatDecision(w.active, tuple(eligible), column + 1)


def build_boat(w: CardWork, decision: BoatDecision, boat: Boat) -> None:
    """CARD-BOAT-4: the bottom 4 cards of the run are discarded, leaders on them return to
    supply, and the boat takes the position of the highest of them."""
    w.pending = None
    column = decision.column - 1
    cards = w.columns[column]
    top = len(cards) - 3
    x = 2 * column
    for p in range(top, len(cards) + 1):
        flat = w.leader_at((x, p))
        if flat >= 0:
            w.return_leader(flat, "boat")
    color = cards[-1]
    w.set_column(column, cards[: top - 1] + bytes((boat.code,)))
    w.discard(color, 4)
    w.events.append(CardsDiscarded(COLORS[color], 4, "boat"))
    w.events.append(BoatBuilt(w.active, boat, column + 1, top))


# --- the joining ----------------------------------------------------------------------------


def _next_war(w: CardWork, gap: int) -> None:
    """CARD-WAR-1, CARD-WAR-2, CARD-WAR-9: the next conflict of the joining (chosen by the
    active player when two or more are pending), or, when none is left, the gap card turned
    face up and the treasure step (CARD-TURN-4)."""
    colors = war_colors(w, gap)
    if not colors:
        card = w.gaps[gap]
        if card is not None:
            w.set_gap(gap, GapCard(card.card, card.player, face_up=True))
            w.events.append(GapCardTurned(gap + 1, card.color))
        w.todo.insert(0, TreasureStep(gap))
        return
    w.todo.insert(0, WarsStep(gap))
    if len(colors) == 1:
        start_war(w, gap, colors[0])
    else:
        w.pending = WarOrderDecision(w.active, tuple(COLORS[c] for c in colors))


def _treasure_opportunity(w: CardWork, gap: int) -> None:
    """CARD-TREAS-1, CARD-TREAS-2, CARD-TREAS-4: a trader in the new kingdom with 2 or more
    treasure-card heads there: his owner is asked, even with no red card."""
    labels = w.labels()
    kingdom = labels[gap]
    traders = w.leaders_of(labels, kingdom, GREEN)
    if not traders:
        return
    columns = tuple(
        c + 1 for c in range(COLUMNS) if labels[c] == kingdom and w.heads[c] == TREASURE
    )
    if len(columns) >= 2:
        w.pending = TreasureCardDecision(traders[0] // 4, columns)


def take_treasures(w: CardWork, decision: TreasureCardDecision, columns: tuple[int, ...]) -> None:
    """CARD-TREAS-3: each treasure card taken goes onto the taker's VP pile and a red card from
    his hand becomes the column's head; a leader on it stays."""
    w.pending = None
    chosen = tuple(sorted(columns))
    for column in chosen:
        w.heads = replaced(w.heads, column - 1, RED)
    w.take_from_hand(decision.player, RED, len(chosen))
    w.to_pile(decision.player, (TREASURE,) * len(chosen))
    w.events.append(TreasuresTaken(decision.player, chosen))


# --- end of turn ----------------------------------------------------------------------------


def begin_end_of_turn(w: CardWork) -> None:
    """CARD-TURN-7 (1), CARD-BOAT-6: boat income of the active player, one payment decision per
    colour in canonical order, then the rest of the end of turn."""
    steps: list[Step] = []
    if max(b"".join(w.columns), default=0) >= FIRST_BOAT:
        points = _boat_income(w)
        steps.extend(
            PayStep(w.active, color, points[color], PointCause.BOAT)
            for color in range(4)
            if points[color]
        )
    steps.append(REFILL)
    w.todo[0:0] = steps


def _boat_income(w: CardWork) -> list[int]:
    """CARD-BOAT-6: per colour, the boats of the table in a kingdom where the active player's
    leader of that colour stands."""
    labels = w.labels()
    points = [0, 0, 0, 0]
    for column, cards in enumerate(w.columns):
        for code in cards:
            if not is_boat(code):
                continue
            boat = BOAT_OF_CODE[code]
            wanted = {c.index for c in boat.colors}
            for color in wanted:
                loc = w.leaders[4 * w.active + color]
                if loc is not None and labels[column_of(loc)] == labels[column]:
                    points[color] += 1
    return points


def end_conditions(
    short_draw: bool, treasure_heads: int, idle_turns: int, players: int
) -> tuple[Termination, ...]:
    """The end checks of CARD-TURN-7 (3), in rule order: CARD-END-2 (a refill came up short),
    CARD-END-3 (at most one head is still a treasure card), CARD-END-5 (a full round of idle
    turns). The game ends when any holds; ``end_reason`` is the first (decision 8).

    None of the inputs changes after the end, and a short refill is the ``"draw pile"``
    reason, so the final state gives the same answer
    (:func:`~tigris_rules.cards.scoring.card_result`).
    """
    ends = []
    if short_draw:
        ends.append(Termination.DRAW_PILE)
    if treasure_heads <= 1:
        ends.append(Termination.TREASURES)
    if idle_turns >= players:
        ends.append(Termination.STALEMATE)
    return tuple(ends)


def _refill_and_end_checks(w: CardWork) -> None:
    """CARD-TURN-7 (2)..(4): refill to 8, active player first (CARD-END-1); then the end
    checks (CARD-END-2, CARD-END-3, CARD-END-5), the only ones that end the game, with no
    extra turn (CARD-END-4); then the next player clockwise (CARD-SETUP-5), whose turn
    starts with a snapshot of the hands (:class:`~tigris_rules.cards.state.TurnStart`).

    CARD-END-5 judges the turn after the boat income and before the refill: it is idle when
    no action was taken, or when the table is locked and no card left any hand, by an action
    or as boat income. Without a snapshot (a position built by hand) only a turn without
    action is idle.
    """
    idle = w.actions_taken == 0 or (w.table_locked() and w.no_card_left_a_hand())
    draw = w.source.draw
    n = w.players
    short = False
    for i in range(n):
        player = (w.active + i) % n
        need = HAND_SIZE - sum(w.hands[player])
        if need <= 0:
            continue
        take = min(need, len(draw) - w.draw_pos)
        cards = draw[w.draw_pos : w.draw_pos + take]
        w.draw_pos += take
        w.add_to_hand(player, cards)
        if take < need:
            short = True
        w.events.append(CardsDrawn(player, tuple(map(COLORS.__getitem__, cards)), take < need))
    w.idle_turns = w.idle_turns + 1 if idle else 0
    ends = end_conditions(short, w.heads.count(TREASURE), w.idle_turns, n)
    player = w.active
    w.turn += 1
    w.actions_taken = 0
    if ends:
        reason = ends[0].value
        w.over = True
        w.end_reason = reason
        w.todo.clear()
        w.events.append(TurnEnded(player, None))
        w.events.append(GameOver(reason))
        return
    w.active = (player + 1) % n
    w.new_turn = True
    w.events.append(TurnEnded(player, w.active))


_STEPS: Final[dict[type, Callable[[CardWork, Any], None]]] = {
    PayStep: _ask_payment,
    BoatStep: _boat_step,
    WarsStep: _wars_step,
    RemovalStep: remove_loser_cards,
    TreasureStep: _treasure_step,
    EndActionStep: _end_of_action,
    RefillStep: _refill_step,
}
"""What each kind of step does."""


def _other_step(w: CardWork, step: Step) -> None:
    """A step of a class derived from one of :data:`_STEPS`' (a position built by hand)."""
    for kind, take in _STEPS.items():
        if isinstance(step, kind):
            take(w, step)
            return
