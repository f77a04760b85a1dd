"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

from typing import Any

from tigris_rules.cards.ruleset import CardRules
from tigris_rules.errors import ArgumentValueError

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""

    # --- pictures (tigris_rules.render.pictures.GamePictures) -------------------------------

    def text_board(self, board: Any, color: bool) -> str:
        """The table as :func:`tigris_rules.cards.render.render_table` draws it, in plain
        ASCII (the card game's text has no colours)."""
        from tigris_rules.cards.render import render_table

        return render_table(board)

    def text_result(self, state: Any) -> str:
        """The result as :func:`tigris_rules.cards.render.render_card_result` draws it."""
        from tigris_rules.cards.render import render_card_result

        return render_card_result(state)

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
        """The table as :func:`tigris_rules.cards.render_svg.render_card_svg` draws it: it
        has no coordinates and always shows the seats (``coordinates`` and ``panel`` change
        nothing), and no caption (refused)."""
        from tigris_rules.cards.render_svg import render_card_svg

        if caption is not None:
            raise ArgumentValueError("caption: the card game's picture has no caption")
        return render_card_svg(board, scale=scale, last=last)
