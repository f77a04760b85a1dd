"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from tigris_rules.model.actions import Action
from tigris_rules.model.deal import Deal
from tigris_rules.model.state import GameState
from tigris_rules.records._board_notation import BoardNotation, board_notation
from tigris_rules.rules.engine import Replayer
from tigris_rules.rules.ruleset import BoardRules

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""

    # --- notation (tigris_rules.records.notation.GameNotation) ------------------------------

    @cached_property
    def _notation(self) -> BoardNotation:
        return board_notation(self.variants, "variant of this game", strict=True)

    def read_notation(self, text: str) -> Action:
        """The action ``text`` writes, in the base game's verbs and its variants'."""
        return self._notation.read(text)

    def write_notation(self, action: Action) -> str:
        """The canonical notation of ``action``."""
        return self._notation.write(action)

    def notation_words(self) -> tuple[str, ...]:
        """The base game's verbs, then each of its variants'."""
        return self._notation.verbs()

    # --- logs (tigris_rules.records.GameRecords, GameReplayer) ------------------------------

    def log_action_type(self) -> Any:
        """The board game's inputs, a variant's included."""
        return Action

    def log_deal_type(self) -> type:
        """A :class:`~tigris_rules.Deal`."""
        return Deal

    def replayer(self, state: GameState, *, well_formed: bool) -> Replayer:
        """The inputs of a log replayed on one working copy."""
        return Replayer(state, well_formed=well_formed)
