"""The view of a game's state for one seat, asked of the game itself.

:func:`view` works for every game: it asks the ruleset the state carries
(``state.ruleset``) for its :class:`GameViews`. The board game answers with a
:class:`~tigris_rules.views.PlayerView` (:func:`~tigris_rules.views.board.board_view`,
CONV-14), the card game with a :class:`~tigris_rules.cards.CardView`
(:func:`~tigris_rules.cards.view.card_view`, CARD-DEF-7).

>>> import tigris_rules as tr
>>> board = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> type(view(board, 0)).__name__, view(board, None).hands
('PlayerView', (None, None))
>>> cards = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
>>> type(view(cards, 0)).__name__, view(cards, 0).hand_sizes
('CardView', (8, 8))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, overload

from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import Ruleset
from tigris_rules.views.seats import ViewArgumentError

if TYPE_CHECKING:
    from tigris_rules.cards.state import CardGameState
    from tigris_rules.cards.view import CardView
    from tigris_rules.model.state import GameState
    from tigris_rules.views.board import PlayerView

__all__ = ["GameViews", "view"]


class GameViews(Protocol):
    """What a ruleset offers to show its states to one seat at a time."""

    def view(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` (a seat number, or ``None`` for a spectator) may see of ``state``, a
        state of this ruleset: a frozen value equal for two states that differ only in what
        the seat may not see. Raises :class:`~tigris_rules.ViewError` for a seat that does
        not exist or a ``seat`` of the wrong type."""
        ...


def _ruleset(state: object) -> Ruleset[Any, Any, Any]:
    """The ruleset ``state`` carries; anything but a state of that ruleset is refused."""
    ruleset: Any = getattr(state, "ruleset", None)
    if isinstance(ruleset, Ruleset) and type(state) is ruleset.state_type:
        return ruleset
    raise ViewArgumentError(
        f"state: expected a game state (a GameState or a CardGameState), got {type(state).__name__}"
    )


@overload
def view(state: GameState, player: int | None) -> PlayerView: ...
@overload
def view(state: CardGameState, player: int | None) -> CardView: ...
def view(state: GameState | CardGameState, player: int | None) -> PlayerView | CardView:
    """What ``player`` (a seat, or ``None`` for a spectator) may see of ``state``, as the
    state's game shows it (:class:`GameViews`).

    Raises :class:`~tigris_rules.ViewError` for a seat that does not exist, and a
    ``ViewError`` that is also an :class:`~tigris_rules.ArgumentTypeError` for a ``state`` or
    a ``player`` of the wrong type, or a state whose game has no player views.
    """
    ruleset = _ruleset(state)
    views = offered(ruleset, GameViews)
    if views is None:
        raise ViewArgumentError(f"state: the {ruleset.game!r} game has no player views")
    seen: PlayerView | CardView = views.view(state, player)
    return seen
