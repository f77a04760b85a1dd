"""The card game's state: one frozen value holding everything about a game in progress."""

from __future__ import annotations

import copy
import functools
from typing import TYPE_CHECKING, Final, cast

import attrs

from tigris_rules.cards.components import (
    BOATS,
    TREASURE,
    Boat,
    Loc,
    is_boat,
    spot_name,
)
from tigris_rules.cards.decisions import CardDecision
from tigris_rules.cards.steps import Step
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.fields import InView, InWork, kept
from tigris_rules.model.pens import position_repr, svg_picture, text_picture
from tigris_rules.model.ruleset import ruleset_for

if TYPE_CHECKING:
    from tigris_rules.cards.ruleset import CardRules

__all__ = ["CardCache", "CardGameState", "GapCard", "TurnStart", "adopt_card_state"]


@attrs.frozen
class GapCard:
    """A card in a gap: its colour index ``card`` (0..3), whether it is ``face_up``, and the
    seat that played it (CARD-PLAY-5, CARD-DEF-7(d): only he knows a face-down card)."""

    card: int
    player: int
    face_up: bool = True

    @property
    def color(self) -> Color:
        """The card's colour (secret to all but ``player`` while face down)."""
        return COLORS[self.card]

    def __copy__(self) -> GapCard:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> GapCard:
        """A frozen value of immutable fields is its own deep copy (as ``Decimal`` is)."""
        return self


@attrs.frozen
class TurnStart:
    """The hands as they were when the turn began, kept to tell whether a card left a hand
    during the turn (CARD-END-5, D25).

    ``hands`` is the state's own ``hands`` at the start of the turn, shared (never copied):
    it is immutable. During a turn a card can leave a hand (played, committed, paid as VP,
    used as a treasure's head) but none enters one before the refill (CARD-END-1), so the
    hands are unchanged exactly when no card left any of them.
    """

    hands: tuple[tuple[int, int, int, int], ...]

    def no_card_left(
        self, hands: tuple[tuple[int, int, int, int], ...] | list[tuple[int, int, int, int]]
    ) -> bool:
        """Whether every hand holds what it held at the start of the turn."""
        return all(a == b for a, b in zip(self.hands, hands, strict=True))


class CardCache:
    """What the rules compute once per state and keep with it (never written, compared or
    copied): each slot ``None`` until computed, or handed on by the engine from the state
    before when what it depends on did not change. The values are the rules' own (this
    module does not know their classes): their readers check them with ``isinstance``."""

    __slots__ = ("kingdoms", "table")

    def __init__(self, kingdoms: object = None, table: object = None) -> None:
        self.kingdoms: object = kingdoms
        """The kingdoms of the table (``cards.kingdoms.Kingdoms``): they depend on the gaps
        only."""
        self.table: object = table
        """The places of the table and the plays they allow (``cards.legality``): they
        depend on the columns and the gaps."""


@attrs.frozen(slots=False)
class CardGameState:
    """A complete, immutable position of the card game (RULES.md Part II).

    Columns and gaps are 0-based in the fields and 1-based in actions, events and spot names.

    - ``heads``: the 8 heads, :data:`~tigris_rules.cards.components.TREASURE` or red (1)
      once replaced (CARD-DEF-2).
    - ``columns``: the cards below each head, top first, one byte per card: a colour index
      0..3 or a boat code (CARD-DEF-1).
    - ``gaps``: the 7 gaps, a :class:`GapCard` or ``None``.
    - ``leaders``: where each leader stands, ``leaders[4 * player + colour]``, a place
      ``(x, y)`` (:mod:`~tigris_rules.cards.components`), or ``None`` in supply.
    - ``hands``: per player, cards held per colour.
    - ``piles``: per player, his VP pile bottom first, one card code per byte (the last is
      the top card, CARD-VP-4).
    - ``draw``/``draw_pos``: the draw pile in draw order, one colour index per byte, and how
      many were drawn (bytes: compact and shared by every state of the game).
    - ``set_aside``: the cards removed unseen in a two-player game (CARD-SETUP-4), as bytes.
    - ``out_of_game``: cards that left the game per colour (CARD-DEF-6, CONV-12).
    - ``catastrophes``: whether each player's catastrophe card is still unused (CARD-CATA-1).
    - ``active``; ``turn``: turns ended so far; ``actions_taken`` this turn; ``idle_turns``:
      consecutive idle turns (CARD-END-5): turns ended without any action, or, on a locked
      table, in which no card left a hand.
    - ``turn_start``: the hands when the current turn began (:class:`TurnStart`), to tell
      whether a card left a hand during the turn (CARD-END-5). ``None`` means no snapshot (a
      position built by hand): then only a turn without any action is idle.
    - ``pending``: the decision awaited, ``None`` for the choice of action; ``todo``: the rest
      of the action or end of turn in progress (:mod:`~tigris_rules.cards.steps`).
    - ``over``: the game has ended (END-3); ``end_reason`` says why.

    Each field says in its metadata (:func:`~tigris_rules.model.fields.kept`) what the
    working copy ``cards.work.CardWork`` and :class:`~tigris_rules.cards.view.CardView` do
    with it; the JSON may leave out the fields that have a default. A view shows of each VP
    pile only its size and top card (and its cards by colour when allowed, CARD-DEF-7(c)),
    and never the draw pile, the cards set aside (CARD-DEF-7(e)) or the engine's bookkeeping
    that would reveal them (the turn-start snapshot of the hands, the steps in progress).
    """

    config: GameConfig = attrs.field(metadata=kept(InWork.FIXED, InView.PUBLIC))
    heads: tuple[int, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    columns: tuple[bytes, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    gaps: tuple[GapCard | None, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.FILTERED))
    leaders: tuple[Loc | None, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    hands: tuple[tuple[int, int, int, int], ...] = attrs.field(
        metadata=kept(InWork.REPLACED, InView.PER_SEAT)
    )
    piles: tuple[bytes, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.HIDDEN))
    draw: bytes = attrs.field(metadata=kept(InWork.FIXED, InView.HIDDEN))
    draw_pos: int = attrs.field(metadata=kept(InWork.REPLACED, InView.HIDDEN))
    set_aside: bytes = attrs.field(metadata=kept(InWork.FIXED, InView.HIDDEN))
    out_of_game: tuple[int, int, int, int] = attrs.field(
        metadata=kept(InWork.REPLACED, InView.PUBLIC)
    )
    catastrophes: tuple[bool, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    active: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    turn: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    actions_taken: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    idle_turns: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    turn_start: TurnStart | None = attrs.field(
        default=None, metadata=kept(InWork.REPLACED, InView.HIDDEN)
    )
    pending: CardDecision | None = attrs.field(
        default=None, metadata=kept(InWork.REPLACED, InView.PUBLIC)
    )
    todo: tuple[Step, ...] = attrs.field(default=(), metadata=kept(InWork.THAWED, InView.HIDDEN))
    over: bool = attrs.field(default=False, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    end_reason: str | None = attrs.field(
        default=None, metadata=kept(InWork.REPLACED, InView.PUBLIC)
    )
    _cache: CardCache = attrs.field(factory=CardCache, eq=False, repr=False, init=False, hash=False)

    def __getstate__(self) -> dict[str, object]:
        """The fields only: the private cache and the ruleset are found again from them."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    def __setstate__(self, fields: dict[str, object]) -> None:
        values = dict(fields)
        values["_cache"] = CardCache()
        object.__setattr__(self, "__dict__", values)

    def __deepcopy__(self, memo: dict[int, object]) -> CardGameState:
        """An equal state whose fields are copies; its private cache starts empty."""
        fields = {name: copy.deepcopy(getattr(self, name), memo) for name in _FIELD_NAMES}
        return CardGameState(**fields)

    @property
    def players(self) -> int:
        """The number of players."""
        return self.config.players

    @functools.cached_property
    def ruleset(self) -> CardRules:
        """The rules this game follows: the card game of its configuration (found once, then
        kept by the state, outside its fields: never compared, hashed, copied or pickled;
        the engine hands it on to the next state)."""
        return cast("CardRules", ruleset_for(self.config))

    @property
    def draw_size(self) -> int:
        """How many cards are left in the draw pile."""
        return len(self.draw) - self.draw_pos

    @property
    def available_boats(self) -> tuple[Boat, ...]:
        """The boats not built yet (CARD-BOAT-5(e))."""
        built = {code for column in self.columns for code in column if is_boat(code)}
        return tuple(b for b in BOATS if b.code not in built)

    def hand(self, player: int) -> dict[Color, int]:
        """``player``'s cards by colour."""
        return dict(zip(COLORS, self.hands[player], strict=True))

    def hand_size(self, player: int) -> int:
        """How many cards ``player`` holds."""
        return sum(self.hands[player])

    def leader_spot(self, player: int, color: Color) -> str | None:
        """The spot of ``player``'s leader of ``color``, or ``None`` if it is in his supply."""
        loc = self.leaders[4 * player + color.index]
        return None if loc is None else spot_name(loc)

    def treasure_heads(self) -> tuple[int, ...]:
        """The columns (1..8) whose head is still a treasure card."""
        return tuple(c + 1 for c, head in enumerate(self.heads) if head == TREASURE)

    def pile_top(self, player: int) -> int | None:
        """The card code on top of ``player``'s VP pile, the only card shown (CARD-DEF-7(c))."""
        pile = self.piles[player]
        return pile[-1] if pile else None

    def __repr__(self) -> str:
        """The call that gives this state back: ``read_position('...')``, its position string
        with the hidden parts (:func:`tigris_rules.read_position`); field by field for a
        position its game cannot write (one built by hand that breaks its promises)."""
        return position_repr(self) or _field_repr(self)

    def __str__(self) -> str:
        """The position drawn as text: the board or table, the players, whose turn it is and
        what is awaited, as the game's ruleset draws it (``text_state``)."""
        return text_picture(self) or repr(self)

    def _repr_svg_(self) -> str | None:
        """The table as SVG, for Jupyter: the picture the game's ruleset draws
        (``ruleset.svg_board``, :class:`tigris_rules.render.GamePictures`), ``None`` when
        it draws none. The ruleset imports the renderer when asked; the rules name none."""
        return svg_picture(self)

    def pile_counts(self, player: int) -> tuple[int, int, int, int, int]:
        """``player``'s VP pile by colour (black, red, blue, green) and treasure cards."""
        counts = [0, 0, 0, 0, 0]
        for code in self.piles[player]:
            counts[code] += 1
        return (counts[0], counts[1], counts[2], counts[3], counts[4])


_FIELD_NAMES: Final = tuple(a.name for a in attrs.fields(CardGameState) if a.init)
"""The fields of a state, without its private cache."""


def adopt_card_state(values: dict[str, object]) -> CardGameState:
    """The state whose attribute dictionary is ``values``, as the engine's working copy
    builds it after every input: every field of :class:`CardGameState` by name, its cache
    (``_cache``) and, when known, its ruleset (``ruleset``). Nothing is checked: the working
    copy writes each field by name, as the test suite checks against the fields' metadata,
    and a copy of a state's own dictionary with a field replaced by a value of its type is
    as sound. ``values`` must not be used again."""
    state: CardGameState = object.__new__(CardGameState)
    object.__setattr__(state, "__dict__", values)
    return state


def _field_repr(state: CardGameState) -> str:
    """``state`` field by field, as ``attrs`` would write it."""
    fields = ", ".join(
        f"{a.name}={getattr(state, a.name)!r}" for a in attrs.fields(CardGameState) if a.init
    )
    return f"CardGameState({fields})"
