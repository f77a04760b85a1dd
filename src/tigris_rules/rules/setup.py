"""Setting up a game (SETUP): the board, the bag, the hands."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from tigris_rules.errors import ConfigError, DealError
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import EMPTY
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import SQUARE_COUNT
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.components import CATASTROPHES_PER_PLAYER, HAND_SIZE, TILE_COUNTS

if TYPE_CHECKING:
    from tigris_rules.rules.ruleset import BoardRules

__all__ = ["TILE_COUNTS", "bag_contents", "deal_from_seed", "new_game"]


def bag_contents(config: GameConfig) -> tuple[int, int, int, int]:
    """Tiles per colour that form the bag and the hands: all tiles but the start temples
    (SETUP-4); 139 on the alternative board, with its 14 start squares (ALT-2)."""
    starts = len(board_layout(config.board).start_squares)
    black, red, blue, green = TILE_COUNTS
    return (black, red - starts, blue, green)


def deal_from_seed(config: GameConfig, seed: int) -> Deal:
    """The deal a seed gives: the bag shuffled by ``random.Random(seed)``, then six tiles to
    each seat in seat order (SETUP-6)."""
    tiles = [c for c, n in zip(COLORS, bag_contents(config), strict=True) for _ in range(n)]
    random.Random(seed).shuffle(tiles)  # tiles are drawn at random (CONV-16)
    n = config.players
    hands = tuple(tuple(tiles[HAND_SIZE * p : HAND_SIZE * (p + 1)]) for p in range(n))
    return Deal(hands=hands, bag=tuple(tiles[HAND_SIZE * n :]))


def _check_deal(config: GameConfig, deal: object) -> Deal:
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {type(deal).__name__}")
    # Read untyped: a compiled build would check the fields' declared types itself, with a
    # TypeError, before the checks below could name what is wrong.
    given: Any = deal
    hands: object = given.hands
    if not isinstance(hands, tuple) or len(hands) != config.players:
        raise DealError(f"the deal must hold {config.players} hands (one per player)")
    for seat, hand in enumerate(hands):
        if not isinstance(hand, tuple) or len(hand) != HAND_SIZE:
            size = len(hand) if isinstance(hand, tuple) else "?"
            raise DealError(
                f"hand {seat} holds {size} tiles; every hand starts with {HAND_SIZE} (SETUP-6)"
            )
        for tile in hand:
            if not isinstance(tile, Color):
                raise DealError(f"hand {seat} holds {tile!r}, which is not a colour")
    bag: object = given.bag
    if not isinstance(bag, tuple):
        raise DealError("the bag must be a tuple of colours")
    for tile in bag:
        if not isinstance(tile, Color):
            raise DealError(f"the bag holds {tile!r}, which is not a colour")
    counts = Counter(tile for hand in hands for tile in hand)
    counts.update(bag)
    expected = bag_contents(config)
    for color, want in zip(COLORS, expected, strict=True):
        if counts[color] != want:
            raise DealError(
                f"the deal holds {counts[color]} {color.value} tiles in hands and bag; "
                f"the {config.board} board needs {want} (COMP-4, SETUP-4)"
            )
    return deal


def new_game(config: GameConfig, *, seed: object = None, deal: Deal | None = None) -> GameState:
    """The opening position of a game: from ``seed`` (a shuffled bag, an integer) or from an
    explicit ``deal``. Exactly one of the two must be given; any other seed is a
    :class:`DealError`. Seat 0 takes the first turn (SETUP-8: ``GameState.active`` starts at
    0)."""
    if not isinstance(config, GameConfig):
        raise DealError(f"expected a GameConfig, got {type(config).__name__}")
    if config.game != "board":
        raise ConfigError(
            "this configuration is for the card game; the board game needs game='board'"
        )
    if (seed is None) == (deal is None):
        raise DealError("give exactly one of seed= and deal=")
    if deal is None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise DealError(f"the seed must be an integer, not {seed!r}")
        deal = deal_from_seed(config, seed)  # right by construction
    else:
        deal = _check_deal(config, deal)
    layout = board_layout(config.board)
    cells = [EMPTY] * SQUARE_COUNT
    for square in layout.start_squares:
        cells[square] = Color.RED.index  # SETUP-3
    n = config.players
    hands = []
    for hand in deal.hands:
        counts = Counter(hand)
        hands.append((counts[COLORS[0]], counts[COLORS[1]], counts[COLORS[2]], counts[COLORS[3]]))
    ruleset = cast("BoardRules", ruleset_for(config))
    state = GameState(
        config=config,
        cells=tuple(cells),
        leaders=(NO_SQUARE,) * (4 * n),  # SETUP-5: leaders in supply, 2 catastrophes, no VP
        treasures=frozenset(layout.start_squares),
        monuments=(NO_SQUARE,) * len(MONUMENTS),  # all available (SETUP-7)
        hands=tuple(hands),
        bag=tuple(tile.index for tile in deal.bag),
        bag_pos=0,
        catastrophes=(CATASTROPHES_PER_PLAYER,) * n,
        scores=((0, 0, 0, 0),) * n,
        treasures_held=(0,) * n,
        out_of_game=(0, 0, 0, 0),
        areas=tuple(variant.new_area(config) for variant in ruleset.variants),
    )
    for variant in ruleset.variants:  # the variants' changes to the opening, in order
        state = variant.setup(state)
    return state
