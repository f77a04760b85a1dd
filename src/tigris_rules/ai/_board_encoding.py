"""The action space of the board game (RULES.md Part I), laid out as
:mod:`tigris_rules.ai.encoding` describes it: the base game's segments, then the inputs of
each variant the configuration plays."""

from __future__ import annotations

from itertools import product

from tigris_rules.ai.encoding import SpaceEntry, encoded_inputs
from tigris_rules.api import AnyAction
from tigris_rules.errors import ConfigError
from tigris_rules.model.actions import (
    MONUMENTS,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    KeepTreasure,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    VariantAction,
    WithdrawLeader,
)
from tigris_rules.model.board import board_layout
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import COLUMNS as BOARD_COLUMNS
from tigris_rules.model.squares import ROWS, SQUARE_COUNT, SQUARE_NAMES
from tigris_rules.rules.components import HAND_SIZE

__all__ = ["board_action_space"]


def board_action_space(config: GameConfig) -> list[SpaceEntry]:
    """The action space of a board game of ``config``, in index order (RULES.md Part I: the
    layout of :mod:`tigris_rules.ai.encoding`), then the inputs of each variant it plays, in
    canonical order (:class:`~tigris_rules.ai.encoding.VariantEncoding`)."""
    actions: list[SpaceEntry] = []

    def add(action: AnyAction, item: int | None = None) -> None:
        actions.append((action, item))

    layout = board_layout(config.board)
    river = layout.river
    land = [s for s in range(SQUARE_COUNT) if not river[s]]
    water = [s for s in range(SQUARE_COUNT) if river[s]]
    for color in COLORS:
        for s in land:
            add(PlaceLeader(color, SQUARE_NAMES[s]), s)
    for c in COLORS:
        add(WithdrawLeader(c))
    for color in COLORS:
        for s in water if color is Color.BLUE else land:
            add(PlaceTile(color, SQUARE_NAMES[s]), s)
    for s in range(SQUARE_COUNT):
        add(PlaceCatastrophe(SQUARE_NAMES[s]), s)
    for counts in product(range(HAND_SIZE + 1), repeat=4):
        if 1 <= sum(counts) <= HAND_SIZE:
            add(SwapTiles(*counts))
    add(EndTurn())
    for c in COLORS:
        add(ChooseConflict(c))
    for n in range(HAND_SIZE + 1):
        add(CommitSupport(n))
    for monument in MONUMENTS:
        may_be_river = Color.BLUE in monument.colors
        for top_left in range(SQUARE_COUNT):
            row, column = divmod(top_left, BOARD_COLUMNS)
            if row == ROWS - 1 or column == BOARD_COLUMNS - 1:
                continue
            block = (top_left, top_left + 1, top_left + BOARD_COLUMNS, top_left + BOARD_COLUMNS + 1)
            terrain = {river[s] for s in block}
            if terrain == {False} or (terrain == {True} and may_be_river):
                add(BuildMonument(monument, SQUARE_NAMES[top_left]))
    add(Decline())
    for s in sorted(layout.start_squares):
        add(KeepTreasure(SQUARE_NAMES[s]))
    return actions + _variant_inputs(config)


def _variant_inputs(config: GameConfig) -> list[SpaceEntry]:
    """The inputs the variants ``config`` plays list, in canonical order, each checked to
    be a frozen input of its own and listed once."""
    found: list[SpaceEntry] = []
    for variant in ruleset_for(config).variants:
        for action in encoded_inputs(variant, config):
            if not isinstance(action, VariantAction) or action.__hash__ is None:
                raise ConfigError(
                    f"the variant {variant.name!r} lists {action!r:.60} among its encoded "
                    "inputs; expected inputs of its own (frozen VariantAction values)"
                )
            found.append((action, None))
    if len({action for action, _ in found}) != len(found):
        raise ConfigError(
            f"the variants {', '.join(config.variants)} list an input twice in their encoded "
            "inputs: the action encoding must number each input once"
        )
    return found
