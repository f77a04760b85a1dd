"""Sets of squares as integers (rules/square_sets.py) say what the lists of squares say."""

from __future__ import annotations

import random

from tigris_rules.model.cells import EMPTY, RED
from tigris_rules.model.squares import NEIGHBOURS, SQUARE_COUNT
from tigris_rules.rules.square_sets import (
    ALL,
    Squares,
    beside_set,
    cell_table,
    cells_in,
    one,
    square_set,
    squares_of,
)


def test_a_set_lists_its_squares_in_order() -> None:
    rng = random.Random(1)
    for _ in range(50):
        chosen = sorted(rng.sample(range(SQUARE_COUNT), rng.randrange(SQUARE_COUNT)))
        assert squares_of(square_set(chosen)) == chosen
        listed = Squares(square_set(chosen))
        assert len(listed) == len(chosen)
        assert list(listed) == chosen
        if chosen:
            assert listed[-1] == chosen[-1]
    assert squares_of(ALL) == list(range(SQUARE_COUNT))


def test_the_squares_beside_a_set_are_its_neighbours() -> None:
    for square in range(SQUARE_COUNT):
        assert squares_of(beside_set(one(square))) == list(NEIGHBOURS[square])
    rng = random.Random(2)
    for _ in range(50):
        chosen = rng.sample(range(SQUARE_COUNT), 12)
        expected = sorted({n for s in chosen for n in NEIGHBOURS[s]})
        assert squares_of(beside_set(square_set(chosen))) == expected


def test_cells_are_selected_by_code_and_no_code_outside_the_table_matches() -> None:
    cells = (EMPTY, RED, 300, -1, EMPTY, *([0] * (SQUARE_COUNT - 5)))
    assert squares_of(cells_in(cells, cell_table(EMPTY))) == [0, 4]
    assert squares_of(cells_in(cells, cell_table(RED))) == [1]
    assert squares_of(cells_in(cells, cell_table(255))) == []
