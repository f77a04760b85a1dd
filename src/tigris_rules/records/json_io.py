"""JSON text: reading it strictly within a size limit, and writing it compactly or laid out.

:func:`dumps` and :func:`loads` (``tr.dumps``, ``tr.loads``) turn any value of the library
into JSON text and back, through the converter (:mod:`tigris_rules.records.converter`);
reading rejects duplicate keys, ``NaN``, bytes that are not UTF-8 and input over the size
limit, each as one :class:`~tigris_rules.errors.FormatError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, Final, TypeVar, overload

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentTypeError, FormatError
from tigris_rules.model.ruleset import Ruleset
from tigris_rules.records._checks import fail, refuse
from tigris_rules.records.converter import structure, unstructure
from tigris_rules.records.json_reading import (
    LazyArray,
    TooLarge,
    array_items,
    decode_utf8,
    item_offsets,
    scan_object,
    utf8_size,
)
from tigris_rules.state_check import check_state

__all__ = [
    "DEFAULT_MAX_BYTES",
    "EAGER_CHARACTERS",
    "MEGABYTE",
    "dumps",
    "format_size",
    "loads",
    "parse_json",
]

T = TypeVar("T")

_fail = fail

MEGABYTE: Final = 1024 * 1024
"""The megabyte of size limits and of their messages."""

DEFAULT_MAX_BYTES: Final = 50 * MEGABYTE
"""The default size limit of JSON input, 50 MB (of UTF-8 for a ``str``)."""


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed in JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {json.dumps(key)}")
            seen.add(key)
    return obj


def format_size(count: int) -> str:
    """A size in bytes for messages: ``"51.0 MB"`` or ``"812 bytes"``."""
    expect(count, int, "count")
    return f"{count / MEGABYTE:.1f} MB" if count >= MEGABYTE // 10 else f"{count} bytes"


def _size_error(exc: TooLarge, max_bytes: int) -> FormatError:
    size = format_size(exc.size) if exc.exact else f"more than {format_size(max_bytes)}"
    return _fail(
        f"the input is {size}, larger than the limit of {format_size(max_bytes)}; raise the limit"
    )


def _text(text: str | bytes, max_bytes: int | None) -> str:
    """``text`` within ``max_bytes`` (UTF-8 bytes), as a ``str``."""
    expect(text, (str, bytes, bytearray), "text")
    expect(max_bytes, (int, None), "max_bytes")
    if max_bytes is not None:
        try:
            utf8_size(text, max_bytes)
        except TooLarge as exc:
            raise _size_error(exc, max_bytes) from None
    if isinstance(text, str):
        return text
    try:
        return decode_utf8(text)
    except UnicodeDecodeError as exc:
        raise _fail(f"not UTF-8 text (byte {exc.start}): not a JSON document") from None


def _parse(text: str, parse: Callable[[str], Any]) -> Any:
    try:
        return parse(text)
    except json.JSONDecodeError as exc:
        hint = ""
        if exc.pos >= len(text.rstrip()):
            hint = "; the text ends too early (truncated?)"
        raise _fail(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}{hint}"
        ) from None
    except RecursionError:
        raise _fail("not valid JSON: nested too deeply") from None
    except ValueError as exc:
        raise _fail(f"not valid JSON: {exc}") from None


_DECODER: Final = json.JSONDecoder(
    object_pairs_hook=_no_duplicates, parse_constant=_reject_constant
)


def parse_json(text: str | bytes, *, max_bytes: int | None = DEFAULT_MAX_BYTES) -> Any:
    """Parse JSON text strictly: duplicate keys, ``NaN`` and ``Infinity``, bytes that are
    not UTF-8 and input larger than ``max_bytes`` (``None``: no limit) raise
    :class:`FormatError`. The size of a ``str`` is that of its UTF-8 encoding."""
    return _parse(_text(text, max_bytes), _DECODER.decode)


EAGER_CHARACTERS: Final = 1 << 20
"""The longest document :func:`scan_json` decodes whole, without leaving an array lazy."""


def scan_json(
    text: str | bytes, lazy: str, *, max_bytes: int | None = DEFAULT_MAX_BYTES
) -> tuple[Any, str]:
    """:func:`parse_json`, except that the member ``lazy`` of a top-level object, when it is
    an array, is left undecoded as a
    :class:`~tigris_rules.records.json_reading.LazyArray` (its items are checked all the
    same); also returns the text, for :func:`lazy_items`. A document of at most
    :data:`EAGER_CHARACTERS` characters is decoded whole, which is faster and keeps a few
    megabytes at most."""
    decoded = _text(text, max_bytes)
    if len(decoded) <= EAGER_CHARACTERS:
        return _parse(decoded, _DECODER.decode), decoded

    def scan(whole: str) -> Any:
        return scan_object(whole, lazy, _DECODER.raw_decode, _no_duplicates)

    return _parse(decoded, scan), decoded


def action_offsets(text: str) -> list[int]:
    """Where each item of the member ``actions`` of the JSON object ``text`` begins (an
    empty list when there is none); ``text`` was read before, so it is well formed."""
    try:
        data = scan_object(text, "actions", _DECODER.raw_decode, _no_duplicates)
    except (ValueError, RecursionError):
        return []
    found = data.get("actions") if isinstance(data, dict) else None
    if not isinstance(found, LazyArray):
        return []
    return item_offsets(text, found, _DECODER.raw_decode)


def lazy_items(text: str, array: LazyArray) -> Iterator[Any]:
    """The items of an array :func:`scan_json` left undecoded, one at a time."""
    return array_items(text, array, _DECODER.raw_decode)


def dumps(obj: object, *, indent: int | None = None) -> str:
    """``obj`` as JSON text: compact on one line, or laid out with ``indent`` spaces where
    short arrays and objects stay on one line (a log then shows one action per line).
    A value that has no JSON form raises :class:`~tigris_rules.ArgumentTypeError`."""
    expect(indent, (int, None), "indent")
    try:
        data = unstructure(obj)
        if indent is None:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return _layout(data, indent, 0)
    except (TypeError, ValueError, RecursionError):  # an object JSON cannot hold, or a cycle
        raise ArgumentTypeError.expected(
            "obj", "a value of this library or JSON data", obj
        ) from None


@overload
def loads(
    text: str | bytes, kind: type[T], *, max_bytes: int | None = ..., check: bool = ...
) -> T: ...


@overload
def loads(
    text: str | bytes, kind: object, *, max_bytes: int | None = ..., check: bool = ...
) -> Any: ...


def loads(
    text: str | bytes,
    kind: Any,
    *,
    max_bytes: int | None = DEFAULT_MAX_BYTES,
    check: bool = True,
) -> Any:
    """Read a value of ``kind`` (a class such as :class:`~tigris_rules.GameState`,
    :class:`~tigris_rules.GameConfig`, :class:`~tigris_rules.GameLog`, or a union such as
    :data:`~tigris_rules.Action`) from JSON text. Bad input raises :class:`FormatError`
    naming the JSON path of the bad field.

    A state (:class:`~tigris_rules.GameState`, :class:`~tigris_rules.CardGameState`) must
    also be a position the rules can reach: :func:`~tigris_rules.check_state` finds no
    problem in it, or :class:`FormatError` lists every problem with its path and rule ID.
    ``check=False`` skips that check, for positions built by hand in tests (a short bag, a
    small hand); the public functions may then fail on them in any way. A player view
    (:class:`~tigris_rules.PlayerView`, :class:`~tigris_rules.cards.CardView`) is always
    checked as it is read: every count within what its configuration allows, and the
    promises of a state as far as the view shows them (docs/views.md)."""
    expect(check, bool, "check")
    value = structure(parse_json(text, max_bytes=max_bytes), kind)
    if check and _is_state(value):
        refuse(check_state(value))
    return value


def _is_state(value: object) -> bool:
    """Whether ``value`` is a game state: an instance of the state class of the ruleset it
    carries (a player view carries one too, but is not of its class)."""
    ruleset = getattr(value, "ruleset", None) if hasattr(type(value), "ruleset") else None
    return isinstance(ruleset, Ruleset) and isinstance(value, ruleset.state_type)


_WIDTH = 110


def _layout(value: Any, indent: int, level: int) -> str:
    compact = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    pad = " " * (indent * (level + 1))
    if len(compact) + indent * level <= _WIDTH or not isinstance(value, dict | list) or not value:
        return compact
    close = " " * (indent * level)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_layout(v, indent, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + close + "}"
    if all(not isinstance(v, dict | list) for v in value):
        lines: list[str] = []
        line = ""
        for v in value:
            text = json.dumps(v, ensure_ascii=False)
            if line and len(pad) + len(line) + len(text) + 2 > _WIDTH:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {text}" if line else text
        lines.append(line)
        return "[\n" + "\n".join(pad + ln for ln in lines) + "\n" + close + "]"
    body = ",\n".join(pad + _layout(v, indent, level + 1) for v in value)
    return "[\n" + body + "\n" + close + "]"
