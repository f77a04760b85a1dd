"""Scenario tests for the tile actions and placement VP (RULES.md §5, TILE-1..TILE-10)."""

from __future__ import annotations

import pytest

import tigris_rules as tr
from scenario import play, rejected, rejected_with_reasons
from tigris_rules.model.cells import EMPTY
from tigris_rules.model.events import (
    Event,
    LeaderReturned,
    PointsScored,
    ScoreCause,
    TilePlaced,
    TilesRemoved,
    TreasureTaken,
)
from tigris_rules.model.squares import SQUARE_NAMES, square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.regions import regions_of

ZIGGURAT = tr.GameConfig(variants=("ziggurat",))
"""A game with the ziggurat, whose squares a diagram draws ``Z``."""

BLACK = tr.Color.BLACK
RED = tr.Color.RED
BLUE = tr.Color.BLUE
GREEN = tr.Color.GREEN


def tiles(state: GameState) -> dict[str, int]:
    """Face-up tiles on the board: square name -> colour index."""
    return {SQUARE_NAMES[s]: c for s, c in enumerate(state.cells) if c < 4}


def same_region(state: GameState, *squares: str) -> bool:
    labels = {regions_of(state).label[square_index(s)] for s in squares}
    return len(labels) == 1 and -1 not in labels


def steps(state: GameState, *actions: tr.Action) -> tuple[GameState, list[Event]]:
    """Apply ``actions`` in order and collect all their events."""
    events: list[Event] = []
    for action in actions:
        state, new = tr.step(state, action, tr.to_move(state))
        events.extend(new)
    return state, events


# --- TILE-1..TILE-5: checks --------------------------------------------------------------------


def test_tile_1_must_hold_tile_of_named_colour() -> None:
    """TILE-1: a red tile cannot be placed from a hand holding only black tiles; a black
    one can, and it leaves the hand."""
    state = position(
        """
             f  g
          5  r  .
        """,
        hands={0: "kk"},
    )
    rejected(state, tr.PlaceTile(RED, "g5"), "TILE-1")
    action = tr.PlaceTile(BLACK, "g5")
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events[0] == TilePlaced(0, BLACK, "g5", unification=False)
    assert after.hands[0] == (1, 0, 0, 0)
    assert tiles(after)["g5"] == BLACK.index


@pytest.mark.parametrize("token", ["k", "r", "g", "#", "Z", "X", "0K", "1R"])
def test_tile_2_target_must_be_empty(token: str) -> None:
    """TILE-2: no tile on a tile, a flipped tile, a ziggurat square, a catastrophe or a
    leader."""
    state = position(
        f"""
             f  g
          5  r  {token}
        """,
        hands={0: "kg"},
        config=ZIGGURAT if token == "Z" else None,
    )
    rejected(state, tr.PlaceTile(BLACK, "g5"), "TILE-2")


def test_tile_2_river_target_must_be_empty() -> None:
    """TILE-2: a blue tile cannot go on a river square already holding a farm."""
    state = position(
        """
             d
          4  b
        """,
        hands={0: "b"},
    )
    rejected(state, tr.PlaceTile(BLUE, "d4"), "TILE-2")


def test_tile_3_blue_only_on_river() -> None:
    """TILE-3: a farm may not go on the land square g5; it may go on the river square d4."""
    state = position(hands={0: "b"})
    rejected(state, tr.PlaceTile(BLUE, "g5"), "TILE-3")
    action = tr.PlaceTile(BLUE, "d4")
    assert action in tr.legal_actions(state)
    after = play(state, action)
    assert tiles(after) == {"d4": BLUE.index}


@pytest.mark.parametrize("color", [BLACK, RED, GREEN])
def test_tile_4_black_red_green_never_on_river(color: tr.Color) -> None:
    """TILE-4: a settlement, temple or market may never go on the river square d4."""
    state = position(hands={0: "krg"})
    rejected(state, tr.PlaceTile(color, "d4"), "TILE-4")
    assert tr.PlaceTile(color, "d5") in tr.legal_actions(state)


def test_tile_5_not_adjacent_to_three_kingdoms() -> None:
    """TILE-5: g5 touches three kingdoms (and a territory, which does not matter)."""
    state = position(
        """
             e  f  g  h  i
          3  .  .  0R .  .
          4  .  .  r  .  .
          5  0K r  .  r  1K
          6  .  .  k  .  .
        """,
        hands={0: "krg"},
    )
    for color in (BLACK, RED, GREEN):
        rejected(state, tr.PlaceTile(color, "g5"), "TILE-5")


def test_tile_5_territories_never_count() -> None:
    """TILE-5: with g3 empty, g4 is a territory; g5 touches two kingdoms and two
    territories and is legal (a unification)."""
    state = position(
        """
             e  f  g  h  i
          4  .  .  r  .  .
          5  0K r  .  r  1R
          6  .  .  k  .  .
        """,
        hands={0: "k"},
    )
    action = tr.PlaceTile(BLACK, "g5")
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events == (TilePlaced(0, BLACK, "g5", unification=True),)
    assert after.cells[square_index("g5")] == BLACK.index
    assert same_region(after, "e5", "g4", "g6", "i5")


def test_tile_5_listed_squares_count_distinct_kingdoms_only() -> None:
    """TILE-5: the listed tile squares are every empty square of the tile's kind except j2,
    which touches three kingdoms. e6 touches one kingdom once and another on three sides
    (two kingdoms: a unification); h6 touches three territories, which never count."""
    state = position(
        """
             c  d  e  f  g  h  i  j  k
          1  .  .  ~  ~  ~  ~  ~  r  0R
          2  .  .  ~  .  .  1R r  .  .
          3  .  ~  ~  .  .  .  .  r  .
          4  ~  ~  0K .  .  .  .  1G .
          5  .  .  r  .  .  r  .  .  .
          6  1K r  .  r  .  .  k  .  .
          7  ~  b  k  k  .  k  .  .  .
        """,
        hands={0: "kb"},
    )
    empty = [s for s in range(len(SQUARE_NAMES)) if state.cells[s] == EMPTY]
    river = state.layout.river
    land = {SQUARE_NAMES[s] for s in empty if not river[s]}
    water = {SQUARE_NAMES[s] for s in empty if river[s]}
    assert {"e6", "h6", "j2"} <= land
    listed: dict[tr.Color, set[str]] = {BLACK: set(), BLUE: set()}
    for action in tr.legal_actions(state):
        if isinstance(action, tr.PlaceTile):
            listed[action.color].add(action.square)
    assert listed[BLACK] == land - {"j2"}
    assert listed[BLUE] == water
    rejected(state, tr.PlaceTile(BLACK, "j2"), "TILE-5")


# --- TILE-6 --------------------------------------------------------------------------------


def test_tile_6_revolt_moves_and_removes_no_tile() -> None:
    """TILE-6: a revolt changes no tile on the board."""
    state = position(
        """
             e  f  g  h
          5  0R r  .  r
          6  k  r  r  1K
        """,
        hands={0: "rr", 1: "r"},
    )
    after = play(state, tr.PlaceLeader(BLACK, "g5"), tr.CommitSupport(2), tr.CommitSupport(1))
    assert after.leader_square(1, BLACK) is None
    assert tiles(after) == tiles(state)


def test_tile_6_war_removes_only_losers_conflict_colour() -> None:
    """TILE-6: after a black war only the black tile on the loser's side leaves the board
    (WAR-13); every other tile stays on its square, the unification tile included."""
    state = position(
        """
             d  e  f  g  h  i  j
          5  k  0K r  .  r  1K k
          6  .  k  .  .  .  .  .
        """,
        hands={0: "r"},
    )
    after, events = steps(state, tr.PlaceTile(RED, "g5"), tr.CommitSupport(0), tr.CommitSupport(0))
    assert TilesRemoved(BLACK, ("j5",)) in events
    expected = dict(tiles(state))
    del expected["j5"]
    expected["g5"] = RED.index
    assert tiles(after) == expected


def test_tile_6_catastrophe_removes_only_its_target() -> None:
    """TILE-6: a catastrophe removes only the tile under it (CATA-9)."""
    state = position(
        """
             f  g  h
          5  r  k  g
        """
    )
    after = play(state, tr.PlaceCatastrophe("g5"))
    assert tiles(after) == {"f5": RED.index, "h5": GREEN.index}


# --- TILE-7 ----------------------------------------------------------------------------------


def test_tile_7_no_kingdom_no_vp_even_when_joining_territories() -> None:
    """TILE-7 (k = 0): the tile joins two territories; no VP and no conflict, although a
    king stands in a kingdom elsewhere."""
    state = position(
        """
             f  g  h  i  j  k
          5  r  .  k  .  r  0K
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g5"))
    assert events == (TilePlaced(0, BLACK, "g5", unification=False),)
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))
    assert after.pending is None
    assert after.marker == NO_SQUARE
    assert same_region(after, "f5", "g5", "h5")
    assert not regions_of(after).leaders[regions_of(after).label[square_index("g5")]]


def test_tile_7_one_kingdom_joins_territories_and_scores() -> None:
    """TILE-7 (k = 1): the tile joins the king's kingdom and the territory on h5;
    joining the territory does not cancel the VP."""
    state = position(
        """
             e  f  g  h
          5  0K r  .  g
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g5"))
    assert events == (
        TilePlaced(0, BLACK, "g5", unification=False),
        PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT),
    )
    assert after.score(0)[BLACK] == 1
    assert same_region(after, "e5", "g5", "h5")


def test_tile_7_two_kingdoms_is_a_unification() -> None:
    """TILE-7 (k = 2): the tile unites two kingdoms (WAR-1): its square is marked and the
    war of the two kings starts."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  .  r  1K
        """,
        hands={0: "g"},
    )
    after, events = tr.step(state, tr.PlaceTile(GREEN, "g5"))
    assert events[0] == TilePlaced(0, GREEN, "g5", unification=True)
    assert after.marker == square_index("g5")
    decision = after.pending
    assert isinstance(decision, tr.CommitDecision)
    assert decision.conflict.kind is tr.ConflictKind.WAR
    assert decision.conflict.color is BLACK
    assert not any(isinstance(e, PointsScored) for e in events)


# --- TILE-8 ----------------------------------------------------------------------------------


def test_tile_8_matching_leader_scores_whoever_placed() -> None:
    """TILE-8: player 0 places a market in a kingdom with his king and player 1's trader;
    the trader's owner scores 1 green, the king nothing."""
    state = position(
        """
             e  f  g
          5  0K r  .
          6  .  1G .
        """,
        hands={0: "g"},
    )
    action = tr.PlaceTile(GREEN, "g5")
    assert action in tr.legal_actions(state)
    after, events = tr.step(state, action)
    assert events[1:] == (PointsScored(1, GREEN, 1, ScoreCause.PLACEMENT),)
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 1))


def test_tile_8_king_scores_when_no_matching_leader() -> None:
    """TILE-8: a farm joins a kingdom with player 1's king and player 0's priest; no
    farmer there, so the king's owner scores 1 blue."""
    state = position(
        """
             c  d
          4  ~  ~
          5  0R r
          6  .  1K
        """,
        hands={0: "b"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLUE, "d4"))
    assert events[1:] == (PointsScored(1, BLUE, 1, ScoreCause.PLACEMENT),)
    assert after.scores == ((0, 0, 0, 0), (0, 0, 1, 0))


def test_tile_8_nobody_scores_without_matching_leader_or_king() -> None:
    """TILE-8: a settlement joins a kingdom holding only a priest: nobody scores."""
    state = position(
        """
             e  f  g
          5  0R r  .
        """,
        hands={0: "k"},
    )
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g5"))
    assert not any(isinstance(e, PointsScored) for e in events)
    assert after.scores == ((0, 0, 0, 0), (0, 0, 0, 0))


def test_tile_8_matching_leader_takes_precedence_over_king() -> None:
    """TILE-8: a temple in a kingdom with player 0's king and player 1's priest scores for
    the priest only."""
    state = position(
        """
             e  f  g
          5  0K r  .
          6  .  1R .
        """,
        hands={0: "r"},
    )
    after = play(state, tr.PlaceTile(RED, "g5"))
    assert after.scores == ((0, 0, 0, 0), (0, 1, 0, 0))


# --- TILE-9 ----------------------------------------------------------------------------------


def test_tile_9_vp_given_before_monument_and_temple_loss() -> None:
    """TILE-9: the red tile scores for the priest at once; the priest then loses its
    temples to the monument (LEADER-11) but keeps the VP."""
    state = position(
        """
             d  e  f  g  h
          5  r  1K r  r  0R
          6  .  .  r  .  .
        """,
        hands={0: "r"},
    )
    state, events = tr.step(state, tr.PlaceTile(RED, "g6"))
    assert events == (
        TilePlaced(0, RED, "g6", unification=False),
        PointsScored(0, RED, 1, ScoreCause.PLACEMENT),
    )
    assert state.score(0)[RED] == 1
    assert isinstance(state.pending, tr.StructureDecision)
    after, events = tr.step(state, tr.BuildMonument(tr.Monument.RED_GREEN, "f5"))
    assert LeaderReturned(0, RED, "h5", "temple loss") in events
    assert after.score(0)[RED] == 1
    assert after.score(1) == dict.fromkeys(tr.COLORS, 0)


def test_tile_9_vp_given_before_treasure_check() -> None:
    """TILE-9: the placement VP comes before the treasure check of the same action."""
    state = position(
        """
             a  b  c  d  e  f
          1  .  .  .  .  ~  ~
          2  0G r* .  k  b  k
          3  .  .  .  ~  ~  r*
        """,
        hands={0: "g"},
    )
    after, events = tr.step(state, tr.PlaceTile(GREEN, "c2"))
    assert events == (
        TilePlaced(0, GREEN, "c2", unification=False),
        PointsScored(0, GREEN, 1, ScoreCause.PLACEMENT),
        TreasureTaken(0, "b2"),
    )
    assert after.score(0)[GREEN] == 1
    assert after.treasures_held == (1, 0)


# --- TILE-10 ---------------------------------------------------------------------------------


def test_tile_10_unification_without_war_scores_nothing_ever() -> None:
    """TILE-10 (D1): the settlement unites the king's and player 1's priest's kingdoms; no
    war follows, nobody scores, and it never scores later: the next settlement in the
    united kingdom scores 1 for itself only."""
    state = position(
        """
             e  f  g  h  i
          5  0K r  .  r  1R
        """,
        hands={0: "kk"},
    )
    state, events = tr.step(state, tr.PlaceTile(BLACK, "g5"))
    assert events == (TilePlaced(0, BLACK, "g5", unification=True),)
    assert state.pending is None
    assert state.marker == NO_SQUARE
    assert state.scores == ((0, 0, 0, 0), (0, 0, 0, 0))
    after, events = tr.step(state, tr.PlaceTile(BLACK, "g6"))
    assert [e for e in events if isinstance(e, PointsScored)] == [
        PointsScored(0, BLACK, 1, ScoreCause.PLACEMENT)
    ]
    assert after.score(0)[BLACK] == 1


def test_tile_10_unification_with_war_scores_no_placement_vp() -> None:
    """TILE-10: after the war, only the war VP is scored; the red unification tile gives no
    placement VP to anyone (the king would score it under TILE-8)."""
    state = position(
        """
             d  e  f  g  h  i  j
          5  k  0K r  .  r  1K k
          6  .  k  .  .  .  .  .
        """,
        hands={0: "r"},
    )
    after, events = steps(state, tr.PlaceTile(RED, "g5"), tr.CommitSupport(0), tr.CommitSupport(0))
    scored = [e for e in events if isinstance(e, PointsScored)]
    assert scored == [PointsScored(0, BLACK, 2, ScoreCause.WAR)]
    assert after.scores == ((2, 0, 0, 0), (0, 0, 0, 0))
    assert after.pending is None


def test_tile_1_to_5_rejections_name_the_tile_and_the_square() -> None:
    """TILE-1..TILE-5: each rejection of a tile placement says why, naming the colour or
    the target square."""
    state = position(
        """
             e  f  g  h  i
          3  .  .  0R .  .
          4  .  .  r  .  .
          5  0K r  .  r  1K
        """,
        hands={0: "krb"},
    )
    expected: dict[tr.Action, tuple[str, str]] = {
        tr.PlaceTile(GREEN, "c5"): ("TILE-1", "you hold no green tile"),
        tr.PlaceTile(BLACK, "f5"): ("TILE-2", "f5 is not empty"),
        tr.PlaceTile(BLUE, "c5"): ("TILE-3", "a blue tile must go on a river square; c5 is land"),
        tr.PlaceTile(RED, "d4"): ("TILE-4", "a red tile may not go on the river square d4"),
        tr.PlaceTile(BLACK, "g5"): ("TILE-5", "g5 is adjacent to three or more kingdoms"),
    }
    rejected_with_reasons(state, expected)
