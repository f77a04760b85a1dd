"""tigris_rules: an exact, typed, pure rules engine for Reiner Knizia's Tigris & Euphrates.

>>> import tigris_rules as tr
>>> state = tr.new_game(tr.GameConfig(players=3), seed=0)
>>> tr.to_move(state)
0
>>> state = tr.apply(state, tr.PlaceTile(tr.Color.RED, "g4"))

The rules are specified in RULES.md; every rejection carries the ID of the rule it breaks.
"""

from __future__ import annotations

from tigris_rules import variants as _variants  # registers the variants  # noqa: F401
from tigris_rules.errors import (
    ConfigError,
    DealError,
    IllegalActionError,
    InvalidActionError,
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
from tigris_rules.model.state import GameState
from tigris_rules.rules.engine import apply, is_over, step, to_move
from tigris_rules.rules.legality import LegalActions, legal_actions
from tigris_rules.rules.scoring import PlayerResult, Result, result
from tigris_rules.rules.setup import new_game

__version__ = "0.1.0"

__all__ = [
    "COLORS",
    "Action",
    "BuildMonument",
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
    "EndTurn",
    "Event",
    "GameConfig",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "KeepTreasure",
    "LegalActions",
    "Monument",
    "PlaceCatastrophe",
    "PlaceLeader",
    "PlaceTile",
    "PlayerResult",
    "Result",
    "Role",
    "StructureDecision",
    "SwapTiles",
    "TigrisError",
    "TreasureDecision",
    "WarOrderDecision",
    "WithdrawLeader",
    "__version__",
    "apply",
    "is_over",
    "legal_actions",
    "new_game",
    "result",
    "step",
    "to_move",
]
