"""The notation of the board game (docs/notation.md): the base game's verbs and those of the
variants a game plays (:class:`~tigris_rules.records.notation.VariantNotation`).

:class:`BoardNotation` is the notation of one set of variants: the variants of a
configuration (:meth:`~tigris_rules.games.board.BoardGame.read_notation`), or every installed
variant (:func:`installed_notation`, what :func:`~tigris_rules.parse_action` reads given no
configuration).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, assert_never

import attrs

from tigris_rules.errors import InvalidActionError
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
from tigris_rules.model.facets import offered
from tigris_rules.model.notation_words import (
    COUNT,
    NotationReader,
    color_named,
    square_answer,
)
from tigris_rules.model.plugins import VARIANT_GROUP, plugin, plugin_names
from tigris_rules.records._verbs import (
    VariantNotation,
    VerbTable,
    count_text,
    parse_commit,
    parse_decline,
    parse_end,
    parse_war,
    verb_table,
)
from tigris_rules.rules.wellformed import check_well_formed

__all__ = ["VERBS", "BoardNotation", "board_notation", "installed_notation"]

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
variants add theirs."""

_VERB_ALIASES: dict[str, str] = {"move": "leader"}
"""Other spellings accepted for a verb (``move`` places a leader already on the board)."""

_MONUMENT_SPLIT = re.compile(r"[-/+]")

Parse = Callable[[NotationReader], Action]


# --- writing --------------------------------------------------------------------------------


def _format_swap(action: SwapTiles) -> str:
    parts = ["swap"]
    for color, count in zip(COLORS, action.counts, strict=True):
        if count:
            parts.append(f"{count_text(count, color.value)} {color.value}")
    return " ".join(parts)


def _format_base(action: Action, variant: Callable[[VariantAction], str]) -> str:
    """The canonical notation of a well-formed ``action``; a variant's input is written by
    ``variant``."""
    match action:
        case PlaceLeader():
            return f"leader {action.color.leader_name} {action.square}"
        case WithdrawLeader():
            return f"withdraw {action.color.leader_name}"
        case PlaceTile():
            return f"tile {action.color.value} {action.square}"
        case PlaceCatastrophe():
            return f"catastrophe {action.square}"
        case SwapTiles():
            return _format_swap(action)
        case EndTurn():
            return "end"
        case ChooseConflict():
            return f"war {action.color.value}"
        case CommitSupport():
            return f"commit {count_text(action.count, 'count')}"
        case BuildMonument():
            return f"monument {action.monument.value} {action.block}"
        case Decline():
            return "decline"
        case KeepTreasure():
            return f"keep {action.square}"
        case VariantAction():
            return variant(action)
        case _:
            assert_never(action)


# --- reading --------------------------------------------------------------------------------


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


_PARSERS: dict[str, Parse] = {
    "leader": _parse_leader,
    "withdraw": _parse_withdraw,
    "tile": _parse_tile,
    "catastrophe": _parse_catastrophe,
    "swap": _parse_swap,
    "end": parse_end,
    "war": parse_war,
    "commit": parse_commit,
    "monument": _parse_monument,
    "decline": parse_decline,
    "keep": square_answer(KeepTreasure, "keep b2"),
}


# --- the notation of a set of variants ------------------------------------------------------


@attrs.frozen
class BoardNotation:
    """The notation of the board game with some variants: its verbs (``table``) and, for
    each input class a variant defines, the notation of the variant writing it (``writers``:
    ``None`` for a variant that offers none). ``scope`` names the variants in the message of
    an input none of them writes."""

    table: VerbTable
    writers: Mapping[type, VariantNotation | None]
    scope: str

    def read(self, text: str) -> Action:
        """The action ``text`` writes (:func:`~tigris_rules.parse_action`)."""
        action: Action = self.table.read(text)
        return action

    def write(self, action: Action) -> str:
        """The canonical notation of ``action`` (:func:`~tigris_rules.format_action`)."""
        check_well_formed(action)
        return _format_base(action, self._write_variant)

    def verbs(self) -> tuple[str, ...]:
        """Every verb, the base game's first; :class:`~tigris_rules.ConfigError` when a word
        is claimed twice."""
        self.table.check()
        return self.table.verbs

    def _write_variant(self, action: VariantAction) -> str:
        writer = self.writers.get(type(action))
        text = None if writer is None else writer.format_notation(action)
        if text is None:
            raise InvalidActionError(
                "type", f"no {self.scope} writes {type(action).__name__} in the notation"
            )
        return text


def board_notation(variants: Sequence[Any], scope: str, *, strict: bool) -> BoardNotation:
    """The notation of the board game with ``variants`` (instances, canonical order): a word
    they claim twice is refused at once (:class:`~tigris_rules.ConfigError`) when
    ``strict``, else where it is read."""
    facets: list[tuple[Any, VariantNotation | None]] = []
    for variant in variants:
        facets.append((variant, offered(variant, VariantNotation)))
    table = verb_table(_PARSERS, _VERB_ALIASES, [(v.name, f) for v, f in facets if f is not None])
    if strict:
        table.check()
    writers: dict[type, VariantNotation | None] = {}
    for variant, facet in facets:
        for kind in variant.inputs:
            writers.setdefault(kind, facet)
    return BoardNotation(table, writers, scope)


def installed_notation() -> BoardNotation:
    """The notation of the board game with every installed variant: what a line of text
    read with no configuration may be. A word two of them claim is refused only where it is
    read (or where every verb is listed)."""
    return _installed(tuple(plugin(VARIANT_GROUP, n) for n in plugin_names(VARIANT_GROUP)))


@cache
def _installed(kinds: tuple[type, ...]) -> BoardNotation:
    """The notation of the variant classes ``kinds``: kept per set of installed variants."""
    return board_notation([kind() for kind in kinds], "installed variant", strict=False)
