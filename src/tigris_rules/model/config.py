"""Game configuration (CONV-18, OPT) and explicit deals (SETUP-4, SETUP-6)."""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any, Final

import attrs

from tigris_rules.errors import ConfigError
from tigris_rules.model.parameters import check_parameters
from tigris_rules.model.plugins import (
    RULESET_GROUP,
    VARIANT_GROUP,
    is_plugin,
    plugin_names,
    variant_order,
)

__all__ = ["GameConfig", "known_games", "known_variants"]

DEFAULT_COLUMN_LIMIT = 8
COLUMN_LIMITS = range(4, 25)
"""The card game's column limits (CARD-DEF-1): 4 or more, so that a boat is always possible
(D23); at most 24, three times the printed 8, so that columns, answers and the action
encoding stay bounded (D27)."""

SHARED: Final = ("players", "game", "open_scoring")
"""The fields every game takes, checked here; every other field is a parameter of the games
that declare it (:mod:`tigris_rules.model.parameters`)."""


def known_games() -> tuple[str, ...]:
    """The games a configuration can name: the installed rulesets (this package's are the
    board game, RULES.md Part I, and the card game, Part II)."""
    return plugin_names(RULESET_GROUP)


def known_variants() -> tuple[str, ...]:
    """The installed variants by name, in canonical order: this package's are the English
    conflict rule (ENG), civilization buildings (BLD) and the ziggurat (ZIG), and any
    distribution may add its own (:mod:`tigris_rules.model.plugins`). The alternative board
    (ALT) is a board, chosen with ``board="alternative"``."""
    return plugin_names(VARIANT_GROUP)


def _check_players(_: Any, __: Any, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 4:
        raise ConfigError(f"players must be 2, 3 or 4 (SETUP-1), not {value!r}")


def _check_game(_: Any, __: Any, value: object) -> None:
    if not isinstance(value, str) or not is_plugin(RULESET_GROUP, value):
        known = known_games()
        raise ConfigError(
            f"unknown game {value!r}; expected one of {', '.join(repr(g) for g in known)}"
        )


def _check_open_scoring(_: Any, __: Any, value: object) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"open_scoring must be true or false (OPT-2), not {value!r}")


def _to_tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _variant_order(value: object) -> object:
    """Variants in canonical order, so that the same set always gives the same config."""
    value = _to_tuple(value)
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return variant_order(value)
    return value


@attrs.frozen(init=False)
class GameConfig:
    """Everything fixed before a game starts.

    Every game takes ``game``, ``players`` and ``open_scoring``: ``game`` names the game,
    ``"board"`` (the board game, RULES.md Part I) or ``"cards"`` (the card game, Part II);
    ``players`` is 2, 3 or 4 (SETUP-1, CARD-SETUP-1); ``open_scoring`` (OPT-2) makes every
    player's running totals public. The options, apart from the variants, are off by default
    (OPT-1).

    The other fields are parameters of the game that declares them
    (:attr:`Ruleset.parameters <tigris_rules.model.ruleset.Ruleset.parameters>`) and keep
    their defaults in any other game:

    - the board game's ``board``, ``"classic"`` or ``"alternative"`` (SETUP-2, ALT-1; the
      alternative board changes no rule and combines with every variant, ALT-5);
      ``variants``, the names of the variants in play; and the option
      ``single_action_openers`` (OPT-3, 0 by default), N, the number of seats, from seat 0,
      that take a single action on their first turn;
    - the card game's ``column_limit``, the most cards a column holds below its head, an
      integer in 4..24, 8 by default (CARD-DEF-1).

    An invalid configuration raises :class:`~tigris_rules.ConfigError` (CONV-18).
    """

    players: int = attrs.field(default=2, validator=_check_players)
    game: str = attrs.field(default="board", validator=_check_game, kw_only=True)
    board: str = attrs.field(default="classic")
    variants: tuple[str, ...] = attrs.field(default=(), converter=_variant_order)
    open_scoring: bool = attrs.field(default=False, validator=_check_open_scoring)
    single_action_openers: int = attrs.field(default=0)
    column_limit: int = attrs.field(default=DEFAULT_COLUMN_LIMIT, kw_only=True)

    def __attrs_post_init__(self) -> None:
        check_parameters(self, SHARED)

    if TYPE_CHECKING:

        def __init__(
            self,
            players: int = 2,
            board: str = "classic",
            variants: tuple[str, ...] = (),
            open_scoring: bool = False,
            single_action_openers: int = 0,
            *,
            game: str = "board",
            column_limit: int = DEFAULT_COLUMN_LIMIT,
        ) -> None: ...

    else:

        def __init__(
            self,
            players=2,
            board="classic",
            variants=(),
            open_scoring=False,
            single_action_openers=0,
            *,
            game="board",
            column_limit=DEFAULT_COLUMN_LIMIT,
            **unknown,
        ):
            for name in unknown:
                known = [f.name for f in attrs.fields(GameConfig)]
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(known)}"
                raise ConfigError(f"unknown option {name!r}{hint}")
            self.__attrs_init__(
                players,
                board,
                variants,
                open_scoring,
                single_action_openers,
                game=game,
                column_limit=column_limit,
            )
