"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

from typing import Any, ClassVar

from tigris_rules.events_public import PublicEvent
from tigris_rules.model.actions import Action
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.events import Event
from tigris_rules.model.state import GameState
from tigris_rules.records.board_state import structure_state, unstructure_state
from tigris_rules.records.codec import SchemaPart
from tigris_rules.records.tags import BOARD_HOOK_SCHEMAS
from tigris_rules.records.view_codec import BOARD_VIEW_FIELDS, read_board_view, write_board_view
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.views import PlayerView

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""

    # --- JSON (records.codec.GameCodec) ---------------------------------------------------

    view_type: ClassVar[type] = PlayerView

    def state_to_json(self, state: GameState) -> dict[str, Any]:
        return unstructure_state(state)

    def state_from_json(self, data: dict[str, Any], config: GameConfig) -> GameState:
        return structure_state(data, config)

    def view_to_json(self, view: PlayerView) -> dict[str, Any]:
        return write_board_view(view)

    def view_from_json(self, data: dict[str, Any], config: GameConfig) -> PlayerView:
        return read_board_view(data, config)

    def schema_part(self) -> SchemaPart:
        return SchemaPart(
            view="board_view",
            view_fields=BOARD_VIEW_FIELDS,
            view_description="what one player (or a spectator) may see of a board game (CONV-14)",
            unions={
                "action": Action,
                "decision": Decision,
                "event": Event,
                "public_event": PublicEvent,
            },
            public_events="public_event",
            log_entries=Action,
            hooks=BOARD_HOOK_SCHEMAS,
        )
