"""The type checks at the entry of public functions.

A public function checks each argument it is given with :func:`expect` before any work, so
that a wrong type (``None`` for a state, a board-game state to a card-game helper, a number
for a log) raises :class:`~tigris_rules.errors.ArgumentTypeError` naming the argument, the
type expected and the type given, never an ``AttributeError`` from deep inside.

>>> from tigris_rules._arguments import expect
>>> expect(3, (int, None), "player")
>>> expect("3", (int, None), "player")
Traceback (most recent call last):
...
tigris_rules.errors.ArgumentTypeError: player: expected int or None, got str
"""

from __future__ import annotations

from collections import abc
from typing import Final, TypeAlias, cast

from tigris_rules.errors import ArgumentTypeError

__all__ = ["CALLABLE", "Kind", "expect", "expect_items"]

Kind: TypeAlias = type | tuple[type | None, ...] | None
"""What an argument may be: a class, ``None``, or a tuple of them (any one will do)."""

CALLABLE: Final = cast("type", abc.Callable)
"""The kind of a function argument (a function, a class, any object with ``__call__``)."""


def _kinds(kind: Kind) -> tuple[type | None, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _name(kind: type | None) -> str:
    return "None" if kind is None else kind.__name__


def _fits(value: object, kinds: tuple[type | None, ...]) -> bool:
    for kind in kinds:
        if kind is None:
            if value is None:
                return True
        elif isinstance(value, kind):
            # A bool is an int to Python, never to this library: seats and seeds are numbers.
            return not (isinstance(value, bool) and kind is int)
    return False


def expect(
    value: object,
    kind: Kind,
    name: str,
    expected: str | None = None,
    *,
    error: type[ArgumentTypeError] = ArgumentTypeError,
) -> None:
    """Raise ``error`` (an :class:`ArgumentTypeError`) unless ``value`` is an instance of
    ``kind`` (``None`` in ``kind`` admits ``None``; a ``bool`` is not an ``int``). ``name`` is
    the argument as the caller wrote it; ``expected`` describes ``kind`` in the message when
    its class names do not say enough."""
    if type(value) is kind or (type(kind) is tuple and type(value) in kind):
        return  # the common case, cheap enough for the readers' building blocks
    kinds = _kinds(kind)
    if not _fits(value, kinds):
        what = expected if expected is not None else " or ".join(_name(k) for k in kinds)
        raise error.expected(name, what, value)


def expect_items(values: object, kind: Kind, name: str, expected: str | None = None) -> None:
    """Raise :class:`ArgumentTypeError` unless ``values`` is a list or a tuple whose every
    item is an instance of ``kind``; the message names the first bad item (``bots[2]``)."""
    if not isinstance(values, list | tuple):
        raise ArgumentTypeError.expected(name, "a list or a tuple", values)
    for index, item in enumerate(values):
        expect(item, kind, f"{name}[{index}]", expected)
