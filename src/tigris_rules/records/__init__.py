"""Records: JSON for every value of the library, game logs, their schemas, the notation.

- :mod:`~tigris_rules.records.json_io`: JSON text (``tr.dumps``, ``tr.loads``), read strictly
  within a size limit (:mod:`~tigris_rules.records.json_reading`), through the converter of
  :mod:`~tigris_rules.records.converter` (configurations, actions, decisions and events,
  tagged by a stable ``"type"``; :mod:`~tigris_rules.records.tags` the board game's tags).
- :mod:`~tigris_rules.records.codec`: what a ruleset offers to be read and written
  (:class:`GameCodec`); :mod:`~tigris_rules.records.board_state` the board game's states,
  :mod:`~tigris_rules.records.areas` its variants' areas (:class:`VariantCodec` and the other
  facets a variant may offer), :mod:`~tigris_rules.records.view_codec` the player views.
- :mod:`~tigris_rules.records.json_schema`: the JSON Schemas of logs, views and events.
- :mod:`~tigris_rules.records.log`: the log format; :mod:`~tigris_rules.records.recording`
  recording a game; :mod:`~tigris_rules.records.validation` and
  :mod:`~tigris_rules.records.problems` replaying and validating a log.
- :mod:`~tigris_rules.records.notation`: the text notation of actions;
  :mod:`~tigris_rules.records.game_record` the text game record (TGN), a log written as
  tags and movetext in that notation.
"""

from __future__ import annotations

from tigris_rules.records._repair import (
    CHECKPOINT,
    CLAIMS_AHEAD,
    DEEP_CANDIDATES,
    DEEP_LOOKBACK,
    LISTING_COST,
    LONE_LOOKAHEAD,
    LOOKAHEAD,
    LOOKBACK,
    LOOKBACK_NEIGHBOURS,
    MAX_LOOKAHEAD,
    MISSING_TRIES,
    MISSING_WAYS,
    PLACES_LEAST,
    REJUDGE_DISTANCE,
    REPAIR_BUDGET,
    REPAIR_PER_ACTION,
    REPAIR_PER_PROBLEM,
    RIVALS_PER_ACTION,
    SWAP_DISTANCE,
)
from tigris_rules.records._replaying import GameReplayer, Replaying
from tigris_rules.records.areas import (
    VariantCodec,
    VariantSchema,
    VariantViewCodec,
    VariantViewSchema,
)
from tigris_rules.records.codec import GameCodec, SchemaPart, game_codec
from tigris_rules.records.game_record import (
    RECORD_SUFFIX,
    is_record,
    parse_record,
    parse_records,
    read_log,
    read_records,
)
from tigris_rules.records.json_io import DEFAULT_MAX_BYTES, MEGABYTE, dumps, loads
from tigris_rules.records.json_schema import (
    build_schemas,
    event_schema,
    schemas_for,
    view_schema,
)
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
from tigris_rules.records.record_writing import (
    RecordTurns,
    format_record,
    format_records,
    write_record,
)
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
    "CHECKPOINT",
    "CLAIMS_AHEAD",
    "DEEP_CANDIDATES",
    "DEEP_LOOKBACK",
    "DEFAULT_MAX_BYTES",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "LISTING_COST",
    "LONE_LOOKAHEAD",
    "LOOKAHEAD",
    "LOOKBACK",
    "LOOKBACK_NEIGHBOURS",
    "MAX_LOOKAHEAD",
    "MEGABYTE",
    "MISSING_TRIES",
    "MISSING_WAYS",
    "PLACES_LEAST",
    "RECORD_SUFFIX",
    "REJUDGE_DISTANCE",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "REPAIR_PER_PROBLEM",
    "RIVALS_PER_ACTION",
    "STDIN",
    "SWAP_DISTANCE",
    "VERBS",
    "AnyEvent",
    "ExpectedResult",
    "GameCodec",
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
    "RecordTurns",
    "Recorder",
    "Replay",
    "Replaying",
    "Report",
    "SchemaPart",
    "VariantCodec",
    "VariantNotation",
    "VariantSchema",
    "VariantViewCodec",
    "VariantViewSchema",
    "build_schemas",
    "describe_action",
    "dumps",
    "event_schema",
    "format_action",
    "format_record",
    "format_records",
    "game_codec",
    "is_record",
    "loads",
    "log_schema",
    "log_schema_text",
    "parse_action",
    "parse_record",
    "parse_records",
    "read_log",
    "read_records",
    "record_game",
    "replay",
    "replay_position",
    "schemas_for",
    "square_verb",
    "validate_file",
    "validate_json",
    "validate_log",
    "verbs",
    "view_schema",
    "write_log",
    "write_record",
]
