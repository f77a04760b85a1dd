"""Civilization cards and points (RULES.md Part II, C5: CARD-PLAY-1..7, CARD-VP-1..4)."""

from __future__ import annotations

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
    CardsDiscarded,
    CardsWon,
    CommitSupport,
    PaymentDecision,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PointCause,
    PointsPaid,
    RewardTaken,
    card_legal_actions,
    card_result,
)


def test_the_card_must_be_held_and_leaves_the_hand() -> None:
    """CARD-PLAY-1: the active player must hold the card he plays; it leaves his hand."""
    state = table(columns={1: "kkk", 2: "kkk"}, hands={0: "kr"})
    rejected(state, PlayColumn(GREEN, 3), "CARD-PLAY-1")
    rejected(state, PlayGap(BLUE, 1), "CARD-PLAY-1")
    assert hand(play(state, PlayColumn(RED, 3)), 0) == "k"
    assert hand(play(state, PlayGap(BLACK, 1)), 0) == "r"


def test_column_play_goes_below_the_last_card() -> None:
    """CARD-PLAY-2: below the column's last card, below the head if it is empty; a column
    ending in a boat may be chosen."""
    state = table(columns={1: "kg", 2: "rK"}, hands={0: "bbb"})
    after = play(state, PlayColumn(BLUE, 1), PlayColumn(BLUE, 3))
    assert (column(after, 1), column(after, 3)) == ("kgb", "b")
    assert column(play(state, PlayColumn(BLUE, 2)), 2) == "rKb"


def test_column_must_have_room() -> None:
    """CARD-PLAY-3: the column must hold fewer than L cards below its head."""
    state = table(columns={1: "kkkkrrrr", 2: "kkkkrrr"}, hands={0: "gg"})
    rejected(state, PlayColumn(GREEN, 1), "CARD-PLAY-3")
    assert column(play(state, PlayColumn(GREEN, 2)), 2) == "kkkkrrrg"
    assert PlayColumn(GREEN, 1) not in list(card_legal_actions(state))


def test_gap_needs_three_cards_on_each_side() -> None:
    """CARD-PLAY-4: an empty gap, and both neighbouring columns hold at least 3 cards, a boat
    counting as one; later changes in column length never affect a played gap card."""
    state = table(
        columns={1: "kk", 2: "rKk", 3: "kGk", 4: "ggg"},
        gaps={3: "g"},
        hands={0: "kkk"},
    )
    rejected(state, PlayGap(BLACK, 1), "CARD-PLAY-4")
    rejected(state, PlayGap(BLACK, 3), "CARD-PLAY-4")
    assert play(state, PlayGap(BLACK, 2)).gaps[1] is not None
    after = play(state, PlayCatastrophe("4.1"))
    assert column(after, 4) == "gg"
    assert after.gaps[2] is not None


def test_gap_card_face_down_until_its_conflicts_end() -> None:
    """CARD-PLAY-5: a gap card is played face down and turned face up only when all
    conflicts of its joining are resolved; meanwhile it has no colour, lies on neither side
    and is never removed."""
    state = table(
        columns={1: "ggg", 2: "ggg"},
        leaders={"1.1": "0G", "2.1": "1G"},
        hands={0: "g", 1: ""},
    )
    after = play(state, PlayGap(GREEN, 1))
    decision = after.pending
    assert isinstance(decision, CardCommitDecision)
    assert (decision.conflict.attacker_base, decision.conflict.defender_base) == (3, 3)
    gap = after.gaps[0]
    assert gap is not None
    assert not gap.face_up
    after, events = play_events(after, CommitSupport(0), CommitSupport(0), PayPoints(0))
    won = next(e for e in events if isinstance(e, CardsWon))
    assert won.spots == ("1.1", "1.2", "1.3")  # the loser's trader left 1.1 first
    gap = after.gaps[0]
    assert gap is not None
    assert gap.face_up
    assert gap.color is GREEN


def test_gap_play_joins_and_never_scores() -> None:
    """CARD-PLAY-6: a gap play always joins two kingdoms and never scores, even with a king
    or a leader of its colour in the new kingdom."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.0": "0K", "2.0": "0R"},
        hands={0: "kk"},
    )
    after, events = play_events(state, PlayGap(BLACK, 1))
    assert after.pending is None
    assert not any(isinstance(e, PointsPaid) for e in events)
    assert after.piles == state.piles


def test_card_vp_goes_to_the_leader_of_the_colour_else_the_king() -> None:
    """CARD-PLAY-7: the owner of the kingdom's leader of the card's colour earns 1 point,
    otherwise the king's owner, otherwise nobody."""
    state = table(
        players=3,
        columns={1: "k", 2: "k", 3: "k"},
        leaders={"1.0": "1G", "1.1": "2K", "2.0": "2K"[0] + "R"},
        hands={0: "ggrb"},
    )
    after = play(state, PlayColumn(GREEN, 1))
    assert after.pending == PaymentDecision(1, GREEN, 1, PointCause.CARD)
    after = play(state, PlayColumn(BLUE, 1))
    assert after.pending == PaymentDecision(2, BLUE, 1, PointCause.CARD)
    after = play(state, PlayColumn(RED, 2))
    assert after.pending == PaymentDecision(2, RED, 1, PointCause.CARD)
    after = play(state, PlayColumn(GREEN, 2))
    assert after.pending is None
    after = play(state, PlayColumn(GREEN, 3))
    assert after.pending is None


def test_paying_moves_a_card_from_hand_to_the_pile() -> None:
    """CARD-VP-1: a point is scored by moving a card of its colour from the earner's hand
    onto his VP pile; with none, the point is lost."""
    state = table(columns={1: "kk"}, leaders={"1.0": "1K"}, hands={0: "k", 1: "kr"})
    after = play(state, PlayColumn(BLACK, 1))
    assert after.pending == PaymentDecision(1, BLACK, 1, PointCause.CARD)
    after, events = play_events(after, PayPoints(1))
    assert pile(after, 1) == "k"
    assert hand(after, 1) == "r"
    assert events == [PointsPaid(1, BLACK, 1, 1, PointCause.CARD)]
    broke = table(columns={1: "kk"}, leaders={"1.0": "1K"}, hands={0: "k", 1: "r"})
    after = play(broke, PlayColumn(BLACK, 1))
    assert list(card_legal_actions(after)) == [PayPoints(0)]
    after = play(after, PayPoints(0))
    assert pile(after, 1) == ""


def test_payment_is_always_asked_and_bounded() -> None:
    """CARD-VP-2: the earner is asked once how many he pays, 0..min(points, cards held), even
    when he holds none (then only 0 is legal)."""
    state = table(columns={1: "kk"}, leaders={"1.0": "1K"}, hands={0: "k", 1: "kkk"})
    after = play(state, PlayColumn(BLACK, 1))
    assert list(card_legal_actions(after)) == [PayPoints(0), PayPoints(1)]
    rejected(after, PayPoints(2), "CARD-VP-2")
    rejected(after, PayPoints(0), "CONV-15", player=0)
    empty = table(columns={1: "kk"}, leaders={"1.0": "1K"}, hands={0: "k", 1: ""})
    after = play(empty, PlayColumn(BLACK, 1))
    assert isinstance(after.pending, PaymentDecision)
    rejected(after, PayPoints(1), "CARD-VP-2")


def test_each_pile_card_is_one_point_and_treasures_are_wild() -> None:
    """CARD-VP-3: each card on a VP pile is 1 VP of its colour; a treasure card is wild."""
    state = table(piles={0: "kkrrbgT", 1: "kkrrbbgg"}, heads="TTTTTTTr")
    result = card_result(state)
    assert result.players[0].scores == (2, 2, 1, 1)
    assert result.players[0].allocation == (0, 0, 1, 0)
    assert result.players[0].vector == (1, 2, 2, 2)
    assert result.players[1].vector == (2, 2, 2, 2)


def test_points_of_one_moment_and_pile_order() -> None:
    """CARD-VP-4: points of one card VP, one conflict reward or one boat income are asked
    once; cards go onto the pile in the order paid or awarded, the last on top; in an
    external conflict the reward card goes first and the removed cards after it."""
    state = table(
        columns={1: "ggk", 2: "ggg"},
        leaders={"1.0": "0G", "2.0": "1G"},
        hands={0: "kgg", 1: "g"},
        piles={1: "r"},
    )
    after, events = play_events(state, PlayGap(BLACK, 1), CommitSupport(0), CommitSupport(1))
    assert pile(after, 1) == "rggg"
    assert events.index(RewardTaken(1, GREEN)) < events.index(CardsWon(1, GREEN, ("1.1", "1.2")))
    state = table(
        columns={1: "bbb", 2: "kkk"},
        leaders={"1.0": "0G", "2.0": "1G"},
        hands={0: "kgg", 1: "g"},
    )
    after, events = play_events(state, PlayGap(BLACK, 1), CommitSupport(2), CommitSupport(0))
    assert RewardTaken(0, GREEN) in events
    assert CardsDiscarded(GREEN, 1, "conflict") in events
    assert pile(after, 0) == "g"
