"""A fixed action encoding: every input a configuration can ever offer, numbered 0..N-1.

Search and learning frameworks (OpenSpiel, PettingZoo, a policy network's output layer) need
a fixed action index and a mask of the legal ones. :func:`action_encoding` builds, once per
:class:`~tigris_rules.GameConfig`, an :class:`ActionEncoding`: a bijection between the
configuration's *action space* and ``0..size-1``, with :meth:`~ActionEncoding.encode`,
:meth:`~ActionEncoding.decode` and :attr:`~ActionEncoding.size`.

The action space holds every action and answer of the shapes the configuration's rules use,
on the squares (or table spots) the board's terrain allows for it; it is laid out in
segments, in the order of ``legal_actions`` where that order is fixed (docs/search.md has
the table and the size N of every configuration):

Board game: leader placements (by colour, then land square), withdrawals, tile placements
(by colour; blue on river squares, the others on land squares), catastrophes (every
square), swaps (every multiset of 1..6 tiles, in the order ``legal_actions`` lists them),
end turn, war choices, commitments 0..6, monuments (by monument, then the top-left square of
every 2x2 block whose four squares share a terrain that one of its colours may cover),
decline, the treasure that stays (the start squares); then the inputs of each variant the
configuration plays, in canonical order, as the variant lists them
(:meth:`~tigris_rules.rules.hooks.Variant.encoded_inputs`).

Card game: leader plays (by colour, then spot in table order: each column's head and
positions 1..``column_limit`` top to bottom, then the gap to its right), column plays (by
colour, then column), gap plays (by colour, then gap), catastrophes (every spot but the
heads), end turn, war choices, commitments 0..8, payments 0..8, treasure-card choices
(every set of columns, ascending, by size then in ``itertools.combinations`` order), boats,
decline.

Every legal input of every reachable state lies in the space; some indices may never become
legal (a leader square with no temple that can ever be near it, for instance). Deciding
that is a question about the whole game tree, not a fixed layout.

>>> import tigris_rules as tr
>>> from tigris_rules.encoding import action_encoding, legal_action_mask
>>> encoding = action_encoding(tr.GameConfig(players=2))
>>> encoding.size
1881
>>> index = encoding.encode(tr.PlaceTile(tr.Color.RED, "g4"))
>>> encoding.decode(index)
PlaceTile(color=<Color.RED: 'red'>, square='g4')
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> sum(legal_action_mask(state)) == len(tr.legal_actions(state))
True
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from tigris_rules.api import AnyAction, AnyState, legal_actions
from tigris_rules.arguments import expect
from tigris_rules.cards.actions import (
    BuildBoat,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import BOATS, COLUMNS, GAPS, Loc, spot_name
from tigris_rules.cards.components import HAND_SIZE as CARD_HAND_SIZE
from tigris_rules.cards.state import CardGameState
from tigris_rules.errors import ArgumentTypeError, ConfigError, NotAStateError, TigrisError
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
from tigris_rules.model.plugins import VARIANT_GROUP, plugin
from tigris_rules.model.squares import COLUMNS as BOARD_COLUMNS
from tigris_rules.model.squares import ROWS, SQUARE_COUNT, SQUARE_NAMES
from tigris_rules.model.state import GameState
from tigris_rules.rules.components import HAND_SIZE

if TYPE_CHECKING:
    import numpy

__all__ = [
    "ActionEncoding",
    "EncodingError",
    "action_encoding",
    "decode",
    "encode",
    "legal_action_indices",
    "legal_action_mask",
    "legal_action_mask_array",
]


class EncodingError(TigrisError, ValueError):
    """An action outside a configuration's action space, or an index outside ``0..N-1``."""


ItemTable = Mapping[Hashable, int]
"""For one kind of action (and colour), the index of each raw item of ``legal_actions``:
a square number, a table spot or a column number."""


@attrs.frozen(eq=False, repr=False)
class ActionEncoding:
    """The action space of ``config``: ``actions[i]`` is the action of index ``i``.

    Build it with :func:`action_encoding`, which makes one per configuration. ``size`` is N;
    :meth:`encode` and :meth:`decode` are inverse bijections between the space and
    ``0..N-1``, each a single table look-up.
    """

    config: GameConfig
    actions: tuple[AnyAction, ...]
    _index: Mapping[AnyAction, int]
    _items: Mapping[tuple[type, Color | None], ItemTable]

    @property
    def size(self) -> int:
        """N, the number of actions in the space."""
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<ActionEncoding of {self.config!r}: {self.size} actions>"

    def encode(self, action: AnyAction) -> int:
        """The index of ``action``; :class:`EncodingError` when it is not in the space (an
        action of the other ruleset or of a variant not played, a blue tile on land, a
        commitment larger than a hand, anything that is not an action)."""
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise EncodingError(
                f"{action!r} is not in the action space of {self.config!r}"
            ) from None

    def decode(self, index: int) -> AnyAction:
        """The action of ``index``; :class:`EncodingError` outside ``0..size-1``."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise ArgumentTypeError.expected("index", "an int", index)
        if not 0 <= index < len(self.actions):
            raise EncodingError(f"action index {index} outside 0..{len(self.actions) - 1}")
        return self.actions[index]


def action_encoding(config: GameConfig) -> ActionEncoding:
    """The :class:`ActionEncoding` of ``config``, built once and then shared (it is a frozen
    value; building one takes a few milliseconds)."""
    if not isinstance(config, GameConfig):
        raise ArgumentTypeError.expected("config", "a GameConfig", config)
    return _build(config)


@cache
def _build(config: GameConfig) -> ActionEncoding:
    items: dict[tuple[type, Color | None], dict[Hashable, int]] = {}
    actions: list[AnyAction] = []

    def add(kind: type, color: Color | None, item: Hashable, action: AnyAction) -> None:
        items.setdefault((kind, color), {})[item] = len(actions)
        actions.append(action)

    if config.game == "cards":
        _card_space(config, actions, add)
    else:
        _board_space(config, actions, add)
    index = {action: i for i, action in enumerate(actions)}
    return ActionEncoding(config, tuple(actions), index, items)


def _board_space(config: GameConfig, actions: list[AnyAction], add: Any) -> None:
    layout = board_layout(config.board)
    river = layout.river
    land = [s for s in range(SQUARE_COUNT) if not river[s]]
    water = [s for s in range(SQUARE_COUNT) if river[s]]
    for color in COLORS:
        for s in land:
            add(PlaceLeader, color, s, PlaceLeader(color, SQUARE_NAMES[s]))
    actions.extend(WithdrawLeader(c) for c in COLORS)
    for color in COLORS:
        for s in water if color is Color.BLUE else land:
            add(PlaceTile, color, s, PlaceTile(color, SQUARE_NAMES[s]))
    for s in range(SQUARE_COUNT):
        add(PlaceCatastrophe, None, s, PlaceCatastrophe(SQUARE_NAMES[s]))
    actions.extend(
        SwapTiles(*counts)
        for counts in product(range(HAND_SIZE + 1), repeat=4)
        if 1 <= sum(counts) <= HAND_SIZE
    )
    actions.append(EndTurn())
    actions.extend(ChooseConflict(c) for c in COLORS)
    actions.extend(CommitSupport(n) for n in range(HAND_SIZE + 1))
    for monument in MONUMENTS:
        may_be_river = Color.BLUE in monument.colors
        for top_left in range(SQUARE_COUNT):
            row, column = divmod(top_left, BOARD_COLUMNS)
            if row == ROWS - 1 or column == BOARD_COLUMNS - 1:
                continue
            block = (top_left, top_left + 1, top_left + BOARD_COLUMNS, top_left + BOARD_COLUMNS + 1)
            terrain = {river[s] for s in block}
            if terrain == {False} or (terrain == {True} and may_be_river):
                actions.append(BuildMonument(monument, SQUARE_NAMES[top_left]))
    actions.append(Decline())
    actions.extend(KeepTreasure(SQUARE_NAMES[s]) for s in sorted(layout.start_squares))
    base = len(actions)
    for name in config.variants:
        for action in plugin(VARIANT_GROUP, name).encoded_inputs(config):
            if not isinstance(action, VariantAction) or action.__hash__ is None:
                raise ConfigError(
                    f"the variant {name!r} lists {action!r:.60} among its encoded inputs; "
                    "expected inputs of its own (frozen VariantAction values)"
                )
            actions.append(action)
    if len(set(actions[base:])) != len(actions) - base:
        raise ConfigError(
            f"the variants {', '.join(config.variants)} list an input twice in their encoded "
            "inputs: the action encoding must number each input once"
        )


def _card_spots(limit: int) -> list[Loc]:
    """Every spot of the table in table order: each column's head and positions
    1..``limit``, then the gap to its right."""
    spots: list[Loc] = []
    for column in range(COLUMNS):
        spots.extend((2 * column, position) for position in range(limit + 1))
        if column < GAPS:
            spots.append((2 * column + 1, 0))
    return spots


def _card_space(config: GameConfig, actions: list[AnyAction], add: Any) -> None:
    spots = _card_spots(config.column_limit)
    for color in COLORS:
        for loc in spots:
            add(PlayLeader, color, loc, PlayLeader(color, spot_name(loc)))
    for color in COLORS:
        for column in range(1, COLUMNS + 1):
            add(PlayColumn, color, column, PlayColumn(color, column))
    for color in COLORS:
        for gap in range(1, GAPS + 1):
            add(PlayGap, color, gap, PlayGap(color, gap))
    for loc in spots:
        if loc[0] % 2 or loc[1] > 0:  # a head is never a catastrophe's target
            add(PlayCatastrophe, None, loc, PlayCatastrophe(spot_name(loc)))
    actions.append(EndTurn())
    actions.extend(ChooseConflict(c) for c in COLORS)
    actions.extend(CommitSupport(n) for n in range(CARD_HAND_SIZE + 1))
    actions.extend(PayPoints(n) for n in range(CARD_HAND_SIZE + 1))
    columns = range(1, COLUMNS + 1)
    actions.extend(
        TakeTreasures(chosen) for k in range(COLUMNS + 1) for chosen in combinations(columns, k)
    )
    actions.extend(BuildBoat(b) for b in BOATS)
    actions.append(Decline())


def encode(config: GameConfig, action: AnyAction) -> int:
    """The index of ``action`` in the action space of ``config``
    (``action_encoding(config).encode(action)``)."""
    return action_encoding(config).encode(action)


def decode(config: GameConfig, index: int) -> AnyAction:
    """The action of ``index`` in the action space of ``config``
    (``action_encoding(config).decode(index)``)."""
    return action_encoding(config).decode(index)


_STATES: Final = (GameState, CardGameState)


def _check_state(state: object) -> AnyState:
    expect(state, _STATES, "state", "a GameState or a CardGameState", error=NotAStateError)
    return cast("AnyState", state)


def legal_action_indices(state: AnyState) -> tuple[int, ...]:
    """The index of every legal input of ``state``, in the order of ``legal_actions(state)``
    (so ``decode(config, legal_action_indices(state)[i]) == legal_actions(state)[i]``);
    empty once the game is over."""
    state = _check_state(state)
    encoding = action_encoding(state.config)
    indices: list[int] = []
    for table, make, items in _parts(encoding, state):
        if table is not None:
            indices.extend(table[item] for item in items)
        else:
            indices.extend(encoding.encode(make(item)) for item in items)
    return tuple(indices)


def legal_action_mask(state: AnyState) -> bytes:
    """The legal-action mask of ``state``: ``N`` bytes (N the size of the configuration's
    action space), ``1`` at the index of every legal input of the player to move and ``0``
    elsewhere; all ``0`` once the game is over. It costs about as much as iterating
    ``legal_actions(state)``."""
    state = _check_state(state)
    encoding = action_encoding(state.config)
    mask = bytearray(encoding.size)
    for table, make, items in _parts(encoding, state):
        if table is not None:
            for item in items:
                mask[table[item]] = 1
        else:
            for item in items:
                mask[encoding.encode(make(item))] = 1
    return bytes(mask)


def legal_action_mask_array(state: AnyState) -> numpy.ndarray[Any, numpy.dtype[numpy.bool_]]:
    """:func:`legal_action_mask` as a one-dimensional numpy array of booleans. Needs numpy
    (``pip install 'tigris-rules[numpy]'``); the rest of the library never imports it."""
    import numpy

    return numpy.frombuffer(legal_action_mask(state), dtype=numpy.uint8).astype(numpy.bool_)


def _parts(encoding: ActionEncoding, state: AnyState) -> list[tuple[ItemTable | None, Any, Any]]:
    """The parts of ``legal_actions(state)`` (a factory and its raw items), each with the
    table that maps its items straight to indices when there is one.

    A part's table is chosen by the kind and colour of the action its first item makes,
    and used only when it gives that action's own index, so a part whose items are not
    squares, spots or columns falls back to encoding action by action.
    """
    legal = legal_actions(state)
    found: list[tuple[ItemTable | None, Any, Any]] = []
    for make, items in legal._parts:
        if not items:
            continue
        first = make(items[0])
        table = encoding._items.get((type(first), getattr(first, "color", None)))
        if table is not None:
            try:
                agrees = table.get(items[0]) == encoding.encode(first)
            except TypeError:  # an unhashable item: not a square, spot or column
                agrees = False
            if not agrees:
                table = None
        found.append((table, make, items))
    return found
