"""Scenario tests for catastrophes (RULES.md §6, CATA-1..CATA-10)."""

from __future__ import annotations

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.cells import CATASTROPHE, EMPTY, STRUCTURE
from tigris_rules.model.events import CatastrophePlaced, LeaderReturned, PointsScored, TilePlaced
from tigris_rules.model.squares import SQUARE_NAMES, square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.regions import regions_of

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN

# Three treasures far from the action, so that ending a turn does not end the game (END-1).
TREASURE_ROWS = """
             a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
         10  .  .  .  .  .  r* .  .  .  .  .  .  .  .  .  .
         11  r* .  .  .  .  .  .  .  .  .  r* .  .  .  .  .
"""


def far_treasures(state: GameState) -> GameState:
    """``state`` with three more treasures on temples far from the action (END-1)."""
    cells = list(state.cells)
    squares = {square_index(s) for s in ("a11", "f10", "k11")}
    for s in squares:
        cells[s] = RED.index
    return attrs.evolve(state, cells=tuple(cells), treasures=state.treasures | squares)


def cell(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def catastrophe_targets(state: GameState) -> set[str]:
    return {a.square for a in tr.legal_actions(state) if isinstance(a, tr.PlaceCatastrophe)}


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


# --- CATA-1 ----------------------------------------------------------------------------------


def test_cata_1_no_catastrophe_left() -> None:
    """CATA-1: a player with no catastrophe left cannot place one."""
    state = position(catastrophes={0: 0})
    rejected(state, tr.PlaceCatastrophe("g5"), "CATA-1")
    assert not catastrophe_targets(state)


def test_cata_1_two_per_game_never_more() -> None:
    """CATA-1: the last catastrophe is used by the first action; the second action cannot
    place another, and ending the turn gives none back."""
    state = position(TREASURE_ROWS, catastrophes={0: 1})
    state = play(state, tr.PlaceCatastrophe("g5"))
    assert state.catastrophes == (0, 2)
    rejected(state, tr.PlaceCatastrophe("h5"), "CATA-1")
    state = play(state, tr.EndTurn())
    assert not state.over
    assert state.catastrophes == (0, 2)
    assert state.active == 1


def test_cata_1_each_catastrophe_counts_down() -> None:
    """CATA-1: each catastrophe placed uses one of the player's two."""
    state = position(TREASURE_ROWS)
    state = play(state, tr.PlaceCatastrophe("g5"))
    assert state.catastrophes == (1, 2)
    state = play(state, tr.PlaceCatastrophe("h5"))
    assert state.catastrophes == (0, 2)


# --- CATA-2 ----------------------------------------------------------------------------------


def test_cata_2_targets_are_empty_squares_and_plain_face_up_tiles() -> None:
    """CATA-2 (D13): the legal targets are exactly the empty squares (land or river) and
    the face-up tiles carrying neither a treasure nor a building."""
    state = position(
        """
             d  e  f  g  h
          4  ~  .  r* .  .
          5  .  0K r  k  #
          6  .  .  X  Z  g
          7  b  .  .  .  .
        """,
        config=tr.GameConfig(variants=("buildings", "ziggurat")),
        buildings={GREEN: "h6"},
    )
    excluded = {"f4", "e5", "h5", "f6", "g6", "h6"}
    assert catastrophe_targets(state) == set(SQUARE_NAMES) - excluded


@pytest.mark.parametrize(
    ("square", "destroyed"),
    [("d4", None), ("e4", None), ("f5", RED), ("g5", BLACK), ("d7", BLUE)],
)
def test_cata_2_land_river_and_tiles_are_legal(square: str, destroyed: tr.Color | None) -> None:
    """CATA-2: an empty river square (d4), an empty land square (e4) and face-up tiles,
    including a farm on the river (d7), are legal."""
    state = position(
        """
             d  e  f  g
          4  ~  .  .  .
          5  .  .  r  k
          7  b  .  .  .
        """
    )
    action = tr.PlaceCatastrophe(square)
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events == (CatastrophePlaced(0, square, destroyed),)
    assert cell(after, square) == CATASTROPHE


# --- CATA-3..CATA-8: excluded targets -------------------------------------------------------


@pytest.mark.parametrize("token", ["r*", "#*", "structure"])
def test_cata_3_target_carries_no_treasure(token: str) -> None:
    """CATA-3: no catastrophe on a treasure, whatever it lies on (a structure square too:
    drawn as a tile, then made one, as no variant of the game has a token for it)."""
    state = position(
        f"""
             f  g
          5  {"r*" if token == "structure" else token} .
        """
    )
    if token == "structure":
        f5 = square_index("f5")
        state = attrs.evolve(state, cells=(*state.cells[:f5], STRUCTURE, *state.cells[f5 + 1 :]))
    rejected(state, tr.PlaceCatastrophe("f5"), "CATA-3")


@pytest.mark.parametrize("token", ["0K", "1G"])
def test_cata_4_target_holds_no_leader(token: str) -> None:
    """CATA-4: no catastrophe on a leader, one's own or another player's."""
    state = position(
        f"""
             f  g
          5  r  {token}
        """
    )
    rejected(state, tr.PlaceCatastrophe("g5"), "CATA-4")


def test_cata_5_target_holds_no_catastrophe() -> None:
    """CATA-5: no catastrophe on a catastrophe."""
    state = position(
        """
             g
          5  X
        """
    )
    rejected(state, tr.PlaceCatastrophe("g5"), "CATA-5")


def test_cata_6_target_not_flipped_tile() -> None:
    """CATA-6: no catastrophe on a square of a monument."""
    state = position(monuments={tr.Monument.RED_BLUE: "f5"})
    for square in ("f5", "g5", "f6", "g6"):
        rejected(state, tr.PlaceCatastrophe(square), "CATA-6")
    assert tr.PlaceCatastrophe("h5") in tr.legal_actions(state)


def test_cata_7_target_not_ziggurat_square() -> None:
    """CATA-7 (ZIG): no catastrophe on any of the five ziggurat squares."""
    state = position(
        """
             f  g  h
          4  .  Z  .
          5  Z  Z  Z
          6  .  Z  .
        """,
        config=tr.GameConfig(variants=("ziggurat",)),
    )
    for square in ("g4", "f5", "g5", "h5", "g6"):
        rejected(state, tr.PlaceCatastrophe(square), "CATA-7")
    assert tr.PlaceCatastrophe("f4") in tr.legal_actions(state)


def test_cata_8_target_not_tile_with_building() -> None:
    """CATA-8 (BLD): no catastrophe on the market carrying the market hall; the market next
    to it is a legal target."""
    state = position(
        """
             f  g
          4  g  g
        """,
        config=tr.GameConfig(variants=("buildings",)),
        buildings={GREEN: "f4"},
    )
    rejected(state, tr.PlaceCatastrophe("f4"), "CATA-8")
    assert tr.PlaceCatastrophe("g4") in tr.legal_actions(state)


def test_cata_1_to_8_rejections_name_the_square_and_the_reason() -> None:
    """CATA-1, CATA-3..CATA-8: each rejection says why, naming the target square."""
    state = position(
        """
             e  f  g  h  i  j
          4  .  .  .  .  Z  .
          5  r* r  X  Z  Z  Z
          6  .  0K .  g  Z  .
        """,
        config=tr.GameConfig(variants=("buildings", "ziggurat")),
        monuments={tr.Monument.RED_BLUE: "a10"},
        buildings={GREEN: "h6"},
    )
    expected = {
        "e5": ("CATA-3", "e5 carries a treasure"),
        "f6": ("CATA-4", "f6 holds a leader"),
        "g5": ("CATA-5", "g5 already holds a catastrophe"),
        "b11": ("CATA-6", "b11 is part of a monument"),
        "h5": ("CATA-7", "h5 is part of the ziggurat"),
        "h6": ("CATA-8", "h6 carries a civilization building"),
    }
    for square, (rule, reason) in expected.items():
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, tr.PlaceCatastrophe(square))
        assert (info.value.rule, info.value.reason) == (rule, reason)
        assert str(info.value) == f"{rule}: {reason}"
    spent = attrs.evolve(state, catastrophes=(0, 2))
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(spent, tr.PlaceCatastrophe("f5"))
    assert (info.value.rule, info.value.reason) == ("CATA-1", "you have no catastrophe left")


# --- CONV-17, D26: CATA-1..CATA-8 in order, whatever variants are in play ------------------


def test_cata_1_comes_before_cata_8_with_buildings() -> None:
    """CONV-17, D26: with the buildings in play, a player with no catastrophe left aiming at
    the tile carrying a building is refused under CATA-1, not CATA-8; with one left, CATA-8."""
    state = position(
        """
             f  g
          4  g  g
        """,
        config=tr.GameConfig(variants=("buildings",)),
        buildings={GREEN: "f4"},
        catastrophes={0: 0},
    )
    rejected(state, tr.PlaceCatastrophe("f4"), "CATA-1")
    rejected(attrs.evolve(state, catastrophes=(1, 2)), tr.PlaceCatastrophe("f4"), "CATA-8")


def test_cata_1_comes_before_cata_7_with_the_ziggurat() -> None:
    """CONV-17, D26: with the ziggurat in play, a player with no catastrophe left aiming at a
    ziggurat square is refused under CATA-1, not CATA-7."""
    state = position(
        """
             f  g  h
          4  .  Z  .
          5  Z  Z  Z
          6  .  Z  .
        """,
        config=tr.GameConfig(variants=("ziggurat",)),
        catastrophes={0: 0},
    )
    for square in ("g4", "g5"):
        rejected(state, tr.PlaceCatastrophe(square), "CATA-1")


def test_cata_3_comes_before_cata_7_with_the_ziggurat() -> None:
    """CONV-17, D26: a treasure stays on the ziggurat (ZIG-5); a catastrophe aimed at it is
    refused under CATA-3, not CATA-7, while the ziggurat square beside it carries CATA-7."""
    state = position(
        """
             f  g  h
          4  .  Z* .
          5  Z  Z  Z
          6  .  Z  .
        """,
        config=tr.GameConfig(variants=("ziggurat",)),
    )
    rejected(state, tr.PlaceCatastrophe("g4"), "CATA-3")
    rejected(state, tr.PlaceCatastrophe("g5"), "CATA-7")


def test_cata_3_comes_before_cata_8_with_buildings() -> None:
    """CONV-17, D26: a catastrophe aimed at a temple that carries both a treasure and the
    red building is refused under CATA-3, not CATA-8."""
    state = position(
        """
             f  g  h
          5  r* r  r
        """,
        config=tr.GameConfig(variants=("buildings",)),
        buildings={RED: "f5"},
    )
    rejected(state, tr.PlaceCatastrophe("f5"), "CATA-3")
    moved = position(
        """
             f  g  h
          5  r* r  r
        """,
        config=tr.GameConfig(variants=("buildings",)),
        buildings={RED: "g5"},
    )
    rejected(moved, tr.PlaceCatastrophe("g5"), "CATA-8")


def test_cata_3_comes_before_cata_7_and_cata_8_with_both_variants() -> None:
    """CONV-17, D26: with the buildings and the ziggurat in play, a treasure under the
    ziggurat and a treasure on a temple carrying a building are both refused under CATA-3;
    with no catastrophe left, every one of these targets is refused under CATA-1."""
    state = position(
        """
             f  g  h  i  j
          4  .  Z* .  .  .
          5  Z  Z  Z  .  r*
          6  .  Z  .  .  r
        """,
        config=tr.GameConfig(variants=("buildings", "ziggurat")),
        buildings={RED: "j5"},
    )
    for square in ("g4", "j5"):
        rejected(state, tr.PlaceCatastrophe(square), "CATA-3")
    rejected(state, tr.PlaceCatastrophe("g5"), "CATA-7")
    spent = attrs.evolve(state, catastrophes=(0, 2))
    for square in ("g4", "j5", "g5"):
        rejected(spent, tr.PlaceCatastrophe(square), "CATA-1")


# --- CATA-9: effect --------------------------------------------------------------------------


def test_cata_9a_tile_leaves_the_game() -> None:
    """CATA-9(a): the temple under the catastrophe leaves the game: it is neither on the
    board, nor in a hand, nor back in the bag."""
    state = position(
        """
             f  g
          5  r  k
        """,
        hands={0: "kkr"},
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("f5"))
    assert events == (CatastrophePlaced(0, "f5", RED),)
    assert cell(after, "f5") == CATASTROPHE
    assert after.out_of_game == (0, 1, 0, 0)
    assert after.hands == state.hands
    assert after.bag == state.bag
    assert after.bag_size == state.bag_size
    assert after.catastrophes == (1, 2)


def test_cata_9a_empty_square_destroys_nothing() -> None:
    """CATA-9(a): on an empty square nothing leaves the game."""
    state = position()
    after, events = tr.step(state, tr.PlaceCatastrophe("g5"))
    assert events == (CatastrophePlaced(0, "g5", None),)
    assert after.out_of_game == (0, 0, 0, 0)


def test_cata_9b_catastrophe_stays_until_game_end() -> None:
    """CATA-9(b): the catastrophe stays through the end of turn and the next player's
    actions, including a war next to it."""
    state = position(
        """
             d  e  f  g  h  i  j
          5  .  0K r  .  r  1K .
          6  .  .  .  .  .  .  .
        """,
        hands={1: "kk"},
    )
    state = far_treasures(state)
    state = play(state, tr.PlaceCatastrophe("g6"), tr.EndTurn())
    assert state.active == 1
    assert cell(state, "g6") == CATASTROPHE
    state = play(state, tr.PlaceTile(BLACK, "g5"), tr.CommitSupport(0), tr.CommitSupport(0))
    assert cell(state, "g6") == CATASTROPHE
    assert "g6" not in catastrophe_targets(state)


def test_cata_9c_nothing_may_be_placed_on_it() -> None:
    """CATA-9(c): no tile, leader or catastrophe may go on a catastrophe, land or river."""
    state = position(
        """
             d  e  f
          4  X  .  .
          5  .  r  X
        """,
        hands={0: "krbg"},
    )
    rejected(state, tr.PlaceTile(BLACK, "f5"), "TILE-2")
    rejected(state, tr.PlaceTile(BLUE, "d4"), "TILE-2")
    rejected(state, tr.PlaceLeader(BLACK, "f5"), "LEADER-5")
    rejected(state, tr.PlaceCatastrophe("f5"), "CATA-5")
    rejected(state, tr.PlaceCatastrophe("d4"), "CATA-5")


def test_cata_9d_catastrophe_breaks_connections() -> None:
    """CATA-9(d): the catastrophe on g5 splits the kingdom; a settlement next to the
    priest's half then scores for nobody, while before the split the king scored it."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  k  r  0R
        """,
        hands={0: "kk"},
    )
    assert same_region(state, "e5", "i5")
    before = play(state, tr.PlaceTile(BLACK, "h6"))
    assert before.score(0)[BLACK] == 1
    split = play(state, tr.PlaceCatastrophe("g5"))
    assert not same_region(split, "e5", "i5")
    assert same_region(split, "e5", "f5")
    assert same_region(split, "h5", "i5")
    after, events = tr.step(split, tr.PlaceTile(BLACK, "h6"))
    assert events[0] == TilePlaced(0, BLACK, "h6", unification=False)
    assert not any(isinstance(e, PointsScored) for e in events)
    assert after.score(0)[BLACK] == 0


# --- CATA-10 ---------------------------------------------------------------------------------


def test_cata_10_no_score_no_conflict_no_decision() -> None:
    """CATA-10: splitting a kingdom with a catastrophe scores nothing, starts no conflict
    and asks no decision; the action is simply complete."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  k  r  1B
          6  0R r  .  .  .
        """,
        scores={0: (1, 1, 1, 1)},
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("g5"))
    assert events == (CatastrophePlaced(0, "g5", BLACK),)
    assert after.scores == state.scores
    assert after.pending is None
    assert after.marker == NO_SQUARE
    assert after.actions_taken == 1


def test_cata_10_no_monument_opportunity() -> None:
    """CATA-10: a catastrophe beside an intact red block opens no structure decision."""
    state = position(
        """
             f  g  h
          5  r  r  .
          6  r  r  .
        """
    )
    after = play(state, tr.PlaceCatastrophe("h5"))
    assert after.pending is None
    assert after.actions_taken == 1
    assert after.monuments == (NO_SQUARE,) * 6


def test_cata_10_split_followed_by_temple_loss() -> None:
    """CATA-10: the catastrophe destroys the temple between the king and player 1's
    trader; both lose their last temple and return; nobody scores."""
    state = position(
        """
             e  f  g
          5  0K r  1G
        """
    )
    after, events = tr.step(state, tr.PlaceCatastrophe("f5"))
    assert events[0] == CatastrophePlaced(0, "f5", RED)
    assert set(events[1:]) == {
        LeaderReturned(0, BLACK, "e5", "temple loss"),
        LeaderReturned(1, GREEN, "g5", "temple loss"),
    }
    assert not any(isinstance(e, PointsScored) for e in events)
    assert cell(after, "e5") == EMPTY
    assert cell(after, "g5") == EMPTY
