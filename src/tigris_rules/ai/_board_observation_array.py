"""A board game's observation written straight into a numpy array, from the state.

It holds the numbers of :func:`~tigris_rules.ai._board_information.board_view_observation`
read from the player's view, and reads only what that view shows: the board, the seat's own
hand and totals, every hand and total once the game is over and every total with
``open_scoring`` (CONV-14, OPT-2), each variant's segments from the view itself. The river
plane is made once per configuration. Needs numpy.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from tigris_rules.ai._board_information import (
    PLANE_SEGMENTS,
    decision_values,
    observation_plan,
    observed_turn,
    one_hot,
    seat_totals,
)
from tigris_rules.errors import ConfigError
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import BLACK, BLUE, CATASTROPHE, FLIPPED, GREEN, RED
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.squares import COLUMNS, SQUARE_COUNT
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.views import view

__all__ = ["BoardObservationWriter"]


def _code_table(code: int) -> bytes:
    """The translation of cell code ``code`` to 1 and of every other to 0."""
    return bytes(int(value == code) for value in range(256))


_BLACK: Final = _code_table(BLACK)
_RED: Final = _code_table(RED)
_BLUE: Final = _code_table(BLUE)
_GREEN: Final = _code_table(GREEN)
"""The translations of the cells' codes to the planes of the face-up tiles of each colour."""

_FLIPPED: Final = _code_table(FLIPPED)
_CATASTROPHE: Final = _code_table(CATASTROPHE)


def _runs(positions: list[int]) -> tuple[tuple[int, int, int], ...]:
    """``positions`` (ascending or not) as runs of consecutive positions: (first position,
    start and end in ``positions``)."""
    runs: list[tuple[int, int, int]] = []
    start = 0
    for index in range(1, len(positions) + 1):
        if index == len(positions) or positions[index] != positions[index - 1] + 1:
            runs.append((positions[start], start, index))
            start = index
    return tuple(runs)


class BoardObservationWriter:
    """Writes observations of board games of one configuration into arrays of its size.

    The planes and the values after them are made as one string of bytes and written with
    one copy wherever the layout holds them side by side. Kept from the last state written
    while the fields they come from are equal: the planes that do not depend on the seat
    (tiles, flipped tiles, catastrophes, treasures, river), the monuments' planes and which
    monuments are available, and per seat the leaders' planes from its place; per seat too,
    the values of the decision pending while it is the same. The plane of one square is
    made once per square. Values above 255 (a turn or a score past it) are written apart."""

    def __init__(self, config: GameConfig) -> None:
        plan = observation_plan(config)
        self._config = config
        self._players = config.players
        self._decisions = plan.decisions
        offsets: dict[str, int] = {}
        lengths: dict[str, int] = {}
        position = 0
        for name, length in plan.layout:
            offsets[name] = position
            lengths[name] = length
            position += length
        self.size = position
        self._inserts = tuple(
            (offsets[insert.name], insert.length, insert.variant, insert.index)
            for insert in plan.inserts
        )
        planes: list[int] = []
        for name in PLANE_SEGMENTS:
            planes.extend(range(offsets[name], offsets[name] + lengths[name]))
        self._plane_runs = _runs(planes)
        tail: list[int] = []
        for name, length in plan.layout:
            if name.startswith("seat") or name in _TAIL:
                tail.extend(range(offsets[name], offsets[name] + length))
        self._tail_runs = _runs(tail)
        self._runs = _runs(planes + tail)
        self._whole = self._runs == ((0, 0, position),)
        self._river = bytes(board_layout(config.board).river)
        n = config.players
        self._one_hots = tuple(tuple(one_hot(n, k)) for k in range(n))
        self._no_decision = tuple(decision_values(None, n, 0, self._decisions))
        self._seat_bytes = (*(bytes(values) for values in self._one_hots), bytes(n))
        self._no_decision_bytes = bytes(self._no_decision)
        self._squares = {
            NO_SQUARE: bytes(SQUARE_COUNT),
            **{
                square: bytes(square) + b"\x01" + bytes(SQUARE_COUNT - square - 1)
                for square in range(SQUARE_COUNT)
            },
        }
        self._tiles: tuple[object, bytes] = ((), b"")
        self._treasures: tuple[object, bytes] = ((), b"")
        self._leader_planes: list[tuple[object, bytes]] = [((), b"")] * n
        self._monuments: tuple[object, bytes, bytes] = ((), b"", b"")
        self._last_decision: tuple[object, dict[int, bytes]] = (None, {})

    def write(self, state: GameState, player: int, out: Any) -> None:
        """``player``'s observation of ``state`` into ``out``, a one-dimensional array of
        :attr:`size` entries."""
        parts = self._planes(state, player)
        try:
            parts += self._tail(state, player)
        except ValueError:  # a value above 255
            planes = np.frombuffer(b"".join(parts[:_PLANE_PARTS]), dtype=np.uint8)
            self._write_runs(planes, self._plane_runs, out)
            self._write_runs(self._tail_values(state, player), self._tail_runs, out)
        else:
            values = np.frombuffer(b"".join(parts), dtype=np.uint8)
            if self._whole:
                out[:] = values
            else:
                self._write_runs(values, self._runs, out)
        if self._inserts:
            self._write_variants(state, player, out)

    @staticmethod
    def _write_runs(values: Any, runs: tuple[tuple[int, int, int], ...], out: Any) -> None:
        for first, start, end in runs:
            out[first : first + end - start] = values[start:end]

    def _planes(self, state: GameState, player: int) -> list[bytes]:
        """The planes, in layout order, in :data:`_PLANE_PARTS` strings of bytes."""
        plane = SQUARE_COUNT
        cells, tiles = self._tiles
        if state.cells != cells:
            cells = state.cells
            codes = bytes(cells)
            tiles = b"".join(
                (
                    codes.translate(_BLACK),
                    codes.translate(_RED),
                    codes.translate(_BLUE),
                    codes.translate(_GREEN),
                    codes.translate(_FLIPPED),
                    codes.translate(_CATASTROPHE),
                )
            )
            self._tiles = (cells, tiles)
        treasures, found = self._treasures
        if state.treasures != treasures:
            treasures = state.treasures
            values = bytearray(plane)
            for square in treasures:
                values[square] = 1
            found = bytes(values) + self._river
            self._treasures = (treasures, found)
        squares = self._squares
        placed, leaders = self._leader_planes[player]
        if state.leaders != placed:
            placed = state.leaders
            if player:
                cut = 4 * player
                leaders = b"".join(map(squares.__getitem__, placed[cut:] + placed[:cut]))
            else:
                leaders = b"".join(map(squares.__getitem__, placed))
            self._leader_planes[player] = (placed, leaders)
        built, monuments, _ = self._monuments
        if state.monuments != built:
            built = state.monuments
            planes = bytearray(len(MONUMENTS) * plane)
            for index, top_left in enumerate(built):
                if top_left != NO_SQUARE:
                    base = index * plane + top_left
                    for square in (base, base + 1, base + COLUMNS, base + COLUMNS + 1):
                        planes[square] = 1
            monuments = bytes(planes)
            available = bytes([1 if s == NO_SQUARE else 0 for s in built])
            self._monuments = (built, monuments, available)
        marks = (squares[state.marker], squares[state.placed])
        return [tiles, found, leaders, monuments, *marks]

    def _tail(self, state: GameState, me: int) -> list[bytes]:
        """The values of every segment after the planes, in layout order, as strings of
        bytes; ValueError for a value above 255."""
        over = state.over
        open_totals = over or self._config.open_scoring
        n = self._players
        hands = state.hands
        catastrophes = state.catastrophes
        scores = state.scores
        held = state.treasures_held
        parts: list[bytes] = []
        for k in range(n):
            seat = (me + k) % n
            hand = hands[seat]
            size = hand[0] + hand[1] + hand[2] + hand[3]
            if over or seat == me:
                parts.append(bytes((1, *hand, size, catastrophes[seat])))
            else:
                parts.append(bytes((0, 0, 0, 0, 0, size, catastrophes[seat])))
            if open_totals or seat == me:
                parts.append(bytes((1, *scores[seat], held[seat])))
            else:
                parts.append(_UNSEEN_TOTALS)
        one_hots = self._seat_bytes
        decision = state.pending
        if over:
            mover = n
        elif decision is None:
            mover = (state.active - me) % n
        else:
            mover = (decision.player - me) % n
        parts += (
            bytes((state.bag_size, state.turn, state.actions_taken, state.short_draw, over)),
            one_hots[(state.active - me) % n],
            one_hots[mover],
            self._monuments[2],
            self._no_decision_bytes if decision is None else self._decision(decision, me),
        )
        return parts

    def _decision(self, decision: Decision, me: int) -> bytes:
        """The values of ``decision``, pending, seen by ``me``: kept seat by seat while it
        is the same decision."""
        last, seen = self._last_decision
        if decision is not last:
            seen = {}
            self._last_decision = (decision, seen)
        found = seen.get(me)
        if found is None:
            found = bytes(decision_values(decision, self._players, me, self._decisions))
            seen[me] = found
        return found

    def _tail_values(self, state: GameState, me: int) -> list[int]:
        """The values of every segment after the planes, in layout order."""
        over = state.over
        open_totals = over or self._config.open_scoring
        n = self._players
        values: list[int] = []
        for k in range(n):
            seat = (me + k) % n
            hand = state.hands[seat]
            if over or seat == me:
                values += (1, *hand)
            else:
                values += _NO_HAND
            values.append(sum(hand))
            values.append(state.catastrophes[seat])
            if open_totals or seat == me:
                values += seat_totals(state.scores[seat], state.treasures_held[seat])
            else:
                values += _NO_TOTALS
        values += (
            state.bag_size,
            observed_turn(state.turn),
            state.actions_taken,
            int(state.short_draw),
            int(over),
        )
        one_hots = self._one_hots
        values += one_hots[(state.active - me) % n]
        decision = state.pending
        if over:
            values += _NONE[:n]
        elif decision is None:
            values += one_hots[(state.active - me) % n]
        else:
            values += one_hots[(decision.player - me) % n]
        values += [1 if s == NO_SQUARE else 0 for s in state.monuments]
        if decision is None:
            return values + list(self._no_decision)
        return values + decision_values(decision, n, me, self._decisions)

    def _write_variants(self, state: GameState, player: int, out: Any) -> None:
        """Each variant's segments, read from the player's view."""
        seen = view(state, player)
        observed: dict[int, Any] = {}
        for offset, length, variant, index in self._inserts:
            if variant.slot not in observed:
                observed[variant.slot] = variant.observe(seen, player)
            found = observed[variant.slot]
            values = found[index] if index < len(found) else ()
            if len(values) != length:
                raise ConfigError(
                    f"the observation segment of {variant.name!r} number {index} has "
                    f"{len(values)} values, not {length}"
                )
            out[offset : offset + length] = values


_TAIL = frozenset(
    {
        "bag_size",
        "turn",
        "actions_taken",
        "short_draw",
        "over",
        "active",
        "to_move",
        "monuments_available",
        "decision",
        "decision_player",
        "war_colors",
        "conflict_kind",
        "conflict_role",
        "conflict_color",
        "conflict_attacker",
        "conflict_defender",
        "conflict_bases",
        "attacker_commit_known",
        "attacker_commit",
    }
)
"""The base segments after the seats'."""


_PLANE_PARTS: Final = 6
"""The strings of bytes the planes are made of: the tiles', flipped tiles' and
catastrophes'; the treasures' and the river's; the leaders'; the monuments'; the marker's;
the placed tile's."""

_UNSEEN_TOTALS: Final = bytes(6)
"""Totals not seen: their flag, four scores and the treasures held."""

_NO_HAND: Final = (0, 0, 0, 0, 0)
"""A hand not seen: its flag and four counts."""

_NO_TOTALS: Final = (0, 0, 0, 0, 0, 0)
"""Totals not seen: their flag, four scores and the treasures held."""

_NONE: Final = (0, 0, 0, 0)
"""No seat of a game of up to four."""
