"""A private, mutable working copy of a state, used while one input is resolved.

``apply`` thaws the input state into a :class:`Work`, changes only the copy, and freezes the
result into a new state, so that no rule ever mutates its input.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, cast

from tigris_rules.model.board import BoardLayout
from tigris_rules.model.cells import EMPTY, GREEN, LEADER
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.events import Event, LeaderReturned, PointsScored
from tigris_rules.model.squares import square_name
from tigris_rules.model.state import NO_SQUARE, GameState, StateCache, adopt
from tigris_rules.rules.hooks import Hooks
from tigris_rules.rules.regions import Regions, compute_regions

if TYPE_CHECKING:
    from tigris_rules.rules.ruleset import BoardRules

__all__ = ["Position", "Work", "added", "replaced"]


R = TypeVar("R", bound=tuple[Any, ...])
C = TypeVar("C", bound=tuple[int, ...])


def replaced(values: R, index: int, value: object) -> R:
    """``values`` with the item at ``index`` replaced by ``value`` (of the same type)."""
    items = list(values)
    items[index] = value
    return tuple(items)  # type: ignore[return-value]


def added(values: C, index: int, amount: int) -> C:
    """``values`` (integers) with ``amount`` added to the item at ``index``."""
    items = list(values)
    items[index] += amount
    return tuple(items)  # type: ignore[return-value]


class Work:
    """Mutable copies of the parts of a state that rules change."""

    __slots__ = (
        "_board_changed",
        "_facts",
        "_owns_regions",
        "_regions",
        "actions_taken",
        "active",
        "areas",
        "bag_pos",
        "catastrophes",
        "cells",
        "claims_settled",
        "events",
        "hands",
        "hooks",
        "layout",
        "leaders",
        "lifted",
        "marker",
        "monuments",
        "out_of_game",
        "over",
        "pending",
        "placed",
        "players",
        "record",
        "ruleset",
        "scores",
        "short_draw",
        "source",
        "treasures",
        "treasures_held",
        "turn",
    )

    def __init__(self, state: GameState, *, record: bool = False) -> None:
        self.source = state
        """The state this copy was made from, never changed."""
        self.record = record
        """Whether the rules note their events in :attr:`events` (only :func:`step` reads
        them)."""
        cache = state._cache
        facts = cache.facts
        if not isinstance(facts, tuple):
            ruleset = cast("BoardRules", state.ruleset)
            facts = (state.config.players, state.layout, ruleset.hooks, ruleset)
            cache.facts = facts
        self._facts: tuple[int, BoardLayout, Hooks, BoardRules] = facts
        """The fixed facts of the configuration below, passed on to the next state."""
        self.players, self.layout, self.hooks, self.ruleset = facts
        """The number of seats, the board's layout, the hooks of the configuration's
        variants (only those that implement each), and its ruleset."""
        # Every field of the state that a rule may change, as its metadata says (InWork): the
        # board, the leaders and the areas are lists changed in place; the other fields are
        # the state's own immutable values, replaced (never changed) when a rule changes them.
        self.cells = list(state.cells)
        """The board: one cell code per square (:mod:`tigris_rules.model.cells`), changed in
        place; after a change call :meth:`occupy` or :meth:`vacate`."""
        self.leaders = list(state.leaders)
        """The square of each leader, indexed ``4 * player + colour``, ``NO_SQUARE`` in the
        supply."""
        self.treasures = state.treasures
        """The squares holding a treasure."""
        self.monuments = state.monuments
        """For each monument in order, the top-left square of its block, ``NO_SQUARE`` while
        available."""
        self.hands = state.hands
        """Each player's tiles per colour (change them with :meth:`change_hand`)."""
        self.bag_pos = state.bag_pos
        """How many tiles of the bag were drawn."""
        self.catastrophes = state.catastrophes
        """The catastrophes each player still holds."""
        self.scores = state.scores
        """Each player's VP per colour (add to them with :meth:`score`)."""
        self.treasures_held = state.treasures_held
        """The treasures each player took."""
        self.out_of_game = state.out_of_game
        """The tiles per colour that left the game (add with :meth:`tiles_out`)."""
        self.areas = list(state.areas)
        """The variants' data, each replaced (never changed) by its variant."""
        self.active = state.active
        """The seat whose turn it is."""
        self.turn = state.turn
        """How many turns ended before this one."""
        self.actions_taken = state.actions_taken
        """The actions completed this turn."""
        self.short_draw = state.short_draw
        """Whether a draw of this turn was short (END-2)."""
        self.marker = state.marker
        """The square of the unification marker during wars (WAR-1), else ``NO_SQUARE``."""
        self.placed = state.placed
        """The square of the tile just placed while its tile action is in progress, else
        ``NO_SQUARE``."""
        self.pending: Decision | None = state.pending
        """The decision a seat must answer, or ``None``; a hook asking one sets it."""
        self.over = state.over
        """Whether the game has ended (END-3)."""
        self.events: list[Event] = []
        """The events of the input so far, in order; append to it only when :attr:`record`
        is true."""
        self.claims_settled = cache.no_claim is True
        """True once a treasure check found no claim (TREAS-2) and no kingdom holding a trader
        has grown since: only a square joining such a kingdom (a tile, or a leader entering
        it) can make a new claim; removals, monuments and the ziggurat cannot. Handed on
        from state to state (``StateCache.no_claim``)."""
        cached = cache.regions
        self._regions: Regions | None = cached if isinstance(cached, Regions) else None
        self._owns_regions = False  # True once ``_regions`` is this copy's own object
        self._board_changed = False  # True once a square was occupied or emptied
        lifted = cache.lifted
        self.lifted: tuple[int, Regions, Regions, bool] | None = (
            lifted if isinstance(lifted, tuple) else None
        )
        """The regions with a leader lifted from a square, as the leader check computed them
        (the square, the regions it started from, the result, whether the result is this
        copy's own object rather than one kept in the state's cache)."""

    @property
    def config(self) -> GameConfig:
        """The configuration of the game."""
        return self.source.config

    def regions(self) -> Regions:
        """Regions of the working board, recomputed only after the board changed."""
        if self._regions is None:
            self._regions = compute_regions(self.cells, self.leaders)
            self._owns_regions = True
        return self._regions

    def occupy(self, square: int, leader: int = -1) -> None:
        """Note that the empty ``square`` became occupied (by a tile, or by ``leader``):
        the regions are merged around it instead of being recomputed."""
        self._board_changed = True
        regions = self._regions
        if regions is None:
            self.claims_settled = False
            return
        regions = regions.with_square(square, leader, in_place=self._owns_regions)
        self._regions = regions
        self._owns_regions = True
        if self.claims_settled:
            for flat in regions.leaders[regions.label[square]]:
                if flat % 4 == GREEN:  # a trader's kingdom grew: it may hold a claim now
                    self.claims_settled = False
                    break

    def vacate(self, square: int) -> None:
        """Note that ``square`` is no longer occupied (its cell and, for a leader, the
        leader's square are already updated): only its region is recomputed."""
        self._board_changed = True
        lifted = self.lifted
        self.lifted = None
        if lifted is not None and lifted[0] == square and lifted[1] is self._regions:
            self._regions = lifted[2]
            self._owns_regions = lifted[3]
        elif self._regions is not None:
            self._regions = self._regions.without_square(
                square, self.leaders, in_place=self._owns_regions
            )
            self._owns_regions = True

    def score(self, player: int, color: int, amount: int, cause: str) -> None:
        """Give ``player`` ``amount`` VP of ``color`` (CONV-13: totals never decrease)."""
        if amount <= 0:
            return
        self.scores = replaced(self.scores, player, added(self.scores[player], color, amount))
        if self.record:
            self.events.append(PointsScored(player, COLORS[color], amount, cause))

    def change_hand(self, player: int, color: int, amount: int) -> None:
        """Add ``amount`` (negative: take) tiles of ``color`` to ``player``'s hand."""
        hands = list(self.hands)  # replaced(..., added(...)), inlined: the hot path
        counts = list(hands[player])
        counts[color] += amount
        hands[player] = (counts[0], counts[1], counts[2], counts[3])
        self.hands = tuple(hands)

    def tiles_out(self, color: int, count: int) -> None:
        """Note that ``count`` tiles of ``color`` left the game (CONV-12)."""
        if count:
            self.out_of_game = added(self.out_of_game, color, count)

    def return_leader(self, flat: int, reason: str) -> None:
        """Send the leader ``flat`` (``4 * player + colour``) back to its owner's supply."""
        square = self.leaders[flat]
        self.cells[square] = EMPTY
        self.leaders[flat] = NO_SQUARE
        self.vacate(square)
        if self.record:
            self.events.append(
                LeaderReturned(flat // 4, COLORS[flat % 4], square_name(square), reason)
            )

    def leader_at(self, square: int) -> int:
        """The flat number of the leader on ``square`` (which must hold one)."""
        if self.cells[square] == LEADER:
            return self.leaders.index(square)
        return -1

    def freeze(self) -> GameState:
        """The new state holding every change made to this copy, and the fixed fields
        (``InWork.FIXED``: the configuration, the bag) of the state it was made from; it
        keeps the facts of the configuration, the regions, whether a claim is settled and
        the ruleset, for the next input."""
        s = self.source
        cells = tuple(self.cells)
        if not self._board_changed and cells == s.cells:  # else it changed, all but always
            cells = s.cells
        leaders = tuple(self.leaders)
        if leaders == s.leaders:
            leaders = s.leaders
        regions = self._regions
        self._owns_regions = False  # shared with the new state from now on
        targets = None
        if (
            cells is s.cells
            and leaders is s.leaders
            and self.active == s.active
            and self.treasures is s.treasures
            and self.catastrophes is s.catastrophes
        ):  # a swap, say: the legal squares are the same (they read nothing else)
            targets = s._cache.targets
        return adopt(
            {
                "config": s.config,
                "cells": cells,
                "leaders": leaders,
                "treasures": self.treasures,
                "monuments": self.monuments,
                "hands": self.hands,
                "bag": s.bag,
                "bag_pos": self.bag_pos,
                "catastrophes": self.catastrophes,
                "scores": self.scores,
                "treasures_held": self.treasures_held,
                "out_of_game": self.out_of_game,
                "areas": tuple(self.areas) if self.areas else s.areas,
                "active": self.active,
                "turn": self.turn,
                "actions_taken": self.actions_taken,
                "short_draw": self.short_draw,
                "marker": self.marker,
                "placed": self.placed,
                "pending": self.pending,
                "over": self.over,
                "_cache": StateCache(self._facts, regions, self.claims_settled or None, targets),
                "ruleset": self.ruleset,  # what ``GameState.ruleset`` would find
            }
        )


Position: TypeAlias = GameState | Work
"""What the legality checks read: a state, or a working copy while a log is replayed."""
