"""Every public function given an argument of the wrong type raises a library error, never a
bare ``TypeError`` or ``AttributeError`` from deep inside.

The table :data:`CASES` holds one valid call per public function (every function named in
``__all__`` of ``tigris_rules`` and of its public modules) and per class of
:data:`CONSTRUCTORS`. For each argument the test puts
each wrong value of :data:`WRONG` (``None``, an int, a string, a board-game state, a
card-game state) in its place. A value the argument does not take must raise
:class:`~tigris_rules.ArgumentTypeError` (or the error the case names for it) with the
argument's name in the message; a value it does take must give a result or a library error.
A public function missing from the table fails :func:`test_every_public_function_is_in_the_table`.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import inspect
import math
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import strategies as st

import tigris_rules as tr
import tigris_rules.ai.bots
import tigris_rules.ai.candidates
import tigris_rules.ai.encoding
import tigris_rules.ai.information
import tigris_rules.ai.integrations.returns
import tigris_rules.ai.planes
import tigris_rules.ai.search
import tigris_rules.cards
import tigris_rules.cards.render
import tigris_rules.cards.render_svg
import tigris_rules.cards.view
import tigris_rules.records
import tigris_rules.records.converter
import tigris_rules.records.json_io
import tigris_rules.records.json_schema
import tigris_rules.records.notation
import tigris_rules.records.view_codec
import tigris_rules.render
import tigris_rules.render.diagram
import tigris_rules.rulebook
import tigris_rules.state_check
import tigris_rules.testing
import tigris_rules.tools.bulk
import tigris_rules.views
from tigris_rules import (
    cards,
    records,
    rulebook,
    testing,
)
from tigris_rules.ai import bots, encoding, information, planes, search
from tigris_rules.ai.integrations.returns import ranking_returns
from tigris_rules.cards.render_svg import render_card_svg
from tigris_rules.records import converter, json_schema, view_codec
from tigris_rules.render import (
    describe_decision,
    describe_event,
    diagram,
    render_board,
    render_result,
    render_svg,
    render_view,
    supports_color,
)
from tigris_rules.rules.setup import deal_from_seed
from tigris_rules.tools import bulk as tbulk
from tigris_rules.variants.buildings import Buildings


def _adapter(name: str, framework: str) -> ModuleType | None:
    """The integration module ``name``, or ``None`` when its ``framework`` is not installed
    (the dev extra installs both; without them their rows are left out). An adapter that
    fails to import while its framework is there fails the test module."""
    if importlib.util.find_spec(framework) is None:
        return None
    return importlib.import_module(f"tigris_rules.ai.integrations.{name}")


OPENSPIEL = _adapter("openspiel", "pyspiel")
OPENSPIEL_CARDS = _adapter("openspiel_cards", "pyspiel")
PETTINGZOO = _adapter("pettingzoo", "pettingzoo")
GYMNASIUM = _adapter("gymnasium_env", "gymnasium")
OPENSPIEL_PRIOR = _adapter("openspiel_prior", "pyspiel")
_ADAPTERS = tuple(
    module for module in (OPENSPIEL, OPENSPIEL_CARDS, PETTINGZOO) if module is not None
)

PUBLIC_MODULES: tuple[ModuleType, ...] = (
    tr,
    tigris_rules.ai.candidates,
    tigris_rules.render,
    tigris_rules.cards.render,
    tigris_rules.views,
    tigris_rules.cards.view,
    tigris_rules.records,
    tigris_rules.records.notation,
    tigris_rules.ai.bots,
    tigris_rules.views.events,
    tigris_rules.render.diagram,
    tigris_rules.testing,
    tigris_rules.ai.encoding,
    tigris_rules.ai.information,
    tigris_rules.ai.planes,
    tigris_rules.rulebook,
    tigris_rules.state_check,
    tigris_rules.cards.render_svg,
    tigris_rules.records.converter,
    tigris_rules.records.json_io,
    tigris_rules.records.view_codec,
    tigris_rules.records.json_schema,
    tigris_rules.ai.integrations.returns,
    tigris_rules.cards,
    tigris_rules.tools.bulk,
    tigris_rules.ai.search,
    *_ADAPTERS,
)

CONSTRUCTORS: tuple[type, ...] = (
    bots.RandomBot,
    bots.GreedyBot,
    bots.CardGreedyBot,
    search.ISMCTSBot,
    cards.CardLegalActions,
    *(() if GYMNASIUM is None else (GYMNASIUM.TigrisEuphratesGymEnv, GYMNASIUM.TigrisCardGymEnv)),
    *(() if OPENSPIEL_PRIOR is None else (OPENSPIEL_PRIOR.RankingEvaluator,)),
)
"""The public classes whose constructors check their arguments, in the table with the
functions."""

BOARD = tr.new_game(tr.GameConfig(players=2), seed=1)
CARDS = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
_, EVENTS = tr.step(BOARD, tr.legal_actions(BOARD)[0])
CARD_ACTION = tr.legal_actions(CARDS)[0]
LOG = tr.Recorder(tr.GameConfig(players=2), seed=1).log()
LOG_FILE = Path(__file__).parent / "data" / "logs" / "game-2p-classic-seed1.json"
LOG_TEXT = LOG_FILE.read_text(encoding="utf-8")
RECORD_TEXT = tr.format_record(LOG)

WRONG: dict[str, object] = {
    "none": None,
    "int": 7,
    "str": "text",
    "board": BOARD,
    "cards": CARDS,
}
"""The wrong values every argument is tried with, by kind."""

TEXT = frozenset({"str"})
SEAT = frozenset({"none", "int"})
NUMBER = frozenset({"int"})


@attrs.define
class _Scratch:
    """A class of the tests only, for the registration functions of ``serialize``."""

    x: int = 0


@attrs.frozen
class Case:
    """One valid call of ``function`` by keyword (``args``); ``takes`` names, per argument,
    the kinds of :data:`WRONG` it accepts; ``errors`` the error an argument raises instead
    of ``ArgumentTypeError``; ``raises`` the documented errors outside the library that a
    call with an accepted value may raise (an ``OSError`` for a path that names no file);
    ``call_accepted=False`` skips the calls with accepted values (they would change the
    library's registries or run for long)."""

    function: Callable[..., Any]
    args: Mapping[str, object]
    takes: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    errors: Mapping[str, type[Exception] | tuple[type[Exception], ...]] = attrs.field(factory=dict)
    raises: tuple[type[Exception], ...] = ()
    call_accepted: bool = True


def _choose_first(state: Any) -> Any:
    return tr.legal_actions(state)[0]


ACTION_ERRORS = (tr.InvalidActionError,)
"""A wrong action is malformed input (CONV-19), judged as every action is."""
PLAYER_ERRORS = (tr.IllegalActionError, tr.InvalidActionError)
"""A seat that is not a seat number is refused by TURN-1 or as malformed (CONV-19)."""

CASES: list[Case] = [
    # --- tigris_rules.api -----------------------------------------------------------------
    Case(tr.new_game, {"config": tr.GameConfig(), "seed": 1, "deal": None},
         {"seed": NUMBER, "deal": frozenset({"none"})},
         errors={"config": tr.DealError, "seed": tr.DealError, "deal": tr.DealError}),
    Case(tr.new_card_game, {"config": tr.GameConfig(game="cards"), "seed": 1, "deal": None},
         {"seed": NUMBER, "deal": frozenset({"none"})},
         errors={"config": tr.DealError, "seed": tr.DealError, "deal": tr.DealError}),
    Case(tr.deal_from_seed, {"config": tr.GameConfig(), "seed": 1}, {"seed": NUMBER},
         errors={"config": tr.DealError, "seed": tr.DealError}),
    Case(tr.to_move, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(tr.is_over, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(tr.legal_actions, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(tr.result, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(tr.step, {"state": BOARD, "action": tr.EndTurn(), "player": None},
         {"state": frozenset({"board", "cards"}), "player": SEAT},
         errors={"action": ACTION_ERRORS, "player": PLAYER_ERRORS}),
    Case(tr.perft, {"state": BOARD, "depth": 1},
         {"state": frozenset({"board", "cards"}), "depth": NUMBER}, call_accepted=False),
    Case(tr.apply, {"state": BOARD, "action": tr.EndTurn(), "player": None},
         {"state": frozenset({"board", "cards"}), "player": SEAT},
         errors={"action": ACTION_ERRORS, "player": PLAYER_ERRORS}),
    # --- views and public events ----------------------------------------------------------
    Case(tr.view, {"state": BOARD, "player": 0},
         {"state": frozenset({"board", "cards"}), "player": SEAT}),
    Case(tr.card_view, {"state": CARDS, "player": 0},
         {"state": frozenset({"cards"}), "player": SEAT}),
    Case(tigris_rules.views.board_view, {"state": BOARD, "player": 0},
         {"state": frozenset({"board"}), "player": SEAT}),
    Case(tr.event_for, {"event": EVENTS[0], "player": 0, "previous": None},
         {"player": SEAT, "previous": frozenset({"none"})}),
    Case(tr.public_event, {"event": EVENTS[0], "previous": None},
         {"previous": frozenset({"none"})}),
    Case(tr.events_for, {"events": EVENTS, "player": 0}, {"player": SEAT},
         errors={"events": tr.ArgumentTypeError}),
    Case(tr.public_events, {"events": EVENTS}),
    # --- rendering ------------------------------------------------------------------------
    Case(render_board, {"state": BOARD, "color": False},
         {"state": frozenset({"board", "cards"})}),
    Case(render_svg, {"board": BOARD, "scale": 1.0, "coordinates": True, "caption": None,
                      "last": None, "panel": None},
         {"board": frozenset({"board", "cards"}), "scale": NUMBER,
          "caption": frozenset({"none", "str"}),
          "last": frozenset({"none"}), "panel": frozenset({"none"})},
         errors={"last": ACTION_ERRORS}),
    Case(render_result, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(render_view, {"view": tr.view(BOARD, 0), "color": False}),
    Case(describe_decision, {"pending": None, "active": 0, "config": None},
         {"pending": frozenset({"none"}), "active": NUMBER, "config": frozenset({"none"})}),
    Case(describe_event, {"event": EVENTS[0], "config": None},
         {"config": frozenset({"none"})}),
    Case(supports_color, {"stream": None}, {"stream": frozenset(WRONG)}),
    Case(tr.render_table, {"state": CARDS}, {"state": frozenset({"cards"})}),
    Case(tr.render_card_result, {"state": CARDS}, {"state": frozenset({"cards"})}),
    # --- notation -------------------------------------------------------------------------
    Case(tr.parse_action, {"text": "end", "config": tr.GameConfig()},
         {"text": TEXT, "config": frozenset({"none"})}, errors={}),
    Case(tr.format_action, {"action": tr.EndTurn(), "config": tr.GameConfig()},
         {"config": frozenset({"none"})}, errors={"action": ACTION_ERRORS}),
    Case(records.verbs, {"config": tr.GameConfig()}, {"config": frozenset({"none"})}),
    Case(records.square_verb, {"word": "keep", "kind": tr.KeepTreasure, "usage": "keep b2"},
         {"word": TEXT, "usage": TEXT}),
    # --- records --------------------------------------------------------------------------
    Case(tr.validate_log, {"log": LOG, "strict": False, "max_problems": None},
         {"max_problems": SEAT}),
    Case(tr.replay, {"log": LOG}),
    Case(tr.validate_json, {"text": "{}", "max_bytes": None, "max_problems": None},
         {"text": TEXT, "max_bytes": SEAT, "max_problems": SEAT}),
    Case(tr.read_log, {"path": LOG_FILE, "max_bytes": None}, {"path": TEXT, "max_bytes": SEAT},
         raises=(OSError,)),
    Case(tr.validate_file, {"path": LOG_FILE, "max_bytes": None, "max_problems": None},
         {"path": TEXT, "max_bytes": SEAT, "max_problems": SEAT}),
    Case(tr.write_log, {"log": LOG, "path": "written.json"}, {"path": TEXT}),
    # --- records: the text game record -----------------------------------------------------
    Case(tr.format_record, {"log": LOG}),
    Case(records.format_records, {"logs": [LOG, LOG]}),
    Case(tr.parse_record, {"text": RECORD_TEXT, "max_bytes": None},
         {"text": TEXT, "max_bytes": SEAT}),
    Case(tr.parse_records, {"text": RECORD_TEXT, "max_bytes": None},
         {"text": TEXT, "max_bytes": SEAT}),
    Case(records.is_record, {"text": RECORD_TEXT}, {"text": TEXT}),
    Case(records.read_records, {"path": LOG_FILE, "max_bytes": None},
         {"path": TEXT, "max_bytes": SEAT}, raises=(OSError,)),
    Case(tr.write_record, {"log": LOG, "path": "written.tgn"}, {"path": TEXT}),
    Case(tr.record_game, {"config": tr.GameConfig(), "choose": _choose_first, "seed": 1,
                          "deal": None, "max_actions": 3},
         {"seed": SEAT, "deal": frozenset({"none"}), "max_actions": NUMBER},
         errors={"config": (tr.ArgumentTypeError, tr.DealError), "seed": tr.DealError,
                 "deal": tr.DealError}, raises=(RuntimeError,)),
    Case(tr.log_schema, {}),
    Case(records.log_schema_text, {}),
    Case(records.describe_action, {"action": tr.EndTurn()}, {"action": frozenset(WRONG)}),
    # --- records: JSON ----------------------------------------------------------------------
    Case(tr.dumps, {"obj": BOARD, "indent": None},
         {"obj": frozenset(WRONG), "indent": SEAT}),
    Case(tr.loads, {"text": '{"type": "end_turn"}', "kind": tr.Action, "max_bytes": None,
                    "check": True},
         {"text": TEXT, "max_bytes": SEAT}),
    Case(tr.position, {"state": BOARD, "hidden": True},
         {"state": frozenset({"board", "cards"})}),
    Case(tr.read_position, {"text": tr.position(BOARD), "max_bytes": None},
         {"text": TEXT, "max_bytes": SEAT}),
    Case(records.json_io.parse_json, {"text": "{}", "max_bytes": None},
         {"text": TEXT, "max_bytes": SEAT}),
    Case(converter.structure, {"data": {"type": "end_turn"}, "kind": tr.Action},
         {"data": frozenset(WRONG)}),
    Case(converter.unstructure, {"obj": BOARD}, {"obj": frozenset(WRONG)}),
    Case(records.json_io.format_size, {"count": 3}, {"count": NUMBER}),
    Case(converter.structure_square, {"value": "a1", "_": None},
         {"value": frozenset(WRONG), "_": frozenset(WRONG)}),
    Case(converter.tag_of, {"cls": tr.EndTurn}),
    Case(converter.tagged_classes, {}),
    Case(converter.register_fields, {"cls": _Scratch, "squares": (), "structure_fields": None,
                                     "unstructure_fields": None},
         {"squares": TEXT, "structure_fields": frozenset({"none"}),
          "unstructure_fields": frozenset({"none"})}, call_accepted=False),
    Case(converter.register_hooks, {"cls": _Scratch, "unstructure_hook": attrs.asdict,
                                    "structure_hook": _choose_first}, call_accepted=False),
    Case(converter.installed_variant_tags, {}),
    Case(converter.field_hooks, {"cls": tr.PlaceTile}),
    Case(records.game_codec, {"ruleset": BOARD.ruleset}),
    Case(converter.register_variant, {"variant": Buildings}),
    Case(converter.register_variant_classes, {}),
    Case(converter.register_tagged, {"tag": "scratch", "cls": _Scratch, "family": "action",
                                     "squares": (), "structure_fields": None,
                                     "unstructure_fields": None},
         {"tag": TEXT, "family": TEXT, "squares": TEXT, "structure_fields": frozenset({"none"}),
          "unstructure_fields": frozenset({"none"})}, call_accepted=False),
    # --- bots -----------------------------------------------------------------------------
    Case(tigris_rules.ai.candidates.candidate_actions,
         {"state": BOARD, "rng": random.Random(1), "sample": 2, "limit": 4},
         {"state": frozenset({"board"}), "sample": NUMBER, "limit": NUMBER}),
    Case(bots.evaluate, {"state": BOARD, "player": 0}, {"state": frozenset({"board"}),
                                                       "player": NUMBER},
         errors={"player": (tr.ArgumentTypeError, bots.BotError)}),
    Case(bots.make_bot, {"name": "random", "seed": 1}, {"name": TEXT, "seed": SEAT}),
    Case(bots.make_bots, {"spec": "random", "players": 2, "seed": 1},
         {"spec": TEXT, "players": NUMBER, "seed": NUMBER}),
    Case(bots.make_card_bots, {"spec": "random", "players": 2, "seed": 1},
         {"spec": TEXT, "players": NUMBER, "seed": NUMBER}),
    Case(bots.random_bots, {"players": 2, "seed": 1}, {"players": NUMBER, "seed": NUMBER}),
    Case(bots.play_game, {"config": tr.GameConfig(), "bots": bots.random_bots(2, 1), "seed": 1,
                          "max_decisions": 3},
         {"seed": NUMBER, "max_decisions": NUMBER}, raises=(RuntimeError,)),
    Case(bots.play_card_game, {"config": tr.GameConfig(game="cards"),
                               "bots": bots.random_bots(2, 1), "seed": 1, "max_decisions": 3},
         {"seed": NUMBER, "max_decisions": NUMBER}, raises=(RuntimeError,)),
    # --- diagrams and the testing toolkit -------------------------------------------------
    Case(diagram.position, {"diagram": "", "config": None, "players": 2, "active": 0,
                            "hands": None, "scores": None, "treasures_held": None,
                            "catastrophes": None, "monuments": None, "buildings": None,
                            "bag": None, "turn": 0, "actions_taken": 0, "pending": None},
         {"diagram": TEXT, "config": frozenset({"none"}), "players": NUMBER, "active": NUMBER,
          "turn": NUMBER, "actions_taken": NUMBER, "bag": frozenset({"none", "str"}),
          **{name: frozenset({"none"}) for name in ("hands", "scores", "treasures_held",
                                                     "catastrophes", "monuments", "buildings",
                                                     "pending")}},
         errors={"players": (tr.ArgumentTypeError, tr.ConfigError)}),
    Case(diagram.to_diagram, {"state": BOARD}, {"state": frozenset({"board"})}),
    Case(diagram.structure_tokens, {"config": tr.GameConfig(variants=("ziggurat",))}),
    Case(testing.check_invariants, {"state": BOARD, "before": None},
         {"state": frozenset({"board", "cards"}), "before": frozenset({"none", "board", "cards"})}),
    Case(testing.configs, {"players": (2,), "boards": ("classic",), "variants": (),
                           "open_scoring": (False,), "single_action_openers": True,
                           "game": "board"},
         {"players": TEXT, "boards": TEXT, "variants": frozenset({"none", "str"}),
          "open_scoring": TEXT, "game": TEXT}),
    Case(testing.playthroughs, {"config_strategy": None, "max_actions": 3},
         {"config_strategy": frozenset({"none"}), "max_actions": NUMBER}),
    Case(testing.states, {"config_strategy": None, "max_actions": 3},
         {"config_strategy": frozenset({"none"}), "max_actions": NUMBER}),
    Case(testing.game_logs, {"config_strategy": st.just(tr.GameConfig()), "complete": True,
                             "max_drawn": 3},
         {"config_strategy": frozenset({"none"}), "max_drawn": NUMBER}),
    Case(testing.legal_actions_of, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(testing.illegal_actions, {"state": BOARD}, {"state": frozenset({"board"})}),
    Case(testing.well_formed_actions, {}),
    # --- encoding and information ---------------------------------------------------------
    Case(encoding.action_encoding, {"config": tr.GameConfig()}),
    Case(encoding.encode, {"config": tr.GameConfig(), "action": tr.EndTurn()},
         errors={"action": encoding.EncodingError}),
    Case(encoding.decode, {"config": tr.GameConfig(), "index": 0}, {"index": NUMBER}),
    Case(encoding.legal_action_indices, {"state": BOARD},
         {"state": frozenset({"board", "cards"})}),
    Case(encoding.legal_action_mask, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(encoding.legal_action_flags, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(encoding.legal_indices_ascending, {"state": BOARD},
         {"state": frozenset({"board", "cards"})}),
    Case(encoding.legal_action_mask_array, {"state": BOARD},
         {"state": frozenset({"board", "cards"})}),
    Case(encoding.encoded_inputs, {"variant": Buildings(), "config": tr.GameConfig()},
         {"variant": frozenset(WRONG)}),
    Case(encoding.well_formed_inputs, {"variant": Buildings}),
    Case(information.observation, {"state": BOARD, "player": 0},
         {"state": frozenset({"board", "cards"}), "player": NUMBER}),
    Case(information.observation_array, {"state": BOARD, "player": 0},
         {"state": frozenset({"board", "cards"}), "player": NUMBER}),
    Case(information.observation_into,
         {"state": BOARD, "player": 0, "out": np.zeros(4292, dtype=np.int32)},
         {"state": frozenset({"board", "cards"}), "player": NUMBER},
         errors={"out": (tr.ArgumentTypeError, information.InformationError)}),
    Case(information.observation_writer, {"config": tr.GameConfig()}),
    Case(information.observation_bounds, {"config": tr.GameConfig()}),
    Case(information.observation_layout, {"config": tr.GameConfig()}),
    Case(information.observation_size, {"config": tr.GameConfig()}),
    Case(information.sample_hidden, {"state": BOARD, "player": 0, "rng": random.Random(1),
                                     "discards": tr.Discards.start(tr.GameConfig())},
         {"state": frozenset({"board", "cards"}), "player": NUMBER,
          "discards": frozenset({"none"})}),
    Case(planes.observation_planes, {"state": BOARD, "player": 0},
         {"state": frozenset({"board"}), "player": NUMBER}),
    Case(planes.planes_bounds, {"config": tr.GameConfig()}),
    Case(planes.planes_layout, {"config": tr.GameConfig()}),
    Case(search.ranked_actions, {"state": BOARD, "rng": None, "sample": 6, "limit": 24},
         {"state": frozenset({"board", "cards"}), "rng": frozenset({"none"}),
          "sample": NUMBER, "limit": NUMBER}),
    Case(search.settled_values, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    # --- the rulebook and the state check -------------------------------------------------
    Case(rulebook.describe, {"rule_id": "WAR-7"}, {"rule_id": TEXT}),
    Case(rulebook.rule_ids, {}),
    Case(rulebook.specification, {}),
    Case(tr.check_state, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(render_card_svg, {"board": CARDS, "scale": 1.0, "last": None},
         {"board": frozenset({"cards"}), "scale": NUMBER, "last": frozenset({"none"})},
         errors={"last": ACTION_ERRORS}),
    # --- JSON of views and the schemas ----------------------------------------------------
    Case(view_codec.ref, {"name": "seat"}, {"name": TEXT}),
    Case(view_codec.nullable, {"schema": {"type": "integer"}}),
    Case(view_codec.per_player, {"schema": {"type": "integer"}}),
    Case(view_codec.write_view, {"fields": view_codec.BOARD_VIEW_FIELDS,
                                 "view": tr.view(BOARD, 0)}),
    Case(view_codec.read_view, {"fields": view_codec.BOARD_VIEW_FIELDS, "cls": tr.PlayerView,
                                "data": converter.unstructure(tr.view(BOARD, 0))},
         {"data": frozenset(WRONG)}),
    Case(view_codec.write_board_view, {"view": tr.view(BOARD, 0)}),
    Case(view_codec.read_board_view, {"data": converter.unstructure(tr.view(BOARD, 0)),
                                      "config": BOARD.config},
         {"data": frozenset(WRONG)}),
    Case(json_schema.build_schemas, {"variants": ["buildings"]},
         {"variants": frozenset({"none"})}),
    Case(json_schema.event_schema, {}),
    Case(json_schema.view_schema, {}),
    Case(json_schema.schema_text, {"kind": "view"}, {"kind": TEXT}),
    Case(json_schema.shipped_variants, {}),
    Case(json_schema.schemas_for, {"config": tr.GameConfig()}, {"config": frozenset(WRONG)}),
    Case(json_schema.write_schemas, {"directory": Path(), "variants": None},
         {"directory": TEXT, "variants": frozenset({"none"})}, raises=(OSError,)),
    # --- integrations ---------------------------------------------------------------------
    Case(ranking_returns, {"state": BOARD}, {"state": frozenset({"board", "cards"})}),
    Case(records.replay_position, {"path": LOG_FILE, "step": None, "max_bytes": None},
         {"path": TEXT, "step": SEAT, "max_bytes": SEAT}),
    *(
        [
            Case(OPENSPIEL.config_from_parameters, {"params": {"players": 2}}),
            Case(OPENSPIEL.deal_actions, {"deal": deal_from_seed(tr.GameConfig(), 1)}),
        ]
        if OPENSPIEL is not None
        else []
    ),
    *(
        [
            Case(OPENSPIEL_CARDS.card_config_from_parameters, {"params": {"players": 2}}),
            Case(OPENSPIEL_CARDS.card_deal_actions,
                 {"deal": tr.cards.card_deal_from_seed(CARDS.config, 1)}),
        ]
        if OPENSPIEL_CARDS is not None
        else []
    ),
    *(
        [
            Case(PETTINGZOO.env, {"players": 2, "board": "classic", "variants": (),
                                  "max_decisions": 10, "render_mode": None},
                 {"players": NUMBER, "board": TEXT, "max_decisions": NUMBER,
                  "render_mode": frozenset({"none", "str"})}),
            Case(PETTINGZOO.card_env, {"players": 2, "column_limit": 8, "open_scoring": False,
                                       "max_decisions": 10, "render_mode": None},
                 {"players": NUMBER, "column_limit": NUMBER, "max_decisions": NUMBER,
                  "render_mode": frozenset({"none", "str"})}),
        ]
        if PETTINGZOO is not None
        else []
    ),
    *(
        [
            Case(GYMNASIUM.TigrisEuphratesGymEnv,
                 {"players": 2, "board": "classic", "variants": (), "seat": None,
                  "opponents": "random", "observation": "vector", "illegal_action": "end",
                  "max_decisions": 10, "render_mode": None},
                 {"players": NUMBER, "board": TEXT, "seat": SEAT, "opponents": TEXT,
                  "observation": TEXT, "illegal_action": TEXT, "max_decisions": NUMBER,
                  "render_mode": frozenset({"none", "str"})}),
            Case(GYMNASIUM.TigrisCardGymEnv,
                 {"players": 2, "column_limit": 8, "open_scoring": False, "seat": None,
                  "opponents": "random", "illegal_action": "end", "max_decisions": 10,
                  "render_mode": None},
                 {"players": NUMBER, "column_limit": NUMBER, "seat": SEAT, "opponents": TEXT,
                  "illegal_action": TEXT, "max_decisions": NUMBER,
                  "render_mode": frozenset({"none", "str"})}),
        ]
        if GYMNASIUM is not None
        else []
    ),
    *(
        [
            Case(OPENSPIEL_PRIOR.RankingEvaluator,
                 {"temperature": 2.0, "rollouts": 0, "max_length": 400, "sample": 6,
                  "limit": 24, "seed": None},
                 {"temperature": NUMBER, "rollouts": NUMBER, "max_length": NUMBER,
                  "sample": NUMBER, "limit": NUMBER, "seed": SEAT}),
        ]
        if OPENSPIEL_PRIOR is not None
        else []
    ),
    # --- the card game --------------------------------------------------------------------
    Case(cards.card_to_move, {"state": CARDS}, {"state": frozenset({"cards"})}),
    Case(cards.card_is_over, {"state": CARDS}, {"state": frozenset({"cards"})}),
    Case(cards.card_legal_actions, {"state": CARDS}, {"state": frozenset({"cards"})}),
    Case(cards.CardLegalActions, {"state": CARDS}, {"state": frozenset({"cards"})}),
    Case(cards.card_result, {"state": CARDS}, {"state": frozenset({"cards"})}),
    Case(cards.card_step, {"state": CARDS, "action": CARD_ACTION, "player": None},
         {"state": frozenset({"cards"}), "player": SEAT},
         errors={"action": ACTION_ERRORS, "player": PLAYER_ERRORS}),
    Case(cards.card_apply, {"state": CARDS, "action": CARD_ACTION, "player": None},
         {"state": frozenset({"cards"}), "player": SEAT},
         errors={"action": ACTION_ERRORS, "player": PLAYER_ERRORS}),
    Case(cards.card_deal_from_seed, {"config": tr.GameConfig(game="cards"), "seed": 1},
         {"seed": NUMBER}),
    Case(cards.column_spot, {"column": 1, "position": 0}, {"column": NUMBER, "position": NUMBER}),
    Case(cards.gap_spot, {"gap": 1}, {"gap": NUMBER}),
    # --- bulk work (one process: jobs=1, or a single task) --------------------------------
    Case(tbulk.default_jobs, {}),
    Case(tbulk.max_jobs, {}),
    Case(tbulk.validate_many, {"sources": [LOG_TEXT], "client": None, "jobs": 1,
                              "max_bytes": None, "max_problems": None},
         {"client": frozenset({"none"}), "jobs": SEAT, "max_bytes": SEAT,
          "max_problems": SEAT}),
    Case(tbulk.iter_validate, {"items": [(0, LOG_TEXT)], "client": None, "jobs": 1,
                              "max_bytes": None, "max_problems": None, "count": 1},
         {"client": frozenset({"none"}), "jobs": SEAT, "max_bytes": SEAT,
          "max_problems": SEAT, "count": SEAT}),
    Case(tbulk.read_jsonl, {"path": LOG_FILE, "max_bytes": None},
         {"path": TEXT, "max_bytes": SEAT}),
    Case(tbulk.record, {"config": tr.GameConfig(), "bots": bots.random_bots(2, 1), "seed": 1},
         {"seed": NUMBER}),
    Case(tbulk.play, {"config": tr.GameConfig(), "seed": 1}, {"seed": NUMBER}),
    Case(tbulk.iter_games, {"config": tr.GameConfig(), "seeds": (1,), "text": False,
                           "indent": None, "client": None, "jobs": 1},
         {"indent": SEAT, "client": frozenset({"none"}), "jobs": SEAT}),
    Case(tbulk.selfplay_many, {"config": tr.GameConfig(), "games": 1, "seed": 1, "client": None,
                              "jobs": 1},
         {"games": NUMBER, "seed": NUMBER, "client": frozenset({"none"}), "jobs": SEAT}),
    # --- bots and the search --------------------------------------------------------------
    Case(bots.RandomBot, {"seed": 1}, {"seed": SEAT}),
    Case(bots.CardGreedyBot, {"seed": 1}, {"seed": SEAT}),
    Case(bots.GreedyBot, {"seed": 1, "sample": 8, "limit": 48},
         {"seed": SEAT, "sample": NUMBER, "limit": NUMBER}),
    Case(search.ISMCTSBot, {"seed": 1, "iterations": 1, "seconds": None, "exploration": 0.35,
                            "widening": 1.0, "sample": 6, "limit": 24},
         {"seed": SEAT, "iterations": SEAT, "seconds": SEAT, "exploration": NUMBER,
          "widening": NUMBER, "sample": NUMBER, "limit": NUMBER}),
    Case(search.position_values, {"state": BOARD}, {"state": frozenset({"board"})}),
]  # fmt: skip


def _qualified(function: Callable[..., Any]) -> str:
    return f"{function.__module__}.{function.__qualname__}"


def _public_functions() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {_qualified(cls): cls for cls in CONSTRUCTORS}
    for module in PUBLIC_MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                found[_qualified(value)] = value
    return found


BY_NAME = {_qualified(case.function): case for case in CASES}


def _run(function: Callable[..., Any], args: Mapping[str, object]) -> None:
    """Call ``function`` with ``args``; a generator it returns is run to its end, so that
    the work it stands for is done too."""
    returned = function(**args)
    if inspect.isgenerator(returned):
        for _ in returned:
            pass


def test_every_public_function_is_in_the_table() -> None:
    """A new public function needs a row in :data:`CASES` (and checks of its arguments)."""
    assert len(BY_NAME) == len(CASES), "a function is in the table twice"
    assert sorted(_public_functions()) == sorted(BY_NAME)


def test_every_argument_is_in_the_table() -> None:
    """Each row names every argument of its function, so that every one is tried (and, for
    a function taking further keywords, such as the variants' pieces of ``position``, the
    ones it tries)."""
    for name, case in BY_NAME.items():
        parameters = inspect.signature(case.function).parameters
        named = sorted(n for n, p in parameters.items() if p.kind is not p.VAR_KEYWORD)
        if len(named) < len(parameters):
            assert set(named) <= set(case.args), name
        else:
            assert sorted(case.args) == named, name
        assert set(case.takes) <= set(case.args), name
        assert set(case.errors) <= set(case.args), name


@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_the_valid_call_works(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's own call is valid, so that each wrong value below is the only fault."""
    case = BY_NAME[name]
    if not case.call_accepted:
        return
    monkeypatch.chdir(tmp_path)
    with contextlib.suppress(*case.raises):
        _run(case.function, case.args)


def _tries() -> list[tuple[str, str, str]]:
    return [
        (name, argument, kind)
        for name, case in sorted(BY_NAME.items())
        for argument in case.args
        for kind in WRONG
    ]


@pytest.mark.parametrize(("name", "argument", "kind"), _tries())
def test_a_wrong_argument_raises_a_library_error(
    name: str, argument: str, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``argument`` set to a wrong value: ``ArgumentTypeError`` naming it (or the error the
    table gives) when the argument does not take that kind, raised by the call itself (a
    generator checks its arguments before it is first asked for an item); a result or a
    library error when it does."""
    case = BY_NAME[name]
    monkeypatch.chdir(tmp_path)
    args = {**case.args, argument: WRONG[kind]}
    if kind in case.takes.get(argument, frozenset()):
        if case.call_accepted:
            with contextlib.suppress(tr.TigrisError, *case.raises):
                _run(case.function, args)
        return
    expected = case.errors.get(argument, tr.ArgumentTypeError)
    with pytest.raises(expected) as info:
        case.function(**args)
    if isinstance(info.value, tr.ArgumentTypeError):
        assert str(info.value).startswith((f"{argument}:", f"{argument}[")), str(info.value)
    if argument == "log" and name.endswith("write_log"):
        assert not (tmp_path / "written.json").exists()


def test_write_log_writes_nothing_for_a_non_log(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    not_logs: list[object] = [None, BOARD, {"config": {}}, LOG.actions]
    for not_a_log in not_logs:
        with pytest.raises(tr.ArgumentTypeError, match="log: expected GameLog"):
            tr.write_log(not_a_log, target)  # type: ignore[arg-type]
    assert not target.exists()


def test_messages_name_the_argument_and_the_types() -> None:
    nothing: Any = None
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: tr.validate_log(nothing), "log: expected GameLog, got NoneType"),
        (lambda: tr.replay(nothing), "log: expected GameLog, got NoneType"),
        (
            lambda: tr.loads(nothing, tr.GameState),
            "text: expected str or bytes or bytearray, got NoneType",
        ),
        (
            lambda: tr.render_table(BOARD),  # type: ignore[arg-type]
            "state: expected a CardGameState or a CardView, got GameState",
        ),
        (lambda: tr.to_move(nothing), "state: expected a GameState or a CardGameState, got"),
        (lambda: bots.play_game(tr.GameConfig(), [nothing, nothing], 1), "bots[0]: expected a bot"),
    ]
    for call, message in cases:
        with pytest.raises(tr.ArgumentTypeError) as info:
            call()
        assert str(info.value).startswith(message)
        assert isinstance(info.value, TypeError)


def test_a_view_error_of_a_wrong_type_is_both() -> None:
    """Views keep raising ``ViewError`` for a wrong state or viewer, now also an
    ``ArgumentTypeError``."""
    wrong: Any = "0"
    calls: list[Callable[[], object]] = [lambda: tr.view(wrong, 0), lambda: tr.view(BOARD, wrong)]
    for call in calls:
        with pytest.raises(tr.ViewError) as info:
            call()
        assert isinstance(info.value, tr.ArgumentTypeError)


def test_the_examples_of_the_checks_run() -> None:
    import doctest

    import tigris_rules._arguments

    failures, tried = doctest.testmod(tigris_rules._arguments, raise_on_error=False)
    assert tried > 0
    assert failures == 0


def test_a_bool_is_not_a_number_and_none_must_be_named() -> None:
    from tigris_rules._arguments import expect

    expect(0, int, "seed")
    expect(None, (int, None), "seed")
    with pytest.raises(tr.ArgumentTypeError, match="seed: expected int, got bool"):
        expect(True, int, "seed")
    with pytest.raises(tr.ArgumentTypeError, match="seed: expected int, got NoneType"):
        expect(None, int, "seed")


def test_a_stream_of_logs_names_its_bad_item() -> None:
    """``iter_validate`` checks each pair of its stream as it reads it."""
    wrong_pair: Any = [(0, LOG_TEXT), "x"]
    wrong_source: Any = [(0, 3)]
    with pytest.raises(tr.ArgumentTypeError, match=r"^items\[1\]: expected a \(label, source\)"):
        list(tbulk.iter_validate(wrong_pair, jobs=1))
    with pytest.raises(tr.ArgumentTypeError, match=r"^items\[0\]\[1\]: expected a path"):
        list(tbulk.iter_validate(wrong_source, jobs=1))
    seeds: Any = [1, "2"]
    with pytest.raises(tr.ArgumentTypeError, match=r"^seeds\[1\]: expected int, got str"):
        tbulk.iter_games(tr.GameConfig(), seeds)


def test_bulk_records_with_one_bot_per_seat() -> None:
    with pytest.raises(bots.BotError, match="expected 2 bots"):
        tbulk.record(tr.GameConfig(), bots.random_bots(3, 1), 1)


def test_a_search_setting_of_the_wrong_type_is_both_errors() -> None:
    wrong: Any = "3"
    with pytest.raises(search.SearchError) as info:
        search.ISMCTSBot(1, iterations=wrong)
    assert isinstance(info.value, tr.ArgumentTypeError)
    assert str(info.value) == "iterations: expected int or None, got str"


def test_a_search_budget_must_end_and_its_samples_be_counts() -> None:
    """An endless time budget or a negative count is refused when the bot is made, not
    when it is first asked to choose."""
    bad: list[dict[str, Any]] = [
        {"seconds": math.inf},
        {"seconds": math.nan},
        {"sample": -1},
        {"limit": -1},
    ]
    for settings in bad:
        with pytest.raises(search.SearchError):
            search.ISMCTSBot(1, **settings)
