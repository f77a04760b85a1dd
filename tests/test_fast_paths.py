"""The fast paths give exactly what the general code gives: a whole log replayed on one working
copy reaches the state a chain of ``apply`` calls reaches, and the quick reader of log
actions reads what the full reader reads (or steps aside)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules import records
from tigris_rules.ai.bots import RandomBot
from tigris_rules.errors import FormatError
from tigris_rules.records import converter
from tigris_rules.records.log import quick_entry_reader
from tigris_rules.rules.engine import Replayer
from tigris_rules.testing import well_formed_actions

CONFIGS = (
    tr.GameConfig(players=2),
    tr.GameConfig(players=4),
    tr.GameConfig(players=3, board="alternative", variants=("english", "buildings", "ziggurat")),
)


@pytest.mark.parametrize("seed", range(6))
def test_a_replay_on_one_working_copy_reaches_the_states_of_apply(seed: int) -> None:
    """CONV-17: the log replay (:class:`Replayer`) checks and resolves every input as
    :func:`apply` does; the positions agree after every input, and the start is unchanged."""
    rng = random.Random(seed)
    start = tr.new_game(CONFIGS[seed % len(CONFIGS)], seed=seed)
    state = start
    replayer = Replayer(start)
    while not tr.is_over(state):
        legal = tr.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        player = tr.to_move(state)
        state = tr.apply(state, action, player)
        replayer.apply(action, player)
        assert replayer.state == state
    assert start == tr.new_game(CONFIGS[seed % len(CONFIGS)], seed=seed)


def test_a_rejected_input_leaves_the_replay_unchanged() -> None:
    """CONV-17: an illegal input raises the rule's error and changes nothing, so the replay
    goes on from the last good position (as validate_log reports and skips it)."""
    start = tr.new_game(tr.GameConfig(players=2), seed=1)
    replayer = Replayer(start)
    before = replayer.state
    with pytest.raises(tr.IllegalActionError) as caught:
        replayer.apply(tr.PlaceTile(tr.Color.BLUE, "a1"), 0)  # a1 is land
    assert caught.value.rule == "TILE-3"
    with pytest.raises(tr.IllegalActionError) as caught:
        replayer.apply(tr.EndTurn(), 1)
    assert caught.value.rule == "TURN-1"
    with pytest.raises(tr.InvalidActionError) as malformed:  # CONV-19, checked by default
        replayer.apply(tr.PlaceTile("red", "a1"), 0)  # type: ignore[arg-type]
    assert malformed.value.field == "color"
    assert replayer.state == before
    action = tr.legal_actions(start)[0]
    replayer.apply(action, 0)
    assert replayer.state == tr.apply(start, action, 0)


@given(well_formed_actions(), st.integers(0, 3))
def test_the_quick_reader_reads_what_the_full_reader_reads(action: tr.Action, player: int) -> None:
    """A log entry as written is read by the quick reader into the same action."""
    entry = {"player": player, **converter.unstructure(action)}
    assert quick_entry_reader(tr.Action)(entry) == tr.LogEntry(player, action)


def test_the_quick_reader_reuses_an_entry_only_for_the_same_exact_values() -> None:
    """An entry read before is given again for the same JSON values; ``true`` is not ``1``
    and ``1.0`` is not ``1`` there, so neither reuses the entry of a count or a seat of 1."""
    entry = {"player": 1, "type": "commit_support", "count": 1}
    read = quick_entry_reader(tr.Action)
    first = read(entry)
    assert first == tr.LogEntry(1, tr.CommitSupport(1))
    assert read(dict(entry)) is first
    for key in ("count", "player"):
        for look_alike in (True, 1.0):
            assert read({**entry, key: look_alike}) is None


def test_the_quick_reader_keeps_a_bounded_number_of_entries() -> None:
    """Entries beyond the bound are read as well, only not kept."""
    read = records._quick.quick_reader(tr.Action, besides="player", build=tr.LogEntry)
    for count in range(records._quick.QUICK_KEPT + 10):
        entry = {"player": 0, "type": "commit_support", "count": count}
        assert read(entry) == tr.LogEntry(0, tr.CommitSupport(count))
    last = {"player": 0, "type": "commit_support", "count": records._quick.QUICK_KEPT + 9}
    assert read(last) is not read(last)
    assert read({**last, "count": 5}) is read({**last, "count": 5})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)


@given(well_formed_actions(), st.data())
def test_the_quick_reader_steps_aside_for_anything_unusual(
    action: tr.Action, data: st.DataObject
) -> None:
    """Change, add or drop one key of a written entry: the quick reader either reads the
    same value as the full reader, or returns None and leaves the entry to it (for its
    exact error)."""
    entry: dict[str, Any] = {"player": 0, **records.converter.unstructure(action)}
    key = data.draw(st.sampled_from([*entry, "extra"]))
    if data.draw(st.booleans()) and key in entry:
        del entry[key]
    else:
        entry[key] = data.draw(JSON | st.sampled_from(["red", "a1", "p11", "black-red", 0, 1]))
    quick = quick_entry_reader(tr.Action)(entry)
    try:
        full = records.converter.structure(entry, tr.LogEntry)
    except FormatError:
        assert quick is None
        return
    assert quick is None or quick == full


@given(well_formed_actions(), st.data())
def test_every_action_the_reader_accepts_is_well_formed(
    action: tr.Action, data: st.DataObject
) -> None:
    """CONV-19: the replay of a log read from JSON skips the well-formedness check, so the
    reader must accept only well-formed actions. Change one field of a written action to
    any value: either the reader rejects it, or the action it gives passes the check."""
    from tigris_rules.rules.wellformed import check_well_formed

    body: dict[str, Any] = records.converter.unstructure(action)
    key = data.draw(st.sampled_from(sorted(body)))
    body[key] = data.draw(JSON | st.sampled_from(["red", "a1", "p11", "q1", -1, 0, 7, True]))
    try:
        read = records.converter.structure(body, tr.Action)
    except FormatError:
        return
    check_well_formed(read)


def test_a_malformed_action_in_a_log_built_in_python_is_still_reported() -> None:
    """CONV-19: a log built in Python (not read from JSON) may hold anything: its replay
    checks every action's fields and reports a bad one as a format problem."""
    log = tr.record_game(tr.GameConfig(players=2), RandomBot(1).choose, seed=4)
    first = log.actions[0]
    spoiled = object.__new__(tr.PlaceTile)
    object.__setattr__(spoiled, "color", "red")
    object.__setattr__(spoiled, "square", "a1")
    log = attrs.evolve(log, actions=(attrs.evolve(first, action=spoiled), *log.actions[1:]))
    report = tr.validate_log(log)
    assert report.problems[0].kind is tr.ProblemKind.FORMAT
    assert report.problems[0].path == "$.actions[0].color"


def test_a_state_taken_from_the_replay_keeps_its_regions_as_the_replay_goes_on() -> None:
    """CONV-8, CONV-17: a position read from the replay shares its regions with the working
    copy; the next inputs replayed must not change them, so that the earlier position's
    regions stay those of its own board."""
    from tigris_rules.model.squares import square_index
    from tigris_rules.render.diagram import position
    from tigris_rules.rules.regions import compute_regions, regions_of

    start = position(
        """
             e  f  g  h
          3  r  .  .  .
        """,
        hands={0: "rrrrrr"},
    )
    replayer = Replayer(start)
    replayer.apply(tr.PlaceTile(tr.Color.RED, "f3"), 0)
    first = replayer.state
    replayer.apply(tr.PlaceTile(tr.Color.RED, "g3"), 0)
    second = replayer.state
    for state in (first, second):
        carried = regions_of(state)
        fresh = compute_regions(state.cells, state.leaders)
        assert [r >= 0 for r in carried.label] == [r >= 0 for r in fresh.label]
    assert regions_of(first).label[square_index("g3")] == -1
    assert second == tr.apply(
        tr.apply(start, tr.PlaceTile(tr.Color.RED, "f3"), 0), tr.PlaceTile(tr.Color.RED, "g3"), 0
    )


@given(action=well_formed_actions(), bad=st.sampled_from([None, "a0", -1, True, 1.5, "RED"]))
def test_the_quick_well_formedness_test_passes_only_what_the_field_checks_accept(
    action: tr.Action, bad: object
) -> None:
    """CONV-19: the quick test of an action type (built from the table of field checks)
    passes every well-formed action of the type, and fails once any one field holds a value
    the field checks reject, so that such an action always reaches them."""
    from tigris_rules.rules import wellformed

    passes = wellformed._quick_check(wellformed._FIELD_CHECKS.get(type(action), ()))
    assert passes(action)
    for name, need in wellformed._FIELD_CHECKS.get(type(action), ()):
        spoiled = object.__new__(type(action))
        for field in attrs.fields(type(action)):
            value = bad if field.name == name else getattr(action, field.name)
            object.__setattr__(spoiled, field.name, value)
        with pytest.raises(tr.InvalidActionError):
            need(bad, name)
        assert not passes(spoiled)
