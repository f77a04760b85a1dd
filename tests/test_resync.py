"""One wrong line, one problem: golden logs changed one action at a time (docs/log-format.md,
Validation, gives the measured fractions; benchmarks/resync_rates.py measures them all), and
the work of the repairs bounded by the length of the log (benchmarks/repair_cost.py
measures its cost).

Only the changes rejected where they stand count: a changed action that is still legal is no
problem there, and the game it leads to may differ from the log at any later action."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from tigris_rules.records import _repair, validation
from tigris_rules.records._replaying import Reached

LOGS = Path(__file__).parent / "data" / "logs"
COLOR_NAMES = ("black", "red", "blue", "green")


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOGS / name).read_text(encoding="utf-8"))
    return data


def changed(data: dict[str, Any], index: int, change: dict[str, Any]) -> str:
    actions = list(data["actions"])
    actions[index] = {**actions[index], **change}
    return json.dumps({**data, "actions": actions})


def problems_if_rejected(data: dict[str, Any], index: int, change: dict[str, Any]) -> int | None:
    """How many problems the log has with action ``index`` changed, or ``None`` when the
    changed action is not rejected where it stands."""
    report = tr.validate_json(changed(data, index, change))
    if not any(p.index == index for p in report.problems):
        return None
    return len(report.problems) + report.more


def next_color(action: dict[str, Any]) -> dict[str, Any] | None:
    if action.get("color") not in COLOR_NAMES:
        return None
    return {"color": COLOR_NAMES[(COLOR_NAMES.index(action["color"]) + 1) % 4]}


def river_square(action: dict[str, Any]) -> dict[str, Any] | None:
    if "square" not in action:
        return None
    return {"square": "e1" if action["square"] != "e1" else "f1"}  # classic river squares


def counts(data: dict[str, Any], change: Any, every: int = 1) -> tuple[list[int], list[int | None]]:
    """The indexes changed and the problems each gives (``None``: not rejected there)."""
    indexes = [
        i for i in range(0, len(data["actions"]), every) if change(data["actions"][i]) is not None
    ]
    found = [problems_if_rejected(data, i, change(data["actions"][i])) for i in indexes]
    return indexes, found


@pytest.mark.parametrize(
    ("name", "every"),
    [
        ("game-2p-classic-seed1.json", 1),
        ("game-3p-classic-seed2.json", 1),
        ("game-3p-cards-seed16.json", 25),
        ("game-3p-alternative-english-buildings-ziggurat-seed4.json", 5),
    ],
)
@pytest.mark.slow
def test_a_changed_seat_gives_one_problem(name: str, every: int) -> None:
    data = load(name)
    players = data["config"]["players"]
    for index in range(0, len(data["actions"]), every):
        seat = (data["actions"][index]["player"] + 1) % players
        assert problems_if_rejected(data, index, {"player": seat}) == 1, index


@pytest.mark.parametrize(
    ("name", "every"), [("game-2p-classic-seed1.json", 1), ("game-3p-classic-seed2.json", 2)]
)
@pytest.mark.slow
def test_a_square_changed_to_a_river_square_gives_one_problem(name: str, every: int) -> None:
    """Many squares fit the actions that follow for long; the repair budget (3 inputs per
    action of the log) tells the one played in two changes of three."""
    indexes, found = counts(load(name), river_square, every)
    rejected = [(i, n) for i, n in zip(indexes, found, strict=True) if n is not None]
    assert len(rejected) > 0.8 * len(indexes)  # a blue tile may go on a river square
    assert len([i for i, n in rejected if n == 1]) > 0.6 * len(rejected)


@pytest.mark.parametrize("name", ["game-2p-classic-seed1.json", "game-3p-classic-seed2.json"])
@pytest.mark.slow
def test_a_changed_colour_gives_one_problem_where_it_is_rejected(name: str) -> None:
    indexes, found = counts(load(name), next_color)
    rejected = [(i, n) for i, n in zip(indexes, found, strict=True) if n is not None]
    assert len(rejected) > 30
    assert len([i for i, n in rejected if n == 1]) > 0.9 * len(rejected)


def test_the_colour_kept_is_the_one_later_actions_need() -> None:
    """A tile of another colour than the log's is rejected where the player holds none of
    it; of the colours that player holds, the one played is the one its later placements
    need."""
    data = load("game-2p-classic-seed1.json")
    index = next(
        i
        for i, a in enumerate(data["actions"])
        if a["type"] == "place_tile" and problems_if_rejected(data, i, next_color(a) or {})
    )
    original = data["actions"][index]
    report = tr.validate_json(changed(data, index, next_color(original) or {}))
    (problem,) = report.problems
    assert problem.assumed == f"as place_tile {original['color']} {original['square']}"


def test_the_repair_is_named_and_the_problems_capped() -> None:
    data = load("game-2p-classic-seed1.json")
    report = tr.validate_json(changed(data, 10, {"player": 1 - data["actions"][10]["player"]}))
    (problem,) = report.problems
    assert problem.assumed == f"as player {data['actions'][10]['player']}'s"
    text = json.dumps({**data, "actions": [{"player": 1, "type": "end_turn"}] * 9})
    every = tr.validate_json(text, max_problems=None)
    assert len(every.problems) > 2
    many = tr.validate_json(text, max_problems=2)
    assert many.problems == every.problems[:2]
    assert many.more == len(every.problems) - 2


def test_a_spent_repair_budget_skips_the_rejected_action(monkeypatch: pytest.MonkeyPatch) -> None:
    data = load("game-2p-classic-seed1.json")
    monkeypatch.setattr(_repair, "MAX_LOOKAHEAD", _repair.LOOKAHEAD)
    index = tie_past_the_first_lookahead(data)
    monkeypatch.setattr(_repair, "REPAIR_PER_ACTION", 0)
    report = tr.validate_json(changed(data, index, river_square(data["actions"][index]) or {}))
    assert report.problems[0].index == index
    assert report.problems[0].assumed == "skipped"


def tie_past_the_first_lookahead(data: dict[str, Any]) -> int:
    """The first action whose square, changed to a river square, is repaired wrong when the
    ways to go on are judged by the first ``LOOKAHEAD`` following actions only: several
    squares fit them, the first is kept and a later action meets the difference."""
    return next(
        i
        for i, a in enumerate(data["actions"])
        if "square" in a and (problems_if_rejected(data, i, river_square(a) or {}) or 0) > 1
    )


def generous(monkeypatch: pytest.MonkeyPatch) -> None:
    """A repair budget that a short log does not spend."""
    monkeypatch.setattr(_repair, "REPAIR_PER_ACTION", 100_000)
    monkeypatch.setattr(_repair, "REPAIR_BUDGET", 10**9)
    monkeypatch.setattr(_repair, "REPAIR_PER_PROBLEM", 10**6)


def test_a_short_lookahead_guesses_worse(monkeypatch: pytest.MonkeyPatch) -> None:
    data = load("game-2p-classic-seed1.json")
    generous(monkeypatch)
    monkeypatch.setattr(_repair, "MAX_LOOKAHEAD", _repair.LOOKAHEAD)
    index = tie_past_the_first_lookahead(data)
    monkeypatch.setattr(_repair, "MAX_LOOKAHEAD", 2**9 * _repair.LOOKAHEAD)
    assert problems_if_rejected(data, index, river_square(data["actions"][index]) or {}) == 1


def test_validation_reads_at_most_the_lookahead_window_ahead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = load("game-2p-classic-seed1.json")
    generous(monkeypatch)
    monkeypatch.setattr(_repair, "MAX_LOOKAHEAD", _repair.LOOKAHEAD)
    index = tie_past_the_first_lookahead(data)
    window = 2 * _repair.LOOKAHEAD
    monkeypatch.setattr(_repair, "MAX_LOOKAHEAD", window)
    log = tr.loads(changed(data, index, river_square(data["actions"][index]) or {}), tr.GameLog)
    read = 0
    furthest: list[int] = []

    def items() -> Iterator[tuple[int, tr.LogEntry | tr.FormatError]]:
        nonlocal read
        for i, entry in enumerate(log.actions):
            read = i + 1
            yield i, entry

    resume = _repair.resume

    def watched(*args: Any, **kwargs: Any) -> _repair.Resumed:
        found = resume(*args, **kwargs)
        furthest.append(read)
        return found

    monkeypatch.setattr(_repair, "resume", watched)
    report = validation._check(log, len(log.actions), items(), strict=False)
    assert report.problems[0].index == index
    assert furthest[0] == index + 1 + window  # the rejected action, then the window


def mutations(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Changes of a log's actions that the repairs work on the most."""
    actions = data["actions"]
    middle = len(actions) // 2
    players = data["config"]["players"]
    return {
        "reversed": actions[::-1],
        "deleted": actions[:middle] + actions[middle + 1 :],
        "swapped": [
            *actions[:middle],
            actions[middle + 1],
            actions[middle],
            *actions[middle + 2 :],
        ],
        "every square": [{**a, **(river_square(a) or {})} for a in actions],
        "every colour": [{**a, **(next_color(a) or {})} for a in actions],
        "every third seat": [
            {**a, "player": (a["player"] + 1) % players} if i % 3 == 0 else a
            for i, a in enumerate(actions)
        ],
    }


@pytest.mark.parametrize("name", ["game-2p-classic-seed1.json", "game-2p-cards-seed11.json"])
def test_the_repairs_try_a_bounded_number_of_inputs(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every input played while validating (the log's own, once, and those tried ahead to
    repair it), with each listing of legal actions counted as ``LISTING_COST`` inputs, stays
    within ``1 + REPAIR_PER_ACTION + RIVALS_PER_ACTION`` inputs per action of the log, and
    one problem within ``REPAIR_PER_PROBLEM``: a changed log costs a few times a valid one,
    however changed."""
    data = load(name)
    played = listed = 0
    works: list[int] = []
    apply, listing, resume = Reached.apply, tr.legal_actions, _repair.resume

    def counted_apply(self: Reached, entry: tr.LogEntry) -> None:
        nonlocal played
        played += 1
        apply(self, entry)

    def counted_listing(state: Any) -> Any:
        nonlocal listed
        listed += 1
        return listing(state)

    def watched(*args: Any, **kwargs: Any) -> _repair.Resumed:
        found = resume(*args, **kwargs)
        works.append(found.work)
        return found

    monkeypatch.setattr(Reached, "apply", counted_apply)
    monkeypatch.setattr(_repair, "legal_actions", counted_listing)
    monkeypatch.setattr(_repair, "resume", watched)
    for change, actions in mutations(data).items():
        if actions == data["actions"]:
            continue  # no square in a card game
        played = listed = 0
        works.clear()
        report = tr.validate_json(json.dumps({**data, "actions": actions}))
        assert not report.valid, change
        assert works, change  # the repair was tried
        work = played + _repair.LISTING_COST * listed
        per_action = 1 + _repair.REPAIR_PER_ACTION + _repair.RIVALS_PER_ACTION
        assert work <= per_action * len(actions), change
        assert max(works) <= _repair.REPAIR_PER_PROBLEM, change


@pytest.mark.parametrize("name", ["game-2p-classic-seed1.json", "game-2p-cards-seed11.json"])
def test_a_way_judged_only_until_it_cannot_tie_changes_no_choice(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Judging a way only until it can no longer tie the best so far is exact: with a budget
    that is not spent, every log changed as in ``mutations`` gives the same problems, the same
    repairs, as judging every way to the end of each round, and tries no more inputs."""
    data = load(name)
    generous(monkeypatch)
    judge = _repair._Way.judge
    works: list[int] = []
    resume = _repair.resume

    def watched(*args: Any, **kwargs: Any) -> _repair.Resumed:
        found = resume(*args, **kwargs)
        works.append(found.work)
        return found

    def to_the_end(self: Any, ahead: list[tr.LogEntry], needed: int = 0) -> int:
        return judge(self, ahead)

    monkeypatch.setattr(_repair, "resume", watched)
    for change, actions in mutations(data).items():
        text = json.dumps({**data, "actions": actions})
        works.clear()
        early = tr.validate_json(text, max_problems=None)
        early_work = sum(works)
        with monkeypatch.context() as patch:
            patch.setattr(_repair._Way, "judge", to_the_end)
            works.clear()
            full = tr.validate_json(text, max_problems=None)
        assert early.problems == full.problems, change
        assert early_work <= sum(works), change
