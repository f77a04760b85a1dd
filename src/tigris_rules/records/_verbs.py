"""The verbs of one game's notation, read as docs/notation.md says: a verb by any of its
spellings or an unambiguous prefix, then the rest of the line by the verb's parser. A word
two owners claim (a base verb and a variant's, or two variants') is refused where it is
read."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

from tigris_rules._arguments import expect
from tigris_rules.errors import ConfigError, InvalidActionError
from tigris_rules.model.actions import (
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    VariantAction,
)
from tigris_rules.model.notation_words import (
    MAX_COUNT_DIGITS,
    NotationReader,
    NotationVerb,
    prefix_matches,
)

__all__ = [
    "VariantNotation",
    "VerbTable",
    "count_text",
    "parse_commit",
    "parse_decline",
    "parse_end",
    "parse_war",
    "verb_table",
]

_WORD = re.compile(r"[a-z]+", re.ASCII)
BASE = "the base game"
"""The owner of a game's own verbs, in the message of a clash."""
_MAX_COUNT = 10**MAX_COUNT_DIGITS - 1


@attrs.frozen
class VerbTable:
    """Every verb of a notation in canonical order (``verbs``), its parser, each spelling of
    a verb (``spellings``: the verbs themselves first, then their other spellings) and the
    words several owners claim (``clashes``: each word and its owners)."""

    verbs: tuple[str, ...]
    parsers: Mapping[str, Callable[[NotationReader], Any]]
    spellings: Mapping[str, str]
    clashes: Mapping[str, tuple[str, ...]]

    def clash_error(self, word: str) -> ConfigError:
        """The error of the word ``word`` several owners claim."""
        owners = " and of ".join(self.clashes[word])
        return ConfigError(f"the variants' notation verbs clash: {word!r} is a verb of {owners}")

    def check(self) -> None:
        """Refuse a table where any word is claimed twice (:class:`ConfigError`)."""
        for word in self.clashes:
            raise self.clash_error(word)

    def read(self, text: str) -> Any:
        """The input ``text`` writes: :class:`~tigris_rules.NotationError` for text that is
        not one, :class:`ConfigError` for a verb several owners claim."""
        expect(text, str, "text")
        reader = NotationReader(text)
        if not reader.more():
            raise reader.error("the text is empty; type an action such as 'tile red f4' or 'end'")
        word = reader.take("the verb")
        found = prefix_matches([*self.spellings, *self.clashes], word)
        meant = list(dict.fromkeys(self.spellings.get(w, w) for w in found))
        if not meant:
            known = ", ".join(self.verbs)
            raise reader.error(f"unknown action {word!r}; the actions are {known}")
        if len(meant) > 1:
            raise reader.error(f"{word!r} is ambiguous: it could be {', '.join(meant)}")
        if meant[0] in self.clashes:
            raise self.clash_error(meant[0])
        return self.parsers[meant[0]](reader)


def _declared(name: str, facet: VariantNotation) -> tuple[NotationVerb, ...]:
    """The verbs the variant ``name`` declares, each checked: :class:`ConfigError`."""
    verbs: list[NotationVerb] = []
    for verb in facet.notation_verbs():
        if not isinstance(verb, NotationVerb) or not isinstance(verb.aliases, tuple):
            raise ConfigError(
                f"the variant {name!r} declares {verb!r:.60} as a notation verb; "
                "expected a NotationVerb whose aliases are a tuple of words"
            )
        for word in (verb.word, *verb.aliases):
            if not isinstance(word, str) or not _WORD.fullmatch(word):
                raise ConfigError(
                    f"the variant {name!r} declares the notation verb {word!r}; "
                    "a verb is a word of lower-case letters a..z"
                )
        verbs.append(verb)
    return tuple(verbs)


def verb_table(
    parsers: Mapping[str, Callable[[NotationReader], Any]],
    aliases: Mapping[str, str],
    variants: Sequence[tuple[str, VariantNotation]] = (),
) -> VerbTable:
    """The verbs of a game (``parsers`` and the other spellings ``aliases``, each naming its
    verb) and of its ``variants`` (each variant's name and notation). A variant declaring
    anything but lower-case words as :class:`NotationVerb` values is refused with
    :class:`ConfigError`; a word claimed twice is listed in ``clashes``."""
    claims: dict[str, list[str]] = {w: [BASE] for w in (*parsers, *aliases)}
    table = dict(parsers)
    spellings = {**{v: v for v in parsers}, **aliases}
    for name, facet in variants:
        owner = f"the variant {name!r}"
        for verb in _declared(name, facet):
            for word in (verb.word, *verb.aliases):
                claims.setdefault(word, []).append(owner)
            table.setdefault(verb.word, verb.parse)
            spellings.setdefault(verb.word, verb.word)
            for alias in verb.aliases:
                spellings.setdefault(alias, verb.word)
    clashes = {w: tuple(owners) for w, owners in claims.items() if len(owners) > 1}
    usable = {w: v for w, v in spellings.items() if w not in clashes}
    return VerbTable(tuple(table), table, usable, clashes)


# --- the inputs both games share -----------------------------------------------------------


def count_text(count: int, field: str) -> str:
    """``count`` in digits; more than :data:`MAX_COUNT_DIGITS` digits is refused with
    :class:`~tigris_rules.InvalidActionError` naming ``field``."""
    if count > _MAX_COUNT:  # str() of a huge int is slow, or refused past 4300 digits
        raise InvalidActionError(
            field, f"the notation writes counts of at most {MAX_COUNT_DIGITS} digits"
        )
    return str(count)


def parse_end(r: NotationReader) -> EndTurn:
    """``end`` (or ``end turn``)."""
    if r.peek() == "turn":
        r.take("turn")
    r.end("end")
    return EndTurn()


def parse_war(r: NotationReader) -> ChooseConflict:
    """``war green``."""
    color = r.color("the colour of the war")
    r.end("war green")
    return ChooseConflict(color)


def parse_commit(r: NotationReader) -> CommitSupport:
    """``commit 3``."""
    count = r.count("the number of tiles committed")
    r.end("commit 3")
    return CommitSupport(count)


def parse_decline(r: NotationReader) -> Decline:
    """``decline``."""
    r.end("decline")
    return Decline()


class VariantNotation(Protocol):
    """The notation of a variant's inputs (docs/notation.md, Verbs of a variant): a variant
    offers it by defining both methods (as class methods). A variant that does not offer it
    has no verb, and its inputs cannot be written."""

    @classmethod
    def notation_verbs(cls) -> tuple[NotationVerb, ...]:
        """The verbs that read this variant's inputs, each a :class:`NotationVerb`: its word,
        its other spellings and the function reading the rest of the line.

        Read after the base game's verbs, in canonical variant order, by every game playing
        the variant (and by :func:`~tigris_rules.parse_action` given no configuration, which
        reads every installed variant's verbs). A word must be lower-case letters a..z. A
        word or spelling that is also a base verb or another variant's is refused with a
        :class:`~tigris_rules.ConfigError` naming both owners, when a game playing both is
        read, or when a line with that word is read with no configuration."""
        ...

    @classmethod
    def format_notation(cls, action: VariantAction) -> str | None:
        """The canonical notation of ``action``, an instance of one of the variant's
        ``inputs``, as :meth:`notation_verbs` reads it back (``parse_action(text) ==
        action``); called by :func:`~tigris_rules.format_action` once ``action`` is well
        formed (CONV-19). ``None`` means that the variant does not write this input:
        ``format_action`` then raises :class:`~tigris_rules.InvalidActionError`."""
        ...
