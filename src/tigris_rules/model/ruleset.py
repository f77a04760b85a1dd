"""The rules of one configuration, as a value: which game, which variants, and the functions
that play it.

A :class:`Ruleset` is resolved once from a :class:`~tigris_rules.GameConfig` (the game it
names is a plug-in of the group ``tigris_rules.rulesets``, :mod:`tigris_rules.model.plugins`)
and every state carries it (``state.ruleset``). The public functions of :mod:`tigris_rules`
ask the state's ruleset, so a game is played the same way whichever ruleset it follows.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar, Generic, TypeVar

from tigris_rules.model.config import GameConfig
from tigris_rules.model.outcome import Result
from tigris_rules.model.plugins import RULESET_GROUP, plugin
from tigris_rules.model.problems import StateProblem

__all__ = ["Ruleset", "ruleset_for"]

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")


class Ruleset(ABC, Generic[S, A, E]):
    """A game's rules for one configuration: states ``S``, inputs ``A``, events ``E``.

    Two rulesets are equal when their configurations are.
    """

    game: ClassVar[str]
    """The game's name in :attr:`GameConfig.game`."""
    state_type: ClassVar[type]
    """The class of this ruleset's states."""
    variants: tuple[Any, ...] = ()
    """The variants the configuration plays, in canonical order (none for a ruleset that
    takes none)."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Ruleset) and type(other) is type(self) and other.config == self.config
        )

    def __hash__(self) -> int:
        return hash((type(self), self.config))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.config!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration: resolved again where it is unpickled."""
        return (ruleset_for, (self.config,))

    @abstractmethod
    def new_game(self, seed: object = None, deal: object = None) -> S:
        """The opening position, from ``seed`` or from an explicit ``deal`` (exactly one)."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat that must give the next input, or ``None`` once the game is over."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[A]:
        """Every legal input of :meth:`to_move`'s seat, in a fixed order, built lazily."""

    @abstractmethod
    def step(self, state: S, action: A, player: object = None) -> tuple[S, tuple[E, ...]]:
        """The state after ``action`` and the events it caused."""

    @abstractmethod
    def apply(self, state: S, action: A, player: object = None) -> S:
        """The state after ``action``."""

    @abstractmethod
    def result(self, state: S) -> Result:
        """Every player's standing."""

    @abstractmethod
    def state_problems(self, state: S) -> list[StateProblem]:
        """Every promise of the rules ``state`` breaks (``[]`` for a reachable position)."""


def ruleset_for(config: GameConfig) -> Ruleset[Any, Any, Any]:
    """The ruleset of ``config``: the plug-in of the game it names, for its variants.

    Resolved once per configuration; raises :class:`~tigris_rules.ConfigError` if the game or
    a variant it names is not installed.
    """
    return _resolved(config)


@cache
def _resolved(config: GameConfig) -> Ruleset[Any, Any, Any]:
    ruleset: type[Ruleset[Any, Any, Any]] = plugin(RULESET_GROUP, config.game)
    return ruleset(config)
