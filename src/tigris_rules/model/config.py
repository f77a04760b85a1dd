"""Game configuration (CONV-18, OPT) and explicit deals (SETUP-4, SETUP-6)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

import attrs

from tigris_rules.errors import ConfigError
from tigris_rules.model.board import BOARD_NAMES

__all__ = ["KNOWN_VARIANTS", "GameConfig"]

KNOWN_VARIANTS: tuple[str, ...] = ()
"""Variant names this version can play. The board is chosen with ``board=``."""


def _check_players(_: Any, __: Any, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 4:
        raise ConfigError(f"players must be 2, 3 or 4 (SETUP-1), not {value!r}")


def _check_board(_: Any, __: Any, value: object) -> None:
    if value not in BOARD_NAMES:
        raise ConfigError(f"unknown board {value!r}; expected one of {', '.join(BOARD_NAMES)}")


def _check_variants(_: Any, __: Any, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"variants must be a tuple of names, not {value!r}")
    for name in value:
        if name not in KNOWN_VARIANTS:
            raise ConfigError(f"unknown variant {name!r}; this version plays the base game only")
    if len(set(value)) != len(value):
        raise ConfigError(f"variants are named more than once: {value!r}")


def _check_open_scoring(_: Any, __: Any, value: object) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"open_scoring must be true or false (OPT-2), not {value!r}")


def _to_tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen(init=False)
class GameConfig:
    """Everything fixed before a game starts.

    ``players`` is 2, 3 or 4 (SETUP-1); ``board`` is ``"classic"`` or ``"alternative"``
    (SETUP-2, ALT-1); ``variants`` names the variants in play; ``open_scoring`` (OPT-2) makes
    every player's running totals public; ``single_action_openers`` (OPT-3) is N, the number of
    seats, from seat 0, that take a single action on their first turn. An invalid
    configuration raises :class:`~tigris_rules.ConfigError` (CONV-18).
    """

    players: int = attrs.field(default=2, validator=_check_players)
    board: str = attrs.field(default="classic", validator=_check_board)
    variants: tuple[str, ...] = attrs.field(
        default=(), converter=_to_tuple, validator=_check_variants
    )
    open_scoring: bool = attrs.field(default=False, validator=_check_open_scoring)
    single_action_openers: int = attrs.field(default=0)

    @single_action_openers.validator
    def _check_openers(self, _: Any, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"single_action_openers must be an integer (OPT-3), not {value!r}")
        if not 0 <= value <= self.players:
            raise ConfigError(
                f"single_action_openers must be between 0 and {self.players} (OPT-3), not {value}"
            )

    if TYPE_CHECKING:

        def __init__(
            self,
            players: int = 2,
            board: str = "classic",
            variants: tuple[str, ...] = (),
            open_scoring: bool = False,
            single_action_openers: int = 0,
        ) -> None: ...

    else:

        def __init__(
            self,
            players=2,
            board="classic",
            variants=(),
            open_scoring=False,
            single_action_openers=0,
            **unknown,
        ):
            for name in unknown:
                known = [f.name for f in attrs.fields(GameConfig)]
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(known)}"
                raise ConfigError(f"unknown option {name!r}{hint}")
            self.__attrs_init__(players, board, variants, open_scoring, single_action_openers)
