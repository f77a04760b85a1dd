"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

from typing import Any

from tigris_rules.rules.ruleset import BoardRules

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""

    # --- pictures (tigris_rules.render.pictures.GamePictures) -------------------------------

    def text_board(self, board: Any, color: bool) -> str:
        """The board as :func:`tigris_rules.render.text.board_text` draws it."""
        from tigris_rules.render.text import board_text

        return board_text(board, color=color)

    def text_result(self, state: Any) -> str:
        """The result as :func:`tigris_rules.render.text.board_result` draws it."""
        from tigris_rules.render.text import board_result

        return board_result(state)

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
        """The board as :func:`tigris_rules.render.svg.board_svg` draws it."""
        from tigris_rules.render.svg import board_svg

        return board_svg(
            board, scale=scale, coordinates=coordinates, caption=caption, last=last, panel=panel
        )
