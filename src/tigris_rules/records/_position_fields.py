"""The fields of a position string, and the small codecs they are made of.

A position string (:mod:`tigris_rules.records.position`) is a game's JSON object written
compactly: each field stands for one or more members of the JSON object of a state or of a
player view, and turns them into one word of text and back. A game lays out its fields
(:class:`PositionField`) from the codecs here: numbers, flags, squares, counts per colour,
strings of one letter per tile or card, one value per player, and, for anything else, a
compact JSON fragment. Reading a field only turns text into JSON values: the game's JSON
reader then checks them as it checks any JSON.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import attrs

from tigris_rules.errors import ArgumentValueError, FormatError
from tigris_rules.model.colors import COLORS

__all__ = [
    "COUNTS",
    "FLAG",
    "INT",
    "JSON",
    "NUMBERS",
    "REQUIRED",
    "TEXT",
    "Codec",
    "PositionField",
    "bad",
    "counts",
    "joined",
    "letters",
    "nullable",
    "per_player",
    "single",
    "view_only_fields",
]

REQUIRED: Final[Any] = object()
"""The default of a field that must be written: it has no default."""


def bad(reason: str) -> FormatError:
    """The error of a field's text that does not follow its codec."""
    return FormatError("$", reason)


def _quote(text: str) -> str:
    return json.dumps(text if len(text) <= 40 else text[:37] + "...")


@attrs.frozen
class Codec:
    """One JSON value as text: ``write`` gives the text of a value, ``read`` the value of a
    text (:class:`~tigris_rules.FormatError` at ``$`` when the text is not of this codec)."""

    write: Callable[[Any], str]
    read: Callable[[str], Any]


_NUMBER: Final = re.compile(r"0|[1-9][0-9]{0,8}")


def _read_int(text: str) -> int:
    if not _NUMBER.fullmatch(text):
        raise bad(f"expected a number 0..999999999, got {_quote(text)}")
    return int(text)


def _write_int(value: Any) -> str:
    if type(value) is not int or value < 0:
        raise ArgumentValueError(f"a position writes counts 0 and up, not {value!r}")
    return str(value)


INT: Final = Codec(_write_int, _read_int)
"""A count: decimal digits, no sign, no leading zero."""


def _read_flag(text: str) -> bool:
    if text not in ("0", "1"):
        raise bad(f"expected 1 (true) or 0 (false), got {_quote(text)}")
    return text == "1"


FLAG: Final = Codec(lambda value: "1" if value else "0", _read_flag)
"""A boolean: ``1`` or ``0``."""


def _write_json(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"))
    return text.replace(" ", "\\u0020")  # only inside strings: compact JSON has no other


def _read_json(text: str) -> Any:
    from tigris_rules.records.json_io import parse_json

    try:
        return parse_json(text, max_bytes=None)
    except FormatError as exc:
        raise bad(exc.reason) from None


JSON: Final = Codec(_write_json, _read_json)
"""Any JSON value as compact JSON text on one line, its spaces written ``\\u0020``."""

_NULL: Final = "-"


def nullable(codec: Codec) -> Codec:
    """``codec``, or ``-`` for ``null``."""
    return Codec(
        lambda value: _NULL if value is None else codec.write(value),
        lambda text: None if text == _NULL else codec.read(text),
    )


TEXT: Final = Codec(str, str)
"""A JSON string written as it is (a square name, a spot): its reader checks it."""

_COLOR_NAMES: Final = tuple(c.value for c in COLORS)


def counts(names: Sequence[str]) -> Codec:
    """An object of one count per name of ``names``, in that order: one digit each
    (``2301``), or the numbers joined by commas when one has two digits or more
    (``12,0,3,1``)."""
    size = len(names)

    def write(value: Any) -> str:
        texts = [_write_int(value[name]) for name in names]
        return "".join(texts) if all(len(t) == 1 for t in texts) else ",".join(texts)

    def read(text: str) -> dict[str, int]:
        parts = text.split(",") if "," in text else list(text)
        if len(parts) != size:
            raise bad(
                f"expected {size} counts ({', '.join(names)}) as {size} digits or {size} "
                f"numbers joined by commas, got {_quote(text)}"
            )
        return dict(zip(names, (_read_int(p) for p in parts), strict=True))

    return Codec(write, read)


COUNTS: Final = counts(_COLOR_NAMES)
"""Counts per colour (black, red, blue, green): four digits (``2301``), or four numbers
joined by commas when one has two digits or more (``12,0,3,1``)."""


def _write_numbers(value: Any) -> str:
    return ",".join(_NULL if v is None else _write_int(v) for v in value)


def _read_numbers(text: str) -> list[int | None]:
    return [None if part == _NULL else _read_int(part) for part in text.split(",")]


NUMBERS: Final = Codec(_write_numbers, _read_numbers)
"""Counts joined by commas, ``-`` for ``null``: one per player."""


def letters(names: Mapping[str, str], what: str) -> Codec:
    """A list of JSON names (colours, cards) written one letter per name, the letters
    ``names`` gives them (``{"black": "k", ...}``); ``what`` says what a letter stands for."""
    by_letter = {letter: name for name, letter in names.items()}
    choices = " ".join(f"{letter} ({name})" for name, letter in names.items())

    def write(value: Any) -> str:
        try:
            return "".join(names[name] for name in value)
        except KeyError as exc:
            raise ArgumentValueError(f"a position has no letter for {exc.args[0]!r}") from None

    def read(text: str) -> list[str]:
        out = []
        for i, letter in enumerate(text):
            if letter not in by_letter:
                raise bad(f"character {i + 1}: expected a {what} letter, {choices}; got {letter!r}")
            out.append(by_letter[letter])
        return out

    return Codec(write, read)


def per_player(codec: Codec, separator: str = "/") -> Codec:
    """One value per player, each written by ``codec``, joined by ``separator``."""

    def write(value: Any) -> str:
        return separator.join(codec.write(v) for v in value)

    def read(text: str) -> list[Any]:
        out = []
        for i, part in enumerate(text.split(separator)):
            try:
                out.append(codec.read(part))
            except FormatError as exc:
                raise bad(f"player {i}: {exc.reason}") from None
        return out

    return Codec(write, read)


@attrs.frozen
class PositionField:
    """One field of a position string: ``tag`` (``""`` for a field written without one, in
    its place among the untagged fields), the JSON members it holds (``keys``), ``write``
    (its text from those members) and ``read`` (the members from its text, raising
    :class:`~tigris_rules.FormatError` at ``$``), and ``default``: the members when the field
    is left out (:data:`REQUIRED` when it must be written). ``name`` says what it holds."""

    tag: str
    keys: tuple[str, ...]
    write: Callable[[Mapping[str, Any]], str]
    read: Callable[[str], dict[str, Any]]
    name: str
    default: Any = REQUIRED
    omitted: Callable[[Mapping[str, Any]], bool] | None = None
    """Whether the members are left out, when that is not "equal to the default" (a
    variant's data at its opening value, which the JSON reader puts back)."""

    def text(self, data: Mapping[str, Any]) -> str | None:
        """The field's text from the JSON object ``data``, ``None`` when the field is left
        out: every member it holds has its default."""
        values = {key: data[key] for key in self.keys}
        if self.omitted is not None:
            if self.omitted(values):
                return None
        elif self.default is not REQUIRED and values == self.default:
            return None
        return self.write(values)


def single(
    tag: str, key: str, codec: Codec, name: str | None = None, default: Any = REQUIRED
) -> PositionField:
    """The field ``tag`` holding the one member ``key``, written by ``codec``, left out when
    it equals ``default``."""
    return PositionField(
        tag,
        (key,),
        lambda values: codec.write(values[key]),
        lambda text: {key: codec.read(text)},
        name or key,
        REQUIRED if default is REQUIRED else {key: default},
    )


def joined(
    tag: str,
    parts: Sequence[tuple[str, Codec]],
    separator: str,
    name: str,
    default: Sequence[Any] | None = None,
) -> PositionField:
    """The field ``tag`` holding several members, each written by its codec, joined by
    ``separator`` (which none of the codecs writes)."""
    keys = tuple(key for key, _ in parts)

    def write(values: Mapping[str, Any]) -> str:
        return separator.join(codec.write(values[key]) for key, codec in parts)

    def read(text: str) -> dict[str, Any]:
        pieces = text.split(separator)
        if len(pieces) != len(parts):
            raise bad(f"expected {len(parts)} parts joined by {separator!r} ({', '.join(keys)})")
        out: dict[str, Any] = {}
        for (key, codec), piece in zip(parts, pieces, strict=True):
            try:
                out[key] = codec.read(piece)
            except FormatError as exc:
                raise bad(f"{key}: {exc.reason}") from None
        return out

    values = REQUIRED if default is None else dict(zip(keys, default, strict=True))
    return PositionField(tag, keys, write, read, name, values)


def view_only_fields() -> tuple[PositionField, ...]:
    """The fields only a player view has, in every game: its viewer (left out for a
    spectator), the seat to move, the viewer's legal inputs (left out when none) and the
    result (left out while there is none)."""
    return (
        single("v", "viewer", nullable(INT), "the viewer", None),
        single("mv", "to_move", nullable(INT), "the seat to move"),
        single("legal", "legal_actions", JSON, "the viewer's legal inputs", []),
        single("result", "result", JSON, "the result", None),
    )
