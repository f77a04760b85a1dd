"""Boats (RULES.md Part II, C10: CARD-BOAT-1..CARD-BOAT-6)."""

from __future__ import annotations

import pytest
from card_scenario import (
    BLACK,
    BLUE,
    GREEN,
    RED,
    column,
    hand,
    pile,
    play,
    play_events,
    rejected,
    table,
)

from tigris_rules.cards import (
    Boat,
    BoatBuilt,
    BoatDecision,
    BuildBoat,
    CardCommitDecision,
    CardsDiscarded,
    CommitSupport,
    Decline,
    EndTurn,
    LeaderToSupply,
    PaymentDecision,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    PointCause,
    card_legal_actions,
)


@pytest.mark.parametrize(
    ("cards", "boat"),
    [("bbb", True), ("kbbb", True), ("Rbbb", True), ("bb", False), ("bbkbb", False)],
)
def test_the_run_ends_at_another_colour_a_boat_or_the_head(cards: str, boat: bool) -> None:
    """CARD-BOAT-1: the run is the new card plus the unbroken cards of its colour directly
    above it; another colour, a boat or the head ends it, and heads never count."""
    state = table(columns={1: cards}, hands={0: "b"})
    after = play(state, PlayColumn(BLUE, 1))
    assert isinstance(after.pending, BoatDecision) is boat


def test_eligible_boats() -> None:
    """CARD-BOAT-2: a blue run of 4+ may take any available boat; a black, green or red run
    only the boat pairing blue with its colour."""
    state = table(columns={1: "bbb", 2: "ggg", 3: "kkk", 4: "Gk"}, hands={0: "bgk"})
    assert play(state, PlayColumn(BLUE, 1)).pending == BoatDecision(
        0, (Boat.BLUE_BLACK, Boat.BLUE_RED), 1
    )
    assert play(state, PlayColumn(BLACK, 3)).pending == BoatDecision(0, (Boat.BLUE_BLACK,), 3)
    assert play(state, PlayColumn(GREEN, 2)).pending is None  # blue-green is built


def test_boat_decision_build_or_decline() -> None:
    """CARD-BOAT-3: the active player names an eligible boat or declines; he is asked only
    if one exists."""
    state = play(table(columns={1: "kkk"}, hands={0: "k"}), PlayColumn(BLACK, 1))
    assert list(card_legal_actions(state)) == [BuildBoat(Boat.BLUE_BLACK), Decline()]
    rejected(state, BuildBoat(Boat.BLUE_GREEN), "CARD-BOAT-3")
    after = play(state, Decline())
    assert column(after, 1) == "kkkk"
    assert after.pending is None
    assert play(table(columns={1: "kk"}, hands={0: "k"}), PlayColumn(BLACK, 1)).pending is None


def test_build_discards_four_and_takes_the_highest_position() -> None:
    """CARD-BOAT-4: the bottom 4 cards of the run are discarded, the boat takes the highest
    position; leaders on the discarded cards return to their supplies."""
    state = table(columns={1: "rbbbbb"}, leaders={"1.5": "1R", "1.2": "0G"}, hands={0: "b"})
    state = play(state, PlayColumn(BLUE, 1))
    after, events = play_events(state, BuildBoat(Boat.BLUE_GREEN))
    assert column(after, 1) == "rbbG"
    assert events == [
        LeaderToSupply(1, RED, "1.5", "boat"),
        CardsDiscarded(BLUE, 4, "boat"),
        BoatBuilt(0, Boat.BLUE_GREEN, 1, 4),
    ]
    assert after.leader_spot(0, GREEN) == "1.2"
    assert after.out_of_game == (0, 0, 4, 0)


def test_boats_on_the_table() -> None:
    """CARD-BOAT-5: (a) a boat fills one position, links vertically and may have cards below
    it; (b) it has no colour for runs, strength or removal; (c) it never carries a leader;
    (d) no catastrophe or conflict removes it; (e) each boat is built at most once."""
    state = table(
        columns={1: "kKk", 2: "bbb"},
        leaders={"1.1": "0K", "2.0": "1K"},
        hands={0: "kbb", 1: "kkk"},
    )
    after = play(state, PlayColumn(BLACK, 1))
    assert column(after, 1) == "kKkk"
    assert after.pending == PaymentDecision(0, BLACK, 1, PointCause.CARD)  # (a) linked
    rejected(state, PlayLeader(GREEN, "1.2"), "CARD-LEADER-3")  # (c)
    rejected(state, PlayCatastrophe("1.2"), "CARD-CATA-5")  # (d)
    war = play(state, PlayGap(BLUE, 1))
    assert isinstance(war.pending, CardCommitDecision)
    assert war.pending.conflict.attacker_base == 2  # (b) the boat is no black card
    after = play(war, CommitSupport(0), CommitSupport(3))
    assert column(after, 1) == "K"  # (d) the black card left, the boat stayed
    built = play(state, PlayColumn(BLUE, 2), PayPoints(0))  # seat 1's king earned a point
    assert built.pending == BoatDecision(0, (Boat.BLUE_RED, Boat.BLUE_GREEN), 2)  # (e)


def test_boat_income_for_the_active_players_leaders() -> None:
    """CARD-BOAT-6: at the end of his turn, for each boat and each of the active player's
    leaders of one of its colours in its kingdom, he earns 1 point of the leader's colour by
    payment; the king never stands in, and other players earn nothing then."""
    state = table(
        columns={1: "rK", 2: "rrR", 3: "kkk"},
        gaps={1: "r", 2: "r"},
        leaders={"1.1": "0B", "2.1": "0R", "3.1": "0K", "3.2": "1B"},
        hands={0: "kbbr", 1: "bbbbbbbb"},
    )
    after = play(state, EndTurn())
    assert after.pending == PaymentDecision(0, BLACK, 1, PointCause.BOAT)
    after = play(after, PayPoints(1))
    assert after.pending == PaymentDecision(0, RED, 1, PointCause.BOAT)
    after = play(after, PayPoints(1))
    assert after.pending == PaymentDecision(0, BLUE, 2, PointCause.BOAT)
    after = play(after, PayPoints(2))
    assert after.pending is None
    assert after.active == 1
    assert pile(after, 0) == "krbb"
    assert hand(after, 1) == "bbbbbbbb"
    no_stand_in = table(columns={1: "kkG"}, leaders={"1.1": "0K"}, hands={0: "g"})
    assert play(no_stand_in, EndTurn()).pending is None
