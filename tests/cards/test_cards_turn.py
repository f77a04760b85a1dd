"""Turn structure of the card game (RULES.md Part II, C3: CARD-TURN-1..CARD-TURN-7)."""

from __future__ import annotations

import pytest
from card_scenario import BLACK, BLUE, GREEN, RED, column, hand, pile, play, play_events, table

from tigris_rules import IllegalActionError, InvalidActionError, SwapTiles, WithdrawLeader
from tigris_rules.cards import (
    BoatDecision,
    BuildBoat,
    CardCommitDecision,
    CardsDrawn,
    ColumnCardPlayed,
    CommitSupport,
    ConflictResolved,
    ConflictStarted,
    EndTurn,
    GapCardPlayed,
    GapCardTurned,
    LeaderPlayed,
    PaymentDecision,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    PointCause,
    PointsPaid,
    TakeTreasures,
    TreasureCardDecision,
    TreasuresTaken,
    TurnEnded,
    card_legal_actions,
    card_step,
)
from tigris_rules.cards.components import Boat


def test_zero_one_or_two_actions_repeats_allowed() -> None:
    """CARD-TURN-1: the active player takes 0, 1 or 2 actions, repeats allowed; the second
    action ends the turn; ending after 0 or 1 works as in TURN-3."""
    state = table(players=3, hands={0: "kkkkkkkk"})
    after = play(state, EndTurn())
    assert (after.active, after.turn) == (1, 1)
    after = play(state, PlayColumn(BLACK, 1), EndTurn())
    assert (after.active, after.turn) == (1, 1)
    after = play(state, PlayColumn(BLACK, 1))
    assert (after.active, after.actions_taken) == (0, 1)
    after = play(after, PlayColumn(BLACK, 1))
    assert (after.active, after.actions_taken, after.turn) == (1, 0, 1)
    assert column(after, 1) == "kk"


def test_no_swap_and_no_withdrawal() -> None:
    """CARD-TURN-1: there is no swap and no withdrawal (V5): such inputs are not card-game
    actions at all (CONV-19)."""
    state = table(leaders={"1.0": "0K"})
    for action in (SwapTiles(black=1), WithdrawLeader(BLACK)):
        with pytest.raises(InvalidActionError) as info:
            card_step(state, action)  # type: ignore[arg-type]
        assert info.value.field == "type"
    assert not any(isinstance(a, SwapTiles | WithdrawLeader) for a in card_legal_actions(state))


def test_an_action_is_in_progress_until_its_steps_are_done() -> None:
    """CARD-TURN-2: while a decision of an action is pending, no other action and no end of
    turn is accepted (CONV-15)."""
    state = table(columns={1: "kk"}, leaders={"1.0": "0K"}, hands={0: "kk"})
    after = play(state, PlayColumn(BLACK, 1))
    assert isinstance(after.pending, PaymentDecision)
    for action in (EndTurn(), PlayColumn(BLACK, 2)):
        with pytest.raises(IllegalActionError) as info:
            card_step(after, action)
        assert info.value.rule == "CONV-15"
    assert after.actions_taken == 0
    assert play(after, PayPoints(1)).actions_taken == 1


def test_column_play_order() -> None:
    """CARD-TURN-3: column play is check, place, card VP, then the boat opportunity."""
    state = table(columns={1: "bbb"}, leaders={"1.0": "0B"}, hands={0: "bbb"})
    after, events = play_events(state, PlayColumn(BLUE, 1))
    assert events == [ColumnCardPlayed(0, BLUE, 1, 4)]
    assert isinstance(after.pending, PaymentDecision)
    after, events = play_events(after, PayPoints(1))
    assert events == [PointsPaid(0, BLUE, 1, 1, PointCause.CARD)]
    assert isinstance(after.pending, BoatDecision)
    after = play(after, BuildBoat(Boat.BLUE_RED))
    assert column(after, 1) == "R"
    assert pile(after, 0) == "b"


def test_gap_play_order() -> None:
    """CARD-TURN-4: gap play is check, place face down, external conflicts, turn the card
    face up, then treasure collection."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.0": "0K", "2.0": "1K", "1.1": "0G"},
        hands={0: "rg", 1: "r"},
    )
    after, events = play_events(state, PlayGap(GREEN, 1))
    assert events[0] == GapCardPlayed(0, 1)
    assert isinstance(events[1], ConflictStarted)
    gap = after.gaps[0]
    assert gap is not None
    assert not gap.face_up
    after, events = play_events(after, CommitSupport(0), CommitSupport(0), PayPoints(0))
    kinds = [type(e) for e in events]
    assert kinds.index(ConflictResolved) < kinds.index(GapCardTurned)
    assert isinstance(after.pending, TreasureCardDecision)
    after, events = play_events(after, TakeTreasures((2,)))
    assert events == [TreasuresTaken(0, (2,))]


def test_leader_action_then_internal_conflict() -> None:
    """CARD-TURN-5: a leader action is check, place or move, then an internal conflict if
    CARD-REVOLT-1 applies."""
    state = table(columns={1: "kk"}, leaders={"1.1": "1K"}, hands={0: "rr"})
    after, events = play_events(state, PlayLeader(BLACK, "1.0"))
    assert events[0] == LeaderPlayed(0, BLACK, "1.0")
    assert isinstance(events[1], ConflictStarted)
    assert isinstance(after.pending, CardCommitDecision)


def test_catastrophe_removes_and_closes_the_column() -> None:
    """CARD-TURN-6: the catastrophe removes the card and the column closes."""
    state = table(columns={2: "rgb"})
    after = play(state, PlayCatastrophe("2.1"))
    assert column(after, 2) == "gb"
    assert after.pending is None
    assert after.actions_taken == 1


def test_end_of_turn_order() -> None:
    """CARD-TURN-7: end of turn is (1) boat income, (2) refill, (3) end checks, (4) the next
    player clockwise becomes active."""
    state = table(
        players=3,
        columns={1: "kkK"},
        leaders={"1.0": "0K", "1.1": "0B"},
        hands={0: "kkb", 1: "kkkkkkk", 2: "kkkkkkkk"},
        draw="rrrrrrrrrr",
    )
    after, events = play_events(state, EndTurn())
    assert isinstance(after.pending, PaymentDecision)
    assert after.pending.color is BLACK
    assert events == []
    after = play(after, PayPoints(1))
    assert isinstance(after.pending, PaymentDecision)
    assert after.pending.color is BLUE
    after, events = play_events(after, PayPoints(1))
    assert events[0] == PointsPaid(0, BLUE, 1, 1, PointCause.BOAT)
    assert events[1] == CardsDrawn(0, (RED,) * 7)
    assert events[2] == CardsDrawn(1, (RED,))
    assert events[3] == TurnEnded(0, 1)
    assert after.active == 1
    assert hand(after, 0) == "krrrrrrr"
    assert pile(after, 0) == "kb"
