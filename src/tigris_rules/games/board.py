"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

from tigris_rules.model.state import GameState
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.views.board import PlayerView, board_view

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""

    def view(self, state: GameState, seat: int | None) -> PlayerView:
        """What ``seat`` may see of ``state`` (CONV-14, OPT-2):
        :func:`~tigris_rules.views.board.board_view` (:class:`~tigris_rules.views.GameViews`)."""
        return board_view(state, seat)
