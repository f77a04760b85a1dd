"""Civilization buildings (BLD, V3): one building per colour on a line of 3 or more tiles."""

from __future__ import annotations

from tigris_rules.errors import IllegalActionError
from tigris_rules.model.actions import Action, Decline, PlaceBuilding
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import BuildingDecision, Decision
from tigris_rules.model.events import BuildingPlaced, ScoreCause
from tigris_rules.model.squares import COLUMNS, beside, square_index, square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import Resume, Variant
from tigris_rules.rules.work import Position, Work, replaced

__all__ = ["Buildings", "line_through"]

MIN_LINE = 3


def line_through(cells: list[int], square: int, step: int) -> list[int]:
    """The line (BLD-2) through ``square`` along a row (``step`` 1) or a column (``step``
    16): the maximal run of squares holding face-up tiles of the colour on ``square``."""
    color = cells[square]
    if color > 3:
        return [square]
    column = square % COLUMNS
    if step == 1:  # the run stays within the square's row
        first, last = square - column, square - column + COLUMNS - 1
    else:
        first, last = column, len(cells) - COLUMNS + column
    start = square
    while start - step >= first and cells[start - step] == color:
        start -= step
    end = square
    while end + step <= last and cells[end + step] == color:
        end += step
    return list(range(start, end + step, step))


def _current_line(cells: list[int], square: int) -> int:
    """BLD-5: the longer of the row and the column line through the building's tile."""
    return max(len(line_through(cells, square, 1)), len(line_through(cells, square, COLUMNS)))


class Buildings(Variant):
    """BLD-1..BLD-13."""

    name = "buildings"
    decisions = (BuildingDecision,)
    answers_types = (PlaceBuilding,)

    def keeps_in_war(self, w: Work, square: int) -> bool:
        """BLD-9: a building's tile is never removed by a war."""
        return square in w.buildings

    def on_placement_vp(self, w: Work, square: int, color: int, player: int) -> None:
        """BLD-11: +1 VP of the tile's colour when that colour's building is in the kingdom
        (judged as TILE-8 applies)."""
        building = w.buildings[color]
        if building == NO_SQUARE:
            return
        label = w.regions().label
        if label[building] == label[square]:
            w.score(player, color, 1, ScoreCause.BUILDING)

    def after_wars(self, w: Work) -> bool:
        """BLD-3..BLD-7: after the wars, a qualifying line through the tile just placed lets
        the active player place or move that colour's building (a decision, BLD-6)."""
        placed = w.placed
        cells = w.cells
        color = cells[placed]
        if color > 3 or not beside(cells, placed, color):
            return False  # a line of three needs a neighbour of the same colour
        lines = [
            line
            for line in (line_through(cells, placed, 1), line_through(cells, placed, COLUMNS))
            if len(line) >= MIN_LINE
        ]
        building = w.buildings[color]
        if building != NO_SQUARE:
            current = _current_line(cells, building)
            lines = [line for line in lines if len(line) > current]
        targets = sorted({s for line in lines for s in line})
        if not targets:
            return False
        w.pending = BuildingDecision(
            w.active, COLORS[color], tuple(square_name(s) for s in targets)
        )
        return True

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        if not isinstance(decision, BuildingDecision):
            return []
        return [*(PlaceBuilding(s) for s in decision.squares), Decline()]

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        if isinstance(decision, BuildingDecision) and isinstance(action, Decline):
            return
        if isinstance(decision, BuildingDecision) and isinstance(action, PlaceBuilding):
            if action.square not in decision.squares:
                raise IllegalActionError(
                    "BLD-6",
                    f"the {decision.color.value} building cannot go on {action.square} now "
                    f"(choose among {', '.join(decision.squares)} or decline)",
                )
            return
        raise IllegalActionError(
            "CONV-15",
            f"a decision is pending: player {decision.player} must place the civilization "
            "building or decline",
        )

    def resolve(self, w: Work, action: Action) -> Resume:
        """Place or move the building (BLD-4), or decline; then the structure decision."""
        if isinstance(action, PlaceBuilding):
            square = square_index(action.square)
            color = w.cells[square]
            origin = w.buildings[color]
            w.buildings = replaced(w.buildings, color, square)
            if w.record:
                w.events.append(
                    BuildingPlaced(
                        w.active,
                        COLORS[color],
                        action.square,
                        None if origin == NO_SQUARE else square_name(origin),
                    )
                )
        return Resume.AFTER_WARS
