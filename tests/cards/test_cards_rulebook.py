"""The worked examples of the card game's rulebook (seeds/001, "Exemple" paragraphs).

Seats stand for the rulebook's dynasties; labels have no rule effect (CONV-4), so the seats
are chosen to keep each example's clockwise order: Vase 0, Lion 1, Taureau 2, Arc 3.
"""

from __future__ import annotations

from card_scenario import BLACK, BLUE, GREEN, RED, column, hand, pile, play, play_events, table

from tigris_rules.cards import (
    Boat,
    BoatDecision,
    BuildBoat,
    CardCommitDecision,
    CardsDiscarded,
    CardsWon,
    ChooseConflict,
    CommitSupport,
    ConflictResolved,
    EndTurn,
    GapCardTurned,
    LeaderToSupply,
    PaymentDecision,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    PointCause,
    RewardTaken,
    TakeTreasures,
    TreasureCardDecision,
    WarOrderDecision,
)
from tigris_rules.cards.components import TREASURE
from tigris_rules.cards.kingdoms import kingdom_labels
from tigris_rules.model.decisions import ConflictKind

VASE, LION, TAUREAU, ARC = 0, 1, 2, 3


def test_trader_on_a_red_card_then_a_green_card_below() -> None:
    """CARD-PLAY-7, CARD-VP-1 (001, page 3): Lion puts his trader on the red card, then plays
    a green card below it and scores 1 green point with a green card from his hand."""
    state = table(players=4, active=LION, columns={1: "r"}, hands={LION: "gg"})
    state = play(state, PlayLeader(GREEN, "1.1"), PlayColumn(GREEN, 1))
    assert state.pending == PaymentDecision(LION, GREEN, 1, PointCause.CARD)
    state = play(state, PayPoints(1))
    assert column(state, 1) == "rg"
    assert pile(state, LION) == "g"


def test_the_king_stands_in_for_a_missing_leader() -> None:
    """CARD-PLAY-7 (001, page 3): Lion's king is in a kingdom with no trader; he plays two
    green cards there, one per action, and scores 2 green points."""
    state = table(
        players=4, active=LION, columns={1: "kk"}, leaders={"1.1": "1K"}, hands={LION: "gggg"}
    )
    state = play(state, PlayColumn(GREEN, 1), PayPoints(1), PlayColumn(GREEN, 1), PayPoints(1))
    assert pile(state, LION) == "gg"


def test_trader_exchanges_a_treasure_for_a_red_card() -> None:
    """CARD-TREAS-1, CARD-TREAS-3 (001, page 4): Lion plays a black card between the two
    treasure cards; his trader is in the new kingdom, so he replaces a treasure card with a
    red card from his hand and puts the treasure card on his VP pile."""
    state = table(
        players=4,
        active=LION,
        columns={1: "kkk", 2: "bbk"},
        leaders={"1.2": "1G"},
        hands={LION: "kr"},
    )
    state = play(state, PlayGap(BLACK, 1))
    assert state.pending == TreasureCardDecision(LION, (1, 2))
    state = play(state, TakeTreasures((2,)))
    assert state.heads[:2] == (TREASURE, RED.index)
    assert pile(state, LION) == "T"
    assert hand(state, LION) == ""


def test_catastrophe_on_the_joining_card_separates_the_kingdoms() -> None:
    """CARD-CATA-6 (001, page 4): a catastrophe removes the blue card that joined two
    kingdoms; they are separate again."""
    state = table(players=4, columns={1: "kkk", 2: "rrr"}, gaps={1: "b"})
    assert kingdom_labels(state.gaps)[:2] == (0, 0)
    state = play(state, PlayCatastrophe("g1"))
    assert kingdom_labels(state.gaps)[:2] == (0, 1)
    assert state.out_of_game == (0, 0, 1, 0)


def test_internal_conflict_arc_against_lion() -> None:
    """CARD-REVOLT-1..7 (001, page 5): Arc puts his trader into the kingdom of Lion's trader,
    which stands on a red card (Lion leads 1:0). Arc commits 3 red cards (3:1); Lion keeps
    his only red card. Arc wins, puts one of the played red cards on his VP pile, and Lion
    takes back his trader. Vase's king stays on the treasure card."""
    state = table(
        players=4,
        active=ARC,
        columns={1: "rkg"},
        leaders={"1.0": "0K", "1.1": "1G"},
        hands={ARC: "rrr", LION: "r"},
    )
    state = play(state, PlayLeader(GREEN, "1.2"))
    decision = state.pending
    assert isinstance(decision, CardCommitDecision)
    assert (decision.conflict.attacker_base, decision.conflict.defender_base) == (0, 1)
    state, events = play_events(state, CommitSupport(3), CommitSupport(0))
    assert ConflictResolved(ConflictKind.REVOLT, GREEN, ARC, LION, 3, 1) in events
    assert RewardTaken(ARC, RED) in events
    assert pile(state, ARC) == "r"
    assert state.out_of_game == (0, 2, 0, 0)
    assert hand(state, LION) == "r"
    assert state.leader_spot(LION, GREEN) is None
    assert state.leader_spot(VASE, BLACK) == "1.0"


def test_external_conflict_won_five_to_five_by_the_defender() -> None:
    """CARD-WAR-1..9, CARD-VP-4, CARD-TREAS-1 (001, pages 6-7): Vase joins kingdoms 1 and 2
    with a green card; green and red conflicts follow. Vase resolves green first, though not
    involved; Lion, first clockwise, attacks Taureau. Lion has 3 green cards in kingdom 1,
    Taureau 1 in kingdom 2. Lion commits 2 (5:1), Taureau 4 (5:5): the defender wins the tie.
    Taureau first takes one played green card, then the 3 green cards of old kingdom 1 go to
    his VP pile; the blue and black cards move up; Lion takes back his trader. Kingdom 1 is
    split, so Taureau's trader cannot take a treasure card. Then the red conflict, then the
    card is turned face up."""
    state = table(
        players=4,
        active=VASE,
        columns={1: "rgk", 2: "rgbk", 3: "kgr"},
        gaps={1: "g/3"},
        heads="TTrTTTTT",
        piles={TAUREAU: "T"},
        leaders={"1.0": "1G", "2.1": "3R", "3.0": "2G", "3.3": "0R"},
        hands={VASE: "g", LION: "gg", TAUREAU: "gggg"},
    )
    # Without the split Taureau's trader would see two treasure cards (columns 1 and 2).
    assert state.heads[:3] == (TREASURE, TREASURE, RED.index)
    state = play(state, PlayGap(GREEN, 2))
    assert state.pending == WarOrderDecision(VASE, (RED, GREEN))
    state = play(state, ChooseConflict(GREEN))
    decision = state.pending
    assert isinstance(decision, CardCommitDecision)
    assert (decision.player, decision.conflict.defender) == (LION, TAUREAU)
    assert (decision.conflict.attacker_base, decision.conflict.defender_base) == (3, 1)
    state, events = play_events(state, CommitSupport(2), CommitSupport(4))
    assert ConflictResolved(ConflictKind.WAR, GREEN, TAUREAU, LION, 5, 5) in events
    assert events.index(RewardTaken(TAUREAU, GREEN)) < events.index(
        CardsWon(TAUREAU, GREEN, ("1.2", "g1", "2.2"))
    )
    assert CardsDiscarded(GREEN, 5, "conflict") in events
    assert LeaderToSupply(LION, GREEN, "1.0", "war") in events
    assert pile(state, TAUREAU) == "Tgggg"
    assert (column(state, 1), column(state, 2)) == ("rk", "rbk")  # blue and black moved up
    assert state.gaps[0] is None  # old kingdom 1 is split
    # the red conflict follows at once: Vase's priest attacks Arc's
    decision = state.pending
    assert isinstance(decision, CardCommitDecision)
    assert decision.conflict.color is RED
    assert (decision.conflict.attacker, decision.conflict.defender) == (VASE, ARC)
    state, events = play_events(state, CommitSupport(0), CommitSupport(0), PayPoints(0))
    assert GapCardTurned(2, GREEN) in events
    assert not isinstance(state.pending, TreasureCardDecision)
    assert state.pending is None


def test_the_blue_black_boat() -> None:
    """CARD-BOAT-2..4, CARD-BOAT-6 (001, page 8): Taureau plays the 4th blue card and
    replaces the 4 blue cards with the blue-black boat. From then on the owner of the king in
    that kingdom pays a black card at the end of each of his turns; once a farmer arrives,
    its owner pays a blue card at the end of each of his turns."""
    state = table(
        players=4,
        active=TAUREAU,
        columns={1: "kbbb"},
        leaders={"1.1": "1K"},
        hands={TAUREAU: "bb", LION: "kkkkkkkk", ARC: "bbbbbbbk"},
    )
    state = play(state, PlayColumn(BLUE, 1))
    assert state.pending == PaymentDecision(LION, BLUE, 1, PointCause.CARD)  # the king's point
    state = play(state, PayPoints(0))
    assert state.pending == BoatDecision(TAUREAU, tuple(Boat), 1)
    state = play(state, BuildBoat(Boat.BLUE_BLACK))
    assert column(state, 1) == "kK"
    state = play(state, EndTurn())  # Taureau has no leader there: no income
    assert state.active == ARC
    state = play(state, PlayLeader(BLUE, "1.0"), EndTurn())
    assert state.pending == PaymentDecision(ARC, BLUE, 1, PointCause.BOAT)
    state = play(state, PayPoints(1))
    assert pile(state, ARC) == "b"
    assert state.active == VASE
    state = play(state, EndTurn())
    assert state.active == LION
    state = play(state, EndTurn())
    assert state.pending == PaymentDecision(LION, BLACK, 1, PointCause.BOAT)
    state = play(state, PayPoints(1))
    assert pile(state, LION) == "k"
