"""A fixed action encoding: every input a configuration can ever offer, numbered 0..N-1.

Search and learning frameworks (OpenSpiel, PettingZoo, a policy network's output layer) need
a fixed action index and a mask of the legal ones. :func:`action_encoding` builds, once per
:class:`~tigris_rules.GameConfig`, an :class:`ActionEncoding`: a bijection between the
configuration's *action space* and ``0..size-1``, with :meth:`~ActionEncoding.encode`,
:meth:`~ActionEncoding.decode` and :attr:`~ActionEncoding.size`.

The action space holds every action and answer of the shapes the configuration's rules use,
on the squares (or table spots) the board's terrain allows for it; it is laid out in
segments, in the order of ``legal_actions`` where that order is fixed (docs/search.md has
the table and the size N of every configuration). Each game lays out its own space
(:class:`GameEncoding`, asked of the configuration's ruleset); the space of a configuration
depends on that configuration alone, never on what else is installed. The shipped games':

Board game: leader placements (by colour, then land square), withdrawals, tile placements
(by colour; blue on river squares, the others on land squares), catastrophes (every
square), swaps (every multiset of 1..6 tiles, in the order ``legal_actions`` lists them),
end turn, war choices, commitments 0..6, monuments (by monument, then the top-left square of
every 2x2 block whose four squares share a terrain that one of its colours may cover),
decline, the treasure that stays (the start squares); then the inputs of each variant the
configuration plays, in canonical order, as the variant lists them
(:class:`VariantEncoding`).

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
>>> from tigris_rules.ai.encoding import action_encoding, legal_action_mask
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

from collections.abc import Hashable, Iterable, Mapping, Sequence
from contextlib import suppress
from functools import lru_cache, partial
from itertools import compress
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from tigris_rules._arguments import expect
from tigris_rules._extras import extra_needed
from tigris_rules.api import AnyAction, AnyState, legal_actions
from tigris_rules.errors import ArgumentTypeError, ConfigError, NotAStateError, TigrisError
from tigris_rules.model.actions import VariantAction
from tigris_rules.model.colors import Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.lazy_actions import Table, is_selection
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.rules.hooks import Variant

if TYPE_CHECKING:
    import numpy

__all__ = [
    "ActionEncoding",
    "EncodingError",
    "GameEncoding",
    "SpaceEntry",
    "VariantEncoding",
    "VariantWellFormed",
    "action_encoding",
    "decode",
    "encode",
    "encoded_inputs",
    "legal_action_flags",
    "legal_action_indices",
    "legal_action_mask",
    "legal_action_mask_array",
    "legal_indices_ascending",
    "well_formed_inputs",
]


class EncodingError(TigrisError, ValueError):
    """An action outside a configuration's action space, or an index outside ``0..N-1``."""


SpaceEntry = tuple[AnyAction, Hashable | None]
"""One action of an action space, with the raw item ``legal_actions`` makes it from (a square
number, a table spot's number, a column) when it has one, else ``None``."""


class GameEncoding(Protocol):
    """What the action encoding asks of a game's ruleset (one configuration)."""

    def action_space(self) -> Iterable[SpaceEntry]:
        """Every action the configuration can ever offer, each once, in index order, with its
        raw item. Every legal input of every reachable state must be among them."""
        ...


class VariantEncoding(Protocol):
    """What the action encoding asks of a board-game variant with inputs of its own."""

    @classmethod
    def encoded_inputs(cls, config: GameConfig) -> tuple[VariantAction, ...]:
        """Every input the variant can offer in a game of ``config`` (a configuration that
        plays it), each once and in a fixed order: its segment of the action encoding, after
        the base game's segments and the segments of the variants before it in canonical
        order. Every legal input of the variant must be among them."""
        ...


class VariantWellFormed(Protocol):
    """The well-formed inputs of a variant (CONV-19), legal or not, for the test strategies
    (:func:`~tigris_rules.testing.well_formed_actions`,
    :func:`~tigris_rules.testing.illegal_actions`)."""

    @classmethod
    def well_formed_inputs(cls) -> tuple[tuple[VariantAction, ...], ...]:
        """One tuple per input class of the variant."""
        ...


def encoded_inputs(variant: object, config: GameConfig) -> tuple[VariantAction, ...]:
    """The inputs ``variant`` (an instance) lists for the action encoding of ``config``
    (:class:`VariantEncoding`), none for a variant that offers no encoding."""
    expect(config, GameConfig, "config", "a GameConfig")
    encoding: VariantEncoding | None = offered(variant, VariantEncoding)
    return () if encoding is None else encoding.encoded_inputs(config)


def well_formed_inputs(variant: type[Variant[Any]]) -> tuple[tuple[VariantAction, ...], ...]:
    """The well-formed inputs of the variant class ``variant``, one tuple per input class: as
    it gives them (:class:`VariantWellFormed`), or else its :func:`encoded_inputs` of a
    two-player game on the classic board with this variant alone, grouped by class."""
    if not (isinstance(variant, type) and issubclass(variant, Variant)):
        raise ArgumentTypeError.expected("variant", "a Variant subclass", variant)
    instance = variant()
    given: VariantWellFormed | None = offered(instance, VariantWellFormed)
    if given is not None:
        return given.well_formed_inputs()
    by_class: dict[type, list[VariantAction]] = {}
    for action in encoded_inputs(instance, GameConfig(players=2, variants=(variant.name,))):
        by_class.setdefault(type(action), []).append(action)
    return tuple(tuple(actions) for actions in by_class.values())


ItemTable = Mapping[Hashable, int]
"""For one kind of action (and colour), the index of each raw item of ``legal_actions``:
a square number, a table spot's number or a column number."""


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
    _remembered: dict[tuple[Any, Any], tuple[int, ...]] = attrs.field(factory=dict, init=False)
    _tables: dict[Any, ItemTable | None] = attrs.field(factory=dict, init=False)
    _codes: dict[Table[Any], _TableCodes] = attrs.field(factory=dict, init=False)
    _runs: dict[bytes, dict[int, bytes]] = attrs.field(factory=dict, init=False)
    _numbers: tuple[int, ...] = attrs.field(init=False)

    @_numbers.default
    def _every_number(self) -> tuple[int, ...]:
        return tuple(range(len(self.actions)))

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


ENCODINGS_KEPT = 32
"""How many configurations' encodings are kept built (the most recently used): an encoding
holds every action of its game, and a program that reads configurations from outside may
meet hundreds."""


def action_encoding(config: GameConfig) -> ActionEncoding:
    """The :class:`ActionEncoding` of ``config``, built once and then shared (it is a frozen
    value; building one takes a few milliseconds). :class:`~tigris_rules.ArgumentTypeError`
    for a game that has no action encoding."""
    expect(config, GameConfig, "config", "a GameConfig")
    return _build(config)


@lru_cache(maxsize=ENCODINGS_KEPT)
def _build(config: GameConfig) -> ActionEncoding:
    ruleset = ruleset_for(config)
    game: GameEncoding | None = offered(ruleset, GameEncoding)
    if game is None:
        raise ArgumentTypeError(f"config: the {ruleset.game!r} game has no action encoding")
    items: dict[tuple[type, Color | None], dict[Hashable, int]] = {}
    actions: list[AnyAction] = []
    for action, item in game.action_space():
        if item is not None:
            key = (type(action), getattr(action, "color", None))
            items.setdefault(key, {})[item] = len(actions)
        actions.append(action)
    index = {action: i for i, action in enumerate(actions)}
    if len(index) != len(actions):
        raise ConfigError(
            f"the action space of {config!r} lists an input twice: the action encoding must "
            "number each input once"
        )
    return ActionEncoding(config, tuple(actions), index, items)


def encode(config: GameConfig, action: AnyAction) -> int:
    """The index of ``action`` in the action space of ``config``
    (``action_encoding(config).encode(action)``)."""
    return action_encoding(config).encode(action)


def decode(config: GameConfig, index: int) -> AnyAction:
    """The action of ``index`` in the action space of ``config``
    (``action_encoding(config).decode(index)``)."""
    return action_encoding(config).decode(index)


def _check_state(state: object) -> AnyState:
    """``state`` if it is a state of the ruleset it carries (:class:`~tigris_rules.NotAStateError`
    otherwise)."""
    ruleset = getattr(state, "ruleset", None)
    if not isinstance(ruleset, Ruleset) or type(state) is not ruleset.state_type:
        raise NotAStateError(f"state: expected a game state, got {type(state).__name__}")
    found: AnyState = state  # type: ignore[assignment]  # a state of its ruleset
    return found


def legal_action_indices(state: AnyState) -> tuple[int, ...]:
    """The index of every legal input of ``state``, in the order of ``legal_actions(state)``
    (so ``decode(config, legal_action_indices(state)[i]) == legal_actions(state)[i]``);
    empty once the game is over."""
    state = _check_state(state)
    encoding = action_encoding(state.config)
    indices: list[int] = []
    for make, items in legal_actions(state)._parts:
        if items:
            indices.extend(_part_indices(encoding, make, items))
    return tuple(indices)


def legal_action_mask(state: AnyState) -> bytes:
    """The legal-action mask of ``state``: ``N`` bytes (N the size of the configuration's
    action space), ``1`` at the index of every legal input of the player to move and ``0``
    elsewhere; all ``0`` once the game is over. It costs less than iterating
    ``legal_actions(state)``."""
    return bytes(legal_action_flags(state))


def legal_indices_ascending(state: AnyState) -> list[int]:
    """The index of every legal input of ``state`` in ascending order (the order OpenSpiel
    lists legal actions in); empty once the game is over."""
    flags = legal_action_flags(state)
    return list(compress(action_encoding(state.config)._numbers, flags))


def legal_action_flags(state: AnyState) -> bytearray:
    """:func:`legal_action_mask` as a new ``bytearray`` (a numpy array can be laid over it
    without a copy)."""
    state = _check_state(state)
    encoding = action_encoding(state.config)
    mask = bytearray(encoding.size)
    codes = encoding._codes
    rest: list[int] = []
    for make, items in legal_actions(state)._parts:
        if not items:
            continue
        if type(make) is Table:
            table = codes.get(make) or _codes_of(encoding, make)
            start = table.start
            if start is not None:
                if is_selection(items):
                    lanes = items.lanes(table.width)
                    if lanes is not None and table.mark(mask, lanes):
                        continue
                elif table.complete:
                    rest.extend([start + n for n in items])
                    continue
        rest.extend(_part_indices(encoding, make, items))
    for index in rest:
        mask[index] = 1
    return mask


def legal_action_mask_array(state: AnyState) -> numpy.ndarray[Any, numpy.dtype[numpy.bool_]]:
    """:func:`legal_action_mask` as a one-dimensional numpy array of booleans. Needs numpy
    (``pip install 'tigris-rules[numpy]'``); the rest of the library never imports it."""
    with extra_needed("numpy", "legal_action_mask_array"):
        import numpy

    return numpy.frombuffer(legal_action_flags(state), dtype=numpy.bool_)


PARTS_KEPT = 4096
"""How many parts of legal-action lists an encoding remembers the indices of (those whose
items compare by value, such as the swaps of a hand)."""


def _part_indices(encoding: ActionEncoding, make: Any, items: Sequence[Any]) -> Iterable[int]:
    """The indices of one part of a legal-action list (a factory and its raw items, not
    empty), in order.

    A :class:`Table`'s part is picked from the table of its inputs' indices, as its inputs
    are. Any other part's items go straight to indices through the table of the kind and
    colour of the action its first item makes, when that table gives that action's own
    index (squares, spots, columns); the table found for a factory serves its next parts
    while it knows their first item, and a factory whose first part had no table is not
    looked at again. Any other part is encoded action by action, and when
    its items compare by value (a tuple, the swaps of a hand) its indices are remembered for
    the same factory and items.
    """
    if type(make) is Table:
        codes = encoding._codes.get(make) or _codes_of(encoding, make)
        picked = codes.codes.pick(items)
        if codes.complete:
            return picked
        picked = list(picked)  # read twice
        if min(picked) >= 0:
            return picked
    factory = _factory(make)
    tables = encoding._tables
    try:
        table = tables.get(factory, _UNSEEN)
        usable = table is None or (table is not _UNSEEN and table.get(items[0]) is not None)
    except TypeError:  # an unhashable factory or item
        table, usable = None, False
    if not usable:
        table = _table_of(encoding, make, items[0])
        if len(tables) >= PARTS_KEPT:
            tables.clear()
        with suppress(TypeError):
            tables[factory] = table
    if table is not None:
        return list(map(table.__getitem__, items))
    if type(items).__eq__ is object.__eq__ or type(items).__hash__ is None:
        return [encoding.encode(make(item)) for item in items]
    remembered = encoding._remembered
    key = (factory, items)
    known = remembered.get(key)
    if known is None:
        known = tuple(encoding.encode(make(item)) for item in items)
        if len(remembered) >= PARTS_KEPT:
            remembered.clear()
        remembered[key] = known
    return known


@attrs.frozen(eq=False)
class _TableCodes:
    """Where the inputs of one :class:`Table` stand in an action space."""

    codes: Table[int]
    """The index of each input, -1 for an input outside the space."""
    complete: bool
    """Whether every input is in the space."""
    start: int | None
    """When the inputs in the space have consecutive indices in the order of the table, the
    first of them; else ``None``."""
    width: int
    """How many inputs the table holds."""
    inside: int
    """How many inputs are in the space."""
    outside: int
    """The numbers of the inputs outside the space, as lanes of 2 (one byte per number,
    little-endian)."""
    runs: dict[int, bytes]
    """The runs made so far of the sets of numbers met, by set (shared by the tables with the
    same numbers outside the space: the leaders' and the land tiles', for instance)."""

    def mark(self, mask: bytearray, lanes: int) -> bool:
        """Set to 1 the indices of the numbers ``lanes`` holds (:meth:`Selection.lanes` of
        :attr:`width` numbers) in ``mask``, when the inputs in the space are one run of
        indices that no other part has touched and no number held is outside the space;
        else leave ``mask`` unchanged and answer ``False``."""
        start = self.start
        if start is None:
            return False
        runs = self.runs
        run = runs.get(lanes)
        if run is None:
            # Outside numbers read 2, or 3 when held: dropping the 2s leaves the run in the
            # space, one byte longer for each number held outside it.
            run = (lanes | self.outside).to_bytes(self.width, "little")
            if self.outside:
                run = run.translate(None, b"\x02")
            if len(runs) >= RUNS_KEPT:
                runs.clear()
            runs[lanes] = run
        end = start + self.inside
        if len(run) != self.inside or mask.find(1, start, end) != -1:
            return False
        mask[start:end] = run
        return True


RUNS_KEPT = 1024
"""How many runs of a mask each kind of table remembers (a few hundred kilobytes)."""


def _codes_of(encoding: ActionEncoding, table: Table[Any]) -> _TableCodes:
    """The :class:`_TableCodes` of ``table`` in ``encoding``, remembered for ``table``."""
    index = encoding._index
    numbers = [index.get(action, -1) for action in table.inputs]
    inside = [n for n in numbers if n >= 0]
    consecutive = bool(inside) and inside == list(range(inside[0], inside[0] + len(inside)))
    outside = bytes(2 if n < 0 else 0 for n in numbers)
    found = _TableCodes(
        Table(numbers),
        not outside.count(2),
        inside[0] if consecutive else None,
        len(numbers),
        len(inside),
        int.from_bytes(outside, "little"),
        encoding._runs.setdefault(outside, {}),
    )
    if len(encoding._codes) >= PARTS_KEPT:
        encoding._codes.clear()
    encoding._codes[table] = found
    return found


_UNSEEN: Any = object()
"""A factory not met yet (``None`` marks one met whose parts have no table)."""


def _factory(make: Any) -> Any:
    """What identifies the factory ``make``: a ``functools.partial`` by its function and
    arguments (one is made for every list), anything else by itself."""
    if type(make) is partial:
        return (make.func, make.args, tuple(make.keywords.items()))
    return make


def _table_of(encoding: ActionEncoding, make: Any, item: Any) -> ItemTable | None:
    """The table of the kind and colour of the action ``make`` makes of ``item``, when it
    gives that action's own index for ``item``."""
    first = make(item)
    table = encoding._items.get((type(first), getattr(first, "color", None)))
    if table is None:
        return None
    try:
        agrees = table.get(item) == encoding.encode(first)
    except TypeError:  # an unhashable item: not a square, spot or column
        return None
    return table if agrees else None
