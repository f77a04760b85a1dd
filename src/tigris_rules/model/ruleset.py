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
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tigris_rules.errors import DealError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.parameters import Parameter
from tigris_rules.model.plugins import RULESET_GROUP, plugin, plugin_names
from tigris_rules.model.problems import StateProblem

if TYPE_CHECKING:
    from tigris_rules.model.outcome import Result

__all__ = ["Parameter", "Ruleset", "game_of", "ruleset_for"]

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
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    """The parameters the game takes (the fields of :class:`GameConfig` beyond the ones every
    game has); a configuration of this game must leave every other at its default
    (:func:`~tigris_rules.model.parameters.check_parameters`, CONV-18)."""
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

    def deal_from_seed(self, seed: int) -> object:
        """The deal ``new_game(seed=seed)`` starts from: every hidden order a seed fixes, as
        a value that ``new_game(deal=...)`` takes. A game dealt from no seed says so with a
        :class:`~tigris_rules.DealError`."""
        raise DealError(f"the game {self.game!r} deals nothing from a seed")

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
    def end_reason(self, state: S) -> str:
        """A sentence saying why the game of ``state``, a finished game, ended: its end
        conditions with their RULES.md IDs."""

    @abstractmethod
    def state_problems(self, state: S) -> list[StateProblem]:
        """Every promise of the rules ``state`` breaks (``[]`` for a reachable position)."""

    @abstractmethod
    def transition_problems(self, before: S, after: S) -> list[str]:
        """Every promise of the rules that one input, from ``before`` to ``after``, breaks,
        as sentences: what an input never undoes (scores that never decrease, say).

        Both states are of this ruleset's configuration and each keeps the promises of
        :meth:`state_problems`; the promises of every game (the configuration never changes,
        nothing changes once the game is over) are checked by the caller.
        """


def ruleset_for(config: GameConfig) -> Ruleset[Any, Any, Any]:
    """The ruleset of ``config``: the plug-in of the game it names, for its variants.

    Resolved once per configuration; raises :class:`~tigris_rules.ConfigError` if the game or
    a variant it names is not installed.
    """
    return _resolved(config)


def game_of(state: object) -> str | None:
    """The game ``state`` is a state of, by its class: the name of the installed ruleset whose
    :attr:`~Ruleset.state_type` it is, whatever game its configuration names; ``None`` for
    anything but a state."""
    ruleset = getattr(state, "ruleset", None)
    if isinstance(ruleset, Ruleset) and type(state) is ruleset.state_type:
        return ruleset.game
    return _games_by_state_type(tuple(plugin_names(RULESET_GROUP))).get(type(state))


@cache
def _games_by_state_type(games: tuple[str, ...]) -> dict[type, str]:
    found: dict[type, str] = {}
    for game in games:
        kind = getattr(plugin(RULESET_GROUP, game), "state_type", None)
        if kind is not None:
            found.setdefault(kind, game)
    return found


@cache
def _resolved(config: GameConfig) -> Ruleset[Any, Any, Any]:
    ruleset: type[Ruleset[Any, Any, Any]] = plugin(RULESET_GROUP, config.game)
    return ruleset(config)
