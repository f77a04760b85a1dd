"""A toy variant, "marker": each player has one secret marker to put on the board
(rules MARK-1 to MARK-3).

It keeps its own data (the square of each player's marker), asks its own decision, reads its
own answer, tells its own event, and hides the other players' markers in a player's view.

- MARK-1: each player has one marker, in his supply at the start; once on the board it
  never moves, and two markers never share a square.
- MARK-2: after the wars of a tile action, a player whose marker is in his supply may put it
  on an empty square next to the tile just placed, with no marker on it, or decline (and be
  asked again after his next tile action).
- MARK-3: where a marker stands is its owner's secret until the end of the game; that it
  stands is public.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from tigris_rules.errors import FormatError, IllegalActionError
from tigris_rules.model.actions import Action, Decline, VariantAction
from tigris_rules.model.cells import EMPTY
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision, VariantDecision
from tigris_rules.model.events import VariantEvent
from tigris_rules.model.notation_words import NotationVerb, square_verb
from tigris_rules.model.squares import (
    NEIGHBOURS,
    SQUARE_COUNT,
    SQUARE_NAMES,
    is_square_name,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import AddProblem, Resume, Variant
from tigris_rules.rules.work import Position, Work, replaced

__all__ = ["HIDDEN", "Marker", "MarkerDecision", "MarkerPlaced", "Markers", "PlaceMarker"]

HIDDEN = -2
"""In a player's view, the square of another player's marker that stands on the board."""


@attrs.frozen
class Markers:
    """The variant's area of the state: the square of each player's marker, by seat,
    ``NO_SQUARE`` while it is in his supply (MARK-1)."""

    squares: tuple[int, ...]


@attrs.frozen
class PlaceMarker(VariantAction):
    """Answer to the marker decision: put the marker on ``square`` (MARK-2)."""

    square: str


@attrs.frozen
class MarkerDecision(VariantDecision):
    """The active player may put his marker on one of ``squares``, or decline (MARK-2)."""

    squares: tuple[str, ...]


@attrs.frozen
class MarkerPlaced(VariantEvent):
    """``player`` put his marker on the board (MARK-2); where is his secret (MARK-3)."""

    player: int


class Marker(Variant[Markers]):
    """The secret markers: MARK-1 to MARK-3."""

    name = "marker"
    inputs = (PlaceMarker,)
    rule_texts: ClassVar[Mapping[str, str]] = {
        "MARK-1": "Each player has one marker, in his supply at the start; once on the board "
        "it never moves, and two markers never share a square.",
        "MARK-2": "After the wars of a tile action, a player whose marker is in his supply may "
        "put it on an empty square next to the tile just placed, with no marker on it, or "
        "decline (and be asked again after his next tile action).",
        "MARK-3": "Where a marker stands is its owner's secret until the end of the game; "
        "that it stands is public.",
    }
    decisions = (MarkerDecision,)
    events = (MarkerPlaced,)

    # --- its data -------------------------------------------------------------------------

    def new_area(self, config: GameConfig) -> Markers:
        """MARK-1: every marker starts in its owner's supply."""
        return Markers((NO_SQUARE,) * config.players)

    def area_to_json(self, area: Markers) -> list[str | None]:
        """The square of each player's marker, ``null`` while in his supply."""
        return [_square_json(square) for square in area.squares]

    def area_from_json(self, data: Any, config: GameConfig) -> Markers:
        return Markers(_squares_from_json(data, config, hidden=False))

    def view_area(self, state: GameState, viewer: int | None) -> Markers:
        """MARK-3: until the game is over, only the viewer's own marker shows where it
        stands; another player's marker on the board shows as ``HIDDEN``."""
        squares = self.area(state).squares
        if state.over:
            return Markers(squares)
        return Markers(
            tuple(
                square if seat == viewer or square == NO_SQUARE else HIDDEN
                for seat, square in enumerate(squares)
            )
        )

    def view_area_to_json(self, seen: Markers) -> list[str | None]:
        """As the area, with ``"hidden"`` for a marker whose square the viewer may not see."""
        return [_square_json(square) for square in seen.squares]

    def view_area_from_json(self, data: Any, config: GameConfig) -> Markers:
        return Markers(_squares_from_json(data, config, hidden=True))

    def state_problems(self, state: GameState, add: AddProblem) -> None:
        """MARK-1: one marker per player, on a square of the board, never two on one square;
        MARK-2: the marker decision is the active player's, while his marker is in his
        supply, and offers empty squares without a marker next to the tile just placed."""
        path = f"$.areas.{self.name}"
        area = self.area(state)
        if not isinstance(area, Markers) or len(area.squares) != state.config.players:
            add("marker", path, "expected the square of each player's marker", "MARK-1")
            return
        placed = [s for s in area.squares if s != NO_SQUARE]
        for seat, square in enumerate(area.squares):
            if square != NO_SQUARE and not 0 <= square < SQUARE_COUNT:
                add("marker", f"{path}[{seat}]", "the marker is not on the board", "MARK-1")
                return
        if len(placed) != len(set(placed)):
            add("marker", path, "two markers share a square", "MARK-1")
        pending = state.pending
        if isinstance(pending, MarkerDecision):
            if pending.player != state.active:
                add("decision-seat", "$.pending.player", "the decision is the active player's")
            elif area.squares[pending.player] != NO_SQUARE:
                add("marker", "$.pending", "the player's marker is already placed", "MARK-2")
            if not pending.squares or set(pending.squares) - set(self._targets(state)):
                add("decision", "$.pending.squares", "not the free squares by the tile", "MARK-2")

    def transition_problems(self, before: GameState, after: GameState) -> list[str]:
        """MARK-1: a marker on the board never moves nor leaves it."""
        old, new = self.area(before).squares, self.area(after).squares
        return [
            f"player {seat}'s marker moved"
            for seat, (square, now) in enumerate(zip(old, new, strict=True))
            if square != NO_SQUARE and now != square
        ]

    # --- the decision -------------------------------------------------------------------------

    def after_wars(self, w: Work) -> bool:
        """MARK-2: offer the active player the free squares next to the tile just placed,
        while his marker is in his supply."""
        if self.area(w).squares[w.active] != NO_SQUARE:
            return False
        targets = self._targets(w)
        if not targets:
            return False
        w.pending = MarkerDecision(w.active, targets)
        return True

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        if not isinstance(decision, MarkerDecision):
            return []
        return [*(PlaceMarker(square) for square in decision.squares), Decline()]

    def describe(self, decision: Decision) -> str:
        return "place the marker or decline"

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        if isinstance(decision, MarkerDecision) and isinstance(action, Decline):
            return
        if isinstance(decision, MarkerDecision) and isinstance(action, PlaceMarker):
            if action.square not in decision.squares:
                raise IllegalActionError(
                    "MARK-2",
                    f"the marker cannot go on {action.square} "
                    f"(choose among {', '.join(decision.squares)} or decline)",
                )
            return
        raise IllegalActionError(
            "CONV-15",
            f"a decision is pending: player {decision.player} must {self.describe(decision)}",
        )

    def resolve(self, w: Work, action: Action) -> Resume:
        """MARK-2: put the marker on the square named (nothing on a decline); then the next
        variants' opportunities and the structure step."""
        if isinstance(action, PlaceMarker):
            squares = replaced(self.area(w).squares, w.active, square_index(action.square))
            self.set_area(w, Markers(squares))
            if w.record:
                w.events.append(MarkerPlaced(w.active))
        return Resume.AFTER_WARS

    # --- its event in words (the facet VariantEventText of tigris_rules.render) -------------

    def describe_event(self, event: VariantEvent) -> str | None:
        """MARK-3: that the marker stands is told, not where."""
        if isinstance(event, MarkerPlaced):
            return f"seat {event.player} puts his marker on the board"
        return None

    # --- its notation, its inputs in the action encoding, its secrets in samples -------------

    @classmethod
    def notation_verbs(cls) -> tuple[NotationVerb, ...]:
        """``marker f4``: put the marker on f4 (MARK-2)."""
        return (square_verb("marker", PlaceMarker, "marker f4"),)

    @classmethod
    def format_notation(cls, action: VariantAction) -> str | None:
        return f"marker {action.square}" if isinstance(action, PlaceMarker) else None

    @classmethod
    def encoded_inputs(cls, config: GameConfig) -> tuple[VariantAction, ...]:
        """A marker on every square, in square order."""
        return tuple(PlaceMarker(name) for name in SQUARE_NAMES)

    def sample_area(self, state: GameState, player: int, rng: random.Random) -> Markers:
        """MARK-3: the squares of the other players' markers on the board, which ``player``
        cannot see, drawn again among the squares that no marker he sees stands on and that
        a pending marker decision does not offer (MARK-2: it offers only squares without a
        marker, so they hold none)."""
        squares = list(self.area(state).squares)
        if state.over:
            return Markers(tuple(squares))
        hidden = [seat for seat, s in enumerate(squares) if seat != player and s != NO_SQUARE]
        seen = {s for seat, s in enumerate(squares) if seat not in hidden}
        if isinstance(state.pending, MarkerDecision):
            seen.update(square_index(name) for name in state.pending.squares)
        free = [s for s in range(SQUARE_COUNT) if s not in seen]
        for seat, square in zip(hidden, rng.sample(free, len(hidden)), strict=True):
            squares[seat] = square
        return Markers(tuple(squares))

    def _targets(self, state: Position) -> tuple[str, ...]:
        """MARK-2: the empty squares next to the tile just placed, without a marker."""
        if state.placed == NO_SQUARE:
            return ()
        taken = self.area(state).squares
        return tuple(
            square_name(s)
            for s in sorted(NEIGHBOURS[state.placed])
            if state.cells[s] == EMPTY and s not in taken
        )


def _square_json(square: int) -> str | None:
    if square == NO_SQUARE:
        return None
    return "hidden" if square == HIDDEN else square_name(square)


def _squares_from_json(data: Any, config: GameConfig, *, hidden: bool) -> tuple[int, ...]:
    """The squares of :class:`Markers` read from a list with a square name or ``null`` per
    player (and ``"hidden"`` in a view)."""
    if not isinstance(data, list) or len(data) != config.players:
        raise FormatError("$", f"expected a list of {config.players} squares or nulls")
    squares = []
    for seat, value in enumerate(data):
        if value is None:
            squares.append(NO_SQUARE)
        elif hidden and value == "hidden":
            squares.append(HIDDEN)
        elif is_square_name(value):
            squares.append(square_index(value))
        else:
            raise FormatError(f"$[{seat}]", f"expected a square a1..p11 or null, got {value!r:.40}")
    return tuple(squares)
