"""A toy variant, "calm": a game without catastrophes (rule CALM-1).

It changes the opening (every player starts with no catastrophe) and the legality of a main
action (a catastrophe is refused under its own rule), and keeps no data of its own. It needs
no check of its own: the state check measures the catastrophes a player holds against the
opening the variants set up.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from tigris_rules.model.actions import Action, PlaceCatastrophe
from tigris_rules.model.state import GameState
from tigris_rules.rules.hooks import Rejection, Variant
from tigris_rules.rules.work import Position

__all__ = ["Calm"]


class Calm(Variant[None]):
    """CALM-1: nobody has a catastrophe, and none may be placed."""

    name = "calm"
    restricts = (PlaceCatastrophe,)
    rule_texts: ClassVar[Mapping[str, str]] = {
        "CALM-1": "Nobody has a catastrophe, and none may be placed."
    }

    def setup(self, state: GameState) -> GameState:
        """CALM-1: every player starts with no catastrophe."""
        return attrs.evolve(state, catastrophes=(0,) * state.config.players)

    def restrict_main(self, state: Position, kind: type[Action]) -> Rejection:
        """CALM-1: a catastrophe is never placed."""
        return Rejection("CALM-1", "the calm variant plays no catastrophes")
