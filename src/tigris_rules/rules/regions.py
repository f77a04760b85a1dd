"""Regions, kingdoms and territories (CONV-8, CONV-9), computed from the board.

A region is a maximal set of occupied squares linked through adjacent occupied squares;
a kingdom is a region holding a leader.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Final

from tigris_rules.model.cells import IS_OCCUPIED
from tigris_rules.model.squares import COLUMNS, NEIGHBOURS, ROWS, SQUARE_COUNT
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.square_sets import (
    AROUND,
    beside_set,
    cell_codes,
    cell_table,
    one,
    square_set,
    squares_of,
)

__all__ = [
    "RegionFacts",
    "Regions",
    "compute_regions",
    "fresh_regions",
    "pieces_without",
    "regions_of",
    "side_of",
]


class RegionFacts:
    """What the shape of one region decides, whatever stands on it, as sets of squares
    (:mod:`tigris_rules.rules.square_sets`): its squares (``squares``), the squares beside
    it (``beside``, all unoccupied) and, once asked, the pieces it falls into when one of its
    squares is emptied (:meth:`pieces_without`). A region's list of squares is replaced,
    never changed, so these facts are kept with that list for as long as it lives."""

    __slots__ = ("_alone", "_pieces", "beside", "members", "squares")

    def __init__(
        self, members: list[int], squares: int | None = None, beside: int | None = None
    ) -> None:
        self.members = members
        self.squares = square_set(members) if squares is None else squares
        if beside is None:
            beside = beside_set(self.squares)
        self.beside = beside ^ (beside & self.squares)  # beside & ~squares, made faster
        """The squares beside this region (``beside``, when given, may hold some of its
        own: they are taken out)."""
        self._pieces: dict[int, list[tuple[int, int]]] = {}
        self._alone: dict[int, int] = {}

    def beside_alone(self, square: int) -> int:
        """The squares beside ``square`` (one of this region's) and beside no other square
        of this region."""
        found = self._alone.get(square)
        if found is None:
            around = beside_set(one(square))
            found = around & ~beside_set(self.squares & ~one(square))
            self._alone[square] = found
        return found

    def pieces_without(self, label: list[int], region: int, square: int) -> list[tuple[int, int]]:
        """The pieces of :func:`pieces_without` once ``square`` is emptied, each as the set
        of its squares and the set of the squares beside it; none when the rest stays one
        region. ``label`` numbers this region ``region`` and still labels ``square``."""
        pieces = self._pieces.get(square)
        if pieces is None:
            lifted = label.copy()
            lifted[square] = -1
            pieces = [
                (piece, beside_set(piece)) for piece in self._piece_sets(lifted, region, square)
            ]
            self._pieces[square] = pieces
        return pieces

    def _piece_sets(self, lifted: list[int], region: int, square: int) -> list[int]:
        """The sets of squares of :meth:`pieces_without`, in the same order, ``lifted``
        having ``square`` unlabelled. The last piece is never searched: it is the rest of
        the region."""
        wanted = [n for n in NEIGHBOURS[square] if lifted[n] == region]
        if len(wanted) < 2 or _ring_linked(lifted, region, square):
            return []
        rest = self.squares & ~one(square)
        if len(wanted) == 2:
            found = _search_two(lifted, region, wanted[0], wanted[1])
            if found is None:
                return []
            piece = square_set(found[0])
            return [piece, rest & ~piece] if found[1] == 0 else [rest & ~piece, piece]
        sets = [square_set(piece) for piece in _split(lifted, region, wanted, last=False)]
        for piece in sets:
            rest &= ~piece
        return [*sets, rest] if sets and rest else sets

    def grown(self, members: list[int], square: int, joined: list[int]) -> RegionFacts:
        """The facts of the region ``members`` made of this one, the empty ``square`` beside
        it now occupied and the regions it joins (their squares ``joined``), derived from
        these facts: the pieces known here stay known there.

        Occupying a square cuts nothing. Of the pieces this region falls into when one of
        its squares is emptied, those beside ``square`` become one piece with it and
        ``joined``, and the others stay as they were; when the emptied square leaves this
        region whole, so does it the new one if ``square`` has another neighbour here.
        Emptying ``square`` again leaves this region and those joined apart (``joined``
        holds the squares of each)."""
        added = one(square)
        for part in joined:
            added |= part
        if joined:
            facts = RegionFacts(members, self.squares | added)
        else:  # the squares beside it are those beside this region or beside ``square``
            facts = RegionFacts(members, self.squares | added, self.beside | AROUND[square])
        derived = facts._pieces
        linked: list[int] | None = None  # the neighbours of ``square`` in this region
        for emptied, pieces in self._pieces.items():
            if pieces:
                grown_piece = added
                apart = []
                for piece in pieces:
                    if piece[1] & added:
                        grown_piece |= piece[0]
                    else:
                        apart.append(piece)
                derived[emptied] = [*apart, (grown_piece, beside_set(grown_piece))] if apart else []
            else:
                if linked is None:
                    squares = self.squares
                    linked = [n for n in NEIGHBOURS[square] if squares >> (_LANE * n) & 1]
                for n in linked:
                    if n != emptied:  # ``square`` has another neighbour here
                        derived[emptied] = []
                        break
        if joined:
            derived[square] = [(part, beside_set(part)) for part in (self.squares, *joined)]
        else:
            derived[square] = []
        return facts


_LANE: Final = 8
"""Bits per square in a set of squares (:mod:`tigris_rules.rules.square_sets`)."""
_KEPT_FACTS: Final = 256
"""Past this many regions' facts kept by one game, those of regions gone are dropped."""


def _split_two(
    label: list[int], members: list[int], region: int, square: int, a: int, b: int
) -> list[list[int]]:
    """The pieces ``region`` falls into once its ``square`` is emptied (already unlabelled),
    when exactly two of its squares, ``a`` and ``b``, are beside it: none when they are still
    linked, else the piece of ``a`` and the piece of ``b``."""
    found = _search_two(label, region, a, b)
    if found is None:
        return []
    front, k = found
    rest = _rest(members, square, front)
    return [front, rest] if k == 0 else [rest, front]


def _search_two(label: list[int], region: int, a: int, b: int) -> tuple[list[int], int] | None:
    """Search the squares of ``region`` linked to ``a`` and to ``b`` together, so that a
    small piece is found without searching the large one: ``None`` when the searches meet
    (still one region), else the piece found whole and which it is (0 for ``a``'s, 1 for
    ``b``'s); the other piece is the rest of the region."""
    owner = {a: 0, b: 1}
    fronts = ([a], [b])
    heads = [0, 0]
    while True:
        for k in (0, 1):
            front = fronts[k]
            i = heads[k]
            if i == len(front):  # search k is complete: a piece; the rest is the other one
                return front, k
            heads[k] = i + 1
            for n in NEIGHBOURS[front[i]]:
                if label[n] == region:
                    seen = owner.get(n)
                    if seen is None:
                        owner[n] = k
                        front.append(n)
                    elif seen != k:
                        return None  # the searches met: still one region


def _rest(members: list[int], square: int, piece: list[int]) -> list[int]:
    """``members`` without ``square`` and the squares of ``piece``."""
    if len(piece) <= _REMOVE_ONE_BY_ONE:
        rest = members.copy()
        rest.remove(square)
        for s in piece:
            rest.remove(s)
        return rest
    gone = set(piece)
    return [s for s in members if s != square and s not in gone]


_REMOVE_ONE_BY_ONE: Final = 8
"""Up to this many squares, removing them one by one from a copy (each removal a search in
C) is faster than building the rest square by square."""


def _split(
    label: list[int], region: int, wanted: list[int], *, last: bool = True
) -> list[list[int]]:
    """As :func:`_split_two`, with three or four squares of ``region`` beside the emptied
    square (``wanted``): the pieces in the order of ``wanted``, none when still one region.
    With ``last=False`` the last piece is neither searched nor given when the others are
    found: it is the rest of the region."""
    pieces: list[list[int]] = []
    seen: set[int] = set()
    left = wanted
    while left:
        start = left[0]
        seen.add(start)
        piece = [start]
        for square in piece:  # the list grows while it is walked
            for n in NEIGHBOURS[square]:
                if n not in seen and label[n] == region:
                    seen.add(n)
                    piece.append(n)
        pieces.append(piece)
        left = [n for n in left if n not in seen]
        if not last and len(left) == 1:
            return pieces
    return pieces if len(pieces) > 1 else []


class Regions:
    """The region of every square, and the leaders in each region.

    ``label[s]`` is the region number of square ``s`` or -1 when it is not occupied;
    ``squares[r]`` the squares of region ``r``; ``leaders[r]`` the flat leader numbers
    (``4 * player + colour``) standing in it. After a merge (:meth:`with_square`) some
    region numbers may be left with no square; no square is labelled with them.
    """

    __slots__ = ("_facts", "label", "leaders", "squares")

    def __init__(
        self,
        label: list[int],
        squares: list[list[int]],
        leaders: list[list[int]],
        facts: dict[int, RegionFacts] | None = None,
    ) -> None:
        self.label = label
        self.squares = squares
        self.leaders = leaders
        # By the identity of a region's list of squares; shared with the regions derived
        # from these, whose unchanged regions keep their lists.
        self._facts: dict[int, RegionFacts] = {} if facts is None else facts

    def facts(self, region: int) -> RegionFacts:
        """The facts of the shape of ``region`` (:class:`RegionFacts`), computed once per
        list of squares."""
        members = self.squares[region]
        facts = self._facts.get(id(members))  # self._known(members), inlined: the hot path
        if facts is None or facts.members is not members:
            kept = self._facts
            if len(kept) > _KEPT_FACTS:
                # Shared by the states of a game, which may be used from several threads:
                # a snapshot of the keys, and entries dropped whether or not still there.
                live = {id(m) for m in self.squares}
                for key in list(kept):
                    if key not in live:
                        kept.pop(key, None)
            facts = RegionFacts(members)
            kept[id(members)] = facts
        return facts

    def count_kingdoms_adjacent(self, square: int) -> int:
        """How many distinct kingdoms are adjacent to ``square`` (CONV-11)."""
        label = self.label
        leaders = self.leaders
        seen: list[int] = []
        for n in NEIGHBOURS[square]:
            r = label[n]
            if r >= 0 and leaders[r] and r not in seen:
                seen.append(r)
        return len(seen)

    def with_square(self, square: int, leader: int = -1, *, in_place: bool = False) -> Regions:
        """The regions once the empty ``square`` becomes occupied (by ``leader``, a flat
        leader number, or by a tile when -1). Occupying a square only merges the regions
        around it, so this is exact. This object is left unchanged, unless ``in_place``: then
        it is updated and returned (for its only owner; the per-region lists are replaced,
        never changed, so other objects sharing them are safe)."""
        if in_place:
            label, squares, leaders = self.label, self.squares, self.leaders
        else:
            label, squares, leaders = self.label.copy(), self.squares.copy(), self.leaders.copy()
        adjacent: list[int] = []
        for n in NEIGHBOURS[square]:
            r = label[n]
            if r >= 0 and r not in adjacent:
                adjacent.append(r)
        if not adjacent:
            target = len(squares)
            squares.append([square])
            leaders.append([leader] if leader >= 0 else [])
        else:
            if len(adjacent) > 1:
                adjacent.sort()
            target = adjacent[0]
            parts = [squares[r] for r in adjacent]
            merged_squares = [*squares[target], square]
            merged_leaders = [*leaders[target], leader] if leader >= 0 else leaders[target]
            for other in adjacent[1:]:
                for s in squares[other]:
                    label[s] = target
                merged_squares += squares[other]
                if leaders[other]:
                    merged_leaders = [*merged_leaders, *leaders[other]]
                squares[other] = []
                leaders[other] = []
            squares[target] = merged_squares
            leaders[target] = merged_leaders
            self._grow_facts(parts, square, merged_squares)
        label[square] = target
        return self if in_place else Regions(label, squares, leaders, self._facts)

    def _grow_facts(self, parts: list[list[int]], square: int, members: list[int]) -> None:
        """Keep the facts of the region ``members``, made of the regions ``parts`` joined by
        ``square``, when those of one of them are known (:meth:`RegionFacts.grown`)."""
        for part in parts:
            facts = self._known(part)
            if facts is not None:
                joined = []
                for other in parts:
                    if other is not part:
                        known = self._known(other)
                        joined.append(square_set(other) if known is None else known.squares)
                self._facts[id(members)] = facts.grown(members, square, joined)
                return

    def _known(self, members: list[int]) -> RegionFacts | None:
        """The facts kept for the list of squares ``members``, if any."""
        facts = self._facts.get(id(members))
        return facts if facts is not None and facts.members is members else None

    def without_square(
        self, square: int, leaders: Sequence[int], *, in_place: bool = False
    ) -> Regions:
        """The regions once the occupied ``square`` becomes unoccupied (a tile destroyed or
        removed, a leader lifted). Only the square's own region can change: it may split into
        pieces, each a region of its own. ``leaders`` gives the square of every flat leader
        number (a leader on ``square`` counts as gone). ``in_place`` as for
        :meth:`with_square`."""
        old = self.label[square]
        former_leaders = self.leaders[old]
        if in_place:
            label, squares, in_region = self.label, self.squares, self.leaders
        else:
            label, squares, in_region = self.label.copy(), self.squares.copy(), self.leaders.copy()
        label[square] = -1
        known = self._known(squares[old])
        found = None if known is None else known._pieces.get(square)
        if found is None:
            pieces = pieces_without(label, squares[old], old, square)
        else:  # the pieces its facts know (the legal moves of a leader asked for them)
            pieces = [squares_of(piece) for piece, _ in found]
        if not pieces:
            members = squares[old].copy()
            members.remove(square)
            squares[old] = members
            in_region[old] = [f for f in former_leaders if leaders[f] not in (square, NO_SQUARE)]
            if known is not None and in_region[old]:
                # A kingdom still, whose facts the legal squares read: its squares are known.
                self._facts[id(members)] = RegionFacts(members, known.squares ^ one(square))
            return self if in_place else Regions(label, squares, in_region, self._facts)
        squares[old] = pieces[0]  # the first piece keeps the region's number
        in_region[old] = []
        for piece in pieces[1:]:
            number = len(squares)
            for s in piece:
                label[s] = number
            squares.append(piece)
            in_region.append([])
        for flat in former_leaders:
            at = leaders[flat]
            if at != NO_SQUARE and at != square:
                in_region[label[at]].append(flat)
        if found is not None:  # each kingdom's squares and the squares beside it are known
            for (piece_set, around), members in zip(found, pieces, strict=True):
                if in_region[label[members[0]]]:
                    self._facts[id(members)] = RegionFacts(members, piece_set, around)
        return self if in_place else Regions(label, squares, in_region, self._facts)


def pieces_without(
    label: list[int], members: list[int], region: int, square: int
) -> list[list[int]]:
    """The pieces ``region`` (its squares ``members``) falls into once its ``square`` is
    emptied, ``label`` already having it unlabelled: none when the rest is still one region
    (or nothing is left)."""
    # Every square left in the region is linked to one of the square's neighbours in it:
    # the pieces are searched from them.
    wanted = [n for n in NEIGHBOURS[square] if label[n] == region]
    if len(wanted) < 2 or _ring_linked(label, region, square):
        return []
    if len(wanted) == 2:
        return _split_two(label, members, region, square, wanted[0], wanted[1])
    return _split(label, region, wanted)


def _ring_linked(label: list[int], region: int, square: int) -> bool:
    """Whether the squares of ``region`` beside ``square`` are linked through the eight
    squares around it: then emptying ``square`` splits nothing, and no search is needed.

    Around a square, each corner square is beside the two side squares next to it, so the
    eight squares form a ring; the squares of the region on it fall into runs, and the side
    squares of the region are linked when they all lie on one run."""
    ring = _RING[square]
    inside = [s >= 0 and label[s] == region for s in ring]
    if False not in inside:
        return True
    start = inside.index(False)
    runs = 0  # runs holding a side square, closed so far
    side = False  # the open run holds a side square
    for k in range(start + 1, start + 9):
        i = k % 8
        if inside[i]:
            if i % 2 == 0:
                side = True
        elif side:
            runs += 1
            side = False
    return runs <= 1


def _ring(square: int) -> tuple[int, ...]:
    """The eight squares around ``square``, clockwise from the one above (-1 off the board):
    side squares at even places, corners at odd ones."""
    row, col = divmod(square, COLUMNS)
    ring = []
    for dr, dc in ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)):
        r, c = row + dr, col + dc
        ring.append(r * COLUMNS + c if 0 <= r < ROWS and 0 <= c < COLUMNS else -1)
    return tuple(ring)


_RING: Final = tuple(_ring(square) for square in range(SQUARE_COUNT))


def compute_regions(cells: Sequence[int], leaders: Sequence[int]) -> Regions:
    """Label the regions of a board given as cell codes and leader squares."""
    # One byte per square, 1 while it is occupied and not yet labelled: a square is tested
    # by one look-up, and the searches start only from the occupied squares, which
    # ``compress`` finds in C (it reads the bytes as the search clears them).
    free = cell_codes(cells).translate(_OCCUPIED)  # a bytearray, cleared as searched
    label = [-1] * SQUARE_COUNT
    squares: list[list[int]] = []
    for start in compress(_SQUARES, free):
        region = len(squares)
        free[start] = 0
        label[start] = region
        members = [start]
        for square in members:  # the list grows while it is walked
            for n in NEIGHBOURS[square]:
                if free[n]:
                    free[n] = 0
                    label[n] = region
                    members.append(n)
        squares.append(members)
    in_region: list[list[int]] = [[] for _ in squares]
    for flat, square in enumerate(leaders):
        if square != NO_SQUARE:
            in_region[label[square]].append(flat)
    return Regions(label, squares, in_region)


_OCCUPIED: Final = cell_table(*(code for code, taken in enumerate(IS_OCCUPIED) if taken))
"""The translation of the cell codes of occupied squares to 1, of every other to 0."""
_SQUARES: Final = range(SQUARE_COUNT)


def regions_of(state: GameState) -> Regions:
    """The regions of ``state``'s board, computed once per state."""
    cache = state._cache
    regions = cache.regions
    if not isinstance(regions, Regions):
        regions = compute_regions(state.cells, state.leaders)
        cache.regions = regions
    return regions


def fresh_regions(state: GameState) -> Regions:
    """The regions of ``state``'s board computed anew, whatever the state keeps (a check of
    the state does not trust them), and kept for the rules that read them next when the
    state keeps none yet."""
    regions = compute_regions(state.cells, state.leaders)
    cache = state._cache
    if not isinstance(cache.regions, Regions):
        cache.regions = regions
    return regions


def side_of(cells: Sequence[int], start: int, barrier: int) -> list[int]:
    """Squares linked to ``start`` through occupied squares without passing ``barrier``
    (a war side, WAR-6)."""
    occupied = IS_OCCUPIED
    seen = {start, barrier}
    members = [start]
    i = 0
    while i < len(members):
        for n in NEIGHBOURS[members[i]]:
            if n not in seen and occupied[cells[n]]:
                seen.add(n)
                members.append(n)
        i += 1
    return members
