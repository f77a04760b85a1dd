"""Perft fixtures: node counts of the legal-input tree from fixed positions.

``tr.perft(state, 1)`` is ``len(legal_actions(state))``, and ``tr.perft(state, depth)`` is the
sum of ``perft(apply(state, action), depth - 1)`` over every ``action`` of
``legal_actions(state)``: the number of leaf nodes of the tree of legal inputs ``depth``
inputs deep, where an input is anything ``legal_actions`` lists (a turn action or the answer
to a pending decision, by whichever seat must answer). Leaves are counted, not applied.

The expected numbers were computed with the engine of commit 7ca6490. A change of the engine
that changes what is legal in one of these positions (or what a legal input leads to) fails
a test here; a change that only makes the engine faster must leave every number as it is.

The positions other than the opening are JSON files in ``tests/data/perft/`` (written by
``tests/data/perft/make_positions.py`` with ``dumps(state, indent=2)``), so they depend on
neither the bots nor a random number generator.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules.model.decisions import CommitDecision, ConflictKind, Role
from tigris_rules.variants.buildings import building_squares

DATA = Path(__file__).parent / "data" / "perft"


perft = tr.perft


STORED_VARIANTS = ("buildings", "ziggurat")
"""The variants whose data the stored positions hold at the top level: they were written
before the variants kept their data under ``areas`` (the library no longer reads that
layout), and are kept byte for byte so that the counts stay pinned to the same files."""


def load(name: str) -> tr.GameState:
    """A position stored in ``tests/data/perft/``, its variants' data moved under ``areas``
    (the data of a variant its configuration does not play is its opening value: dropped)."""
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    areas = data.setdefault("areas", {})
    for variant in STORED_VARIANTS:
        value = data.pop(variant)
        if variant in data["config"]["variants"]:
            areas[variant] = value
    return tr.loads(json.dumps(data), tr.GameState)


def test_the_stored_layout_is_the_one_load_reads() -> None:
    """Each stored file holds every variant's data at the top level and no ``areas``, which
    the library now refuses: ``load`` is the only reader of the stored layout."""
    for path in sorted(DATA.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert "areas" not in data, path.name
        assert all(variant in data for variant in STORED_VARIANTS), path.name
        with pytest.raises(tr.FormatError, match="unknown field"):
            tr.loads(path.read_text(encoding="utf-8"), tr.GameState)


def opening() -> tr.GameState:
    """Position (1): the opening of the classic 2-player base game dealt from seed 1."""
    return tr.new_game(tr.GameConfig(players=2), seed=1)


POSITIONS: dict[str, tuple[int, int]] = {
    # name: (perft 1, perft 2)
    "opening": (750, 520_829),
    "crowded.json": (136, 9_880),
    "war_commit.json": (6, 30),
    "all_variants.json": (196, 33_196),
}


def position(name: str) -> tr.GameState:
    """The position called ``name`` in :data:`POSITIONS`."""
    return opening() if name == "opening" else load(name)


def test_positions_are_what_their_names_say() -> None:
    """Pins the fixtures themselves: each file holds the kind of position it is named for."""
    start = opening()
    assert start.config == tr.GameConfig(players=2)
    assert (start.turn, start.actions_taken, start.pending) == (0, 0, None)

    crowded = load("crowded.json")
    assert crowded.config == tr.GameConfig(players=4)
    assert crowded.pending is None
    assert not tr.is_over(crowded)
    assert sum(square >= 0 for square in crowded.leaders) == 12

    war = load("war_commit.json")
    assert war.config == tr.GameConfig(players=4)
    assert isinstance(war.pending, CommitDecision)
    assert war.pending.conflict.kind is ConflictKind.WAR
    assert war.pending.role is Role.ATTACKER

    variants = load("all_variants.json")
    assert variants.config == tr.GameConfig(
        players=4, board="alternative", variants=("english", "buildings", "ziggurat")
    )
    assert variants.pending is None
    assert sum(square >= 0 for square in building_squares(variants)) == 2


@pytest.mark.parametrize("name", list(POSITIONS))
def test_stored_positions_read_back_equal(name: str) -> None:
    """Pins the JSON of the positions: writing and reading a position gives it back."""
    state = position(name)
    assert tr.loads(tr.dumps(state), tr.GameState) == state


@pytest.mark.parametrize(
    ("name", "expected"), [(name, nodes[0]) for name, nodes in POSITIONS.items()]
)
def test_perft_1(name: str, expected: int) -> None:
    """Pins perft(1): the number of legal inputs of the position."""
    assert perft(position(name), 1) == expected


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_counted_input_applies(name: str) -> None:
    """Pins that every input counted at depth 1 is accepted by ``apply`` (no exception) and
    is listed once."""
    state = position(name)
    actions = list(tr.legal_actions(state))
    assert len(set(actions)) == len(actions)
    player = tr.to_move(state)
    for action in actions:
        tr.apply(state, action, player=player)


@pytest.mark.parametrize(
    ("name", "expected"), [(name, nodes[1]) for name, nodes in POSITIONS.items()]
)
def test_perft_2(name: str, expected: int) -> None:
    """Pins perft(2): the legal inputs of every position one legal input away, summed."""
    assert perft(position(name), 2) == expected


def test_perft_3_through_the_war() -> None:
    """Pins perft(3) of the war position: both commitments, then what follows the war's
    resolution (removed leaders and tiles, the VP, the next decision)."""
    assert perft(load("war_commit.json"), 3) == 8_442


def test_perft_0_is_the_position_itself() -> None:
    """Pins depth 0: one leaf, the position, whatever it is."""
    assert tr.perft(load("war_commit.json"), 0) == 1


def test_perft_of_the_card_game() -> None:
    """Pins the card game's counts from the opening of a 2-player game dealt from seed 1."""
    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    assert [tr.perft(state, depth) for depth in (1, 2)] == [len(tr.legal_actions(state)), 4185]


@pytest.mark.parametrize("depth", [-1, -100])
def test_a_negative_depth_is_refused(depth: int) -> None:
    with pytest.raises(tr.ArgumentValueError, match="depth"):
        tr.perft(opening(), depth)


@pytest.mark.parametrize("depth", [1.0, "2", True, None])
def test_a_depth_that_is_no_integer_is_refused(depth: object) -> None:
    with pytest.raises(tr.ArgumentTypeError, match="depth"):
        tr.perft(opening(), depth)  # type: ignore[arg-type]
