"""Player views of the board game: what one player, or a spectator, may see (CONV-14, OPT-2).

:func:`board_view` turns a full :class:`~tigris_rules.GameState` into a :class:`PlayerView`, a
frozen value holding only what the viewer may know:

- always (CONV-14(a)): the board (tiles, leaders, treasures, monuments, the unification
  marker), each variant's data as the variant shows it (:class:`VariantView`: all of it
  unless the variant hides a part), every player's leaders in supply, catastrophes left and
  hand size, the bag size, the active player, the actions taken this turn and the pending
  decision with the player who must answer it;
- the viewer's own hand and own running totals (VP per colour, treasures held) (CONV-14(c));
- every player's totals with ``open_scoring`` (OPT-2), and every player's totals and hand
  once the game has ended (CONV-14(f));
- never the bag's contents or order (CONV-14(d)), nor which tiles left the game in a swap
  (CONV-14(e)). That is why the view has no per-colour count of tiles out of the game.

Two states that differ only in what the viewer may not see give equal views, so a view can
be sent to a player, compared, hashed and cached. A view lists the viewer's legal actions
when the decision is his. The board game offers this view as its
:class:`~tigris_rules.views.GameViews` (:func:`tigris_rules.views.view`).

>>> import tigris_rules as tr
>>> from tigris_rules.views.board import board_view
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> mine = board_view(state, 0)
>>> mine.hands[1] is None, mine.hand_sizes, mine.bag_size
(True, (6, 6), 131)
>>> len(mine.legal_actions) == len(tr.legal_actions(state))
True
>>> board_view(state, 1).legal_actions
()
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import attrs

from tigris_rules._arguments import expect
from tigris_rules.model.actions import MONUMENTS, Action, Monument
from tigris_rules.model.board import BoardLayout, board_layout
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.facets import offered
from tigris_rules.model.pens import svg_picture
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.engine import to_move
from tigris_rules.rules.hooks import Variant
from tigris_rules.rules.legality import legal_actions
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.rules.scoring import Result, result
from tigris_rules.views.seats import SeatView, ViewArgumentError, check_viewer

__all__ = ["PlayerView", "VariantView", "area_seen", "board_view"]

Counts = tuple[int, int, int, int]
"""Four per-colour numbers in canonical order: black, red, blue, green."""


@attrs.frozen
class PlayerView(SeatView):
    """What ``viewer`` may see of a game; ``viewer`` is ``None`` for a spectator.

    The board fields have the same meaning and encoding as those of
    :class:`~tigris_rules.GameState` (squares 0..175, colours 0..3, ``NO_SQUARE`` = -1), so
    renderers draw a view and a state alike: ``config``, ``cells``, ``leaders``,
    ``treasures``, ``monuments``, ``areas`` (each variant's data as the viewer may see it),
    ``marker`` (the unification marker during wars) and ``placed`` (the tile whose action is
    in progress).

    Per player, by seat:

    - ``hands``: tile counts per colour where the viewer may see them (his own; everyone's
      once the game is over), else ``None``;
    - ``hand_sizes``: how many tiles each player holds;
    - ``catastrophes``: catastrophe tiles left;
    - ``scores``: VP per colour, or ``None`` where hidden (CONV-14(c), OPT-2, CONV-14(f));
    - ``treasures_held``: treasures taken, or ``None`` where hidden.

    The flow of the game: ``bag_size``, ``active``, ``turn``, ``actions_taken``,
    ``short_draw`` (a draw this turn came up short, END-2), ``pending`` (the decision
    awaited, ``None`` for the choice of action), ``over``, and ``to_move`` (the seat that
    must answer now, ``None`` once the game is over). ``legal_actions`` holds the viewer's
    legal inputs in the order of :func:`~tigris_rules.legal_actions` when ``to_move`` is the
    viewer, and is empty otherwise. ``result`` is the final
    :class:`~tigris_rules.Result` once the game is over, else ``None``.
    """

    viewer: int | None
    config: GameConfig
    cells: tuple[int, ...]
    leaders: tuple[int, ...]
    treasures: frozenset[int]
    monuments: tuple[int, ...]
    areas: tuple[object, ...]
    marker: int
    placed: int
    hands: tuple[Counts | None, ...]
    hand_sizes: tuple[int, ...]
    catastrophes: tuple[int, ...]
    scores: tuple[Counts | None, ...]
    treasures_held: tuple[int | None, ...]
    bag_size: int
    active: int
    turn: int
    actions_taken: int
    short_draw: bool
    pending: Decision | None
    over: bool
    to_move: int | None
    legal_actions: tuple[Action, ...]
    result: Result | None

    @property
    def layout(self) -> BoardLayout:
        """The board's fixed geometry (rivers, start and priority squares)."""
        return board_layout(self.config.board)

    @property
    def ruleset(self) -> BoardRules:
        """The rules of the game seen: the base game and the configuration's variants (the
        view's ``areas`` follow their order)."""
        return cast("BoardRules", ruleset_for(self.config))

    def score(self, player: int) -> dict[Color, int] | None:
        """``player``'s VP per colour, or ``None`` when the viewer may not see them."""
        counts = self.scores[player]
        return None if counts is None else dict(zip(COLORS, counts, strict=True))

    def leader_square(self, player: int, color: Color) -> str | None:
        """The square of ``player``'s leader of ``color``, or ``None`` while in supply."""
        square = self.leaders[4 * player + color.index]
        return None if square == NO_SQUARE else square_name(square)

    def leaders_in_supply(self, player: int) -> tuple[Color, ...]:
        """The colours of ``player``'s leaders in his supply (CONV-14(a))."""
        return tuple(c for c in COLORS if self.leaders[4 * player + c.index] == NO_SQUARE)

    @property
    def available_monuments(self) -> tuple[Monument, ...]:
        """The monuments not yet built (CONV-14(a))."""
        return tuple(m for m, s in zip(MONUMENTS, self.monuments, strict=True) if s == NO_SQUARE)

    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter (:func:`tigris_rules.render.svg.render_svg`)."""
        return svg_picture(self) or ""


class VariantView(Protocol):
    """What a variant offers when a player may not see all of its data (the default: the
    whole area, as for the board)."""

    def view_area(self, state: GameState, viewer: int | None) -> object:
        """The variant's data in ``state`` as ``viewer`` (a seat, or ``None`` for a
        spectator) may see it; a player view holds it in its ``areas``. Two states whose
        areas differ only in what ``viewer`` may not see give equal values."""
        ...


def area_seen(variant: Variant[Any], state: GameState, viewer: int | None) -> object:
    """``variant``'s data in ``state`` as ``viewer`` may see it: its :class:`VariantView`, or
    the whole area when it offers none."""
    shown = offered(variant, VariantView)
    return variant.area(state) if shown is None else shown.view_area(state, viewer)


def board_view(state: GameState, player: int | None) -> PlayerView:
    """What ``player`` (a seat, or ``None`` for a spectator) may see of ``state``.

    Follows CONV-14 and OPT-2 (see the module documentation). Raises
    :class:`~tigris_rules.ViewError` for a seat that does not exist, and a ``ViewError`` that
    is also an :class:`~tigris_rules.ArgumentTypeError` for a ``state`` or a ``player`` of the
    wrong type.
    """
    expect(state, GameState, "state", error=ViewArgumentError)
    viewer = check_viewer(state.config, player)
    n = state.config.players
    over = state.over
    open_totals = over or state.config.open_scoring

    def sees_hand(seat: int) -> bool:
        return over or seat == viewer

    def sees_totals(seat: int) -> bool:
        return open_totals or seat == viewer

    deciding = to_move(state)
    actions: tuple[Action, ...] = ()
    if viewer is not None and deciding == viewer:
        actions = tuple(legal_actions(state))
    return PlayerView(
        viewer=viewer,
        config=state.config,
        cells=state.cells,
        leaders=state.leaders,
        treasures=state.treasures,
        monuments=state.monuments,
        areas=tuple(area_seen(variant, state, viewer) for variant in state.ruleset.variants),
        marker=state.marker,
        placed=state.placed,
        hands=tuple(state.hands[p] if sees_hand(p) else None for p in range(n)),
        hand_sizes=tuple(sum(h) for h in state.hands),
        catastrophes=state.catastrophes,
        scores=tuple(state.scores[p] if sees_totals(p) else None for p in range(n)),
        treasures_held=tuple(state.treasures_held[p] if sees_totals(p) else None for p in range(n)),
        bag_size=state.bag_size,
        active=state.active,
        turn=state.turn,
        actions_taken=state.actions_taken,
        short_draw=state.short_draw,
        pending=state.pending,
        over=over,
        to_move=deciding,
        legal_actions=actions,
        result=result(state) if over else None,
    )
