"""The parameters of a game: what a configuration may set beyond what every game has.

Each ruleset declares the parameters it takes (:attr:`Ruleset.parameters
<tigris_rules.model.ruleset.Ruleset.parameters>`), as OpenSpiel's games declare their
parameter specification: the board game takes ``board``, ``variants`` and
``single_action_openers``, the card game ``column_limit``. Every game takes the configuration's
shared fields (``players``, ``game``, ``open_scoring``). A configuration is valid for its game
when every parameter the game declares passes its check and every parameter it does not
declare keeps its default (CONV-18): :func:`check_parameters`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from tigris_rules.errors import ConfigError
from tigris_rules.model.plugins import RULESET_GROUP, plugin, plugin_names

if TYPE_CHECKING:
    from tigris_rules.model.config import GameConfig

__all__ = ["Parameter", "check_parameters"]


@attrs.frozen
class Parameter:
    """One parameter a game takes: a field of :class:`~tigris_rules.GameConfig`.

    ``name`` is the field; ``default`` its value when the configuration does not set it (the
    field's default: every game that does not declare the parameter requires it);
    ``check(value, config)`` raises :class:`~tigris_rules.ConfigError` when ``value`` is not
    one the game takes in ``config`` (the rest of the configuration is already checked);
    ``doc`` says what the parameter means, with its RULES.md IDs.
    """

    name: str
    default: object
    check: Callable[[Any, GameConfig], None] = attrs.field(repr=False)
    doc: str = attrs.field(repr=False)


def check_parameters(config: GameConfig, shared: Iterable[str]) -> None:
    """Raise :class:`~tigris_rules.ConfigError` (CONV-18) unless ``config`` suits its game.

    Every field of ``config`` but the ``shared`` ones is a parameter: the game's ruleset
    checks the ones it declares, and every other must keep its default. A declaration that
    names no field of the configuration, or gives another default, is refused too.
    """
    game = config.game
    kind: Any = type(config)
    key = (game, plugin(RULESET_GROUP, game).parameters, kind, tuple(shared))
    try:
        declared, fields = _declared(*key)
    except TypeError:  # a declaration that cannot be hashed is checked each time
        declared, fields = _declared.__wrapped__(*key)
    for name, field in fields.items():
        value = getattr(config, name)
        if name in declared:
            declared[name].check(value, config)
        elif not _same(value, field.default):
            raise ConfigError(
                f"{name}={value!r} applies to {_games_taking(name)}, not to game={game!r} (CONV-18)"
            )


@functools.lru_cache(maxsize=64)
def _declared(
    game: str, parameters: tuple[Parameter, ...], kind: Any, shared: tuple[str, ...]
) -> tuple[dict[str, Parameter], dict[str, Any]]:
    """The parameters ``game`` declares (``parameters``) and the fields of the configuration
    class ``kind`` but the ``shared`` ones, each by name, once the declaration is found to
    name only such fields with their defaults; :class:`~tigris_rules.ConfigError` otherwise.
    Kept per declaration: a configuration is checked each time one is made or read."""
    declared = {p.name: p for p in parameters}
    fields = {f.name: f for f in attrs.fields(kind) if f.name not in set(shared)}
    for name, parameter in declared.items():
        if name not in fields:
            raise ConfigError(
                f"the game {game!r} declares a parameter {name!r}, which no configuration has "
                f"(parameters: {', '.join(fields)})"
            )
        if not _same(parameter.default, fields[name].default):
            raise ConfigError(
                f"the game {game!r} declares {name} with the default {parameter.default!r}, "
                f"but a configuration's default is {fields[name].default!r}"
            )
    return declared, fields


def _same(value: object, default: object) -> bool:
    """``value`` is ``default``: equal and of the same type (``True`` is no ``1``, ``8.0`` no
    ``8``)."""
    return type(value) is type(default) and value == default


def _games_taking(name: str) -> str:
    """The installed games that declare the parameter ``name``, for a message."""
    games = [
        f"game={game!r}"
        for game in plugin_names(RULESET_GROUP)
        if any(p.name == name for p in plugin(RULESET_GROUP, game).parameters)
    ]
    return " or ".join(games) + " only" if games else "no installed game"
