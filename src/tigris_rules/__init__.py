"""tigris_rules: an exact, typed, pure rules engine for Reiner Knizia's Tigris & Euphrates.

>>> import tigris_rules as tr
>>> state = tr.new_game(tr.GameConfig(players=3), seed=0)
>>> tr.to_move(state)
0
>>> state = tr.apply(state, tr.PlaceTile(tr.Color.RED, "g4"))

The rules are specified in RULES.md; every rejection carries the ID of the rule it breaks.
"""

from __future__ import annotations

from tigris_rules import rulebook as rulebook
from tigris_rules._version import __version__  # tr.rulebook.describe("WAR-7")
from tigris_rules.ai.encoding import ActionEncoding, action_encoding, legal_action_mask
from tigris_rules.ai.information import Discards, observation, sample_hidden
from tigris_rules.api import (
    AnyAction,
    AnyState,
    apply,
    deal_from_seed,
    is_over,
    legal_actions,
    new_card_game,
    new_game,
    perft,
    result,
    step,
    to_move,
)
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
from tigris_rules.model.events import Event
from tigris_rules.model.outcome import PlayerResult, Result, Termination
from tigris_rules.model.state import GameState
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
    log_schema,
    parse_action,
    read_log,
    record_game,
    replay,
    validate_file,
    validate_json,
    validate_log,
    write_log,
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
    "is_over",
    "legal_action_mask",
    "legal_actions",
    "loads",
    "log_schema",
    "new_card_game",
    "new_game",
    "observation",
    "parse_action",
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
]
