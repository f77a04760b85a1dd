"""Records: JSON for every value of the library, game logs, their schemas.

- :mod:`~tigris_rules.records.converter`: the converter of configurations, actions,
  decisions and events, tagged by a stable ``"type"``; :mod:`~tigris_rules.records.tags`
  the board game's tags.
- :mod:`~tigris_rules.records.json_io`: JSON text (``tr.dumps``, ``tr.loads``), read strictly
  within a size limit (:mod:`~tigris_rules.records.json_reading`).
- :mod:`~tigris_rules.records.codec`: what a ruleset offers to be read and written
  (:class:`GameCodec`); :mod:`~tigris_rules.records.board_state` the board game's states,
  :mod:`~tigris_rules.records.areas` its variants' areas (:class:`VariantCodec` and the other
  facets a variant may offer), :mod:`~tigris_rules.records.view_codec` the player views.
- :mod:`~tigris_rules.records.json_schema`: the JSON Schemas of logs, views and events.
- :mod:`~tigris_rules.records.log`: game logs, their replay and validation.
"""

from __future__ import annotations

from tigris_rules.records._checks import (
    MAX_PROBLEMS as MAX_PROBLEMS,
)
from tigris_rules.records._checks import (
    QUOTE_LIMIT as QUOTE_LIMIT,
)
from tigris_rules.records._checks import (
    at as at,
)
from tigris_rules.records._checks import (
    check_keys as check_keys,
)
from tigris_rules.records._checks import (
    describe as describe,
)
from tigris_rules.records._checks import (
    member as member,
)
from tigris_rules.records._checks import (
    need_array as need_array,
)
from tigris_rules.records._checks import (
    need_int as need_int,
)
from tigris_rules.records._checks import (
    need_object as need_object,
)
from tigris_rules.records._checks import (
    problems_of as problems_of,
)
from tigris_rules.records._quick import (
    QUICK_KEPT as QUICK_KEPT,
)
from tigris_rules.records._quick import (
    quick_reader as quick_reader,
)
from tigris_rules.records.areas import (
    VariantCodec as VariantCodec,
)
from tigris_rules.records.areas import (
    VariantSchema as VariantSchema,
)
from tigris_rules.records.areas import (
    VariantViewCodec as VariantViewCodec,
)
from tigris_rules.records.areas import (
    VariantViewSchema as VariantViewSchema,
)
from tigris_rules.records.codec import (
    GameCodec as GameCodec,
)
from tigris_rules.records.codec import (
    SchemaPart as SchemaPart,
)
from tigris_rules.records.codec import (
    game_codec as game_codec,
)
from tigris_rules.records.converter import (
    MAX_SEAT as MAX_SEAT,
)
from tigris_rules.records.converter import (
    TAG_KEY as TAG_KEY,
)
from tigris_rules.records.converter import (
    field_hooks as field_hooks,
)
from tigris_rules.records.converter import (
    installed_variant_tags as installed_variant_tags,
)
from tigris_rules.records.converter import (
    register_fields as register_fields,
)
from tigris_rules.records.converter import (
    register_hooks as register_hooks,
)
from tigris_rules.records.converter import (
    register_tagged as register_tagged,
)
from tigris_rules.records.converter import (
    register_variant as register_variant,
)
from tigris_rules.records.converter import (
    register_variant_classes as register_variant_classes,
)
from tigris_rules.records.converter import (
    structure as structure,
)
from tigris_rules.records.converter import (
    structure_square as structure_square,
)
from tigris_rules.records.converter import (
    tag_of as tag_of,
)
from tigris_rules.records.converter import (
    tagged_classes as tagged_classes,
)
from tigris_rules.records.converter import (
    unstructure as unstructure,
)
from tigris_rules.records.json_io import (
    DEFAULT_MAX_BYTES as DEFAULT_MAX_BYTES,
)
from tigris_rules.records.json_io import (
    MEGABYTE as MEGABYTE,
)
from tigris_rules.records.json_io import (
    dumps as dumps,
)
from tigris_rules.records.json_io import (
    format_size as format_size,
)
from tigris_rules.records.json_io import (
    loads as loads,
)
from tigris_rules.records.json_io import (
    parse_json as parse_json,
)
from tigris_rules.records.json_schema import (
    SCHEMA_FILES as SCHEMA_FILES,
)
from tigris_rules.records.json_schema import (
    build_schemas as build_schemas,
)
from tigris_rules.records.json_schema import (
    event_schema as event_schema,
)
from tigris_rules.records.json_schema import (
    schema_text as schema_text,
)
from tigris_rules.records.json_schema import (
    schemas_for as schemas_for,
)
from tigris_rules.records.json_schema import (
    shipped_variants as shipped_variants,
)
from tigris_rules.records.json_schema import (
    view_schema as view_schema,
)
from tigris_rules.records.json_schema import (
    write_schemas as write_schemas,
)
from tigris_rules.records.log import (
    FORMAT_NAME as FORMAT_NAME,
)
from tigris_rules.records.log import (
    FORMAT_VERSION as FORMAT_VERSION,
)
from tigris_rules.records.log import (
    LOOKAHEAD as LOOKAHEAD,
)
from tigris_rules.records.log import (
    MAX_LOOKAHEAD as MAX_LOOKAHEAD,
)
from tigris_rules.records.log import (
    REPAIR_BUDGET as REPAIR_BUDGET,
)
from tigris_rules.records.log import (
    REPAIR_PER_ACTION as REPAIR_PER_ACTION,
)
from tigris_rules.records.log import (
    STDIN as STDIN,
)
from tigris_rules.records.log import (
    AnyEvent as AnyEvent,
)
from tigris_rules.records.log import (
    ExpectedResult as ExpectedResult,
)
from tigris_rules.records.log import (
    GameLog as GameLog,
)
from tigris_rules.records.log import (
    LogEntry as LogEntry,
)
from tigris_rules.records.log import (
    PlayerOutcome as PlayerOutcome,
)
from tigris_rules.records.log import (
    Position as Position,
)
from tigris_rules.records.log import (
    Problem as Problem,
)
from tigris_rules.records.log import (
    ProblemKind as ProblemKind,
)
from tigris_rules.records.log import (
    Recorder as Recorder,
)
from tigris_rules.records.log import (
    Replay as Replay,
)
from tigris_rules.records.log import (
    Report as Report,
)
from tigris_rules.records.log import (
    describe_action as describe_action,
)
from tigris_rules.records.log import (
    log_schema as log_schema,
)
from tigris_rules.records.log import (
    log_schema_text as log_schema_text,
)
from tigris_rules.records.log import (
    read_log as read_log,
)
from tigris_rules.records.log import (
    record_game as record_game,
)
from tigris_rules.records.log import (
    replay as replay,
)
from tigris_rules.records.log import (
    replay_position as replay_position,
)
from tigris_rules.records.log import (
    validate_file as validate_file,
)
from tigris_rules.records.log import (
    validate_json as validate_json,
)
from tigris_rules.records.log import (
    validate_log as validate_log,
)
from tigris_rules.records.log import (
    write_log as write_log,
)
from tigris_rules.records.tags import (
    ACTION_TAGS as ACTION_TAGS,
)
from tigris_rules.records.tags import (
    DECISION_TAGS as DECISION_TAGS,
)
from tigris_rules.records.tags import (
    EVENT_TAGS as EVENT_TAGS,
)
from tigris_rules.records.view_codec import (
    BOARD_VIEW_FIELDS as BOARD_VIEW_FIELDS,
)
from tigris_rules.records.view_codec import (
    ViewField as ViewField,
)

__all__ = [
    "ACTION_TAGS",
    "BOARD_VIEW_FIELDS",
    "DECISION_TAGS",
    "DEFAULT_MAX_BYTES",
    "EVENT_TAGS",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "LOOKAHEAD",
    "MAX_LOOKAHEAD",
    "MAX_PROBLEMS",
    "MAX_SEAT",
    "MEGABYTE",
    "QUICK_KEPT",
    "QUOTE_LIMIT",
    "REPAIR_BUDGET",
    "REPAIR_PER_ACTION",
    "SCHEMA_FILES",
    "STDIN",
    "TAG_KEY",
    "AnyEvent",
    "ExpectedResult",
    "GameCodec",
    "GameLog",
    "LogEntry",
    "PlayerOutcome",
    "Position",
    "Problem",
    "ProblemKind",
    "Recorder",
    "Replay",
    "Report",
    "SchemaPart",
    "VariantCodec",
    "VariantSchema",
    "VariantViewCodec",
    "VariantViewSchema",
    "ViewField",
    "at",
    "build_schemas",
    "check_keys",
    "describe",
    "describe_action",
    "dumps",
    "event_schema",
    "field_hooks",
    "format_size",
    "game_codec",
    "installed_variant_tags",
    "loads",
    "log_schema",
    "log_schema_text",
    "member",
    "need_array",
    "need_int",
    "need_object",
    "parse_json",
    "problems_of",
    "quick_reader",
    "read_log",
    "record_game",
    "register_fields",
    "register_hooks",
    "register_tagged",
    "register_variant",
    "register_variant_classes",
    "replay",
    "replay_position",
    "schema_text",
    "schemas_for",
    "shipped_variants",
    "structure",
    "structure_square",
    "tag_of",
    "tagged_classes",
    "unstructure",
    "validate_file",
    "validate_json",
    "validate_log",
    "view_schema",
    "write_log",
    "write_schemas",
]
