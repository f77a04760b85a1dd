"""Scenario tests for the ziggurat (RULES.md §19, ZIG-1..ZIG-8, V4, D22), and the rulebook
example of seed 000 (around its line 480): the lion's king scores a colour of his choice at
the end of his turn, thanks to the ziggurat.

Seats follow CONV-4's default dynasties: seat 0 archer, seat 1 bull, seat 2 lion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

import tigris_rules as tr
from scenario import play, rejected, with_ziggurat
from tigris_rules.model.actions import Decline
from tigris_rules.model.cells import EMPTY, STRUCTURE
from tigris_rules.model.events import (
    ConflictResolved,
    Event,
    GameOver,
    LeaderReturned,
    MonumentBuilt,
    PointsScored,
    ScoreCause,
    TilesDrawn,
    TilesRemoved,
    TurnEnded,
)
from tigris_rules.model.squares import square_index, square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.variants.buildings import (
    BuildingDecision,
    BuildingReturned,
    PlaceBuilding,
    building_squares,
)
from tigris_rules.variants.ziggurat import (
    BuildZiggurat,
    ChooseColor,
    ZigguratBuilt,
    ZigguratIncomeDecision,
    ziggurat_centre,
)

BLACK, RED, BLUE, GREEN = tr.Color.BLACK, tr.Color.RED, tr.Color.BLUE, tr.Color.GREEN
K, R, G = BLACK.index, RED.index, GREEN.index
WAR = tr.ConflictKind.WAR
E = TypeVar("E")

ZIG = tr.GameConfig(players=2, variants=("ziggurat",))
ZIG3 = tr.GameConfig(players=3, variants=("ziggurat",))
ZIG_BLD = tr.GameConfig(players=2, variants=("buildings", "ziggurat"))
ARCHER, BULL, LION = 0, 1, 2

CROSS_H6 = ("h5", "g6", "h6", "i6", "h7")
"""The cross centred on h6, in board order."""


def at(state: GameState, square: str) -> int:
    return state.cells[square_index(square)]


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def run(state: GameState, *inputs: tuple[tr.Action, int]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action, player in inputs:
        state, ev = tr.step(state, action, player)
        events += ev
    return state, events


def structure(state: GameState) -> tr.StructureDecision:
    decision = state.pending
    assert isinstance(decision, tr.StructureDecision), decision
    return decision


def built(state: GameState, centre: str) -> GameState:
    """``state`` with its drawn `Z` squares recorded as the ziggurat centred on ``centre``."""
    return with_ziggurat(state, square_index(centre))


def cross_diagram(color: str, missing: str, extra: str = "") -> str:
    """The cross centred on h6 in tiles of ``color``, with the square ``missing`` left empty;
    ``extra`` adds lines (rows 3..9 of columns e..k must not clash)."""
    rows = {4: list("......."), 5: list("......."), 6: list("......."), 7: list(".......")}
    columns = "efghijk"
    for square in CROSS_H6:
        if square != missing:
            rows[int(square[1:])][columns.index(square[0])] = color
    lines = ["     " + "  ".join(columns)]
    for row, tokens in rows.items():
        lines.append(f"{row:>3}  " + "  ".join(tokens))
    return "\n".join(lines) + "\n" + extra


# --- ZIG-1: one ziggurat, never built twice -----------------------------------------------------


@pytest.mark.parametrize("board", ["classic", "alternative"])
def test_zig_1_the_ziggurat_starts_unbuilt(board: str) -> None:
    """ZIG-1, SETUP-7: a new game with the ziggurat has none on the board."""
    state = tr.new_game(tr.GameConfig(players=3, board=board, variants=("ziggurat",)), seed=5)
    assert ziggurat_centre(state) == NO_SQUARE
    assert STRUCTURE not in state.cells


# The ziggurat stands on d9; a black cross waits for its centre h6; i5 completes the block
# h5-i6 when it is black.
SECOND_CROSS = """
     c  d  e  f  g  h  i
  5  .  .  .  .  .  k  {}
  6  .  .  .  .  k  .  k
  7  .  .  .  .  .  k  .
  8  .  Z  .  .  .  .  .
  9  Z  Z  Z  .  .  .  .
 10  .  Z  .  .  .  .  .
"""


def test_zig_1_it_is_never_built_twice() -> None:
    """ZIG-1: with the ziggurat already built on d9, a tile completing a new cross on h6
    offers nothing; when it also completes a block, only the monuments are offered."""
    state = built(position(SECOND_CROSS.format("."), config=ZIG, hands={0: "k"}), "d9")
    after = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    assert after.pending is None
    assert ziggurat_centre(after) == square_index("d9")
    assert all(at(after, s) == K for s in CROSS_H6)
    state = built(position(SECOND_CROSS.format("k"), config=ZIG, hands={0: "k"}), "d9")
    after = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    assert after.pending == tr.StructureDecision(
        0,
        (
            (tr.Monument.BLACK_RED, "h5"),
            (tr.Monument.BLACK_BLUE, "h5"),
            (tr.Monument.BLACK_GREEN, "h5"),
        ),
        (),
    )
    rejected(after, BuildZiggurat("h6"), "MON-4", 0)


# --- ZIG-2: the cross -----------------------------------------------------------------------------


def test_zig_2_five_face_up_tiles_of_one_colour_in_a_plus() -> None:
    """ZIG-2, ZIG-3: the centre h6 completes the black plus h5, g6, i6, h7: the structure
    decision offers the cross by its centre, and nothing else."""
    state = position(cross_diagram("k", "h6"), config=ZIG, hands={0: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    assert after.pending == tr.StructureDecision(0, (), (BuildZiggurat("h6"),))
    assert list(tr.legal_actions(after)) == [BuildZiggurat("h6"), Decline()]


@pytest.mark.parametrize(
    ("square", "token"),
    [("i6", "r"), ("i6", "#"), ("i6", "X"), ("h7", "Z"), ("g6", "0K")],
)
def test_zig_2_no_cross_when_one_square_is_not_a_face_up_tile_of_the_colour(
    square: str, token: str
) -> None:
    """ZIG-2: another colour, a flipped tile, a catastrophe, a ziggurat square or a leader in
    place of one arm: no cross, no decision."""
    diagram = cross_diagram("k", "h6")
    rows = diagram.splitlines()
    row = int(square[1:]) - 3
    tokens = rows[row].split()
    tokens["efghijk".index(square[0]) + 1] = token
    rows[row] = f"{tokens[0]:>3}  " + "  ".join(tokens[1:])
    state = position("\n".join(rows) + "\n", config=ZIG, hands={0: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    assert after.pending is None
    assert ziggurat_centre(after) == NO_SQUARE


def test_zig_2_the_centre_is_never_on_the_board_edge() -> None:
    """ZIG-2: f11 with all its neighbours e11, g11 and f10 (a T on the bottom edge) is no
    cross: no decision."""
    state = position(
        """
             e  f  g
         10  .  k  .
         11  k  .  k
        """,
        config=ZIG,
        hands={0: "k"},
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "f11"), 0)
    assert after.pending is None


# --- ZIG-3: the crosses the structure decision offers ---------------------------------------------


@pytest.mark.parametrize("last", CROSS_H6)
def test_zig_3_the_tile_just_placed_may_be_the_centre_or_an_arm(last: str) -> None:
    """ZIG-3: whichever of the five squares is filled last, the cross centred on h6 is
    offered."""
    state = position(cross_diagram("r", last), config=ZIG, hands={0: "r"})
    after = tr.apply(state, tr.PlaceTile(RED, last), 0)
    assert after.pending == tr.StructureDecision(0, (), (BuildZiggurat("h6"),))


def test_zig_3_a_tile_in_two_crosses_offers_both() -> None:
    """ZIG-3: g6 is an arm of the crosses centred on f6 and h6: both are offered; one is
    built, which breaks the other."""
    state = position(
        """
             e  f  g  h  i
          5  .  g  .  g  .
          6  g  g  .  g  g
          7  .  g  .  g  .
        """,
        config=ZIG,
        hands={0: "g"},
    )
    after = tr.apply(state, tr.PlaceTile(GREEN, "g6"), 0)
    assert structure(after) == tr.StructureDecision(
        0,
        (),
        (
            BuildZiggurat("f6"),
            BuildZiggurat("h6"),
        ),
    )
    done = tr.apply(after, BuildZiggurat("f6"), 0)
    assert ziggurat_centre(done) == square_index("f6")
    for square in ("f5", "e6", "f6", "g6", "f7"):
        assert at(done, square) == STRUCTURE
    for square in ("h5", "h6", "i6", "h7"):
        assert at(done, square) == G


def test_zig_3_a_cross_not_holding_the_tile_just_placed_is_not_offered() -> None:
    """ZIG-3: the black cross on h6 stands complete; a black tile on k6 beside nothing of it
    gives no structure decision."""
    state = position(cross_diagram("k", ""), config=ZIG, hands={0: "k"})
    after = tr.apply(state, tr.PlaceTile(BLACK, "k6"), 0)
    assert after.pending is None


# The centre h6 completes the red cross and the red block h5-i6 (i5 is red too).
CROSS_AND_BLOCK = """
     g  h  i
  5  .  r  r
  6  r  .  r
  7  .  r  .
"""


def test_zig_3_a_cross_and_a_block_are_answers_of_one_structure_decision() -> None:
    """ZIG-3, MON-4: the tile completes a block and a cross; the one structure decision
    offers the red monuments and the cross."""
    state = position(CROSS_AND_BLOCK, config=ZIG, hands={0: "r"})
    after = tr.apply(state, tr.PlaceTile(RED, "h6"), 0)
    assert after.pending == tr.StructureDecision(
        0,
        (
            (tr.Monument.BLACK_RED, "h5"),
            (tr.Monument.RED_BLUE, "h5"),
            (tr.Monument.RED_GREEN, "h5"),
        ),
        (BuildZiggurat("h6"),),
    )


def test_zig_3_choosing_the_ziggurat_excludes_a_monument() -> None:
    """ZIG-3, D11: building the ziggurat ends the structure decision: no monument is built,
    i5 stays a face-up tile, the action is complete."""
    state = position(CROSS_AND_BLOCK, config=ZIG, hands={0: "r"})
    state = tr.apply(state, tr.PlaceTile(RED, "h6"), 0)
    after, events = run(state, (BuildZiggurat("h6"), 0))
    assert of_type(events, ZigguratBuilt) == [ZigguratBuilt(0, "h6")]
    assert not of_type(events, MonumentBuilt)
    assert after.monuments == (NO_SQUARE,) * 6
    assert at(after, "i5") == R
    assert after.pending is None
    assert after.actions_taken == 1


def test_zig_3_choosing_a_monument_excludes_the_ziggurat() -> None:
    """ZIG-3, D11: building the monument on h5-i6 flips h6 too; the ziggurat stays unbuilt."""
    state = position(CROSS_AND_BLOCK, config=ZIG, hands={0: "r"})
    state = tr.apply(state, tr.PlaceTile(RED, "h6"), 0)
    after, events = run(state, (tr.BuildMonument(tr.Monument.RED_BLUE, "h5"), 0))
    assert of_type(events, MonumentBuilt) == [MonumentBuilt(0, tr.Monument.RED_BLUE, "h5")]
    assert not of_type(events, ZigguratBuilt)
    assert ziggurat_centre(after) == NO_SQUARE
    assert STRUCTURE not in after.cells
    assert after.pending is None


def test_zig_3_a_cross_the_decision_does_not_offer_is_rejected_under_mon_4() -> None:
    """ZIG-3, MON-4, CONV-17: BuildZiggurat naming an arm (h5) or any square that is not an
    offered centre is rejected under MON-4."""
    state = position(cross_diagram("k", "h6"), config=ZIG, hands={0: "k"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    for square in ("h5", "g6", "a1"):
        rejected(state, BuildZiggurat(square), "MON-4", 0)


def test_zig_3_other_inputs_during_the_structure_decision_are_rejected_under_conv_15() -> None:
    """ZIG-3, CONV-15: the income answer, a building answer or an action are no answer to
    the structure decision."""
    state = position(cross_diagram("k", "h6"), config=ZIG_BLD, hands={0: "kk"})
    state = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    assert isinstance(state.pending, BuildingDecision)
    state = tr.apply(state, Decline(), 0)
    assert structure(state).structures == (BuildZiggurat("h6"),)
    for action in (ChooseColor(RED), PlaceBuilding("h5"), tr.PlaceTile(BLACK, "k9"), tr.EndTurn()):
        rejected(state, action, "CONV-15", 0)


# The black cross on h6 waits for its centre, the tile that unites two kingdoms: player 0's
# leader on f6 (temple f7) touches g6; player 1's leader of the same colour on j6 (temple j7)
# touches i6.
UNITING_CROSS = """
     e  f  g  h  i  j  k
  5  .  .  .  k  .  .  .
  6  .  0{0} k  .  k  1{0} .
  7  .  r  .  k  .  r  .
"""


def uniting_cross(leader: str) -> GameState:
    return position(UNITING_CROSS.format(leader), config=ZIG, hands={0: "kk", 1: "kk"})


def test_zig_3_a_cross_broken_by_the_war_gives_nothing() -> None:
    """ZIG-3, MON-2: the black centre h6 unites two kings' kingdoms: a black war. The
    defender wins and g6, on the attacker's side, leaves the game: at step (5) the cross no
    longer stands, so no structure decision is asked."""
    state = tr.apply(uniting_cross("K"), tr.PlaceTile(BLACK, "h6"), 0)
    after, events = run(state, (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1))
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, BLACK, 1, 0, 1, 1)]
    assert [(e.color, e.squares) for e in of_type(events, TilesRemoved)] == [(BLACK, ("g6",))]
    assert after.pending is None
    assert ziggurat_centre(after) == NO_SQUARE


def test_zig_3_the_unification_tile_completes_a_cross_that_survives_the_war() -> None:
    """ZIG-3 (the unification tile included): the same cross unites two priests' kingdoms: a
    red war, which removes no black tile. After it the cross centred on the unification tile
    is offered."""
    state = tr.apply(uniting_cross("R"), tr.PlaceTile(BLACK, "h6"), 0)
    after, events = run(state, (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1))
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, RED, 1, 0, 1, 1)]
    assert after.marker == NO_SQUARE
    assert structure(after) == tr.StructureDecision(0, (), (BuildZiggurat("h6"),))


# --- ZIG-4: building ---------------------------------------------------------------------------


def test_zig_4_the_five_tiles_leave_the_game_and_become_ziggurat_squares() -> None:
    """ZIG-4: after BuildZiggurat the five squares are ziggurat squares, the five tiles count
    as out of the game, the treasure on h7 stays, and the state records the centre."""
    diagram = cross_diagram("r", "h5").replace(" 7  .  .  .  r", " 7  .  .  .  r*")
    state = position(diagram, config=ZIG, hands={0: "r"})
    state = tr.apply(state, tr.PlaceTile(RED, "h5"), 0)
    after, events = run(state, (BuildZiggurat("h6"), 0))
    assert of_type(events, ZigguratBuilt) == [ZigguratBuilt(0, "h6")]
    for square in CROSS_H6:
        assert at(after, square) == STRUCTURE
    assert ziggurat_centre(after) == square_index("h6")
    assert after.out_of_game == (0, 5, 0, 0)
    assert square_index("h7") in after.treasures
    assert after.pending is None


def test_zig_4_a_building_on_the_cross_returns_to_the_supply() -> None:
    """ZIG-4, BLD-10, D14: the green tile on h6 completes a cross and two lines of 3: the
    building decision comes first (the five tiles); the building goes on i6; the ziggurat
    over it sends it back to the supply."""
    state = position(cross_diagram("g", "h6"), config=ZIG_BLD, hands={0: "g"})
    state = tr.apply(state, tr.PlaceTile(GREEN, "h6"), 0)
    assert state.pending == BuildingDecision(0, GREEN, CROSS_H6)
    state = tr.apply(state, PlaceBuilding("i6"), 0)
    assert building_squares(state)[G] == square_index("i6")
    assert structure(state).structures == (BuildZiggurat("h6"),)
    after, events = run(state, (BuildZiggurat("h6"), 0))
    assert of_type(events, BuildingReturned) == [BuildingReturned(GREEN, "i6")]
    assert of_type(events, ZigguratBuilt) == [ZigguratBuilt(0, "h6")]
    assert building_squares(after) == (NO_SQUARE,) * 4


# --- ZIG-5: what ziggurat squares are ---------------------------------------------------------

# The ziggurat on h6; player 0's king on f6 (temple f7) touches it. Player 1's king on k6
# is in another kingdom. Three spare treasures on row 10 keep the game going (END-1).
ZIGGURAT_KINGDOM = """
     e  f  g  h  i  j  k  l
  5  .  .  .  Z  .  .  .  .
  6  k  0K Z  Z  Z  .  1K k
  7  .  r  .  Z  .  .  r  .
 10  r* r* r* .  .  .  .  .
"""


def zig_kingdom(hands: dict[int, str] | None = None) -> GameState:
    return built(position(ZIGGURAT_KINGDOM, config=ZIG, hands=hands or {0: "kkk"}), "h6")


def test_zig_5_ziggurat_squares_are_occupied_and_link() -> None:
    """ZIG-5, CONV-7: the black tile on j6 touches the ziggurat (i6) and player 1's king: the
    ziggurat links it to player 0's kingdom, so the tile unites two kingdoms (a war of kings)
    rather than scoring."""
    after = tr.apply(zig_kingdom(), tr.PlaceTile(BLACK, "j6"), 0)
    decision = after.pending
    assert isinstance(decision, tr.CommitDecision)
    assert decision.conflict.color is BLACK


def test_zig_5_ziggurat_squares_give_no_strength_and_are_never_removed() -> None:
    """ZIG-5, WAR-7, WAR-13: in that war the attacker's side holds the ziggurat and e6: his
    base is 1, not 6. He loses; e6 leaves the game, the five ziggurat squares stay."""
    state = tr.apply(zig_kingdom(), tr.PlaceTile(BLACK, "j6"), 0)
    conflict = state.pending
    assert isinstance(conflict, tr.CommitDecision)
    assert (conflict.conflict.attacker_base, conflict.conflict.defender_base) == (1, 1)
    after, events = run(state, (tr.CommitSupport(0), 0), (tr.CommitSupport(0), 1))
    assert [(e.color, e.squares) for e in of_type(events, TilesRemoved)] == [(BLACK, ("e6",))]
    for square in CROSS_H6:
        assert at(after, square) == STRUCTURE
    assert ziggurat_centre(after) == square_index("h6")


def test_zig_5_ziggurat_squares_are_not_temples() -> None:
    """ZIG-5, CONV-10, LEADER-7: g5 touches two ziggurat squares and no temple: no leader may
    go there."""
    state = zig_kingdom()
    rejected(state, tr.PlaceLeader(RED, "g5"), "LEADER-7", 0)


def test_zig_5_ziggurat_squares_do_not_count_in_a_revolt_base() -> None:
    """ZIG-5, REVOLT-3: the priests on g5 and i5 each touch two ziggurat squares and one
    temple (g4, i4); the ziggurat links them into one kingdom, and each base is 1."""
    state = built(
        position(
            """
                 g  h  i
              4  r  .  r
              5  1R Z  .
              6  Z  Z  Z
              7  .  Z  .
            """,
            config=ZIG,
            hands={0: "r"},
        ),
        "h6",
    )
    after = tr.apply(state, tr.PlaceLeader(RED, "i5"), 0)
    decision = after.pending
    assert isinstance(decision, tr.CommitDecision)
    conflict = decision.conflict
    assert (conflict.kind, conflict.attacker_base, conflict.defender_base) == (
        tr.ConflictKind.REVOLT,
        1,
        1,
    )


def test_zig_5_no_tile_leader_or_catastrophe_on_a_ziggurat_square() -> None:
    """ZIG-5: a tile (TILE-2), a leader (LEADER-5) and a catastrophe (CATA-7) are all refused
    on a ziggurat square."""
    state = zig_kingdom()
    rejected(state, tr.PlaceTile(BLACK, "h5"), "TILE-2", 0)
    rejected(state, tr.PlaceLeader(BLACK, "g6"), "LEADER-5", 0)
    rejected(state, tr.PlaceCatastrophe("h7"), "CATA-7", 0)


def test_zig_5_ziggurat_squares_are_not_part_of_lines_blocks_or_crosses() -> None:
    """ZIG-5, BLD-2, MON-1: the black tile on i5 would make the row g5-j5 and the block h4-i5
    if the ziggurat square h5 counted as black; it does not: the row through i5 is i5-j5,
    the column i4-i5, and no block or cross is formed, so no decision is asked."""
    state = built(
        position(
            """
                 g  h  i  j
              4  .  k  k  .
              5  k  Z  .  k
              6  Z  Z  Z  .
              7  .  Z  .  .
            """,
            config=ZIG_BLD,
            hands={0: "k"},
        ),
        "h6",
    )
    after = tr.apply(state, tr.PlaceTile(BLACK, "i5"), 0)
    assert after.pending is None
    assert building_squares(after) == (NO_SQUARE,) * 4
    assert after.monuments == (NO_SQUARE,) * 6


# --- ZIG-6: temple loss ---------------------------------------------------------------------------


def test_zig_6_temple_loss_follows_the_building() -> None:
    """ZIG-6, LEADER-11: player 1's priest on h4 touches only the temple h5; player 0's king
    on f6 touches g6 and the temple f7. The red centre h6 unites their kingdoms (a priest and
    a king: no conflict) and completes the cross; it becomes the ziggurat: the priest loses
    his last temple and returns to supply; the king stays."""
    diagram = cross_diagram("r", "h6")
    lines = diagram.splitlines()
    lines[1] = "  4  .  .  .  1R .  .  ."
    lines[3] = "  6  .  0K r  .  r  .  ."
    lines[4] = "  7  .  r  .  r  .  .  ."
    state = position("\n".join(lines) + "\n", config=ZIG, hands={0: "r"})
    state = tr.apply(state, tr.PlaceTile(RED, "h6"), 0)
    after, events = run(state, (BuildZiggurat("h6"), 0))
    assert of_type(events, LeaderReturned) == [LeaderReturned(1, RED, "h4", "temple loss")]
    assert after.leader_square(1, RED) is None
    assert after.leader_square(0, BLACK) == "f6"


# --- ZIG-7: declined crosses ------------------------------------------------------------------


def test_zig_7_a_declined_cross_is_never_offered_again_while_intact() -> None:
    """ZIG-7: the player declines the cross; the ziggurat stays unbuilt and the tiles face up.
    A later tile touching the cross (h4, above h5) forms no new cross: no decision."""
    state = position(cross_diagram("k", "h7"), config=ZIG, hands={0: "kk"})
    state = play(state, tr.PlaceTile(BLACK, "h7"), Decline())
    assert ziggurat_centre(state) == NO_SQUARE
    assert all(at(state, s) == K for s in CROSS_H6)
    assert state.actions_taken == 1
    after = tr.apply(state, tr.PlaceTile(BLACK, "h4"), 0)
    assert after.pending is None
    assert ziggurat_centre(after) == NO_SQUARE


def test_zig_7_a_cross_reformed_after_a_war_is_a_new_cross() -> None:
    """ZIG-7, D22: player 0 declines the red cross on h6 (its arm g6 touches his priest on f6)
    and adds h4. Player 1 then unites his priest's kingdom (k6) with it through j6 and wins
    the red war: g6, f7 and h4 leave the game, while h5, h6, h7 and i6 keep their treasures
    and stay (WAR-14). His red tile on g6 re-forms the same five squares: a new cross, offered
    to him, and he builds the ziggurat."""
    state = position(
        """
             e  f  g  h  i  j  k  l
          4  .  .  .  .  .  .  .  .
          5  .  .  .  r* .  .  r  .
          6  .  0R .  r* r* .  1R r
          7  .  r  .  r* .  .  r  r
        """,
        config=ZIG,
        hands={0: "rrkkkk", 1: "krrrrr"},
    )
    state, events = run(state, (tr.PlaceTile(RED, "g6"), 0))
    assert of_type(events, PointsScored) == [PointsScored(0, RED, 1, ScoreCause.PLACEMENT)]
    assert structure(state) == tr.StructureDecision(
        0, (), (BuildZiggurat("h6"),)
    )  # no block: g5, g7, i5, i7 are empty
    state = play(state, Decline(), tr.PlaceTile(RED, "h4"))
    assert state.active == 1
    assert ziggurat_centre(state) == NO_SQUARE
    state, events = run(
        state,
        (tr.PlaceTile(BLACK, "j6"), 1),
        (tr.CommitSupport(4), 1),
        (tr.CommitSupport(0), 0),
    )
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, RED, 1, 0, 8, 7)]
    removed = [(e.color, sorted(e.squares)) for e in of_type(events, TilesRemoved)]
    assert removed == [(RED, ["f7", "g6", "h4"])]
    assert at(state, "g6") == EMPTY
    state, events = run(state, (tr.PlaceTile(RED, "g6"), 1))
    assert of_type(events, PointsScored) == [PointsScored(1, RED, 1, ScoreCause.PLACEMENT)]
    assert structure(state) == tr.StructureDecision(1, (), (BuildZiggurat("h6"),))
    state, events = run(state, (BuildZiggurat("h6"), 1))
    assert of_type(events, ZigguratBuilt) == [ZigguratBuilt(1, "h6")]
    assert {square_name(t) for t in state.treasures} == {"h5", "h6", "h7", "i6"}


# --- ZIG-8: ziggurat income -----------------------------------------------------------------------


def test_zig_8_the_active_king_in_the_ziggurat_kingdom_names_a_colour() -> None:
    """ZIG-8, TURN-11(b): player 0's king is in the ziggurat's kingdom. Ending his turn asks
    the income decision (four colours); blue scores 1 blue VP, then the refills and the next
    turn follow."""
    state = zig_kingdom({0: "kkkkkk", 1: "kkkkkk"})
    state, events = run(state, (tr.EndTurn(), 0))
    assert state.pending == ZigguratIncomeDecision(0)
    assert tr.to_move(state) == 0
    assert list(tr.legal_actions(state)) == [ChooseColor(c) for c in tr.COLORS]
    assert not of_type(events, TurnEnded)
    after, events = run(state, (ChooseColor(BLUE), 0))
    assert of_type(events, PointsScored) == [PointsScored(0, BLUE, 1, "ziggurat")]
    assert after.scores[0] == (0, 0, 1, 0)
    assert of_type(events, TurnEnded) == [TurnEnded(0, 1)]
    assert after.active == 1
    assert after.pending is None


@pytest.mark.parametrize("color", list(tr.Color))
def test_zig_8_any_colour_may_be_named(color: tr.Color) -> None:
    """ZIG-8: each colour is a legal answer and scores exactly 1 VP in it."""
    state = play(zig_kingdom({0: "kkkkkk", 1: "kkkkkk"}), tr.EndTurn())
    after = tr.apply(state, ChooseColor(color), 0)
    expected = [0, 0, 0, 0]
    expected[color.index] = 1
    assert after.scores[0] == tuple(expected)


def test_zig_8_income_after_monument_income_and_before_the_refills() -> None:
    """ZIG-8, TURN-11: monument income (a) is scored before the decision; the ziggurat VP
    (b) comes before the active player's refill (c)."""
    state = position(
        """
             d  e  f  g  h  i
          5  #  #  .  .  Z  .
          6  #  #  0K Z  Z  Z
          7  .  .  r  .  Z  .
         10  r* r* r* .  .  .
        """,
        config=ZIG,
        hands={0: "kkkk", 1: "kkkkkk"},
        monuments={tr.Monument.BLACK_GREEN: "d5"},
    )
    state = built(state, "h6")
    state, first = run(state, (tr.EndTurn(), 0))
    assert of_type(first, PointsScored) == [PointsScored(0, BLACK, 1, ScoreCause.MONUMENT)]
    assert not of_type(first, TilesDrawn)
    after, events = run(state, (ChooseColor(GREEN), 0))
    kinds = [type(e) for e in events if isinstance(e, PointsScored | TilesDrawn | TurnEnded)]
    assert kinds == [PointsScored, TilesDrawn, TurnEnded]
    assert of_type(events, TilesDrawn)[0].player == 0
    assert after.scores[0] == (1, 0, 0, 1)


def test_zig_8_only_the_active_player_scores() -> None:
    """ZIG-8: player 1's king is in the ziggurat's kingdom, player 0's is not: player 0's
    turn ends without any income decision; at the end of player 1's turn he is asked."""
    state = built(
        position(
            """
                 f  g  h  i  j  k
              5  .  .  Z  .  .  .
              6  .  Z  Z  Z  1K .
              7  .  .  Z  .  r  .
             10  r* r* r* .  .  .
            """,
            config=ZIG,
            hands={0: "kkkkkk", 1: "kkkkkk"},
        ),
        "h6",
    )
    state, events = run(state, (tr.EndTurn(), 0))
    assert of_type(events, TurnEnded) == [TurnEnded(0, 1)]
    assert state.pending is None
    assert state.active == 1
    state, _ = run(state, (tr.EndTurn(), 1))
    assert state.pending == ZigguratIncomeDecision(1)


def test_zig_8_at_most_once_per_turn_after_two_actions() -> None:
    """ZIG-8: after two actions the turn ends, the income is asked once; answering it ends the
    turn, with one ziggurat VP."""
    state = zig_kingdom({0: "kkkkkk", 1: "kkkkkk"})
    state, events = run(state, (tr.PlaceTile(BLACK, "e5"), 0), (tr.PlaceTile(BLACK, "d6"), 0))
    assert state.pending == ZigguratIncomeDecision(0)
    state, more = run(state, (ChooseColor(RED), 0))
    events += more
    assert [e for e in events if isinstance(e, PointsScored) and e.cause == "ziggurat"] == [
        PointsScored(0, RED, 1, "ziggurat")
    ]
    assert state.active == 1
    assert state.pending is None


def test_zig_8_no_decision_when_the_king_is_elsewhere() -> None:
    """ZIG-8: player 0's king stands in another kingdom: his turn ends without a decision."""
    state = built(
        position(
            """
                 b  c  g  h  i
              5  .  .  .  Z  .
              6  0K r  Z  Z  Z
              7  .  .  .  Z  .
             10  r* r* r* .  .
            """,
            config=ZIG,
            hands={0: "kkkkkk", 1: "kkkkkk"},
        ),
        "h6",
    )
    after, events = run(state, (tr.EndTurn(), 0))
    assert after.pending is None
    assert of_type(events, TurnEnded) == [TurnEnded(0, 1)]


def test_zig_8_other_inputs_are_rejected_while_the_income_decision_is_pending() -> None:
    """ZIG-8, CONV-15, TURN-3: while the income decision is pending, an action or end of turn
    is rejected under CONV-15, as is a colour named by another player; with no decision
    pending, naming a colour is rejected under TURN-3."""
    state = play(zig_kingdom({0: "kkkkkk", 1: "kkkkkk"}), tr.EndTurn())
    for action in (tr.PlaceTile(BLACK, "k9"), tr.EndTurn(), Decline(), BuildZiggurat("h6")):
        rejected(state, action, "CONV-15", 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, ChooseColor(RED), 1)
    assert info.value.rule == "CONV-15"
    fresh = zig_kingdom({0: "kkkkkk", 1: "kkkkkk"})
    rejected(fresh, ChooseColor(RED), "TURN-3", 0)


def test_zig_8_income_comes_before_the_treasure_end() -> None:
    """ZIG-8, TURN-11(b) before (e): with only 2 treasures on the board the game ends at this
    end of turn, but the income decision comes first and its VP counts."""
    state = built(
        position(
            """
                 e  f  g  h  i
              5  .  .  .  Z  .
              6  k* 0K Z  Z  Z
              7  .  r* .  Z  .
            """,
            config=ZIG,
            hands={0: "kkkkkk", 1: "kkkkkk"},
        ),
        "h6",
    )
    state = play(state, tr.EndTurn())
    assert state.pending == ZigguratIncomeDecision(0)
    assert not tr.is_over(state)
    after, events = run(state, (ChooseColor(GREEN), 0))
    assert tr.is_over(after)
    assert of_type(events, GameOver) == [GameOver("treasures")]
    assert after.scores[0] == (0, 0, 0, 1)


def test_zig_8_a_single_action_opener_is_asked_after_his_one_action() -> None:
    """ZIG-8, OPT-3 (note): seat 0 takes a single action on his first turn; it ends the turn,
    and the income decision is asked. A second action is rejected under CONV-15 while it is
    pending, and under TURN-1 once it is answered."""
    config = tr.GameConfig(players=2, variants=("ziggurat",), single_action_openers=1)
    state = built(position(ZIGGURAT_KINGDOM, config=config, hands={0: "kkkkkk", 1: "kkkkkk"}), "h6")
    state = tr.apply(state, tr.PlaceTile(BLACK, "e5"), 0)
    assert state.pending == ZigguratIncomeDecision(0)
    rejected(state, tr.PlaceTile(BLACK, "d6"), "CONV-15", 0)
    state = tr.apply(state, ChooseColor(BLACK), 0)
    assert state.active == 1
    assert state.scores[0] == (2, 0, 0, 0)  # the tile's VP, then the ziggurat's
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.PlaceTile(BLACK, "d6"), 0)
    assert info.value.rule == "TURN-1"


# --- rulebook example (seed 000) -----------------------------------------------------------------


def test_rulebook_lion_king_scores_a_colour_of_his_choice_from_the_ziggurat() -> None:
    """Rulebook (000, « Grâce à construction de la Ziggourat, le Roi au lion gagne, à la fin de
    son tour, un cube de la couleur de son choix »), ZIG-3, ZIG-4, ZIG-8: the lion's king
    (f6, temple f7) touches a green cross waiting for h6. The lion places the tile (1 green
    VP for his king, TILE-8), builds the ziggurat, ends his turn, and names red: 1 red VP."""
    diagram = cross_diagram("g", "h6")
    lines = diagram.splitlines()
    lines[3] = "  6  .  2K g  .  g  .  ."
    lines[4] = "  7  .  r* .  g  .  .  ."
    state = position(
        "\n".join(lines) + "\n 10  r* r*  .  .  .  .  .\n",
        config=ZIG3,
        hands={LION: "gkkkkk", ARCHER: "kkkkkk", BULL: "kkkkkk"},
        active=LION,
    )
    state, events = run(state, (tr.PlaceTile(GREEN, "h6"), LION))
    assert of_type(events, PointsScored) == [PointsScored(LION, GREEN, 1, ScoreCause.PLACEMENT)]
    state, events = run(state, (BuildZiggurat("h6"), LION), (tr.EndTurn(), LION))
    assert of_type(events, ZigguratBuilt) == [ZigguratBuilt(LION, "h6")]
    assert state.pending == ZigguratIncomeDecision(LION)
    assert tr.to_move(state) == LION
    after, events = run(state, (ChooseColor(RED), LION))
    assert of_type(events, PointsScored) == [PointsScored(LION, RED, 1, "ziggurat")]
    assert after.scores[LION] == (0, 1, 0, 1)
    assert after.scores[ARCHER] == after.scores[BULL] == (0, 0, 0, 0)
    assert after.active == ARCHER


def test_zig_8_a_wrong_answer_to_the_income_decision_names_the_rule_and_the_decision() -> None:
    """ZIG-8, CONV-15: any answer but a colour while the income decision is pending is
    rejected under CONV-15, with a reason naming the player and what he must choose."""
    state = play(zig_kingdom({0: "kkkkkk", 1: "kkkkkk"}), tr.EndTurn())
    for action in (Decline(), PlaceBuilding("f6"), tr.EndTurn()):
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, action, 0)
        assert info.value.rule == "CONV-15", action
        assert info.value.reason == (
            "a decision is pending: player 0 must choose the colour of the ziggurat VP"
        ), action


def test_mon_4_ziggurat_rejection_names_the_cross() -> None:
    """MON-4 (ZIG-3): a ziggurat on a cross the decision does not offer is rejected with a
    sentence naming the cross's centre."""
    state = built(position(SECOND_CROSS.format("k"), config=ZIG, hands={0: "k"}), "d9")
    after = tr.apply(state, tr.PlaceTile(BLACK, "h6"), 0)
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(after, BuildZiggurat("h6"), 0)
    assert (info.value.rule, info.value.reason) == (
        "MON-4",
        "the ziggurat cannot be built on a cross centred on h6 now",
    )
