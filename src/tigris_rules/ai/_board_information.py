"""Observations and samples of the board game (RULES.md Part I), as
:mod:`tigris_rules.ai.information` describes them: the layout of a configuration, a player's
observation read from his view, and a state re-dealt from the tiles he has not seen."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any, Final

import attrs

from tigris_rules.ai.information import (
    Counts,
    Discards,
    InformationError,
    Layout,
    VariantObservation,
    VariantSampling,
)
from tigris_rules.errors import ConfigError
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.board import board_layout
from tigris_rules.model.cells import CATASTROPHE, FLIPPED
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import (
    CommitDecision,
    ConflictKind,
    Decision,
    Role,
    StructureDecision,
    TreasureDecision,
    WarOrderDecision,
)
from tigris_rules.model.facets import offered
from tigris_rules.model.observations import ObservationSegment
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import COLUMNS, SQUARE_COUNT
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.components import CATASTROPHES_PER_PLAYER, HAND_SIZE, TILE_COUNTS
from tigris_rules.rules.setup import bag_contents
from tigris_rules.views import PlayerView, view

__all__ = [
    "SCORE_CAP",
    "TURN_CAP",
    "UNBOUNDED",
    "board_observation",
    "board_observation_bounds",
    "board_observation_layout",
    "board_plane_segments",
    "board_sample_hidden",
    "board_view_observation",
    "observation_plan",
    "observed_turn",
    "seat_totals",
]

_BASE_DECISIONS: tuple[type | None, ...] = (
    None,
    WarOrderDecision,
    CommitDecision,
    StructureDecision,
    TreasureDecision,
)
"""The kinds of pending decision of the base game, in the order of the observation's one-hot
segment; the decision types of the variants played follow."""


UNBOUNDED = 2**31 - 1
"""The greatest value of a variant's segment that states no bound."""

TURN_CAP = 1000
"""The observation's ``turn`` counts turns up to this number and stays there, as in the card
game: the rules bound no game (a game may last forever, docs/decisions.md)."""

SCORE_CAP = 1000
"""The observation's ``scores`` count each colour's VP up to this number and stay there, for
the same reason (a monument scores at the end of every turn, MON-11)."""


@attrs.frozen
class _Insert:
    """One segment of a variant in the layout: after ``offset`` base values, written by
    ``variant`` (the configuration's instance) as the ``index``-th of its segments."""

    offset: int
    variant: Any
    index: int
    name: str
    length: int
    high: int | None


@attrs.frozen
class _Plan:
    """How an observation of one configuration is laid out: the segments in order, the
    decision kinds of the one-hot segment, and where the variants' segments go (in layout
    order)."""

    layout: Layout
    decisions: tuple[type | None, ...]
    inserts: tuple[_Insert, ...]


@cache
def observation_plan(config: GameConfig) -> _Plan:
    """The plan of ``config``: the base segments, and the segments of the variants it plays
    placed after the base segment each names (ConfigError for a name taken twice, or a place
    that is no base segment)."""
    variants = ruleset_for(config).variants
    decisions = (*_BASE_DECISIONS, *(kind for variant in variants for kind in variant.decisions))
    base = _base_layout(config, len(decisions))
    placed = _placed_segments(config, variants, {name for name, _ in base})
    layout: list[tuple[str, int]] = []
    inserts: list[_Insert] = []
    owners = dict.fromkeys((name for name, _ in base), "the base game")
    written: dict[int, int] = {}
    offset = 0
    for name, length in [*base, (None, 0)]:
        if name is not None:
            layout.append((name, length))
            offset += length
        for variant, segment in placed.get(name, ()):
            if segment.name in owners:
                raise ConfigError(
                    f"the observation segment {segment.name!r} is named by "
                    f"{owners[segment.name]} and by the variant {variant.name!r}"
                )
            owners[segment.name] = f"the variant {variant.name!r}"
            layout.append((segment.name, segment.length))
            index = written.get(variant.slot, 0)
            inserts.append(
                _Insert(offset, variant, index, segment.name, segment.length, segment.high)
            )
            written[variant.slot] = index + 1
    return _Plan(tuple(layout), decisions, tuple(inserts))


def _placed_segments(
    config: GameConfig, variants: Sequence[Any], bases: set[str]
) -> dict[str | None, list[tuple[Any, ObservationSegment]]]:
    """The segments of ``variants`` (those of ``config`` that offer observations) by the
    base segment they follow (``None``: the end), each checked."""
    placed: dict[str | None, list[tuple[Any, ObservationSegment]]] = {}
    for variant in variants:
        observed: VariantObservation | None = offered(variant, VariantObservation)
        if observed is None:
            continue
        for segment in observed.observation_segments(config):
            if (
                not isinstance(segment, ObservationSegment)
                or type(segment.length) is not int
                or segment.length < 0
            ):
                raise ConfigError(
                    f"the variant {variant.name!r} declares {segment!r:.60} as an "
                    "observation segment; expected an ObservationSegment of length 0 or more"
                )
            if segment.high is not None and (
                type(segment.high) is not int or not 0 <= segment.high <= UNBOUNDED
            ):
                raise ConfigError(
                    f"the variant {variant.name!r} bounds its observation segment "
                    f"{segment.name!r} by {segment.high!r:.30}; expected None or an int from 0 "
                    f"to {UNBOUNDED}"
                )
            if segment.after is not None and segment.after not in bases:
                raise ConfigError(
                    f"the variant {variant.name!r} places an observation segment after "
                    f"{segment.after!r}, which is no segment of the base game"
                )
            placed.setdefault(segment.after, []).append((variant, segment))
    return placed


def board_observation_layout(config: GameConfig) -> Layout:
    """The segments of an observation of a board game of ``config``, in order."""
    return observation_plan(config).layout


@cache
def board_observation_bounds(config: GameConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The least and the greatest value of every entry of an observation of ``config``: 0
    and 1 for the planes, flags and one-hot segments; the hand and a commitment at most a
    full hand (HAND-SIZE), the catastrophes the two each player starts with (CATA-1), the
    treasures held at most the board's treasures (COMP-7), the bag at most the tiles it holds
    once the hands are dealt (SETUP-4, SETUP-6), two actions a turn (TURN-3), a conflict's
    base at most the tiles of the most numerous colour (REVOLT-2, WAR-7, COMP-4), the turn
    :data:`TURN_CAP` and each score :data:`SCORE_CAP` (where they stay); each segment of a
    variant the ``high`` it states
    (:class:`~tigris_rules.model.observations.ObservationSegment`), :data:`UNBOUNDED` when it
    states none. Every least value is 0."""
    treasures = len(board_layout(config.board).start_squares)
    highs: dict[str, int] = {
        "hand": HAND_SIZE,
        "hand_size": HAND_SIZE,
        "catastrophes": CATASTROPHES_PER_PLAYER,
        "scores": SCORE_CAP,
        "treasures_held": treasures,
        "bag_size": sum(bag_contents(config)) - HAND_SIZE * config.players,
        "turn": TURN_CAP,
        "actions_taken": 2,
        "conflict_bases": max(TILE_COUNTS),
        "attacker_commit": HAND_SIZE,
    }
    plan = observation_plan(config)
    variant_highs = {insert.name: insert.high for insert in plan.inserts}
    high: list[int] = []
    for name, length in plan.layout:
        if name in variant_highs:
            stated = variant_highs[name]
            value = UNBOUNDED if stated is None else stated
        else:
            value = highs.get(name.rpartition(".")[2], 1)
        high += [value] * length
    return (0,) * len(high), tuple(high)


PLANE_SEGMENTS: Final = (
    "tiles",
    "flipped",
    "catastrophes",
    "treasures",
    "river",
    "leaders",
    "monuments",
    "marker",
    "placed",
)
"""The base segments that cover the board, one or more planes each, in layout order."""
_BASE_PLANES = frozenset(PLANE_SEGMENTS)


def board_plane_segments(config: GameConfig) -> frozenset[str]:
    """The segments of an observation of ``config`` that cover the board: the base game's
    planes and every segment of a variant whose length is a whole number of planes."""
    inserts = observation_plan(config).inserts
    variant = {insert.name for insert in inserts if insert.length % SQUARE_COUNT == 0}
    return _BASE_PLANES | variant


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


# --- observations -----------------------------------------------------------------------------


def board_observation(state: GameState, player: int) -> tuple[int, ...]:
    """What ``player`` knows of ``state``, from his view alone."""
    return board_view_observation(view(state, player), player)


def board_view_observation(seen: PlayerView, player: int) -> tuple[int, ...]:
    """What ``player`` knows of a board game, read from ``seen``, his view."""
    plan = observation_plan(seen.config)
    out = _observe_base(seen, player, plan.decisions)
    observed: dict[int, Sequence[Sequence[int]]] = {}
    for insert in reversed(plan.inserts):  # later places first
        variant = insert.variant
        if variant.slot not in observed:
            observed[variant.slot] = variant.observe(seen, player)
        found = observed[variant.slot]
        values = found[insert.index] if insert.index < len(found) else ()
        if len(values) != insert.length:
            raise ConfigError(
                f"the observation segment {insert.name!r} has {len(values)} values, "
                f"not {insert.length}"
            )
        out[insert.offset : insert.offset] = values
    return tuple(out)


def one_hot(size: int, position: int | None) -> list[int]:
    values = [0] * size
    if position is not None:
        values[position] = 1
    return values


def _square(square: int) -> int | None:
    return None if square == NO_SQUARE else square


def _observe_base(seen: PlayerView, me: int, decisions: tuple[type | None, ...]) -> list[int]:
    """The values of the base segments, in layout order."""
    n = seen.config.players
    relative = [(me + k) % n for k in range(n)]
    return [
        *_planes(seen, relative),
        *_seats(seen, relative),
        *_turn(seen, me),
        *decision_values(seen.pending, seen.config.players, me, decisions),
    ]


def _planes(seen: PlayerView, relative: list[int]) -> list[int]:
    """The board's planes: tiles, flipped tiles, catastrophes, treasures, river, each seat's
    leaders, monuments, the unification marker and the square just placed on."""
    cells = seen.cells
    out: list[int] = []
    for code in (0, 1, 2, 3, FLIPPED, CATASTROPHE):
        out += [1 if c == code else 0 for c in cells]
    out += [1 if s in seen.treasures else 0 for s in range(SQUARE_COUNT)]
    out += [1 if r else 0 for r in board_layout(seen.config.board).river]
    for absolute in relative:
        for color in range(4):
            out += one_hot(SQUARE_COUNT, _square(seen.leaders[4 * absolute + color]))
    for top_left in seen.monuments:
        plane = [0] * SQUARE_COUNT
        if top_left != NO_SQUARE:
            for s in (top_left, top_left + 1, top_left + COLUMNS, top_left + COLUMNS + 1):
                plane[s] = 1
        out += plane
    out += one_hot(SQUARE_COUNT, _square(seen.marker))
    out += one_hot(SQUARE_COUNT, _square(seen.placed))
    return out


def _seats(seen: PlayerView, relative: list[int]) -> list[int]:
    """Each seat's hand (when seen), hand size, catastrophes, totals and treasures."""
    out: list[int] = []
    for absolute in relative:
        hand = seen.hands[absolute]
        scores = seen.scores[absolute]
        held = seen.treasures_held[absolute]
        out.append(0 if hand is None else 1)
        out += (0, 0, 0, 0) if hand is None else hand
        out.append(seen.hand_sizes[absolute])
        out.append(seen.catastrophes[absolute])
        out += (0, 0, 0, 0, 0, 0) if scores is None or held is None else seat_totals(scores, held)
    return out


def seat_totals(scores: Sequence[int], held: int) -> tuple[int, ...]:
    """A seat's totals as the observation writes them where they are seen: 1 (known), the
    VP per colour (each at most :data:`SCORE_CAP`) and the treasures held."""
    return (
        1,
        min(scores[0], SCORE_CAP),
        min(scores[1], SCORE_CAP),
        min(scores[2], SCORE_CAP),
        min(scores[3], SCORE_CAP),
        held,
    )


def observed_turn(turn: int) -> int:
    """The turn as the observation writes it: at most :data:`TURN_CAP`."""
    return min(turn, TURN_CAP)


def _relative(seen: PlayerView, me: int, absolute: int | None) -> int | None:
    return None if absolute is None else (absolute - me) % seen.config.players


def _turn(seen: PlayerView, me: int) -> list[int]:
    """The bag, the turn, who is active and to move, and the monuments still available."""
    n = seen.config.players
    out = [
        seen.bag_size,
        observed_turn(seen.turn),
        seen.actions_taken,
        int(seen.short_draw),
        int(seen.over),
    ]
    out += one_hot(n, _relative(seen, me, seen.active))
    out += one_hot(n, _relative(seen, me, seen.to_move))
    out += [1 if s == NO_SQUARE else 0 for s in seen.monuments]
    return out


def decision_values(
    decision: Decision | None, n: int, me: int, decisions: tuple[type | None, ...]
) -> list[int]:
    """The pending decision of a game of ``n`` seats, seen by seat ``me``: its kind and
    player, the colours of a war order, and the conflict of a commitment (a decision is
    public: the view holds the state's own)."""
    out = one_hot(len(decisions), decisions.index(type(decision) if decision else None))
    out += one_hot(n, None if decision is None else (decision.player - me) % n)
    colors = decision.colors if isinstance(decision, WarOrderDecision) else ()
    out += [1 if c in colors else 0 for c in COLORS]
    if not isinstance(decision, CommitDecision):
        return out + [0] * (2 + 2 + 4 + 2 * n + 2 + 2)
    conflict = decision.conflict
    out += one_hot(2, 0 if conflict.kind is ConflictKind.REVOLT else 1)
    out += one_hot(2, 0 if decision.role is Role.ATTACKER else 1)
    out += one_hot(4, conflict.color.index)
    out += one_hot(n, (conflict.attacker - me) % n)
    out += one_hot(n, (conflict.defender - me) % n)
    out += [conflict.attacker_base, conflict.defender_base]
    commit = conflict.attacker_commit
    return out + ([0, 0] if commit is None else [1, commit])


# --- sampling ---------------------------------------------------------------------------------


def _check_discards(state: GameState, discards: Discards) -> None:
    for color in range(4):
        total = sum(seat[color] for seat in discards.counts)
        if total > state.out_of_game[color]:
            raise InformationError(
                f"discards name {total} tiles of colour {COLORS[color].value} but only "
                f"{state.out_of_game[color]} are out of the game: they belong to another game"
            )


def board_sample_hidden(
    state: GameState, me: int, rng: random.Random, discards: Discards
) -> GameState:
    """A full state that seat ``me`` cannot tell from ``state``: the other hands, the bag and
    the others' discards dealt again from the tiles he has not seen, then each variant's
    hidden data drawn again (:class:`~tigris_rules.ai.information.VariantSampling`)."""
    _check_discards(state, discards)
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
        areas=tuple(_sampled_area(v, state, me, rng) for v in state.ruleset.variants),
    )


def _sampled_area(variant: Any, state: GameState, me: int, rng: random.Random) -> Any:
    """The variant's area in the sample: drawn again if it hides something, else as it is."""
    sampling: VariantSampling | None = offered(variant, VariantSampling)
    return variant.area(state) if sampling is None else sampling.sample_area(state, me, rng)


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
