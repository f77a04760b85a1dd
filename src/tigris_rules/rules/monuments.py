"""Monuments (MON): the structure opportunity of a tile placement and monument income."""

from __future__ import annotations

from typing import Final

from tigris_rules.model.actions import MONUMENTS, Monument
from tigris_rules.model.cells import FLIPPED
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import StructureDecision
from tigris_rules.model.events import MonumentBuilt, ScoreCause
from tigris_rules.model.squares import COLUMNS, ROWS, beside, square_name
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.rules.temples import temple_loss
from tigris_rules.rules.work import Work, replaced

__all__ = [
    "block_squares",
    "blocks_with",
    "build_monument",
    "cover",
    "monument_income",
    "offer_structure",
]


def cover(w: Work, squares: tuple[int, ...]) -> None:
    """A structure now stands over ``squares``: the variants hear of it (a building on them
    returns to the supply, MON-10)."""
    for _, variant in w.hooks.covered:
        variant.covered(w, squares)


def block_squares(top_left: int) -> tuple[int, int, int, int]:
    """The four squares of the 2x2 block whose top-left square is ``top_left``."""
    return (top_left, top_left + 1, top_left + COLUMNS, top_left + COLUMNS + 1)


def _blocks_containing(square: int) -> tuple[tuple[int, int, int, int], ...]:
    row, col = divmod(square, COLUMNS)
    return tuple(
        block_squares(r * COLUMNS + c)
        for r in (row - 1, row)
        for c in (col - 1, col)
        if 0 <= r < ROWS - 1 and 0 <= c < COLUMNS - 1
    )


_BLOCKS_CONTAINING: Final = tuple(_blocks_containing(square) for square in range(ROWS * COLUMNS))
"""For each square, the 2x2 blocks holding it, each as its four squares, top-left first;
blocks in ascending order of their top-left square."""


def blocks_with(cells: list[int], square: int) -> list[int]:
    """Top-left squares of the blocks (MON-1) that contain ``square``, ascending: four
    face-up tiles of the colour of the tile on ``square``."""
    color = cells[square]
    if color > 3 or not beside(cells, square, color):
        return []  # a block holding the tile needs a neighbour of its colour
    return [
        a
        for a, b, c, d in _BLOCKS_CONTAINING[square]
        if cells[a] == color and cells[b] == color and cells[c] == color and cells[d] == color
    ]


def offer_structure(w: Work) -> bool:
    """Ask the structure decision (MON-4) when a block containing the tile just placed has an
    eligible monument (MON-2, MON-3), or a variant offers a structure. True when asked."""
    options: list[tuple[Monument, str]] = []
    for top_left in blocks_with(w.cells, w.placed):
        color = COLORS[w.cells[top_left]]
        for monument in MONUMENTS:
            if w.monuments[monument.index] == NO_SQUARE and color in monument.colors:
                options.append((monument, square_name(top_left)))
    builders = w.hooks.structures
    others = tuple(a for _, v in builders for a in v.structures(w)) if builders else ()
    if not options and not others:
        return False
    w.pending = StructureDecision(w.active, tuple(options), others)
    return True


def build_monument(w: Work, monument: Monument, top_left: int) -> None:
    """Turn the block's tiles face down under the monument (MON-6), a building on them
    returns to the supply (MON-10, through :func:`cover`), then temple loss (MON-9)."""
    squares = block_squares(top_left)
    for s in squares:
        w.cells[s] = FLIPPED  # a treasure on it stays on its square (MON-8)
    cover(w, squares)
    w.monuments = replaced(w.monuments, monument.index, top_left)
    # The flipped tiles stay occupied squares: the regions do not change.
    if w.record:
        w.events.append(MonumentBuilt(w.active, monument, square_name(top_left)))
    temple_loss(w)


def monument_income(w: Work) -> None:
    """MON-11: for each monument and each of the active player's leaders in its kingdom with
    one of its colours, 1 VP of the leader's colour; the points are scored monument by
    monument in their order, and for one monument in the order of the colours, so that
    the events depend on the position only."""
    built = w.monuments
    if max(built) == NO_SQUARE:
        return
    regions = w.regions()
    player = w.active
    for monument, top_left in zip(MONUMENTS, built, strict=True):
        if top_left == NO_SQUARE:
            continue
        for flat in sorted(regions.leaders[regions.label[top_left]]):
            if flat // 4 == player and COLORS[flat % 4] in monument.colors:
                w.score(player, flat % 4, 1, ScoreCause.MONUMENT)
