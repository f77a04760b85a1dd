"""The checks of untrusted JSON values and the paths of their problems.

Every reader of the library reports a bad value as a :class:`~tigris_rules.FormatError`
naming the JSON path of the bad field (``$.actions[12].square``); these are the small pieces
they are made of: describing a value, checking its JSON type, moving a problem under the path
of the field being read, and turning what ``cattrs`` raises into such problems.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, TypeVar, cast

import attrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    StructureHandlerNotFoundError,
)

from tigris_rules._arguments import CALLABLE, expect
from tigris_rules.errors import FormatError, TigrisError
from tigris_rules.model.problems import StateProblem

__all__ = [
    "MAX_PROBLEMS",
    "QUOTE_LIMIT",
    "at",
    "check_keys",
    "clip",
    "clip_quotes",
    "describe",
    "fail",
    "member",
    "need_array",
    "need_int",
    "need_object",
    "players_of",
    "problems_of",
    "read_items",
    "refuse",
    "seat",
]

T = TypeVar("T")

MAX_PROBLEMS: Final = 100
"""At most this many problems are collected in one :class:`FormatError`."""


def describe(value: object) -> str:
    """A short description of a JSON value for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return f"the number {text if len(text) <= 20 else text[:17] + '...'}"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else text[:36] + '..."'
    if isinstance(value, list | tuple):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


QUOTE_LIMIT: Final = 80
"""Error messages quote at most this many characters of any input."""

_LONG_QUOTE: Final = re.compile(rf"'[^'\n]{{{QUOTE_LIMIT},}}'|\"[^\"\n]{{{QUOTE_LIMIT},}}\"")


def clip(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the cut marked by ``...``."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clip_quotes(message: str) -> str:
    """``message`` with every quoted text longer than :data:`QUOTE_LIMIT` characters cut
    short, and the whole capped at five times that."""

    def cut(match: re.Match[str]) -> str:
        quoted = match.group()
        return quoted[: QUOTE_LIMIT - 4] + "..." + quoted[-1]

    return clip(_LONG_QUOTE.sub(cut, message), 5 * QUOTE_LIMIT)


_PLAIN_KEY: Final = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def member(path: str, key: str) -> str:
    """The path of ``key`` in the object at ``path``: ``$.players``, or ``$["odd key"]``; a
    key longer than :data:`QUOTE_LIMIT` characters is cut short."""
    expect(path, str, "path")
    expect(key, str, "key")
    key = clip(key)
    if _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key, ensure_ascii=False)}]"


def fail(reason: str, path: str = "$") -> FormatError:
    """The :class:`FormatError` of one problem, ``reason``, at ``path``."""
    return FormatError(path, reason)


_fail = fail


def refuse(problems: Iterable[StateProblem]) -> None:
    """Raise the :class:`FormatError` listing ``problems`` (the broken promises of a state or
    a view read from JSON, each at its path, with its rule ID), if there is any."""
    reasons = [(p.path, f"{p.message} ({p.rule})" if p.rule else p.message) for p in problems]
    if reasons:
        raise FormatError.of(reasons)


def need_object(value: object) -> dict[str, Any]:
    """``value`` as a JSON object, or :class:`FormatError` at ``$``."""
    if not isinstance(value, dict):
        raise _fail(f"expected an object, got {describe(value)}")
    return cast("dict[str, Any]", value)


def need_array(value: object, length: int | None = None) -> list[Any]:
    """``value`` as a JSON array (of ``length`` items if given), or :class:`FormatError`."""
    if length is not None and type(length) is not int:  # checked cheaply: readers call this
        expect(length, (int, None), "length")
    if not isinstance(value, list | tuple):
        raise _fail(f"expected an array, got {describe(value)}")
    if length is not None and len(value) != length:
        raise _fail(f"expected an array of {length} item(s), got {len(value)}")
    return list(value)


def need_int(value: object, minimum: int | None = None) -> int:
    """``value`` as an integer (never a boolean or a float), at least ``minimum``."""
    if minimum is not None and type(minimum) is not int:  # checked cheaply: readers call this
        expect(minimum, (int, None), "minimum")
    if type(value) is not int:
        raise _fail(f"expected an integer, got {describe(value)}")
    if minimum is not None and value < minimum:
        raise _fail(f"expected an integer of at least {minimum}, got {value}")
    return value


def check_keys(
    obj: Mapping[str, object], required: Iterable[str], optional: Iterable[str] = ()
) -> None:
    """Reject missing required keys and unknown keys of a JSON object."""
    if type(obj) is not dict or type(required) is not tuple or type(optional) is not tuple:
        expect(obj, Mapping, "obj", "a mapping")  # checked cheaply first: readers call this
        expect(required, Iterable, "required", "an iterable of keys")
        expect(optional, Iterable, "optional", "an iterable of keys")
    else:  # the common case: the key sets of the readers' tuples, compared in C
        known_keys, required_keys = _key_sets(required, optional)
        keys = obj.keys()
        if keys <= known_keys and keys >= required_keys:
            return
    required = tuple(required)
    known = (*required, *optional)
    problems = [(f"$.{key}", "missing required field") for key in required if key not in obj]
    problems += [
        (member("$", key), f"unknown field (expected: {', '.join(known)})")
        for key in obj
        if key not in known
    ]
    if problems:
        raise FormatError.of(problems)


@functools.lru_cache(maxsize=256)
def _key_sets(
    required: tuple[str, ...], optional: tuple[str, ...]
) -> tuple[frozenset[str], frozenset[str]]:
    """The keys an object may have and those it must have (:func:`check_keys`)."""
    return frozenset((*required, *optional)), frozenset(required)


def at(path: str, read: Callable[[Any], T], value: object) -> T:
    """``read(value)``; a :class:`FormatError` it raises is moved under ``path`` (the path of
    ``value`` in the object being read)."""
    if type(path) is not str:  # checked cheaply: readers call this for every field
        expect(path, str, "path")
    try:
        return read(value)
    except FormatError as exc:
        raise exc.under(path) from None
    except TypeError:  # whether ``read`` is a function is checked only when it fails
        expect(read, CALLABLE, "read", "a callable")
        raise


def _join(path: str, sub: str) -> str:
    """``sub`` (a path starting with ``$``) appended to ``path``."""
    return path + sub[1:]


def problems_of(exc: BaseException, path: str = "$") -> list[tuple[str, str]]:
    """Every (JSON path, reason) pair an exception raised while structuring stands for."""
    expect(exc, BaseException, "exc", "an exception")
    expect(path, str, "path")
    if isinstance(exc, FormatError):
        return [(_join(path, p), reason) for p, reason in exc.problems]
    if isinstance(exc, ClassValidationError):
        out: list[tuple[str, str]] = []
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            if isinstance(sub, KeyError) and not isinstance(sub, TigrisError):
                out.append((f"{path}.{note.name}", "missing required field"))
            else:
                out += problems_of(sub, f"{path}.{note.name}")
        for sub in without:
            out += problems_of(sub, path)
        return out
    if isinstance(exc, IterableValidationError):
        out = []
        with_notes_i, without_i = exc.group_exceptions()
        for sub, inote in with_notes_i:
            out += problems_of(sub, f"{path}[{inote.index!r}]")
        for sub in without_i:
            out += problems_of(sub, path)
        return out
    if isinstance(exc, ForbiddenExtraKeysError):
        known = ", ".join(f.name for f in attrs.fields(exc.cl)) if attrs.has(exc.cl) else ""
        expected = f" (expected: {known})" if known else " (the object has no fields)"
        return [(member(path, key), f"unknown field{expected}") for key in sorted(exc.extra_fields)]
    if isinstance(exc, TigrisError):
        return [(path, clip_quotes(str(exc)))]
    if isinstance(exc, StructureHandlerNotFoundError):
        return [(path, f"cannot read a value of this type ({exc})")]
    if isinstance(exc, RecursionError):
        return [(path, "the value is nested too deeply")]
    return [(path, clip_quotes(f"invalid value ({type(exc).__name__}: {exc})"))]


def read_items(value: object, read: Callable[[object], T], length: int | None = None) -> list[T]:
    """The items of a JSON array read by ``read``, with their paths on failure."""
    items = need_array(value, length)
    return [at(f"$[{i}]", read, item) for i, item in enumerate(items)]


def seat(players: int) -> Callable[[object], int]:
    """A reader of a seat of a game of ``players`` players."""

    def read(value: object) -> int:
        number = need_int(value, 0)
        if number >= players:
            raise _fail(f"expected a seat 0..{players - 1}, got {number}")
        return number

    return read


def players_of(players: int, read: Callable[[object], T]) -> Callable[[object], tuple[T, ...]]:
    """A reader of an array of one ``read`` value per player."""

    def read_all(value: object) -> tuple[T, ...]:
        return tuple(read_items(value, read, players))

    return read_all
