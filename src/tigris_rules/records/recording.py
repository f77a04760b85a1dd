"""Recording a game while it is played (:class:`Recorder`), or a whole game played by a
function (:func:`record_game`), as a log (:class:`~tigris_rules.records.log.GameLog`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, overload

from tigris_rules._arguments import CALLABLE, expect
from tigris_rules.api import AnyAction, AnyState, is_over, result, to_move
from tigris_rules.model.config import GameConfig
from tigris_rules.records._replaying import step_entry
from tigris_rules.records.log import AnyEvent, ExpectedResult, GameLog, LogEntry, opening

if TYPE_CHECKING:
    from tigris_rules.cards.actions import CardAction
    from tigris_rules.cards.setup import CardDeal
    from tigris_rules.cards.state import CardGameState
    from tigris_rules.model.actions import Action
    from tigris_rules.model.deal import Deal
    from tigris_rules.model.state import GameState

__all__ = ["Recorder", "record_game"]


class Recorder:
    """Records a game while it is played.

    >>> import tigris_rules as tr
    >>> recorder = tr.Recorder(tr.GameConfig(players=2), seed=3)
    >>> state, events = recorder.step(tr.EndTurn())
    >>> len(recorder.log().actions)
    1

    The game is the one ``config`` names, started as :func:`~tigris_rules.new_game` starts
    it (``deal`` of the class of that game's deal: a :class:`~tigris_rules.CardDeal` for the
    card game). Each accepted input is recorded with the seat that sent it (``to_move``
    before it); a rejected input raises as :func:`~tigris_rules.apply` does and is not
    recorded.
    """

    def __init__(
        self,
        config: GameConfig,
        *,
        seed: int | None = None,
        deal: Deal | CardDeal | None = None,
    ) -> None:
        expect(config, GameConfig, "config")
        self._state = opening(config, seed, deal)
        self._config = config
        self._seed = seed
        self._deal = deal
        self._entries: list[LogEntry] = []

    @property
    def state(self) -> AnyState:
        """The current position."""
        return self._state

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """The inputs recorded so far."""
        return tuple(self._entries)

    def step(
        self, action: AnyAction, player: int | None = None
    ) -> tuple[AnyState, tuple[AnyEvent, ...]]:
        """Play ``action`` (as :func:`~tigris_rules.step`), record it, return the new state
        and its events."""
        mover = to_move(self._state)
        state, events = step_entry(self._state, action, player)
        if mover is None:  # pragma: no cover - step rejects input once the game is over
            raise RuntimeError("an input was accepted after the end of the game")
        self._entries.append(LogEntry(mover, action))
        self._state = state
        return state, events

    def apply(self, action: AnyAction, player: int | None = None) -> AnyState:
        """Play ``action`` (as :func:`~tigris_rules.apply`), record it, return the new
        state."""
        return self.step(action, player)[0]

    def log(self, *, with_result: bool = True) -> GameLog:
        """The log of the game so far; once the game is over it also holds the final result
        (unless ``with_result`` is false)."""
        expected = None
        if with_result and is_over(self._state):
            expected = ExpectedResult.of(result(self._state))
        return GameLog(
            config=self._config,
            actions=tuple(self._entries),
            seed=self._seed,
            deal=self._deal,
            result=expected,
        )


@overload
def record_game(
    config: GameConfig,
    choose: Callable[[GameState], Action],
    *,
    seed: int | None = None,
    deal: Deal | None = None,
    max_actions: int = 1_000_000,
) -> GameLog: ...
@overload
def record_game(
    config: GameConfig,
    choose: Callable[[CardGameState], CardAction],
    *,
    seed: int | None = None,
    deal: CardDeal | None = None,
    max_actions: int = 1_000_000,
) -> GameLog: ...
def record_game(
    config: GameConfig,
    choose: Callable[[Any], Any],
    *,
    seed: int | None = None,
    deal: Deal | CardDeal | None = None,
    max_actions: int = 1_000_000,
) -> GameLog:
    """Play a whole game where ``choose(state)`` gives every input and return its log
    (with the final result); :class:`RuntimeError` when the game is still running after
    ``max_actions`` inputs. ``choose`` is given the states of the game ``config`` names
    (:class:`~tigris_rules.CardGameState` values for the card game)."""
    expect(choose, CALLABLE, "choose", "a callable")
    expect(max_actions, int, "max_actions")
    recorder = Recorder(config, seed=seed, deal=deal)
    for _ in range(max_actions):
        if is_over(recorder.state):
            return recorder.log()
        recorder.apply(choose(recorder.state))
    if is_over(recorder.state):
        return recorder.log()
    raise RuntimeError(f"the game did not end within {max_actions} actions")
