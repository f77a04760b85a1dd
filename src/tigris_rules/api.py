"""The public functions, for both rulesets: the board game and the card game.

Each function looks at the kind of state it is given and hands it to that ruleset's rules;
the rulesets themselves never import each other.
"""

from __future__ import annotations

from typing import TypeAlias, overload

from tigris_rules.cards.actions import CardAction
from tigris_rules.cards.engine import card_is_over, card_step, card_to_move
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.legality import CardLegalActions, card_legal_actions
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.setup import new_card_game
from tigris_rules.cards.state import CardGameState
from tigris_rules.errors import ConfigError, NotAStateError
from tigris_rules.model.actions import Action
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.events import Event
from tigris_rules.model.state import GameState
from tigris_rules.rules import engine, legality, scoring, setup

__all__ = [
    "AnyAction",
    "AnyState",
    "apply",
    "is_over",
    "legal_actions",
    "new_card_game",
    "new_game",
    "result",
    "step",
    "to_move",
]

AnyState: TypeAlias = GameState | CardGameState
"""A state of either ruleset."""

AnyAction: TypeAlias = Action | CardAction
"""An input of either ruleset."""


def _not_a_state(state: object) -> NotAStateError:
    return NotAStateError(
        f"state: expected a GameState or a CardGameState, got {type(state).__name__}"
    )


def new_game(config: GameConfig, *, seed: int | None = None, deal: Deal | None = None) -> GameState:
    """The opening position of a board game, from ``seed`` or from an explicit ``deal``
    (exactly one). A card-game configuration starts with :func:`new_card_game` instead."""
    if isinstance(config, GameConfig) and config.game == "cards":
        raise ConfigError(
            "this configuration is for the card game; start it with "
            "tigris_rules.new_card_game(config, seed=...)"
        )
    return setup.new_game(config, seed=seed, deal=deal)


@overload
def to_move(state: GameState) -> int | None: ...
@overload
def to_move(state: CardGameState) -> int | None: ...
def to_move(state: AnyState) -> int | None:
    """The seat that must give the next input, or ``None`` once the game is over."""
    if isinstance(state, GameState):
        return engine.to_move(state)
    if isinstance(state, CardGameState):
        return card_to_move(state)
    raise _not_a_state(state)


def is_over(state: AnyState) -> bool:
    """Whether the game has ended (END-3, CARD-END)."""
    if isinstance(state, GameState):
        return engine.is_over(state)
    if isinstance(state, CardGameState):
        return card_is_over(state)
    raise _not_a_state(state)


@overload
def legal_actions(state: GameState) -> legality.LegalActions: ...
@overload
def legal_actions(state: CardGameState) -> CardLegalActions: ...
def legal_actions(state: AnyState) -> legality.LegalActions | CardLegalActions:
    """Every legal input of the player :func:`to_move` names, in a deterministic order, as a
    lazy sequence (``len``, indexing, iteration, ``in``); empty once the game is over."""
    if isinstance(state, GameState):
        return legality.legal_actions(state)
    if isinstance(state, CardGameState):
        return card_legal_actions(state)
    raise _not_a_state(state)


@overload
def step(
    state: GameState, action: Action, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]]: ...
@overload
def step(
    state: CardGameState, action: CardAction, player: int | None = None
) -> tuple[CardGameState, tuple[CardEvent, ...]]: ...
def step(
    state: AnyState, action: AnyAction, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]] | tuple[CardGameState, tuple[CardEvent, ...]]:
    """The state after ``action`` and the events it caused, in order; ``state`` is never
    changed. ``player``, when given, is the seat sending the input (checked against
    :func:`to_move`). An illegal input raises :class:`~tigris_rules.IllegalActionError`
    carrying the rule ID; a malformed one :class:`~tigris_rules.InvalidActionError`."""
    if isinstance(state, GameState):
        return engine.step(state, action, player)  # type: ignore[arg-type]
    if isinstance(state, CardGameState):
        return card_step(state, action, player)  # type: ignore[arg-type]
    raise _not_a_state(state)


@overload
def apply(state: GameState, action: Action, player: int | None = None) -> GameState: ...
@overload
def apply(state: CardGameState, action: CardAction, player: int | None = None) -> CardGameState: ...
def apply(state: AnyState, action: AnyAction, player: int | None = None) -> AnyState:
    """The state after ``action``; ``state`` itself is never changed. See :func:`step`."""
    if type(state) is GameState:
        return engine.apply(state, action, player)  # type: ignore[arg-type]
    return step(state, action, player)[0]  # type: ignore[arg-type]


def result(state: AnyState) -> scoring.Result:
    """Every player's standing (SCORE, CARD-SCORE); ``final`` once the game is over."""
    if isinstance(state, GameState):
        return scoring.result(state)
    if isinstance(state, CardGameState):
        return card_result(state)
    raise _not_a_state(state)
