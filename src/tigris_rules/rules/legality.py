"""Which inputs are legal: the checks of CONV-17 and the legal-action generator.

Both are written from the same per-state facts (targets computed once per state and
cached), so that the list and the checks agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import product
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
from tigris_rules.model.board import board_layout
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
from tigris_rules.model.lazy_actions import LazyActions, Part, Table
from tigris_rules.model.squares import (
    NEIGHBOURS,
    SQUARE_INDEX,
    SQUARE_NAMES,
    beside,
    square_index,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.hooks import Hooked, Rejection, Restriction, Variant
from tigris_rules.rules.regions import RegionFacts, Regions, regions_of
from tigris_rules.rules.square_sets import (
    ALL,
    Squares,
    beside_set,
    cell_codes,
    codes_in,
    square_set,
)
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


# --- per-state facts ------------------------------------------------------------------------


class _Targets:
    """Legal squares for the choice of action, computed once per state.

    Computed on sets of squares (:mod:`~tigris_rules.rules.square_sets`): the board's empty
    squares, temples and the like by one translation of the cells, the squares beside each
    kingdom kept with its region (:class:`~tigris_rules.rules.regions.RegionFacts`), and
    counted by bit-sliced sums (``one``, ``two``, ``three``: beside at least one, two, three
    kingdoms), so that the work per state grows with the number of kingdoms, not squares.
    """

    __slots__ = (
        "catastrophe",
        "catastrophe_size",
        "land_size",
        "land_tiles",
        "leader",
        "leader_sizes",
        "on_board",
        "river_size",
        "river_tiles",
    )

    def __init__(self, state: GameState) -> None:
        # One translation of the cells gives three sets, a bit of each byte for each:
        # the empty squares, the temples and the squares a catastrophe may take.
        kinds = codes_in(cell_codes(state.cells), _TARGET_KINDS)
        regions = regions_of(state)
        empty = kinds & ALL
        one = two = three = 0
        facts = regions.facts
        label = regions.label
        kingdoms: dict[int, RegionFacts] = {}  # the facts of each region holding a leader
        for square in state.leaders:
            if square != NO_SQUARE:
                r = label[square]
                if r not in kingdoms:
                    kingdom = kingdoms[r] = facts(r)
                    beside = kingdom.beside & empty
                    three |= two & beside
                    two |= one & beside
                    one |= beside
        land_set, river_set = _land_and_river(state.config.board)
        if three:  # TILE-5 (``a ^ (a & b)`` is ``a & ~b`` without a negative number)
            empty ^= empty & three
        land = empty & land_set
        river = empty & river_set
        self.land_tiles = Squares(land)
        self.land_size = self.land_tiles.size
        self.river_tiles = Squares(river)
        self.river_size = self.river_tiles.size
        catastrophe = (kinds >> 2) & ALL
        if state.treasures:
            catastrophe ^= catastrophe & _treasure_set(state.treasures)
        self.catastrophe = Squares(catastrophe)
        self.catastrophe_size = self.catastrophe.size
        self.leader_sizes: list[int] = []
        """The number of squares of each colour's leader (the sizes of the parts)."""
        self.on_board: list[int] = []
        """The colours of the active player's leaders on the board."""
        self.leader = _leader_targets(
            state,
            regions,
            kingdoms,
            land & _near_temples((kinds >> 1) & ALL),
            two,
            self.leader_sizes,
            self.on_board,
        )


_TARGET_KINDS: Final = bytes(
    (code == EMPTY) | (code == RED) << 1 | (code <= EMPTY) << 2 if code < 255 else 0
    for code in range(256)
)
"""The translation of a cell code to bit 0 when empty, bit 1 when a temple, bit 2 when a
catastrophe may go there (an empty square or a face-up tile, CATA-2)."""


@lru_cache(maxsize=1)
def _near_temples(temples: int) -> int:
    """The squares beside the set ``temples``, kept for the next state (whose temples are
    most often the same)."""
    return beside_set(temples)


@lru_cache(maxsize=64)
def _treasure_set(treasures: frozenset[int]) -> int:
    """The set of the squares ``treasures``, kept for the next states of the game (which
    hold the same treasures until one is taken)."""
    return square_set(treasures)


@cache
def _land_and_river(board: str) -> tuple[int, int]:
    layout = board_layout(board)
    return square_set(layout.land_squares), square_set(layout.river_squares)


def _leader_targets(
    state: GameState,
    regions: Regions,
    kingdoms: dict[int, RegionFacts],
    near_temple: int,
    two: int,
    sizes: list[int],
    on_board: list[int],
) -> list[Squares]:
    """The squares each colour's leader of the active player may go to: empty land squares
    (LEADER-5, LEADER-6, TILE-5) beside a temple (LEADER-7): ``near_temple``; beside at most
    one kingdom (LEADER-8: not in ``two``, the squares beside two kingdoms), judged with a
    leader on the board lifted (D7). ``kingdoms`` holds the facts of each kingdom by region.
    Their numbers are appended to ``sizes``, the colours of the leaders on the board to
    ``on_board``.

    A leader moved from its square (its origin) is judged with it lifted (D7). Lifting only
    changes the leader's own region (its home): it may split into pieces, and a piece
    without another leader becomes a territory. Every other kingdom is unchanged, so a
    square that is not beside the home keeps its verdict for a leader from the supply
    (``from_supply``: beside at most one kingdom). Only the squares beside the home
    (``near``) are judged again: a square beside the home alone is left beside at most the
    pieces of it that keep a leader, a square beside the home and another kingdom (in
    ``two``) beside that kingdom and those pieces. The pieces depend only on the home's
    shape and are kept with it (the home's
    :class:`~tigris_rules.rules.regions.RegionFacts`).
    """
    from_supply = near_temple ^ (near_temple & two)  # near_temple & ~two, made faster
    supply_list = Squares(from_supply)
    supply_size = supply_list.size
    leader: list[Squares] = []
    leaders = state.leaders
    label = regions.label
    first = 4 * state.active
    for flat in range(first, first + 4):
        origin = leaders[flat]
        if origin == NO_SQUARE:
            leader.append(supply_list)
            sizes.append(supply_size)
            continue
        on_board.append(flat - first)
        home = label[origin]
        facts = kingdoms[home]
        near = facts.beside & near_temple
        moved = from_supply
        if near:
            in_home = regions.leaders[home]
            if len(in_home) == 1:  # the home becomes a territory
                moved |= near & two
            else:
                pieces = facts.pieces_without(label, home, origin)
                if not pieces:
                    # The rest of the home stays one kingdom: only a square beside the home
                    # through the origin alone, and beside another kingdom, becomes legal.
                    moved |= near & two & facts.beside_alone(origin)
                else:
                    moved = _split_home(state, pieces, in_home, from_supply, near, two)
        if moved == from_supply:
            leader.append(supply_list)
            sizes.append(supply_size)
        else:
            squares = Squares(moved)
            leader.append(squares)
            sizes.append(squares.size)
    return leader


def _split_home(
    state: GameState,
    pieces: list[tuple[int, int]],
    in_home: list[int],
    from_supply: int,
    near: int,
    two: int,
) -> int:
    """The squares of a leader lifted from a home that falls into ``pieces`` (each its
    squares and the squares beside it): see :func:`_leader_targets`."""
    held = square_set([state.leaders[flat] for flat in in_home])
    kept = kept_twice = 0  # beside one, two pieces of the home keeping a leader
    for squares, around in pieces:
        if squares & held:
            kept_twice |= kept & around
            kept |= around
    added = near & two
    added ^= added & kept  # near & two & ~kept
    removed = near & kept_twice
    removed ^= removed & two  # near & ~two & kept_twice
    if removed:
        from_supply ^= from_supply & removed
    return from_supply | added


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


def _targets(state: GameState) -> _Targets:
    cache = state._cache
    targets = cache.targets
    if not isinstance(targets, _Targets):
        targets = _Targets(state)
        cache.targets = targets
    return targets


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
    if isinstance(known, _Targets) and known.leader[action.color.index].holds(target):
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
        isinstance(known, _Targets)
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
        isinstance(known, _Targets)
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


def _identity(action: Action) -> Action:
    return action


class LegalActions(LazyActions[Action]):
    """Every legal input of a state, in a fixed order, built only when asked for.

    Supports ``len``, indexing, iteration and ``in``. The order of the choice of action is:
    leader placements and moves (by colour, then square), withdrawals, tiles (by colour, then
    square), catastrophes, swaps, end turn.
    """

    # No __slots__: see LazyActions.

    def __init__(self, state: GameState) -> None:
        self._state = state
        parts: list[Part[Action]] = []
        sizes: list[int] = []
        if state.over:
            pass
        elif state.pending is not None:
            answers = _answers(state, state.pending)
            parts.append((_identity, answers))
            sizes.append(len(answers))
        else:
            parts, sizes = _main_parts(state)
        super().__init__(parts, sizes)

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
    targets = _targets(state)
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
    parts.append((_identity, swaps))
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
