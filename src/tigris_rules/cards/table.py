"""Reading the table: which card lies where in the columns (CARD-DEF-1), the heads (CARD-DEF-2)
and the gaps, and which cards are red (CARD-DEF-5)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tigris_rules.cards.components import COLUMNS, GAPS, RED, Loc
from tigris_rules.cards.state import GapCard

__all__ = ["HEAD", "card_at", "is_red_card", "spot_number", "table_cards", "table_spots"]

HEAD = -1
"""What :func:`card_at` says for a head: a treasure card or its red replacement."""


def card_at(columns: Sequence[bytes], gaps: Sequence[GapCard | None], loc: Loc) -> int | None:
    """The card on ``loc``: :data:`HEAD` for a head, a column code (colour 0..3 or boat) or a
    face-up gap card's colour; ``None`` when no card (or only a face-down card) lies there."""
    x, y = loc
    if x % 2:
        gap = gaps[x // 2]
        return gap.card if gap is not None and gap.face_up else None
    if y == 0:
        return HEAD
    column = columns[x // 2]
    return column[y - 1] if 1 <= y <= len(column) else None


def is_red_card(columns: Sequence[bytes], gaps: Sequence[GapCard | None], loc: Loc) -> bool:
    """A red column card, a face-up red gap card or any head (CARD-DEF-5, V6)."""
    card = card_at(columns, gaps, loc)
    return card in (HEAD, RED)


def table_cards(
    columns: Sequence[bytes], gaps: Sequence[GapCard | None]
) -> Iterator[tuple[Loc, int]]:
    """Every card on the table with :func:`card_at`'s code, in table order: column 1's head
    and cards top to bottom, then gap 1, then column 2, and so on. Face-down gap cards are
    left out."""
    for c, column in enumerate(columns):
        x = 2 * c
        yield (x, 0), HEAD
        for p, card in enumerate(column, start=1):
            yield (x, p), card
        if c < len(gaps):
            gap = gaps[c]
            if gap is not None and gap.face_up:
                yield (x + 1, 0), gap.card


def table_spots(limit: int) -> tuple[Loc, ...]:
    """Every place a card can lie on when a column holds at most ``limit`` cards, in table
    order: each column's head and positions 1..``limit`` top to bottom, then the gap to its
    right. A place's index here is its :func:`spot_number`."""
    spots: list[Loc] = []
    for column in range(COLUMNS):
        spots.extend((2 * column, position) for position in range(limit + 1))
        if column < GAPS:
            spots.append((2 * column + 1, 0))
    return tuple(spots)


def spot_number(loc: Loc, limit: int) -> int:
    """The index of ``loc`` in :func:`table_spots` of ``limit``: column ``c`` (0-based) starts
    at ``c * (limit + 2)`` with its head, and its gap closes it."""
    x, y = loc
    return (x // 2) * (limit + 2) + (limit + 1 if x % 2 else y)
