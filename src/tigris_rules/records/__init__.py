"""Game records: the JSON log format (:mod:`~tigris_rules.records.log`), recording a game
(:mod:`~tigris_rules.records.recording`), replaying and validating a log
(:mod:`~tigris_rules.records.validation`, :mod:`~tigris_rules.records.problems`), and the
text notation of actions (:mod:`~tigris_rules.records.notation`)."""

from __future__ import annotations

from tigris_rules.records._repair import (
    LOOKAHEAD,
    MAX_LOOKAHEAD,
    REPAIR_BUDGET,
    REPAIR_PER_ACTION,
)
from tigris_rules.records._replaying import GameReplayer, Replaying
from tigris_rules.records.log import (
    FORMAT_NAME,
    FORMAT_VERSION,
    STDIN,
    AnyEvent,
    ExpectedResult,
    GameLog,
    GameRecords,
    LogEntry,
    PlayerOutcome,
    log_schema,
    log_schema_text,
    read_log,
    write_log,
)
from tigris_rules.records.notation import (
    VERBS,
    GameNotation,
    NotationError,
    NotationReader,
    NotationVerb,
    VariantNotation,
    format_action,
    parse_action,
    square_verb,
    verbs,
)
from tigris_rules.records.problems import Problem, ProblemKind, Report, describe_action
from tigris_rules.records.recording import Recorder, record_game
from tigris_rules.records.validation import (
    Position,
    Replay,
    replay,
    replay_position,
    validate_file,
    validate_json,
    validate_log,
)

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "LOOKAHEAD",
    "MAX_LOOKAHEAD",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "STDIN",
    "VERBS",
    "AnyEvent",
    "ExpectedResult",
    "GameLog",
    "GameNotation",
    "GameRecords",
    "GameReplayer",
    "LogEntry",
    "NotationError",
    "NotationReader",
    "NotationVerb",
    "PlayerOutcome",
    "Position",
    "Problem",
    "ProblemKind",
    "Recorder",
    "Replay",
    "Replaying",
    "Report",
    "VariantNotation",
    "describe_action",
    "format_action",
    "log_schema",
    "log_schema_text",
    "parse_action",
    "read_log",
    "record_game",
    "replay",
    "replay_position",
    "square_verb",
    "validate_file",
    "validate_json",
    "validate_log",
    "verbs",
    "write_log",
]
