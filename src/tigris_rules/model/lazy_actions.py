"""A read-only sequence of inputs built item by item, only when asked for.

Legal-action lists are long (700 and more in an opening) while a random pick needs one item,
so both rulesets describe their lists as *parts*: a factory and the raw items (square numbers,
colours, prebuilt answers) it turns into inputs.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import accumulate, chain
from operator import itemgetter
from typing import Any, Final, Generic, TypeGuard, TypeVar, overload

__all__ = ["LazyActions", "Part", "Selection", "Table", "is_selection", "same"]

A = TypeVar("A")

Part = tuple[Callable[[Any], A], Sequence[Any]]
"""A factory and the raw items it turns into inputs, in order."""


class Selection(Sequence[int]):
    """Numbers that pick their own inputs out of a :class:`Table`'s, such as a set of
    squares that keeps, for every table, one prepared way to pick its numbers."""

    __slots__ = ()

    def pick_from(self, inputs: tuple[A, ...]) -> Iterable[A]:
        """The items of ``inputs`` at these numbers, in order (to be read once)."""
        raise NotImplementedError

    def lanes(self, size: int) -> int | None:
        """One byte per number below ``size``, as an int (little-endian: the byte of number
        ``n`` is ``lanes >> 8 * n & 0xFF``): 1 for a number of this selection, 0 for any
        other; ``None`` when this selection cannot say it at once (then read its numbers)."""
        return None


_SELECTING: Final[dict[type, bool]] = {}
"""For each type of numbers met, whether it is a :class:`Selection` (a test of an abstract
class costs a call in Python)."""


def is_selection(numbers: object) -> TypeGuard[Selection]:
    """Whether ``numbers`` is a :class:`Selection`."""
    kind = type(numbers)
    found = _SELECTING.get(kind)
    if found is None:
        found = _SELECTING[kind] = issubclass(kind, Selection)
    return found


class Table(Generic[A]):
    """A factory handing out inputs made in advance, by number: ``table(i)`` is the i-th.

    Inputs are frozen values, so one object serves every list that holds it; a whole part
    of numbers is turned into its inputs by one call in C (:meth:`pick`)."""

    __slots__ = ("inputs",)

    def __init__(self, inputs: Sequence[A]) -> None:
        self.inputs = tuple(inputs)

    def __call__(self, number: int) -> A:
        return self.inputs[number]

    def pick(self, numbers: Sequence[int]) -> Iterable[A]:
        """The inputs of ``numbers``, in order (to be read once)."""
        if is_selection(numbers):
            return numbers.pick_from(self.inputs)
        if len(numbers) > 1:
            picked: tuple[A, ...] = itemgetter(*numbers)(self.inputs)
            return picked
        return [self.inputs[n] for n in numbers]


def same(item: A) -> A:
    """The factory of a part whose items are the inputs themselves (answers, swaps): such a
    part is iterated as it is, without a call per item."""
    return item


def _inputs(make: Callable[[Any], A], items: Sequence[Any]) -> Iterable[A]:
    if isinstance(make, Table):
        return make.pick(items)
    if make is same:
        return items
    return map(make, items)


class LazyActions(Sequence[A], Generic[A]):
    """The inputs of ``parts``, in order, each built when indexed or iterated.

    Supports ``len``, indexing (also negative, and slices), iteration and ``in``; membership
    is answered by :meth:`_accepts`, which subclasses give the ruleset's legality check.
    """

    # No __slots__: the compiled build (mypyc) compiles LegalActions, derived from this
    # class, and a compiled class cannot derive from one with slots.

    def __init__(self, parts: list[Part[A]], sizes: list[int] | None = None) -> None:
        self._parts = parts
        self._ends: list[int] | None = None if sizes is None else list(accumulate(sizes))
        """Where each part ends: the sum of its length and those of the parts before it,
        from the lengths given by the maker of the parts when it knows them, else counted
        when first needed (a mask or an iteration does not need them)."""
        self._total = -1 if self._ends is None else (self._ends[-1] if self._ends else 0)

    def _count(self) -> list[int]:
        ends = self._ends
        if ends is None:
            ends = self._ends = list(accumulate([len(items) for _, items in self._parts]))
            self._total = ends[-1] if ends else 0
        return ends

    def __len__(self) -> int:
        if self._total < 0:
            self._count()
        return self._total

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...

    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        ends = self._ends
        if ends is None:
            ends = self._count()
        total = self._total
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(total))]
        if index < 0:
            index += total
        if 0 <= index < total:
            part = bisect_right(ends, index)  # the first part ending after the index
            make, items = self._parts[part]
            if part:
                index -= ends[part - 1]
            if type(make) is Table:  # its item at once, without a call
                item: A = make.inputs[items[index]]
                return item
            return make(items[index])
        raise IndexError("legal action index out of range")

    def __iter__(self) -> Iterator[A]:
        return chain.from_iterable([_inputs(make, items) for make, items in self._parts])

    def __contains__(self, action: object) -> bool:
        return self._accepts(action)

    def _accepts(self, action: object) -> bool:
        return any(action == item for item in self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self)} actions>"
