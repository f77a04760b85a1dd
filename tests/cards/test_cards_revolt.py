"""Internal conflicts (RULES.md Part II, C7: CARD-REVOLT-1..CARD-REVOLT-8)."""

from __future__ import annotations

import attrs
from card_scenario import GREEN, RED, column, hand, pile, play, play_events, rejected, table

from tigris_rules.cards import (
    CardCommitDecision,
    CardConflict,
    CardGameState,
    CommitSupport,
    ConflictResolved,
    LeaderToSupply,
    PaymentDecision,
    PayPoints,
    PlayLeader,
    PointCause,
    card_legal_actions,
)
from tigris_rules.model.decisions import ConflictKind, Role

REVOLT = ConflictKind.REVOLT


def duel(**hands: str) -> CardGameState:
    """Seat 1's trader on a green card of column 1; seat 0 (active) brings his trader."""
    return table(
        columns={1: "gkr", 2: "kkk"},
        leaders={"1.1": "1G", "2.1": "0G"},
        hands={0: hands.get("a", ""), 1: hands.get("d", "")},
    )


def test_same_colour_in_the_kingdom_starts_a_revolt() -> None:
    """CARD-REVOLT-1: a leader placed or moved into a kingdom holding a leader of its colour
    starts an internal conflict; another colour does not."""
    state = table(columns={1: "gkr", 2: "kkk"}, leaders={"1.1": "1G", "2.1": "0G"})
    after = play(state, PlayLeader(GREEN, "1.2"))  # a move
    assert isinstance(after.pending, CardCommitDecision)
    after = play(state, PlayLeader(RED, "1.2"))  # a placement of another colour
    assert after.pending is None
    fresh = table(columns={1: "gkr"}, leaders={"1.1": "1G"})
    assert isinstance(play(fresh, PlayLeader(GREEN, "1.0")).pending, CardCommitDecision)


def test_attacker_is_the_active_player() -> None:
    """CARD-REVOLT-2: the attacker is the active player; the defender owns the leader
    already there."""
    state = table(players=3, columns={1: "gkr"}, leaders={"1.1": "2G"}, active=1)
    after = play(state, PlayLeader(GREEN, "1.2"))
    decision = after.pending
    assert isinstance(decision, CardCommitDecision)
    assert (decision.player, decision.role) == (1, Role.ATTACKER)
    assert (decision.conflict.attacker, decision.conflict.defender) == (1, 2)


def test_base_is_one_on_a_red_card() -> None:
    """CARD-REVOLT-3: a side's base is 1 if its own leader stands on a red card, else 0; no
    other card on the table counts."""
    state = table(columns={1: "gkrrrr"}, leaders={"1.1": "1G"})
    on_red = play(state, PlayLeader(GREEN, "1.3")).pending
    assert isinstance(on_red, CardCommitDecision)
    assert (on_red.conflict.attacker_base, on_red.conflict.defender_base) == (1, 0)
    on_black = play(state, PlayLeader(GREEN, "1.2")).pending
    assert isinstance(on_black, CardCommitDecision)
    assert (on_black.conflict.attacker_base, on_black.conflict.defender_base) == (0, 0)


def test_both_commit_red_cards_always_asked() -> None:
    """CARD-REVOLT-4(a): the attacker, then the defender, each commit once any number of red
    cards from hand; both are asked, even when only 0 is possible."""
    state = play(duel(a="rrg", d=""), PlayLeader(GREEN, "1.2"))
    assert list(card_legal_actions(state)) == [CommitSupport(0), CommitSupport(1), CommitSupport(2)]
    rejected(state, CommitSupport(3), "CARD-REVOLT-4")
    state = play(state, CommitSupport(2))
    decision = state.pending
    assert isinstance(decision, CardCommitDecision)
    assert (decision.player, decision.role) == (1, Role.DEFENDER)
    assert list(card_legal_actions(state)) == [CommitSupport(0)]
    rejected(state, CommitSupport(1), "CARD-REVOLT-4")


def test_only_red_cards_are_committed() -> None:
    """CARD-REVOLT-4(b) (structural): a commitment is a count; in a revolt it is always a
    count of red cards."""
    assert [f.name for f in attrs.fields(CommitSupport)] == ["count"]
    conflict = CardConflict(REVOLT, GREEN, 0, 1, 0, 0)
    assert conflict.commit_color is RED
    state = play(duel(a="ggg", d="r"), PlayLeader(GREEN, "1.2"))
    assert list(card_legal_actions(state)) == [CommitSupport(0)]


def test_strictly_greater_wins_ties_to_the_defender() -> None:
    """CARD-REVOLT-5: the attacker wins only with a strictly greater total."""
    state = play(duel(a="r", d="r"), PlayLeader(GREEN, "1.3"))  # attacker on red: base 1
    _, events = play_events(state, CommitSupport(0), CommitSupport(1))
    assert ConflictResolved(REVOLT, GREEN, 1, 0, 1, 1) in events
    _, events = play_events(state, CommitSupport(1), CommitSupport(1))
    assert ConflictResolved(REVOLT, GREEN, 0, 1, 2, 1) in events


def test_loser_returns_to_supply() -> None:
    """CARD-REVOLT-6: the loser's leader returns to his supply."""
    state = play(duel(a="rr"), PlayLeader(GREEN, "1.2"))
    after, events = play_events(state, CommitSupport(1), CommitSupport(0))
    assert LeaderToSupply(1, GREEN, "1.1", "revolt") in events
    assert after.leader_spot(1, GREEN) is None
    assert after.leader_spot(0, GREEN) == "1.2"


def test_reward_one_committed_card_or_a_payment() -> None:
    """CARD-REVOLT-7: with cards committed the winner puts one of them on his VP pile and the
    others are discarded; with none, he earns 1 red point by payment."""
    state = play(duel(a="rrr", d="rr"), PlayLeader(GREEN, "1.2"))
    after = play(state, CommitSupport(3), CommitSupport(1))
    assert pile(after, 0) == "r"
    assert after.out_of_game == (0, 3, 0, 0)
    assert hand(after, 1) == "r"
    after = play(state, CommitSupport(0), CommitSupport(0))
    assert after.pending == PaymentDecision(1, RED, 1, PointCause.REVOLT)
    after = play(after, PayPoints(1))
    assert pile(after, 1) == "r"
    assert hand(after, 1) == "r"


def test_no_card_on_the_table_is_removed() -> None:
    """CARD-REVOLT-8: an internal conflict removes no card from the table."""
    state = play(duel(a="rrr"), PlayLeader(GREEN, "1.2"))
    after = play(state, CommitSupport(3), CommitSupport(0))
    assert after.columns == state.columns
    assert after.heads == state.heads
    assert column(after, 1) == "gkr"
