"""A card game's observation written straight into a numpy array, from the state.

It holds the numbers of :func:`~tigris_rules.ai._card_information.card_view_observation`
read from the player's view, and reads only what that view shows (CARD-DEF-7): the table,
the colour of a face-down gap card only for the seat that played it, the seat's own hand,
every hand once the game is over, and the VP piles by kind with ``open_scoring`` or once the
game is over (their sizes and top cards always). Needs numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    """Writes observations of card games of one configuration into arrays of its size.

    The whole observation is made as one string of bytes and written with one copy; a
    column's one-hot values are kept per column once made, and the leaders' spots by
    absolute seat are kept from the last state written while the leaders stand where they
    stood. Values above 255 (a turn past it) are written apart."""

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
        self._columns: dict[bytes, bytes] = {}
        self._leader_spots: tuple[object, bytes] = ((), b"")
        self._one_hots = tuple(tuple(int(k == j) for j in range(n)) for k in range(n))
        self._no_decision = decision_values(None, None, n)

    def write(self, state: CardGameState, player: int, out: Any) -> None:
        """``player``'s observation of ``state`` into ``out``, a one-dimensional array of
        the configuration's observation size."""
        table = b"".join([self._column(column) for column in state.columns])
        head = b"".join((bytes(state.heads).translate(_TREASURE_HEAD), table))
        middle = self._middle(state, player)
        tail = self._tail_values(state, player)
        try:
            values = b"".join((head, middle, bytes(tail)))
        except ValueError:  # a value above 255
            out[: self._seats] = np.frombuffer(head + middle, dtype=np.uint8)
            out[self._seats :] = tail
        else:
            out[:] = np.frombuffer(values, dtype=np.uint8)

    def _column(self, column: bytes) -> bytes:
        """The one-hot values of every position of ``column`` up to the column limit."""
        found = self._columns.get(column)
        if found is None:
            codes = np.frombuffer(column.ljust(self._limit, _EMPTY), dtype=np.uint8)
            found = _ONE_HOT_KINDS[codes].tobytes()
            if len(self._columns) >= _KEPT_COLUMNS:
                self._columns.clear()
            self._columns[column] = found
        return found

    def _middle(self, state: CardGameState, me: int) -> bytes:
        """The column lengths, what is seen of the gaps, then the leaders' spots, seat by seat
        from ``me``: every value is at most the column limit."""
        n = self._players
        values = bytearray(self._leaders - self._table)
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
        placed, spots = self._leader_spots
        if state.leaders != placed:
            placed = state.leaders
            spots = self._spots_by_seat(placed)
            self._leader_spots = (placed, spots)
        if me:
            cut = 4 * me * self._spots
            spots = spots[cut:] + spots[:cut]
        return b"".join((values, spots))

    def _spots_by_seat(self, leaders: Sequence[Any]) -> bytes:
        """The leaders' spots, seat by seat from the first."""
        limit = self._limit
        spots = self._spots
        values = bytearray(len(leaders) * spots)
        for flat, loc in enumerate(leaders):
            spot = leader_spot(loc, limit)
            if spot is not None:
                values[flat * spots + spot] = 1
        return bytes(values)

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
        one_hots = self._one_hots
        values += one_hots[(state.active - me) % n]
        pending = state.pending
        if over:
            values += _NONE[:n]
        elif pending is None:
            values += one_hots[(state.active - me) % n]
        else:
            values += one_hots[(pending.player - me) % n]
        if pending is None:
            return values + self._no_decision
        return values + decision_values(
            pending, lambda other: None if other is None else (other - me) % n, n
        )


_NO_HAND: Final = (0, 0, 0, 0, 0)
"""A hand not seen: its flag and four counts."""

_PILE_TOPS: Final = tuple(tuple(int(code == top) for code in range(5)) for top in range(5))
"""The one-hot values of each card code on top of a VP pile."""

_NO_PILE_TOP: Final = (0, 0, 0, 0, 0)

_NO_PILE_COUNTS: Final = (0, 0, 0, 0, 0, 0)
"""VP piles not shown by kind: their flag and five counts."""

_NONE: Final = (0, 0, 0, 0)
"""No seat of a game of up to four."""

_TREASURE_HEAD: Final = bytes(int(code == TREASURE) for code in range(256))
"""The translation of a head's code to 1 for a treasure, 0 for any other."""

_KEPT_COLUMNS: Final = 4096
"""How many columns' one-hot values a writer keeps at most (it forgets them all past it)."""
