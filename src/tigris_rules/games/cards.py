"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

from typing import Any, ClassVar

from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.codec import (
    CARD_HOOK_SCHEMAS,
    CARD_VIEW_FIELDS,
    read_card_view,
    structure_card_state,
    unstructure_card_state,
    write_card_view,
)
from tigris_rules.cards.components import Boat
from tigris_rules.cards.decisions import CardDecision
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.cards.state import CardGameState
from tigris_rules.cards.view import CardView
from tigris_rules.events_public import PublicCardEvent
from tigris_rules.model.config import GameConfig
from tigris_rules.records.codec import SchemaPart

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""

    # --- JSON (records.codec.GameCodec) ---------------------------------------------------

    view_type: ClassVar[type] = CardView

    def state_to_json(self, state: CardGameState) -> dict[str, Any]:
        return unstructure_card_state(state)

    def state_from_json(self, data: dict[str, Any], config: GameConfig) -> CardGameState:
        return structure_card_state(data, config)

    def view_to_json(self, view: CardView) -> dict[str, Any]:
        return write_card_view(view)

    def view_from_json(self, data: dict[str, Any], config: GameConfig) -> CardView:
        return read_card_view(data, config)

    def schema_part(self) -> SchemaPart:
        return SchemaPart(
            view="card_view",
            view_fields=CARD_VIEW_FIELDS,
            view_description="what one player (or a spectator) may see of a card game (CARD-DEF-7)",
            unions={
                "card_action": CardAction,
                "card_decision": CardDecision,
                "card_event": CardEvent,
                "public_card_event": PublicCardEvent,
            },
            public_events="public_card_event",
            hooks=CARD_HOOK_SCHEMAS,
            enums={Boat: "boat"},
            defs={"boat": {"enum": [b.value for b in Boat]}},
        )
