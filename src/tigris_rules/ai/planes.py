"""Board-shaped observations: what a player knows of a board game as a stack of planes over
the board's squares, for convolutional networks.

:func:`observation_planes` gives a ``float32`` numpy array of shape (C, 11, 16): channel by
channel, row 1 first, column a first (``planes[c, row - 1, column]``). It holds exactly the
numbers of :func:`~tigris_rules.ai.information.observation`, read from the player's view
alone (so two states with equal views give equal planes), laid out again:

- every segment of the observation that covers the board is one channel per plane of it,
  in layout order: ``tiles.0`` .. ``tiles.3`` (the face-up tiles of each colour, black,
  red, blue, green), ``flipped``, ``catastrophes``, ``treasures``, ``river``, ``leaders.0``
  .. (``leaders.{4k + colour}``: the leader of that colour of seat k, seats relative to the
  observer, who is seat 0), ``monuments.0`` .. ``monuments.5``, ``marker``, ``placed``, and
  the planes of the variants played (``ziggurat``, ``buildings.0`` ..);
- then every other entry (the seats' hands, catastrophes and scores, the bag, the turn, the
  pending decision and conflict, docs/search.md) is a constant channel filled with its
  value, named ``segment.i`` (``seat0.hand.2``: the observer's blue tiles in hand).

:func:`planes_layout` names the channels of a configuration, :func:`planes_bounds` gives the
least and the greatest value of every cell (those of
:func:`~tigris_rules.ai.information.observation_bounds`). A game offers planes through its
ruleset (:class:`GamePlanes`): the board game does; the card game, which has no squares, is
refused with :class:`~tigris_rules.ArgumentTypeError`. Needs numpy
(``pip install 'tigris-rules[numpy]'``).

>>> import tigris_rules as tr
>>> from tigris_rules.ai.planes import observation_planes, planes_layout
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> planes = observation_planes(state, 0)
>>> planes.shape, planes.dtype, len(planes_layout(state.config))
((92, 11, 16), dtype('float32'), 92)
>>> index = planes_layout(state.config).index("tiles.1")  # red tiles
>>> int(planes[index].sum())  # the ten start temples
10
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, cast

import attrs

from tigris_rules._arguments import expect
from tigris_rules._extras import extra_needed
from tigris_rules.ai.information import (
    observation,
    observation_bounds,
    observation_into,
    observation_layout,
    observation_size,
)
from tigris_rules.api import AnyState
from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.views.seats import SeatView

if TYPE_CHECKING:
    import numpy

__all__ = ["GamePlanes", "observation_planes", "planes_bounds", "planes_layout"]


class GamePlanes(Protocol):
    """What board-shaped observations ask of a game's ruleset (one configuration)."""

    def planes_shape(self) -> tuple[int, int]:
        """The rows and columns of the board; a plane segment of the observation holds
        rows x columns values per plane, in square order (row by row)."""
        ...

    def plane_segments(self) -> frozenset[str]:
        """The names of the observation's segments that cover the board, each one or more
        planes."""
        ...


@attrs.frozen
class _Plan:
    """Where each channel's values come from in the observation: the offsets of the plane
    segments' values, then those of the entries spread over constant channels."""

    shape: tuple[int, int]
    names: tuple[str, ...]
    plane_entries: tuple[int, ...]
    constant_entries: tuple[int, ...]


def _planes_of(config: GameConfig, argument: str) -> GamePlanes:
    planes: GamePlanes | None = offered(ruleset_for(config), GamePlanes)
    if planes is None:
        raise ArgumentTypeError(
            f"{argument}: the {config.game!r} game has no board-shaped observation: planes "
            "cover the games that offer them (GamePlanes)"
        )
    return planes


def _plan(config: GameConfig, argument: str) -> _Plan:
    """The plan of ``config``; :class:`ArgumentTypeError` naming ``argument`` for a game
    without planes."""
    _planes_of(config, argument)
    return _config_plan(config)


@cache
def _config_plan(config: GameConfig) -> _Plan:
    game = _planes_of(config, "config")
    rows, columns = game.planes_shape()
    area = rows * columns
    segments = game.plane_segments()
    plane_names: list[str] = []
    constant_names: list[str] = []
    plane_entries: list[int] = []
    constant_entries: list[int] = []
    offset = 0
    for name, length in observation_layout(config):
        if name in segments:
            count = length // area
            plane_names += [name] if count == 1 else [f"{name}.{i}" for i in range(count)]
            plane_entries += range(offset, offset + length)
        else:
            constant_names += [name] if length == 1 else [f"{name}.{i}" for i in range(length)]
            constant_entries += range(offset, offset + length)
        offset += length
    return _Plan(
        (rows, columns),
        (*plane_names, *constant_names),
        tuple(plane_entries),
        tuple(constant_entries),
    )


def planes_layout(config: GameConfig) -> tuple[str, ...]:
    """The name of every channel of the planes of ``config``, in order (C names)."""
    expect(config, GameConfig, "config", "a GameConfig")
    return _plan(config, "config").names


def _arrange(plan: _Plan, values: Any) -> numpy.ndarray[Any, numpy.dtype[numpy.float32]]:
    """The channels from the observation's ``values`` (a numpy array)."""
    import numpy

    rows, columns = plan.shape
    boards = values[list(plan.plane_entries)].reshape(-1, rows, columns)
    constants = numpy.broadcast_to(
        values[list(plan.constant_entries)][:, None, None],
        (len(plan.constant_entries), rows, columns),
    )
    return numpy.concatenate((boards, constants)).astype(numpy.float32)


def planes_bounds(
    config: GameConfig,
) -> tuple[
    numpy.ndarray[Any, numpy.dtype[numpy.float32]], numpy.ndarray[Any, numpy.dtype[numpy.float32]]
]:
    """The least and the greatest value of every cell of the planes of ``config``, two
    ``float32`` arrays of their shape (the bounds of the observation's entries)."""
    expect(config, GameConfig, "config", "a GameConfig")
    with extra_needed("numpy", "planes_bounds"):
        import numpy

    plan = _plan(config, "config")
    low, high = observation_bounds(config)
    return (
        _arrange(plan, numpy.array(low, dtype=numpy.float64)),
        _arrange(plan, numpy.array(high, dtype=numpy.float64)),
    )


def observation_planes(
    state: AnyState | SeatView, player: int
) -> numpy.ndarray[Any, numpy.dtype[numpy.float32]]:
    """What ``player`` knows of ``state`` (a board-game state, or his view of it) as a
    ``float32`` array of shape (C, rows, columns), channels named by :func:`planes_layout`.
    Read from his view alone, like :func:`~tigris_rules.ai.information.observation`."""
    with extra_needed("numpy", "observation_planes"):
        import numpy

    config = getattr(state, "config", None)
    if isinstance(config, GameConfig):
        _planes_of(config, "state")
    if isinstance(state, SeatView) or not isinstance(config, GameConfig):
        values = numpy.array(observation(state, player), dtype=numpy.float64)
    else:
        size = observation_size(config)
        values = observation_into(state, player, numpy.empty(size, dtype=numpy.float64))
    return _arrange(_config_plan(cast(GameConfig, config)), values)
