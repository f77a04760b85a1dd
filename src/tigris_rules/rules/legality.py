"""Which inputs are legal: the checks of CONV-17 and the legal-action generator.

Both are written from the same per-state facts (the targets of
:mod:`~tigris_rules.rules.targets`, computed once per state and cached), so that the list
and the checks agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import accumulate, product
from typing import TYPE_CHECKING, Any, Final, assert_never, cast, overload

from tigris_rules.errors import ConfigError, IllegalActionError, InvalidActionError
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
    StructureAction,
    SwapTiles,
    VariantAction,
    WithdrawLeader,
)
from tigris_rules.model.cells import BLUE, CATASTROPHE, EMPTY, FLIPPED, LEADER, RED
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import (
    CommitDecision,
    ConflictKind,
    Decision,
    Role,
    StructureDecision,
    TreasureDecision,
    VariantDecision,
    WarOrderDecision,
)
from tigris_rules.model.lazy_actions import LazyActions, Part, Table, same
from tigris_rules.model.squares import (
    NEIGHBOURS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    beside,
    square_index,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import Hooked, Rejection, Restriction, Variant
from tigris_rules.rules.regions import Regions, regions_of
from tigris_rules.rules.targets import Targets, targets_of
from tigris_rules.rules.wellformed import check_well_formed, note_prepared
from tigris_rules.rules.work import Position, Work

if TYPE_CHECKING:
    from tigris_rules.rules.ruleset import BoardRules

__all__ = [
    "LegalActions",
    "check_action",
    "check_rules",
    "legal_actions",
]


def _regions(state: Position) -> Regions:
    return state.regions() if isinstance(state, Work) else regions_of(state)


def _lifted(state: Position, base: Regions, origin: int) -> Regions:
    """The regions ``base`` with the leader on ``origin`` lifted (D7), kept for resolving the
    move."""
    lifted = base.without_square(origin, state.leaders)
    if isinstance(state, Work):
        state.lifted = (origin, base, lifted, True)
    else:
        state._cache.lifted = (origin, base, lifted, False)
    return lifted


# --- checks (CONV-17) -----------------------------------------------------------------------


def _illegal(rule: str, reason: str, lacking: tuple[int, str] | None = None) -> IllegalActionError:
    return IllegalActionError(rule, reason, lacking=lacking)


def check_action(state: Position, action: Action, player: object = None) -> None:
    """Raise the error of the first rule ``action`` breaks in ``state`` (CONV-17), or return.

    ``player``, when given, is the seat sending the input.
    """
    check_well_formed(action)
    check_rules(state, action, player)


def check_rules(state: Position, action: Action, player: object = None) -> None:
    """:func:`check_action` for an input already known to be well formed (CONV-19), such as
    one read from JSON, whose reader accepts only well-formed fields. A ``player`` that is
    no seat of the game is refused first, under TURN-1, naming the seats."""
    if player is not None:
        seats = state.config.players
        if type(player) is not int or not 0 <= player < seats:
            raise _illegal(
                "TURN-1",
                f"there is no seat {player!r} in this {seats}-player game "
                f"(the seats are 0 to {seats - 1})",
            )
    if state.over:
        raise _illegal("END-3", "the game is over; no action or answer is accepted")
    pending = state.pending
    if pending is not None:  # an action in progress takes only the answer it waits for (TURN-4)
        _check_answer(state, pending, action, player)
        return
    if player is not None and player != state.active:
        raise _illegal(
            "TURN-1", f"it is player {state.active}'s turn; player {player} may not act now"
        )
    check = _MAIN_CHECKS.get(type(action))
    if check is None:  # an answer, a variant's too, whether the game plays it or not (D26)
        raise _illegal(
            "TURN-3",
            f"no decision is pending; player {state.active} must choose an action or end turn",
        )
    check(state, action)
    ruleset: Any = state.ruleset  # a BoardRules, read without a call to typing.cast
    restricting = ruleset.hooks.restrict_main
    if restricting:
        _check_restrictions(state, action, restricting)


def _check_restrictions(state: Position, action: Action, restricting: Hooked) -> None:
    """The variants' restrictions of a main action, checked after the base rules of the
    action, which they never overtake (CONV-17, D26): a variant that forbids an input the
    base rules allow says so with its own rule."""
    for _, variant in restricting:
        if isinstance(action, variant.restricts):
            forbidden = variant.restrict_main(state, type(action))
            if not forbidden:
                continue
            if isinstance(forbidden, Rejection):
                raise _illegal(forbidden.rule, forbidden.reason)
            if not isinstance(action, _SQUARE_KINDS):
                raise _no_square(variant, type(action))
            rejection = forbidden.get(SQUARE_INDEX[action.square])
            if rejection is not None:
                raise _illegal(rejection.rule, rejection.reason)


_SQUARE_KINDS: Final = (PlaceLeader, PlaceTile, PlaceCatastrophe)
"""The main actions naming a square, which a restriction may forbid square by square."""


def _no_square(variant: Variant[Any], kind: type) -> ConfigError:
    return ConfigError(
        f"the {variant.name!r} variant forbids {kind.__name__} on some squares, "
        "but that action names no square: restrict_main must forbid all of it or none"
    )


def _describe(state: Position, decision: Decision) -> str:
    what = {
        WarOrderDecision: "choose the next war",
        CommitDecision: "commit support",
        StructureDecision: "build a monument or decline",
        TreasureDecision: "choose the treasure that stays",
    }.get(type(decision))
    if what is None:
        owner = _variant_of(state, decision)  # none for a variant the game does not play
        what = f"answer a {type(decision).__name__}" if owner is None else owner.describe(decision)
    return f"player {decision.player} must {what}"


def _check_answer(state: Position, decision: Decision, action: Action, player: object) -> None:
    """The checks of an answer to each kind of decision (TURN-4): the base decisions', or
    those of the variant asking it. An answer that is no answer to the decision pending is
    rejected under CONV-15."""
    if (player is not None and player != decision.player) or (
        isinstance(action, VariantAction)
        and not isinstance(action, cast("BoardRules", state.ruleset).variant_inputs)
    ):  # an answer of a variant the game does not play answers none of its decisions (D26)
        raise _not_awaited(state, decision)
    match decision:
        case WarOrderDecision():
            if isinstance(action, ChooseConflict):
                return _check_war_order(decision, action)
        case CommitDecision():
            if isinstance(action, CommitSupport):
                return _check_commit(state, decision, action)
        case StructureDecision():
            if isinstance(action, BuildMonument | StructureAction | Decline):
                return _check_structure(state, decision, action)
        case TreasureDecision():
            if isinstance(action, KeepTreasure):
                return _check_treasure(decision, action)
        case VariantDecision():
            owner = _variant_of(state, decision)
            if owner is not None:
                return owner.check_answer(state, decision, action)
        case _:
            assert_never(decision)
    raise _not_awaited(state, decision)


def _not_awaited(state: Position, decision: Decision) -> IllegalActionError:
    return _illegal("CONV-15", f"a decision is pending: {_describe(state, decision)}")


def _check_war_order(decision: WarOrderDecision, action: ChooseConflict) -> None:
    if action.color not in decision.colors:
        names = ", ".join(c.value for c in decision.colors)
        raise _illegal("WAR-4", f"no {action.color.value} war is pending (pending: {names})")


def _check_commit(state: Position, decision: CommitDecision, action: CommitSupport) -> None:
    held = state.hands[decision.player][decision.commit_color.index]
    if action.count > held:
        raise _illegal(
            _commit_rule(decision),
            f"player {decision.player} holds only {held} "
            f"{decision.commit_color.value} tile(s) and cannot commit {action.count}",
            (decision.player, decision.commit_color.value),
        )
    ruleset: Any = state.ruleset  # a BoardRules, read without a call to typing.cast
    for _, variant in ruleset.hooks.restrict_commit:
        rule = variant.restrict_commit(state, decision, action.count)
        if rule is not None:
            raise _illegal(rule, f"committing {action.count} is not allowed here")


def _check_structure(
    state: Position, decision: StructureDecision, action: BuildMonument | StructureAction | Decline
) -> None:
    """MON-4: a monument or a variant's structure the decision offers, or declining."""
    if isinstance(action, BuildMonument):
        if (action.monument, action.block) not in decision.monuments:
            raise _illegal(
                "MON-4",
                f"the {action.monument.value} monument cannot be built on the block at "
                f"{action.block} now",
            )
    elif isinstance(action, StructureAction) and action not in decision.structures:
        builder = next(v for v in state.ruleset.variants if isinstance(action, v.inputs))
        raise _illegal("MON-4", builder.not_offered(action))


def _check_treasure(decision: TreasureDecision, action: KeepTreasure) -> None:
    if action.square not in decision.candidates:
        raise _illegal(
            "TREAS-5",
            f"the treasure on {action.square} cannot be the one that stays "
            f"(choose among {', '.join(decision.candidates)})",
        )


def _variant_of(state: Position, decision: Decision) -> Variant[Any] | None:
    for variant in cast("BoardRules", state.ruleset).variants:
        if isinstance(decision, variant.decisions):
            return variant
    return None


def _commit_rule(decision: CommitDecision) -> str:
    if decision.conflict.kind is ConflictKind.REVOLT:
        return "REVOLT-4" if decision.role is Role.ATTACKER else "REVOLT-5"
    return "WAR-8" if decision.role is Role.ATTACKER else "WAR-9"


def _check_withdraw(state: Position, action: WithdrawLeader) -> None:
    if state.leaders[4 * state.active + action.color.index] == NO_SQUARE:
        raise _illegal("LEADER-4", f"your {action.color.leader_name} is not on the board")


def _check_swap(state: Position, action: SwapTiles) -> None:
    hand = state.hands[state.active]
    if action.total < 1:
        raise _illegal("SWAP-1", "a swap must name at least one tile")
    for color, (count, held) in zip(COLORS, zip(action.counts, hand, strict=True), strict=True):
        if count > held:
            raise _illegal(
                "SWAP-1",
                f"you hold {held} {color.value} tile(s), not {count}",
                (state.active, color.value),
            )


def _check_end_turn(state: Position, action: EndTurn) -> None:
    """Ending the turn early is always allowed (TURN-3)."""


def _check_leader(state: Position, action: PlaceLeader) -> None:
    """Where the leader may go. Nothing remembers where it stood earlier in the turn: a
    leader that left the board may come back, even to the same square (LEADER-10)."""
    target = SQUARE_INDEX[action.square]
    # The targets, when some caller already computed them (a legal-action list was built):
    # an input they hold passes its check at once; any other is checked rule by rule.
    known = None if isinstance(state, Work) else state._cache.targets
    if isinstance(known, Targets) and known.leader[action.color.index].holds(target):
        return
    cells = state.cells
    origin = state.leaders[4 * state.active + action.color.index]
    if target == origin:
        raise _illegal(
            "LEADER-3", f"your {action.color.leader_name} already stands on {action.square}"
        )
    if cells[target] != EMPTY:
        raise _illegal("LEADER-5", f"{action.square} is not empty")
    if state.layout.river[target]:
        raise _illegal("LEADER-6", f"{action.square} is a river square")
    if not beside(cells, target, RED):
        raise _illegal("LEADER-7", f"{action.square} is not adjacent to a temple")
    regions = _regions(state)
    if origin != NO_SQUARE:
        # Lifting the leader (D7) changes only its own region: it matters only beside it.
        label = regions.label
        home = label[origin]
        for n in NEIGHBOURS[target]:
            if label[n] == home:
                regions = _lifted(state, regions, origin)
                break
    if regions.count_kingdoms_adjacent(target) >= 2:
        raise _illegal("LEADER-8", f"{action.square} is adjacent to two kingdoms")


def _check_tile(state: Position, action: PlaceTile) -> None:
    color = action.color.index
    target = SQUARE_INDEX[action.square]
    # The targets, when some caller already computed them (a legal-action list was built):
    # an input they hold passes its check at once; any other is checked rule by rule.
    known = None if isinstance(state, Work) else state._cache.targets
    if (
        isinstance(known, Targets)
        and state.hands[state.active][color]
        and (known.river_tiles if color == BLUE else known.land_tiles).holds(target)
    ):
        return
    if state.hands[state.active][color] < 1:
        raise _illegal(
            "TILE-1", f"you hold no {action.color.value} tile", (state.active, action.color.value)
        )
    if state.cells[target] != EMPTY:
        raise _illegal("TILE-2", f"{action.square} is not empty")
    river = state.layout.river[target]
    if color == BLUE and not river:
        raise _illegal("TILE-3", f"a blue tile must go on a river square; {action.square} is land")
    if color != BLUE and river:
        raise _illegal(
            "TILE-4", f"a {action.color.value} tile may not go on the river square {action.square}"
        )
    if _regions(state).count_kingdoms_adjacent(target) >= 3:
        raise _illegal("TILE-5", f"{action.square} is adjacent to three or more kingdoms")


def _check_catastrophe(state: Position, action: PlaceCatastrophe) -> None:
    """CATA-1, CATA-3, CATA-4, CATA-5, CATA-6 in this order, before the variants' exclusions
    (CATA-7, CATA-8, D26): any square, land or river, but those excluded (CATA-2)."""
    target = square_index(action.square)
    # The targets, when some caller already computed them (a legal-action list was built):
    # an input they hold passes its check at once; any other is checked rule by rule.
    known = None if isinstance(state, Work) else state._cache.targets
    if (
        isinstance(known, Targets)
        and state.catastrophes[state.active]
        and known.catastrophe.holds(target)
    ):
        return
    cell = state.cells[target]
    where = action.square
    if state.catastrophes[state.active] < 1:
        raise _illegal("CATA-1", "you have no catastrophe left")
    if target in state.treasures:
        raise _illegal("CATA-3", f"{where} carries a treasure")
    if cell == LEADER:
        raise _illegal("CATA-4", f"{where} holds a leader")
    if cell == CATASTROPHE:
        raise _illegal("CATA-5", f"{where} already holds a catastrophe")
    if cell == FLIPPED:
        raise _illegal("CATA-6", f"{where} is part of a monument")
    if cell > EMPTY:  # a variant's structure: that variant names the rule (CATA-7)
        _check_restrictions(state, action, cast("BoardRules", state.ruleset).hooks.restrict_main)
        raise _illegal("CATA-2", f"{where} holds no tile")


_MAIN_CHECKS: Final[dict[type, Callable[[Position, Any], None]]] = {
    PlaceLeader: _check_leader,
    WithdrawLeader: _check_withdraw,
    PlaceTile: _check_tile,
    PlaceCatastrophe: _check_catastrophe,
    SwapTiles: _check_swap,
    EndTurn: _check_end_turn,
}
"""The checks of each choice of action (TURN-3)."""


# --- generation -----------------------------------------------------------------------------


class _Swaps(Sequence[SwapTiles]):
    """Every swap of a hand (SWAP-1: at least one tile), in the order of
    ``itertools.product`` over the counts per colour, without the empty swap; the i-th one
    computed directly, so that neither ``len`` nor indexing costs more than the hand's
    four colours. Two are equal when their hands are (they hold the same swaps)."""

    __slots__ = ("_hand", "_len")

    def __init__(self, hand: tuple[int, int, int, int]) -> None:
        self._hand = hand
        size = 1
        for count in hand:
            size *= count + 1
        self._len = size - 1

    def __len__(self) -> int:
        return self._len

    def __eq__(self, other: object) -> bool:
        if type(other) is not _Swaps:
            return NotImplemented
        return self._hand == other._hand

    def __hash__(self) -> int:
        return hash(self._hand)

    @overload
    def __getitem__(self, index: int) -> SwapTiles: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[SwapTiles]: ...

    def __getitem__(self, index: int | slice) -> SwapTiles | Sequence[SwapTiles]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("swap index out of range")
        rest = index + 1  # the empty swap comes first in the product
        counts = [0, 0, 0, 0]
        for color in (3, 2, 1, 0):  # the last colour varies fastest
            rest, counts[color] = divmod(rest, self._hand[color] + 1)
        return SwapTiles(*counts)

    def __iter__(self) -> Iterator[SwapTiles]:
        return iter(_every_swap(self._hand))


@lru_cache(maxsize=1024)
def _every_swap(hand: tuple[int, int, int, int]) -> tuple[SwapTiles, ...]:
    """The swaps of ``hand`` in order, made once per hand (a hand holds six tiles or fewer,
    so there are a few hundred hands)."""
    return tuple(
        SwapTiles(*counts)
        for counts in product(*(range(count + 1) for count in hand))
        if counts != (0, 0, 0, 0)
    )


class LegalActions(LazyActions[Action]):
    """Every legal input of a state, in a fixed order, built only when asked for.

    Supports ``len``, indexing, iteration and ``in``. The order of the choice of action is:
    leader placements and moves (by colour, then square), withdrawals, tiles (by colour, then
    square), catastrophes, swaps, end turn.
    """

    # No __slots__: see LazyActions.

    def __init__(self, state: GameState) -> None:
        self._state = state
        pending = state.pending
        if state.over:
            super().__init__([], [])
        elif pending is not None:
            answers = _answers(state, pending)
            super().__init__([(same, answers)], [len(answers)])
        else:  # LazyActions.__init__ with the sizes, inlined: the hot path
            parts, sizes = _main_parts(state)
            self._parts = parts
            ends = self._ends = list(accumulate(sizes))
            self._total = ends[-1]  # the parts of the choice of action are never none

    def _accepts(self, action: object) -> bool:
        try:
            check_action(self._state, action)  # type: ignore[arg-type]
        except (IllegalActionError, InvalidActionError):
            return False
        return True


_SWAPS: Final[dict[tuple[int, int, int, int], _Swaps]] = {}
"""The swaps of each hand met (a hand holds six tiles or a few more: a few hundred hands)."""
_KEPT_SWAPS: Final = 1024
"""Past this many hands, the swaps kept are forgotten."""


def _main_parts(state: GameState) -> tuple[list[Part[Action]], list[int]]:
    """The parts of the choice of action and their sizes, in order."""
    targets = state._cache.targets  # targets_of(state), inlined: the hot path
    if not isinstance(targets, Targets):
        targets = targets_of(state)
    player = state.active
    leader = targets.leader
    on_board = targets.on_board
    parts: list[Part[Action]] = [
        (_PLACE_LEADER[0], leader[0]),
        (_PLACE_LEADER[1], leader[1]),
        (_PLACE_LEADER[2], leader[2]),
        (_PLACE_LEADER[3], leader[3]),
        (_WITHDRAW, on_board),
    ]
    sizes = targets.leader_sizes.copy()
    sizes.append(len(on_board))
    hand = state.hands[player]
    for color in range(4):
        if hand[color]:
            if color == BLUE:
                parts.append((_PLACE_TILE[color], targets.river_tiles))
                sizes.append(targets.river_size)
            else:
                parts.append((_PLACE_TILE[color], targets.land_tiles))
                sizes.append(targets.land_size)
    if state.catastrophes[player]:
        parts.append((_place_catastrophe, targets.catastrophe))
        sizes.append(targets.catastrophe_size)
    swaps = _SWAPS.get(hand)
    if swaps is None:
        if len(_SWAPS) >= _KEPT_SWAPS:
            _SWAPS.clear()
        swaps = _SWAPS[hand] = _Swaps(hand)
    parts.append((same, swaps))
    sizes.append(swaps._len)
    parts.append(_END_TURN)
    sizes.append(1)
    ruleset: Any = state.ruleset  # a BoardRules, read without a call to typing.cast
    restricting = ruleset.hooks.restrict_main
    if restricting:
        for _, variant in restricting:
            _narrow(state, parts, variant)
        return parts, [len(items) for _, items in parts]
    return parts, sizes


def _narrow(state: GameState, parts: list[Part[Action]], variant: Variant[Any]) -> None:
    """Take out of ``parts`` the actions ``variant`` forbids (:meth:`Variant.restrict_main`,
    asked once per kind of action it restricts), as its check of an input would."""
    asked: dict[type, Restriction] = {}
    for index, (make, items) in enumerate(parts):
        kind = _KIND_OF_PART.get(make) or (SwapTiles if isinstance(items, _Swaps) else EndTurn)
        if not items or not issubclass(kind, variant.restricts):
            continue
        if kind in asked:
            forbidden = asked[kind]
        else:
            forbidden = asked[kind] = variant.restrict_main(state, kind)
        if not forbidden:
            continue
        if isinstance(forbidden, Rejection):
            parts[index] = (make, ())
        elif kind not in _SQUARE_KINDS:
            raise _no_square(variant, kind)
        elif not forbidden.keys().isdisjoint(items):  # the items are the squares
            parts[index] = (make, [s for s in items if s not in forbidden])


# Every action naming a square is made once, here: a legal-action list hands out these
# objects (equal by value to any other of the same fields, and frozen, so shared safely), and
# its factories are tables of them by square number.
_PLACE_LEADER: Final[tuple[Table[Action], ...]] = tuple(
    Table([PlaceLeader(color, name) for name in SQUARE_NAMES]) for color in COLORS
)
_PLACE_TILE: Final[tuple[Table[Action], ...]] = tuple(
    Table([PlaceTile(color, name) for name in SQUARE_NAMES]) for color in COLORS
)
_place_catastrophe: Final[Table[Action]] = Table([PlaceCatastrophe(name) for name in SQUARE_NAMES])
_WITHDRAW: Final[Table[Action]] = Table([WithdrawLeader(color) for color in COLORS])
_END_TURN_TABLE: Final[Table[Action]] = Table([EndTurn()])
_END_TURN: Final[Part[Action]] = (_END_TURN_TABLE, (0,))
note_prepared(
    action
    for table in (*_PLACE_LEADER, *_PLACE_TILE, _place_catastrophe, _WITHDRAW, _END_TURN_TABLE)
    for action in table.inputs
)
_KIND_OF_PART: Final[dict[Callable[[Any], Action], type[Action]]] = {
    **dict.fromkeys(_PLACE_LEADER, PlaceLeader),
    **dict.fromkeys(_PLACE_TILE, PlaceTile),
    _place_catastrophe: PlaceCatastrophe,
    _WITHDRAW: WithdrawLeader,
    _END_TURN[0]: EndTurn,
}
"""The kind of input each part's factory makes (the swaps and the end of turn share one)."""


_CHOOSE_CONFLICT: Final[tuple[Action, ...]] = tuple(ChooseConflict(c) for c in COLORS)
_COMMIT_SUPPORT: Final[tuple[Action, ...]] = tuple(CommitSupport(n) for n in range(16))
"""The commitments of up to 15 tiles, made once (a hand holds six tiles or a few more)."""
_DECLINE: Final[Action] = Decline()
note_prepared((*_CHOOSE_CONFLICT, *_COMMIT_SUPPORT, _DECLINE))


def _commit_support(count: int) -> Action:
    return _COMMIT_SUPPORT[count] if count < len(_COMMIT_SUPPORT) else CommitSupport(count)


def _answers(state: GameState, decision: Decision) -> list[Action]:
    match decision:
        case WarOrderDecision():
            return [_CHOOSE_CONFLICT[c.index] for c in decision.colors]
        case CommitDecision():
            held = state.hands[decision.player][decision.commit_color.index]
            ruleset: Any = state.ruleset  # a BoardRules, read without a call to typing.cast
            restricting = ruleset.hooks.restrict_commit
            if not restricting and held < len(_COMMIT_SUPPORT):
                return list(_COMMIT_SUPPORT[: held + 1])
            return [
                _commit_support(n)
                for n in range(held + 1)
                if all(v.restrict_commit(state, decision, n) is None for _, v in restricting)
            ]
        case StructureDecision():
            return [
                *(BuildMonument(m, b) for m, b in decision.monuments),
                *decision.structures,
                _DECLINE,
            ]
        case TreasureDecision():
            return [KeepTreasure(s) for s in decision.candidates]
        case VariantDecision():  # none when the game does not play the variant (CONV-15)
            variant = _variant_of(state, decision)
            return variant.answers(state, decision) if variant is not None else []
        case _:
            assert_never(decision)


def legal_actions(state: GameState) -> LegalActions:
    """Every legal action or answer of ``state`` for the player :func:`to_move` names,
    in a deterministic order; empty once the game is over."""
    return LegalActions(state)
