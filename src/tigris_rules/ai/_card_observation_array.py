"""A card game's observation written straight into a numpy array, from the state.

It holds the numbers of :func:`~tigris_rules.ai._card_information.card_view_observation`
read from the player's view, and reads only what that view shows (CARD-DEF-7): the table,
the colour of a face-down gap card only for the seat that played it, the seat's own hand,
every hand once the game is over, and the VP piles by kind with ``open_scoring`` or once the
game is over (their sizes and top cards always). Needs numpy.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from tigris_rules.ai._card_information import (
    COLUMN_KINDS,
    TURN_CAP,
    decision_values,
    leader_spot,
    leader_spots,
)
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, TREASURE
from tigris_rules.cards.state import CardGameState
from tigris_rules.model.config import GameConfig

__all__ = ["CardObservationWriter"]

_BOAT_CODES: Final = tuple(boat.code for boat in BOATS)
"""The card codes of the boats, in the order of the ``boats_available`` segment."""

_ONE_HOT_KINDS: Final = np.array(
    [[int(code == kind) for kind in COLUMN_KINDS] for code in range(256)], dtype=np.uint8
)
"""For each card code (and the padding), its one-hot values over the kinds a column position
may hold: all zeros for a code of no kind."""

_EMPTY: Final = b"\xff"
"""What pads a column to its limit: no kind's code."""


class CardObservationWriter:
    """Writes observations of card games of one configuration into arrays of its size."""

    def __init__(self, config: GameConfig) -> None:
        n = config.players
        limit = config.column_limit
        self._config = config
        self._players = n
        self._limit = limit
        self._spots = leader_spots(config)
        self._table = COLUMNS + COLUMNS * limit * len(COLUMN_KINDS)
        self._leaders = self._table + COLUMNS + GAPS * (2 + 4 + n)
        self._seats = self._leaders + 4 * n * self._spots

    def write(self, state: CardGameState, player: int, out: Any) -> None:
        """``player``'s observation of ``state`` into ``out``, a one-dimensional array of
        the configuration's observation size."""
        limit = self._limit
        table = self._table
        out[:COLUMNS] = [1 if head == TREASURE else 0 for head in state.heads]
        codes = b"".join([column.ljust(limit, _EMPTY) for column in state.columns])
        out[COLUMNS:table] = _ONE_HOT_KINDS[np.frombuffer(codes, dtype=np.uint8)].ravel()
        out[table : self._seats] = np.frombuffer(self._middle(state, player), dtype=np.uint8)
        out[self._seats :] = self._tail_values(state, player)

    def _middle(self, state: CardGameState, me: int) -> bytearray:
        """The column lengths, what is seen of the gaps, then the leaders' spots, seat by seat
        from ``me``: every value is at most the column limit."""
        n = self._players
        limit = self._limit
        values = bytearray(self._seats - self._table)
        values[:COLUMNS] = bytes([len(column) for column in state.columns])
        filled = COLUMNS
        face_up = filled + GAPS
        colors = face_up + GAPS
        seats = colors + 4 * GAPS
        for g, gap in enumerate(state.gaps):
            if gap is None:
                continue
            values[filled + g] = 1
            if gap.face_up:
                values[face_up + g] = 1
                values[colors + 4 * g + gap.card] = 1
            elif gap.player == me:
                values[colors + 4 * g + gap.card] = 1
            values[seats + n * g + (gap.player - me) % n] = 1
        spots = self._spots
        leaders = self._leaders - self._table
        for flat, loc in enumerate(state.leaders):
            spot = leader_spot(loc, limit)
            if spot is not None:
                k = (flat // 4 - me) % n
                values[leaders + (4 * k + flat % 4) * spots + spot] = 1
        return values

    def _tail_values(self, state: CardGameState, me: int) -> list[int]:
        """Every segment after the leaders, in layout order."""
        n = self._players
        over = state.over
        open_piles = over or self._config.open_scoring
        values: list[int] = []
        hands = state.hands
        piles = state.piles
        catastrophes = state.catastrophes
        for k in range(n):
            seat = (me + k) % n
            hand = hands[seat]
            pile = piles[seat]
            if over or seat == me:
                values.append(1)
                values += hand
            else:
                values += _NO_HAND
            values.append(sum(hand))
            values.append(1 if catastrophes[seat] else 0)
            values.append(len(pile))
            if pile:
                values += _PILE_TOPS[pile[-1]]
            else:
                values += _NO_PILE_TOP
            if open_piles:
                values.append(1)
                values += state.pile_counts(seat)
            else:
                values += _NO_PILE_COUNTS
        values.append(state.draw_size)
        values += state.out_of_game
        table = b"".join(state.columns)
        values += [0 if code in table else 1 for code in _BOAT_CODES]
        values += (min(state.turn, TURN_CAP), state.actions_taken, state.idle_turns, int(over))
        active = [0] * n
        active[(state.active - me) % n] = 1
        values += active
        deciding = [0] * n
        pending = state.pending
        if not over:
            deciding[((state.active if pending is None else pending.player) - me) % n] = 1
        values += deciding
        values += decision_values(
            pending, lambda other: None if other is None else (other - me) % n, n
        )
        return values


_NO_HAND: Final = (0, 0, 0, 0, 0)
"""A hand not seen: its flag and four counts."""

_PILE_TOPS: Final = tuple(tuple(int(code == top) for code in range(5)) for top in range(5))
"""The one-hot values of each card code on top of a VP pile."""

_NO_PILE_TOP: Final = (0, 0, 0, 0, 0)

_NO_PILE_COUNTS: Final = (0, 0, 0, 0, 0, 0)
"""VP piles not shown by kind: their flag and five counts."""
