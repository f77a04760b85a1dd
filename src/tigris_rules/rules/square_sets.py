"""Sets of squares as integers, for the legal squares of a state.

A set is an ``int`` holding one byte per square, byte ``s`` (bits ``8 * s`` upwards) 1 when
square ``s`` belongs to it and 0 otherwise. The squares of the board holding some cells
become a set by one translation of the cells (:func:`cells_in`), sets combine with ``&``,
``|`` and ``& ~``, the squares beside a set are four shifts (:func:`beside_set`), and a set
becomes its ascending list of squares by one loop in C (:func:`squares_of`): no square is
visited by Python code.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cache
from itertools import compress
from typing import Final, TypeVar, overload

from tigris_rules.model.lazy_actions import Selection
from tigris_rules.model.squares import COLUMNS, SQUARE_COUNT

__all__ = [
    "ALL",
    "AROUND",
    "Squares",
    "beside_set",
    "cell_codes",
    "cell_table",
    "cells_in",
    "codes_in",
    "one",
    "square_bytes",
    "square_set",
    "squares_of",
]

_LANE: Final = 8
"""Bits per square."""
_ROW: Final = _LANE * COLUMNS
"""Bits per row."""
_SQUARES: Final = range(SQUARE_COUNT)

ALL: Final = int.from_bytes(b"\x01" * SQUARE_COUNT, "little")
"""Every square of the board."""
_BUT_FIRST_COLUMN: Final = int.from_bytes(bytes(int(s % COLUMNS != 0) for s in _SQUARES), "little")
_BUT_LAST_COLUMN: Final = int.from_bytes(
    bytes(int(s % COLUMNS != COLUMNS - 1) for s in _SQUARES), "little"
)


def one(square: int) -> int:
    """The set of ``square`` alone."""
    return 1 << (_LANE * square)


def square_set(squares: Collection[int]) -> int:
    """The set of ``squares``."""
    if len(squares) <= _SHIFT_ONE_BY_ONE:
        found = 0
        for square in squares:
            found |= 1 << (_LANE * square)
        return found
    lanes = bytearray(SQUARE_COUNT)
    for square in squares:
        lanes[square] = 1
    return int.from_bytes(lanes, "little")


_SHIFT_ONE_BY_ONE: Final = 6
"""Up to this many squares, or-ing them in one by one is faster than writing their bytes
(each or makes a new integer of the set's size)."""


def squares_of(squares: int) -> list[int]:
    """The squares of the set ``squares``, in ascending order."""
    return list(square_bytes(squares))


def square_bytes(squares: int) -> bytes:
    """The squares of the set ``squares``, in ascending order, one byte each, by a few
    operations in C whatever their number: each byte of the set (0 or 1) becomes 0 or its
    square number plus one, the zeros are dropped and one is taken from the rest."""
    numbered = (squares * 0xFF) & _NUMBERED
    return numbered.to_bytes(SQUARE_COUNT, "little").translate(_LESS_ONE, b"\0")


_NUMBERED: Final = int.from_bytes(bytes(square + 1 for square in _SQUARES), "little")
"""Byte ``s`` holds ``s + 1`` (176 squares, so every number fits in a byte)."""
_LESS_ONE: Final = bytes([0, *range(255)])
"""The translation of each byte to one less."""


def beside_set(squares: int) -> int:
    """The squares adjacent to a square of ``squares`` (CONV-2), those of ``squares``
    included only when adjacent to another."""
    return (
        (squares >> _ROW)
        | ((squares << _ROW) & ALL)
        | ((squares & _BUT_FIRST_COLUMN) >> _LANE)
        | ((squares & _BUT_LAST_COLUMN) << _LANE)
    )


AROUND: Final = tuple(beside_set(one(square)) for square in _SQUARES)
"""For each square, the set of the squares adjacent to it."""


@cache
def cell_table(*codes: int) -> bytes:
    """The translation of the cell codes ``codes`` (0..254) to 1 and of every other to 0."""
    return bytes(int(code in codes and code != _NO_CODE) for code in range(256))


def cells_in(cells: tuple[int, ...], table: bytes) -> int:
    """The squares whose cell ``table`` (:func:`cell_table`) translates to 1; a code outside
    0..254, which no board holds, counts as none of the codes."""
    return codes_in(cell_codes(cells), table)


def cell_codes(cells: Sequence[int]) -> bytearray:
    """The cells as one byte each, for :func:`codes_in`; a code outside 0..254, which no
    board holds, becomes 255, which no table names. (A ``bytearray`` is made from a tuple
    in half the time of ``bytes``.)"""
    try:
        return bytearray(cells)
    except (TypeError, ValueError):
        return bytearray(c if type(c) is int and 0 <= c < _NO_CODE else _NO_CODE for c in cells)


def codes_in(codes: bytearray, table: bytes) -> int:
    """:func:`cells_in` of cells already turned to bytes by :func:`cell_codes`."""
    return int.from_bytes(codes.translate(table), "little")


_NO_CODE: Final = 255
"""The byte standing for a cell code no table names (:func:`cell_table` takes 0..254)."""


class Squares(Selection):
    """The squares of a set, in ascending order, as a sequence: its length is counted from
    the set, and the squares are listed (:func:`square_bytes`) only when an item is first
    asked for (a random pick among the legal actions asks for one item only)."""

    __slots__ = ("_list", "_set", "size")

    def __init__(self, squares: int) -> None:
        self._set = squares
        self.size = squares.bit_count()
        """How many squares."""
        self._list: bytes | None = None

    def holds(self, square: int) -> bool:
        """Whether ``square`` is one of these squares."""
        return bool(self._set >> (_LANE * square) & 1)

    def _squares(self) -> bytes:
        found = self._list
        if found is None:
            found = self._list = square_bytes(self._set)
        return found

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        found = self._list  # self._squares(), inlined: the hot path of a random pick
        if found is None:
            found = self._list = square_bytes(self._set)
        if isinstance(index, slice):
            return list(found[index])
        return found[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._squares())

    def pick_from(self, inputs: tuple[A, ...]) -> Iterable[A]:
        if self._list is None and len(inputs) == SQUARE_COUNT:
            return compress(inputs, self._set.to_bytes(SQUARE_COUNT, "little"))
        return [inputs[s] for s in self._squares()]

    def lanes(self, size: int) -> int | None:
        return self._set if size == SQUARE_COUNT else None

    def __repr__(self) -> str:
        return f"Squares({list(self._squares())!r})"


A = TypeVar("A")
