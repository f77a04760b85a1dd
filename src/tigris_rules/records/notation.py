"""A compact text notation for every action and decision answer (docs/notation.md).

One action is one line of words separated by spaces, a verb first:

===================================  ==========================================
``leader king b2``                   :class:`~tigris_rules.PlaceLeader` (also a move)
``withdraw priest``                  :class:`~tigris_rules.WithdrawLeader`
``tile red f4``                      :class:`~tigris_rules.PlaceTile`
``catastrophe e5``                   :class:`~tigris_rules.PlaceCatastrophe`
``swap 2 red 1 blue``                :class:`~tigris_rules.SwapTiles`
``end``                              :class:`~tigris_rules.EndTurn`
``war green``                        :class:`~tigris_rules.ChooseConflict`
``commit 3``                         :class:`~tigris_rules.CommitSupport`
``monument black-red f5``            :class:`~tigris_rules.BuildMonument`
``decline``                          :class:`~tigris_rules.Decline`
``keep b2``                          :class:`~tigris_rules.KeepTreasure`
===================================  ==========================================

Each game has its own notation, asked of its ruleset (:class:`GameNotation`): the board
game's holds the verbs above and those of the variants the configuration plays (each offers
them by :class:`VariantNotation`); the card game's is its own (docs/notation.md, The card
game). Given a configuration, :func:`parse_action`, :func:`format_action` and :func:`verbs`
use that game's notation, whatever else is installed. Given none, they use the board game's
with every installed variant, since a line of text alone names no game.

:func:`format_action` writes the canonical form above (lower case, leaders by their leader
name, colours by their colour name). :func:`parse_action` reads it back and is lenient:
any case, a colour given by its colour, leader or tile name (``red``, ``priest``,
``temple``), and any unambiguous prefix of a word (``wi pri``). Text it cannot read raises
:class:`NotationError`, which says what was expected; an ambiguous prefix (``b``: black or
blue?) is an error too, never a guess.

>>> from tigris_rules.records.notation import format_action, parse_action
>>> parse_action("Leader Priest F4")
PlaceLeader(color=<Color.RED: 'red'>, square='f4')
>>> format_action(parse_action("swap 1 blue 2 temple"))
'swap 2 red 1 blue'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, overload

from tigris_rules._arguments import expect
from tigris_rules.errors import ConfigError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.notation_words import (
    NotationError,
    NotationReader,
    NotationVerb,
    square_verb,
)
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.records._board_notation import VERBS, installed_notation
from tigris_rules.records._verbs import VariantNotation

if TYPE_CHECKING:
    from tigris_rules.api import AnyAction
    from tigris_rules.model.actions import Action

__all__ = [
    "VERBS",
    "GameNotation",
    "NotationError",
    "NotationReader",
    "NotationVerb",
    "VariantNotation",
    "format_action",
    "parse_action",
    "square_verb",
    "verbs",
]


class GameNotation(Protocol):
    """The text notation of a ruleset's inputs (``ruleset_for(config)``), as
    :func:`parse_action` and :func:`format_action` read and write it for its configuration:
    the same whatever else is installed."""

    def read_notation(self, text: str) -> Any:
        """The input ``text`` writes; :class:`NotationError` for text that is not one."""
        ...

    def write_notation(self, action: Any) -> str:
        """The canonical notation of ``action``, which :meth:`read_notation` reads back as
        an equal input; :class:`~tigris_rules.InvalidActionError` for an object that is not
        a well-formed input of this game (CONV-19)."""
        ...

    def notation_words(self) -> tuple[str, ...]:
        """The first word of every input, in canonical order."""
        ...


def _notation_of(config: GameConfig) -> GameNotation:
    expect(config, GameConfig, "config")
    ruleset = ruleset_for(config)
    notation = offered(ruleset, GameNotation)
    if notation is None:
        raise ConfigError(f"the {ruleset.game!r} game has no text notation")
    return notation


def verbs(config: GameConfig | None = None) -> tuple[str, ...]:
    """The first word of every input of the game ``config`` names, in canonical order; with
    no configuration, the board game's (:data:`VERBS`), then each installed variant's.

    >>> verbs()[:3]
    ('leader', 'withdraw', 'tile')

    Raises :class:`~tigris_rules.ConfigError` when two of these variants (or a variant and
    the base game) claim the same word.
    """
    if config is None:
        return installed_notation().verbs()
    return _notation_of(config).notation_words()


@overload
def parse_action(text: str, config: None = None) -> Action: ...
@overload
def parse_action(text: str, config: GameConfig) -> AnyAction: ...
def parse_action(text: str, config: GameConfig | None = None) -> AnyAction:
    """The action written as ``text`` in the notation of the game ``config`` names
    (docs/notation.md); with no configuration, in the board game's with every installed
    variant's verbs.

    Case does not matter; colours may be given by colour, leader or tile name, and every
    word may be shortened to an unambiguous prefix; numbers are ASCII digits. Raises
    :class:`NotationError` for text that is not an action, naming what was expected,
    :class:`~tigris_rules.ArgumentTypeError` for a ``text`` that is not a ``str``, and
    :class:`~tigris_rules.ConfigError` for a verb two variants (or a variant and the base
    game) claim: with a configuration that plays both, whatever the line; with none, for a
    line whose verb is that word. Whether the action is legal is for the rules to say:
    ``parse_action`` only reads it.

    >>> parse_action("monument RED-black f5")
    BuildMonument(monument=<Monument.BLACK_RED: 'black-red'>, block='f5')
    >>> try:
    ...     parse_action("tile b f4")
    ... except NotationError as err:
    ...     print(err.reason)
    'b' is ambiguous: it could be black, blue
    """
    expect(text, str, "text")
    if config is None:
        return installed_notation().read(text)
    action: AnyAction = _notation_of(config).read_notation(text)
    return action


def format_action(action: AnyAction, config: GameConfig | None = None) -> str:
    """The canonical notation of ``action`` in the game ``config`` names, e.g. ``"tile red
    f4"``; with no configuration, in the board game's with every installed variant.

    :func:`parse_action` reads the result back as an equal action. An object that is not
    a well-formed action of that game (CONV-19), an input of a variant that writes none,
    or a count of more than :data:`~tigris_rules.model.notation_words.MAX_COUNT_DIGITS`
    digits, raises :class:`~tigris_rules.InvalidActionError`.

    >>> from tigris_rules import Monument, BuildMonument
    >>> format_action(BuildMonument(Monument.BLACK_RED, "f5"))
    'monument black-red f5'
    """
    if config is None:
        return installed_notation().write(action)  # type: ignore[arg-type]  # refused there
    return _notation_of(config).write_notation(action)
