"""Reading JSON input within a size limit, and a JSON object one of whose arrays is read lazily.

The size limit of JSON input counts bytes read, never a size announced beforehand: a file,
a pipe, a device and standard input are read in chunks until the limit is passed, so that
``/dev/zero`` costs no more than the limit. A ``str`` counts as its UTF-8 encoding.

A game log of 50 MB holds more than a million actions. :func:`scan_object` parses a JSON
object whose member ``lazy`` is a long array without building that array: it checks the whole
text (the same syntax errors as :func:`json.loads`, duplicate keys, ``NaN``) and records where
the array starts and how many items it holds; :func:`array_items` then decodes the items one by
one, so that a reader keeps one item at a time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import IO, Any, Final

import attrs

__all__ = [
    "LazyArray",
    "TooLarge",
    "array_items",
    "decode_utf8",
    "item_offsets",
    "read_limited",
    "scan_object",
    "utf8_size",
]

CHUNK: Final = 1 << 20
"""Bytes read at a time."""


class TooLarge(Exception):
    """Input over the size limit; ``size`` is its size in bytes when known, else the number of
    bytes it has at least."""

    def __init__(self, size: int, *, exact: bool) -> None:
        super().__init__(size)
        self.size = size
        self.exact = exact


def utf8_size(text: str | bytes | bytearray, limit: int) -> int:
    """The size of ``text`` in bytes (UTF-8 for a ``str``), exact whenever it is at most
    ``limit``; a ``str`` is encoded only when its length does not settle the question (one
    character is 1 to 4 bytes). Raises :class:`TooLarge` over the limit."""
    if not isinstance(text, str):
        if len(text) > limit:
            raise TooLarge(len(text), exact=True)
        return len(text)
    if len(text) > limit:
        raise TooLarge(len(text), exact=False)
    if 4 * len(text) <= limit:
        return 4 * len(text)  # an upper bound, within the limit
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise TooLarge(size, exact=True)
    return size


def read_limited(stream: IO[bytes], limit: int | None) -> bytes:
    """Every byte of ``stream``; :class:`TooLarge` as soon as more than ``limit`` bytes came
    (``None``: no limit). :class:`OSError` when the stream cannot be read."""
    chunks: list[bytes] = []
    total = 0
    while True:
        want = CHUNK if limit is None else min(CHUNK, limit + 1 - total)
        chunk = stream.read(want)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        total += len(chunk)
        if limit is not None and total > limit:
            raise TooLarge(total, exact=False)


def decode_utf8(data: bytes | bytearray) -> str:
    """``data`` as text (a leading byte order mark dropped); :class:`UnicodeDecodeError` when
    it is not UTF-8."""
    return bytes(data).decode("utf-8-sig")


@attrs.frozen
class LazyArray:
    """An array of a scanned document left undecoded: it starts at ``start`` (its ``[``) and
    holds ``length`` items."""

    start: int
    length: int


_Decoder = Callable[[str, int], tuple[Any, int]]

WHITESPACE: Final = re.compile(r"[ \t\n\r]*")
"""JSON's whitespace."""

scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
"""The string reader of :mod:`json`: the text of the string whose opening quote is just
before the index, and the index after its closing quote."""


def _space(text: str, index: int) -> int:
    match = WHITESPACE.match(text, index)
    return index if match is None else match.end()


_END: Final = object()
"""Stands for the end of an array in :func:`_items`."""


def _items(text: str, index: int, decode: _Decoder) -> Iterator[tuple[Any, int]]:
    """Each item of the array whose ``[`` is at ``index``, with the index after it; the
    last pair is ``(_END, end)`` with ``end`` the index after the ``]``."""
    index = _space(text, index + 1)
    if text[index : index + 1] == "]":
        yield _END, index + 1
        return
    while True:
        value, index = decode(text, index)
        yield value, index
        index = _space(text, index)
        mark = text[index : index + 1]
        if mark == "]":
            yield _END, index + 1
            return
        if mark != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
        index = _space(text, index + 1)


def _skip_array(text: str, start: int, decode: _Decoder) -> tuple[LazyArray, int]:
    """The array whose ``[`` is at ``start``, checked and counted; the index after it."""
    length, end = 0, start
    for value, end in _items(text, start, decode):  # noqa: B007  # the last ``end`` is wanted
        length += value is not _END
    return LazyArray(start, length), end


def scan_object(
    text: str,
    lazy: str,
    decode: _Decoder,
    pairs_hook: Callable[[list[tuple[str, Any]]], Any],
) -> Any:
    """The JSON document ``text`` decoded by ``decode`` (a ``raw_decode``), except that when
    it is an object whose member ``lazy`` is an array, that member's value is a
    :class:`LazyArray`: its items are checked but not kept. ``pairs_hook`` builds the top
    object from its pairs. Raises :class:`json.JSONDecodeError` as :func:`json.loads` does."""
    index = _space(text, 0)
    if text[index : index + 1] != "{":
        value, index = decode(text, index)
    else:
        pairs: list[tuple[str, Any]] = []
        index = _space(text, index + 1)
        if text[index : index + 1] == "}":
            index += 1
        else:
            while True:
                if text[index : index + 1] != '"':
                    raise json.JSONDecodeError(
                        "Expecting property name enclosed in double quotes", text, index
                    )
                key, index = scanstring(text, index + 1)
                index = _space(text, index)
                if text[index : index + 1] != ":":
                    raise json.JSONDecodeError("Expecting ':' delimiter", text, index)
                index = _space(text, index + 1)
                item: Any
                if key == lazy and text[index : index + 1] == "[":
                    item, index = _skip_array(text, index, decode)
                else:
                    item, index = decode(text, index)
                pairs.append((key, item))
                index = _space(text, index)
                mark = text[index : index + 1]
                if mark == "}":
                    index += 1
                    break
                if mark != ",":
                    raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
                index = _space(text, index + 1)
        value = pairs_hook(pairs)
    index = _space(text, index)
    if index != len(text):
        raise json.JSONDecodeError("Extra data", text, index)
    return value


def array_items(text: str, array: LazyArray, decode: _Decoder) -> Iterator[Any]:
    """The items of ``array`` (found by :func:`scan_object` in ``text``), one at a time."""
    for value, _ in _items(text, array.start, decode):
        if value is _END:
            return
        yield value


def item_offsets(text: str, array: LazyArray, decode: _Decoder) -> list[int]:
    """Where each item of ``array`` (found by :func:`scan_object` in ``text``) begins."""
    offsets: list[int] = []
    index = _space(text, array.start + 1)
    if text[index : index + 1] == "]":
        return offsets
    while True:
        offsets.append(index)
        _, index = decode(text, index)
        index = _space(text, index)
        if text[index : index + 1] != ",":
            return offsets
        index = _space(text, index + 1)
