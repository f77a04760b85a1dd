"""The public functions, for both rulesets: the board game and the card game.

Each function asks the ruleset the state carries (``state.ruleset``, resolved once from its
configuration, :mod:`tigris_rules.model.ruleset`); the rulesets never import each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias, cast, overload

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentValueError, DealError, NotAStateError
from tigris_rules.model.actions import Action
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.model.state import GameState

if TYPE_CHECKING:
    from tigris_rules.cards.actions import CardAction
    from tigris_rules.cards.events import CardEvent
    from tigris_rules.cards.legality import CardLegalActions
    from tigris_rules.cards.setup import CardDeal, new_card_game
    from tigris_rules.cards.state import CardGameState
    from tigris_rules.model.events import Event
    from tigris_rules.rules import legality
    from tigris_rules.rules.scoring import Result

__all__ = [
    "AnyAction",
    "AnyState",
    "apply",
    "deal_from_seed",
    "is_over",
    "legal_actions",
    "new_card_game",
    "new_game",
    "perft",
    "result",
    "step",
    "to_move",
]

if TYPE_CHECKING:
    AnyState: TypeAlias = GameState | CardGameState
    """A state of either ruleset."""

    AnyAction: TypeAlias = Action | CardAction
    """An input of either ruleset."""


if not TYPE_CHECKING:  # type checkers see the names imported above, and no others

    def __getattr__(name: str) -> object:
        """The names that need the card game, which is imported when one is first asked for
        (PEP 562): ``AnyState``, ``AnyAction`` and ``new_card_game``."""
        if name in ("AnyState", "AnyAction"):
            from tigris_rules.cards.actions import CardAction
            from tigris_rules.cards.state import CardGameState

            globals().update(AnyState=GameState | CardGameState, AnyAction=Action | CardAction)
        elif name == "new_card_game":
            from tigris_rules.cards.setup import new_card_game

            globals()["new_card_game"] = new_card_game
        else:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        return globals()[name]


def _ruleset(state: object) -> Ruleset[Any, Any, Any]:
    """The ruleset ``state`` carries; anything but a state of that ruleset is refused."""
    ruleset: Any = getattr(state, "ruleset", None)
    if type(state) is getattr(ruleset, "state_type", None):
        found: Ruleset[Any, Any, Any] = ruleset
        return found
    if isinstance(ruleset, Ruleset):
        raise NotAStateError(
            f"state: a {type(state).__name__} whose configuration names another game "
            f"({ruleset.game!r})"
        )
    raise NotAStateError(
        f"state: expected a GameState or a CardGameState, got {type(state).__name__}"
    )


@overload
def new_game(
    config: GameConfig, *, seed: int | None = None, deal: Deal | None = None
) -> GameState: ...
@overload
def new_game(config: GameConfig, *, seed: int | None = None, deal: CardDeal) -> CardGameState: ...
def new_game(
    config: GameConfig, *, seed: int | None = None, deal: Deal | CardDeal | None = None
) -> AnyState:
    """The opening position of the game ``config`` names: the board game, or the card game
    for ``GameConfig(game="cards")``; from ``seed`` or from an explicit ``deal`` (exactly
    one).

    Type checkers see a :class:`GameState` unless the deal is a card deal: start a card game
    from a seed with :func:`new_card_game` to have its state's type known statically.
    """
    if not isinstance(config, GameConfig):
        raise DealError(f"expected a GameConfig, got {type(config).__name__}")
    state: AnyState = ruleset_for(config).new_game(seed, deal)
    return state


def deal_from_seed(config: GameConfig, seed: int) -> Deal | CardDeal:
    """The deal ``new_game(config, seed=seed)`` starts from (SETUP-6, CARD-SETUP-3): the
    hands and the hidden order of the bag or the draw pile a seed fixes, a :class:`Deal` for
    the board game and a :class:`CardDeal` for the card game. Change it and start a game from
    it with ``new_game(config, deal=...)``."""
    if not isinstance(config, GameConfig):
        raise DealError(f"expected a GameConfig, got {type(config).__name__}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DealError(f"the seed must be an integer, not {seed!r}")
    return cast("Deal | CardDeal", ruleset_for(config).deal_from_seed(seed))


@overload
def to_move(state: GameState) -> int | None: ...
@overload
def to_move(state: CardGameState) -> int | None: ...
def to_move(state: AnyState) -> int | None:
    """The seat that must give the next input, or ``None`` once the game is over."""
    ruleset: Any = getattr(state, "ruleset", None)  # _ruleset(state), inlined: the hot path
    if type(state) is not getattr(ruleset, "state_type", None):
        ruleset = _ruleset(state)  # raises
    seat: int | None = ruleset.to_move(state)
    return seat


def is_over(state: AnyState) -> bool:
    """Whether the game has ended (END-3, CARD-END)."""
    ruleset: Any = getattr(state, "ruleset", None)  # _ruleset(state), inlined: the hot path
    if type(state) is not getattr(ruleset, "state_type", None):
        ruleset = _ruleset(state)  # raises
    over: bool = ruleset.is_over(state)
    return over


@overload
def legal_actions(state: GameState) -> legality.LegalActions: ...
@overload
def legal_actions(state: CardGameState) -> CardLegalActions: ...
def legal_actions(state: AnyState) -> legality.LegalActions | CardLegalActions:
    """Every legal input of the player :func:`to_move` names, in a deterministic order, as a
    lazy sequence (``len``, indexing, iteration, ``in``); empty once the game is over."""
    ruleset: Any = getattr(state, "ruleset", None)  # _ruleset(state), inlined: the hot path
    if type(state) is not getattr(ruleset, "state_type", None):
        ruleset = _ruleset(state)  # raises
    actions: legality.LegalActions | CardLegalActions = ruleset.legal_actions(state)
    return actions


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
    stepped: tuple[Any, tuple[Any, ...]] = _ruleset(state).step(state, action, player)
    return stepped


@overload
def apply(state: GameState, action: Action, player: int | None = None) -> GameState: ...
@overload
def apply(state: CardGameState, action: CardAction, player: int | None = None) -> CardGameState: ...
def apply(state: AnyState, action: AnyAction, player: int | None = None) -> AnyState:
    """The state after ``action``; ``state`` itself is never changed. See :func:`step`."""
    ruleset: Any = getattr(state, "ruleset", None)  # _ruleset(state), inlined: the hot path
    if type(state) is not getattr(ruleset, "state_type", None):
        ruleset = _ruleset(state)  # raises
    after: AnyState = ruleset.apply(state, action, player)
    return after


def result(state: AnyState) -> Result:
    """Every player's standing (SCORE, CARD-SCORE); ``final`` once the game is over."""
    outcome: Result = _ruleset(state).result(state)
    return outcome


def perft(state: AnyState, depth: int) -> int:
    """The number of leaves of the tree of legal inputs ``depth`` inputs below ``state``:
    1 for ``depth`` 0, ``len(legal_actions(state))`` for 1, and for more the sum over every
    legal input of the count one input shallower from the state it leads to (an input is
    anything :func:`legal_actions` lists: a turn action, or the answer to a pending decision
    by whichever seat must give it; a finished game is a leaf only at depth 0). Leaves are
    counted, not applied.

    As chess engines do, this checks a move generator against known counts. The work grows
    exponentially with ``depth``: hundreds of inputs per position in the board game, so
    depth 2 of an opening is half a million leaves, depth 3 hundreds of millions. ``depth``
    must be a non-negative integer (:class:`~tigris_rules.ArgumentTypeError`,
    :class:`~tigris_rules.ArgumentValueError` otherwise)."""
    ruleset = _ruleset(state)
    expect(depth, int, "depth")
    if depth < 0:
        raise ArgumentValueError(f"depth: expected a non-negative integer, got {depth}")
    return _perft(ruleset, state, depth)


def _perft(ruleset: Ruleset[Any, Any, Any], state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    actions = ruleset.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(_perft(ruleset, ruleset.apply(state, action, None), depth - 1) for action in actions)
