"""Information sets of the board game: what one player knows, as numbers, and full states
drawn from what he cannot see (for determinized search such as ISMCTS).

- :func:`observation` turns ``view(state, player)`` (CONV-14, OPT-2) into a flat tuple of
  ints of fixed length :func:`observation_size`, laid out as :func:`observation_layout`
  says. It reads the view only, so two states with equal views give equal observations.
- :func:`sample_hidden` returns a full state that ``player`` cannot tell from ``state``: the
  other players' hands, the bag (contents and order) and the colours of the tiles the other
  players discarded in swaps are re-dealt at random from the tiles he has not seen.

What a player has seen of a board game (CONV-14): the whole board at every moment, so the
colour of every tile that left the board (catastrophes, conflicts, monuments) and of every
tile committed in a conflict; his own hand and the tiles he drew and discarded; every
player's hand size and the bag's size; the number of tiles each player discarded in a swap,
never their colours (CONV-14(e)). After the end everything is public, and the sample is the
state itself.

A game state keeps the tiles out of the game as one count per colour, without saying which
of them were discarded face down. That fact of the past is kept by a :class:`Discards`
value, which a program carries along the game (``discards = discards.after(state, action)``
before each ``apply``) and gives to :func:`sample_hidden`.

The card game is not covered yet: both functions raise
:class:`~tigris_rules.ArgumentTypeError` for a card-game state.

>>> import random
>>> import tigris_rules as tr
>>> from tigris_rules.information import Discards, observation, sample_hidden
>>> from tigris_rules.views import view
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> discards = Discards.start(state.config)
>>> sample = sample_hidden(state, 0, random.Random(7), discards)
>>> view(sample, 0) == view(state, 0), observation(sample, 0) == observation(state, 0)
(True, True)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import attrs

from tigris_rules.api import AnyAction
from tigris_rules.arguments import expect
from tigris_rules.errors import ArgumentTypeError, ConfigError, TigrisError
from tigris_rules.model.actions import MONUMENTS, SwapTiles
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import CATASTROPHE, FLIPPED
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import (
    CommitDecision,
    ConflictKind,
    Role,
    StructureDecision,
    TreasureDecision,
    WarOrderDecision,
)
from tigris_rules.model.observations import ObservationSegment
from tigris_rules.model.plugins import VARIANT_GROUP, plugin, plugin_names
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import COLUMNS, SQUARE_COUNT
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.setup import bag_contents
from tigris_rules.views import PlayerView, view

if TYPE_CHECKING:
    import numpy

__all__ = [
    "Discards",
    "InformationError",
    "ObservationSegment",
    "observation",
    "observation_array",
    "observation_layout",
    "observation_size",
    "sample_hidden",
]

Counts = tuple[int, int, int, int]


class InformationError(TigrisError, ValueError):
    """A :class:`Discards` value that cannot belong to the game it is used with."""


def _board_state(state: object, function: str) -> GameState:
    if type(state) is not GameState:  # the message is built only for a wrong state
        expect(
            state,
            GameState,
            "state",
            f"a board-game GameState ({function} does not cover the card game)",
        )
    return cast("GameState", state)


def _seat(config: GameConfig, player: object) -> int:
    expect(player, int, "player", "a seat number (int)")
    player = cast("int", player)
    if not 0 <= player < config.players:
        raise InformationError(f"player {player} is not a seat of a {config.players}-player game")
    return player


# --- observations -----------------------------------------------------------------------------

_BASE_DECISIONS: tuple[type | None, ...] = (
    None,
    WarOrderDecision,
    CommitDecision,
    StructureDecision,
    TreasureDecision,
)
"""The kinds of pending decision of the base game, in the order of the observation's one-hot
segment; the installed variants' decision types follow."""


@attrs.frozen
class _Plan:
    """How an observation of one configuration is laid out: the segments in order, the
    decision kinds of the one-hot segment, and where the variants' segments go: for each, in
    layout order, the number of base values before it, the installed variant writing it
    (the configuration's instance, or ``None`` for a variant it does not play, which writes
    zeros), its place among that variant's segments, its name and its length."""

    layout: tuple[tuple[str, int], ...]
    decisions: tuple[type | None, ...]
    inserts: tuple[tuple[int, Any, int, str, int], ...]


def _plan(config: GameConfig) -> _Plan:
    return _plan_of(config, tuple(sys.path))


@cache
def _plan_of(config: GameConfig, path: tuple[str, ...]) -> _Plan:
    """The plan of ``config`` with the variants installed on ``path`` (the cache key, as for
    the plug-ins): their segments are placed after the base segment each names (ConfigError
    for a name taken twice, or a place that is no base segment)."""
    installed = plugin_names(VARIANT_GROUP)
    classes = [plugin(VARIANT_GROUP, name) for name in installed]
    decisions = (*_BASE_DECISIONS, *(kind for variant in classes for kind in variant.decisions))
    base = _base_layout(config, len(decisions))
    placed: dict[str | None, list[tuple[int, ObservationSegment]]] = {}
    for index, variant in enumerate(classes):
        for segment in variant.observation_segments(config):
            if (
                not isinstance(segment, ObservationSegment)
                or type(segment.length) is not int
                or segment.length < 0
            ):
                raise ConfigError(
                    f"the variant {installed[index]!r} declares {segment!r:.60} as an "
                    "observation segment; expected an ObservationSegment of length 0 or more"
                )
            placed.setdefault(segment.after, []).append((index, segment))
    bases = {name for name, _ in base}
    unknown = sorted(set(placed) - bases - {None}, key=str)
    if unknown:
        owner = installed[placed[unknown[0]][0][0]]
        raise ConfigError(
            f"the variant {owner!r} places an observation segment after {unknown[0]!r}, "
            "which is no segment of the base game"
        )
    played = {type(v): v for v in ruleset_for(config).variants}
    layout: list[tuple[str, int]] = []
    inserts: list[tuple[int, Any, int, str, int]] = []
    owners = dict.fromkeys(bases, "the base game")
    written = [0] * len(classes)
    offset = 0
    for name, length in [*base, (None, 0)]:
        if name is not None:
            layout.append((name, length))
            offset += length
        for index, segment in placed.get(name, ()):
            if segment.name in owners:
                raise ConfigError(
                    f"the observation segment {segment.name!r} is named by "
                    f"{owners[segment.name]} and by the variant {installed[index]!r}"
                )
            owners[segment.name] = f"the variant {installed[index]!r}"
            layout.append((segment.name, segment.length))
            writer = played.get(classes[index])
            inserts.append((offset, writer, written[index], segment.name, segment.length))
            written[index] += 1
    return _Plan(tuple(layout), decisions, tuple(inserts))


def observation_layout(config: GameConfig) -> tuple[tuple[str, int], ...]:
    """The segments of an observation of ``config``, in order: (name, length).

    Seats are relative to the observer: *seat k* is seat ``(player + k) % players``, so the
    observer is always seat 0. Planes hold 176 values, one per square in square order
    (``a1``, ``b1``, ..., ``p11``), 1 where the feature is present. docs/search.md describes
    every segment.

    Every installed variant has its segments in the layout, whether ``config`` plays it or
    not (a variant not played observes zeros): the layout depends on the number of players
    and on the installed variants only
    (:meth:`~tigris_rules.rules.hooks.Variant.observation_segments`).
    """
    expect(config, GameConfig, "config", "a GameConfig")
    if config.game != "board":
        raise ArgumentTypeError("config: observations cover the board game only, not the card game")
    return _plan(config).layout


def _base_layout(config: GameConfig, decisions: int) -> list[tuple[str, int]]:
    """The segments of the base game, with ``decisions`` kinds of pending decision; the
    variants' segments go in between."""
    n = config.players
    plane = SQUARE_COUNT
    segments: list[tuple[str, int]] = [
        ("tiles", 4 * plane),  # face-up tiles, one plane per colour
        ("flipped", plane),
        ("catastrophes", plane),
        ("treasures", plane),
        ("river", plane),
        ("leaders", 4 * n * plane),  # plane 4 * k + colour: seat k's leader of that colour
        ("monuments", len(MONUMENTS) * plane),  # the four squares of each built monument
        ("marker", plane),
        ("placed", plane),
    ]
    for k in range(n):
        segments += [
            (f"seat{k}.hand_known", 1),
            (f"seat{k}.hand", 4),
            (f"seat{k}.hand_size", 1),
            (f"seat{k}.catastrophes", 1),
            (f"seat{k}.totals_known", 1),
            (f"seat{k}.scores", 4),
            (f"seat{k}.treasures_held", 1),
        ]
    segments += [
        ("bag_size", 1),
        ("turn", 1),
        ("actions_taken", 1),
        ("short_draw", 1),
        ("over", 1),
        ("active", n),
        ("to_move", n),
        ("monuments_available", len(MONUMENTS)),
        ("decision", decisions),
        ("decision_player", n),
        ("war_colors", 4),
        ("conflict_kind", 2),
        ("conflict_role", 2),
        ("conflict_color", 4),
        ("conflict_attacker", n),
        ("conflict_defender", n),
        ("conflict_bases", 2),
        ("attacker_commit_known", 1),
        ("attacker_commit", 1),
    ]
    return segments


def observation_size(config: GameConfig) -> int:
    """The length of every observation of ``config``."""
    return sum(length for _, length in observation_layout(config))


def observation(state: GameState, player: int) -> tuple[int, ...]:
    """What ``player`` knows of ``state`` as a flat tuple of ints, laid out as
    :func:`observation_layout` says. Computed from ``view(state, player)`` alone."""
    state = _board_state(state, "observation")
    me = _seat(state.config, player)
    return _observe(view(state, me), me)


def observation_array(
    state: GameState, player: int
) -> numpy.ndarray[Any, numpy.dtype[numpy.int32]]:
    """:func:`observation` as a one-dimensional numpy array of ``int32``. Needs numpy
    (``pip install 'tigris-rules[numpy]'``)."""
    import numpy

    return numpy.array(observation(state, player), dtype=numpy.int32)


def _one_hot(size: int, position: int | None) -> list[int]:
    values = [0] * size
    if position is not None:
        values[position] = 1
    return values


def _observe(seen: PlayerView, me: int) -> tuple[int, ...]:
    plan = _plan(seen.config)
    out = _observe_base(seen, me, plan.decisions)
    observed: dict[int, Sequence[Sequence[int]]] = {}
    for offset, variant, k, name, length in reversed(plan.inserts):  # later places first
        if variant is None:
            out[offset:offset] = [0] * length
            continue
        if variant.slot not in observed:
            observed[variant.slot] = variant.observe(seen, me)
        found = observed[variant.slot]
        values = found[k] if k < len(found) else ()
        if len(values) != length:
            raise ConfigError(
                f"the observation segment {name!r} has {len(values)} values, not {length}"
            )
        out[offset:offset] = values
    return tuple(out)


def _observe_base(seen: PlayerView, me: int, decisions: tuple[type | None, ...]) -> list[int]:
    """The values of the base segments, in layout order."""
    n = seen.config.players
    relative = [(me + k) % n for k in range(n)]

    def seat(absolute: int | None) -> int | None:
        return None if absolute is None else (absolute - me) % n

    cells = seen.cells
    out: list[int] = []
    for code in (0, 1, 2, 3, FLIPPED, CATASTROPHE):
        out += [1 if c == code else 0 for c in cells]
    out += [1 if s in seen.treasures else 0 for s in range(SQUARE_COUNT)]
    out += [1 if r else 0 for r in board_layout(seen.config.board).river]
    for absolute in relative:
        for color in range(4):
            out += _one_hot(SQUARE_COUNT, _square(seen.leaders[4 * absolute + color]))
    for top_left in seen.monuments:
        plane = [0] * SQUARE_COUNT
        if top_left != NO_SQUARE:
            for s in (top_left, top_left + 1, top_left + COLUMNS, top_left + COLUMNS + 1):
                plane[s] = 1
        out += plane
    out += _one_hot(SQUARE_COUNT, _square(seen.marker))
    out += _one_hot(SQUARE_COUNT, _square(seen.placed))
    for absolute in relative:
        hand = seen.hands[absolute]
        scores = seen.scores[absolute]
        held = seen.treasures_held[absolute]
        out.append(0 if hand is None else 1)
        out += (0, 0, 0, 0) if hand is None else hand
        out.append(seen.hand_sizes[absolute])
        out.append(seen.catastrophes[absolute])
        out.append(0 if scores is None else 1)
        out += (0, 0, 0, 0) if scores is None else scores
        out.append(0 if held is None else held)
    out += [seen.bag_size, seen.turn, seen.actions_taken, int(seen.short_draw), int(seen.over)]
    out += _one_hot(n, seat(seen.active))
    out += _one_hot(n, seat(seen.to_move))
    out += [1 if s == NO_SQUARE else 0 for s in seen.monuments]
    decision = seen.pending
    out += _one_hot(len(decisions), decisions.index(type(decision) if decision else None))
    out += _one_hot(n, None if decision is None else seat(decision.player))
    colors = decision.colors if isinstance(decision, WarOrderDecision) else ()
    out += [1 if c in colors else 0 for c in COLORS]
    if isinstance(decision, CommitDecision):
        conflict = decision.conflict
        out += _one_hot(2, 0 if conflict.kind is ConflictKind.REVOLT else 1)
        out += _one_hot(2, 0 if decision.role is Role.ATTACKER else 1)
        out += _one_hot(4, conflict.color.index)
        out += _one_hot(n, seat(conflict.attacker))
        out += _one_hot(n, seat(conflict.defender))
        out += [conflict.attacker_base, conflict.defender_base]
        commit = conflict.attacker_commit
        out += [0, 0] if commit is None else [1, commit]
    else:
        out += [0] * (2 + 2 + 4 + 2 * n + 2 + 2)
    return out


def _square(square: int) -> int | None:
    return None if square == NO_SQUARE else square


# --- what was discarded face down -------------------------------------------------------------


@attrs.frozen
class Discards:
    """The tiles each seat has discarded in swaps so far, per colour (SWAP-2): ``counts[seat]``
    is (black, red, blue, green).

    Only the discarding seat knows these colours (CONV-14(e)); everyone knows how many tiles
    each seat discarded. The game state counts them among the tiles out of the game without
    telling them apart, so a program that samples hidden information keeps this value along
    the game: :meth:`start` at the opening, then ``discards.after(state, action)`` for every
    input, with the state the input is applied to.
    """

    counts: tuple[Counts, ...]

    @classmethod
    def start(cls, config: GameConfig) -> Discards:
        """No tile discarded yet: the value at the opening of a game of ``config``."""
        expect(config, GameConfig, "config", "a GameConfig")
        return cls(tuple((0, 0, 0, 0) for _ in range(config.players)))

    def after(self, state: GameState, action: AnyAction) -> Discards:
        """The value once ``action`` is applied to ``state``: a swap by the active player adds
        his discards; any other input changes nothing. ``action`` must be legal there."""
        if type(action) is not SwapTiles or state.pending is not None:
            return self
        counts = list(self.counts)
        seat = state.active
        held = counts[seat]
        counts[seat] = (
            held[0] + action.black,
            held[1] + action.red,
            held[2] + action.blue,
            held[3] + action.green,
        )
        return Discards(tuple(counts))

    def total(self, seat: int) -> int:
        """How many tiles ``seat`` has discarded (public)."""
        return sum(self.counts[seat])


def _check_discards(state: GameState, discards: object) -> Discards:
    expect(discards, Discards, "discards", "a Discards value")
    discards = cast("Discards", discards)
    counts = discards.counts
    if len(counts) != state.config.players:
        raise InformationError(
            f"discards hold {len(counts)} seats; the game has {state.config.players}"
        )
    for color in range(4):
        total = sum(seat[color] for seat in counts)
        if total > state.out_of_game[color]:
            raise InformationError(
                f"discards name {total} tiles of colour {COLORS[color].value} but only "
                f"{state.out_of_game[color]} are out of the game: they belong to another game"
            )
    return discards


# --- sampling ---------------------------------------------------------------------------------


def sample_hidden(
    state: GameState, player: int, rng: random.Random, discards: Discards
) -> GameState:
    """A full state that ``player`` cannot tell from ``state``, drawn at random.

    The tiles ``player`` has not seen (the other players' hands, the bag and the tiles the
    other players discarded in swaps, as ``discards`` records them) are shuffled with ``rng``
    and dealt again: each other hand keeps its size, the bag its size (in a new order; its drawn
    part holds no record of the real draws) and each seat's discards their number. Then each
    variant draws again what ``player`` cannot see of its data
    (:meth:`~tigris_rules.rules.hooks.Variant.sample_area`; the shipped variants' data is
    public). Everything else, so ``view(sample, player)``, is unchanged. Once the game is over
    it returns ``state``.
    """
    state = _board_state(state, "sample_hidden")
    me = _seat(state.config, player)
    expect(rng, random.Random, "rng", "a random.Random")
    discards = _check_discards(state, discards)
    if state.over:
        return state
    others = [seat for seat in range(state.config.players) if seat != me]
    pool: list[int] = list(state.bag[state.bag_pos :])
    for seat in others:
        pool.extend(_tiles(state.hands[seat]))
        pool.extend(_tiles(discards.counts[seat]))
    pool.sort()  # the sample depends on which tiles are unseen, never on where they were
    rng.shuffle(pool)
    hands = list(state.hands)
    taken = 0

    def deal(count: int) -> Counts:
        nonlocal taken
        dealt = [0, 0, 0, 0]
        for tile in pool[taken : taken + count]:
            dealt[tile] += 1
        taken += count
        return (dealt[0], dealt[1], dealt[2], dealt[3])

    out = list(state.out_of_game)
    for seat in others:
        hands[seat] = deal(sum(state.hands[seat]))
        discarded = deal(discards.total(seat))
        for color in range(4):
            out[color] += discarded[color] - discards.counts[seat][color]
    rest = pool[taken:]
    return attrs.evolve(
        state,
        hands=tuple(hands),
        bag=_drawn_part(state, rest) + tuple(rest),
        out_of_game=(out[0], out[1], out[2], out[3]),
        areas=tuple(variant.sample_area(state, me, rng) for variant in state.ruleset.variants),
    )


def _drawn_part(state: GameState, rest: Sequence[int]) -> tuple[int, ...]:
    """The tiles already drawn from a sampled bag whose undrawn part is ``rest``: as many as
    ``state`` drew (``bag_pos``), by colour in canonical order, from what the setup's tiles
    leave beside ``rest``. It depends on ``rest`` alone, so it tells nothing of the real
    draws, and the whole bag stays one the setup can make (SETUP-4)."""
    setup = bag_contents(state.config)
    undrawn = [0, 0, 0, 0]
    for tile in rest:
        undrawn[tile] += 1
    drawn: list[int] = []
    for color in range(4):
        count = min(setup[color] - undrawn[color], state.bag_pos - len(drawn))
        drawn.extend([color] * count)
    return tuple(drawn)


def _tiles(counts: Sequence[int]) -> list[int]:
    return [color for color, count in enumerate(counts) for _ in range(count)]
