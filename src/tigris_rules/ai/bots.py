"""Simple players for demos, tests and benchmarks.

A bot is anything with a ``choose(state)`` method that returns a legal action or answer for
the player who must decide now (:func:`~tigris_rules.to_move`). :func:`play_game` runs a
whole game of any ruleset between bots, through the public functions alone.

Three bots come with the library, all made by :func:`make_bot` from a name and a seed:

- ``"random"``: :class:`RandomBot`, a uniformly random legal input;
- ``"greedy"``: :class:`GreedyBot`, the input with the best immediate outcome by the
  evaluation :func:`evaluate` (documented there), looking one input ahead;
- ``"ismcts"``: :class:`~tigris_rules.ai.search.ISMCTSBot`, information-set Monte Carlo tree
  search (:mod:`tigris_rules.ai.search`); ``"ismcts:N"`` searches ``N`` iterations per
  decision instead of :data:`~tigris_rules.ai.search.DEFAULT_ITERATIONS`.

:class:`RandomBot` and :class:`~tigris_rules.ai.search.ISMCTSBot` play both games;
:class:`GreedyBot` judges board-game positions. The card game (RULES.md Part II) has its
own one-ply player, :class:`CardGreedyBot` (``"greedy"`` among :data:`CARD_BOT_NAMES`,
made by :func:`make_card_bots`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast, overload, runtime_checkable

from tigris_rules._arguments import expect, expect_items
from tigris_rules.ai._card_search import CardGreedyBot
from tigris_rules.ai.candidates import candidate_actions
from tigris_rules.ai.search import ISMCTSBot
from tigris_rules.api import apply, is_over, legal_actions, new_game, to_move
from tigris_rules.errors import TigrisError
from tigris_rules.model.actions import Action, EndTurn
from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.scoring import allocate_treasures

if TYPE_CHECKING:  # the card game's types, for the signatures typed for it
    from tigris_rules.cards import CardAction, CardGameState

__all__ = [
    "BOT_NAMES",
    "CARD_BOT_NAMES",
    "DEFAULT_MAX_DECISIONS",
    "Bot",
    "BotError",
    "CardBot",
    "CardGreedyBot",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "evaluate",
    "make_bot",
    "make_bots",
    "make_card_bots",
    "play_card_game",
    "play_game",
    "random_bots",
]

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "ismcts")
"""The names :func:`make_bot` knows (``"ismcts"`` also as ``"ismcts:N"``, ``N`` iterations)."""

CARD_BOT_NAMES: tuple[str, ...] = ("random", "greedy", "ismcts")
"""The bots that play the card game (:func:`make_card_bots`): ``"greedy"`` is
:class:`CardGreedyBot`, ``"ismcts"`` (also ``"ismcts:N"``) the same
:class:`~tigris_rules.ai.search.ISMCTSBot` as in the board game."""

DEFAULT_MAX_DECISIONS = 1_000_000
"""The default cap on decisions in :func:`play_game`, a guard against a game that never ends."""


@runtime_checkable
class Bot(Protocol):
    """A player program: picks the next action or decision answer."""

    def choose(self, state: GameState) -> Action:
        """Return a legal action or answer for ``to_move(state)`` in ``state``.

        Only called while the game is not over.
        """
        ...


@runtime_checkable
class CardBot(Protocol):
    """A player program for the card game: picks the next action or decision answer."""

    def choose(self, state: CardGameState) -> CardAction:
        """Return a legal action or answer for ``to_move(state)`` in ``state``.

        Only called while the game is not over.
        """
        ...


class RandomBot:
    """Chooses uniformly at random among the legal actions of every decision, in the board
    game and in the card game alike.

    The choice comes from its own :class:`random.Random` seeded with ``seed``, so the same
    seed and the same states give the same choices. It picks one index below
    ``len(legal_actions(state))`` and never builds the full list of actions.
    """

    def __init__(self, seed: int | None = None) -> None:
        expect(seed, (int, None), "seed")
        self._rng = random.Random(seed)

    @overload
    def choose(self, state: GameState) -> Action: ...
    @overload
    def choose(self, state: CardGameState) -> CardAction: ...
    def choose(self, state: GameState | CardGameState) -> Action | CardAction:
        """Return one of ``legal_actions(state)``, each with the same probability."""
        actions = legal_actions(state)
        count = len(actions)
        if count == 0:
            raise RuntimeError("no legal action to choose from")
        return actions[self._rng.randrange(count)]


Evaluation = tuple[tuple[int, int, int, int], int, int, int]
"""What :func:`evaluate` returns; larger is better, compared element by element."""


def evaluate(state: GameState, player: int) -> Evaluation:
    """How good ``state`` is for ``player``, by a simple rule; larger is better.

    The value is a tuple compared element by element:

    1. the player's score vector (SCORE-3): his four colour totals after his treasures are
       assigned as SCORE-2 says, sorted ascending; comparing vectors maximises his weakest
       colour first, then the next weakest, and so on, as the final ranking does;
    2. his total VP plus treasures;
    3. how many of his leaders stand on the board (leaders are what score later);
    4. how many catastrophe tiles he still holds (none is spent for nothing).
    """
    expect(state, GameState, "state")
    expect(player, int, "player")
    if not 0 <= player < state.config.players:
        raise BotError(f"seat {player} does not exist; seats are 0..{state.config.players - 1}")
    scores = state.scores[player]
    treasures = state.treasures_held[player]
    given = allocate_treasures(scores, treasures)
    totals = sorted(s + g for s, g in zip(scores, given, strict=True))
    leaders = sum(1 for s in state.leaders[4 * player : 4 * player + 4] if s != NO_SQUARE)
    return (
        (totals[0], totals[1], totals[2], totals[3]),
        sum(scores) + treasures,
        leaders,
        state.catastrophes[player],
    )


class GreedyBot:
    """Chooses the input whose immediate outcome :func:`evaluate` rates best for itself.

    For every candidate it computes ``apply(state, candidate)`` and evaluates the result for
    the player who decides. Ending the turn is rated as the position before it (the income
    of the turn's end comes after the remaining actions as well, so ending early gains
    nothing), and any other action that rates as well is preferred to it. Remaining ties
    are broken by its own :class:`random.Random` seeded with ``seed``, so the same seed and
    states give the same choices.

    The candidates are every legal answer when a decision is pending, and every legal action
    when there are at most ``limit`` of them. Otherwise (there may be hundreds) they are:
    every tile placement on
    a square next to an occupied square (the only tiles that can score at once), every
    withdrawal and the end of turn, plus ``sample`` actions drawn at random from the rest
    (leader placements, other tiles, catastrophes, swaps). When the tiles alone are more
    than ``limit``, ``limit`` of them are drawn at random. Only legal actions are ever
    considered, so the bot never breaks a rule.
    """

    def __init__(self, seed: int | None = None, *, sample: int = 8, limit: int = 48) -> None:
        expect(seed, (int, None), "seed")
        expect(sample, int, "sample")
        expect(limit, int, "limit")
        self._rng = random.Random(seed)
        self._sample = sample
        self._limit = limit

    def _candidates(self, state: GameState) -> list[Action]:
        return candidate_actions(state, self._rng, sample=self._sample, limit=self._limit)

    def choose(self, state: GameState) -> Action:
        """Return the legal input with the best evaluation after it, ties broken at random."""
        expect(state, GameState, "state")
        player = to_move(state)
        if player is None:
            raise RuntimeError("the game is over; there is nothing to choose")
        candidates = self._candidates(state)
        if not candidates:
            raise RuntimeError("no legal action to choose from")
        if len(candidates) == 1:
            return candidates[0]
        rng = self._rng
        best = candidates[0]
        best_key: tuple[Evaluation, bool, float] | None = None
        for action in candidates:
            if isinstance(action, EndTurn):
                # The income of the turn's end comes after the remaining actions too: ending
                # early is rated as the position now, and loses ties to acting.
                key = (evaluate(state, player), False, rng.random())
            else:
                key = (evaluate(apply(state, action), player), True, rng.random())
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best


class BotError(TigrisError, ValueError):
    """An unknown bot name, or a list of bots that does not fit the game."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """The bot called ``name`` (one of :data:`BOT_NAMES`, any case), seeded with ``seed``.

    ``"ismcts:N"`` is the search bot with a budget of ``N`` iterations per decision (a
    positive integer); plain ``"ismcts"`` searches
    :data:`~tigris_rules.ai.search.DEFAULT_ITERATIONS`. Both are deterministic for a seed.
    Raises :class:`BotError` for any other name.

    >>> make_bot("greedy", 1)  # doctest: +ELLIPSIS
    <tigris_rules.ai.bots.GreedyBot object at ...>
    """
    expect(name, str, "name")
    expect(seed, (int, None), "seed")
    key = name.strip().lower() if isinstance(name, str) else name
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return GreedyBot(seed)
    if isinstance(key, str) and key.split(":")[0].strip() == "ismcts":
        return ISMCTSBot(seed, iterations=_iterations(name, key))
    raise BotError(f"unknown bot {name!r}; the bots are {', '.join(BOT_NAMES)}")


def _iterations(name: str, key: str) -> int | None:
    """The iteration budget of ``"ismcts:N"``, ``None`` for plain ``"ismcts"``."""
    if ":" not in key:
        return None
    text = key.split(":", 1)[1].strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 9 or int(text) < 1:
        raise BotError(f"bot {name!r}: the iterations after 'ismcts:' must be a positive integer")
    return int(text)


def make_bots(spec: str, players: int, seed: int) -> tuple[Bot, ...]:
    """One bot per seat from a comma-separated list of names, e.g. ``"greedy,random"``.

    A single name is used for every seat; otherwise there must be one name per seat. Seat
    ``i`` is seeded with ``seed * 16 + i + 1``, as :func:`random_bots` does. Raises
    :class:`BotError` for an unknown name or a wrong number of names.
    """
    expect(spec, str, "spec")
    expect(players, int, "players")
    expect(seed, int, "seed")
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else []
    if len(names) == 1:
        names = names * players
    if len(names) != players or not all(names):
        raise BotError(f"expected one bot name or {players} names separated by commas: {spec!r}")
    return tuple(make_bot(name, seed * 16 + seat + 1) for seat, name in enumerate(names))


def random_bots(players: int, seed: int) -> tuple[RandomBot, ...]:
    """One :class:`RandomBot` per seat, each with its own seed derived from ``seed``."""
    expect(players, int, "players")
    expect(seed, int, "seed")
    return tuple(RandomBot(seed * 16 + seat + 1) for seat in range(players))


def play_game(
    config: GameConfig,
    bots: Sequence[Bot],
    seed: int,
    *,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> tuple[GameState, int]:
    """Play a whole game of ``config`` dealt from ``seed``; ``bots[i]`` plays seat ``i``.

    It plays the game ``config`` names, whichever it is (type checkers see a board game: for
    the card game, :func:`play_card_game` says so). At every decision the bot of the player
    who must decide is asked, whoever is active (CONV-15). Returns the final state and the
    number of decisions taken (actions and answers, end of turn included). Raises
    :class:`BotError` (a ``ValueError``) when there is not one bot per seat,
    :class:`~tigris_rules.ArgumentTypeError` for an argument of the wrong type and
    :class:`RuntimeError` when the game is still running after ``max_decisions`` decisions:
    the rules bound no game (a player may move leaders for ever), so a referee does.
    """
    state, decisions = _play(config, bots, seed, max_decisions)
    return cast("GameState", state), decisions


def _play(
    config: GameConfig, bots: Sequence[Any], seed: int, max_decisions: int
) -> tuple[Any, int]:
    """The one play loop of :func:`play_game` and :func:`play_card_game`."""
    expect(config, GameConfig, "config")
    expect_items(bots, Bot, "bots", "a bot (an object with a choose method)")
    expect(seed, int, "seed")
    expect(max_decisions, int, "max_decisions")
    if len(bots) != config.players:
        raise BotError(f"expected {config.players} bots, one per seat, got {len(bots)}")
    state: Any = new_game(config, seed=seed)
    decisions = 0
    while not is_over(state):
        if decisions >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        player = to_move(state)
        if player is None:
            raise RuntimeError("nobody is to move, yet the game is not over")
        state = apply(state, bots[player].choose(state), player=player)
        decisions += 1
    return state, decisions


def make_card_bots(spec: str, players: int, seed: int) -> tuple[CardBot, ...]:
    """One card-game bot per seat from a comma-separated list of names, as
    :func:`make_bots` (seat ``i`` seeded with ``seed * 16 + i + 1``). Only the names of
    :data:`CARD_BOT_NAMES` play the card game; any other raises :class:`BotError`."""
    expect(spec, str, "spec")
    expect(players, int, "players")
    expect(seed, int, "seed")
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else []
    if len(names) == 1:
        names = names * players
    if len(names) != players or not all(names):
        raise BotError(f"expected one bot name or {players} names separated by commas: {spec!r}")
    return tuple(_card_bot(name, seed * 16 + seat + 1) for seat, name in enumerate(names))


def _card_bot(name: str, seed: int) -> CardBot:
    """The card-game bot called ``name``."""
    key = name.strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return CardGreedyBot(seed)
    if key.split(":")[0].strip() == "ismcts":
        return cast("CardBot", ISMCTSBot(seed, iterations=_iterations(name, key)))
    raise BotError(
        f"bot {name!r} (unknown) cannot play the card game; "
        f"the card-game bots are {', '.join(CARD_BOT_NAMES)}"
    )


def play_card_game(
    config: GameConfig,
    bots: Sequence[CardBot],
    seed: int,
    *,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> tuple[CardGameState, int]:
    """:func:`play_game` typed for the card game (``GameConfig(game="cards")``): the same
    loop, whose final state type checkers see as a card-game state. A game whose table never
    locks can go on for as long as the players only move leaders (CARD-END-5 ends only a
    locked table's stalemate), so a referee bounds it with ``max_decisions``."""
    state, decisions = _play(config, bots, seed, max_decisions)
    return cast("CardGameState", state), decisions
