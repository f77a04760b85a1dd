"""A read-only sequence of inputs built item by item, only when asked for.

Legal-action lists are long (700 and more in an opening) while a random pick needs one item,
so both rulesets describe their lists as *parts*: a factory and the raw items (square numbers,
colours, prebuilt answers) it turns into inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import chain, starmap
from typing import Any, Generic, TypeVar, overload

__all__ = ["LazyActions", "Part"]

A = TypeVar("A")

Part = tuple[Callable[[Any], A], Sequence[Any]]
"""A factory and the raw items it turns into inputs, in order."""


class LazyActions(Sequence[A], Generic[A]):
    """The inputs of ``parts``, in order, each built when indexed or iterated.

    Supports ``len``, indexing (also negative, and slices), iteration and ``in``; membership
    is answered by :meth:`_accepts`, which subclasses give the ruleset's legality check.
    """

    # No __slots__: the compiled build (mypyc) compiles LegalActions, derived from this
    # class, and a compiled class cannot derive from one with slots.

    def __init__(self, parts: list[Part[A]]) -> None:
        self._parts = parts
        self._sizes = [len(items) for _, items in parts]
        self._total = sum(self._sizes)

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, index: int) -> A: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[A]: ...

    def __getitem__(self, index: int | slice) -> A | Sequence[A]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._total))]
        if index < 0:
            index += self._total
        if 0 <= index < self._total:
            for (make, items), size in zip(self._parts, self._sizes, strict=True):
                if index < size:
                    return make(items[index])
                index -= size
        raise IndexError("legal action index out of range")

    def __iter__(self) -> Iterator[A]:
        # Each part mapped by its factory, chained: the whole walk runs in C when the
        # factories do (a table's ``__getitem__``).
        return chain.from_iterable(starmap(map, self._parts))

    def __contains__(self, action: object) -> bool:
        return self._accepts(action)

    def _accepts(self, action: object) -> bool:
        return any(action == item for item in self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self._total} actions>"
