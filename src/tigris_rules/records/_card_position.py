"""The fields of the card game's position strings (docs/position.md).

The table comes first, untagged: its 8 columns joined by ``/``, each its head's letter
(``t`` a treasure card, ``r`` a red head) then its cards from the top. The other fields are
tagged; those at their default are left out. The card game's ruleset
(:class:`~tigris_rules.games.cards.CardGame`) offers them as its
:class:`~tigris_rules.records.position.GamePosition`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from tigris_rules.cards.components import BOATS, COLUMNS, GAPS
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.records._position_fields import (
    COUNTS,
    FLAG,
    INT,
    JSON,
    NUMBERS,
    REQUIRED,
    Codec,
    PositionField,
    bad,
    counts,
    joined,
    letters,
    nullable,
    per_player,
    single,
    view_only_fields,
)

__all__ = ["CARD_LETTERS", "card_position_fields"]

CARD_LETTERS: Final = {
    "black": "k",
    "red": "r",
    "blue": "b",
    "green": "g",
    "treasure": "t",
    **{boat.value: "KRG"[i] for i, boat in enumerate(BOATS)},
}
"""The letter of each card: the colours' ``k r b g``, ``t`` a treasure card, and the
boats by their other colour in upper case: ``K`` blue-black, ``R`` blue-red, ``G``
blue-green."""

_CARDS: Final = letters(CARD_LETTERS, "card")
_HEADS: Final = {"treasure": "t", "red": "r"}
_COLOR_NAMES: Final = tuple(c.value for c in COLORS)


def _write_table(values: Mapping[str, Any]) -> str:
    heads = values["heads"]
    columns = values["columns"]
    return "/".join(
        _HEADS.get(head, "?") + _CARDS.write(column)
        for head, column in zip(heads, columns, strict=True)
    )


def _read_table(text: str) -> dict[str, Any]:
    parts = text.split("/")
    if len(parts) != COLUMNS:
        raise bad(f"expected {COLUMNS} columns joined by '/', got {len(parts)}")
    heads, columns = [], []
    by_letter = {letter: name for name, letter in _HEADS.items()}
    for i, part in enumerate(parts):
        if part[:1] not in by_letter:
            raise bad(f"column {i + 1}: expected its head first, t (treasure) or r (red)")
        heads.append(by_letter[part[0]])
        try:
            columns.append(_CARDS.read(part[1:]))
        except Exception as exc:
            raise bad(f"column {i + 1}: {getattr(exc, 'reason', exc)}") from None
    return {"heads": heads, "columns": columns}


_TABLE: Final = PositionField(
    "", ("heads", "columns"), _write_table, _read_table, "the heads and columns"
)


def _write_spots(row: Mapping[str, Any]) -> str:
    return ",".join("-" if row[name] is None else row[name] for name in _COLOR_NAMES)


def _read_spots(text: str) -> dict[str, Any]:
    spots = text.split(",")
    if len(spots) != len(_COLOR_NAMES):
        raise bad("expected 4 spots (black, red, blue, green) joined by commas, - for none")
    return {name: None if s == "-" else s for name, s in zip(_COLOR_NAMES, spots, strict=True)}


_FLAGS: Final = Codec(
    lambda values: "".join("1" if v else "0" for v in values),
    lambda text: [FLAG.read(char) for char in text],
)
"""One flag per player, ``1`` or ``0``, side by side."""

_TOPS: Final = Codec(
    lambda values: ",".join("-" if v is None else CARD_LETTERS[v] for v in values),
    lambda text: [None if part == "-" else _one_card(part) for part in text.split(",")],
)


def _one_card(text: str) -> str:
    cards = _CARDS.read(text)
    if len(cards) != 1:
        raise bad(f"expected one card letter, got {text[:40]!r}")
    return str(cards[0])


_TURN_START: Final = Codec(
    lambda value: per_player(COUNTS).write(value["hands"]),
    lambda text: {"hands": per_player(COUNTS).read(text)},
)


@functools.cache
def card_position_fields(config: GameConfig, hidden: bool) -> tuple[PositionField, ...]:
    """The fields of a card-game position of ``config``: of a state when ``hidden``, else
    of a player view."""
    n = config.players
    common = (
        _TABLE,
        joined(
            "t",
            (("active", INT), ("turn", INT), ("actions_taken", INT), ("idle_turns", INT)),
            ".",
            "the turn",
        ),
        single("l", "leaders", per_player(Codec(_write_spots, _read_spots)), "the leaders"),
        single("gaps", "gaps", JSON, "the gaps", [None] * GAPS),
        single(
            "h",
            "hands",
            per_player(nullable(COUNTS)),
            "the hands",
            REQUIRED if hidden else [None] * n,
        ),
        single("c", "catastrophes", _FLAGS, "catastrophe cards unused"),
        single("o", "out_of_game", COUNTS, "cards out of the game"),
        single("d", "pending", JSON, "the decision awaited", None),
        single("over", "over", FLAG, "the game is over", False),
        single("end", "end_reason", JSON, "why the game ended", None),
    )
    if hidden:
        return (
            *common,
            single("vp", "piles", per_player(_CARDS), "the VP piles"),
            joined("z", (("draw_pos", INT), ("draw", _CARDS)), ":", "the draw pile"),
            single("x", "set_aside", _CARDS, "the cards set aside", []),
            single("u", "turn_start", nullable(_TURN_START), "the hands at the turn's start", None),
            single("todo", "todo", JSON, "the steps in progress", []),
        )
    return (
        *common,
        single("n", "hand_sizes", NUMBERS, "hand sizes"),
        single("ps", "pile_sizes", NUMBERS, "VP pile sizes"),
        single("pt", "pile_tops", _TOPS, "VP pile tops"),
        single(
            "pc",
            "pile_counts",
            per_player(nullable(counts((*_COLOR_NAMES, "treasure")))),
            "VP piles by colour and treasure cards",
            [None] * n,
        ),
        single("y", "draw_size", INT, "the draw pile's size"),
        *view_only_fields(),
    )
