"""Information sets: what one player knows, as numbers, and full states drawn from what he
cannot see (for determinized search such as ISMCTS).

- :func:`observation` turns what ``player`` may see of ``state`` (his view, CONV-14, OPT-2,
  CARD-DEF-7), or that view itself, into a flat tuple of ints of fixed length
  :func:`observation_size`, laid out as :func:`observation_layout` says, each entry within
  the bounds of :func:`observation_bounds`. Two states with equal views give equal
  observations.
- :func:`sample_hidden` returns a full state that ``player`` cannot tell from ``state``: what
  he has not seen is dealt again at random.

Each game says how it is observed and sampled (:class:`GameObservation`, asked of the
state's ruleset; both games offer it); a game that offers neither is refused with
:class:`~tigris_rules.ArgumentTypeError` naming it. The layout of a configuration depends on
that configuration alone: its number of players, the variants it plays and, in the card
game, its ``column_limit``, never on what else is installed.

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

A board-game variant adds segments of its own to the observation of a game that plays it
(:class:`VariantObservation`) and draws again the hidden parts of its data
(:class:`VariantSampling`).

>>> import random
>>> import tigris_rules as tr
>>> from tigris_rules.ai.information import Discards, observation, sample_hidden
>>> from tigris_rules.views import view
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> discards = Discards.start(state.config)
>>> sample = sample_hidden(state, 0, random.Random(7), discards)
>>> view(sample, 0) == view(state, 0), observation(sample, 0) == observation(state, 0)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import attrs

from tigris_rules._arguments import expect
from tigris_rules._extras import extra_needed
from tigris_rules.api import AnyAction, AnyState
from tigris_rules.errors import ArgumentTypeError, NotAStateError, TigrisError
from tigris_rules.model.actions import SwapTiles
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.observations import ObservationSegment
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.views.seats import SeatView

if TYPE_CHECKING:
    import numpy

__all__ = [
    "Discards",
    "GameObservation",
    "GameObservationArray",
    "GameObservationBounds",
    "InformationError",
    "ObservationSegment",
    "ObservationWriter",
    "VariantObservation",
    "VariantSampling",
    "observation",
    "observation_array",
    "observation_bounds",
    "observation_into",
    "observation_layout",
    "observation_size",
    "observation_writer",
    "sample_hidden",
]

Counts = tuple[int, int, int, int]
S = TypeVar("S", bound=AnyState)
Layout = tuple[tuple[str, int], ...]


class InformationError(TigrisError, ValueError):
    """A seat that is not one of the game's, or a :class:`Discards` value that cannot belong
    to the game it is used with."""


class GameObservation(Protocol):
    """What observations and sampling ask of a game's ruleset (one configuration). The
    arguments are checked before: ``player`` is a seat of the game, ``rng`` a
    :class:`random.Random`, ``discards`` a :class:`Discards` of as many seats."""

    def observation_layout(self) -> Layout:
        """The segments of every observation of the configuration, in order: (name, length),
        each name once."""
        ...

    def observe(self, state: Any, player: int) -> tuple[int, ...]:
        """What ``player`` knows of ``state``, laid out as :meth:`observation_layout` says,
        from what he may see alone."""
        ...

    def observe_view(self, view: Any, player: int) -> tuple[int, ...]:
        """:meth:`observe` read from ``view``, the view of ``player`` (a seat)."""
        ...

    def sample_hidden(self, state: Any, player: int, rng: random.Random, discards: Discards) -> Any:
        """A full state that ``player`` cannot tell from ``state``, drawn with ``rng``;
        :class:`InformationError` for ``discards`` that cannot belong to the game."""
        ...


class GameObservationBounds(Protocol):
    """What :func:`observation_bounds` asks of a game's ruleset that knows the range of every
    entry of its observations."""

    def observation_bounds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The least and the greatest value of each entry of every observation of the
        configuration, in layout order."""
        ...


class ObservationWriter(Protocol):
    """Writes observations of one configuration into arrays."""

    def write(self, state: Any, player: int, out: Any) -> None:
        """What ``player`` (a seat) knows of ``state`` (a state of the configuration), the
        numbers of :func:`observation`, into ``out``: a writable one-dimensional numpy array
        of :func:`observation_size` entries."""
        ...


class GameObservationArray(Protocol):
    """What :func:`observation_into` asks of a game's ruleset that writes its observations
    into numpy arrays itself, from the state (a game that does not offer it has its
    :func:`observation` copied into the array)."""

    def observation_writer(self) -> ObservationWriter:
        """The writer of the configuration's observations: it writes exactly the numbers of
        :meth:`GameObservation.observe`, reading only what the player may see."""
        ...


class VariantObservation(Protocol):
    """What the observation of a board game asks of a variant that adds segments to it. Only
    the variants a configuration plays are asked."""

    @classmethod
    def observation_segments(cls, config: GameConfig) -> tuple[ObservationSegment, ...]:
        """The variant's segments of the observation of a board game of ``config`` (one that
        plays it), each placed after the base segment it names (in canonical order among the
        variants placed there) or at the end. Its names must differ from the base segments'
        and the other variants' (a :class:`~tigris_rules.ConfigError` otherwise)."""
        ...

    def observe(self, view: Any, seat: int) -> tuple[Sequence[int], ...]:
        """What ``seat`` sees of the variant in ``view`` (his
        :class:`~tigris_rules.PlayerView` of a game that plays the variant), as numbers: one
        sequence per segment of :meth:`observation_segments`, in its order and of its
        length. Seats in the values are relative to ``seat`` (seat k is
        ``(seat + k) % players``)."""
        ...


class VariantSampling(Protocol):
    """What :func:`sample_hidden` asks of a variant whose data hides something from a player.
    A variant that does not offer it keeps its data as it is in a sample (its data is
    public)."""

    def sample_area(self, state: Any, player: int, rng: random.Random) -> Any:
        """The variant's data in a sample of what ``player`` cannot see: its hidden parts
        drawn again with ``rng``, what ``player`` sees unchanged (its view of the area
        equal). Called once the tiles are dealt again, in canonical order."""
        ...


def _game(ruleset: Ruleset[Any, Any, Any], argument: str) -> GameObservation:
    game: GameObservation | None = offered(ruleset, GameObservation)
    if game is None:
        raise ArgumentTypeError(
            f"{argument}: the {ruleset.game!r} game has no observations: observation and "
            "sample_hidden cover the games that offer them (GameObservation)"
        )
    return game


def _state_game(state: object) -> tuple[Ruleset[Any, Any, Any], GameObservation]:
    ruleset = getattr(state, "ruleset", None)
    if not isinstance(ruleset, Ruleset) or type(state) is not ruleset.state_type:
        raise NotAStateError(f"state: expected a game state, got {type(state).__name__}")
    return ruleset, _game(ruleset, "state")


def _view_game(seen: object) -> tuple[Ruleset[Any, Any, Any], GameObservation] | None:
    """The ruleset and observation facet of a player view, ``None`` for anything else."""
    config = getattr(seen, "config", None)
    if not isinstance(config, GameConfig):
        return None
    ruleset = ruleset_for(config)
    if type(seen) is not getattr(ruleset, "view_type", None):
        return None
    return ruleset, _game(ruleset, "state")


def _seat(config: GameConfig, player: object) -> int:
    expect(player, int, "player", "a seat number (int)")
    player = cast("int", player)
    if not 0 <= player < config.players:
        raise InformationError(f"player {player} is not a seat of a {config.players}-player game")
    return player


def observation_layout(config: GameConfig) -> Layout:
    """The segments of an observation of ``config``, in order: (name, length).

    Seats are relative to the observer: *seat k* is seat ``(player + k) % players``, so the
    observer is always seat 0. Planes hold 176 values, one per square in square order
    (``a1``, ``b1``, ..., ``p11``), 1 where the feature is present. docs/search.md describes
    every segment of the board game.

    The layout depends on ``config`` alone: the number of players and the variants it plays
    (each adds its segments, :class:`VariantObservation`), whatever else is installed.
    """
    expect(config, GameConfig, "config", "a GameConfig")
    return _game(ruleset_for(config), "config").observation_layout()


def observation_size(config: GameConfig) -> int:
    """The length of every observation of ``config``."""
    return sum(length for _, length in observation_layout(config))


def observation_bounds(config: GameConfig) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The least and the greatest value of each entry of an observation of ``config``, two
    tuples of length :func:`observation_size`. Both games bound every entry (the rules bound
    no game, so the turn, and the board game's scores, count up to 1000 and stay there);
    the board game gives ``2**31 - 1`` for a variant's segment that states no ``high``
    (:class:`ObservationSegment`). A game that does not state them gets 0 and
    ``2**31 - 1`` for every entry."""
    expect(config, GameConfig, "config", "a GameConfig")
    ruleset = ruleset_for(config)
    bounded: GameObservationBounds | None = offered(ruleset, GameObservationBounds)
    if bounded is not None:
        return bounded.observation_bounds()
    size = observation_size(config)
    return (0,) * size, (2**31 - 1,) * size


def observation(state: AnyState | SeatView, player: int) -> tuple[int, ...]:
    """What ``player`` knows of ``state`` as a flat tuple of ints, laid out as
    :func:`observation_layout` says. Computed from what he may see alone (his view);
    ``state`` may also be that view itself (``view(state, player)``, with ``viewer`` equal to
    ``player``)."""
    found = _view_game(state)
    if found is not None:
        ruleset, game = found
        seat = _seat(ruleset.config, player)
        viewer = getattr(state, "viewer", None)
        if viewer != seat:
            raise InformationError(
                f"the view is seat {viewer}'s; it cannot give seat {seat}'s observation"
            )
        return game.observe_view(state, seat)
    ruleset, game = _state_game(state)
    return game.observe(state, _seat(ruleset.config, player))


def observation_array(state: AnyState, player: int) -> numpy.ndarray[Any, numpy.dtype[numpy.int32]]:
    """:func:`observation` as a one-dimensional numpy array of ``int32``. Needs numpy
    (``pip install 'tigris-rules[numpy]'``)."""
    with extra_needed("numpy", "observation_array"):
        import numpy

    ruleset, _ = _state_game(state)
    out = numpy.zeros(observation_size(ruleset.config), dtype=numpy.int32)
    observation_into(state, player, out)
    return out


@attrs.frozen
class _CopiedObservation:
    """The writer of a game that offers no :class:`GameObservationArray`: its observation,
    copied."""

    game: GameObservation

    def write(self, state: Any, player: int, out: Any) -> None:
        out[:] = self.game.observe(state, player)


def observation_writer(config: GameConfig) -> ObservationWriter:
    """The writer of the observations of ``config`` (:class:`ObservationWriter`): what the
    environments use to write an observation into an array they hold, with no check of its
    arguments. It writes the numbers of :func:`observation`."""
    expect(config, GameConfig, "config", "a GameConfig")
    ruleset = ruleset_for(config)
    game = _game(ruleset, "config")
    arrays: GameObservationArray | None = offered(ruleset, GameObservationArray)
    if arrays is None:
        return _CopiedObservation(game)
    return arrays.observation_writer()


def observation_into(state: AnyState, player: int, out: Any) -> Any:
    """:func:`observation` written into ``out``, a writable one-dimensional numpy array of
    :func:`observation_size` entries, of floats or of integers that hold every value of
    :func:`observation_bounds`, which it returns. Read from the
    state, with what ``player`` may see alone: the same numbers as :func:`observation`,
    with no tuple built on the way. Needs numpy (``pip install 'tigris-rules[numpy]'``)."""
    ruleset, _ = _state_game(state)
    seat = _seat(ruleset.config, player)
    shape = getattr(out, "shape", None)
    if shape is None or not hasattr(out, "dtype"):
        raise ArgumentTypeError.expected("out", "a numpy array", out)
    size = observation_size(ruleset.config)
    if shape != (size,):
        raise InformationError(
            f"out: an observation of {ruleset.config!r} needs an array of shape ({size},), "
            f"not {shape}"
        )
    if not getattr(getattr(out, "flags", None), "writeable", False):
        raise InformationError("out: the array is read-only")
    kind, width = out.dtype.kind, out.dtype.itemsize * 8
    greatest = {"i": 2 ** (width - 1) - 1, "u": 2**width - 1}.get(kind)
    if kind not in ("i", "u", "f"):
        raise ArgumentTypeError(f"out: expected an array of numbers, got one of {out.dtype}")
    if greatest is not None and greatest < max(observation_bounds(ruleset.config)[1]):
        raise InformationError(
            f"out: {out.dtype} cannot hold every value of the observation "
            f"(up to {max(observation_bounds(ruleset.config)[1])})"
        )
    observation_writer(ruleset.config).write(state, seat, out)
    return out


def sample_hidden(state: S, player: int, rng: random.Random, discards: Discards | None = None) -> S:
    """A full state that ``player`` cannot tell from ``state``, drawn at random.

    In the board game the tiles ``player`` has not seen (the other players' hands, the bag
    and the tiles the other players discarded in swaps, as ``discards`` records them) are
    shuffled with ``rng`` and dealt again: each other hand keeps its size, the bag its size
    (in a new order; its drawn part holds no record of the real draws) and each seat's
    discards their number. Then each variant draws again what ``player`` cannot see of its
    data (:class:`VariantSampling`; the shipped variants' data is public). Everything else,
    so ``view(sample, player)``, is unchanged. Once the game is over it returns ``state``.
    Without ``discards``, the sample is drawn as if nobody had swapped.

    In the card game (CARD-DEF-7) the cards ``player`` cannot see are shuffled and dealt
    again into their places, each keeping its number of cards: the other hands, the
    face-down gap cards the others played, the VP piles below their top card (unless
    ``open_scoring`` shows them), the draw pile and the 30 cards set aside with two players.
    The card game has no swap: ``discards`` is only checked.
    """
    ruleset, game = _state_game(state)
    me = _seat(ruleset.config, player)
    expect(rng, random.Random, "rng", "a random.Random")
    expect(discards, (Discards, None), "discards", "a Discards value")
    if discards is None:
        discards = Discards.start(ruleset.config)
    if len(discards.counts) != ruleset.config.players:
        raise InformationError(
            f"discards hold {len(discards.counts)} seats; the game has {ruleset.config.players}"
        )
    sample: S = game.sample_hidden(state, me, rng, discards)
    return sample


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

    def after(self, state: Any, action: AnyAction) -> Discards:
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
