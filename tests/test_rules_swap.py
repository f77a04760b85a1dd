"""Scenario tests for the swap action (RULES.md §7, SWAP-1..SWAP-4)."""

from __future__ import annotations

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.events import GameOver, TilesDrawn, TilesSwapped
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN


def far_treasures(state: GameState) -> GameState:
    """``state`` with three treasures on temples, so that END-1 does not end the game."""
    cells = list(state.cells)
    squares = {square_index(s) for s in ("a11", "f10", "k11")}
    for s in squares:
        cells[s] = RED.index
    return attrs.evolve(state, cells=tuple(cells), treasures=state.treasures | squares)


def swaps(state: GameState) -> set[tr.SwapTiles]:
    return {a for a in tr.legal_actions(state) if isinstance(a, tr.SwapTiles)}


# --- SWAP-1 ----------------------------------------------------------------------------------


def test_swap_1_format_names_only_civilization_tiles() -> None:
    """SWAP-1 (format): a swap names counts of the four civilization tile colours only; a
    catastrophe cannot be named."""
    assert [f.name for f in attrs.fields(tr.SwapTiles)] == ["black", "red", "blue", "green"]


def test_swap_1_zero_tiles_is_illegal() -> None:
    """SWAP-1: swapping 0 tiles is illegal."""
    state = position(hands={0: "rrk"})
    rejected(state, tr.SwapTiles(), "SWAP-1")


def test_swap_1_cannot_name_more_tiles_than_held() -> None:
    """SWAP-1: the named tiles must be in the hand, colour by colour."""
    state = position(hands={0: "rrk"})
    rejected(state, tr.SwapTiles(red=3), "SWAP-1")
    rejected(state, tr.SwapTiles(blue=1), "SWAP-1")
    rejected(state, tr.SwapTiles(black=2, red=1), "SWAP-1")


def test_swap_1_any_count_from_one_to_hand_size() -> None:
    """SWAP-1: every non-empty part of the hand, the whole hand included, may be swapped,
    and nothing else."""
    state = position(hands={0: "rrk"})
    assert swaps(state) == {
        tr.SwapTiles(red=1),
        tr.SwapTiles(red=2),
        tr.SwapTiles(black=1),
        tr.SwapTiles(black=1, red=1),
        tr.SwapTiles(black=1, red=2),
    }
    after = play(state, tr.SwapTiles(black=1, red=2))
    assert sum(after.hands[0]) == 3
    assert after.actions_taken == 1


# --- SWAP-2 ----------------------------------------------------------------------------------


def test_swap_2_named_tiles_leave_game_before_drawing() -> None:
    """SWAP-2: the discarded temple leaves the game before the draw, so it cannot be drawn
    back; the bag is untouched by the discard."""
    state = position(hands={0: "rk"}, bag="g")
    after, events = tr.step(state, tr.SwapTiles(red=1))
    kinds = [type(e) for e in events]
    assert kinds.index(TilesSwapped) < kinds.index(TilesDrawn)
    assert events[-2:] == (TilesSwapped(0, 1), TilesDrawn(0, (GREEN,), short=False))
    assert after.hands[0] == (1, 0, 0, 1)
    assert after.out_of_game == (0, 1, 0, 0)
    assert after.bag == state.bag
    assert after.bag_size == 0


def test_swap_2_discard_never_returns_even_with_empty_bag() -> None:
    """SWAP-2: with an empty bag the two discarded tiles are simply gone."""
    state = position(hands={0: "rkb"}, bag="")
    after = play(state, tr.SwapTiles(red=1, blue=1))
    assert after.hands[0] == (1, 0, 0, 0)
    assert after.out_of_game == (0, 1, 1, 0)


# --- SWAP-3 ----------------------------------------------------------------------------------


def test_swap_3_draws_k_tiles_usable_same_turn() -> None:
    """SWAP-3: he draws as many tiles as he discarded, from the bag in order, and may play
    one of them as his second action."""
    state = far_treasures(position(hands={0: "rrrrrr", 1: "gggggg"}, bag="kkbgrrrrrrrr"))
    rejected(state, tr.PlaceTile(BLACK, "g5"), "TILE-1")
    state, events = tr.step(state, tr.SwapTiles(red=3))
    assert events[-1] == TilesDrawn(0, (BLACK, BLACK, BLUE), short=False)
    assert state.hands[0] == (2, 3, 1, 0)
    assert state.bag_size == 9
    action = tr.PlaceTile(BLACK, "g5")
    assert action in tr.legal_actions(state)
    after = play(state, action)
    assert after.cells[square_index("g5")] == BLACK.index
    assert after.active == 1


# --- SWAP-4 ----------------------------------------------------------------------------------


def test_swap_4_short_bag_draws_all_and_ends_game_after_turn() -> None:
    """SWAP-4: with one tile in the bag, a swap of three draws that one; the draw is short
    (END-2), the turn goes on, and the game ends at the end of this turn."""
    state = far_treasures(position(hands={0: "rrr", 1: "gggggg"}, bag="k"))
    state, events = tr.step(state, tr.SwapTiles(red=3))
    assert events[-1] == TilesDrawn(0, (BLACK,), short=True)
    assert state.hands[0] == (1, 0, 0, 0)
    assert state.bag_size == 0
    assert state.short_draw
    assert not state.over
    assert tr.PlaceTile(BLACK, "g5") in tr.legal_actions(state)
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g5"))
    assert after.over
    assert events[-1] == GameOver("bag")
    assert after.hands[1] == (0, 0, 0, 6)


def test_swap_4_legal_with_empty_bag() -> None:
    """SWAP-4: a swap is legal even when the bag is empty; nothing is drawn."""
    state = far_treasures(position(hands={0: "rk", 1: "gggggg"}, bag=""))
    action = tr.SwapTiles(red=1)
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events[-1] == TilesDrawn(0, (), short=True)
    assert after.hands[0] == (1, 0, 0, 0)
    assert after.short_draw
    after, events = tr.step(after, tr.EndTurn())
    assert after.over
    assert events[-1] == GameOver("bag")


def test_swap_4_exactly_enough_tiles_is_not_short() -> None:
    """SWAP-4 with END-4: a bag holding exactly k tiles is not short and the game goes on."""
    state = far_treasures(position(hands={0: "rrrrrr", 1: "gggggg"}, bag="kk"))
    state, events = tr.step(state, tr.SwapTiles(red=2))
    assert events[-1] == TilesDrawn(0, (BLACK, BLACK), short=False)
    assert not state.short_draw
    after = play(state, tr.EndTurn())
    assert not after.over
    assert after.active == 1


def test_swap_1_rejections_say_what_is_wrong() -> None:
    """SWAP-1: an empty swap and a swap naming more tiles of a colour than held are
    rejected with a sentence saying so."""
    state = position(hands={0: "rrk"})
    expected = {
        tr.SwapTiles(): "a swap must name at least one tile",
        tr.SwapTiles(red=3): "you hold 2 red tile(s), not 3",
        tr.SwapTiles(black=1, green=1): "you hold 0 green tile(s), not 1",
    }
    for action, reason in expected.items():
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, action)
        assert (info.value.rule, info.value.reason) == ("SWAP-1", reason)
