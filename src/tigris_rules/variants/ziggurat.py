"""The ziggurat (ZIG, V4): a cross of five tiles turned into an indestructible structure."""

from __future__ import annotations

from tigris_rules.errors import IllegalActionError
from tigris_rules.model.actions import Action, BuildZiggurat, ChooseColor
from tigris_rules.model.cells import ZIGGURAT
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import Decision, ZigguratIncomeDecision
from tigris_rules.model.events import ScoreCause, ZigguratBuilt
from tigris_rules.model.squares import NEIGHBOURS, beside, square_index, square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import Resume, Variant
from tigris_rules.rules.monuments import return_building
from tigris_rules.rules.temples import temple_loss
from tigris_rules.rules.work import Position, Work

__all__ = ["Ziggurat", "cross_squares"]


def cross_squares(centre: int) -> tuple[int, ...]:
    """The centre and its four adjacent squares (ZIG-2)."""
    return (centre, *NEIGHBOURS[centre])


def _is_cross(cells: list[int], centre: int, color: int) -> bool:
    neighbours = NEIGHBOURS[centre]
    if len(neighbours) != 4 or cells[centre] != color:
        return False
    a, b, c, d = neighbours
    return cells[a] == color and cells[b] == color and cells[c] == color and cells[d] == color


class Ziggurat(Variant):
    """ZIG-1..ZIG-8."""

    name = "ziggurat"
    decisions = (ZigguratIncomeDecision,)
    answers_types = (BuildZiggurat, ChooseColor)

    def structure_crosses(self, w: Work) -> tuple[str, ...]:
        """ZIG-3: while unbuilt, every cross containing the tile just placed."""
        if w.ziggurat != NO_SQUARE:
            return ()
        placed = w.placed
        cells = w.cells
        color = cells[placed]
        if color > 3 or not beside(cells, placed, color):
            return ()  # a cross holding the tile needs a neighbour of the same colour
        centres = sorted([c for c in (placed, *NEIGHBOURS[placed]) if _is_cross(cells, c, color)])
        return tuple(square_name(c) for c in centres)

    def resolve(self, w: Work, action: Action) -> Resume:
        if isinstance(action, ChooseColor):
            w.score(w.active, action.color.index, 1, ScoreCause.ZIGGURAT)  # ZIG-8
            return Resume.INCOME
        if isinstance(action, BuildZiggurat):
            self._build(w, square_index(action.square))
        return Resume.END_OF_ACTION

    def _build(self, w: Work, centre: int) -> None:
        """ZIG-4: the five tiles leave the game and become ziggurat squares; treasures stay,
        buildings return to the supply; then temple loss (ZIG-6)."""
        color = w.cells[centre]
        for s in cross_squares(centre):
            w.cells[s] = ZIGGURAT
            if s in w.buildings:
                return_building(w, w.buildings.index(s))
        w.tiles_out(color, 5)
        w.ziggurat = centre  # ziggurat squares stay occupied: regions unchanged
        if w.record:
            w.events.append(ZigguratBuilt(w.active, square_name(centre)))
        temple_loss(w)

    def turn_income(self, w: Work) -> bool:
        """ZIG-8: the active player's king in the ziggurat's kingdom earns 1 VP of a colour
        he names."""
        if w.ziggurat == NO_SQUARE:
            return False
        king = w.leaders[4 * w.active]
        label = w.regions().label
        if king == NO_SQUARE or label[king] != label[w.ziggurat]:
            return False
        w.pending = ZigguratIncomeDecision(w.active)
        return True

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        return [ChooseColor(c) for c in COLORS]

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        if not isinstance(action, ChooseColor):
            raise IllegalActionError(
                "CONV-15",
                f"a decision is pending: player {decision.player} must choose the colour of "
                "the ziggurat VP",
            )
