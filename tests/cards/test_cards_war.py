"""External conflicts (RULES.md Part II, C8: CARD-WAR-1..CARD-WAR-9)."""

from __future__ import annotations

import attrs
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
    CardCommitDecision,
    CardConflict,
    CardGameState,
    CardsWon,
    ChooseConflict,
    CommitSupport,
    ConflictResolved,
    ConflictStarted,
    GapCardTurned,
    LeaderToSupply,
    PaymentDecision,
    PayPoints,
    PlayGap,
    PointCause,
    PointsPaid,
    TreasureCardDecision,
    WarOrderDecision,
    card_legal_actions,
)
from tigris_rules.model.decisions import ConflictKind, Role

WAR = ConflictKind.WAR


def two_wars(priest: str = "2.3") -> CardGameState:
    """Left kingdom: columns 1-2 joined by a face-up green card in gap 1, seat 0's trader on
    column 1's head and his priest on ``priest``. Right kingdom: column 3, seat 1's trader on
    3.1 and priest on its head. Seat 0 plays into gap 2."""
    return table(
        columns={1: "rrg", 2: "kgr", 3: "rkk"},
        gaps={1: "g/1"},
        leaders={"1.0": "0G", priest: "0R", "3.1": "1G", "3.0": "1R"},
        hands={0: "kr", 1: "gggr"},
    )


def commit(state: CardGameState) -> CardConflict:
    decision = state.pending
    assert isinstance(decision, CardCommitDecision)
    return decision.conflict


def test_a_conflict_per_colour_with_a_leader_on_both_sides() -> None:
    """CARD-WAR-1: after a gap play a conflict is pending for each colour with a leader in
    both joined kingdoms; a colour on one side only starts none."""
    after = play(two_wars(), PlayGap(BLACK, 2))
    assert after.pending == WarOrderDecision(0, (RED, GREEN))
    single = table(
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.0": "0K", "2.0": "1K", "1.1": "0B"},
        hands={0: "r"},
    )
    after = play(single, PlayGap(RED, 1))
    assert commit(after).color is BLACK


def test_order_chosen_by_the_active_player() -> None:
    """CARD-WAR-2: with two or more pending, the active player picks the next one (WAR-4); a
    colour that is not pending is rejected."""
    after = play(two_wars(), PlayGap(BLACK, 2))
    rejected(after, ChooseConflict(BLUE), "CARD-WAR-2")
    rejected(after, ChooseConflict(GREEN), "CONV-15", player=1)
    assert list(card_legal_actions(after)) == [ChooseConflict(RED), ChooseConflict(GREEN)]
    assert commit(play(after, ChooseConflict(GREEN))).color is GREEN


def test_attacker_is_the_active_player_or_next_clockwise() -> None:
    """CARD-WAR-2: the attacker is the active player if he owns one of the leaders, else
    whichever owner comes first clockwise from him (WAR-5)."""
    base = table(
        players=3,
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.0": "0K", "2.0": "2K"},
        hands={0: "r", 1: "r", 2: "r"},
    )
    for active, attacker, defender in ((0, 0, 2), (1, 2, 0), (2, 2, 0)):
        state = attrs.evolve(base, active=active)
        conflict = commit(play(state, PlayGap(RED, 1)))
        assert (conflict.attacker, conflict.defender) == (attacker, defender)
        assert state.active == active


def test_sides_exclude_the_new_gap_and_can_shrink() -> None:
    """CARD-WAR-3: each leader's side is what is linked to its card without passing through
    the new gap card; after an earlier removal it can be smaller than its kingdom before the
    joining."""
    state = play(two_wars(), PlayGap(BLACK, 2), ChooseConflict(GREEN))
    green = commit(state)
    assert (green.attacker_base, green.defender_base) == (3, 0)
    state = play(state, CommitSupport(0), CommitSupport(3))
    assert state.gaps[0] is None  # the green gap card went to the winner
    red = commit(state)
    # column 1 (two red cards and a head) is no longer on seat 0's side
    assert (red.attacker_base, red.defender_base) == (2, 2)


def test_base_strength_counts_cards_of_the_colour() -> None:
    """CARD-WAR-4: column cards and face-up gap cards of the colour, plus every head in a
    red conflict; cards carrying leaders count; boats and the face-down card never count."""
    state = table(
        columns={1: "bRbb", 2: "bbk", 3: "bbb"},
        gaps={1: "b"},
        leaders={"1.2": "0B", "3.1": "1B"},
        hands={0: "b"},
    )
    conflict = commit(play(state, PlayGap(BLUE, 2)))
    assert (conflict.attacker_base, conflict.defender_base) == (6, 3)
    reds = table(
        columns={1: "rrk", 2: "kkk", 3: "rkk"},
        gaps={1: "r"},
        heads="rTTTTTTT",
        piles={1: "T"},
        leaders={"1.1": "0R", "3.1": "1R"},
        hands={0: "r"},
    )
    conflict = commit(play(reds, PlayGap(RED, 2)))
    assert (conflict.attacker_base, conflict.defender_base) == (2 + 1 + 2, 1 + 1)


def test_commitments_and_the_result() -> None:
    """CARD-WAR-5(a), (c): attacker then defender commit cards of the conflict colour, both
    always asked; the attacker wins only with a strictly greater total."""
    state = play(two_wars(), PlayGap(BLACK, 2), ChooseConflict(GREEN))
    assert list(card_legal_actions(state)) == [CommitSupport(0)]
    rejected(state, CommitSupport(1), "CARD-WAR-5")
    state = play(state, CommitSupport(0))
    decision = state.pending
    assert isinstance(decision, CardCommitDecision)
    assert (decision.player, decision.role) == (1, Role.DEFENDER)
    assert len(card_legal_actions(state)) == 4
    rejected(state, CommitSupport(4), "CARD-WAR-5")
    _, events = play_events(state, CommitSupport(3))
    assert ConflictResolved(WAR, GREEN, 1, 0, 3, 3) in events
    _, events = play_events(state, CommitSupport(2))
    assert ConflictResolved(WAR, GREEN, 0, 1, 3, 2) in events


def test_only_cards_of_the_conflict_colour() -> None:
    """CARD-WAR-5(b) (structural): a commitment is a count of cards of the conflict colour."""
    assert CardConflict(WAR, BLUE, 0, 1, 0, 0).commit_color is BLUE
    state = play(two_wars(), PlayGap(BLACK, 2), ChooseConflict(RED))
    assert list(card_legal_actions(state)) == [CommitSupport(0), CommitSupport(1)]


def test_reward_as_in_the_internal_conflict() -> None:
    """CARD-WAR-6: one committed card to the winner's pile, the others discarded; with none
    committed, 1 point of the conflict colour by payment."""
    state = play(two_wars(), PlayGap(BLACK, 2), ChooseConflict(GREEN), CommitSupport(0))
    after = play(state, CommitSupport(3))
    assert pile(after, 1) == "gggg"
    assert after.out_of_game == (0, 0, 0, 2)
    after = play(state, CommitSupport(0))  # 3 to 0: the attacker wins with no card committed
    assert after.pending == PaymentDecision(0, GREEN, 1, PointCause.WAR)
    assert list(card_legal_actions(after)) == [PayPoints(0)]
    after, events = play_events(after, PayPoints(0))
    assert events[0] == PointsPaid(0, GREEN, 1, 0, PointCause.WAR)
    assert pile(after, 0) == ""


def test_no_point_for_the_defeated_leader() -> None:
    """CARD-WAR-7: the defeated leader itself earns the winner no point."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.0": "0B", "2.0": "1B"},
        hands={0: "rb", 1: ""},
    )
    after = play(state, PlayGap(RED, 1), CommitSupport(1), CommitSupport(0))
    assert pile(after, 0) == "b"  # the committed card only; no blue card on the table


def test_loser_leader_returns_then_cards_go_to_the_winner() -> None:
    """CARD-WAR-8: the loser's leader returns first; every card of the colour on the
    loser's side goes to the winner's pile except heads and cards still carrying a leader;
    columns close upward and a removed gap card splits its kingdom."""
    state = play(two_wars(), PlayGap(BLACK, 2), ChooseConflict(GREEN), CommitSupport(0))
    after, events = play_events(state, CommitSupport(3))
    assert events.index(LeaderToSupply(0, GREEN, "1.0", "war")) < events.index(
        CardsWon(1, GREEN, ("1.3", "g1", "2.2"))
    )
    assert column(after, 1) == "rr"
    assert column(after, 2) == "kr"
    assert after.leader_spot(0, RED) == "2.2"  # moved up with its card
    assert after.heads[0] != 0  # the head stays
    guarded = table(
        columns={1: "ggg", 2: "ggg"},
        leaders={"1.1": "0G", "1.2": "0K", "2.0": "1G"},
        hands={0: "k", 1: "g"},
    )
    after = play(guarded, PlayGap(BLACK, 1), CommitSupport(0), CommitSupport(1))
    assert column(after, 1) == "g"  # 1.2 carries the king and moved up; 1.1 and 1.3 left
    assert after.leader_spot(0, BLACK) == "1.1"


def test_recompute_lapse_and_turn_face_up() -> None:
    """CARD-WAR-9: after each conflict the kingdoms are recomputed; a pending conflict whose
    leaders are no longer in one kingdom lapses; when none remains the card turns face up."""
    state = play(two_wars(priest="1.1"), PlayGap(BLACK, 2), ChooseConflict(GREEN))
    after, events = play_events(state, CommitSupport(0), CommitSupport(3))
    assert not any(isinstance(e, ConflictStarted) for e in events)
    assert GapCardTurned(2, BLACK) in events
    assert after.leader_spot(0, RED) == "1.1"
    assert after.pending is None or isinstance(after.pending, TreasureCardDecision)
    full = play(two_wars(), PlayGap(BLACK, 2), ChooseConflict(GREEN), CommitSupport(0))
    full, events = play_events(full, CommitSupport(3))
    assert any(isinstance(e, ConflictStarted) and e.color is RED for e in events)
    full, events = play_events(full, CommitSupport(0), CommitSupport(0), PayPoints(1))
    assert GapCardTurned(2, BLACK) in events
    assert column(full, 2) == "k"
    assert hand(full, 1) == ""
