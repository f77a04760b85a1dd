"""The legal squares of a state: where each leader, tile and catastrophe of the player to
move may go (LEADER-5, LEADER-6, LEADER-7, LEADER-8, TILE-2, TILE-3, TILE-4, TILE-5, CATA-2,
CATA-3, CATA-4, CATA-5, CATA-6), computed once per state from sets of squares
(:mod:`~tigris_rules.rules.square_sets`) and the regions (:mod:`~tigris_rules.rules.regions`).

The legal-action list is built from them, and the checks of
:mod:`~tigris_rules.rules.legality` accept at once an input they hold; each rule is still
enforced by its check, which names it.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import EMPTY, RED
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.regions import RegionFacts, Regions, regions_of
from tigris_rules.rules.square_sets import (
    ALL,
    Squares,
    beside_set,
    cell_codes,
    codes_in,
    square_set,
)

__all__ = ["Targets", "targets_of"]


class Targets:
    """Legal squares for the choice of action, computed once per state.

    Computed on sets of squares (:mod:`~tigris_rules.rules.square_sets`): the board's empty
    squares, temples and the like by one translation of the cells, the squares beside each
    kingdom kept with its region (:class:`~tigris_rules.rules.regions.RegionFacts`), and
    counted by bit-sliced sums (``one``, ``two``, ``three``: beside at least one, two, three
    kingdoms), so that the work per state grows with the number of kingdoms, not squares.
    """

    __slots__ = (
        "catastrophe",
        "catastrophe_size",
        "land_size",
        "land_tiles",
        "leader",
        "leader_sizes",
        "on_board",
        "river_size",
        "river_tiles",
    )

    def __init__(self, state: GameState) -> None:
        # One translation of the cells gives three sets, a bit of each byte for each:
        # the empty squares, the temples and the squares a catastrophe may take.
        kinds = codes_in(cell_codes(state.cells), _TARGET_KINDS)
        regions = state._cache.regions  # regions_of(state), inlined: the hot path
        if not isinstance(regions, Regions):
            regions = regions_of(state)
        empty = kinds & ALL
        # The squares beside at least one, two, three kingdoms, counted on the squares beside
        # each kingdom whatever they hold: only their empty squares are ever read (a count
        # and ``& empty`` commute), so no kingdom's squares are first narrowed to them.
        one = two = three = 0
        label = regions.label
        members_of = regions.squares
        known = regions._facts
        kingdoms: dict[int, RegionFacts] = {}  # the facts of each region holding a leader
        for square in state.leaders:
            if square != NO_SQUARE:
                r = label[square]
                if r not in kingdoms:
                    members = members_of[r]  # regions.facts(r), inlined: the hot path
                    kingdom = known.get(id(members))
                    if kingdom is None or kingdom.members is not members:
                        kingdom = regions.facts(r)
                    kingdoms[r] = kingdom
                    beside = kingdom.beside
                    three |= two & beside
                    two |= one & beside
                    one |= beside
        land_set, river_set = _land_and_river(state.config.board)
        if three:  # TILE-5 (``a ^ (a & b)`` is ``a & ~b`` without a negative number)
            empty ^= empty & three
        land = empty & land_set
        river = empty & river_set
        self.land_tiles = Squares(land)
        self.land_size = self.land_tiles.size
        self.river_tiles = Squares(river)
        self.river_size = self.river_tiles.size
        if state.catastrophes[state.active]:
            catastrophe = (kinds >> 2) & ALL
            if state.treasures:
                catastrophe ^= catastrophe & _treasure_set(state.treasures)
            self.catastrophe = Squares(catastrophe)
        else:  # no catastrophe to place (CATA-1): neither the list nor a check reads them
            self.catastrophe = _NO_SQUARES
        self.catastrophe_size = self.catastrophe.size
        self.leader_sizes: list[int] = []
        """The number of squares of each colour's leader (the sizes of the parts)."""
        self.on_board: list[int] = []
        """The colours of the active player's leaders on the board."""
        self.leader = _leader_targets(
            state,
            regions,
            kingdoms,
            land & _near_temples((kinds >> 1) & ALL),
            two,
            self.leader_sizes,
            self.on_board,
        )


_NO_SQUARES: Final = Squares(0)
"""No square, shared (a set of squares is never changed)."""

_TARGET_KINDS: Final = bytes(
    (code == EMPTY) | (code == RED) << 1 | (code <= EMPTY) << 2 if code < 255 else 0
    for code in range(256)
)
"""The translation of a cell code to bit 0 when empty, bit 1 when a temple, bit 2 when a
catastrophe may go there (an empty square or a face-up tile, CATA-2)."""


@lru_cache(maxsize=1)
def _near_temples(temples: int) -> int:
    """The squares beside the set ``temples``, kept for the next state (whose temples are
    most often the same)."""
    return beside_set(temples)


@lru_cache(maxsize=64)
def _treasure_set(treasures: frozenset[int]) -> int:
    """The set of the squares ``treasures``, kept for the next states of the game (which
    hold the same treasures until one is taken)."""
    return square_set(treasures)


@cache
def _land_and_river(board: str) -> tuple[int, int]:
    layout = board_layout(board)
    return square_set(layout.land_squares), square_set(layout.river_squares)


def _leader_targets(
    state: GameState,
    regions: Regions,
    kingdoms: dict[int, RegionFacts],
    near_temple: int,
    two: int,
    sizes: list[int],
    on_board: list[int],
) -> list[Squares]:
    """The squares each colour's leader of the active player may go to: empty land squares
    (LEADER-5, LEADER-6, TILE-5) beside a temple (LEADER-7): ``near_temple``; beside at most
    one kingdom (LEADER-8: not in ``two``, the squares beside two kingdoms), judged with a
    leader on the board lifted (D7). ``kingdoms`` holds the facts of each kingdom by region.
    Their numbers are appended to ``sizes``, the colours of the leaders on the board to
    ``on_board``.

    A leader moved from its square (its origin) is judged with it lifted (D7). Lifting only
    changes the leader's own region (its home): it may split into pieces, and a piece
    without another leader becomes a territory. Every other kingdom is unchanged, so a
    square that is not beside the home keeps its verdict for a leader from the supply
    (``from_supply``: beside at most one kingdom). Only the squares beside the home
    (``near``) are judged again: a square beside the home alone is left beside at most the
    pieces of it that keep a leader, a square beside the home and another kingdom (in
    ``two``) beside that kingdom and those pieces. The pieces depend only on the home's
    shape and are kept with it (the home's
    :class:`~tigris_rules.rules.regions.RegionFacts`).
    """
    from_supply = near_temple ^ (near_temple & two)  # near_temple & ~two, made faster
    supply_list = Squares(from_supply)
    supply_size = supply_list.size
    leader: list[Squares] = []
    leaders = state.leaders
    label = regions.label
    first = 4 * state.active
    for flat in range(first, first + 4):
        origin = leaders[flat]
        if origin == NO_SQUARE:
            leader.append(supply_list)
            sizes.append(supply_size)
            continue
        on_board.append(flat - first)
        home = label[origin]
        facts = kingdoms[home]
        near = facts.beside & near_temple
        moved = from_supply
        if near:
            in_home = regions.leaders[home]
            if len(in_home) == 1:  # the home becomes a territory
                moved |= near & two
            else:
                pieces = facts.pieces_without(label, home, origin)
                if not pieces:
                    # The rest of the home stays one kingdom: only a square beside the home
                    # through the origin alone, and beside another kingdom, becomes legal.
                    moved |= near & two & facts.beside_alone(origin)
                else:
                    moved = _split_home(state, pieces, in_home, from_supply, near, two)
        if moved == from_supply:
            leader.append(supply_list)
            sizes.append(supply_size)
        else:
            squares = Squares(moved)
            leader.append(squares)
            sizes.append(squares.size)
    return leader


def _split_home(
    state: GameState,
    pieces: list[tuple[int, int]],
    in_home: list[int],
    from_supply: int,
    near: int,
    two: int,
) -> int:
    """The squares of a leader lifted from a home that falls into ``pieces`` (each its
    squares and the squares beside it): see :func:`_leader_targets`."""
    held = square_set([state.leaders[flat] for flat in in_home])
    kept = kept_twice = 0  # beside one, two pieces of the home keeping a leader
    for squares, around in pieces:
        if squares & held:
            kept_twice |= kept & around
            kept |= around
    added = near & two
    added ^= added & kept  # near & two & ~kept
    removed = near & kept_twice
    removed ^= removed & two  # near & ~two & kept_twice
    if removed:
        from_supply ^= from_supply & removed
    return from_supply | added


def targets_of(state: GameState) -> Targets:
    """The targets of ``state``, computed once per state."""
    cache = state._cache
    targets = cache.targets
    if not isinstance(targets, Targets):
        targets = Targets(state)
        cache.targets = targets
    return targets
