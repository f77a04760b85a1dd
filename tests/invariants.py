"""Invariants of a reachable state (RULES.md, "Invariants"), for tests."""

from __future__ import annotations

from tigris_rules.model.cells import FLIPPED, LEADER
from tigris_rules.model.squares import NEIGHBOURS
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.regions import regions_of

TOTAL_TILES = 153


def broken_invariants(state: GameState, before: GameState | None = None) -> list[str]:
    """The invariants ``state`` breaks; ``before`` is its predecessor, if any."""
    problems: list[str] = []
    cells = state.cells
    on_board = sum(1 for c in cells if c < 4 or c == FLIPPED)
    total = state.bag_size + sum(map(sum, state.hands)) + on_board + sum(state.out_of_game)
    if total != TOTAL_TILES:
        problems.append(f"tile conservation: {total} tiles accounted for, not {TOTAL_TILES}")
    for flat, square in enumerate(state.leaders):
        if square != NO_SQUARE and cells[square] != LEADER:
            problems.append(f"leader {flat} is not on its square")
    if sum(1 for c in cells if c == LEADER) != sum(1 for s in state.leaders if s != NO_SQUARE):
        problems.append("leader squares and leader positions disagree")
    if any(c < 0 or c > 2 for c in state.catastrophes):
        problems.append("a player has more than 2 or fewer than 0 catastrophes")
    if state.pending is None and not state.over and state.marker != NO_SQUARE:
        problems.append("the unification marker stayed after the action")
    if state.pending is None:
        regions = regions_of(state)
        for region, leaders in enumerate(regions.leaders):
            colors = [f % 4 for f in leaders]
            if len(colors) != len(set(colors)):
                problems.append(f"kingdom {region} holds two leaders of one colour")
            traders = [f for f in leaders if f % 4 == 3]
            treasures = sum(1 for t in state.treasures if regions.label[t] == region)
            if traders and treasures >= 2:
                problems.append(f"kingdom {region} has a trader and {treasures} treasures")
        for square in state.leaders:
            if square != NO_SQUARE and not any(cells[n] == 1 for n in NEIGHBOURS[square]):
                problems.append(f"the leader on square {square} touches no temple")
        if any(sum(h) > 6 for h in state.hands):
            problems.append("a hand holds more than 6 tiles")
    if not state.treasures:
        problems.append("no treasure is left on the board")
    for t in state.treasures:
        if cells[t] not in (0, 1, 2, 3, FLIPPED, 6):
            problems.append(f"a treasure lies on square {t}, which holds no tile")
    if before is not None:
        for p, (old, new) in enumerate(zip(before.scores, state.scores, strict=True)):
            if any(n < o for o, n in zip(old, new, strict=True)):
                problems.append(f"player {p}'s score decreased")
        if any(n < o for o, n in zip(before.treasures_held, state.treasures_held, strict=True)):
            problems.append("a player's treasure count decreased")
    return problems
