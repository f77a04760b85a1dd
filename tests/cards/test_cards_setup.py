"""Components and setup of the card game (RULES.md Part II, C1: CARD-COMP, CARD-SETUP)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from card_invariants import cards_accounted_for
from card_scenario import BLACK, BLUE, GREEN, RED, play

from tigris_rules import Color, ConfigError, DealError, GameConfig
from tigris_rules.cards import (
    TOTAL_CARDS,
    Boat,
    CardDeal,
    EndTurn,
    PlayColumn,
    PlayLeader,
    card_deal_from_seed,
    new_card_game,
)
from tigris_rules.cards.components import TREASURE


def cards(players: int) -> GameConfig:
    return GameConfig(players=players, game="cards")


def test_sixteen_leaders_four_per_dynasty() -> None:
    """CARD-COMP-1: a king, priest, farmer and trader for each of the 4 dynasties."""
    state = new_card_game(cards(4), seed=1)
    assert len(state.leaders) == 16
    for player in range(4):
        assert [state.leader_spot(player, c) for c in Color] == [None] * 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_193_cards_by_colour(players: int) -> None:
    """CARD-COMP-2: 40 black, 40 green, 65 red, 40 blue and 8 treasure cards; treasure cards
    are red (they count as red heads)."""
    state = new_card_game(cards(players), seed=players)
    assert TOTAL_CARDS == 193
    assert cards_accounted_for(state) == 193
    counts: Counter[int] = Counter(state.draw)
    counts.update(state.set_aside)
    for hand in state.hands:
        counts.update(dict(enumerate(hand)))
    assert [counts[c] for c in range(4)] == [40, 65, 40, 40]
    assert state.heads == (TREASURE,) * 8


def test_catastrophes_and_boats() -> None:
    """CARD-COMP-3: one catastrophe card per player and three boats, blue/black, blue/green
    and blue/red."""
    state = new_card_game(cards(3), seed=1)
    assert state.catastrophes == (True, True, True)
    assert {b.colors for b in Boat} == {(BLUE, BLACK), (BLUE, GREEN), (BLUE, RED)}
    assert state.available_boats == tuple(Boat)


def test_player_count_and_table() -> None:
    """CARD-SETUP-1: 2 to 4 players; 8 treasure-card heads, 7 empty gaps between them."""
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            GameConfig(players=bad, game="cards")
    state = new_card_game(cards(2), seed=3)
    assert state.heads == (TREASURE,) * 8
    assert state.treasure_heads() == (1, 2, 3, 4, 5, 6, 7, 8)
    assert state.gaps == (None,) * 7
    assert state.columns == (b"",) * 8


def test_supplies_at_setup() -> None:
    """CARD-SETUP-2: every player has his 4 leaders in supply and 1 catastrophe card; the
    boats start available."""
    state = new_card_game(cards(2), seed=3)
    assert state.leaders == (None,) * 8
    assert state.catastrophes == (True, True)
    assert len(state.available_boats) == 3
    assert state.piles == (b"", b"")


def test_deal_eight_cards_in_seat_order() -> None:
    """CARD-SETUP-3: the 185 other cards are shuffled and dealt 8 at a time in seat order:
    seat 0 the top 8, seat 1 the next 8; the rest is the draw pile."""
    config = cards(3)
    deal = card_deal_from_seed(config, 9)
    state = new_card_game(config, deal=deal)
    assert state == new_card_game(config, seed=9)
    for seat, hand in enumerate(deal.hands):
        assert len(hand) == 8
        assert state.hand(seat) == {c: hand.count(c) for c in Color}
    assert state.draw_size == 185 - 24
    assert bytes(c.index for c in deal.draw_pile) == state.draw


def test_explicit_deal_keeps_the_draw_order() -> None:
    """CARD-SETUP-3: an explicit deal fixes the hands and the order of the draw pile; the
    first refill draws its top cards."""
    config = cards(3)
    colors = [c for c, n in zip(Color, (40, 65, 40, 40), strict=True) for _ in range(n)]
    hands = (tuple(colors[0:8]), tuple(colors[8:16]), tuple(colors[16:24]))
    pile = tuple(reversed(colors[24:]))
    state = new_card_game(config, deal=CardDeal(hands=hands, draw_pile=pile))
    assert state.hand(0) == {BLACK: 8, RED: 0, BLUE: 0, GREEN: 0}
    state = play(state, PlayLeader(BLACK, "1.0"))
    state = play(state, EndTurn())
    assert state.hand(0)[GREEN] == 0
    assert state.draw_size == 185 - 24
    # nothing was played from hand, so nobody needed a card
    assert state.draw_pos == 0


def test_two_players_set_aside_thirty_cards() -> None:
    """CARD-SETUP-4: with 2 players, 30 cards are removed unseen from the draw pile after the
    deal; with 3 or 4 players none."""
    two = new_card_game(cards(2), seed=5)
    assert len(two.set_aside) == 30
    assert two.draw_size == 185 - 16 - 30
    four = new_card_game(cards(4), seed=5)
    assert four.set_aside == b""
    assert four.draw_size == 185 - 32
    deal = card_deal_from_seed(cards(2), 5)
    with pytest.raises(DealError, match="sets aside 30"):
        new_card_game(cards(2), deal=attrs.evolve(deal, set_aside=()))


def test_seat_zero_starts_and_play_passes_clockwise() -> None:
    """CARD-SETUP-5: seat 0 takes the first turn, then play passes clockwise. (Each turn
    plays a card: a round of turns that move no card would end the game, CARD-END-5.)"""
    state = new_card_game(cards(3), seed=2)
    assert state.active == 0
    seen = []
    for turn in range(4):
        held = next(c for c in Color if state.hands[state.active][c.index])
        state = play(state, PlayColumn(held, turn + 1), EndTurn())
        seen.append(state.active)
    assert seen == [1, 2, 0, 1]


def test_bad_deals_are_rejected_with_a_sentence() -> None:
    """CARD-SETUP-3, CARD-COMP-2: a deal that does not match the components is a DealError."""
    config = cards(3)
    deal = card_deal_from_seed(config, 1)
    with pytest.raises(DealError, match="exactly one"):
        new_card_game(config)
    with pytest.raises(DealError, match="exactly one"):
        new_card_game(config, seed=1, deal=deal)
    with pytest.raises(DealError, match="3 hands"):
        new_card_game(config, deal=attrs.evolve(deal, hands=deal.hands[:2]))
    short = (deal.hands[0][:7], *deal.hands[1:])
    with pytest.raises(DealError, match="holds 7 cards"):
        new_card_game(config, deal=attrs.evolve(deal, hands=short))
    with pytest.raises(DealError, match="black cards"):
        new_card_game(config, deal=attrs.evolve(deal, draw_pile=(*deal.draw_pile, BLACK)))
    with pytest.raises(DealError, match="not a colour"):
        new_card_game(config, deal=attrs.evolve(deal, draw_pile=("red",)))  # type: ignore[arg-type]
    with pytest.raises(DealError, match="CardDeal"):
        new_card_game(config, deal="deal")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="board game"):
        new_card_game(GameConfig(players=3), seed=1)
    with pytest.raises(DealError, match="integer"):
        new_card_game(config, seed="1")  # type: ignore[arg-type]
