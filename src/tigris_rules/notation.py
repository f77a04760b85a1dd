"""A compact text notation for every action and decision answer (docs/notation.md).

One action is one line of words separated by spaces, a verb first:

===================================  ==========================================
``leader king b2``                   :class:`~tigris_rules.PlaceLeader` (also a move)
``withdraw priest``                  :class:`~tigris_rules.WithdrawLeader`
``tile red f4``                      :class:`~tigris_rules.PlaceTile`
``catastrophe e5``                   :class:`~tigris_rules.PlaceCatastrophe`
``swap 2 red 1 blue``                :class:`~tigris_rules.SwapTiles`
``end``                              :class:`~tigris_rules.EndTurn`
``war green``                        :class:`~tigris_rules.ChooseConflict`
``commit 3``                         :class:`~tigris_rules.CommitSupport`
``monument black-red f5``            :class:`~tigris_rules.BuildMonument`
``decline``                          :class:`~tigris_rules.Decline`
``keep b2``                          :class:`~tigris_rules.KeepTreasure`
===================================  ==========================================

Each installed variant adds the verbs of its own inputs
(:meth:`~tigris_rules.rules.hooks.Variant.notation_verbs`); :func:`verbs` lists them all.

:func:`format_action` writes the canonical form above (lower case, leaders by their leader
name, colours by their colour name). :func:`parse_action` reads it back and is lenient:
any case, a colour given by its colour, leader or tile name (``red``, ``priest``,
``temple``), and any unambiguous prefix of a word (``wi pri``). Text it cannot read raises
:class:`NotationError`, which says what was expected; an ambiguous prefix (``b``: black or
blue?) is an error too, never a guess.

>>> from tigris_rules.notation import format_action, parse_action
>>> parse_action("Leader Priest F4")
PlaceLeader(color=<Color.RED: 'red'>, square='f4')
>>> format_action(parse_action("swap 1 blue 2 temple"))
'swap 2 red 1 blue'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import attrs

from tigris_rules.arguments import expect
from tigris_rules.errors import ConfigError, InvalidActionError
from tigris_rules.model.actions import (
    MONUMENTS,
    Action,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    KeepTreasure,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    VariantAction,
    WithdrawLeader,
)
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.notation_words import (
    COUNT,
    MAX_COUNT_DIGITS,
    NotationError,
    NotationReader,
    NotationVerb,
    color_named,
    prefix_matches,
    square_answer,
    square_verb,
)
from tigris_rules.model.plugins import VARIANT_GROUP, plugin, plugin_names
from tigris_rules.rules.legality import check_well_formed

if TYPE_CHECKING:
    from tigris_rules.rules.hooks import Variant

__all__ = [
    "VERBS",
    "NotationError",
    "NotationReader",
    "NotationVerb",
    "format_action",
    "parse_action",
    "square_verb",
    "verbs",
]


VERBS: tuple[str, ...] = (
    "leader",
    "withdraw",
    "tile",
    "catastrophe",
    "swap",
    "end",
    "war",
    "commit",
    "monument",
    "decline",
    "keep",
)
"""The first word of every input of the base game, in the order of docs/notation.md; the
installed variants add theirs (:func:`verbs`)."""

_VERB_ALIASES: dict[str, str] = {"move": "leader"}
"""Other spellings accepted for a verb (``move`` places a leader already on the board)."""

_MONUMENT_SPLIT = re.compile(r"[-/+]")
_MAX_COUNT = 10**MAX_COUNT_DIGITS - 1


# --- formatting ---------------------------------------------------------------------------


def _count_text(count: int, field: str) -> str:
    if count > _MAX_COUNT:  # str() of a huge int is slow, or refused past 4300 digits
        raise InvalidActionError(
            field, f"the notation writes counts of at most {MAX_COUNT_DIGITS} digits"
        )
    return str(count)


def _format_swap(action: SwapTiles) -> str:
    parts = ["swap"]
    for color, count in zip(COLORS, action.counts, strict=True):
        if count:
            parts.append(f"{_count_text(count, color.value)} {color.value}")
    return " ".join(parts)


def format_action(action: Action) -> str:
    """The canonical notation of ``action``, e.g. ``"tile red f4"``.

    :func:`parse_action` reads the result back as an equal action. An object that is not
    a well-formed action (CONV-19), or a count of more than :data:`MAX_COUNT_DIGITS`
    digits, raises :class:`~tigris_rules.InvalidActionError`.

    >>> from tigris_rules import Monument, BuildMonument
    >>> format_action(BuildMonument(Monument.BLACK_RED, "f5"))
    'monument black-red f5'
    """
    check_well_formed(action)
    if isinstance(action, PlaceLeader):
        return f"leader {action.color.leader_name} {action.square}"
    if isinstance(action, WithdrawLeader):
        return f"withdraw {action.color.leader_name}"
    if isinstance(action, PlaceTile):
        return f"tile {action.color.value} {action.square}"
    if isinstance(action, PlaceCatastrophe):
        return f"catastrophe {action.square}"
    if isinstance(action, SwapTiles):
        return _format_swap(action)
    if isinstance(action, EndTurn):
        return "end"
    if isinstance(action, ChooseConflict):
        return f"war {action.color.value}"
    if isinstance(action, CommitSupport):
        return f"commit {_count_text(action.count, 'count')}"
    if isinstance(action, BuildMonument):
        return f"monument {action.monument.value} {action.block}"
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, KeepTreasure):
        return f"keep {action.square}"
    if isinstance(action, VariantAction):
        owner = _notation().owners.get(type(action))
        text = None if owner is None else owner.format_notation(action)
        if text is not None:
            return text
        raise InvalidActionError(
            "type", f"no installed variant writes {type(action).__name__} in the notation"
        )
    raise InvalidActionError("type", f"not an action: {action!r}")


# --- parsing ------------------------------------------------------------------------------


def _parse_leader(r: NotationReader) -> Action:
    color = r.color("the leader (king, priest, farmer, trader, or a colour)")
    square = r.square("leader king b2")
    r.end("leader king b2")
    return PlaceLeader(color, square)


def _parse_withdraw(r: NotationReader) -> Action:
    color = r.color("the leader (king, priest, farmer, trader, or a colour)")
    r.end("withdraw priest")
    return WithdrawLeader(color)


def _parse_tile(r: NotationReader) -> Action:
    color = r.color("the tile's colour")
    square = r.square("tile red f4")
    r.end("tile red f4")
    return PlaceTile(color, square)


def _parse_catastrophe(r: NotationReader) -> Action:
    square = r.square("catastrophe e5")
    r.end("catastrophe e5")
    return PlaceCatastrophe(square)


def _parse_swap(r: NotationReader) -> Action:
    counts = [0, 0, 0, 0]
    named: set[Color] = set()
    while r.more():
        word = r.peek() or ""
        count = r.count("a count") if COUNT.fullmatch(word) else 1
        color = r.color("the colour of the tiles to swap (as in 'swap 2 red 1 blue')")
        if color in named:
            raise r.error(f"{color.value} is named twice; name each colour once")
        named.add(color)
        counts[color.index] = count
    return SwapTiles(*counts)


def _parse_end(r: NotationReader) -> Action:
    if r.peek() == "turn":
        r.take("turn")
    r.end("end")
    return EndTurn()


def _parse_war(r: NotationReader) -> Action:
    color = r.color("the colour of the war")
    r.end("war green")
    return ChooseConflict(color)


def _parse_commit(r: NotationReader) -> Action:
    count = r.count("the number of tiles committed")
    r.end("commit 3")
    return CommitSupport(count)


def _parse_monument(r: NotationReader) -> Action:
    first = r.take("the monument (as in 'monument black-red f5')")
    parts = [p for p in _MONUMENT_SPLIT.split(first) if p]
    if len(parts) == 1:  # "monument black red f5"
        parts.append(r.take("the monument's second colour (as in 'monument black-red f5')"))
    if len(parts) != 2:
        raise r.error(f"{first!r} is not a monument; name its two colours, as in black-red")
    what = "a monument colour"
    colors = {color_named(r, part, what) for part in parts}
    if len(colors) != 2:
        raise r.error(f"a monument has two different colours, not {first!r}")
    monument = next(m for m in MONUMENTS if set(m.colors) == colors)
    square = r.square("monument black-red f5")
    r.end("monument black-red f5")
    return BuildMonument(monument, square)


def _parse_decline(r: NotationReader) -> Action:
    r.end("decline")
    return Decline()


_PARSERS: dict[str, Callable[[NotationReader], Action]] = {
    "leader": _parse_leader,
    "withdraw": _parse_withdraw,
    "tile": _parse_tile,
    "catastrophe": _parse_catastrophe,
    "swap": _parse_swap,
    "end": _parse_end,
    "war": _parse_war,
    "commit": _parse_commit,
    "monument": _parse_monument,
    "decline": _parse_decline,
    "keep": square_answer(KeepTreasure, "keep b2"),
}


_WORD = re.compile(r"[a-z]+", re.ASCII)


@attrs.frozen
class _Notation:
    """The notation of the installed variants: every verb (the base game's first) and its
    parser, every other spelling and its verb, and the variant class writing each input
    class a variant defines."""

    verbs: tuple[str, ...]
    parsers: Mapping[str, Callable[[NotationReader], Action]]
    aliases: Mapping[str, str]
    owners: Mapping[type, type[Variant[Any]]]


def _notation() -> _Notation:
    return _notation_of(tuple(sys.path))


@cache
def _notation_of(path: tuple[str, ...]) -> _Notation:
    """The notation of the variants installed on ``path`` (the cache key, as for the
    plug-ins); a word two owners claim, or one no line can hold, is refused with a
    :class:`~tigris_rules.ConfigError` naming its owners."""
    names = plugin_names(VARIANT_GROUP)
    parsers = dict(_PARSERS)
    aliases = dict(_VERB_ALIASES)
    claimed = dict.fromkeys([*parsers, *aliases], "the base game")
    owners: dict[type, type[Variant[Any]]] = {}
    for name in names:
        variant = plugin(VARIANT_GROUP, name)
        for kind in variant.inputs:
            owners.setdefault(kind, variant)
        for verb in variant.notation_verbs():
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
                if word in claimed:
                    raise ConfigError(
                        f"the variants' notation verbs clash: {word!r} is a verb of "
                        f"{claimed[word]} and of the variant {name!r}"
                    )
                claimed[word] = f"the variant {name!r}"
            parsers[verb.word] = verb.parse
            aliases.update(dict.fromkeys(verb.aliases, verb.word))
    return _Notation(tuple(parsers), parsers, aliases, owners)


def verbs() -> tuple[str, ...]:
    """The first word of every input: the base game's (:data:`VERBS`), then each installed
    variant's, in canonical order.

    >>> verbs()[:3]
    ('leader', 'withdraw', 'tile')

    Raises :class:`~tigris_rules.ConfigError` when two installed variants (or a variant and
    the base game) claim the same word.
    """
    return _notation().verbs


def parse_action(text: str) -> Action:
    """The action written as ``text`` in the notation (docs/notation.md).

    Case does not matter; colours may be given by colour, leader or tile name, and every
    word may be shortened to an unambiguous prefix; numbers are ASCII digits. Raises
    :class:`NotationError` for text that is not an action, naming what was expected,
    :class:`~tigris_rules.ArgumentTypeError` for a ``text`` that is not a ``str``, and
    :class:`~tigris_rules.ConfigError` when the installed variants' verbs clash
    (:func:`verbs`). Whether the action is legal is for the rules to say: ``parse_action``
    only reads it.

    >>> parse_action("monument RED-black f5")
    BuildMonument(monument=<Monument.BLACK_RED: 'black-red'>, block='f5')
    >>> try:
    ...     parse_action("tile b f4")
    ... except NotationError as err:
    ...     print(err.reason)
    'b' is ambiguous: it could be black, blue
    """
    expect(text, str, "text")
    notation = _notation()
    reader = NotationReader(text)
    if not reader.more():
        raise reader.error("the text is empty; type an action such as 'tile red f4' or 'end'")
    word = reader.take("the verb")
    verb = notation.aliases.get(word)
    if verb is None:
        found = prefix_matches([*notation.verbs, *notation.aliases], word)
        meant = list(dict.fromkeys(notation.aliases.get(w, w) for w in found))
        if not meant:
            known = ", ".join(notation.verbs)
            raise reader.error(f"unknown action {word!r}; the actions are {known}")
        if len(meant) > 1:
            raise reader.error(f"{word!r} is ambiguous: it could be {', '.join(meant)}")
        verb = meant[0]
    return notation.parsers[verb](reader)
