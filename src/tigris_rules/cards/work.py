"""A private, mutable working copy of a card-game state, used while one input is resolved.

``card_step`` thaws the input state into a :class:`CardWork`, changes only the copy, and
freezes the result into a new state: no rule ever mutates its input. Unchanged parts (a
column, a hand, a pile) are shared with the input state, not copied.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from tigris_rules.cards.components import Loc, spot_name
from tigris_rules.cards.decisions import CardDecision
from tigris_rules.cards.events import CardEvent, LeaderToSupply
from tigris_rules.cards.kingdoms import Kingdoms, kingdom_labels, kingdoms_of
from tigris_rules.cards.state import CardCache, CardGameState, GapCard, TurnStart, adopt_card_state
from tigris_rules.cards.steps import Step
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig

__all__ = ["CardWork", "replaced"]

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``index`` replaced by ``value``."""
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def _added(counts: tuple[int, int, int, int], color: int, count: int) -> tuple[int, int, int, int]:
    """``counts`` with ``count`` added to item ``color``."""
    changed = list(counts)
    changed[color] += count
    return (changed[0], changed[1], changed[2], changed[3])


class CardWork:
    """The fields of a state that rules change: the steps in progress (``todo``) as a list
    changed in place, every other one as the state's own immutable value, replaced (never
    changed) when a rule changes it.

    The copy's attribute dictionary starts as a copy of the state's (its fields, its cache,
    its ruleset when found) and becomes the next state's; what only the copy needs lives in
    its slots.
    """

    __slots__ = ("__dict__", "_kingdoms", "events", "new_turn", "source", "todo")

    config: GameConfig
    heads: tuple[int, ...]
    columns: tuple[bytes, ...]
    """The cards below each head (replace one with :meth:`set_column`)."""
    gaps: tuple[GapCard | None, ...]
    """The gaps (replace one with :meth:`set_gap`, which keeps the kingdoms known)."""
    leaders: tuple[Loc | None, ...]
    """Where each leader stands (move one with :meth:`set_leader`)."""
    hands: tuple[tuple[int, int, int, int], ...]
    piles: tuple[bytes, ...]
    draw: bytes
    draw_pos: int
    set_aside: bytes
    out_of_game: tuple[int, int, int, int]
    catastrophes: tuple[bool, ...]
    active: int
    turn: int
    actions_taken: int
    idle_turns: int
    turn_start: TurnStart | None
    pending: CardDecision | None
    over: bool
    end_reason: str | None

    def __init__(self, state: CardGameState) -> None:
        self.__dict__.update(state.__dict__)
        self.source = state
        self.todo: list[Step] = list(state.todo)
        """The steps in progress (the slot hides the state's ``todo`` in the dictionary)."""
        self.new_turn = False
        """Whether a new turn began: the next state's hands are also its turn-start
        snapshot."""
        self.events: list[CardEvent] = []
        known = state._cache.kingdoms
        self._kingdoms: Kingdoms | None = known if isinstance(known, Kingdoms) else None
        """The kingdoms of :attr:`gaps` when known (kept from the state, or found once)."""

    @property
    def players(self) -> int:
        return self.source.config.players

    def no_card_left_a_hand(self) -> bool:
        """Whether no card has left any hand since the turn began, by the snapshot taken then
        (CARD-END-5); ``False`` without a snapshot."""
        start = self.turn_start
        return start is not None and start.no_card_left(self.hands)

    def table_locked(self) -> bool:
        """Whether no card can ever be played again: every column holds ``column_limit``
        cards, every gap holds a card, and no catastrophe card is left (a locked table stays
        locked: nothing else takes a card off it)."""
        limit = self.source.config.column_limit
        return (
            all(len(column) >= limit for column in self.columns)
            and all(gap is not None for gap in self.gaps)
            and not any(self.catastrophes)
        )

    # --- hands and piles --------------------------------------------------------------------

    def held(self, player: int, color: int) -> int:
        return self.hands[player][color]

    def take_from_hand(self, player: int, color: int, count: int) -> None:
        """``count`` cards of ``color`` leave ``player``'s hand (the caller checked he holds
        them)."""
        if count:
            hands = self.hands
            self.hands = replaced(hands, player, _added(hands[player], color, -count))

    def add_to_hand(self, player: int, cards: bytes) -> None:
        """``cards`` (colour indices) join ``player``'s hand."""
        hand = self.hands[player]
        self.hands = replaced(
            self.hands,
            player,
            (
                hand[0] + cards.count(0),
                hand[1] + cards.count(1),
                hand[2] + cards.count(2),
                hand[3] + cards.count(3),
            ),
        )

    def to_pile(self, player: int, cards: Iterable[int]) -> None:
        """Cards go onto ``player``'s VP pile in order; the last is the top card (CARD-VP-4)."""
        self.piles = replaced(self.piles, player, self.piles[player] + bytes(cards))

    def discard(self, color: int, count: int) -> None:
        """``count`` cards of ``color`` leave the game (CARD-DEF-6, CONV-12)."""
        self.out_of_game = _added(self.out_of_game, color, count)

    # --- the table --------------------------------------------------------------------------

    def kingdoms(self) -> Kingdoms:
        """The kingdoms of the working table (CARD-DEF-4)."""
        known = self._kingdoms
        if known is None:
            known = self._kingdoms = kingdoms_of(self.gaps, None)
        return known

    def labels(self, cut: int = -1) -> tuple[int, ...]:
        """:func:`~tigris_rules.cards.kingdoms.kingdom_labels` of the working table."""
        if cut < 0:
            return self.kingdoms().labels
        return kingdom_labels(self.gaps, cut)

    def leader_at(self, loc: Loc) -> int:
        """The flat number (``4 * player + colour``) of the leader on ``loc``, or -1."""
        try:
            return self.leaders.index(loc)
        except ValueError:
            return -1

    def leaders_in(self, labels: tuple[int, ...], kingdom: int) -> list[int]:
        """The leaders (flat numbers) standing in ``kingdom``."""
        return [
            flat
            for flat, loc in enumerate(self.leaders)
            if loc is not None and labels[loc[0] // 2] == kingdom
        ]

    def leaders_of(self, labels: tuple[int, ...], kingdom: int, color: int) -> list[int]:
        """The leaders (flat numbers) of the colour index ``color`` standing in ``kingdom``,
        in seat order."""
        leaders = self.leaders
        found = []
        for flat in range(color, len(leaders), 4):
            loc = leaders[flat]
            if loc is not None and labels[loc[0] // 2] == kingdom:
                found.append(flat)
        return found

    def set_leader(self, flat: int, loc: Loc | None) -> None:
        """The leader ``flat`` now stands on ``loc`` (``None``: in its owner's supply)."""
        self.leaders = replaced(self.leaders, flat, loc)

    def return_leader(self, flat: int, reason: str) -> None:
        """The leader ``flat`` goes back to its owner's supply (CARD-LEADER-7)."""
        loc = self.leaders[flat]
        if loc is None:
            return
        self.set_leader(flat, None)
        self.events.append(LeaderToSupply(flat // 4, COLORS[flat % 4], spot_name(loc), reason))

    def set_column(self, column: int, cards: bytes) -> None:
        """Column ``column`` now holds ``cards``."""
        self.columns = replaced(self.columns, column, cards)

    def remove_from_column(self, column: int, positions: set[int]) -> None:
        """Cards at ``positions`` (1-based) leave ``column``; the cards below move up and take
        their leaders with them (CARD-DEF-6). Leaders on the removed cards must be gone."""
        if not positions:
            return
        old = self.columns[column]
        self.set_column(
            column, bytes(card for p, card in enumerate(old, start=1) if p not in positions)
        )
        x = 2 * column
        for flat, loc in enumerate(self.leaders):
            if loc is not None and loc[0] == x and loc[1] > 0:
                shift = sum(1 for p in positions if p < loc[1])
                if shift:
                    self.set_leader(flat, (x, loc[1] - shift))

    def set_gap(self, gap: int, card: GapCard | None) -> None:
        gaps = self.gaps
        if (gaps[gap] is None) != (card is None):
            self._kingdoms = None
        self.gaps = replaced(gaps, gap, card)

    # --- freezing ---------------------------------------------------------------------------

    def freeze(self) -> CardGameState:
        """The new state holding every change made to this copy, and the fixed fields of
        ``InWork.FIXED`` (the configuration, the draw pile, the cards set aside) of the
        state it was made from. When a new turn began (``new_turn``), the state's hands are
        also its :class:`TurnStart` snapshot (shared, not copied). The new state keeps the
        ruleset once found, the kingdoms when known, and the facts of the table when neither
        the columns nor the gaps changed."""
        s = self.source
        values = self.__dict__.copy()
        if self.new_turn:
            values["turn_start"] = TurnStart(self.hands)
        todo = self.todo
        values["todo"] = tuple(todo) if todo else ()
        table = s._cache.table if self.columns is s.columns and self.gaps is s.gaps else None
        values["_cache"] = CardCache(self._kingdoms, table)
        return adopt_card_state(values)
