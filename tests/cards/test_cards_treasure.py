"""Treasure collection (RULES.md Part II, C9: CARD-TREAS-1..CARD-TREAS-4)."""

from __future__ import annotations

from card_scenario import BLACK, GREEN, RED, hand, pile, play, play_events, rejected, table

from tigris_rules.cards import (
    CardGameState,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
    TreasureCardDecision,
    TreasuresTaken,
    card_legal_actions,
)
from tigris_rules.cards.components import TREASURE


def joining(trader: str = "1.0", red: str = "rr", king: bool = False) -> CardGameState:
    """Columns 1-2 joined by gap 1, column 3 alone; seat 1's trader on ``trader``; seat 0
    will play into gap 2, joining three treasure-card heads."""
    leaders = {trader: "1G"}
    if king:
        leaders = {trader: "1K"}
    return table(
        columns={1: "kkk", 2: "kkk", 3: "kkk"},
        gaps={1: "k"},
        leaders=leaders,
        hands={0: "kk", 1: red},
    )


def test_trader_may_take_all_but_one_limited_by_red_cards() -> None:
    """CARD-TREAS-1: at the treasure step of a gap play, a trader in the new kingdom with
    n >= 2 treasure-card heads lets his owner take k of them, 0 <= k <= n - 1 and k <= the
    red cards in his hand."""
    after = play(joining(red="rrrr"), PlayGap(BLACK, 2))
    assert after.pending == TreasureCardDecision(1, (1, 2, 3))
    legal = list(card_legal_actions(after))
    assert max(len(a.columns) for a in legal if isinstance(a, TakeTreasures)) == 2
    rejected(after, TakeTreasures((1, 2, 3)), "CARD-TREAS-2")
    after = play(joining(red="r"), PlayGap(BLACK, 2))
    assert len(card_legal_actions(after)) == 4  # none, or one of the three
    lone = table(columns={1: "kkk", 2: "kkk"}, heads="TrTTTTTT", piles={0: "T"})
    lone = table(
        columns={1: "kkk", 2: "kkk"},
        heads="TrTTTTTT",
        piles={0: "T"},
        leaders={"1.0": "1G"},
        hands={0: "k", 1: "rr"},
    )
    assert play(lone, PlayGap(BLACK, 1)).pending is None  # n = 1: nothing to take


def test_treasure_decision_always_asked_of_the_traders_owner() -> None:
    """CARD-TREAS-2: the trader's owner (here not the active player) is asked even with no
    red card, then only "take none" is legal; he names the cards, with no priority rule."""
    after = play(joining(red=""), PlayGap(BLACK, 2))
    assert isinstance(after.pending, TreasureCardDecision)
    assert after.pending.player == 1
    assert list(card_legal_actions(after)) == [TakeTreasures(())]
    rejected(after, TakeTreasures((2,)), "CARD-TREAS-2")
    after = play(joining(red="rr"), PlayGap(BLACK, 2))
    rejected(after, TakeTreasures((4,)), "CARD-TREAS-2")
    rejected(after, TakeTreasures((3,)), "CONV-15", player=0)
    assert TakeTreasures((3, 1)) in card_legal_actions(after)


def test_taken_cards_go_to_the_pile_and_red_cards_replace_them() -> None:
    """CARD-TREAS-3: each taken treasure card goes onto the taker's VP pile and a red card
    from his hand replaces it as the head; a leader on it stays."""
    after = play(joining(red="rrr"), PlayGap(BLACK, 2))
    after, events = play_events(after, TakeTreasures([3, 1]))
    assert events == [TreasuresTaken(1, (1, 3))]
    assert after.heads[:3] == (RED.index, TREASURE, RED.index)
    assert pile(after, 1) == "TT"
    assert hand(after, 1) == "r"
    assert after.leader_spot(1, GREEN) == "1.0"
    assert after.treasure_heads() == (2, 4, 5, 6, 7, 8)


def test_no_king_stand_in_and_no_other_time() -> None:
    """CARD-TREAS-4: no king stands in for the trader, and nothing is collected at any other
    time than the treasure step of a gap play."""
    after = play(joining(king=True), PlayGap(BLACK, 2))
    assert after.pending is None
    joined = table(
        columns={1: "kkk", 2: "kkk"},
        gaps={1: "k"},
        hands={0: "rrgg"},
    )
    after = play(joined, PlayLeader(GREEN, "1.1"))
    assert after.pending is None
    after = play(after, PlayColumn(GREEN, 2))
    assert not isinstance(after.pending, TreasureCardDecision)
    assert after.heads == joined.heads
