"""check_state (RULES.md invariants), the check of ``loads`` and its opt-out, and bounded work
on every state ``loads`` accepts."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import BLACK, EMPTY, FLIPPED
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.rules.regions import Regions, compute_regions
from tigris_rules.rules.scoring import allocate_treasures

# --- positions to start from ------------------------------------------------------------------


def _played(state: Any, seed: int, steps: int) -> list[Any]:
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        if tr.is_over(state):
            break
        legal = tr.legal_actions(state)
        state = tr.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


@cache
def sample_states() -> tuple[Any, ...]:
    """Board-game states of every variant (with and without a decision pending) and card-game
    states, reached by random play."""
    out: list[Any] = []
    configs = [
        tr.GameConfig(players=2),
        tr.GameConfig(players=3, board="alternative", variants=("english", "buildings")),
        tr.GameConfig(players=4, variants=("ziggurat", "buildings")),
    ]
    for seed, config in enumerate(configs):
        states = _played(tr.new_game(config, seed=seed), seed, 150)
        out += states[:: len(states) // 6 + 1]
        out += [s for s in states if s.pending is not None][:4]
    for players in (2, 3):
        config = tr.GameConfig(players=players, game="cards")
        states = _played(tr.new_card_game(config, seed=players), players, 200)
        out += states[:: len(states) // 6 + 1]
        out += [s for s in states if s.pending is not None][:4]
    return tuple(out)


def kind_of(state: Any) -> type:
    return tr.GameState if isinstance(state, tr.GameState) else tr.CardGameState


# --- check_state ------------------------------------------------------------------------------


def test_reachable_states_have_no_problem() -> None:
    for state in sample_states():
        assert tr.check_state(state) == [], state


def test_check_state_refuses_what_is_not_a_state() -> None:
    with pytest.raises(tr.NotAStateError):
        tr.check_state("a state")  # type: ignore[arg-type]


def board_opening() -> tr.GameState:
    return tr.new_game(tr.GameConfig(players=2), seed=1)


def codes(state: Any) -> set[str]:
    return {p.code for p in tr.check_state(state)}


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda s: attrs.evolve(s, active=9), "seat"),
        (lambda s: attrs.evolve(s, hands=((200, 0, 0, 0), s.hands[1])), "hand-size"),
        (lambda s: attrs.evolve(s, bag=s.bag + (0,) * 50), "bag-size"),
        (lambda s: attrs.evolve(s, treasures_held=(10**7, 0)), "treasure-count"),
        (lambda s: attrs.evolve(s, scores=((10**9, 0, 0, 0), (0, 0, 0, 0))), "score"),
        (lambda s: attrs.evolve(s, scores=((-1, 0, 0, 0), (0, 0, 0, 0))), "score"),
        (lambda s: attrs.evolve(s, config=tr.GameConfig(players=2, game="cards")), "config-game"),
        (lambda s: attrs.evolve(s, actions_taken=5), "actions-taken"),
        (lambda s: attrs.evolve(s, turn=1), "active"),
        (lambda s: attrs.evolve(s, catastrophes=(3, 2)), "catastrophes"),
        (lambda s: attrs.evolve(s, areas=(None,)), "shape"),
        (lambda s: attrs.evolve(s, pending=tr.ZigguratIncomeDecision(0)), "variant"),
        (lambda s: attrs.evolve(s, pending=tr.ZigguratIncomeDecision(9)), "decision-seat"),
        (lambda s: _on_empty(s, BLACK), "tile-count"),
        (lambda s: _on_empty(s, FLIPPED), "tile-count"),
    ],
)
def test_impossible_board_states_are_named(change: Callable[[Any], Any], code: str) -> None:
    assert code in codes(change(board_opening()))


def _on_empty(state: Any, code: int) -> Any:
    """``state`` with one more tile, of cell code ``code``, on its first empty square."""
    return _with_cell(state, state.cells.index(EMPTY), code)


def _with_cell(state: Any, square: int, code: object) -> Any:
    cells = list(state.cells)
    cells[square] = code
    return attrs.evolve(state, cells=tuple(cells))


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda s: _with_cell(s, 0, True), "$.cells"),
        (lambda s: _with_cell(s, 175, 99), "$.cells"),
        (lambda s: _with_cell(s, 3, -1), "$.cells"),
        (lambda s: _with_cell(s, 3, 1.0), "$.cells"),
        (lambda s: attrs.evolve(s, bag=(*s.bag[:-1], 4)), "$.bag"),
        (lambda s: attrs.evolve(s, bag=(*s.bag[:-1], False)), "$.bag"),
        (lambda s: attrs.evolve(s, leaders=(-2, *s.leaders[1:])), "$.leaders"),
        (lambda s: attrs.evolve(s, leaders=(176, *s.leaders[1:])), "$.leaders"),
        (lambda s: attrs.evolve(s, treasures=frozenset({*s.treasures, -1})), "$.treasures"),
        (lambda s: attrs.evolve(s, monuments=(True, *s.monuments[1:])), "$.monuments"),
    ],
)
def test_a_field_out_of_shape_is_named_by_its_path(change: Callable[[Any], Any], path: str) -> None:
    assert (path, "shape") in {(p.path, p.code) for p in tr.check_state(change(board_opening()))}


@pytest.mark.parametrize(("color", "river"), [(tr.Color.RED, True), (tr.Color.BLUE, False)])
def test_a_tile_on_the_wrong_kind_of_square_is_named_by_its_square(
    color: tr.Color, river: bool
) -> None:
    """TILE-3, TILE-4: a blue tile lies on the river, the others on land."""
    state = board_opening()
    layout = board_layout(state.config.board)
    square = next(
        s for s in range(len(layout.river)) if layout.river[s] == river and state.cells[s] == EMPTY
    )
    problems = tr.check_state(_with_cell(state, square, color.index))
    found = {(p.path, p.code, p.rule) for p in problems}
    rule = "TILE-3" if color is tr.Color.BLUE else "TILE-4"
    assert (f"$.cells.{SQUARE_NAMES[square]}", "tile-square", rule) in found


class _Number(int):
    """An integer of a type of its own, as a program may hold one."""


def test_integers_of_another_type_are_of_the_shape() -> None:
    state = board_opening()
    numbers = attrs.evolve(state, bag=tuple(_Number(c) for c in state.bag))
    assert tr.check_state(numbers) == []


def test_a_treasure_on_the_river_and_two_kings_in_a_kingdom() -> None:
    state = board_opening()
    layout = state.layout
    river = layout.river.index(True)
    moved = attrs.evolve(state, treasures=frozenset({*list(state.treasures)[1:], river}))
    assert "treasure-square" in codes(moved)
    cells = list(state.cells)
    # Two black leaders of the two players beside the temple of k1 (two squares of one kingdom).
    square = layout.start_squares[0]
    left, below = square - 1, square + 16
    cells[left] = cells[below] = 8
    leaders = [-1] * 8
    leaders[0], leaders[4] = left, below
    kings = attrs.evolve(state, cells=tuple(cells), leaders=tuple(leaders))
    assert "kingdom-leaders" in codes(kings)
    # The check finds the regions anew: regions kept by the state (here those of the opening,
    # with no kingdom) are neither trusted nor replaced.
    planted = compute_regions(state.cells, state.leaders)
    kings._cache.regions = planted
    assert "kingdom-leaders" in codes(kings)
    assert kings._cache.regions is planted


def test_a_state_read_from_json_keeps_the_regions_its_check_found() -> None:
    played = _played(board_opening(), seed=5, steps=60)[-1]
    read = tr.loads(tr.dumps(played), tr.GameState)
    kept = read._cache.regions
    assert isinstance(kept, Regions)
    fresh = compute_regions(read.cells, read.leaders)
    assert (kept.label, kept.squares, kept.leaders) == (fresh.label, fresh.squares, fresh.leaders)
    assert list(tr.legal_actions(read)) == list(tr.legal_actions(played))
    unchecked = tr.loads(tr.dumps(played), tr.GameState, check=False)
    assert not isinstance(unchecked._cache.regions, Regions)


def test_impossible_card_states_are_named() -> None:
    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    assert "hand-size" in codes(attrs.evolve(state, hands=((60, 0, 0, 0), state.hands[1])))
    assert "seat" in codes(attrs.evolve(state, active=5))
    assert "card-count" in codes(attrs.evolve(state, draw_pos=0, draw=state.draw + b"\x01"))
    board = tr.GameConfig(players=2)
    assert "config-game" in codes(attrs.evolve(state, config=board))


def test_problems_are_values_with_a_code_a_path_and_a_rule() -> None:
    problem = tr.check_state(attrs.evolve(board_opening(), catastrophes=(3, 2)))[0]
    assert (problem.code, problem.path, problem.rule) == (
        "catastrophes",
        "$.catastrophes[0]",
        "CATA-1",
    )
    assert str(problem) == "$.catastrophes[0]: 3 catastrophes left (CATA-1)"


# --- loads ------------------------------------------------------------------------------------


def test_loads_refuses_an_impossible_state_unless_told_not_to_check() -> None:
    state = board_opening()
    data = json.loads(tr.dumps(state))
    data["hands"][0]["red"] = 200
    data["active"] = 1
    text = json.dumps(data)
    with pytest.raises(tr.FormatError) as info:
        tr.loads(text, tr.GameState)
    paths = [path for path, _ in info.value.problems]
    assert "$.hands[0]" in paths
    assert "$.active" in paths
    hand_built = tr.loads(text, tr.GameState, check=False)
    assert hand_built.hands[0][1] == 200


def test_loads_checks_card_states() -> None:
    state = tr.new_card_game(tr.GameConfig(players=3, game="cards"), seed=1)
    data = json.loads(tr.dumps(state))
    data["hands"][2]["blue"] = 30
    with pytest.raises(tr.FormatError) as info:
        tr.loads(json.dumps(data), tr.CardGameState)
    assert "$.hands[2]" in [path for path, _ in info.value.problems]
    assert tr.loads(json.dumps(data), tr.CardGameState, check=False).hands[2][2] == 30


def test_check_invariants_imports_without_hypothesis() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import tigris_rules as tr\n"
        "from tigris_rules.testing.invariants import check_invariants\n"
        "from tigris_rules.testing import check_invariants as again\n"
        "assert check_invariants(tr.new_game(tr.GameConfig(), seed=1)) == []\n"
        "try:\n"
        "    from tigris_rules.testing import states\n"
        "except ImportError as exc:\n"
        "    assert 'Hypothesis' in str(exc)\n"
        "else:\n"
        "    raise SystemExit('the strategies imported without Hypothesis')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- bounded work -----------------------------------------------------------------------------


@given(
    scores=st.tuples(*[st.integers(0, 12)] * 4),
    treasures=st.integers(0, 40),
)
def test_treasures_are_allocated_one_by_one_to_a_lowest_colour(
    scores: tuple[int, int, int, int], treasures: int
) -> None:
    totals, given = list(scores), [0, 0, 0, 0]
    for _ in range(treasures):  # SCORE-2 as written
        lowest = totals.index(min(totals))
        totals[lowest] += 1
        given[lowest] += 1
    assert allocate_treasures(scores, treasures) == tuple(given)


def test_swaps_are_listed_lazily_in_product_order() -> None:
    import itertools

    state = tr.new_game(tr.GameConfig(players=2), seed=3)
    hand = state.hands[0]
    legal = tr.legal_actions(state)
    swaps = [a for a in legal if isinstance(a, tr.SwapTiles)]
    expected = [c for c in itertools.product(*(range(h + 1) for h in hand)) if any(c)]
    assert [s.counts for s in swaps] == expected
    first = next(i for i, a in enumerate(legal) if isinstance(a, tr.SwapTiles))
    assert legal[first + len(swaps) - 1] == swaps[-1]
    huge = attrs.evolve(state, hands=((60, 60, 60, 60), state.hands[1]))
    many = tr.legal_actions(huge)  # unchecked: len and indexing stay arithmetic
    assert len(many) > 61**4 - 1
    assert many[-2] == tr.SwapTiles(60, 60, 60, 60)


# --- adversarial documents --------------------------------------------------------------------

ODD_VALUES = st.one_of(
    st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, 60, 153, 200, 10**7, 2**63, None]),
    st.sampled_from(["a1", "f3", "k1", "p11", "black", "red", "blue", "green", "treasure"]),
    st.sampled_from(["1.0", "3.2", "g1", "g7", "8.9", True, False]),
    st.just([]),
)


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [path] + [p for k, v in value.items() for p in _leaves(v, (*path, k))]
    if isinstance(value, list):
        return [path] + [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    *head, last = path
    for key in head:
        document = document[key]
    document[last] = value


SEAT_FIELDS = frozenset({"player", "attacker", "defender", "active", "winner"})
SPOTS = [f"{c}.{p}" for c in range(1, 9) for p in range(4)] + [f"g{g}" for g in range(1, 8)]


def _seat_paths(document: Any) -> list[tuple[Any, ...]]:
    return [p for p in _leaves(document) if p and p[-1] in SEAT_FIELDS]


def _move_leader(draw: st.DrawFn, document: Any) -> None:
    """A leader moved to another square (its cell moved with it) or another card."""
    placed = [
        (p, c, where)
        for p, row in enumerate(document["leaders"])
        for c, where in row.items()
        if where is not None
    ]
    if not placed:
        return
    player, color, origin = draw(st.sampled_from(placed))
    if "cells" in document:
        target = draw(st.sampled_from(SQUARE_NAMES))
        if target in document["cells"]:
            return
        del document["cells"][origin]
        document["cells"][target] = "leader"
    else:
        target = draw(st.sampled_from(SPOTS))
    document["leaders"][player][color] = target


def _swap_cells(draw: st.DrawFn, document: Any) -> None:
    """Two squares exchange what they hold (a tile moved to an empty square included)."""
    if "cells" not in document:
        return
    cells = document["cells"]
    a = draw(st.sampled_from(sorted(cells)))
    b = draw(st.sampled_from(SQUARE_NAMES))
    if "leader" in (cells.get(a), cells.get(b)):
        return
    cells[a], moved = cells.get(b), cells[a]
    cells[b] = moved
    if cells[a] is None:
        del cells[a]


@st.composite
def mutated_states(draw: st.DrawFn) -> tuple[type, str]:
    """A real state's JSON with a few changes: odd values anywhere, other seats, moved
    pieces, a decision taken from another position of the same game."""
    state = draw(st.sampled_from(sample_states()))
    kind = kind_of(state)
    document = json.loads(tr.dumps(state))
    kinds = ["seat", "leader", "cells", "decision", "value"]
    hows = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=3))
    for how in sorted(hows, key=kinds.index):  # odd values last: the others need the layout
        if how == "value":
            paths = [p for p in _leaves(document) if p]
            _set(document, draw(st.sampled_from(paths)), draw(ODD_VALUES))
        elif how == "seat" and _seat_paths(document):
            path = draw(st.sampled_from(_seat_paths(document)))
            _set(document, path, draw(st.integers(0, 4)))
        elif how == "leader":
            _move_leader(draw, document)
        elif how == "cells":
            _swap_cells(draw, document)
        elif how == "decision":
            other = draw(st.sampled_from([s for s in sample_states() if kind_of(s) is kind]))
            donor = json.loads(tr.dumps(other))
            for name in ("pending", "todo", "marker", "placed"):
                if name in donor:
                    document[name] = donor[name]
    return kind, json.dumps(document)


def finishes(call: Callable[[], Any]) -> Any:
    """``call()``'s value, or ``None`` when it raised a library error."""
    try:
        return call()
    except tr.TigrisError:
        return None


@given(case=mutated_states())
def test_every_state_loads_accepts_is_handled(case: tuple[type, str]) -> None:
    """Each public function finishes with a value or a library error on any accepted state."""
    kind, text = case
    state = finishes(lambda: tr.loads(text, kind))
    event("accepted" if state is not None else "refused")
    if state is None:
        return
    copied = copy.deepcopy(state)
    finishes(lambda: tr.to_move(state))
    finishes(lambda: tr.is_over(state))
    finishes(lambda: tr.result(state))
    finishes(lambda: tr.dumps(state))
    for player in range(state.config.players):
        finishes(lambda: tr.view(state, player))  # noqa: B023 - called at once
    legal = finishes(lambda: tr.legal_actions(state))
    if legal is not None:
        size = len(legal)
        for index in {0, size // 2, size - 1} if size else set():
            action = legal[index]
            finishes(lambda: tr.apply(state, action))  # noqa: B023 - called at once
            finishes(lambda: tr.step(state, action))  # noqa: B023 - called at once
    assert state == copied
