"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

import random
from collections.abc import Iterable

from tigris_rules.ai._board_encoding import board_action_space
from tigris_rules.ai._board_information import (
    board_observation,
    board_observation_layout,
    board_sample_hidden,
)
from tigris_rules.ai.encoding import SpaceEntry
from tigris_rules.ai.information import Discards
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

    # --- encoding and observation (tigris_rules.ai) -------------------------------------------

    def action_space(self) -> Iterable[SpaceEntry]:
        """The action space of the configuration (:class:`~tigris_rules.ai.GameEncoding`)."""
        return board_action_space(self.config)

    def observation_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation's segments (:class:`~tigris_rules.ai.GameObservation`)."""
        return board_observation_layout(self.config)

    def observe(self, state: GameState, player: int) -> tuple[int, ...]:
        """``player``'s observation of ``state`` (:class:`~tigris_rules.ai.GameObservation`)."""
        return board_observation(state, player)

    def sample_hidden(
        self, state: GameState, player: int, rng: random.Random, discards: Discards
    ) -> GameState:
        """A state ``player`` cannot tell from ``state``
        (:class:`~tigris_rules.ai.GameObservation`)."""
        return board_sample_hidden(state, player, rng, discards)
