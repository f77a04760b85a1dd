"""Scenario tests for monuments (RULES.md §10, MON-1..MON-11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.actions import Monument
from tigris_rules.model.cells import EMPTY, FLIPPED
from tigris_rules.model.events import (
    ConflictResolved,
    Event,
    LeaderReturned,
    MonumentBuilt,
    PointsScored,
    ScoreCause,
    TilesDrawn,
    TilesRemoved,
    TreasureTaken,
)
from tigris_rules.model.squares import COLUMNS, ROWS, square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules import monuments
from tigris_rules.rules.regions import regions_of
from tigris_rules.variants.buildings import BuildingDecision, building_squares

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN
K, R, B, G = BLACK.index, RED.index, BLUE.index, GREEN.index
E = TypeVar("E")

RED_MONUMENTS = (Monument.BLACK_RED, Monument.RED_BLUE, Monument.RED_GREEN)

# Three red tiles of the block f5-g6; a red tile on g6 completes it. Nobody's kingdom.
RED_CORNER = """
     e  f  g  h  i
  5  .  r  r  .  .
  6  .  r  .  .  .
"""


def cell(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


def structure(state: GameState) -> tr.StructureDecision:
    decision = state.pending
    assert isinstance(decision, tr.StructureDecision), decision
    return decision


def commit_decision(state: GameState) -> tr.CommitDecision:
    decision = state.pending
    assert isinstance(decision, tr.CommitDecision), decision
    return decision


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def run(state: GameState, *inputs: tuple[tr.Action, int]) -> tuple[GameState, list[Event]]:
    """Apply each ``(input, player)`` in turn with ``tr.step``; all events, in order."""
    events: list[Event] = []
    for action, player in inputs:
        state, ev = tr.step(state, action, player)
        events += ev
    return state, events


def vp(events: Sequence[Event], cause: ScoreCause) -> dict[tuple[int, tr.Color], int]:
    """VP scored in ``events`` for ``cause``, summed per (player, colour)."""
    total: dict[tuple[int, tr.Color], int] = {}
    for e in of_type(events, PointsScored):
        if e.cause is cause:
            total[e.player, e.color] = total.get((e.player, e.color), 0) + e.amount
    return total


# --- MON-1: blocks -------------------------------------------------------------------------


def test_mon_1_four_red_tiles_in_a_square_form_a_block() -> None:
    """MON-1: red tiles on f5, g5, f6 and the tile just placed on g6 form a block; the
    structure decision offers the three monuments with red on it."""
    state = position(RED_CORNER, hands={0: "rr"})
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    decision = structure(after)
    assert decision.player == 0
    assert decision.monuments == tuple((m, "f5") for m in RED_MONUMENTS)


def test_mon_1_a_blue_block_on_the_river() -> None:
    """MON-1: four blue tiles on the river squares o4, p4, o5, p5 form a block, offered with
    the black/blue, red/blue and blue/green monuments."""
    state = position(
        """
             o  p
          4  b  b
          5  b  .
        """,
        hands={0: "b"},
    )
    after = tr.apply(state, tr.PlaceTile(BLUE, "p5"), 0)
    assert structure(after).monuments == (
        (Monument.BLACK_BLUE, "o4"),
        (Monument.RED_BLUE, "o4"),
        (Monument.BLUE_GREEN, "o4"),
    )


@pytest.mark.parametrize(
    "board",
    [
        # three red tiles and a black one
        """
             f  g
          5  r  k
          6  r  .
        """,
        # a leader in the square
        """
             f  g
          5  r  0K
          6  r  .
        """,
        # only three tiles
        """
             f  g
          5  r  .
          6  r  .
        """,
    ],
)
def test_mon_1_no_block_without_four_face_up_tiles_of_one_colour(board: str) -> None:
    """MON-1: a 2x2 square is a block only if all four squares hold face-up tiles of one
    colour; otherwise no structure decision is asked."""
    state = position(board, hands={0: "r"})
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    assert after.pending is None
    assert after.actions_taken == 1


# --- MON-2: when a block gives an opportunity ---------------------------------------------


def test_mon_2_a_block_not_containing_the_tile_just_placed_gives_nothing() -> None:
    """MON-2: the block f5-g6 already stands; a red tile on h5 next to it forms no block of
    its own, and the standing block is not offered."""
    state = position(
        """
             f  g  h  i
          5  r  r  .  .
          6  r  r  .  .
        """,
        hands={0: "r"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "h5"), 0)
    assert after.pending is None
    assert cell(after, "f5") == R


def test_mon_2_a_leader_action_never_opens_a_structure_opportunity() -> None:
    """MON-2: only step (5) of a tile action gives an opportunity; placing a king beside the
    standing block f5-g6 asks nothing."""
    state = position(
        """
             e  f  g
          5  .  r  r
          6  .  r  r
        """,
    )
    after = tr.apply(state, tr.PlaceLeader(BLACK, "e5"), 0)
    assert after.pending is None
    assert after.actions_taken == 1


# Player 0's trader on g5, player 1's on j5; a green tile on h5 joins them and completes the
# green block h5, i5, h6, i6, whose other three tiles are on player 1's side.
GREEN_BLOCK_WAR = """
     f  g  h  i  j
  5  r  0G .  g  1G
  6  .  .  g  g  r
"""


def test_mon_2_a_block_broken_by_a_war_gives_nothing() -> None:
    """MON-2: the unification tile h5 completes a green block, but the green war removes i5,
    h6 and i6 (player 1's side loses): at step (5) the block is gone and nothing is asked."""
    state = position(GREEN_BLOCK_WAR, hands={0: "ggggg", 1: ""})
    after, events = run(
        state,
        (tr.PlaceTile(GREEN, "h5"), 0),
        (tr.CommitSupport(4), 0),  # 0 + 4 > 3 + 0
        (tr.CommitSupport(0), 1),
    )
    assert ConflictResolved(tr.ConflictKind.WAR, GREEN, 0, 1, 4, 3) in events
    assert [sorted(e.squares) for e in of_type(events, TilesRemoved)] == [["h6", "i5", "i6"]]
    assert after.pending is None
    assert after.actions_taken == 1
    assert cell(after, "h5") == G


def test_mon_2_the_unification_tile_counts_in_a_block_once_the_marker_is_gone() -> None:
    """MON-2: when player 1's side wins the green war, the block h5-i6 still stands at step
    (5): the unification tile, its marker removed, counts like any face-up tile and the
    structure decision is asked."""
    state = position(GREEN_BLOCK_WAR, hands={0: "g", 1: ""})
    after = play(state, tr.PlaceTile(GREEN, "h5"), tr.CommitSupport(0), tr.CommitSupport(0))
    assert after.marker == NO_SQUARE
    assert after.leader_square(0, GREEN) is None
    assert structure(after).monuments == (
        (Monument.BLACK_GREEN, "h5"),
        (Monument.RED_GREEN, "h5"),
        (Monument.BLUE_GREEN, "h5"),
    )


# --- MON-3: eligible monuments ---------------------------------------------------------------

# Three monuments built far away on the south edge (rows 10-11).
FAR_AWAY = {"a10", "c10", "e10"}


def test_mon_3_only_available_monuments_with_the_block_colour_are_offered() -> None:
    """MON-3: with the black/red and red/blue monuments already built, a red block is offered
    only the red/green monument."""
    state = position(
        RED_CORNER,
        hands={0: "r"},
        monuments={Monument.BLACK_RED: "a10", Monument.RED_BLUE: "c10"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    assert structure(after).monuments == ((Monument.RED_GREEN, "f5"),)


def test_mon_3_a_block_with_no_eligible_monument_gives_no_option() -> None:
    """MON-3: with the three monuments with red built, a red block gives no option and its
    tiles stay face up, although the other three monuments are still available."""
    state = position(
        RED_CORNER,
        hands={0: "r"},
        monuments=dict(zip(RED_MONUMENTS, sorted(FAR_AWAY), strict=True)),
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    assert after.pending is None
    for square in ("f5", "g5", "f6", "g6"):
        assert cell(after, square) == R, square
    assert after.actions_taken == 1


# --- MON-4: the structure decision ------------------------------------------------------------

# Red f5, g5, h5, f6, h6: a red tile on g6 completes two blocks, f5 and g5.
TWO_BLOCKS = """
     e  f  g  h  i
  5  .  r  r  r  .
  6  .  r  .  r  .
"""


def test_mon_4_a_tile_completing_two_blocks_offers_both_and_builds_at_most_one() -> None:
    """MON-4 (D11): the tile on g6 completes the blocks at f5 and g5; both are offered with
    each red monument. Building the red/green monument on g5 ends the opportunity: one
    monument is built, and f5 and f6 stay face up."""
    state = position(TWO_BLOCKS, hands={0: "rr"})
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    decision = structure(after)
    assert set(decision.monuments) == {(m, b) for m in RED_MONUMENTS for b in ("f5", "g5")}
    assert tr.Decline() in tr.legal_actions(after)
    assert len(tr.legal_actions(after)) == 7

    after, events = tr.step(after, tr.BuildMonument(Monument.RED_GREEN, "g5"), 0)
    assert of_type(events, MonumentBuilt) == [MonumentBuilt(0, Monument.RED_GREEN, "g5")]
    assert after.pending is None
    assert after.actions_taken == 1
    assert [m for m in Monument if after.monuments[m.index] != NO_SQUARE] == [Monument.RED_GREEN]
    assert cell(after, "f5") == R
    assert cell(after, "f6") == R


def test_mon_4_answers_the_decision_does_not_offer_are_rejected() -> None:
    """MON-4: a monument without the block's colour, a block not offered, or a monument
    already built is rejected under MON-4 (CONV-17: not under MON-1..MON-3)."""
    state = position(RED_CORNER, hands={0: "rr"}, monuments={Monument.BLACK_RED: "a10"})
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    rejected(after, tr.BuildMonument(Monument.BLACK_BLUE, "f5"), "MON-4", 0)
    rejected(after, tr.BuildMonument(Monument.RED_BLUE, "f6"), "MON-4", 0)
    rejected(after, tr.BuildMonument(Monument.RED_BLUE, "g5"), "MON-4", 0)
    rejected(after, tr.BuildMonument(Monument.BLACK_RED, "f5"), "MON-4", 0)
    assert structure(after).monuments == (
        (Monument.RED_BLUE, "f5"),
        (Monument.RED_GREEN, "f5"),
    )


def test_mon_4_the_decision_belongs_to_the_active_player() -> None:
    """MON-4: the structure decision names the active player (seat 1 here); an answer from
    another player, or any action instead of an answer, is rejected under CONV-15."""
    state = position(RED_CORNER, active=1, hands={0: "r", 1: "rr"})
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 1)
    assert structure(after).player == 1
    assert tr.to_move(after) == 1
    for action, player in (
        (tr.Decline(), 0),
        (tr.BuildMonument(Monument.RED_BLUE, "f5"), 0),
        (tr.PlaceTile(RED, "h5"), 1),
        (tr.EndTurn(), 1),
    ):
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(after, action, player)
        assert info.value.rule == "CONV-15", action
    done = tr.apply(after, tr.Decline(), 1)
    assert done.pending is None
    assert done.actions_taken == 1


# --- MON-5: declining ----------------------------------------------------------------------


def test_mon_5_a_declined_block_stays_face_up_and_is_never_offered_again() -> None:
    """MON-5: the player declines the block f5; its tiles stay face up. His next red tile on
    h6 completes the block g5 (g5, h5, g6, h6), which is offered alone: f5 is not."""
    state = position(
        """
             f  g  h  i
          5  r  r  r  .
          6  r  .  .  .
        """,
        hands={0: "rr"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    assert {b for _, b in structure(after).monuments} == {"f5"}
    after = tr.apply(after, tr.Decline(), 0)
    assert after.pending is None
    for square in ("f5", "g5", "f6", "g6"):
        assert cell(after, square) == R, square
    assert all(m == NO_SQUARE for m in after.monuments)

    after = tr.apply(after, tr.PlaceTile(RED, "h6"), 0)
    assert {b for _, b in structure(after).monuments} == {"g5"}


def test_mon_5_building_another_structure_ends_the_other_blocks_opportunity() -> None:
    """MON-5 (D11): the tile g6 completed two blocks; after the monument goes on f5, a later
    red tile on i5 next to the unbuilt side forms no block and nothing is asked."""
    state = position(TWO_BLOCKS, hands={0: "rr"})
    after = play(state, tr.PlaceTile(RED, "g6"), tr.BuildMonument(Monument.BLACK_RED, "f5"))
    assert cell(after, "h5") == R
    assert cell(after, "h6") == R
    after = tr.apply(after, tr.PlaceTile(RED, "i5"), 0)
    assert after.pending is None


# --- MON-6: building -------------------------------------------------------------------------


def test_mon_6_building_flips_the_four_tiles_and_the_monument_is_no_longer_available() -> None:
    """MON-6: the four tiles are turned face down in place under the monument, which is no
    longer available: the next red block is offered only the other two red monuments."""
    state = position(
        """
             f  g  h  i  j  k
          5  r  r  .  r  r  .
          6  r  .  .  r  .  .
        """,
        hands={0: "rr"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    after, events = tr.step(after, tr.BuildMonument(Monument.BLACK_RED, "f5"), 0)
    assert events[0] == MonumentBuilt(0, Monument.BLACK_RED, "f5")
    for square in ("f5", "g5", "f6", "g6"):
        assert cell(after, square) == FLIPPED, square
    assert after.monuments[Monument.BLACK_RED.index] == square_index("f5")
    assert after.out_of_game == (0, 0, 0, 0)  # the tiles stay on the board

    after = tr.apply(after, tr.PlaceTile(RED, "j6"), 0)
    assert structure(after).monuments == (
        (Monument.RED_BLUE, "i5"),
        (Monument.RED_GREEN, "i5"),
    )


# --- MON-7: flipped tiles --------------------------------------------------------------------

# A black/red monument on f5-g6; player 0's king on e5 beside it (temple e4).
BESIDE_MONUMENT = """
     e  f  g  h  i
  4  r  .  .  .  .
  5  0K #  #  .  .
  6  .  #  #  .  .
"""


def test_mon_7a_flipped_tiles_stay_occupied_and_link_regions() -> None:
    """MON-7(a): the flipped tiles link the king's square to h5: a black tile on h5 touches
    the king's kingdom through them and scores 1 black for him (TILE-8)."""
    state = position(BESIDE_MONUMENT, hands={0: "k"}, monuments={Monument.BLACK_RED: "f5"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    assert same_region(after, "e5", "f5", "g6", "h5")
    assert after.scores[0] == (1, 0, 0, 0)


def test_mon_7b_flipped_tiles_can_never_be_targeted() -> None:
    """MON-7(b): no catastrophe (CATA-6), tile (TILE-2) or leader (LEADER-5) may go on a
    flipped tile."""
    state = position(BESIDE_MONUMENT, hands={0: "k"}, monuments={Monument.BLACK_RED: "f5"})
    rejected(state, tr.PlaceCatastrophe("g5"), "CATA-6", 0)
    rejected(state, tr.PlaceTile(BLACK, "f6"), "TILE-2", 0)
    rejected(state, tr.PlaceLeader(RED, "g6"), "LEADER-5", 0)


def test_mon_7b_a_lost_war_never_removes_flipped_tiles() -> None:
    """MON-7(b), WAR-13: the red/green monument on player 1's side stays when he loses a red
    war; only his face-up red tile k5 is removed (it touches no other leader)."""
    state = position(
        """
             f  g  h  i  j  k  l
          4  .  .  .  .  #  #  .
          5  r  0R .  1R #  #  r
          6  .  .  .  r  .  .  .
        """,
        hands={0: "rrr", 1: ""},
        monuments={Monument.RED_GREEN: "j4"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "h5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (1, 2)
    after, events = run(after, (tr.CommitSupport(2), 0), (tr.CommitSupport(0), 1))
    assert [sorted(e.squares) for e in of_type(events, TilesRemoved)] == [["i6", "l5"]]
    for square in ("j4", "k4", "j5", "k5"):
        assert cell(after, square) == FLIPPED, square


def test_mon_7c_flipped_tiles_are_not_temples() -> None:
    """MON-7(c): flipped tiles are not temples, even those of a black/red monument: a leader
    may not go on h5, beside flipped tiles only (LEADER-7)."""
    state = position(BESIDE_MONUMENT, hands={0: "k"}, monuments={Monument.BLACK_RED: "f5"})
    rejected(state, tr.PlaceLeader(RED, "h5"), "LEADER-7", 0)


def test_mon_7c_flipped_tiles_are_not_part_of_blocks() -> None:
    """MON-7(c): the monument's flipped tiles f5, g5 and the red tiles f4, g4 (one just
    placed) are no block."""
    state = position(
        """
             f  g  h
          3  .  .  .
          4  r  .  .
          5  #  #  .
          6  #  #  .
        """,
        hands={0: "r"},
        monuments={Monument.RED_BLUE: "f5"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "g4"), 0)
    assert after.pending is None


def test_mon_7c_flipped_tiles_give_no_strength() -> None:
    """MON-7(c): in a black war the flipped tiles of the black/red monument on the attacker's
    side count for nothing: his base is 1 (d5), the defender's 0."""
    state = position(
        """
             d  e  f  g  h  i  j
          4  .  #  #  .  .  .  .
          5  k  #  #  0K .  1K r
          6  .  .  r  r  .  .  .
        """,
        hands={0: "k", 1: ""},
        monuments={Monument.BLACK_RED: "e4"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "h5"), 0)
    conflict = commit_decision(after).conflict
    assert (conflict.attacker_base, conflict.defender_base) == (1, 0)


# --- MON-8: treasures on flipped tiles -----------------------------------------------------


def test_mon_8_a_treasure_on_a_flipped_tile_stays_and_is_taken_like_any_other() -> None:
    """MON-8: the treasure on f5 stays on its square when the monument is built on it. Later
    a tile on h5 joins the monument to player 0's trader kingdom holding the treasure on i5:
    the check counts both, and he takes the one on the flipped tile (keeping i5)."""
    state = position(
        """
             f  g  h  i
          5  r* r  .  r*
          6  r  .  .  0G
        """,
        hands={0: "rk"},
    )
    after = play(state, tr.PlaceTile(RED, "g6"), tr.BuildMonument(Monument.RED_BLUE, "f5"))
    assert cell(after, "f5") == FLIPPED
    assert square_index("f5") in after.treasures

    after = tr.apply(after, tr.PlaceTile(BLACK, "h5"), 0)
    decision = after.pending
    assert isinstance(decision, tr.TreasureDecision)
    assert decision.player == 0
    assert set(decision.candidates) == {"f5", "i5"}
    after, events = tr.step(after, tr.KeepTreasure("i5"), 0)
    assert of_type(events, TreasureTaken) == [TreasureTaken(0, "f5")]
    assert after.treasures_held[0] == 1
    assert square_index("f5") not in after.treasures
    assert square_index("i5") in after.treasures


# --- MON-9: temple loss after building -----------------------------------------------------


def test_mon_9_temple_loss_follows_the_building() -> None:
    """MON-9: player 0's priest on h5 touches only the temple g5; when the red/blue monument
    turns g5 face down he returns to supply. Player 1's king keeps the temple e4 and stays."""
    state = position(
        """
             e  f  g  h
          4  r  .  .  .
          5  1K r  r  0R
          6  .  r  .  .
        """,
        hands={0: "r", 1: ""},
    )
    after, events = run(state, (tr.PlaceTile(RED, "g6"), 0))
    assert after.scores[0] == (0, 1, 0, 0)  # TILE-8: his priest is in the kingdom
    after, events = run(after, (tr.BuildMonument(Monument.RED_BLUE, "f5"), 0))
    assert LeaderReturned(0, RED, "h5", "temple loss") in events
    assert after.leader_square(0, RED) is None
    assert cell(after, "h5") == EMPTY
    assert after.leader_square(1, BLACK) == "e5"
    assert not of_type(events, PointsScored)


# --- MON-10: a building under the monument -------------------------------------------------


def test_mon_10_a_building_on_one_of_the_four_tiles_returns_to_supply() -> None:
    """MON-10 (BLD-10): the red building stands on g5; building a monument on the block f5-g6
    sends it back to the supply."""
    config = tr.GameConfig(variants=("buildings",))
    state = position(RED_CORNER, config=config, hands={0: "r"}, buildings={RED: "g5"})
    assert building_squares(state)[R] == square_index("g5")
    after = play(state, tr.PlaceTile(RED, "g6"))
    if isinstance(after.pending, BuildingDecision):  # BLD-6: a line of three through g6
        after = play(after, tr.Decline())
    after = play(after, tr.BuildMonument(Monument.RED_GREEN, "f5"))
    assert building_squares(after)[R] == NO_SQUARE
    assert cell(after, "g5") == FLIPPED


# --- MON-11: monument income -----------------------------------------------------------------

# Player 0's priest (e6) and king (h6) share a kingdom with the black/red monument (f5) and the
# red/blue monument (i5); player 1's farmer (d5) is there too. Three spare treasures on row 10
# keep the game going past the end of turn (END-1).
INCOME = """
     d  e  f  g  h  i  j
  5  1B r  #  #  r  #  #
  6  .  0R #  #  0K #  #
 10  r* .  r* .  r* .  .
"""
INCOME_MONUMENTS = {Monument.BLACK_RED: "f5", Monument.RED_BLUE: "i5"}


def test_mon_11_monument_income_example_from_rules() -> None:
    """MON-11 (RULES.md §10, example): the active player's priest and king share a kingdom
    with the black/red and red/blue monuments. At the end of his turn he scores 2 red and 1
    black, before the refills (TURN-11(a)); player 1's farmer earns nothing."""
    state = position(INCOME, hands={0: "kkkkkk", 1: "kkkkkk"}, monuments=INCOME_MONUMENTS)
    after, events = tr.step(state, tr.EndTurn(), 0)
    assert vp(events, ScoreCause.MONUMENT) == {(0, RED): 2, (0, BLACK): 1}
    assert after.scores == ((1, 2, 0, 0), (0, 0, 0, 0))
    assert not after.over
    assert after.active == 1


def test_mon_11_income_comes_before_the_refills() -> None:
    """MON-11, TURN-11(a): the monument income is scored before any tile is drawn."""
    state = position(INCOME, hands={0: "kk", 1: "kk"}, monuments=INCOME_MONUMENTS)
    after, events = tr.step(state, tr.EndTurn(), 0)
    income = [i for i, e in enumerate(events) if isinstance(e, PointsScored)]
    draws = [i for i, e in enumerate(events) if isinstance(e, TilesDrawn)]
    assert income
    assert draws
    assert max(income) < min(draws)
    assert after.hands[0] == (6, 0, 0, 0)


def test_mon_11_only_the_active_player_scores() -> None:
    """MON-11: at the end of player 1's turn his farmer scores 1 blue from the red/blue
    monument; player 0's priest and king, in the same kingdom, score nothing."""
    state = position(INCOME, active=1, hands={0: "kkkkkk", 1: "kkkkkk"}, monuments=INCOME_MONUMENTS)
    after, events = tr.step(state, tr.EndTurn(), 1)
    assert vp(events, ScoreCause.MONUMENT) == {(1, BLUE): 1}
    assert after.scores == ((0, 0, 0, 0), (0, 0, 1, 0))


def test_mon_11_a_king_earns_only_from_monuments_with_black() -> None:
    """MON-11: a king alone in a kingdom with the red/blue and blue/green monuments earns
    nothing: he does not stand in for other colours. A trader in a different kingdom from
    the blue/green monument earns nothing either."""
    state = position(
        """
             d  e  f  g  h  i  j  k  l
          5  r  #  #  r  #  #  .  .  r
          6  0K #  #  .  #  #  .  .  0G
         10  r* .  r* .  r* .  .  .  .
        """,
        hands={0: "kkkkkk", 1: "kkkkkk"},
        monuments={Monument.RED_BLUE: "e5", Monument.BLUE_GREEN: "h5"},
    )
    after, events = tr.step(state, tr.EndTurn(), 0)
    assert vp(events, ScoreCause.MONUMENT) == {}
    assert after.scores[0] == (0, 0, 0, 0)


def test_mon_11_each_matching_leader_scores_its_own_colour() -> None:
    """MON-11: with the black/green monument, the king scores black and the trader green;
    the priest in the same kingdom scores nothing from it."""
    state = position(
        """
             d  e  f  g  h
          5  r  #  #  0G .
          6  0K #  #  r  0R
         10  r* .  r* .  r*
        """,
        hands={0: "kkkkkk", 1: "kkkkkk"},
        monuments={Monument.BLACK_GREEN: "e5"},
    )
    after, events = tr.step(state, tr.EndTurn(), 0)
    assert vp(events, ScoreCause.MONUMENT) == {(0, BLACK): 1, (0, GREEN): 1}
    assert after.scores[0] == (1, 0, 0, 1)


# --- RULES.md §10 example (declined block) ---------------------------------------------------

# Player 0's king (f4), trader (g4) and farmer (e6) touch f5, g5 and f6. Player 1's priest on
# j6 holds j5, k5, l5, k6. Three spare treasures on row 10 keep the game going (END-1).
DECLINED = """
     e  f  g  h  i  j  k  l
  4  .  0K 0G .  .  .  .  .
  5  .  r  r  .  .  r  r  r
  6  0B r  .  .  .  1R r  .
 10  r* .  r* .  r* .  .  .
"""


def test_mon_declined_block_example_from_rules() -> None:
    """MON-5, MON-2, MON-3, WAR-14 (RULES.md §10, example (declined block)): a red tile
    completes the block f5, g5, f6, g6 and its player declines. While the block stands it is
    never offered again: a later red tile next to it (e5) completes no block and nothing is
    asked. A red war is later lost by the side holding the block: g6 is removed, while f5, g5
    and f6 each touch a leader other than the losing priest and stay. A red tile later placed
    on the empty g6 forms a new block, and the structure decision is asked again."""
    state = position(DECLINED, hands={0: "rrr", 1: "rrrr"})

    # Turn of player 0: the block is completed and declined; his priest goes beside it.
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    assert {b for _, b in structure(after).monuments} == {"f5"}
    after = tr.apply(after, tr.Decline(), 0)
    assert cell(after, "g6") == R
    after = tr.apply(after, tr.PlaceLeader(RED, "h6"), 0)
    assert after.pending is None
    assert after.active == 1  # the turn ended after the second action

    # Turn of player 1: a red tile beside the block is no new block, and the old one is not
    # offered again.
    after = tr.apply(after, tr.PlaceTile(RED, "e5"), 1)
    assert after.pending is None
    assert cell(after, "g6") == R

    # The tile on i6 joins the priests' kingdoms; the red war is player 1's.
    after = tr.apply(after, tr.PlaceTile(RED, "i6"), 1)
    conflict = commit_decision(after).conflict
    assert (conflict.color, conflict.attacker, conflict.defender) == (RED, 1, 0)
    assert (conflict.attacker_base, conflict.defender_base) == (4, 5)
    after, events = run(after, (tr.CommitSupport(2), 1), (tr.CommitSupport(0), 0))
    assert ConflictResolved(tr.ConflictKind.WAR, RED, 1, 0, 6, 5) in events
    assert [sorted(e.squares) for e in of_type(events, TilesRemoved)] == [["g6"]]
    assert cell(after, "g6") == EMPTY
    for square in ("e5", "f5", "g5", "f6"):
        assert cell(after, square) == R, square
    assert after.scores[1] == (0, 2, 0, 0)
    assert after.pending is None
    assert after.active == 0  # player 1's turn ended after his second action

    # Turn of player 0: a red tile on g6 re-forms the four squares: a new block, a new offer.
    after = tr.apply(after, tr.PlaceTile(RED, "g6"), 0)
    assert structure(after).monuments == tuple((m, "f5") for m in RED_MONUMENTS)


# --- MON-1: the blocks a square belongs to, board edges and corners ---------------------------


def _blocks_by_brute_force(square: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every 2x2 block inside the 16x11 board that contains ``square``, as its four squares
    (top-left, right, below, below-right), in ascending order of the top-left square."""
    found = []
    for top in range(11 - 1):
        for left in range(16 - 1):
            corner = top * 16 + left
            block = (corner, corner + 1, corner + 16, corner + 17)
            if square in block:
                found.append(block)
    return tuple(found)


def test_mon_1_the_blocks_containing_each_square_match_a_brute_force_search() -> None:
    """MON-1: for every square of the board, the 2x2 blocks the block search looks at are
    exactly the blocks inside the board holding that square (four in the middle, two on an
    edge, one in a corner), each as its four squares, top-left first, in ascending order;
    the table built at import holds the same."""
    assert (ROWS, COLUMNS) == (11, 16)
    for square in range(11 * 16):
        expected = _blocks_by_brute_force(square)
        assert monuments._blocks_containing(square) == expected, square
        assert monuments._BLOCKS_CONTAINING[square] == expected, square
    assert len(monuments._BLOCKS_CONTAINING) == 11 * 16
    counts = [len(monuments._blocks_containing(s)) for s in range(11 * 16)]
    assert counts.count(1) == 4
    assert counts.count(2) == 2 * (14 + 9)
    assert counts.count(4) == 14 * 9


@pytest.mark.parametrize(
    ("board", "placed", "block", "others"),
    [
        ("     a  b\n  1  .  r\n  2  r  r\n", "a1", "a1", ("b1", "a2", "b2")),
        ("     o  p\n  1  r  .\n  2  r  r\n", "p1", "o1", ("o1", "o2", "p2")),
        ("     a  b\n 10  r  r\n 11  .  r\n", "a11", "a10", ("a10", "b10", "b11")),
        ("     o  p\n 10  r  r\n 11  r  .\n", "p11", "o10", ("o10", "p10", "o11")),
    ],
)
def test_mon_1_a_tile_placed_in_a_board_corner_completes_the_corner_block(
    board: str, placed: str, block: str, others: tuple[str, ...]
) -> None:
    """MON-1, MON-2, MON-4, MON-6: a red tile placed on a corner square of the board completes
    the one block holding that corner; the structure decision offers the red monuments on it,
    and building one flips the four tiles, the corner included."""
    state = position(board, hands={0: "rr"})
    after = tr.apply(state, tr.PlaceTile(RED, placed), 0)
    assert structure(after).monuments == tuple((m, block) for m in RED_MONUMENTS)
    after, events = tr.step(after, tr.BuildMonument(Monument.RED_GREEN, block), 0)
    assert of_type(events, MonumentBuilt) == [MonumentBuilt(0, Monument.RED_GREEN, block)]
    for square in (placed, *others):
        assert cell(after, square) == FLIPPED, square
    assert after.monuments[Monument.RED_GREEN.index] == square_index(block)


def test_mon_1_a_block_on_the_east_edge_does_not_wrap_to_the_west_edge() -> None:
    """MON-1: p9 and a10 have consecutive square numbers but are not neighbours. With red
    tiles on a10, p10, a11 and o10, a red tile placed on p9 forms no block (p9, a10, p10 and
    a11 are no 2x2 square); a red tile then placed on o9 completes the block o9-p10 on the
    east edge."""
    state = position(
        """
             a  o  p
         10  r  r  r
         11  r  .  .
        """,
        hands={0: "rr"},
    )
    after = tr.apply(state, tr.PlaceTile(RED, "p9"), 0)
    assert after.pending is None
    after = tr.apply(after, tr.PlaceTile(RED, "o9"), 0)
    assert structure(after).monuments == tuple((m, "o9") for m in RED_MONUMENTS)


def test_mon_4_rejection_names_the_monument_and_the_block() -> None:
    """MON-4: a monument the decision does not offer is rejected with a sentence naming the
    monument and the block."""
    state = position(RED_CORNER, hands={0: "rr"}, monuments={Monument.BLACK_RED: "a10"})
    after = tr.apply(state, tr.PlaceTile(RED, "g6"), 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, tr.BuildMonument(Monument.BLACK_BLUE, "f5"), 0)
    assert (info.value.rule, info.value.reason) == (
        "MON-4",
        "the black-blue monument cannot be built on the block at f5 now",
    )
