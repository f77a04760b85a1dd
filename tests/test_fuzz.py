"""Fuzzing the library's boundary: whatever comes in, only the library's own documented
errors come out, and nothing given is changed.

Hypothesis feeds random JSON values, random text and bytes, valid documents with one part
replaced, and action objects with fields of any type to ``tr.loads``, ``tr.apply``,
``tr.validate_json``, ``tr.validate_log`` and ``tr.parse_action``. Each must return normally
or raise a :class:`tigris_rules.TigrisError`; every input must be deep-equal to a copy taken
before the call.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.model.actions import ACTION_TYPES, MONUMENTS
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.model.state import GameState
from tigris_rules.records.notation import verbs
from tigris_rules.testing import configs, playthroughs, well_formed_actions

pytestmark = pytest.mark.slow

# --- vocabulary: keys and words of real documents, so that the fuzzer gets past the surface ---


def _sample_documents() -> dict[str, list[Any]]:
    """Valid JSON documents of every kind, by kind: configurations, deals, states (a
    decision pending, a finished game), logs (partial and complete) and inputs."""
    from tigris_rules.rules.setup import deal_from_seed

    found: dict[str, list[Any]] = {"config": [], "deal": [], "state": [], "log": [], "action": []}
    for seed, config in enumerate(
        [
            tr.GameConfig(players=3, variants=("english", "buildings", "ziggurat")),
            tr.GameConfig(players=2, board="alternative", open_scoring=True),
            tr.GameConfig(players=4, single_action_openers=2),
        ]
    ):
        rng = random.Random(seed)
        recorder = tr.Recorder(config, seed=seed)
        decision = False
        while not recorder.state.over:
            legal = tr.legal_actions(recorder.state)
            recorder.apply(legal[rng.randrange(len(legal))])
            if recorder.state.pending is not None and not decision:
                decision = True
                found["state"].append(recorder.state)
                found["log"].append(recorder.log())
        found["config"].append(config)
        found["deal"].append(deal_from_seed(config, seed))
        found["state"].append(recorder.state)
        found["log"].append(recorder.log())
        found["action"].extend(entry.action for entry in recorder.log().actions[:40])
    return {
        kind: [json.loads(tr.dumps(value)) for value in values] for kind, values in found.items()
    }


SAMPLES = _sample_documents()


def _vocabulary(value: Any, keys: set[str], words: set[str]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            keys.add(key)
            _vocabulary(item, keys, words)
    elif isinstance(value, list):
        for item in value:
            _vocabulary(item, keys, words)
    elif isinstance(value, str):
        words.add(value)


_KEYS: set[str] = set()
_WORDS: set[str] = set(SQUARE_NAMES[:20]) | {c.value for c in tr.COLORS}
for _docs in SAMPLES.values():
    for _doc in _docs:
        _vocabulary(_doc, _KEYS, _WORDS)
KEYS = sorted(_KEYS)
WORDS = sorted(_WORDS)

# --- strategies -------------------------------------------------------------------------------

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=200),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(WORDS),
    st.text(max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), children, max_size=6)
    ),
    max_leaves=25,
)
"""Any JSON value, with keys and strings often taken from real documents."""


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*path, index)))
    return found


def near(value: Any) -> st.SearchStrategy[Any]:
    """Values close to ``value``: a number a little off, another word of the vocabulary,
    a list one item shorter or longer."""
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return st.integers(min_value=value - 2, max_value=value + 2) | st.integers(-1, 12)
    if isinstance(value, str):
        return st.sampled_from(WORDS)
    if isinstance(value, list) and value:
        return st.sampled_from([value[:-1], [*value, value[-1]], value[::-1]])
    return json_values


@st.composite
def mutated_documents(draw: st.DrawFn, kind: str | None = None) -> Any:
    """A valid document (of ``kind``, or of any kind) with one to three parts changed a
    little, replaced by random JSON, removed, or given an unknown key."""
    kinds = sorted(SAMPLES) if kind is None else [kind]
    document = copy.deepcopy(draw(st.sampled_from(SAMPLES[draw(st.sampled_from(kinds))])))
    for _ in range(draw(st.sampled_from([1, 1, 2, 3]))):
        path = draw(st.sampled_from(_paths(document)))
        if not path:
            document = draw(json_values)
            continue
        *parents, last = path
        parent = document
        try:
            for step in parents:
                parent = parent[step]
            how = draw(st.sampled_from(["tweak", "tweak", "tweak", "replace", "remove", "add"]))
            if how == "tweak":
                parent[last] = draw(near(parent[last]))
            elif how == "replace":
                parent[last] = draw(json_values)
            elif how == "remove":
                del parent[last]
            elif isinstance(parent, dict):
                parent[draw(st.text(max_size=8))] = draw(json_values)
            else:
                parent.insert(last, draw(json_values))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this path
    return document


documents = st.one_of(json_values, mutated_documents())
texts = st.one_of(
    documents.map(json.dumps),
    st.text(max_size=40),
    st.binary(max_size=40),
    mutated_documents().map(lambda d: json.dumps(d)[: len(json.dumps(d)) // 2]),
)
"""JSON text (random, mutated, truncated) and arbitrary text and bytes."""

anything = st.one_of(
    json_values,
    st.sampled_from(tr.COLORS),
    st.sampled_from(MONUMENTS),
    st.sampled_from(SQUARE_NAMES),
    st.builds(object),
    st.floats(),
    st.sampled_from([True, False, -1, 2**70, b"a1", ("a1",), frozenset(), tr.Color]),
)
"""Any Python value an action field might wrongly hold."""


@st.composite
def action_objects(draw: st.DrawFn) -> Any:
    """Action objects of every class with fields of any type, well-formed inputs, and
    objects that are no action at all."""
    kind = draw(st.sampled_from(["fields", "well formed", "not an action"]))
    if kind == "well formed":
        return draw(well_formed_actions())
    if kind == "not an action":
        return draw(anything)
    cls = draw(st.sampled_from(ACTION_TYPES))
    names = [f.name for f in attrs.fields(cls)]
    return cls(**{name: draw(anything) for name in names})


KINDS: list[Any] = [tr.GameConfig, tr.Deal, tr.GameState, tr.GameLog, tr.Action]

FUZZ = settings(max_examples=settings().max_examples * 2)
"""Fuzz tests are cheap: twice the profile's examples."""


def deep_equal(now: Any, before: Any) -> bool:
    """``now`` is unchanged from ``before``, a deep copy taken earlier: equal, with plain
    ``object()`` values (which compare by identity) and NaN floats taken as equal."""
    if type(now) is not type(before):
        return False
    if type(now) is object or now is before:
        return True
    if isinstance(now, float) and now != now:
        return bool(before != before)
    if isinstance(now, dict):
        return now.keys() == before.keys() and all(deep_equal(now[k], before[k]) for k in now)
    if isinstance(now, list | tuple):
        return len(now) == len(before) and all(map(deep_equal, now, before))
    if attrs.has(type(now)):
        return all(
            deep_equal(getattr(now, f.name), getattr(before, f.name))
            for f in attrs.fields(type(now))
        )
    return bool(now == before)


def outcome(call: Callable[[], Any]) -> tuple[Any, tr.TigrisError | None]:
    """``(call(), None)``, or ``(None, error)`` when it raised a library error; any other
    exception fails the test."""
    try:
        return call(), None
    except tr.TigrisError as exc:
        return None, exc


def only_library_errors(call: Callable[[], Any]) -> Any:
    """``call()``'s value, or ``None`` when it raised a library error; any other exception
    fails the test."""
    try:
        return call()
    except tr.TigrisError:
        return None


# --- loads ------------------------------------------------------------------------------------


@FUZZ
@given(text=texts, kind=st.sampled_from(KINDS))
def test_loads_raises_only_format_errors(text: str | bytes, kind: Any) -> None:
    """``tr.loads`` reads a value or raises a ``FormatError``."""
    value, error = outcome(lambda: tr.loads(text, kind))
    if error is not None:
        assert isinstance(error, tr.FormatError)
        assert error.problems
        assert error.path.startswith("$")
        event("rejected")
        return
    event(f"read a {kind.__name__ if isinstance(kind, type) else 'union'}")
    assert tr.loads(tr.dumps(value), kind) == value


@FUZZ
@given(document=mutated_documents("state"))
def test_states_that_load_can_be_played(document: Any) -> None:
    """A state ``tr.loads`` accepts is one the public functions can work with."""
    state = only_library_errors(lambda: tr.loads(json.dumps(document), GameState))
    event("state read" if state is not None else "rejected")
    if state is None:
        return
    copied = copy.deepcopy(state)
    legal = only_library_errors(lambda: list(tr.legal_actions(state)))
    only_library_errors(lambda: tr.to_move(state))
    only_library_errors(lambda: tr.result(state))
    for action in (legal or [])[:3]:
        only_library_errors(partial(tr.apply, state, action))
    assert state == copied


# --- apply ------------------------------------------------------------------------------------


@FUZZ
@given(
    path=playthroughs(configs(), max_actions=25),
    actions=st.lists(action_objects(), min_size=1, max_size=5),
    player=st.one_of(st.none(), st.integers(min_value=-1, max_value=4), anything),
)
def test_apply_raises_only_library_errors(path: Any, actions: list[Any], player: Any) -> None:
    """``tr.apply`` with any object as the input and any seat: a new state, or an
    ``IllegalActionError`` with a rule ID, an ``InvalidActionError`` naming the field, or
    another library error; the state and the input are unchanged."""
    state = path.final
    state_copy = copy.deepcopy(state)
    for action in actions:
        action_copy = copy.deepcopy(action)
        _, error = outcome(partial(tr.apply, state, action, player))
        if isinstance(error, tr.IllegalActionError):
            assert error.rule
        if isinstance(error, tr.InvalidActionError):
            assert error.field
        assert state == state_copy
        assert deep_equal(action, action_copy), f"{action!r} changed"


@FUZZ
@given(action=action_objects(), player=st.one_of(st.none(), anything))
def test_apply_on_anything_but_a_state(action: Any, player: Any) -> None:
    """Something that is not a state gives a ``NotAStateError``."""
    not_states: list[Any] = [None, 3, "state", {"cells": []}]
    for not_a_state in not_states:
        with pytest.raises(tr.TigrisError):
            tr.apply(not_a_state, action, player)


# --- validate_json and validate_log -----------------------------------------------------------


@FUZZ
@given(text=texts)
def test_validate_json_reports_instead_of_raising(text: str | bytes) -> None:
    """``tr.validate_json`` gives a report for any text."""
    report = only_library_errors(lambda: tr.validate_json(text))
    assert report is None or isinstance(report, tr.Report)


@FUZZ
@given(
    entries=st.lists(
        st.builds(
            tr.LogEntry,
            player=st.one_of(st.integers(min_value=-1, max_value=4), anything),
            action=action_objects(),
        ),
        max_size=6,
    ),
    config=configs(),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_validate_log_reports_any_input(entries: list[Any], config: Any, seed: int) -> None:
    """``tr.validate_log`` of a log whose entries hold any seat and any object reports
    every problem (or raises a library error) and leaves the log unchanged."""
    log = tr.GameLog(config=config, actions=tuple(entries), seed=seed)
    copied = copy.deepcopy(log)
    report = only_library_errors(lambda: tr.validate_log(log))
    assert report is None or isinstance(report, tr.Report)
    assert deep_equal(log, copied)


@FUZZ
@given(document=mutated_documents("log"))
def test_logs_that_load_validate(document: Any) -> None:
    """A log ``tr.loads`` accepts validates (with or without problems); the document and
    the log are unchanged."""
    copied = copy.deepcopy(document)
    log = only_library_errors(lambda: tr.loads(json.dumps(document), tr.GameLog))
    assert document == copied
    event("log read" if log is not None else "rejected")
    if log is None:
        return
    log_copy = copy.deepcopy(log)
    report = only_library_errors(lambda: tr.validate_log(log))
    if report is not None:
        event("valid" if report.valid else "problems reported")
    assert report is None or isinstance(report, tr.Report)
    assert log == log_copy


# --- parse_action -----------------------------------------------------------------------------

words = st.one_of(
    st.sampled_from(verbs()),  # the installed variants' too
    st.sampled_from(["colour", "move", "red-black", "black/blue", "0", "3", "-1", "99"]),
    st.sampled_from([c.value for c in tr.COLORS] + [c.tile_name for c in tr.COLORS]),
    st.sampled_from([c.leader_name for c in tr.COLORS]),
    st.sampled_from(SQUARE_NAMES),
    st.sampled_from([m.value for m in MONUMENTS]),
    st.text(max_size=6),
)
notation_texts = st.one_of(
    st.lists(words, max_size=6).map(" ".join),
    st.lists(words, max_size=6).map(",".join),
    st.text(max_size=30),
)


@FUZZ
@given(text=notation_texts)
def test_parse_action_raises_only_notation_errors(text: str) -> None:
    """``tr.parse_action`` reads an action, or raises a ``NotationError``; what it reads
    is written back by ``format_action`` as text that reads the same action."""
    action, error = outcome(lambda: tr.parse_action(text))
    if error is not None:
        assert isinstance(error, tr.NotationError)
        assert error.reason
        return
    assert tr.parse_action(tr.format_action(action)) == action


@FUZZ
@given(value=anything)
def test_parse_action_of_anything(value: Any) -> None:
    copied = copy.deepcopy(value)
    only_library_errors(lambda: tr.parse_action(value))
    assert deep_equal(value, copied)
