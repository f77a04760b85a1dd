"""What most likely happened: each kind of slip in a log reported as one problem at its place,
with its diagnosis, and the rest of the log checked as if mended (docs/log-format.md,
Validation; benchmarks/diagnosis.py measures the rates)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from tigris_rules.records import _candidates, _repair
from tigris_rules.records._replaying import Reached

ROOT = Path(__file__).parent.parent
LOGS = Path(__file__).parent / "data" / "logs"
Actions = list[dict[str, Any]]


def classic() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOGS / "game-2p-classic-seed1.json").read_text("utf-8"))
    return data


def problems(data: dict[str, Any], actions: Actions) -> tuple[tr.Problem, ...]:
    return tr.validate_json(json.dumps({**data, "actions": actions})).problems


def missing(a: Actions, i: int) -> Actions:
    return a[:i] + a[i + 1 :]


def duplicated(a: Actions, i: int) -> Actions:
    return [*a[: i + 1], a[i], *a[i + 1 :]]


def swapped(k: int) -> Callable[[Actions, int], Actions]:
    def swap(a: Actions, i: int) -> Actions:
        return [*a[:i], a[i + k], *a[i + 1 : i + k], a[i], *a[i + k + 1 :]]

    return swap


def changed(**fields: Any) -> Callable[[Actions, int], Actions]:
    def change(a: Actions, i: int) -> Actions:
        return [*a[:i], {**a[i], **fields}, *a[i + 1 :]]

    return change


def other_seat(a: Actions, i: int) -> Actions:
    return changed(player=1 - a[i]["player"])(a, i)


@pytest.mark.parametrize(
    ("corrupt", "at", "index", "diagnosis", "likely"),
    [
        (missing, 41, 41, "missing", "an action is missing before action 41"),
        (duplicated, 40, 41, "duplicated", "action 41 repeats action 40"),
        (swapped(1), 41, 41, "swapped", "actions 41 and 42 appear swapped"),
        (swapped(3), 40, 40, "swapped", "actions 40 and 43 appear swapped"),
        (other_seat, 40, 40, "wrong-seat", "action 40 was most likely played by player 0"),
        (changed(square="e1"), 41, 41, "wrong-square",
         "action 41 most likely has the wrong square"),
        (changed(color="blue"), 52, 52, "wrong-color",
         "action 52 most likely has the wrong color"),
        (changed(count=3), 79, 79, "wrong-count", "action 79 most likely has the wrong count: "
         "commit_support count=0 fits"),
    ],
)  # fmt: skip
def test_one_slip_is_one_problem_with_its_diagnosis(
    corrupt: Callable[[Actions, int], Actions], at: int, index: int, diagnosis: str, likely: str
) -> None:
    data = classic()
    assert corrupt(data["actions"], at) != data["actions"]
    (problem,) = problems(data, corrupt(data["actions"], at))
    assert (problem.index, problem.diagnosis, problem.likely) == (index, diagnosis, likely)
    assert str(problem).endswith(f"; {likely}")
    assert problem.to_json()["diagnosis"] == diagnosis
    assert problem.to_json()["likely"] == likely


def test_an_action_written_in_is_extra() -> None:
    data = classic()
    actions = data["actions"]
    (problem,) = problems(data, [*actions[:60], actions[3], *actions[60:]])
    assert (problem.index, problem.diagnosis) == (60, "extra")
    assert problem.likely == "action 60 appears to be extra"


def test_a_second_slip_later_is_its_own_problem() -> None:
    """The log is checked on as if the first slip were mended: a later one is found, alone."""
    data = classic()
    actions = other_seat(swapped(1)(data["actions"], 41), 150)
    found = problems(data, actions)
    assert [(p.index, p.diagnosis) for p in found] == [(41, "swapped"), (150, "wrong-seat")]


def test_a_valid_log_has_no_diagnosis() -> None:
    for path in sorted(LOGS.glob("*.json")):
        assert tr.validate_file(path).valid, path


@pytest.mark.parametrize("at", [20, 41, 90])
def test_a_duplicated_action_is_not_judged_twice(at: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Leaving out the first copy is the same guess as leaving out the second: the two do not
    tie round after round to the end of the log."""

    judged: list[tuple[str, int]] = []
    judge = _repair._judge

    def watched(search: Any, ways: Any, following: Any, upto: int, needed: int = 0) -> Any:
        judged.extend((way.diagnosis, way.at) for way in ways)
        return judge(search, ways, following, upto, needed)

    monkeypatch.setattr(_repair, "_judge", watched)
    data = classic()
    (problem,) = problems(data, duplicated(data["actions"], at))
    assert (problem.index, problem.diagnosis) == (at + 1, "duplicated")
    assert ("duplicated", at + 1) in judged
    assert ("extra", at) not in judged


def test_strict_validation_diagnoses_nothing() -> None:
    data = classic()
    text = json.dumps({**data, "actions": missing(data["actions"], 41)})
    with pytest.raises(tr.LogError) as info:
        tr.validate_log(tr.loads(text, tr.GameLog), strict=True)
    problem = info.value.problem
    assert isinstance(problem, tr.Problem)
    assert (problem.diagnosis, problem.likely) == (None, None)


RECORD = ROOT / "examples" / "club_night.tgn"
EXPECTED = [
    (55, 57, 71, "wrong-seat", "action 71 was most likely played by player 2"),
    (68, 8, 99, "missing", "an action is missing before action 99"),
    (87, 8, 146, "wrong-square", "action 146 most likely has the wrong square"),
    (113, 8, 203, "swapped", "actions 203 and 204 appear swapped"),
]


def test_a_record_written_by_hand_gives_each_slip_at_its_line() -> None:
    report = tr.validate_file(RECORD)
    found = [(p.line, p.column, p.index, p.diagnosis, p.likely) for p in report.problems]
    assert found == EXPECTED
    assert report.actions == 217
    lines = RECORD.read_text(encoding="utf-8").splitlines()
    assert lines[54][53:] == "@0 commit 0"  # line 55, the move at column 57
    assert lines[67].startswith("48. @2 leader farmer i8")  # the commitment before it forgotten
    assert lines[86][7:].startswith("tile black n3")
    assert lines[112][7:].startswith("commit 0, leader king l5")


def test_the_command_line_gives_the_diagnosis_in_json() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tigris_rules", "validate", "--json", str(RECORD)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    found = json.loads(done.stdout)
    (entry,) = found["files"]
    assert [(p["index"], p["diagnosis"]) for p in entry["problems"]] == [
        (i, d) for _, _, i, d, _ in EXPECTED
    ]


def test_a_field_with_fewer_other_values_is_tried_first() -> None:
    """Of the legal actions one field apart from an action replayed before a rejected one, the
    other colours come before the other squares: a slip that leaves few other values is the
    likelier."""

    log = tr.loads(json.dumps(classic()), tr.GameLog)
    state, entry = tr.replay(log).states[4], log.actions[4]
    neighbours = _candidates.neighbours(list(tr.legal_actions(state)), entry.action)[::-1]
    assert neighbours[0][1] == "square"
    found = [field for _, field in _candidates.fewest_first(neighbours)]
    assert found.count("color") < found.count("square")
    assert found == sorted(found, key=lambda field: field != "color")


def test_the_missing_actions_tried_cover_every_kind_first() -> None:

    log = tr.loads(json.dumps(classic()), tr.GameLog)
    legal = list(tr.legal_actions(tr.replay(log).states[4]))
    kinds = {type(action) for action in legal}
    spread = list(_candidates.spread(legal))
    assert sorted(map(id, spread)) == sorted(map(id, legal))
    assert {type(action) for action in spread[: len(kinds)]} == kinds
    assert {type(action) for action in legal[: len(kinds)]} != kinds


def test_a_place_no_later_action_names_is_tried_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile written on a square already taken: tens of other squares fit the next actions
    for long. Those that no later action names are tried first (``records.CLAIMS_AHEAD``),
    and the one kept is the square played: one problem, at the slip. In the order of the
    legal actions, another square is kept and problems follow."""
    data = classic()
    assert data["actions"][4] == {"player": 0, "type": "place_tile", "color": "red", "square": "j6"}
    actions = changed(square="d1")(data["actions"], 4)
    (problem,) = problems(data, actions)
    assert (problem.index, problem.diagnosis) == (4, "wrong-square")
    assert problem.likely == "action 4 most likely has the wrong square: place_tile red j6 fits"
    monkeypatch.setattr(_repair, "CLAIMS_AHEAD", 0)
    assert len(problems(data, actions)) > 1


def test_the_places_tried_are_those_the_budget_lets_judge(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile written on a square already taken: of the tens of squares it may go on, as
    many as a third of the inputs left lets judge are tried (at least
    ``records.PLACES_LEAST``), in the order of ``records.CLAIMS_AHEAD``: the square played
    is found, alone. Trying them all spends the budget of this short log on squares that fit
    the next actions alike, and problems follow."""
    data = classic()
    assert data["actions"][4] == {"player": 0, "type": "place_tile", "color": "red", "square": "j6"}
    actions = changed(square="d1")(data["actions"], 4)
    (problem,) = problems(data, actions)
    assert problem.likely == "action 4 most likely has the wrong square: place_tile red j6 fits"
    monkeypatch.setattr(_repair, "PLACES_LEAST", 1000)
    assert len(problems(data, actions)) > 1


@pytest.mark.parametrize(("k", "at", "rejected"), [(3, 75, 76), (4, 5, 8)])
def test_a_swap_around_the_rejected_action_is_found(k: int, at: int, rejected: int) -> None:
    """Two actions exchanged, the rules taking the first where it stands and refusing an
    action between them: the slip is reported at the first of the two."""
    data = classic()
    (problem,) = problems(data, swapped(k)(data["actions"], at))
    assert (problem.index, problem.diagnosis) == (at, "swapped")
    assert problem.likely == f"actions {at} and {at + k} appear swapped"
    assert problem.reason.startswith(f"action {rejected} is then rejected: ")


def test_a_colour_slip_tens_of_actions_before_the_action_it_makes_fail_is_found_there() -> None:
    """A tile played in another colour its player also holds: the rules take it, and 33
    actions later that player lacks a tile of the colour (SWAP-1). The reason names the
    colour; the player's earlier actions that played it, past the look back of 4, are tried
    with another colour (docs/log-format.md, Validation, way 7): the log gives one problem,
    at the slip, with its diagnosis, the reason naming the action rejected."""
    data = classic()
    assert data["actions"][142] == {
        "player": 1,
        "type": "place_tile",
        "color": "green",
        "square": "m6",
    }
    (problem,) = problems(data, changed(color="black")(data["actions"], 142))
    assert (problem.index, problem.rule, problem.diagnosis) == (142, "SWAP-1", "wrong-color")
    assert problem.likely == "action 142 most likely has the wrong color: place_tile green m6 fits"
    assert problem.reason.startswith("action 175 is then rejected: ")
    assert _repair.LOOKBACK < 175 - 142


def test_without_the_deep_look_back_that_slip_is_found_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same log with the look back limited to 4 actions: the first problem stands at
    the action rejected, and more follow."""
    monkeypatch.setattr(_repair, "DEEP_LOOKBACK", _repair.LOOKBACK)
    data = classic()
    found = problems(data, changed(color="black")(data["actions"], 142))
    assert found[0].index == 175
    assert len(found) > 1


def test_the_trail_finds_the_positions_far_back_and_keeps_a_bounded_part() -> None:
    """The positions before actions up to ``DEEP_LOOKBACK`` places back are those of the
    replay, found from the nearest position kept; the trail holds at most
    ``DEEP_LOOKBACK + 2 * CHECKPOINT`` actions, whatever the length of the log."""
    log = tr.read_log(LOGS / "game-2p-classic-seed1.json")
    states = tr.replay(log).states
    trail = _repair.Trail(states[0], well_formed=False)
    position = Reached(states[0])
    for index, entry in enumerate(log.actions):
        position.apply(entry)
        trail.played(index, entry, position)
        assert len(trail.entries) < _repair.DEEP_LOOKBACK + 2 * _repair.CHECKPOINT
    last = len(log.actions) - 1
    found, work = trail.before([5, 40, _repair.DEEP_LOOKBACK])
    assert [at for _, at, _ in found] == [last - 4, last - 39, last - 127]
    assert all(state == states[at] for state, at, _ in found)
    assert work < _repair.DEEP_LOOKBACK + _repair.CHECKPOINT  # from the position kept before
    earlier, _ = trail.earlier()
    assert [at for _, at, _ in earlier] == [last, last - 1, last - 2, last - 3]
    assert all(state == states[at] for state, at, _ in earlier)


def test_a_leader_of_another_colour_is_found_where_it_was_placed() -> None:
    """A leader placed in another colour its player also has off the board: the rules take
    it, and 5 actions later a conflict that the log does not answer waits for that seat's
    support (CONV-15). The reason names no colour; the leaders placed by the seat to move,
    past the look back of 4, are tried with another colour (docs/log-format.md, Validation,
    way 8): one problem, at the slip."""
    data = classic()
    assert data["actions"][114] == {
        "player": 1,
        "type": "place_leader",
        "color": "blue",
        "square": "i2",
    }
    (problem,) = problems(data, changed(color="black")(data["actions"], 114))
    assert (problem.index, problem.rule, problem.diagnosis) == (114, "CONV-15", "wrong-color")
    assert problem.reason.startswith("action 119 is then rejected: a decision is pending")


def test_without_way_8_that_leader_is_found_later(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_repair, "_pieces", lambda *_: [])
    data = classic()
    found = problems(data, changed(color="black")(data["actions"], 114))
    assert found[0].index is not None
    assert found[0].index > 114
    assert len(found) > 1


def test_the_furthest_actions_of_way_7_are_left_out_when_all_do_not_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tile played in another colour 39 actions before its seat lacks it (SWAP-1): the 6
    actions of that seat that played the colour do not all fit in half of the inputs left,
    so the furthest are left out and the nearest tried; all or none, the slip is found
    later."""
    data = classic()
    slipped = changed(color="black")(data["actions"], 136)
    (problem,) = problems(data, slipped)
    assert (problem.index, problem.rule, problem.diagnosis) == (136, "SWAP-1", "wrong-color")
    cost = _repair._deep_cost
    named = _repair._named
    tried: list[list[int]] = []

    def remembered(*args: Any) -> list[int]:
        tried.append(named(*args))
        return tried[-1]

    monkeypatch.setattr(_repair, "_named", remembered)
    monkeypatch.setattr(
        _repair, "_deep_cost", lambda backs: cost(backs) if backs == tried[-1] else 10**9
    )
    found = problems(data, slipped)
    assert found[0].index is not None
    assert found[0].index > 136


def test_a_way_alone_is_judged_on_before_the_look_back_is_left_untried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tile played in another colour 4 actions before its seat lacks it (TILE-1): the
    rejected action with another colour replays the next 12 actions whole, alone, and parts
    from the log before the next 24 (``records.LONE_LOOKAHEAD``); the look back then finds
    the slip (docs/log-format.md, Validation, ways 5, 6 and 8). Kept after 12 actions, that
    way gives the first problem at the action rejected, and more follow."""
    data = classic()
    slipped = changed(color="red")(data["actions"], 7)
    (problem,) = problems(data, slipped)
    assert (problem.index, problem.rule, problem.diagnosis) == (7, "TILE-1", "wrong-color")
    assert problem.reason.startswith("action 11 is then rejected: ")
    monkeypatch.setattr(_repair, "LONE_LOOKAHEAD", _repair.LOOKAHEAD)
    found = problems(data, slipped)
    assert found[0].index == 11
    assert len(found) > 1


def test_an_action_put_in_is_tried_again_one_field_apart() -> None:
    """A swap of 4 black tiles left out: of the legal actions put in before the rejected
    one, a swap of 3 replays the next actions best and parts from the log a few actions
    later; the legal actions one field apart from it, a swap of 4 among them, are then put
    in (docs/log-format.md, Validation, way 5): one problem, at the slip."""
    data = classic()
    assert data["actions"][175] == {
        "player": 1,
        "type": "swap_tiles",
        "black": 4,
        "red": 0,
        "blue": 0,
        "green": 0,
    }
    (problem,) = problems(data, missing(data["actions"], 175))
    assert (problem.index, problem.diagnosis) == (175, "missing")
    assert problem.assumed == "after swap_tiles black=4 red=0 blue=0 green=0"


def test_without_the_actions_one_field_apart_that_missing_action_floods(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_repair, "_missing_neighbours", lambda *_: None)
    data = classic()
    found = problems(data, missing(data["actions"], 175))
    assert found[0].assumed == "after swap_tiles black=3 red=0 blue=0 green=0"
    assert len(found) > 1


def ziggurat_game() -> dict[str, Any]:
    """A random-bot game of 3 players with the ziggurat (seed 3041), as
    ``benchmarks/diagnosis.py`` plays it."""
    from tigris_rules.tools.bulk import play

    data: dict[str, Any] = json.loads(
        tr.dumps(play(tr.GameConfig(players=3, variants=("ziggurat",)), 3041))
    )
    return data


def test_the_action_put_in_that_fitted_most_is_tried_one_field_apart_when_none_leads() -> None:
    """A black leader left out: of the legal actions put in before the rejected one, none
    leads (the rejected action sent by the seat to move fits more next actions), but the one
    that fitted most, a black leader on c1, differs from the missing one in one field; the
    actions one field apart from it are put in (docs/log-format.md, Validation, way 5): one
    problem, at the slip."""
    data = ziggurat_game()
    assert data["actions"][53] == {
        "player": 1,
        "type": "place_leader",
        "color": "black",
        "square": "i6",
    }
    (problem,) = problems(data, missing(data["actions"], 53))
    assert (problem.index, problem.diagnosis) == (53, "missing")
    assert problem.assumed == "after place_leader black i6"


def test_a_way_that_fitted_as_well_is_kept_when_the_one_kept_parts_from_the_log() -> None:
    """A black tile left out: after action 93 is rejected, a black tile put in on b1 and a
    swap of one black tile put in replay the next 96 actions alike when the budget cuts the
    judging short, and the first is kept; it parts from the log 99 actions later. The
    action rejected there comes within 200 (``records.REJUDGE_DISTANCE``): the ways that
    fitted as well are judged again by the actions up to it, and the swap, which replays
    past it, is kept instead (docs/log-format.md, Validation): one problem, at the slip."""
    data = classic()
    assert data["actions"][93] == {
        "player": 1,
        "type": "place_tile",
        "color": "black",
        "square": "c6",
    }
    (problem,) = problems(data, missing(data["actions"], 93))
    assert (problem.index, problem.diagnosis) == (93, "missing")
    assert problem.assumed == "after swap_tiles black=1 red=0 blue=0 green=0"


def test_without_the_ways_judged_again_that_missing_action_gives_more_problems(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_repair, "REJUDGE_DISTANCE", 0)
    data = classic()
    found = problems(data, missing(data["actions"], 93))
    assert (found[0].index, found[0].assumed) == (93, "after place_tile black b1")
    assert [p.index for p in found] == [93, 192]
