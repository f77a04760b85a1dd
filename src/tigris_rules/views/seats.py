"""What every player view shares, whatever its game: the viewer's seat, its checks and
:class:`ViewError`."""

from __future__ import annotations

from typing import cast

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentTypeError, TigrisError
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig

__all__ = ["SeatView", "ViewArgumentError", "ViewError", "check_viewer"]


class ViewError(TigrisError, ValueError):
    """A view asked for a seat that does not exist, or for something that is not a state."""


class ViewArgumentError(ViewError, ArgumentTypeError):
    """A view asked of something that is not a state, or for a viewer that is neither a seat
    number nor ``None``: a :class:`ViewError` and an
    :class:`~tigris_rules.ArgumentTypeError`."""


def check_viewer(config: GameConfig, player: object) -> int | None:
    """``player`` as a seat of ``config``'s game, or ``None`` for a spectator."""
    expect(player, (int, None), "player", "a seat number or None", error=ViewArgumentError)
    if player is None:
        return None
    seat = cast("int", player)
    if not 0 <= seat < config.players:
        raise ViewError(
            f"seat {seat} does not exist; seats are 0..{config.players - 1} (None for a spectator)"
        )
    return seat


class SeatView:
    """The seat-related helpers of a view; the view classes hold the fields."""

    __slots__ = ()

    viewer: int | None
    config: GameConfig
    to_move: int | None
    hands: tuple[tuple[int, int, int, int] | None, ...]

    @property
    def players(self) -> int:
        """The number of players."""
        return self.config.players

    @property
    def is_spectator(self) -> bool:
        """Whether this is a spectator's view (no seat)."""
        return self.viewer is None

    @property
    def my_decision(self) -> bool:
        """Whether the viewer must give the next input."""
        return self.viewer is not None and self.to_move == self.viewer

    def hand(self, player: int) -> dict[Color, int] | None:
        """``player``'s tiles or cards by colour, or ``None`` when the viewer may not see
        them."""
        counts = self.hands[player]
        return None if counts is None else dict(zip(COLORS, counts, strict=True))
