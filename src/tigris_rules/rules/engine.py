"""``apply`` and ``step``: one input, checked, then resolved with all its consequences.

The order of consequences is the one TURN-5 (leader), TURN-6 (tile), TURN-7 (catastrophe),
TURN-8 (swap), TURN-10 (end of action) and TURN-11 (end of turn) give; each step names its
rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tigris_rules.model.actions import (
    Action,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    KeepTreasure,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    WithdrawLeader,
)
from tigris_rules.model.cells import BLACK, CATASTROPHE, EMPTY, LEADER
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import (
    CommitDecision,
    ConflictKind,
    StructureDecision,
    TreasureDecision,
)
from tigris_rules.model.events import (
    CatastrophePlaced,
    Event,
    LeaderMoved,
    LeaderPlaced,
    LeaderWithdrawn,
    ScoreCause,
    TileLeft,
    TilePlaced,
    TilesSwapped,
)
from tigris_rules.model.squares import SQUARE_INDEX, square_index, square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules import conflicts, monuments, treasures, turn
from tigris_rules.rules.hooks import Resume
from tigris_rules.rules.legality import check_action, check_rules
from tigris_rules.rules.temples import temple_loss
from tigris_rules.rules.wellformed import check_well_formed
from tigris_rules.rules.work import Work, added

__all__ = ["Replayer", "apply", "is_over", "step", "to_move"]


def to_move(state: GameState) -> int | None:
    """The seat that must give the next input, or ``None`` once the game is over."""
    if state.over:
        return None
    if state.pending is not None:
        return state.pending.player
    return state.active


def is_over(state: GameState) -> bool:
    """Whether the game has ended (END-3)."""
    return state.over


def apply(state: GameState, action: Action, player: object = None) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    ``player``, when given, is the seat sending the input, checked against :func:`to_move`
    (anything but that seat is refused, TURN-1 or CONV-15; it is typed ``object`` so that the
    compiled build refuses a wrong type the same way). Raises
    :class:`~tigris_rules.IllegalActionError` (with the rule ID) for an illegal input and
    :class:`~tigris_rules.InvalidActionError` for a malformed one.
    """
    check_well_formed(action)  # check_action, inlined: the hot path
    check_rules(state, action, player)
    w = Work(state)
    _RESOLVERS.get(type(action), _resolve_variant_answer)(w, action)
    return w.freeze()


def step(
    state: GameState, action: Action, player: object = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, and also the events the input caused, in order."""
    check_action(state, action, player)
    w = Work(state, record=True)
    _resolve(w, action)
    return w.freeze(), tuple(w.events)


class Replayer:
    """Inputs applied one after another to one working copy of a state: the position a chain
    of :func:`apply` calls reaches, without building every state on the way (for replaying a
    whole log). The starting state is never changed."""

    __slots__ = ("_well_formed", "_work")

    def __init__(self, state: GameState, *, well_formed: bool = False) -> None:
        self._work = Work(state)
        self._well_formed = well_formed
        """Whether every input is known to be well formed (CONV-19), as an action read from
        JSON is: its check is then skipped."""

    def apply(self, action: Action, player: object = None) -> None:
        """Check ``action`` as :func:`apply` does and resolve it; an illegal or malformed
        input raises the same error and changes nothing."""
        w = self._work
        w.lifted = None
        if not self._well_formed:
            check_well_formed(action)
        check_rules(w, action, player)
        _RESOLVERS.get(type(action), _resolve_variant_answer)(w, action)

    @property
    def state(self) -> GameState:
        """The position reached so far."""
        return self._work.freeze()


def _resolve(w: Work, action: Action) -> None:
    _RESOLVERS.get(type(action), _resolve_variant_answer)(w, action)


def _choose_conflict(w: Work, action: ChooseConflict) -> None:
    w.pending = None
    conflicts.start_war(w, action.color.index)


def _commit(w: Work, action: CommitSupport) -> None:
    decision = w.pending
    if isinstance(decision, CommitDecision):
        kind = conflicts.commit(w, decision, action.count)
        if kind is ConflictKind.REVOLT:
            turn.end_of_action(w)
        elif kind is ConflictKind.WAR:
            _after_placement(w)


def _build_monument(w: Work, action: BuildMonument) -> None:
    w.pending = None
    monuments.build_monument(w, action.monument, square_index(action.block))
    turn.end_of_action(w)


def _decline(w: Work, action: Decline) -> None:
    if isinstance(w.pending, StructureDecision):
        w.pending = None
        turn.end_of_action(w)
    else:
        _resolve_variant_answer(w, action)


def _keep_treasure(w: Work, action: KeepTreasure) -> None:
    decision = w.pending
    if isinstance(decision, TreasureDecision):
        w.pending = None
        found = [square_index(s) for s in decision.treasures]
        treasures.take_all_but(w, decision.player, found, square_index(action.square))
        turn.end_of_action(w)


def _end_turn(w: Work, action: EndTurn) -> None:
    turn.end_turn(w)


def _resolve_variant_answer(w: Work, action: Action) -> None:
    """An answer a variant owns: the variant resolves it and says where the flow goes on."""
    pending = w.pending
    for number, variant in enumerate(w.ruleset.variants):
        if isinstance(pending, variant.decisions) or isinstance(action, variant.inputs):
            w.pending = None
            resume = variant.resolve(w, action)
            if resume is Resume.AFTER_WARS:
                _continue_after_wars(w, number + 1)
            elif resume is Resume.END_OF_ACTION:
                turn.end_of_action(w)
            else:
                turn.continue_incomes(w, number + 1)
            return


def _leader(w: Work, action: PlaceLeader) -> None:
    """TURN-5: place or move (lift, then place), then a revolt if REVOLT-1 applies. Placing
    or moving scores nothing (LEADER-9)."""
    player = w.active
    flat = 4 * player + action.color.index
    target = SQUARE_INDEX[action.square]
    origin = w.leaders[flat]
    if origin != NO_SQUARE:
        w.cells[origin] = EMPTY
        w.leaders[flat] = NO_SQUARE
        w.vacate(origin)
        if w.record:
            w.events.append(LeaderMoved(player, action.color, square_name(origin), action.square))
    elif w.record:
        w.events.append(LeaderPlaced(player, action.color, action.square))
    w.cells[target] = LEADER
    w.leaders[flat] = target
    w.occupy(target, flat)
    defender = conflicts.revolt_defender(w, flat)
    if defender >= 0:
        conflicts.start_revolt(w, flat, defender)
        return
    turn.end_of_action(w)


def _withdraw(w: Work, action: WithdrawLeader) -> None:
    """LEADER-4: back to supply, with no other effect. With temple loss (LEADER-11) and a lost
    conflict (REVOLT-8, WAR-12), the only ways a leader leaves the board (LEADER-12)."""
    flat = 4 * w.active + action.color.index
    square = w.leaders[flat]
    w.cells[square] = EMPTY
    w.leaders[flat] = NO_SQUARE
    w.vacate(square)
    if w.record:
        w.events.append(LeaderWithdrawn(w.active, action.color, square_name(square)))
    turn.end_of_action(w)


def _tile(w: Work, action: PlaceTile) -> None:
    """TURN-6 steps (2) and (3): the tile, then placement VP or unification."""
    player = w.active
    color = action.color.index
    target = SQUARE_INDEX[action.square]
    kingdoms = w.regions().count_kingdoms_adjacent(target)  # TILE-7, before placement
    w.change_hand(player, color, -1)
    w.cells[target] = color  # it never moves (TILE-6)
    w.placed = target
    w.occupy(target)
    if w.record:
        w.events.append(TilePlaced(player, action.color, action.square, unification=kingdoms == 2))
    if kingdoms == 1:
        _placement_vp(w, target, color)  # at once, before any other consequence (TILE-9)
    elif kingdoms == 2:  # a unification tile scores nothing, now or later (TILE-10)
        w.marker = target  # WAR-1
        if conflicts.continue_wars(w):
            return
    _after_placement(w)


def _placement_vp(w: Work, square: int, color: int) -> None:
    """TILE-8: the leader of the tile's colour in the kingdom scores, or else the king."""
    regions = w.regions()
    scorer = -1
    for flat in regions.leaders[regions.label[square]]:
        if flat % 4 == color:
            scorer = flat
            break
        if flat % 4 == BLACK and scorer < 0:
            scorer = flat  # the king, unless the leader of the colour is found
    if scorer >= 0:
        w.score(scorer // 4, color, 1, ScoreCause.PLACEMENT)
        for _, variant in w.hooks.on_placement_vp:
            variant.on_placement_vp(w, square, color, scorer // 4)


def _after_placement(w: Work) -> None:
    """TURN-6 from the wars on: remaining wars, then the structure opportunity, then the end
    of action."""
    if w.marker != NO_SQUARE and conflicts.continue_wars(w):
        return
    _continue_after_wars(w, 0)


def _continue_after_wars(w: Work, start: int) -> None:
    """TURN-6 step (4): the variants' opportunities from number ``start`` on, in canonical
    order (one may stop for a decision and resume here with the next), then step (5)."""
    for number, variant in w.hooks.after_wars:
        if number >= start and variant.after_wars(w):
            return
    if not monuments.offer_structure(w):  # TURN-6 step (5), then the end of action
        turn.end_of_action(w)


def _catastrophe(w: Work, action: PlaceCatastrophe) -> None:
    """TURN-7: the catastrophe destroys the tile under it (CATA-9), then temple loss. It
    scores nothing, starts no conflict and opens no opportunity (CATA-10)."""
    player = w.active
    target = square_index(action.square)
    cell = w.cells[target]
    destroyed = COLORS[cell] if cell < 4 else None
    w.cells[target] = CATASTROPHE
    if destroyed is not None:
        w.tiles_out(cell, 1)
        w.vacate(target)
    w.catastrophes = added(w.catastrophes, player, -1)
    if w.record:
        w.events.append(CatastrophePlaced(player, action.square, destroyed))
    temple_loss(w)
    turn.end_of_action(w)


def _swap(w: Work, action: SwapTiles) -> None:
    """TURN-8: the named tiles leave the game (SWAP-2), then as many are drawn (SWAP-3)."""
    player = w.active
    for color, count in enumerate(action.counts):
        if count:
            w.change_hand(player, color, -count)
            w.tiles_out(color, count)
            if w.record:
                w.events.append(TileLeft(player, COLORS[color], count))
    if w.record:
        w.events.append(TilesSwapped(player, action.total))
    turn.draw(w, player, action.total)
    turn.end_of_action(w)


_RESOLVERS: Final[dict[type, Callable[[Work, Any], None]]] = {
    PlaceLeader: _leader,
    WithdrawLeader: _withdraw,
    PlaceTile: _tile,
    PlaceCatastrophe: _catastrophe,
    SwapTiles: _swap,
    EndTurn: _end_turn,
    ChooseConflict: _choose_conflict,
    CommitSupport: _commit,
    BuildMonument: _build_monument,
    Decline: _decline,
    KeepTreasure: _keep_treasure,
}
"""How each input of the base game is resolved; any other is a variant's answer."""
