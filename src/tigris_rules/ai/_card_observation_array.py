"""A card game's observation written straight into a numpy array, from the state.

It holds the numbers of :func:`~tigris_rules.ai._card_information.card_view_observation`
read from the player's view, and reads only what that view shows (CARD-DEF-7): the table,
the colour of a face-down gap card only for the seat that played it, the seat's own hand,
every hand once the game is over, and the VP piles by kind with ``open_scoring`` or once the
game is over (their sizes and top cards always). Needs numpy.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tigris_rules.ai._card_information import (
    COLUMN_KINDS,
    TURN_CAP,
    decision_values,
    leader_spot,
    leader_spots,
)
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, TREASURE
from tigris_rules.cards.engine import card_to_move
from tigris_rules.cards.state import CardGameState
from tigris_rules.model.config import GameConfig

__all__ = ["CardObservationWriter"]

_BOAT_CODES = tuple(boat.code for boat in BOATS)
"""The card codes of the boats, in the order of the ``boats_available`` segment."""

_KIND_TABLES = tuple(bytes(int(code == kind) for code in range(256)) for kind in COLUMN_KINDS)
"""For each kind a column position may hold, the translation of its card code to 1 and of
every other code to 0."""

_EMPTY = b"\xff"
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
        n = self._players
        limit = self._limit
        relative = [(player + k) % n for k in range(n)]
        out[:COLUMNS] = [1 if head == TREASURE else 0 for head in state.heads]
        table = b"".join(column.ljust(limit, _EMPTY) for column in state.columns)
        kinds = np.frombuffer(
            b"".join(table.translate(kind) for kind in _KIND_TABLES), dtype=np.uint8
        )
        out[COLUMNS : self._table].reshape(COLUMNS * limit, len(COLUMN_KINDS))[:] = kinds.reshape(
            len(COLUMN_KINDS), COLUMNS * limit
        ).T
        out[self._table : self._leaders] = self._gap_values(state, player)
        spots = self._spots
        leaders = bytearray(4 * n * spots)
        for k, seat in enumerate(relative):
            for color in range(4):
                spot = leader_spot(state.leaders[4 * seat + color], limit)
                if spot is not None:
                    leaders[(4 * k + color) * spots + spot] = 1
        out[self._leaders : self._seats] = np.frombuffer(leaders, dtype=np.uint8)
        out[self._seats :] = self._tail_values(state, player, relative)

    def _gap_values(self, state: CardGameState, me: int) -> list[int]:
        """The column lengths, then what is seen of the gaps."""
        n = self._players
        gaps = state.gaps
        values = [len(column) for column in state.columns]
        values += [0 if gap is None else 1 for gap in gaps]
        values += [1 if gap is not None and gap.face_up else 0 for gap in gaps]
        for gap in gaps:
            colors = [0, 0, 0, 0]
            if gap is not None and (gap.face_up or gap.player == me):
                colors[gap.card] = 1
            values += colors
        for gap in gaps:
            seats = [0] * n
            if gap is not None:
                seats[(gap.player - me) % n] = 1
            values += seats
        return values

    def _tail_values(self, state: CardGameState, me: int, relative: list[int]) -> list[int]:
        """Every segment after the leaders, in layout order."""
        n = self._players
        over = state.over
        open_piles = over or self._config.open_scoring
        values: list[int] = []
        for seat in relative:
            hand = state.hands[seat]
            pile = state.piles[seat]
            if over or seat == me:
                values += (1, *hand)
            else:
                values += (0, 0, 0, 0, 0)
            values.append(sum(hand))
            values.append(int(state.catastrophes[seat]))
            values.append(len(pile))
            top = [0, 0, 0, 0, 0]
            if pile:
                top[pile[-1]] = 1
            values += top
            if open_piles:
                values += (1, *state.pile_counts(seat))
            else:
                values += (0, 0, 0, 0, 0, 0)
        values.append(state.draw_size)
        values += state.out_of_game
        table = b"".join(state.columns)
        values += [0 if code in table else 1 for code in _BOAT_CODES]
        values += (min(state.turn, TURN_CAP), state.actions_taken, state.idle_turns, int(over))
        active = [0] * n
        active[(state.active - me) % n] = 1
        values += active
        deciding = [0] * n
        to_move = card_to_move(state)
        if to_move is not None:
            deciding[(to_move - me) % n] = 1
        values += deciding
        values += decision_values(
            state.pending, lambda other: None if other is None else (other - me) % n, n
        )
        return values
