"""Setting up a card game (CARD-SETUP): the heads, the deal, the draw pile."""

from __future__ import annotations

import random
from collections import Counter

import attrs

from tigris_rules._arguments import expect
from tigris_rules.cards.components import (
    CARD_COUNTS,
    COLUMNS,
    GAPS,
    HAND_SIZE,
    TREASURE,
    TREASURE_CARDS,
    TWO_PLAYER_SET_ASIDE,
)
from tigris_rules.cards.state import CardGameState, TurnStart
from tigris_rules.errors import ConfigError, DealError
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig

__all__ = ["CardDeal", "card_deal_from_seed", "new_card_game"]


@attrs.frozen
class CardDeal:
    """The random part of a card game made explicit (CARD-SETUP-3, CARD-SETUP-4).

    ``hands[i]`` is the 8 cards dealt to seat ``i``; ``draw_pile`` is every other card in
    draw order, the next card drawn first; ``set_aside`` is the 30 cards removed unseen in a
    two-player game (empty otherwise). Together they hold the 185 cards that are not treasure
    cards: 40 black, 65 red, 40 blue and 40 green (CARD-COMP-2).
    """

    hands: tuple[tuple[Color, ...], ...]
    draw_pile: tuple[Color, ...]
    set_aside: tuple[Color, ...] = ()


def card_deal_from_seed(config: GameConfig, seed: int) -> CardDeal:
    """The deal a seed gives: the 185 cards shuffled by ``random.Random(seed)``, 8 to each
    seat in seat order from the top (CARD-SETUP-3), the rest the draw pile; with two players
    the 30 bottom cards of the shuffled pile are set aside (CARD-SETUP-4)."""
    expect(config, GameConfig, "config")
    expect(seed, int, "seed")
    cards = [c for c, n in zip(COLORS, CARD_COUNTS, strict=True) for _ in range(n)]
    random.Random(seed).shuffle(cards)
    n = config.players
    hands = tuple(tuple(cards[HAND_SIZE * p : HAND_SIZE * (p + 1)]) for p in range(n))
    rest = cards[HAND_SIZE * n :]
    aside = TWO_PLAYER_SET_ASIDE if n == 2 else 0
    return CardDeal(
        hands=hands,
        draw_pile=tuple(rest[: len(rest) - aside]),
        set_aside=tuple(rest[len(rest) - aside :]),
    )


def _colors(value: object, what: str) -> tuple[Color, ...]:
    if not isinstance(value, tuple):
        raise DealError(f"{what} must be a tuple of colours, not {type(value).__name__}")
    for card in value:
        if not isinstance(card, Color):
            raise DealError(f"{what} holds {card!r}, which is not a colour")
    return value


def _check_deal(config: GameConfig, deal: object) -> CardDeal:
    if not isinstance(deal, CardDeal):
        raise DealError(f"expected a CardDeal, got {type(deal).__name__}")
    n = config.players
    if not isinstance(deal.hands, tuple) or len(deal.hands) != n:
        raise DealError(f"the deal must hold {n} hands, one per player (CARD-SETUP-3)")
    counts: Counter[Color] = Counter()
    for seat, hand in enumerate(deal.hands):
        cards = _colors(hand, f"hand {seat}")
        if len(cards) != HAND_SIZE:
            raise DealError(
                f"hand {seat} holds {len(cards)} cards; every hand starts with 8 (CARD-SETUP-3)"
            )
        counts.update(cards)
    counts.update(_colors(deal.draw_pile, "the draw pile"))
    aside = _colors(deal.set_aside, "the set-aside cards")
    want_aside = TWO_PLAYER_SET_ASIDE if n == 2 else 0
    if len(aside) != want_aside:
        raise DealError(
            f"a {n}-player deal sets aside {want_aside} cards, not {len(aside)} (CARD-SETUP-4)"
        )
    counts.update(aside)
    for color, want in zip(COLORS, CARD_COUNTS, strict=True):
        if counts[color] != want:
            raise DealError(
                f"the deal holds {counts[color]} {color.value} cards; the card game has {want} "
                "besides the 8 treasure cards (CARD-COMP-2)"
            )
    return deal


def new_card_game(
    config: GameConfig, *, seed: int | None = None, deal: CardDeal | None = None
) -> CardGameState:
    """The opening position of a card game, from ``seed`` or from an explicit ``deal``
    (CARD-SETUP-3, CARD-SETUP-4); exactly one of the two must be given.

    The 8 treasure cards are the heads and the gaps are empty (CARD-SETUP-1); every player
    has his 4 leaders (CARD-COMP-1) in supply and an unused catastrophe card, and the boats
    are available (CARD-SETUP-2); seat 0 is active (CARD-SETUP-5).
    A bad deal raises :class:`~tigris_rules.DealError`; a board-game configuration raises
    :class:`~tigris_rules.ConfigError`. The first turn starts with a snapshot of where the
    cards are (:class:`~tigris_rules.cards.state.TurnStart`, CARD-END-5).
    """
    if not isinstance(config, GameConfig):
        raise DealError(f"expected a GameConfig, got {type(config).__name__}")
    if config.game != "cards":
        raise ConfigError(
            "this configuration is for the board game; the card game needs GameConfig(game='cards')"
        )
    if (seed is None) == (deal is None):
        raise DealError("give exactly one of seed= and deal=")
    if deal is None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DealError(f"the seed must be an integer, not {seed!r}")
        deal = card_deal_from_seed(config, seed)
    deal = _check_deal(config, deal)
    n = config.players
    hands = []
    for hand in deal.hands:
        c = Counter(hand)
        hands.append((c[COLORS[0]], c[COLORS[1]], c[COLORS[2]], c[COLORS[3]]))
    held = tuple(hands)
    piles = (b"",) * n
    out_of_game = (0, 0, 0, 0)
    return CardGameState(
        config=config,
        heads=(TREASURE,) * TREASURE_CARDS,
        columns=(b"",) * COLUMNS,
        gaps=(None,) * GAPS,
        leaders=(None,) * (4 * n),
        hands=held,
        piles=piles,
        draw=bytes(card.index for card in deal.draw_pile),
        draw_pos=0,
        set_aside=bytes(card.index for card in deal.set_aside),
        out_of_game=out_of_game,
        catastrophes=(True,) * n,
        turn_start=TurnStart(held),
    )
