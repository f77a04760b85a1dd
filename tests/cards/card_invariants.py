"""Invariants of a reachable card-game state (RULES.md Part II, "Invariants"), for tests."""

from __future__ import annotations

from tigris_rules.cards import CardCommitDecision, CardGameState
from tigris_rules.cards.components import TOTAL_CARDS, TREASURE, is_boat
from tigris_rules.cards.kingdoms import column_of, kingdom_labels
from tigris_rules.cards.table import card_at


def cards_accounted_for(state: CardGameState) -> int:
    """Draw pile + hands + table + VP piles + out of game (+ cards committed to the conflict
    in progress): 193 in every state (CARD-COMP-2)."""
    table = len(state.heads)
    table += sum(1 for col in state.columns for c in col if not is_boat(c))
    table += sum(1 for g in state.gaps if g is not None)
    committed = 0
    pending = state.pending
    if isinstance(pending, CardCommitDecision):
        committed = pending.conflict.attacker_commit or 0
    return (
        state.draw_size
        + len(state.set_aside)
        + sum(map(sum, state.hands))
        + table
        + sum(map(len, state.piles))
        + sum(state.out_of_game)
        + committed
    )


def broken_card_invariants(state: CardGameState) -> list[str]:
    """The invariants ``state`` breaks."""
    problems: list[str] = []
    total = cards_accounted_for(state)
    if total != TOTAL_CARDS:
        problems.append(f"card conservation: {total} cards accounted for, not {TOTAL_CARDS}")
    if len(state.heads) != 8 or any(h not in (TREASURE, 1) for h in state.heads):
        problems.append("every column must have exactly one head, a treasure card or red")
    if TREASURE not in state.heads:
        problems.append("no head is a treasure card")
    limit = state.config.column_limit
    if any(len(col) > limit for col in state.columns):
        problems.append("a column holds more cards than the column limit")
    placed = [loc for loc in state.leaders if loc is not None]
    if len(placed) != len(set(placed)):
        problems.append("two leaders stand on one card")
    for flat, loc in enumerate(state.leaders):
        if loc is None:
            continue
        card = card_at(state.columns, state.gaps, loc)
        if card is None or is_boat(card):
            problems.append(f"leader {flat} stands on {loc}, which is no face-up card")
    boats = [c for col in state.columns for c in col if is_boat(c)]
    if len(boats) != len(set(boats)):
        problems.append("a boat was built twice")
    if any(sum(h) > 8 for h in state.hands) or any(min(h) < 0 for h in state.hands):
        problems.append("a hand holds more than 8 cards or a negative count")
    if state.pending is None and not state.todo:
        labels = kingdom_labels(state.gaps)
        seen: set[tuple[int, int]] = set()
        for flat, loc in enumerate(state.leaders):
            if loc is None:
                continue
            key = (labels[column_of(loc)], flat % 4)
            if key in seen:
                problems.append(f"a kingdom holds two leaders of colour {flat % 4}")
            seen.add(key)
        if any(g is not None and not g.face_up for g in state.gaps):
            problems.append("a gap card stayed face down after its action")
    if state.over and (state.pending is not None or state.todo):
        problems.append("the game is over with a decision or a step pending")
    return problems
