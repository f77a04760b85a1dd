"""End of action and end of turn (TURN-10, TURN-11), draws (TURN-12, TURN-13), and the game end
(END)."""

from __future__ import annotations

from tigris_rules.model.colors import COLORS
from tigris_rules.model.events import GameOver, TilesDrawn, TurnEnded
from tigris_rules.model.outcome import Termination
from tigris_rules.rules.components import HAND_SIZE, TREASURE_END_THRESHOLD
from tigris_rules.rules.monuments import monument_income
from tigris_rules.rules.treasures import treasure_check
from tigris_rules.rules.work import Work, replaced

__all__ = [
    "complete_action",
    "continue_incomes",
    "draw",
    "end_conditions",
    "end_of_action",
    "end_turn",
    "finish_turn",
]


def end_conditions(treasures_left: int, short_draw: bool) -> tuple[Termination, ...]:
    """The game-end checks of TURN-11(e), in rule order: END-1 (at most 2 treasures left on
    the board) and END-2 (a draw of the turn was short). The game ends when any holds.

    After the end neither input changes, so the final state gives the same answer: that is
    how :func:`~tigris_rules.rules.scoring.result` knows why a game ended.
    """
    ends = []
    if treasures_left <= TREASURE_END_THRESHOLD:
        ends.append(Termination.TREASURES)  # END-1, the same on the alternative board (ALT-4)
    if short_draw:
        ends.append(Termination.BAG)
    return tuple(ends)


def draw(w: Work, player: int, count: int) -> None:
    """``player`` draws ``count`` (at least one) tiles from the front of the bag; a short draw
    takes what is left and marks the turn for the bag end (SWAP-4, TURN-12, END-2). An empty
    bag alone ends nothing, and a draw of exactly the last tiles is not short (END-4). Only
    the swap (SWAP-3) and the end of turn (TURN-11) draw (TURN-13)."""
    drawn = w.source.bag[w.bag_pos : w.bag_pos + count]  # fewer when the bag runs out
    w.bag_pos += len(drawn)
    hand = list(w.hands[player])
    for color in drawn:
        hand[color] += 1
    w.hands = replaced(w.hands, player, tuple(hand))
    short = len(drawn) < count
    if short:
        w.short_draw = True
    if w.record:
        w.events.append(TilesDrawn(player, tuple(COLORS[c] for c in drawn), short))


def end_of_action(w: Work) -> None:
    """TURN-10: the treasure check runs, then the action is complete (unless the check waits
    for a treasure decision). Nobody draws between actions (TURN-9)."""
    w.placed = -1
    if not w.claims_settled and treasure_check(w):
        return
    complete_action(w)


def complete_action(w: Work) -> None:
    """Count the action; the turn ends after the second one (TURN-3) or after the first in a
    single-action opening turn (OPT-3: seats 0..N-1 on their first turn, turns 0..N-1)."""
    w.actions_taken += 1
    if w.actions_taken >= 2 or w.turn < w.source.config.single_action_openers:
        end_turn(w)


def end_turn(w: Work) -> None:
    """TURN-11 in order: monument income, variant incomes (which may ask a decision), then
    :func:`finish_turn`."""
    monument_income(w)
    continue_incomes(w, 0)


def continue_incomes(w: Work, start: int) -> None:
    """TURN-11(b): the incomes of the variants from number ``start`` on, in canonical order;
    one may stop for a decision, whose answer resumes here with the next variant."""
    for number, variant in w.hooks.turn_income:
        if number >= start and variant.turn_income(w):
            return
    finish_turn(w)


def finish_turn(w: Work) -> None:
    """TURN-11(c)..(f): refills from the active player clockwise, end checks, then the next
    player."""
    n = w.players
    for i in range(n):
        player = (w.active + i) % n
        missing = HAND_SIZE - sum(w.hands[player])
        if missing > 0:
            draw(w, player, missing)
    ends = end_conditions(len(w.treasures), w.short_draw)
    ended = w.active
    if ends:
        w.over = True
        if w.record:
            w.events.append(TurnEnded(ended, None))
            w.events.append(GameOver(ends[0].value))
        return
    w.active = (w.active + 1) % n
    w.turn += 1
    w.actions_taken = 0
    w.short_draw = False
    if w.record:
        w.events.append(TurnEnded(ended, w.active))
