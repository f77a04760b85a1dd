"""Regions (CONV-8, CONV-9): the regions carried from state to state are always those a full
computation from the board gives."""

from __future__ import annotations

import random

import pytest

import tigris_rules as tr
from tigris_rules.model.state import GameState
from tigris_rules.rules.regions import RegionFacts, Regions, compute_regions, regions_of
from tigris_rules.rules.square_sets import squares_of


def partition(regions: Regions) -> set[tuple[frozenset[int], frozenset[int]]]:
    """Each region as (its squares, its leaders), ignoring region numbers."""
    return {
        (frozenset(squares), frozenset(leaders))
        for squares, leaders in zip(regions.squares, regions.leaders, strict=True)
        if squares
    }


def consistent(state: GameState) -> bool:
    carried = regions_of(state)
    fresh = compute_regions(state.cells, state.leaders)
    labels_agree = all((a < 0) == (b < 0) for a, b in zip(carried.label, fresh.label, strict=True))
    members_agree = all(
        square in carried.squares[carried.label[square]]
        for square in range(len(carried.label))
        if carried.label[square] >= 0
    )
    return labels_agree and members_agree and partition(carried) == partition(fresh)


CONFIGS = (
    tr.GameConfig(players=2),
    tr.GameConfig(players=3),
    tr.GameConfig(players=4),
    tr.GameConfig(players=3, board="alternative", variants=("english", "buildings", "ziggurat")),
)


@pytest.mark.parametrize("seed", range(8))
def test_carried_regions_match_a_full_computation(seed: int) -> None:
    """CONV-8: after every input (placements merge regions, removals split them, monuments
    and ziggurats leave them as they are), the regions the engine carries equal the board's."""
    rng = random.Random(seed)
    state = tr.new_game(CONFIGS[seed % len(CONFIGS)], seed=seed)
    while not tr.is_over(state):
        legal = tr.legal_actions(state)
        state = tr.apply(state, legal[rng.randrange(len(legal))])
        assert consistent(state)


def test_a_tile_joining_two_regions_merges_them() -> None:
    """CONV-8: a region is a maximal set of linked occupied squares; occupying the square
    between two regions makes one region of them and leaves the old object unchanged."""
    from tigris_rules.model.squares import square_index
    from tigris_rules.render.diagram import position

    state = position(
        """
             e  f  g
          3  r  .  0K
        """
    )
    before = regions_of(state)
    e3, f3, g3 = (square_index(name) for name in ("e3", "f3", "g3"))
    assert before.label[e3] != before.label[g3]
    merged = before.with_square(f3)
    assert merged.label[e3] == merged.label[f3] == merged.label[g3]
    assert merged.leaders[merged.label[f3]] == [0]
    assert before.label[f3] == -1


def test_emptying_a_square_splits_its_region_and_keeps_the_leaders() -> None:
    """CONV-8: lifting the leader that linked two groups of tiles leaves two regions; a
    region keeps only the leaders standing in it, and the old object is unchanged."""
    from tigris_rules.model.cells import EMPTY
    from tigris_rules.model.squares import square_index
    from tigris_rules.model.state import NO_SQUARE
    from tigris_rules.render.diagram import position

    state = position(
        """
             e  f  g  h
          3  r  0K r  0R
        """
    )
    before = regions_of(state)
    e3, f3, g3, h3 = (square_index(name) for name in ("e3", "f3", "g3", "h3"))
    lifted = [NO_SQUARE if square == f3 else square for square in state.leaders]
    after = before.without_square(f3, lifted)
    assert after.label[f3] == -1
    assert after.label[e3] != after.label[g3] == after.label[h3]
    assert after.leaders[after.label[e3]] == []
    assert after.leaders[after.label[g3]] == [1]  # seat 0's priest
    cells = list(state.cells)
    cells[f3] = EMPTY
    assert partition(after) == partition(compute_regions(cells, lifted))
    assert before.leaders[before.label[e3]] == [0, 1]
    assert before.label[f3] == before.label[e3]


def test_a_leader_check_kept_for_a_move_is_not_used_for_another_action() -> None:
    """CONV-8, CATA-9, CATA-10, LEADER-11: checking the move of player 0's king off e3 keeps the
    regions with it lifted for that move. A catastrophe on the king's only temple (f3) is then
    played from the same state instead: the temple goes, the king is returned, and the
    regions carried to the new state are those of its board (f3 no longer occupied)."""
    from tigris_rules.model.squares import square_index
    from tigris_rules.render.diagram import position

    state = position(
        """
             e  f  g  h  i
          3  0K r  .  .  r
        """
    )
    moved = tr.apply(state, tr.PlaceLeader(tr.Color.BLACK, "h3"))
    assert moved.leaders[0] == square_index("h3")
    after = tr.apply(state, tr.PlaceCatastrophe("f3"))
    assert after.leaders[0] < 0  # the king lost his temple
    assert regions_of(after).label[square_index("f3")] == -1
    assert consistent(after)


def test_a_merge_leaves_every_region_number_with_a_list_of_leaders() -> None:
    """CONV-8, CONV-9: a tile on f3 joins the regions of e3 and g3; the region number the merge
    empties still lists its leaders (none), so that a walk over every region, as the
    invariant check makes, reads the merged position."""
    from tigris_rules.render.diagram import position
    from tigris_rules.testing import check_invariants

    state = position(
        """
             e  f  g
          3  r* .  r
        """,
        hands={0: "r"},
    )
    after = tr.apply(state, tr.PlaceTile(tr.Color.RED, "f3"))
    regions = regions_of(after)
    assert all(isinstance(leaders, list) for leaders in regions.leaders)
    assert consistent(after)
    # A hand-built position (a temple on the river, one treasure, a bag of every other tile) is
    # not one the rules reach: of its problems, none may be about the kingdoms.
    problems = check_invariants(after, state)
    assert problems
    assert not [p for p in problems if "kingdom" in p], problems


@pytest.mark.parametrize("density", [0.35, 0.5, 0.65, 0.8])
def test_emptying_any_square_of_a_random_board_gives_the_regions_of_the_new_board(
    density: float,
) -> None:
    """CONV-8: whatever the shape around the emptied square (one to four occupied
    neighbours, linked beside it or only far away, or not at all), the regions updated by
    ``without_square`` are those of the board with that square empty, in place or not."""
    from tigris_rules.model.cells import EMPTY, LEADER
    from tigris_rules.model.squares import SQUARE_COUNT
    from tigris_rules.model.state import NO_SQUARE

    rng = random.Random(density)
    for _ in range(6):
        cells = [rng.randrange(4) if rng.random() < density else EMPTY for _ in range(SQUARE_COUNT)]
        occupied = [s for s in range(SQUARE_COUNT) if cells[s] != EMPTY]
        leaders = [NO_SQUARE] * 8
        for flat, square in enumerate(rng.sample(occupied, 8)):
            cells[square] = LEADER
            leaders[flat] = square
        before = compute_regions(cells, leaders)
        for square in occupied:
            gone = [NO_SQUARE if at == square else at for at in leaders]
            emptied = cells.copy()
            emptied[square] = EMPTY
            expected = partition(compute_regions(emptied, gone))
            after = before.without_square(square, leaders)
            assert partition(after) == expected, square
            assert after.label[square] == -1
            copy = Regions(before.label.copy(), before.squares.copy(), before.leaders.copy())
            assert partition(copy.without_square(square, leaders, in_place=True)) == expected
        assert partition(before) == partition(compute_regions(cells, leaders))


def _pieces(facts: RegionFacts, label: list[int], region: int, square: int) -> set[frozenset[int]]:
    return {
        frozenset(squares_of(squares)) for squares, _ in facts.pieces_without(label, region, square)
    }


@pytest.mark.parametrize("density", [0.35, 0.5, 0.65])
def test_the_facts_of_a_grown_region_are_those_of_its_squares(density: float) -> None:
    """CONV-8: the facts kept for a region joined by a newly occupied square (its squares,
    the squares beside it, the pieces it falls into when any square known before is emptied)
    are those computed afresh from the joined region."""
    from tigris_rules.model.cells import EMPTY
    from tigris_rules.model.squares import NEIGHBOURS, SQUARE_COUNT

    rng = random.Random(density)
    checked = derived = 0
    for _ in range(8):
        cells = [rng.randrange(4) if rng.random() < density else EMPTY for _ in range(SQUARE_COUNT)]
        before = compute_regions(cells, [])
        for square in range(SQUARE_COUNT):
            if cells[square] != EMPTY:
                continue
            near = {before.label[n] for n in NEIGHBOURS[square] if before.label[n] >= 0}
            if not near:
                continue
            regions = Regions(before.label.copy(), before.squares.copy(), before.leaders.copy())
            base = min(near)
            facts = regions.facts(base)
            for member in before.squares[base]:  # every piece of the region known before
                facts.pieces_without(before.label, base, member)
            after = regions.with_square(square)
            region = after.label[square]
            grown = after.facts(region)
            fresh = RegionFacts(after.squares[region])
            assert (grown.squares, grown.beside) == (fresh.squares, fresh.beside)
            for member in before.squares[base]:
                checked += 1
                derived += member in grown._pieces
                assert _pieces(grown, after.label, region, member) == _pieces(
                    fresh, after.label, region, member
                ), (square, member)
            assert square in grown._pieces  # the square itself: its parts apart again
            assert _pieces(grown, after.label, region, square) == _pieces(
                fresh, after.label, region, square
            )
    assert checked > 1000
    assert derived > checked // 2  # most are derived, not searched again


def test_the_facts_kept_in_play_are_those_of_the_regions() -> None:
    """CONV-8: in random games, the facts the engine keeps with each region (derived from
    state to state) equal those computed afresh from its squares."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = tr.new_game(CONFIGS[seed % len(CONFIGS)], seed=seed)
        while not tr.is_over(state):
            legal = list(tr.legal_actions(state))
            regions = regions_of(state)
            for region, members in enumerate(regions.squares):
                if not regions.leaders[region]:
                    continue
                kept = regions.facts(region)
                fresh = RegionFacts(members)
                assert (kept.squares, kept.beside) == (fresh.squares, fresh.beside)
                for square in list(kept._pieces):
                    checked += 1
                    assert _pieces(kept, regions.label, region, square) == _pieces(
                        fresh, regions.label, region, square
                    )
            state = tr.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 500
