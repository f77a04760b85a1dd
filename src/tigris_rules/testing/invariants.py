"""The invariants of a reachable board-game state (RULES.md Part I, "Invariants"), as a check.

This module does not need Hypothesis: :func:`check_invariants` is plain Python and can be
called from any test, fuzzer or debugging session.

>>> import tigris_rules as tr
>>> from tigris_rules.testing.invariants import check_invariants
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> after = tr.apply(state, tr.legal_actions(state)[0])
>>> check_invariants(after, before=state)
[]
"""

from __future__ import annotations

from tigris_rules.arguments import expect
from tigris_rules.model.cells import CATASTROPHE, FLIPPED, LEADER, ZIGGURAT
from tigris_rules.model.decisions import (
    BuildingDecision,
    StructureDecision,
    ZigguratIncomeDecision,
)
from tigris_rules.model.squares import COLUMNS, NEIGHBOURS
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.regions import regions_of

__all__ = ["CATASTROPHES_PER_PLAYER", "MAX_HAND", "TOTAL_TILES", "check_invariants"]

TOTAL_TILES = 153
"""Civilization tiles in the game (COMP): bag + hands + board + out of the game."""

MAX_HAND = 6
"""No hand holds more tiles than this once no decision is pending."""

CATASTROPHES_PER_PLAYER = 2
"""Catastrophe tiles each player starts with (CATA-1)."""

_BLACK, _RED, _BLUE, _GREEN = 0, 1, 2, 3
_TRADER = _GREEN
_TEMPLE = _RED
_TILE_CELLS = frozenset({_BLACK, _RED, _BLUE, _GREEN, FLIPPED, ZIGGURAT})
"""Cells that carry a tile, so that a treasure may lie on them."""


def check_invariants(state: GameState, before: GameState | None = None) -> list[str]:
    """Every invariant ``state`` breaks, as sentences; an empty list when all hold.

    ``before``, when given, is the state ``state`` was reached from by one input, for the
    invariants between two states (scores, treasures taken, turns and draws never decrease;
    the configuration and a built ziggurat never change).

    Checked at every state: tile conservation (bag + hands + board face up and flipped + out
    of the game = 153), leaders and their squares agree, each player has used at most 2
    catastrophes and the board shows exactly the ones used, at least one treasure is on the
    board and none lies on an empty or catastrophe square, every built monument is one 2x2
    block of flipped tiles and no flipped tile is outside them, the buildings stand on
    face-up tiles of their colour (BLD-1), the ziggurat is one cross of five ziggurat
    squares (ZIG-1, ZIG-4), and the decisions and structures of a variant occur only with it.
    Once no decision is pending (and the game is not over): no kingdom holds two leaders of
    one colour, or a trader and 2 or more treasures; every leader touches a temple; no hand
    holds more than 6 tiles; the unification marker is gone.

    Only board-game states are checked; a card-game state raises :class:`TypeError`.
    """
    expect(state, GameState, "state")
    expect(before, (GameState, None), "before")
    if not isinstance(state, GameState):
        raise TypeError(f"check_invariants checks board-game states, not {type(state).__name__}")
    problems: list[str] = []
    _tiles(state, problems)
    _leaders(state, problems)
    _catastrophes(state, problems)
    _treasures(state, problems)
    _monuments(state, problems)
    _buildings(state, problems)
    _ziggurat(state, problems)
    _decisions(state, problems)
    if state.pending is None:
        _settled(state, problems)
    if before is not None:
        _progress(state, before, problems)
    return problems


def _tiles(state: GameState, problems: list[str]) -> None:
    on_board = sum(1 for c in state.cells if c <= _GREEN or c == FLIPPED)
    hands = sum(map(sum, state.hands))
    total = state.bag_size + hands + on_board + sum(state.out_of_game)
    if total != TOTAL_TILES:
        problems.append(f"tile conservation: {total} tiles accounted for, not {TOTAL_TILES}")
    if not 0 <= state.bag_pos <= len(state.bag):
        problems.append(f"bag position {state.bag_pos} outside a bag of {len(state.bag)}")
    if any(n < 0 for hand in state.hands for n in hand):
        problems.append("a hand holds a negative number of tiles")


def _leaders(state: GameState, problems: list[str]) -> None:
    cells = state.cells
    placed = [s for s in state.leaders if s != NO_SQUARE]
    for flat, square in enumerate(state.leaders):
        if square != NO_SQUARE and cells[square] != LEADER:
            problems.append(f"leader {flat} is not on its square")
    if len(placed) != len(set(placed)):
        problems.append("two leaders share a square")
    if sum(1 for c in cells if c == LEADER) != len(placed):
        problems.append("leader squares and leader positions disagree")


def _catastrophes(state: GameState, problems: list[str]) -> None:
    if any(c < 0 or c > CATASTROPHES_PER_PLAYER for c in state.catastrophes):
        problems.append("a player has more than 2 or fewer than 0 catastrophes")
        return
    used = sum(CATASTROPHES_PER_PLAYER - c for c in state.catastrophes)
    on_board = sum(1 for c in state.cells if c == CATASTROPHE)
    if on_board != used:
        problems.append(f"{on_board} catastrophes on the board, but {used} were used")


def _treasures(state: GameState, problems: list[str]) -> None:
    if not state.treasures:
        problems.append("no treasure is left on the board")
    for t in state.treasures:
        if state.cells[t] not in _TILE_CELLS:
            problems.append(f"a treasure lies on square {t}, which holds no tile")


def _block(top_left: int) -> tuple[int, int, int, int]:
    return (top_left, top_left + 1, top_left + COLUMNS, top_left + COLUMNS + 1)


def _monuments(state: GameState, problems: list[str]) -> None:
    cells = state.cells
    covered: list[int] = []
    for number, top_left in enumerate(state.monuments):
        if top_left == NO_SQUARE:
            continue
        if top_left % COLUMNS == COLUMNS - 1 or top_left + COLUMNS + 1 >= len(cells):
            problems.append(f"monument {number} has no 2x2 block at square {top_left}")
            continue
        block = _block(top_left)
        covered.extend(block)
        if any(cells[s] != FLIPPED for s in block):
            problems.append(f"monument {number} on {top_left} does not stand on flipped tiles")
    if len(covered) != len(set(covered)):
        problems.append("two monuments share a square")
    flipped = {s for s, c in enumerate(cells) if c == FLIPPED}
    if not flipped <= set(covered):
        problems.append(f"flipped tiles outside every monument: {sorted(flipped - set(covered))}")


def _buildings(state: GameState, problems: list[str]) -> None:
    placed = [b for b in state.buildings if b != NO_SQUARE]
    if len(placed) != len(set(placed)):
        problems.append(f"two buildings share a square: {state.buildings}")
    for color, square in enumerate(state.buildings):
        if square != NO_SQUARE and state.cells[square] != color:
            problems.append(
                f"building {color} on square {square} holding cell {state.cells[square]} (BLD-1)"
            )
    if "buildings" not in state.config.variants and placed:
        problems.append("a building is on the board without the buildings variant")


def _ziggurat(state: GameState, problems: list[str]) -> None:
    zig_cells = {s for s, c in enumerate(state.cells) if c == ZIGGURAT}
    centre = state.ziggurat
    if centre == NO_SQUARE:
        if zig_cells:
            problems.append(f"ziggurat cells {sorted(zig_cells)} without a ziggurat")
        return
    if "ziggurat" not in state.config.variants:
        problems.append("a ziggurat without the ziggurat variant")
    cross = {centre, *NEIGHBOURS[centre]}
    if zig_cells != cross or len(NEIGHBOURS[centre]) != 4:
        problems.append(f"the ziggurat on {centre} is not its five cells (ZIG-4)")


def _decisions(state: GameState, problems: list[str]) -> None:
    variants = state.config.variants
    pending = state.pending
    if isinstance(pending, BuildingDecision) and "buildings" not in variants:
        problems.append("a building decision without the buildings variant")
    if isinstance(pending, ZigguratIncomeDecision) and "ziggurat" not in variants:
        problems.append("a ziggurat income decision without the ziggurat variant")
    no_ziggurat_to_build = "ziggurat" not in variants or state.ziggurat != NO_SQUARE
    if isinstance(pending, StructureDecision) and pending.crosses and no_ziggurat_to_build:
        problems.append("a cross offered with no ziggurat to build")
    if state.over and pending is not None:
        problems.append("a decision is pending after the end of the game")


def _settled(state: GameState, problems: list[str]) -> None:
    """The invariants that hold once no action or decision is in progress."""
    cells = state.cells
    if not state.over and state.marker != NO_SQUARE:
        problems.append("the unification marker stayed after the action")
    regions = regions_of(state)
    for region, leaders in enumerate(regions.leaders):
        colors = [f % 4 for f in leaders]
        if len(colors) != len(set(colors)):
            problems.append(f"kingdom {region} holds two leaders of one colour")
        if any(f % 4 == _TRADER for f in leaders):
            count = sum(1 for t in state.treasures if regions.label[t] == region)
            if count >= 2:
                problems.append(f"kingdom {region} has a trader and {count} treasures")
    for square in state.leaders:
        if square != NO_SQUARE and not any(cells[n] == _TEMPLE for n in NEIGHBOURS[square]):
            problems.append(f"the leader on square {square} touches no temple")
    if any(sum(h) > MAX_HAND for h in state.hands):
        problems.append(f"a hand holds more than {MAX_HAND} tiles")


def _progress(state: GameState, before: GameState, problems: list[str]) -> None:
    """What one input never undoes."""
    if state.config != before.config:
        problems.append("the configuration changed")
    for p, (old, new) in enumerate(zip(before.scores, state.scores, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            problems.append(f"player {p}'s score decreased")
    if any(n < o for o, n in zip(before.treasures_held, state.treasures_held, strict=True)):
        problems.append("a player's treasure count decreased")
    if state.turn < before.turn:
        problems.append("the turn counter went back")
    if state.bag_pos < before.bag_pos:
        problems.append("tiles went back into the bag")
    if before.ziggurat != NO_SQUARE and state.ziggurat != before.ziggurat:
        problems.append("the ziggurat moved or vanished")
    if before.over and state != before:
        problems.append("the state changed after the end of the game")
