"""tigris_rules: an exact, typed, pure rules engine for Reiner Knizia's Tigris & Euphrates.

>>> import tigris_rules as tr
>>> state = tr.new_game(tr.GameConfig(players=3), seed=0)
>>> tr.to_move(state)
0
>>> state = tr.apply(state, tr.PlaceTile(tr.Color.RED, "g4"))

The rules are specified in RULES.md; every rejection carries the ID of the rule it breaks.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from tigris_rules._version import __version__
from tigris_rules.api import (
    apply,
    deal_from_seed,
    is_over,
    legal_actions,
    new_game,
    perft,
    result,
    step,
    to_move,
)
from tigris_rules.errors import (
    ArgumentTypeError,
    ArgumentValueError,
    ConfigError,
    DealError,
    FormatError,
    IllegalActionError,
    InvalidActionError,
    LogError,
    NotAStateError,
    TigrisError,
)
from tigris_rules.model.actions import (
    Action,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    KeepTreasure,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    WithdrawLeader,
)
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.decisions import (
    CommitDecision,
    Conflict,
    ConflictKind,
    Decision,
    Role,
    StructureDecision,
    TreasureDecision,
    WarOrderDecision,
)
from tigris_rules.model.state import GameState

if TYPE_CHECKING:
    from tigris_rules import rulebook as rulebook  # tr.rulebook.describe("WAR-7")
    from tigris_rules.ai.encoding import ActionEncoding, action_encoding, legal_action_mask
    from tigris_rules.ai.information import Discards, observation, sample_hidden
    from tigris_rules.api import AnyAction, AnyState, new_card_game
    from tigris_rules.cards import (
        CardAction,
        CardDeal,
        CardDecision,
        CardEvent,
        CardGameState,
        CardLegalActions,
        CardView,
        GapView,
        TurnStart,
        card_view,
    )
    from tigris_rules.cards.render import render_card_result, render_table
    from tigris_rules.model.events import Event
    from tigris_rules.model.outcome import PlayerResult, Result, Termination
    from tigris_rules.records import (
        AnyEvent,
        ExpectedResult,
        GameLog,
        LogEntry,
        NotationError,
        PlayerOutcome,
        Problem,
        ProblemKind,
        Recorder,
        Replay,
        Report,
        format_action,
        format_record,
        log_schema,
        parse_action,
        parse_record,
        parse_records,
        read_log,
        record_game,
        replay,
        validate_file,
        validate_json,
        validate_log,
        write_log,
        write_record,
    )
    from tigris_rules.records.json_io import dumps, loads
    from tigris_rules.records.position import position, read_position
    from tigris_rules.rules.legality import LegalActions
    from tigris_rules.state_check import StateProblem, check_state
    from tigris_rules.variants.buildings import BuildingDecision, PlaceBuilding
    from tigris_rules.variants.ziggurat import BuildZiggurat, ChooseColor, ZigguratIncomeDecision
    from tigris_rules.views import PlayerView, ViewError, view
    from tigris_rules.views.events import (
        PublicEvent,
        PublicTilesDrawn,
        event_for,
        events_for,
        public_event,
        public_events,
    )

_LAZY: dict[str, str] = {
    "ActionEncoding": "tigris_rules.ai.encoding",
    "AnyAction": "tigris_rules.api",
    "AnyEvent": "tigris_rules.records",
    "AnyState": "tigris_rules.api",
    "BuildZiggurat": "tigris_rules.variants.ziggurat",
    "BuildingDecision": "tigris_rules.variants.buildings",
    "CardAction": "tigris_rules.cards",
    "CardDeal": "tigris_rules.cards",
    "CardDecision": "tigris_rules.cards",
    "CardEvent": "tigris_rules.cards",
    "CardGameState": "tigris_rules.cards",
    "CardLegalActions": "tigris_rules.cards",
    "CardView": "tigris_rules.cards",
    "ChooseColor": "tigris_rules.variants.ziggurat",
    "Discards": "tigris_rules.ai.information",
    "Event": "tigris_rules.model.events",
    "ExpectedResult": "tigris_rules.records",
    "GameLog": "tigris_rules.records",
    "GapView": "tigris_rules.cards",
    "LegalActions": "tigris_rules.rules.legality",
    "LogEntry": "tigris_rules.records",
    "NotationError": "tigris_rules.records",
    "PlaceBuilding": "tigris_rules.variants.buildings",
    "PlayerOutcome": "tigris_rules.records",
    "PlayerResult": "tigris_rules.model.outcome",
    "PlayerView": "tigris_rules.views",
    "Problem": "tigris_rules.records",
    "ProblemKind": "tigris_rules.records",
    "PublicEvent": "tigris_rules.views.events",
    "PublicTilesDrawn": "tigris_rules.views.events",
    "Recorder": "tigris_rules.records",
    "Replay": "tigris_rules.records",
    "Report": "tigris_rules.records",
    "Result": "tigris_rules.model.outcome",
    "StateProblem": "tigris_rules.state_check",
    "Termination": "tigris_rules.model.outcome",
    "TurnStart": "tigris_rules.cards",
    "ViewError": "tigris_rules.views",
    "ZigguratIncomeDecision": "tigris_rules.variants.ziggurat",
    "action_encoding": "tigris_rules.ai.encoding",
    "card_view": "tigris_rules.cards",
    "check_state": "tigris_rules.state_check",
    "dumps": "tigris_rules.records.json_io",
    "event_for": "tigris_rules.views.events",
    "events_for": "tigris_rules.views.events",
    "format_action": "tigris_rules.records",
    "format_record": "tigris_rules.records",
    "legal_action_mask": "tigris_rules.ai.encoding",
    "loads": "tigris_rules.records.json_io",
    "log_schema": "tigris_rules.records",
    "new_card_game": "tigris_rules.api",
    "observation": "tigris_rules.ai.information",
    "parse_action": "tigris_rules.records",
    "parse_record": "tigris_rules.records",
    "parse_records": "tigris_rules.records",
    "position": "tigris_rules.records.position",
    "public_event": "tigris_rules.views.events",
    "public_events": "tigris_rules.views.events",
    "read_log": "tigris_rules.records",
    "read_position": "tigris_rules.records.position",
    "record_game": "tigris_rules.records",
    "render_card_result": "tigris_rules.cards.render",
    "render_table": "tigris_rules.cards.render",
    "replay": "tigris_rules.records",
    "rulebook": "tigris_rules.rulebook",
    "sample_hidden": "tigris_rules.ai.information",
    "validate_file": "tigris_rules.records",
    "validate_json": "tigris_rules.records",
    "validate_log": "tigris_rules.records",
    "view": "tigris_rules.views",
    "write_log": "tigris_rules.records",
    "write_record": "tigris_rules.records",
}
"""The public names imported when first asked for (PEP 562), by the module that holds them:
the card game, the records, the views, the pictures and the AI are not loaded by
``import tigris_rules``."""


if not TYPE_CHECKING:  # type checkers see the names imported above, and no others

    def __getattr__(name: str) -> object:
        """A public name of ``_LAZY``, imported when first asked for and kept."""
        module = _LAZY.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        found = importlib.import_module(module)
        value = found if module == f"{__name__}.{name}" else getattr(found, name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The names of the package, those not imported yet included."""
        return sorted({*globals(), *_LAZY})


__all__ = [
    "COLORS",
    "Action",
    "ActionEncoding",
    "AnyAction",
    "AnyEvent",
    "AnyState",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BuildMonument",
    "BuildZiggurat",
    "BuildingDecision",
    "CardAction",
    "CardDeal",
    "CardDecision",
    "CardEvent",
    "CardGameState",
    "CardLegalActions",
    "CardView",
    "ChooseColor",
    "ChooseConflict",
    "Color",
    "CommitDecision",
    "CommitSupport",
    "ConfigError",
    "Conflict",
    "ConflictKind",
    "Deal",
    "DealError",
    "Decision",
    "Decline",
    "Discards",
    "EndTurn",
    "Event",
    "ExpectedResult",
    "FormatError",
    "GameConfig",
    "GameLog",
    "GameState",
    "GapView",
    "IllegalActionError",
    "InvalidActionError",
    "KeepTreasure",
    "LegalActions",
    "LogEntry",
    "LogError",
    "Monument",
    "NotAStateError",
    "NotationError",
    "PlaceBuilding",
    "PlaceCatastrophe",
    "PlaceLeader",
    "PlaceTile",
    "PlayerOutcome",
    "PlayerResult",
    "PlayerView",
    "Problem",
    "ProblemKind",
    "PublicEvent",
    "PublicTilesDrawn",
    "Recorder",
    "Replay",
    "Report",
    "Result",
    "Role",
    "StateProblem",
    "StructureDecision",
    "SwapTiles",
    "Termination",
    "TigrisError",
    "TreasureDecision",
    "TurnStart",
    "ViewError",
    "WarOrderDecision",
    "WithdrawLeader",
    "ZigguratIncomeDecision",
    "__version__",
    "action_encoding",
    "apply",
    "card_view",
    "check_state",
    "deal_from_seed",
    "dumps",
    "event_for",
    "events_for",
    "format_action",
    "format_record",
    "is_over",
    "legal_action_mask",
    "legal_actions",
    "loads",
    "log_schema",
    "new_card_game",
    "new_game",
    "observation",
    "parse_action",
    "parse_record",
    "parse_records",
    "perft",
    "position",
    "public_event",
    "public_events",
    "read_log",
    "read_position",
    "record_game",
    "render_card_result",
    "render_table",
    "replay",
    "result",
    "sample_hidden",
    "step",
    "to_move",
    "validate_file",
    "validate_json",
    "validate_log",
    "view",
    "write_log",
    "write_record",
]
