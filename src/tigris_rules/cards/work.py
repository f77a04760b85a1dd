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
from tigris_rules.cards.kingdoms import column_of, kingdom_labels
from tigris_rules.cards.state import CardGameState, GapCard, TurnStart
from tigris_rules.cards.steps import Step
from tigris_rules.model.colors import COLORS

__all__ = ["CardWork"]

T = TypeVar("T")


class CardWork:
    """Mutable copies of the parts of a state that rules change."""

    __slots__ = (
        "actions_taken",
        "active",
        "catastrophes",
        "columns",
        "draw_pos",
        "end_reason",
        "events",
        "gaps",
        "hands",
        "heads",
        "idle_turns",
        "leaders",
        "new_turn",
        "out_of_game",
        "over",
        "pending",
        "piles",
        "source",
        "todo",
        "turn",
        "turn_start",
    )

    def __init__(self, state: CardGameState) -> None:
        # Every field of the state that a rule may change, as its metadata says (InWork).
        self.source = state
        self.heads = list(state.heads)
        self.columns = list(state.columns)
        self.gaps = list(state.gaps)
        self.leaders = list(state.leaders)
        self.hands = list(state.hands)
        self.piles = list(state.piles)
        self.draw_pos = state.draw_pos
        self.out_of_game = list(state.out_of_game)
        self.catastrophes = list(state.catastrophes)
        self.active = state.active
        self.turn = state.turn
        self.actions_taken = state.actions_taken
        self.idle_turns = state.idle_turns
        self.turn_start = state.turn_start
        self.new_turn = False
        self.pending: CardDecision | None = state.pending
        self.todo: list[Step] = list(state.todo)
        self.over = state.over
        self.end_reason = state.end_reason
        self.events: list[CardEvent] = []

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
            hand = list(self.hands[player])
            hand[color] -= count
            self.hands[player] = (hand[0], hand[1], hand[2], hand[3])

    def add_to_hand(self, player: int, cards: Iterable[int]) -> None:
        hand = list(self.hands[player])
        for card in cards:
            hand[card] += 1
        self.hands[player] = (hand[0], hand[1], hand[2], hand[3])

    def to_pile(self, player: int, cards: Iterable[int]) -> None:
        """Cards go onto ``player``'s VP pile in order; the last is the top card (CARD-VP-4)."""
        self.piles[player] = self.piles[player] + bytes(cards)

    def discard(self, color: int, count: int) -> None:
        """``count`` cards of ``color`` leave the game (CARD-DEF-6, CONV-12)."""
        self.out_of_game[color] += count

    # --- the table --------------------------------------------------------------------------

    def labels(self, cut: int = -1) -> tuple[int, ...]:
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
            if loc is not None and labels[column_of(loc)] == kingdom
        ]

    def return_leader(self, flat: int, reason: str) -> None:
        """The leader ``flat`` goes back to its owner's supply (CARD-LEADER-7)."""
        loc = self.leaders[flat]
        if loc is None:
            return
        self.leaders[flat] = None
        self.events.append(LeaderToSupply(flat // 4, COLORS[flat % 4], spot_name(loc), reason))

    def remove_from_column(self, column: int, positions: set[int]) -> None:
        """Cards at ``positions`` (1-based) leave ``column``; the cards below move up and take
        their leaders with them (CARD-DEF-6). Leaders on the removed cards must be gone."""
        if not positions:
            return
        old = self.columns[column]
        self.columns[column] = bytes(
            card for p, card in enumerate(old, start=1) if p not in positions
        )
        x = 2 * column
        for flat, loc in enumerate(self.leaders):
            if loc is not None and loc[0] == x and loc[1] > 0:
                shift = sum(1 for p in positions if p < loc[1])
                if shift:
                    self.leaders[flat] = (x, loc[1] - shift)

    def set_gap(self, gap: int, card: GapCard | None) -> None:
        self.gaps[gap] = card

    # --- freezing ---------------------------------------------------------------------------

    def freeze(self) -> CardGameState:
        """The new state holding every change made to this copy, and the fixed fields of
        ``InWork.FIXED`` (the configuration, the draw pile, the cards set aside) of the
        state it was made from. When a new turn began (``new_turn``), the state's hands are
        also its :class:`TurnStart` snapshot (shared, not copied)."""
        s = self.source
        hands = _same(self.hands, s.hands)
        piles = _same(self.piles, s.piles)
        out_of_game = _same(self.out_of_game, s.out_of_game)
        turn_start = self.turn_start
        if self.new_turn:
            turn_start = TurnStart(hands)
        return CardGameState(
            config=s.config,
            heads=_same(self.heads, s.heads),
            columns=_same(self.columns, s.columns),
            gaps=_same(self.gaps, s.gaps),
            leaders=_same(self.leaders, s.leaders),
            hands=hands,
            piles=piles,
            draw=s.draw,
            draw_pos=self.draw_pos,
            set_aside=s.set_aside,
            out_of_game=_four(out_of_game),
            catastrophes=_same(self.catastrophes, s.catastrophes),
            active=self.active,
            turn=self.turn,
            actions_taken=self.actions_taken,
            idle_turns=self.idle_turns,
            turn_start=turn_start,
            pending=self.pending,
            todo=tuple(self.todo),
            over=self.over,
            end_reason=self.end_reason,
        )


def _four(values: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _same(new: list[T], old: tuple[T, ...]) -> tuple[T, ...]:
    """``old`` itself when nothing changed (structural sharing), else a new tuple."""
    frozen = tuple(new)
    return old if frozen == old else frozen
