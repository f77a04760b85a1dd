"""Scenario tests for the game end and the final scoring, RULES.md §13 and §14
(END-1..END-4, SCORE-1..SCORE-6)."""

from __future__ import annotations

import attrs
import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules import (
    Color,
    CommitSupport,
    EndTurn,
    GameConfig,
    Monument,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
)
from tigris_rules.model.events import (
    GameOver,
    PointsScored,
    ScoreCause,
    TilesDrawn,
    TreasureTaken,
    TurnEnded,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.scoring import allocate_treasures, result

BLACK, RED, BLUE, GREEN = Color.BLACK, Color.RED, Color.BLUE, Color.GREEN


def with_spare_treasures(state: GameState, *names: str) -> GameState:
    """``state`` with lone temples carrying treasures on ``names`` (default a11, c11, e11)."""
    cells = list(state.cells)
    spare = [square_index(name) for name in (names or ("a11", "c11", "e11"))]
    for square in spare:
        cells[square] = RED.index
    return attrs.evolve(state, cells=tuple(cells), treasures=state.treasures | set(spare))


def of(kind: type, events: tuple[tr.Event, ...]) -> list[tr.Event]:
    return [e for e in events if isinstance(e, kind)]


# --- END-1 ---------------------------------------------------------------------------------


def _three_treasures(players: int = 2) -> GameState:
    """A trader placed on a2 takes the priority treasure b2, leaving b3 and k11: two."""
    return with_spare_treasures(
        position(
            """
            a  b  c
         2  .  r* .
         3  .  r* .
        """,
            players=players,
            hands={0: "kk"},
        ),
        "k11",
    )


def test_end_1_two_treasures_left_end_the_game_at_the_end_of_the_turn() -> None:
    """END-1: a drop to 2 treasures during a turn does not stop it; the game ends at
    TURN-11(e)."""
    state, events = tr.step(_three_treasures(), PlaceLeader(GREEN, "a2"))
    assert of(TreasureTaken, events) == [TreasureTaken(0, "b2")]
    assert len(state.treasures) == 2
    assert not state.over
    assert tr.to_move(state) == 0
    state, events = tr.step(state, PlaceTile(BLACK, "g5"))
    assert state.cells[square_index("g5")] == BLACK.index
    assert state.over
    assert of(TurnEnded, events) == [TurnEnded(0, None)]
    assert events[-1] == GameOver("treasures")


def test_end_1_three_treasures_left_do_not_end_the_game() -> None:
    """END-1: with 3 treasures on the board at TURN-11(e) the game goes on."""
    state = play(_three_treasures(), PlaceTile(BLACK, "g5"), EndTurn())
    assert len(state.treasures) == 3
    assert not state.over
    assert state.active == 1


@pytest.mark.parametrize(("board", "count", "over"), [
    ("classic", 2, True), ("classic", 3, False),
    ("alternative", 2, True), ("alternative", 3, False),
])  # fmt: skip
def test_end_1_same_threshold_on_both_boards(board: str, count: int, over: bool) -> None:
    """END-1: the threshold, 2 or fewer treasures, is the same on both boards (ALT-4)."""
    state = position(config=GameConfig(board=board))
    state = with_spare_treasures(state, *["a11", "c11", "e11"][:count])
    after = play(state, EndTurn())
    assert after.over is over


# --- END-2 ---------------------------------------------------------------------------------


def test_end_2_a_short_swap_ends_the_game_after_the_turn_is_finished() -> None:
    """END-2: a short swap draw takes what is left; the turn goes on (second action,
    monument income, refills) and the game ends at TURN-11(e)."""
    state = with_spare_treasures(
        position(
            """
            f  g  h  i
         5  .  .  .  .
         6  .  .  0K r
        """,
            hands={0: "kkkrr", 1: "kkkkk"},
            monuments={Monument.BLACK_RED: "f5"},
            bag="g",
        )
    )
    state, events = tr.step(state, SwapTiles(red=2))
    assert of(TilesDrawn, events) == [TilesDrawn(0, (GREEN,), short=True)]
    assert state.hands[0] == (3, 0, 0, 1)
    assert not state.over
    assert state.bag_size == 0
    state, events = tr.step(state, PlaceTile(BLACK, "l5"))
    assert state.cells[square_index("l5")] == BLACK.index
    assert of(PointsScored, events) == [PointsScored(0, BLACK, 1, ScoreCause.MONUMENT)]
    assert of(TurnEnded, events) == [TurnEnded(0, None)]
    assert events[-1] == GameOver("bag")
    assert state.over
    assert state.hands == ((2, 0, 0, 1), (5, 0, 0, 0))


def test_end_2_a_short_refill_ends_the_game() -> None:
    """END-2: a refill that cannot bring a player to 6 is short; the game ends at the end
    of that turn."""
    state = with_spare_treasures(position("", hands={0: "kkkk", 1: "kkk"}, bag="rrrr"))
    state, events = tr.step(state, EndTurn())
    assert state.hands == ((4, 2, 0, 0), (3, 2, 0, 0))
    assert TilesDrawn(1, (RED, RED), short=True) in events
    assert events[-1] == GameOver("bag")
    assert state.over


def test_end_2_swap_not_short_but_the_refill_is() -> None:
    """END-2 (note): swapping 2 from a hand of 5 with 2 tiles in the bag is not short, but
    the active player's refill then is, and the game ends in the same turn."""
    state = with_spare_treasures(position("", hands={0: "kkkrr", 1: "kkkkkk"}, bag="gg"))
    state, events = tr.step(state, SwapTiles(red=2))
    assert of(TilesDrawn, events) == [TilesDrawn(0, (GREEN, GREEN))]
    assert not state.over
    state, events = tr.step(state, EndTurn())
    assert state.over
    assert events[-1] == GameOver("bag")
    assert state.hands[0] == (3, 0, 0, 2)


# --- END-3 ---------------------------------------------------------------------------------


def test_end_3_no_further_turn_and_every_input_is_rejected() -> None:
    """END-3: once the game has ended no further turn is played (the round is not evened
    out: seats 1 and 2 do not play again) and any action or answer is rejected."""
    state = play(_three_treasures(players=3), PlaceLeader(GREEN, "a2"), EndTurn())
    assert state.over
    assert tr.is_over(state)
    assert tr.to_move(state) is None
    assert len(tr.legal_actions(state)) == 0
    assert state.active == 0
    assert state.turn == 0
    rejected(state, EndTurn(), "END-3", player=1)
    rejected(state, EndTurn(), "END-3")
    rejected(state, PlaceTile(BLACK, "h5"), "END-3", player=0)
    rejected(state, CommitSupport(0), "END-3")
    outcome = result(state)
    assert outcome.final
    assert [p.treasures for p in outcome.players] == [1, 0, 0]


# --- END-4 ---------------------------------------------------------------------------------


def test_end_4_an_empty_bag_does_not_end_the_game() -> None:
    """END-4: a refill that takes exactly the last tiles is not short; the game goes on with
    an empty bag until a draw is actually short."""
    state = with_spare_treasures(position("", hands={0: "kkkk", 1: "kkkkkk"}, bag="rg"))
    state, events = tr.step(state, EndTurn())
    assert TilesDrawn(0, (RED, GREEN)) in events
    assert not state.over
    assert state.bag_size == 0
    assert state.active == 1
    state = play(state, EndTurn())  # seat 1 holds 6: no draw, nothing short
    assert not state.over
    assert state.active == 0
    state = play(state, SwapTiles(black=1))  # SWAP-4: legal with an empty bag, but short
    assert not state.over
    assert state.hands[0] == (3, 1, 0, 1)
    state = play(state, EndTurn())
    assert state.over


# --- SCORE ---------------------------------------------------------------------------------


def _over(scores: dict[int, tuple[int, int, int, int]], treasures: dict[int, int]) -> GameState:
    return attrs.evolve(
        position("", players=len(scores), scores=scores, treasures_held=treasures), over=True
    )


def test_score_rulebook_example_four_players() -> None:
    """SCORE-2..SCORE-5, the rulebook's example: A (7, 4, 9, 5) with 3 treasures gives
    (6, 6, 7, 9); B (6, 6, 6, 10); C (3, 12, 12, 12) with 3 gives (6, 12, 12, 12); D (10, 6, 5,
    6) with 1 gives (6, 6, 6, 10). C first, A second, B and D share third."""
    state = _over(
        {0: (7, 4, 9, 5), 1: (6, 6, 6, 10), 2: (3, 12, 12, 12), 3: (10, 6, 5, 6)},
        {0: 3, 1: 0, 2: 3, 3: 1},
    )
    assert allocate_treasures((7, 4, 9, 5), 3) == (0, 2, 0, 1)
    assert allocate_treasures((3, 12, 12, 12), 3) == (3, 0, 0, 0)
    assert allocate_treasures((10, 6, 5, 6), 1) == (0, 0, 1, 0)
    outcome = result(state)
    assert outcome.final
    a, b, c, d = outcome.players
    assert a.allocation == (0, 2, 0, 1)
    assert a.vector == (6, 6, 7, 9)
    assert b.vector == (6, 6, 6, 10)
    assert c.vector == (6, 12, 12, 12)
    assert d.vector == (6, 6, 6, 10)
    assert [p.score for p in outcome.players] == [6, 6, 6, 6]
    assert [p.place for p in outcome.players] == [2, 3, 1, 3]
    assert outcome.winners == (2,)
    assert [p.player for p in outcome.ranking] == [2, 0, 1, 3]


def test_score_1_colour_totals_plus_treasures() -> None:
    """SCORE-1: a player's result is his four colour totals plus his treasures."""
    outcome = result(_over({0: (3, 5, 2, 8), 1: (4, 4, 4, 4)}, {0: 4, 1: 0}))
    first, second = outcome.players
    assert first.scores == (3, 5, 2, 8)
    assert first.treasures == 4
    assert sum(first.vector) == 3 + 5 + 2 + 8 + 4
    assert first.vector == (4, 5, 5, 8)
    assert second.vector == (4, 4, 4, 4)


def test_score_2_treasures_go_one_at_a_time_to_the_lowest_colour() -> None:
    """SCORE-2: each treasure goes to a currently lowest colour, the first in canonical
    order among equals; the result says how many went to each colour."""
    assert allocate_treasures((0, 0, 0, 0), 3) == (1, 1, 1, 0)
    assert allocate_treasures((5, 2, 2, 5), 3) == (0, 2, 1, 0)
    assert allocate_treasures((1, 1, 0, 9), 4) == (1, 1, 2, 0)
    assert allocate_treasures((4, 3, 2, 1), 0) == (0, 0, 0, 0)
    assert allocate_treasures((9, 9, 9, 1), 5) == (0, 0, 0, 5)
    outcome = result(_over({0: (5, 2, 2, 5), 1: (0, 0, 0, 0)}, {0: 3, 1: 1}))
    assert outcome.players[0].allocation == (0, 2, 1, 0)
    assert outcome.players[0].vector == (3, 4, 5, 5)
    assert outcome.players[1].allocation == (1, 0, 0, 0)


def test_score_3_the_score_is_the_weakest_colour_after_treasures() -> None:
    """SCORE-3: the vector is the four totals after treasures, sorted ascending; the score
    is its first entry."""
    outcome = result(_over({0: (9, 1, 7, 3), 1: (2, 2, 2, 2)}, {0: 1, 1: 0}))
    assert outcome.players[0].vector == (2, 3, 7, 9)
    assert outcome.players[0].score == 2
    assert outcome.players[1].score == 2


def test_score_4_vectors_compare_weakest_colour_first() -> None:
    """SCORE-4: lexicographic comparison of the sorted vectors; the larger ranks higher,
    even when a smaller vector has a larger total."""
    outcome = result(
        _over({0: (3, 3, 20, 20), 1: (3, 4, 4, 4), 2: (4, 4, 4, 4)}, {0: 0, 1: 0, 2: 0})
    )
    assert [p.place for p in outcome.players] == [3, 2, 1]
    assert outcome.winners == (2,)


def test_score_5_identical_vectors_share_a_place_and_the_next_is_skipped() -> None:
    """SCORE-5: identical vectors share a place (1, 1, 3); everyone in first place wins."""
    outcome = result(_over({0: (5, 6, 7, 8), 1: (8, 7, 6, 5), 2: (5, 5, 9, 9)}, {0: 0, 1: 0, 2: 0}))
    assert [p.vector for p in outcome.players] == [(5, 6, 7, 8), (5, 6, 7, 8), (5, 5, 9, 9)]
    assert [p.place for p in outcome.players] == [1, 1, 3]
    assert outcome.winners == (0, 1)


def test_score_6_no_other_tie_break() -> None:
    """SCORE-6: neither seat order nor anything else breaks a tie: equal vectors reached
    with different treasures and colours still share the place, in any seat order."""
    scores = {0: (2, 6, 6, 6), 1: (6, 6, 6, 6), 2: (6, 6, 6, 3)}
    treasures = {0: 4, 1: 0, 2: 3}
    outcome = result(_over(scores, treasures))
    assert [p.vector for p in outcome.players] == [(6, 6, 6, 6)] * 3
    assert [p.place for p in outcome.players] == [1, 1, 1]
    assert outcome.winners == (0, 1, 2)
    reversed_seats = result(_over({0: scores[2], 1: scores[1], 2: scores[0]}, {0: 3, 1: 0, 2: 4}))
    assert [p.place for p in reversed_seats.players] == [1, 1, 1]


def test_score_final_result_of_a_played_end() -> None:
    """SCORE-1, SCORE-5: the result of a game that ended through play counts the treasure
    taken during that game."""
    state = with_spare_treasures(
        position(
            """
            a  b  c
         2  .  r* .
         3  .  r* 0K
        """,
            hands={0: "k"},
            scores={0: (1, 1, 1, 1), 1: (1, 1, 1, 1)},
        ),
        "k11",
    )
    state = play(state, PlaceLeader(GREEN, "a2"), PlaceTile(BLACK, "c2"))
    assert state.over
    outcome = result(state)
    assert outcome.final
    assert outcome.players[0].scores == (2, 1, 1, 1)
    assert outcome.players[0].treasures == 1
    assert outcome.players[0].vector == (1, 1, 2, 2)
    assert outcome.players[1].vector == (1, 1, 1, 1)
    assert outcome.winners == (0,)


# --- why the game ended: Result.termination ------------------------------------------------


def test_end_1_the_result_names_the_treasure_end() -> None:
    """END-1: the result of a game ended by the treasure end says so, as its GameOver event;
    before the end it names nothing."""
    state = play(_three_treasures(), PlaceLeader(GREEN, "a2"))
    assert result(state).terminations == ()
    assert result(state).termination is None
    state, events = tr.step(state, PlaceTile(BLACK, "g5"))
    outcome = result(state)
    assert outcome.terminations == (tr.Termination.TREASURES,)
    assert outcome.termination is tr.Termination.TREASURES
    assert events[-1] == GameOver(outcome.termination.value)


def test_end_2_the_result_names_the_bag_end() -> None:
    """END-2: the result of a game ended by a short refill names the bag end."""
    state = with_spare_treasures(position("", hands={0: "kkkk", 1: "kkk"}, bag="rrrr"))
    state = play(state, EndTurn())
    assert result(state).terminations == (tr.Termination.BAG,)
    assert result(state).termination is tr.Termination.BAG


def test_end_1_and_end_2_at_one_end_of_turn_the_result_names_both() -> None:
    """END-1, END-2: the turn that leaves 2 treasures can also have a short refill; both
    conditions hold at TURN-11(e). The result lists both in rule order; its termination and
    the GameOver event name the first, the treasure end."""
    state = with_spare_treasures(
        position(
            """
            a  b  c
         2  .  r* .
         3  .  r* .
        """,
            hands={0: "kk"},
            bag="r",
        ),
        "k11",
    )
    state = play(state, PlaceLeader(GREEN, "a2"))
    state, events = tr.step(state, PlaceTile(BLACK, "g5"))
    assert len(state.treasures) == 2
    assert state.short_draw
    outcome = result(state)
    assert outcome.terminations == (tr.Termination.TREASURES, tr.Termination.BAG)
    assert outcome.termination is tr.Termination.TREASURES
    assert events[-1] == GameOver("treasures")


def test_end_3_a_state_marked_over_without_an_end_condition_is_refused() -> None:
    """END-3 with END-1, END-2: a state that says the game is over while more than 2
    treasures are on the board and no draw was short cannot be reached."""
    state = tr.new_game(GameConfig(players=2), seed=1)
    problems = tr.check_state(attrs.evolve(state, over=True))
    assert [(p.code, p.path, p.rule) for p in problems] == [("over-no-end", "$.over", "END-3")]
    assert tr.check_state(attrs.evolve(state, over=True, short_draw=True)) == []
