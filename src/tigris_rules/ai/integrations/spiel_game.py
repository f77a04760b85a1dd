"""What the OpenSpiel adapter asks of a game's ruleset: :class:`GameSpiel`.

The adapter (:mod:`tigris_rules.ai.integrations.openspiel`) is one for every game; what
differs from game to game, how the pieces are dealt and drawn and how a seat's information
is written, it asks of the state's ruleset through this facet
(:func:`~tigris_rules.model.facets.offered`). Pieces are named by their kind, an index of
:data:`~tigris_rules.model.colors.COLORS` (the tiles of the board game, the cards of the card
game). This module imports neither OpenSpiel nor numpy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from tigris_rules.errors import DealError

if TYPE_CHECKING:
    from tigris_rules.ai.information import Discards

__all__ = ["GameSpiel", "drawing_first"]


class GameSpiel(Protocol):
    """The chance and the text of a game for OpenSpiel (one configuration).

    The pieces dealt at random form one multiset, :meth:`spiel_pieces`: the hands dealt at
    the start, :meth:`spiel_hands`, then the pieces not drawn yet, which the adapter keeps
    unordered until each is drawn.
    """

    def spiel_piece(self) -> str:
        """The word for one piece (``"tile"``, ``"card"``)."""
        ...

    def spiel_pieces(self) -> tuple[int, ...]:
        """How many pieces of each kind are dealt at random: the hands and everything left
        to draw."""
        ...

    def spiel_hands(self) -> tuple[int, ...]:
        """How many pieces each seat is dealt at the start, in seat order."""
        ...

    def spiel_opening(self, hands: Sequence[Sequence[int]], rest: Sequence[int]) -> Any:
        """The opening position with these hands (kinds, one sequence per seat) and
        ``rest``, every other piece, in the order it would be drawn."""
        ...

    def spiel_undrawn(self, state: Any) -> tuple[int, ...]:
        """How many pieces of each kind the next draw may take: every piece nobody has seen
        that the rules may still draw (the cards set aside unseen count among them: from
        where nobody sees, they are a random part of the same pieces)."""
        ...

    def spiel_left(self, state: Any) -> int:
        """How many pieces can still be drawn: an input draws as many as it lowers this."""
        ...

    def spiel_drawing(self, state: Any, pieces: Sequence[int]) -> Any:
        """``state`` with its undrawn pieces in another order: ``pieces`` (kinds, each among
        :meth:`spiel_undrawn`) drawn next, in this order, the others after them in kind
        order; nothing else changes."""
        ...

    def spiel_sample(
        self, state: Any, player: int, rng: random.Random, discards: Discards
    ) -> tuple[Any, Discards]:
        """A state ``player`` cannot tell from ``state``, drawn with ``rng`` by
        :func:`~tigris_rules.ai.information.sample_hidden`, and the record of the discards
        that goes with it: ``player``'s own as in ``discards``, the others' as the sample
        drew them."""
        ...

    def spiel_action_text(self, action: Any, actor: int, seat: int) -> str:
        """``actor``'s input ``action`` as ``seat`` saw it (what it hides left out)."""
        ...

    def spiel_event_text(self, event: Any) -> str:
        """An event as one seat saw it (a public event or one of its own), as a sentence."""
        ...

    def spiel_view_text(self, view: Any) -> str:
        """A seat's view of a state as text."""
        ...


def drawing_first(undrawn: Sequence[int], pieces: Sequence[int]) -> list[int]:
    """The pieces of ``undrawn`` (kinds, in any order) with ``pieces`` first, in their order,
    and the others after them in kind order: the undrawn part of a pile whose next draws are
    ``pieces``. A piece that ``undrawn`` lacks is a :class:`~tigris_rules.DealError`."""
    kinds = sorted(set(undrawn))
    left = {kind: undrawn.count(kind) for kind in kinds}
    for piece in pieces:
        if not left.get(piece):
            raise DealError(f"no piece of kind {piece} is left to draw")
        left[piece] -= 1
    drawing = [*pieces]
    for kind in kinds:
        drawing += [kind] * left[kind]
    return drawing
