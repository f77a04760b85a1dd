"""What the renderers ask of a game: its pictures, drawn by the game's own ruleset.

:func:`~tigris_rules.render.render_board`, :func:`~tigris_rules.render.render_result` and
:func:`~tigris_rules.render.render_svg` take a state or a view of any game and ask the
ruleset it carries (``board.ruleset``) for the picture through :class:`GamePictures`; the
board game (:class:`~tigris_rules.games.board.BoardGame`) draws with this package's board
renderers, the card game (:class:`~tigris_rules.games.cards.CardGame`) with
:mod:`tigris_rules.cards.render` and :mod:`tigris_rules.cards.render_svg`. A state's
``_repr_svg_`` (the picture Jupyter shows) asks its ruleset the same way.
"""

from __future__ import annotations

from typing import Any, Protocol

from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import Ruleset, ruleset_for

__all__ = ["GamePictures", "pictures_of"]


class GamePictures(Protocol):
    """The pictures a ruleset draws of its states and views. Each method checks its own
    arguments, as the public function it serves documents them."""

    def text_board(self, board: Any, color: bool) -> str:
        """The table or board of ``board`` (a state, or a view where the game draws one) as
        text, in ANSI colours when ``color`` is true and the game draws in colour
        (:func:`~tigris_rules.render.render_board`)."""
        ...

    def text_result(self, state: Any) -> str:
        """The result of ``state`` as a text table
        (:func:`~tigris_rules.render.render_result`)."""
        ...

    def svg_board(
        self,
        board: Any,
        *,
        scale: float = 1.0,
        coordinates: bool = True,
        caption: str | None = None,
        last: Any = None,
        panel: bool | None = None,
    ) -> str:
        """``board`` (a state or a view) as a standalone SVG document
        (:func:`~tigris_rules.render.render_svg`, which documents the options); an option
        the game's picture does not have is refused when it is given."""
        ...


def pictures_of(board: object, argument: str) -> GamePictures:
    """The pictures of the game ``board`` (a state or a view, the ``argument`` of a public
    function) follows: of the ruleset it carries, or else of its configuration's;
    :class:`~tigris_rules.ArgumentTypeError` naming ``argument`` when it is not a state or a
    view of a game that draws them."""
    ruleset = getattr(board, "ruleset", None)
    config = getattr(board, "config", None)
    if ruleset is None and isinstance(config, GameConfig):  # a view that carries no ruleset
        ruleset = ruleset_for(config)
    if not isinstance(ruleset, Ruleset):
        raise ArgumentTypeError.expected(argument, "a game state or a player view", board)
    pictures = offered(ruleset, GamePictures)
    if pictures is None:
        raise ArgumentTypeError(f"{argument}: the {ruleset.game!r} game draws no pictures")
    return pictures
