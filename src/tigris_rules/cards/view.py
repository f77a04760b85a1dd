"""Player views of the card game: what one player, or a spectator, may see (CARD-DEF-7, D21).

:func:`card_view` turns a full :class:`~tigris_rules.cards.CardGameState` into a
:class:`CardView`, a frozen value holding only what the viewer may know:

- always public (CARD-DEF-7(a)): the table (heads, column cards, boats, face-up gap cards,
  leaders, and where a face-down gap card lies with the seat that played it), leaders in
  supply, whether each catastrophe card is unused, the boats still available, hand sizes,
  the size of the draw pile, cards committed in conflicts (in the pending decision), the
  cards that left the game (all were seen on the table or committed face up), the turn and
  the decision awaited;
- the viewer's own hand (CARD-DEF-7(b));
- of each VP pile only its size and top card, to everyone including the owner; with
  ``open_scoring`` every pile sorted by colour as well (CARD-DEF-7(c));
- the colour of a face-down gap card only to the player who played it (CARD-DEF-7(d));
- once the game has ended, every hand and every VP pile sorted by colour (CARD-DEF-7(f),
  D21);
- never the draw pile's contents or order, nor the 30 cards set aside with two players
  (CARD-DEF-7(e)), nor the engine's bookkeeping that would reveal them (the turn-start
  snapshot of every hand, the steps in progress).

Two states that differ only in what the viewer may not see give equal views. A view lists
the viewer's legal actions when the decision is his.

>>> import tigris_rules as tr
>>> from tigris_rules.cards.view import card_view
>>> state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
>>> mine = card_view(state, 0)
>>> mine.hands[1] is None, mine.hand_sizes, mine.draw_size
(True, (8, 8), 139)
>>> len(mine.legal_actions) == len(tr.legal_actions(state))
True
>>> card_view(state, 1).legal_actions
()
"""

from __future__ import annotations

import attrs

from tigris_rules._arguments import expect
from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.components import BOATS, Boat, Loc, is_boat, spot_name
from tigris_rules.cards.decisions import CardDecision
from tigris_rules.cards.engine import card_to_move
from tigris_rules.cards.legality import card_legal_actions
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.state import CardGameState
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.outcome import Result
from tigris_rules.model.pens import svg_picture
from tigris_rules.views.seats import SeatView, ViewArgumentError, check_viewer

__all__ = ["CardView", "GapView", "card_view"]

Counts = tuple[int, int, int, int]
"""Four per-colour numbers in canonical order: black, red, blue, green."""

PileCounts = tuple[int, int, int, int, int]
"""A VP pile by kind: black, red, blue and green cards, then treasure cards."""


@attrs.frozen
class GapView:
    """A card in a gap as the viewer sees it: ``color`` is ``None`` while the card lies face
    down and the viewer did not play it (CARD-DEF-7(d)); ``player`` is the seat that played
    it and ``face_up`` whether it was turned (both public, CARD-DEF-7(a))."""

    color: Color | None
    player: int
    face_up: bool


@attrs.frozen
class CardView(SeatView):
    """What ``viewer`` may see of a card game; ``viewer`` is ``None`` for a spectator.

    The table has the encoding of :class:`~tigris_rules.cards.CardGameState`: ``heads``
    (card code 4 a treasure card, 1 its red replacement), ``columns`` (one byte per card, a
    colour 0..3 or a boat code 5..7, top first), ``gaps`` (a :class:`GapView` or ``None``) and
    ``leaders`` (``leaders[4 * seat + colour]``, a place ``(x, y)`` or ``None`` in supply).

    Per player, by seat:

    - ``hands``: cards held per colour where the viewer may see them (his own; everyone's
      once the game is over), else ``None``; ``hand_sizes``: how many cards each holds;
    - ``pile_sizes`` and ``pile_tops`` (the top card's code, ``None`` for an empty pile):
      always shown (CARD-DEF-7(c)); ``pile_counts``: the pile sorted by kind
      (:data:`PileCounts`) with ``open_scoring`` or once the game is over, else ``None``;
    - ``catastrophes``: whether each catastrophe card is still unused.

    The rest: ``draw_size``, ``out_of_game`` (cards that left the game, per colour),
    ``active``, ``turn``, ``actions_taken``, ``idle_turns`` (CARD-END-5), ``pending`` (the
    decision awaited, ``None`` for the choice of action), ``over``, ``end_reason``,
    ``to_move`` (the seat that must answer now, ``None`` once over), ``legal_actions`` (the
    viewer's legal inputs, in the order of :func:`~tigris_rules.legal_actions`, when
    ``to_move`` is the viewer; empty otherwise) and ``result`` (the final
    :class:`~tigris_rules.Result` once over, else ``None``).
    """

    viewer: int | None
    config: GameConfig
    heads: tuple[int, ...]
    columns: tuple[bytes, ...]
    gaps: tuple[GapView | None, ...]
    leaders: tuple[Loc | None, ...]
    hands: tuple[Counts | None, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    pile_tops: tuple[int | None, ...]
    pile_counts: tuple[PileCounts | None, ...]
    catastrophes: tuple[bool, ...]
    draw_size: int
    out_of_game: Counts
    active: int
    turn: int
    actions_taken: int
    idle_turns: int
    pending: CardDecision | None
    over: bool
    end_reason: str | None
    to_move: int | None
    legal_actions: tuple[CardAction, ...]
    result: Result | None

    def leader_spot(self, player: int, color: Color) -> str | None:
        """The spot of ``player``'s leader of ``color``, or ``None`` while in his supply."""
        loc = self.leaders[4 * player + color.index]
        return None if loc is None else spot_name(loc)

    def leaders_in_supply(self, player: int) -> tuple[Color, ...]:
        """The colours of ``player``'s leaders in his supply (CARD-DEF-7(a))."""
        return tuple(c for c in COLORS if self.leaders[4 * player + c.index] is None)

    @property
    def available_boats(self) -> tuple[Boat, ...]:
        """The boats not built yet (CARD-DEF-7(a), CARD-BOAT-5(e))."""
        built = {code for column in self.columns for code in column if is_boat(code)}
        return tuple(b for b in BOATS if b.code not in built)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG, for Jupyter."""
        return svg_picture(self) or ""


def _check_viewer(state: CardGameState, player: object) -> int | None:
    expect(state, CardGameState, "state", error=ViewArgumentError)
    return check_viewer(state.config, player)


def card_view(state: CardGameState, player: int | None) -> CardView:
    """What ``player`` (a seat, or ``None`` for a spectator) may see of ``state``.

    Follows CARD-DEF-7 and D21 (see the module documentation). Raises
    :class:`~tigris_rules.ViewError` for a seat that does not exist or a value that is not a
    card-game state.
    """
    viewer = _check_viewer(state, player)
    n = state.config.players
    over = state.over
    open_piles = over or state.config.open_scoring
    gaps = tuple(
        None
        if card is None
        else GapView(
            COLORS[card.card] if card.face_up or card.player == viewer else None,
            card.player,
            card.face_up,
        )
        for card in state.gaps
    )
    deciding = card_to_move(state)
    actions: tuple[CardAction, ...] = ()
    if viewer is not None and deciding == viewer:
        actions = tuple(card_legal_actions(state))
    return CardView(
        viewer=viewer,
        config=state.config,
        heads=state.heads,
        columns=state.columns,
        gaps=gaps,
        leaders=state.leaders,
        hands=tuple(state.hands[p] if over or p == viewer else None for p in range(n)),
        hand_sizes=tuple(sum(hand) for hand in state.hands),
        pile_sizes=tuple(len(pile) for pile in state.piles),
        pile_tops=tuple(state.pile_top(p) for p in range(n)),
        pile_counts=tuple(state.pile_counts(p) if open_piles else None for p in range(n)),
        catastrophes=state.catastrophes,
        draw_size=state.draw_size,
        out_of_game=state.out_of_game,
        active=state.active,
        turn=state.turn,
        actions_taken=state.actions_taken,
        idle_turns=state.idle_turns,
        pending=state.pending,
        over=over,
        end_reason=state.end_reason,
        to_move=deciding,
        legal_actions=actions,
        result=card_result(state) if over else None,
    )
