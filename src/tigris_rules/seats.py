"""What every player view shares, for both rulesets: the viewer's seat and its checks."""

from __future__ import annotations

from tigris_rules.errors import TigrisError
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig

__all__ = ["SeatView", "ViewError", "check_viewer"]


class ViewError(TigrisError, ValueError):
    """A view asked for a seat that does not exist, or for something that is not a state."""


def check_viewer(config: GameConfig, player: object) -> int | None:
    """``player`` as a seat of ``config``'s game, or ``None`` for a spectator."""
    if player is None:
        return None
    if isinstance(player, bool) or not isinstance(player, int):
        raise ViewError(f"a viewer is a seat number or None, not {player!r}")
    if not 0 <= player < config.players:
        raise ViewError(
            f"seat {player} does not exist; seats are 0..{config.players - 1} "
            "(None for a spectator)"
        )
    return player


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
