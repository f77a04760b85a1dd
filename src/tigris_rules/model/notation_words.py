"""The words of the text notation (docs/notation.md), below every ruleset and variant: the
reader a verb parses the rest of its line with and the verbs a variant adds (offered by the
facet :class:`tigris_rules.records.notation.VariantNotation`).
:mod:`tigris_rules.records.notation` reads and writes whole actions with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentTypeError, TigrisError
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.squares import is_square_name

if TYPE_CHECKING:
    from tigris_rules.model.actions import Action

__all__ = [
    "COUNT",
    "MAX_COUNT_DIGITS",
    "NotationError",
    "NotationReader",
    "NotationVerb",
    "color_named",
    "prefix_matches",
    "square_answer",
    "square_verb",
]

_SHOWN = 80
"""Longer text is cut to this many characters in the message of a :class:`NotationError`."""


class NotationError(TigrisError, ValueError):
    """Text that is not an action in the notation of docs/notation.md.

    ``text`` is the text that was read and ``reason`` says what is wrong with it.
    """

    def __init__(self, text: str, reason: str) -> None:
        shown = text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
        super().__init__(f"cannot read {shown!r}: {reason}")
        self.text = text
        self.reason = reason


_COLOR_WORDS: dict[str, Color] = {
    **{c.value: c for c in COLORS},
    **{c.leader_name: c for c in COLORS},
    **{c.tile_name: c for c in COLORS},
}
"""Every word naming a colour: colour, leader and tile names."""

_SEPARATORS = re.compile(r"[\s,;]+")
COUNT = re.compile(r"[0-9]+", re.ASCII)
"""A count: ASCII digits only (``str.isdigit`` and ``\\d`` also take other scripts' digits)."""

MAX_COUNT_DIGITS = 6
"""A count has at most this many digits; no count in the game comes near, and a longer one
is refused before it is converted (a number of thousands of digits costs seconds)."""


class NotationReader:
    """The words of one line, read left to right: what a verb's parser reads the rest of
    its line with (the verb itself is already taken). Words are lower case; each method
    that reads raises the :class:`NotationError` of the line when the word is not what it
    expects."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = [w for w in _SEPARATORS.split(text.strip().lower()) if w]
        self.pos = 0

    def error(self, reason: str) -> NotationError:
        """The error of this line, for ``reason`` (raise it)."""
        return NotationError(self.text, reason)

    def more(self) -> bool:
        """Whether a word is left."""
        return self.pos < len(self.words)

    def peek(self) -> str | None:
        """The next word, left unread; ``None`` at the end."""
        return self.words[self.pos] if self.more() else None

    def take(self, what: str) -> str:
        """The next word; ``what`` names it in the error when none is left."""
        if not self.more():
            raise self.error(f"{what} is missing")
        word = self.words[self.pos]
        self.pos += 1
        return word

    def end(self, usage: str) -> None:
        """Check that no word is left; ``usage`` is an example of the whole line."""
        if self.more():
            extra = " ".join(self.words[self.pos :])
            raise self.error(f"unexpected {extra!r} at the end; expected {usage!r}")

    def square(self, usage: str) -> str:
        """The next word as a square name ``a1``..``p11``."""
        word = self.take(f"the square (as in {usage!r})")
        if not is_square_name(word):
            raise self.error(f"{word!r} is not a square; squares are a1..p11")
        return word

    def color(self, what: str) -> Color:
        """The next word as a colour: a colour, leader or tile name, or a prefix of one that
        names a single colour."""
        word = self.take(what)
        return color_named(self, word, what)

    def count(self, what: str) -> int:
        """The next word as a whole number of ASCII digits (at most
        :data:`MAX_COUNT_DIGITS`)."""
        word = self.take(what)
        if not COUNT.fullmatch(word):
            raise self.error(f"{what} must be a whole number 0 or more, not {word!r}")
        if len(word) > MAX_COUNT_DIGITS:
            raise self.error(f"{what} has {len(word)} digits; at most {MAX_COUNT_DIGITS} are read")
        return int(word)


def prefix_matches(words: Iterable[str], word: str) -> list[str]:
    """The words equal to ``word``, or else every word it is a prefix of."""
    words = list(words)
    if word in words:
        return [word]
    return [w for w in words if w.startswith(word)]


def color_named(reader: NotationReader, word: str, what: str) -> Color:
    """The colour ``word`` names (a colour, leader or tile name, or a prefix naming one
    colour); the reader's error otherwise, naming ``what`` was expected."""
    found = prefix_matches(_COLOR_WORDS, word)
    colors = {_COLOR_WORDS[w] for w in found}
    if not colors:
        raise reader.error(
            f"{word!r} is not a colour; expected {what}: black, red, blue, green "
            "(or a leader name king, priest, farmer, trader, or a tile name settlement, "
            "temple, farm, market)"
        )
    if len(colors) > 1:
        names = ", ".join(sorted(found))
        raise reader.error(f"{word!r} is ambiguous: it could be {names}")
    return colors.pop()


def square_answer(kind: Callable[[str], Action], usage: str) -> Callable[[NotationReader], Action]:
    """The parser of an input whose only argument is a square: ``kind(square)``."""

    def parse(r: NotationReader) -> Action:
        square = r.square(usage)
        r.end(usage)
        return kind(square)

    return parse


# --- the verbs of the variants ------------------------------------------------------------


@attrs.frozen
class NotationVerb:
    """A verb a variant adds to the notation (:meth:`VariantNotation.notation_verbs`): its
    canonical ``word``, the other spellings it accepts (``aliases``) and ``parse``, which
    reads the rest of the line from a :class:`NotationReader` and returns the input."""

    word: str
    parse: Callable[[NotationReader], Action]
    aliases: tuple[str, ...] = ()


def square_verb(word: str, kind: Callable[[str], Action], usage: str) -> NotationVerb:
    """The verb ``word`` of an input whose only argument is a square, ``kind(square)``;
    ``usage`` is an example line (``"keep b2"``) shown in errors.

    >>> from tigris_rules import KeepTreasure
    >>> square_verb("keep", KeepTreasure, "keep b2").parse(NotationReader("b2"))
    KeepTreasure(square='b2')
    """
    expect(word, str, "word")
    if not callable(kind):
        raise ArgumentTypeError.expected("kind", "an input class", kind)
    expect(usage, str, "usage")
    return NotationVerb(word, square_answer(kind, usage))
