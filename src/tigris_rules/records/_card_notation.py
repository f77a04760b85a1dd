"""The notation of the card game (docs/notation.md, The card game): one line per input, as
for the board game, with the card game's places (spots ``3.2``, ``g4``), columns and gaps.

===================================  ==========================================
``leader king 3.2``                  :class:`~tigris_rules.cards.actions.PlayLeader`
``column red 3``                     :class:`~tigris_rules.cards.actions.PlayColumn`
``gap blue 2``                       :class:`~tigris_rules.cards.actions.PlayGap`
``catastrophe 4.1``                  :class:`~tigris_rules.cards.actions.PlayCatastrophe`
``end``                              :class:`~tigris_rules.EndTurn`
``war green``                        :class:`~tigris_rules.ChooseConflict`
``commit 3``                         :class:`~tigris_rules.CommitSupport`
``pay 2``                            :class:`~tigris_rules.cards.actions.PayPoints`
``treasures 1 4``                    :class:`~tigris_rules.cards.actions.TakeTreasures`
``boat blue-red``                    :class:`~tigris_rules.cards.actions.BuildBoat`
``decline``                          :class:`~tigris_rules.Decline`
===================================  ==========================================
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, assert_never

from tigris_rules.cards.actions import (
    BuildBoat,
    CardAction,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, parse_spot
from tigris_rules.cards.wellformed import check_card_well_formed
from tigris_rules.model.actions import ChooseConflict, CommitSupport, Decline, EndTurn
from tigris_rules.model.colors import Color
from tigris_rules.model.notation_words import NotationReader, color_named
from tigris_rules.records._verbs import (
    VerbTable,
    count_text,
    parse_commit,
    parse_decline,
    parse_end,
    parse_war,
    verb_table,
)

__all__ = ["CARD_VERBS", "format_card_action", "parse_card_action"]

_SPLIT = re.compile(r"[-/+]")
_LEADER = "the leader (king, priest, farmer, trader, or a colour)"


def format_card_action(action: CardAction) -> str:
    """The canonical notation of the card-game input ``action``; one that is not well
    formed (CONV-19) raises :class:`~tigris_rules.InvalidActionError`."""
    check_card_well_formed(action)
    match action:
        case PlayLeader():
            return f"leader {action.color.leader_name} {action.target}"
        case PlayColumn():
            return f"column {action.color.value} {action.column}"
        case PlayGap():
            return f"gap {action.color.value} {action.gap}"
        case PlayCatastrophe():
            return f"catastrophe {action.target}"
        case EndTurn():
            return "end"
        case ChooseConflict():
            return f"war {action.color.value}"
        case CommitSupport():
            return f"commit {count_text(action.count, 'count')}"
        case PayPoints():
            return f"pay {count_text(action.count, 'count')}"
        case TakeTreasures():
            return " ".join(["treasures", *(str(c) for c in action.columns)])
        case BuildBoat():
            return f"boat {action.boat.value}"
        case Decline():
            return "decline"
        case _:
            assert_never(action)


def _spot(r: NotationReader, usage: str) -> str:
    word = r.take(f"the card (as in {usage!r})")
    if parse_spot(word) is None:
        raise r.error(
            f"{word!r} is not a card on the table; name it by column and position (3.2, "
            "3.0 for the head) or by gap (g1..g7)"
        )
    return word


def _number(r: NotationReader, what: str, high: int) -> int:
    number = r.count(what)
    if not 1 <= number <= high:
        raise r.error(f"{what} is 1..{high}, not {number}")
    return number


def _parse_leader(r: NotationReader) -> CardAction:
    color = r.color(_LEADER)
    target = _spot(r, "leader king 3.2")
    r.end("leader king 3.2")
    return PlayLeader(color, target)


def _parse_column(r: NotationReader) -> CardAction:
    color = r.color("the card's colour")
    column = _number(r, "the column", COLUMNS)
    r.end("column red 3")
    return PlayColumn(color, column)


def _parse_gap(r: NotationReader) -> CardAction:
    color = r.color("the card's colour")
    gap = _number(r, "the gap", GAPS)
    r.end("gap blue 2")
    return PlayGap(color, gap)


def _parse_catastrophe(r: NotationReader) -> CardAction:
    target = _spot(r, "catastrophe 4.1")
    r.end("catastrophe 4.1")
    return PlayCatastrophe(target)


def _parse_pay(r: NotationReader) -> CardAction:
    count = r.count("the number of points paid")
    r.end("pay 2")
    return PayPoints(count)


def _parse_treasures(r: NotationReader) -> CardAction:
    columns = []
    while r.more():
        columns.append(_number(r, "the column of a treasure", COLUMNS))
    return TakeTreasures(tuple(columns))


def _parse_boat(r: NotationReader) -> CardAction:
    first = r.take("the boat (as in 'boat blue-red')")
    parts = [p for p in _SPLIT.split(first) if p]
    if len(parts) == 1 and r.more():  # "boat blue red"
        parts.append(r.take("the boat's second colour"))
    colors = {color_named(r, part, "a boat colour") for part in parts}
    colors.discard(Color.BLUE)  # every boat is blue and another colour: "red" names one
    boat = next((b for b in BOATS if colors == {b.other}), None)
    if boat is None or len(parts) > 2:
        raise r.error(f"{first!r} is not a boat; the boats are blue-black, blue-red, blue-green")
    r.end("boat blue-red")
    return BuildBoat(boat)


_PARSERS: Final[dict[str, Callable[[NotationReader], CardAction]]] = {
    "leader": _parse_leader,
    "column": _parse_column,
    "gap": _parse_gap,
    "catastrophe": _parse_catastrophe,
    "end": parse_end,
    "war": parse_war,
    "commit": parse_commit,
    "pay": _parse_pay,
    "treasures": _parse_treasures,
    "boat": _parse_boat,
    "decline": parse_decline,
}

_TABLE: Final[VerbTable] = verb_table(_PARSERS, {"move": "leader"})

CARD_VERBS: Final = _TABLE.verbs
"""The first word of every input of the card game, in the order of docs/notation.md."""


def parse_card_action(text: str) -> CardAction:
    """The card-game input ``text`` writes (read as :func:`~tigris_rules.parse_action`
    reads a line)."""
    action: CardAction = _TABLE.read(text)
    return action
