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
    DECISION_KINDS,
    PAYMENT_CAUSES,
    TURN_CAP,
    decision_values,
    leader_spot,
    leader_spots,
)
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, TREASURE, Loc
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    PaymentDecision,
    TreasureCardDecision,
)
from tigris_rules.cards.state import CardGameState, GapCard
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import ConflictKind, Role, WarOrderDecision

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

    The whole observation is made as one string of bytes and written with one copy. Kept
    from the last state written while the fields they come from are equal: the heads, the
    table, the column lengths and the boats available; per seat, what it sees of the gaps
    and the leaders' spots from its place; each VP pile's top card and counts; per
    seat, the values of the decision pending while it is the same. A column's one-hot values
    and a leader's spot's are kept by column and by place once made. A turn above 255 is
    written apart."""

    def __init__(self, config: GameConfig) -> None:
        n = config.players
        limit = config.column_limit
        self._config = config
        self._players = n
        self._limit = limit
        self._spots = leader_spots(config)
        seats = (
            COLUMNS
            + COLUMNS * limit * len(COLUMN_KINDS)
            + COLUMNS
            + GAPS * (2 + 4 + n)
            + 4 * n * self._spots
        )
        self._turn_at = seats + n * _SEAT_VALUES + 1 + 4 + len(_BOAT_CODES)
        self._columns: dict[bytes, bytes] = {}
        self._table: tuple[object, object, bytes, bytes] = ((), (), b"", b"")
        self._gap_values: list[tuple[object, bytes]] = [((), b"")] * n
        self._leader_spots: list[tuple[object, bytes]] = [((), b"")] * n
        self._spot_values = _SpotValues(self._spots, limit)
        self._piles: list[tuple[object, bytes, bytes]] = [(None, b"", b"")] * n
        self._one_hots = (*(bytes(int(k == j) for j in range(n)) for k in range(n)), bytes(n))
        self._no_decision = bytes(decision_values(None, None, n))
        self._decisions = _DecisionWriter(n)

    def write(self, state: CardGameState, player: int, out: Any) -> None:
        """``player``'s observation of ``state`` into ``out``, a one-dimensional array of
        the configuration's observation size."""
        n = self._players
        over = state.over
        table, boats = self._head(state)
        gaps, spots = self._front(state, player)
        parts = [table, gaps, spots]
        open_piles = over or self._config.open_scoring
        hands = state.hands
        piles = state.piles
        catastrophes = state.catastrophes
        kept = self._piles
        for k in range(n):
            seat = (player + k) % n
            hand = hands[seat]
            pile = piles[seat]
            found, shut, shown = kept[seat]
            if pile != found:
                found, shut, shown = kept[seat] = self._pile(pile)
            size = hand[0] + hand[1] + hand[2] + hand[3]
            if over or seat == player:
                parts.append(bytes((1, *hand, size, catastrophes[seat], len(pile))))
            else:
                parts.append(bytes((0, 0, 0, 0, 0, size, catastrophes[seat], len(pile))))
            parts.append(shown if open_piles else shut)
        turn = min(state.turn, TURN_CAP)
        written = turn if turn < 256 else 0
        one_hots = self._one_hots
        pending = state.pending
        if over:
            mover = n
        elif pending is None:
            mover = (state.active - player) % n
        else:
            mover = (pending.player - player) % n
        parts += (
            bytes((state.draw_size, *state.out_of_game)),
            boats,
            bytes((written, state.actions_taken, state.idle_turns, over)),
            one_hots[(state.active - player) % n],
            one_hots[mover],
            self._no_decision if pending is None else self._decisions.values(pending, player),
        )
        out[:] = np.frombuffer(b"".join(parts), dtype=np.uint8)
        if turn != written:
            out[self._turn_at] = turn

    def _head(self, state: CardGameState) -> tuple[bytes, bytes]:
        """The heads, the table and the column lengths, in layout order; the boats
        available."""
        heads, columns, table, boats = self._table
        if state.columns != columns or state.heads != heads:
            heads = state.heads
            columns = state.columns
            table = b"".join(
                (
                    bytes(heads).translate(_TREASURE_HEAD),
                    *[self._column(column) for column in columns],
                    bytes([len(column) for column in columns]),
                )
            )
            played = b"".join(columns)
            boats = bytes([0 if code in played else 1 for code in _BOAT_CODES])
            self._table = (heads, columns, table, boats)
        return table, boats

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

    def _front(self, state: CardGameState, me: int) -> tuple[bytes, bytes]:
        """What ``me`` sees of the gaps; the leaders' spots, seat by seat from ``me``."""
        gaps, seen = self._gap_values[me]
        if state.gaps != gaps:
            gaps = state.gaps
            seen = self._gaps(gaps, me)
            self._gap_values[me] = (gaps, seen)
        placed, spots = self._leader_spots[me]
        if state.leaders != placed:
            placed = state.leaders
            if me:
                cut = 4 * me
                spots = b"".join(map(self._spot_values.__getitem__, placed[cut:] + placed[:cut]))
            else:
                spots = b"".join(map(self._spot_values.__getitem__, placed))
            self._leader_spots[me] = (placed, spots)
        return seen, spots

    def _gaps(self, gaps: Sequence[GapCard | None], me: int) -> bytes:
        """Which gaps hold a card, which face up, the colours ``me`` sees, and who played
        each, relative to ``me``."""
        n = self._players
        values = bytearray(GAPS * (2 + 4 + n))
        face_up = GAPS
        colors = face_up + GAPS
        seats = colors + 4 * GAPS
        for g, gap in enumerate(gaps):
            if gap is None:
                continue
            values[g] = 1
            if gap.face_up:
                values[face_up + g] = 1
                values[colors + 4 * g + gap.card] = 1
            elif gap.player == me:
                values[colors + 4 * g + gap.card] = 1
            values[seats + n * g + (gap.player - me) % n] = 1
        return bytes(values)

    @staticmethod
    def _pile(pile: bytes) -> tuple[bytes, bytes, bytes]:
        """``pile``, then the values after its size: its top card, then its counts by kind
        unseen, then seen."""
        top = _PILE_TOPS[pile[-1]] if pile else _NO_PILE_TOP
        counts = bytes(
            (1, pile.count(0), pile.count(1), pile.count(2), pile.count(3), pile.count(4))
        )
        return pile, top + _NO_PILE_COUNTS, top + counts


class _SpotValues(dict[Loc | None, bytes]):
    """The one-hot values of a leader's spot (all zeros for a leader in his supply), by his
    place, made at the first look-up of each place."""

    def __init__(self, spots: int, limit: int) -> None:
        super().__init__()
        self._spots = spots
        self._limit = limit

    def __missing__(self, loc: Loc | None) -> bytes:
        values = bytearray(self._spots)
        spot = leader_spot(loc, self._limit)
        if spot is not None:
            values[spot] = 1
        self[loc] = found = bytes(values)
        return found


class _DecisionWriter:
    """The ``decision`` segment and those after it, of a pending decision seen by a seat, as
    :func:`~tigris_rules.ai._card_information.decision_values` gives them; the values of the
    last decision written are kept seat by seat while it is the same decision."""

    def __init__(self, n: int) -> None:
        self._players = n
        player = len(DECISION_KINDS)
        self._war = player + n
        self._conflict = self._war + 4
        self._payment = self._conflict + 2 + 2 + 4 + 2 * n + 2 + 2
        self._boat = self._payment + 4 + 1 + len(PAYMENT_CAUSES)
        self._treasure = self._boat + len(_BOAT_CODES) + COLUMNS
        self._size = self._treasure + COLUMNS
        self._last: tuple[object, dict[int, bytes]] = (None, {})

    def values(self, decision: Any, me: int) -> bytes:
        """The values of ``decision``, pending, seen by ``me``."""
        last, seen = self._last
        if decision is not last:
            seen = {}
            self._last = (decision, seen)
        found = seen.get(me)
        if found is None:
            found = seen[me] = self._values(decision, me)
        return found

    def _values(self, decision: Any, me: int) -> bytes:
        n = self._players
        values = bytearray(self._size)
        values[DECISION_KINDS.index(type(decision))] = 1
        values[len(DECISION_KINDS) + (decision.player - me) % n] = 1
        if isinstance(decision, WarOrderDecision):
            for color in decision.colors:
                values[self._war + color.index] = 1
        elif isinstance(decision, CardCommitDecision):
            conflict = decision.conflict
            at = self._conflict
            values[at + (0 if conflict.kind is ConflictKind.REVOLT else 1)] = 1
            values[at + 2 + (0 if decision.role is Role.ATTACKER else 1)] = 1
            values[at + 4 + conflict.color.index] = 1
            values[at + 8 + (conflict.attacker - me) % n] = 1
            values[at + 8 + n + (conflict.defender - me) % n] = 1
            at += 8 + 2 * n
            values[at] = conflict.attacker_base
            values[at + 1] = conflict.defender_base
            if conflict.attacker_commit is not None:
                values[at + 2] = 1
                values[at + 3] = conflict.attacker_commit
        elif isinstance(decision, PaymentDecision):
            at = self._payment
            values[at + decision.color.index] = 1
            values[at + 4] = decision.points
            values[at + 5 + PAYMENT_CAUSES.index(decision.cause)] = 1
        elif isinstance(decision, BoatDecision):
            at = self._boat
            for boat in decision.boats:
                values[at + _BOAT_CODES.index(boat.code)] = 1
            values[at + len(_BOAT_CODES) + decision.column - 1] = 1
        elif isinstance(decision, TreasureCardDecision):
            at = self._treasure
            for column in decision.columns:
                values[at + column - 1] = 1
        return bytes(values)


_SEAT_VALUES: Final = 1 + 4 + 1 + 1 + 1 + 5 + 1 + 5
"""The values of a seat: his hand's flag and counts, its size, his catastrophe, his VP
pile's size, top card, flag and counts."""

_PILE_TOPS: Final = tuple(bytes(int(code == top) for code in range(5)) for top in range(5))
"""The one-hot values of each card code on top of a VP pile."""

_NO_PILE_TOP: Final = bytes(5)

_NO_PILE_COUNTS: Final = bytes(6)
"""VP piles not shown by kind: their flag and five counts."""

_TREASURE_HEAD: Final = bytes(int(code == TREASURE) for code in range(256))
"""The translation of a head's code to 1 for a treasure, 0 for any other."""

_KEPT_COLUMNS: Final = 4096
"""How many columns' one-hot values a writer keeps at most (it forgets them all past it)."""
