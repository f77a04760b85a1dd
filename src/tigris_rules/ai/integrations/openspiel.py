"""Both games for OpenSpiel: importing this module registers ``tigris_euphrates`` (the board
game) and ``tigris_euphrates_cards`` (the card game).

Needs OpenSpiel (``pip install 'tigris-rules[openspiel]'``); ``import tigris_rules`` never
imports it. After ``import tigris_rules.ai.integrations.openspiel``,
``pyspiel.load_game("tigris_euphrates(players=3,board=alternative,variants=english)")``
gives the board game. Its parameters:

- ``players``: 2, 3 or 4 (default 2);
- ``board``: ``classic`` or ``alternative`` (default ``classic``);
- ``variants``: names of installed variants (:func:`~tigris_rules.model.config.known_variants`)
  separated by ``+`` or commas (default none). OpenSpiel's game strings split parameters at
  commas, so a string names several with ``+``: ``"tigris_euphrates(variants=A+B)"``; a
  parameter dict, ``pyspiel.load_game("tigris_euphrates", {"variants": "A,B"})``, takes
  either (docs/integrations.md has examples);
- ``max_decisions``: the referee's cap (default
  :data:`~tigris_rules.ai.integrations.returns.DEFAULT_MAX_DECISIONS`): the rules bound no game,
  so a game still running after that many decisions ends there and is scored on the
  standing at that moment.

The card game takes ``players``, ``column_limit`` (L of CARD-DEF-1, 4..24, default 8),
``open_scoring`` (CARD-DEF-7(c), default false) and ``max_decisions`` (default
:data:`CARD_MAX_DECISIONS`).

One adapter serves both: what differs between the games (how pieces are dealt and drawn,
how a seat's information is written) it asks of the state's ruleset through
:class:`~tigris_rules.ai.integrations.spiel_game.GameSpiel`.

The games are *explicit stochastic*, and chance acts where the rules draw, never before.
The history starts with one chance node per piece dealt into a hand (the tiles or cards of
each hand in seat order); what is left to draw stays an unordered multiset. A player action
that draws pieces (the end of a turn, a swap) is not applied at once: the state becomes one
chance node per piece drawn, each picking its kind with probability proportional to the
pieces of that kind left, and the action is applied after the last, with these pieces
drawn. So no search sees a draw before it happens, and a game replays from its history.
Chance action ``c`` is the colour ``COLORS[c]`` (0 black, 1 red, 2 blue, 3 green);
:func:`deal_actions` turns the hands of a deal into these actions.

Player actions are the indices of :func:`~tigris_rules.action_encoding` (so
``num_distinct_actions`` is its N) and ``action_to_string`` is their notation
(:func:`~tigris_rules.format_action`). The player to move is the one who must decide, the
defender of a conflict included. Returns at the end are
:func:`~tigris_rules.ai.integrations.returns.ranking_returns`: zero-sum, +1 / -1 for two
players, ties shared.

Observations (IMPERFECT_INFORMATION): ``observation_tensor`` is
:func:`~tigris_rules.ai.information.observation` as float32 (all zeros while the hands are
dealt), with one named piece per segment of
:func:`~tigris_rules.ai.information.observation_layout`; ``observation_string`` is the text of
the player's view. ``information_state_string`` is everything the player has seen, in order:
the pieces dealt to him, then for each decision its seat, its action as he saw it (another
player's swap shows only how many tiles, another seat's gap card no colour) and the events
as he saw them. ``information_state_tensor`` is the observation followed by the colours the
player discarded face down (SWAP-2) and the number of decisions so far: what he knows now,
not the order in which he learnt it (no perfect recall, which no fixed length could hold).
``resample_from_infostate`` draws what the player has not seen again with
:func:`~tigris_rules.ai.information.sample_hidden`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from tigris_rules._arguments import expect
from tigris_rules._extras import extra_needed
from tigris_rules.ai.encoding import ActionEncoding, action_encoding, legal_action_flags
from tigris_rules.ai.information import (
    Discards,
    InformationError,
    ObservationWriter,
    observation_layout,
    observation_size,
    observation_writer,
)
from tigris_rules.ai.integrations.returns import DEFAULT_MAX_DECISIONS, ranking_returns
from tigris_rules.ai.integrations.spiel_game import GameSpiel
from tigris_rules.api import is_over, step, to_move
from tigris_rules.cards.setup import CardDeal
from tigris_rules.errors import (
    ArgumentTypeError,
    ConfigError,
    DealError,
    IllegalActionError,
    TigrisError,
)
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.records.notation import format_action
from tigris_rules.views import view
from tigris_rules.views.events import events_for

with extra_needed("openspiel", "tigris_rules.ai.integrations.openspiel"):
    import numpy as np
    import pyspiel

__all__ = [
    "CARD_GAME_NAME",
    "CARD_GAME_TYPE",
    "CARD_MAX_DECISIONS",
    "GAME_NAME",
    "GAME_TYPE",
    "SpielGameError",
    "TigrisCardGame",
    "TigrisCardState",
    "TigrisEuphratesGame",
    "TigrisEuphratesState",
    "card_config_from_parameters",
    "card_deal_actions",
    "config_from_parameters",
    "deal_actions",
]

GAME_NAME = "tigris_euphrates"
"""The short name the board game is registered under."""

CARD_GAME_NAME = "tigris_euphrates_cards"
"""The short name the card game is registered under."""

CARD_MAX_DECISIONS = 10_000
"""The card game's default cap on decisions: random players end a card game after 500 to
3,000."""


class SpielGameError(TigrisError, ValueError):
    """A game without the chance and text OpenSpiel needs of it (:class:`GameSpiel`), or an
    input that drew another number of pieces once its draws were chosen."""


def _game_type(name: str, long_name: str, defaults: Mapping[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(defaults),
    )


def _board_config(merged: Mapping[str, Any]) -> GameConfig:
    variants = merged["variants"]
    if not isinstance(variants, str):
        raise ConfigError(f"variants must be names separated by '+' or ',', not {variants!r}")
    names = tuple(name.strip() for name in variants.replace("+", ",").split(",") if name.strip())
    return GameConfig(players=merged["players"], board=merged["board"], variants=names)


def _card_config(merged: Mapping[str, Any]) -> GameConfig:
    return GameConfig(
        players=merged["players"],
        game="cards",
        column_limit=merged["column_limit"],
        open_scoring=merged["open_scoring"],
    )


@attrs.frozen
class _Registration:
    """One registered game: its name, its parameters with their defaults and the
    configuration they name."""

    name: str
    defaults: Mapping[str, Any]
    configure: Callable[[Mapping[str, Any]], GameConfig]

    def parameters(self, params: Mapping[str, Any]) -> tuple[GameConfig, int]:
        expect(params, Mapping, "params", "a mapping")
        merged = {**self.defaults, **params}
        unknown = sorted(set(merged) - set(self.defaults))
        if unknown:
            raise ConfigError(
                f"unknown parameter {unknown[0]!r} of {self.name}; expected "
                + ", ".join(self.defaults)
            )
        config = self.configure(merged)
        cap = merged["max_decisions"]
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise ConfigError(f"max_decisions must be a positive integer, not {cap!r}")
        return config, cap


_BOARD = _Registration(
    GAME_NAME,
    {"players": 2, "board": "classic", "variants": "", "max_decisions": DEFAULT_MAX_DECISIONS},
    _board_config,
)
_CARDS = _Registration(
    CARD_GAME_NAME,
    {"players": 2, "column_limit": 8, "open_scoring": False, "max_decisions": CARD_MAX_DECISIONS},
    _card_config,
)

GAME_TYPE = _game_type(GAME_NAME, "Tigris & Euphrates", _BOARD.defaults)
"""The board game's type: sequential, explicit chance, imperfect information, zero-sum,
terminal rewards."""

CARD_GAME_TYPE = _game_type(CARD_GAME_NAME, "Tigris & Euphrates: the card game", _CARDS.defaults)
"""The card game's type, as :data:`GAME_TYPE`."""


def config_from_parameters(params: Mapping[str, Any]) -> tuple[GameConfig, int]:
    """The board-game configuration and the cap on decisions that OpenSpiel ``params`` name
    (missing ones take their defaults); :class:`~tigris_rules.ConfigError` names a bad one."""
    return _BOARD.parameters(params)


def card_config_from_parameters(params: Mapping[str, Any]) -> tuple[GameConfig, int]:
    """:func:`config_from_parameters` for the card game."""
    return _CARDS.parameters(params)


def deal_actions(deal: Deal) -> tuple[int, ...]:
    """The chance actions that deal the hands of ``deal``: the colour index of every tile of
    the hands in seat order. The bag is not dealt: each tile is a chance node when it is
    drawn."""
    expect(deal, Deal, "deal")
    return tuple(tile.index for hand in deal.hands for tile in hand)


def card_deal_actions(deal: CardDeal) -> tuple[int, ...]:
    """The chance actions that deal the hands of ``deal`` (CARD-SETUP-3): the colour index of
    every card of the hands in seat order. The draw pile and the cards set aside are not
    dealt: each card is a chance node when it is drawn."""
    expect(deal, CardDeal, "deal")
    return tuple(card.index for hand in deal.hands for card in hand)


@attrs.frozen
class _Rules:
    """What a game's states share: its configuration, action space, cap and chance."""

    config: GameConfig
    encoding: ActionEncoding
    max_decisions: int
    game: GameSpiel
    writer: ObservationWriter
    pieces: tuple[int, ...]
    """Pieces per kind dealt at random: the hands and everything left to draw."""
    hands: tuple[int, ...]
    """Pieces each seat is dealt at the start."""
    observed: Any = attrs.field(eq=False)
    """A float32 array of the observation's length, that
    :meth:`SpielState.observation_tensor` writes into."""
    informed: Any = attrs.field(eq=False)
    """A float32 array of the information state's length, that
    :meth:`SpielState.information_state_tensor` writes into."""

    def __deepcopy__(self, memo: object) -> _Rules:
        return self  # immutable: clones share it

    def hand_of(self, seat: int) -> slice:
        """Where ``seat``'s hand lies among the chance actions of the deal."""
        start = sum(self.hands[:seat])
        return slice(start, start + self.hands[seat])


@attrs.frozen
class _Step:
    """One decision of the history, most recent first (a linked list shared by clones)."""

    previous: _Step | None
    player: int
    action: Any
    events: tuple[Any, ...]


@attrs.frozen
class _Position:
    """A point of the game: the hands dealt so far, then the rules' state once all are; an
    action that draws waits in ``pending`` while its draws are chosen."""

    dealt: tuple[int, ...] = ()
    state: Any = None
    pending: int | None = None
    """The player action whose draws are being chosen."""
    drawing: int = 0
    """How many pieces it draws."""
    drawn: tuple[int, ...] = ()
    """The kinds chosen so far, in draw order."""
    steps: _Step | None = None
    decisions: int = 0
    discards: Discards | None = None

    def __deepcopy__(self, memo: object) -> _Position:
        return self  # immutable: clones share it


def _counts(pieces: Sequence[int]) -> list[int]:
    found = Counter(pieces)
    return [found[kind] for kind in range(len(COLORS))]


def _floats(values: Any) -> list[float]:
    """The float32 array ``values`` as a list of floats, equal to ``values.tolist()``: zeros,
    with the entries that are not zero set."""
    out = [0.0] * len(values)
    where = (values != 0).nonzero()[0]
    for index, value in zip(where.tolist(), values[where].tolist(), strict=True):
        out[index] = value
    return out


class _SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A game of one configuration, registered under :attr:`registration`'s name."""

    registration: _Registration
    game_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        config, cap = self.registration.parameters(params or {})
        encoding = action_encoding(config)
        game: GameSpiel | None = offered(ruleset_for(config), GameSpiel)
        if game is None:
            raise SpielGameError(
                f"the {config.game!r} game offers no chance model for OpenSpiel (GameSpiel)"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=len(COLORS),
            num_players=config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=cap,
        )
        super().__init__(self.game_type, info, dict(params or {}))
        observed = observation_size(config)
        informed = observed + len(COLORS) + 1
        self.rules = _Rules(
            config,
            encoding,
            cap,
            game,
            observation_writer(config),
            tuple(game.spiel_pieces()),
            tuple(game.spiel_hands()),
            np.zeros(observed, np.float32),
            np.zeros(informed, np.float32),
        )

    @property
    def config(self) -> GameConfig:
        """The configuration the parameters name."""
        return self.rules.config

    def new_initial_state(self) -> SpielState:
        """The start of a game: the first chance node of the deal."""
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer of ``iig_obs_type``: the player's observation (the default), or with
        ``perfect_recall`` his information state."""
        name = self.registration.name
        if params:
            raise ConfigError(f"{name} takes no observation parameters, got {params!r}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigError(
                f"{name} observes public information with one player's private information only"
            )
        return _Observer(self.config, bool(iig_obs_type.perfect_recall))


class TigrisEuphratesGame(_SpielGame):
    """``tigris_euphrates``: the board game of one configuration."""

    registration = _BOARD
    game_type = GAME_TYPE


class TigrisCardGame(_SpielGame):
    """``tigris_euphrates_cards``: the card game of one configuration."""

    registration = _CARDS
    game_type = CARD_GAME_TYPE


_CHANCE: int = int(pyspiel.PlayerId.CHANCE)
_TERMINAL: int = int(pyspiel.PlayerId.TERMINAL)
_OPENING = _Position()
"""The position of a new game: no piece dealt yet."""


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A point of a game: dealing the hands (chance nodes), then the rules' state, with a
    chance node for each piece an action draws."""

    _deciding: tuple[_Position | None, int] = (None, 0)
    """The position :meth:`current_player` last answered for, and its answer (kept by the
    state once it answers)."""
    _leaving: tuple[_Position | None, tuple[int, ...]] = (None, ())
    """The position :meth:`_left` last counted, and its count (kept by the state once it
    counts)."""

    def __init__(self, game: _SpielGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._position = _OPENING

    @property
    def game_state(self) -> Any:
        """The rules' state, ``None`` while the hands are dealt; while an action's draws are
        chosen, the state before it."""
        return self._position.state

    @property
    def dealt(self) -> tuple[int, ...]:
        """The colour indices dealt into the hands so far, in seat order."""
        return self._position.dealt

    def current_player(self) -> int:
        """The seat that must decide, ``CHANCE`` while dealing or drawing, ``TERMINAL`` at
        the end."""
        position = self._position
        known, answer = self._deciding
        if known is position:
            return answer
        state = position.state
        if state is None or position.pending is not None:
            answer = _CHANCE
        elif position.decisions >= self._rules.max_decisions or is_over(state):
            answer = _TERMINAL
        else:
            player = to_move(state)
            assert player is not None  # the game is not over
            answer = player
        self._deciding = (position, answer)
        return answer

    def is_terminal(self) -> bool:
        """Over by the rules, or stopped at the cap on decisions."""
        return self.current_player() == _TERMINAL

    def is_chance_node(self) -> bool:
        """Whether a piece is dealt or drawn next (OpenSpiel's ``is_chance_node``)."""
        return self.current_player() == _CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player() or player < 0:
            return []
        flags = legal_action_flags(self._position.state)
        indices: list[int] = np.frombuffer(flags, np.bool_).nonzero()[0].tolist()
        return indices

    def legal_actions(self, *args: Any, **kwargs: Any) -> list[int]:
        """OpenSpiel's ``legal_actions(player)``: at a decision, the legal actions of
        ``player`` if he is to move, else none; none at the end; at a chance node its
        outcomes (answered by OpenSpiel's own method)."""
        seat = self._seat(args, kwargs)
        if seat is None or self.current_player() == _CHANCE:
            return list(super().legal_actions(*args, **kwargs))
        return self._legal_actions(seat)

    def _seat(self, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> int | None:
        """The seat that OpenSpiel's ``legal_actions`` or tensor methods name with these
        arguments (a seat number, or none for the player to move), or ``None`` when
        OpenSpiel's own method should answer them (another argument, or a seat out of range:
        it raises its error)."""
        if kwargs or len(args) > 1:
            return None
        seat = args[0] if args else self.current_player()
        if type(seat) is not int or not 0 <= seat < self._rules.config.players:
            return None
        return seat

    def information_state_tensor(self, *args: Any, **kwargs: Any) -> list[float]:
        """OpenSpiel's ``information_state_tensor(player)``, the same floats (those of
        :meth:`write_information`) written straight into a list."""
        seat = self._seat(args, kwargs)
        if seat is None:
            return list(super().information_state_tensor(*args, **kwargs))
        rules = self._rules
        if self._position.state is None:
            return [0.0] * len(rules.informed)
        self.write_information(seat, rules.informed)
        return _floats(rules.informed)

    def observation_tensor(self, *args: Any, **kwargs: Any) -> list[float]:
        """OpenSpiel's ``observation_tensor(player)``, the same floats (the observation, all
        zeros while the hands are dealt) written straight into a list."""
        seat = self._seat(args, kwargs)
        if seat is None:
            return list(super().observation_tensor(*args, **kwargs))
        rules = self._rules
        state = self._position.state
        if state is None:
            return [0.0] * len(rules.observed)
        rules.writer.write(state, seat, rules.observed)
        return _floats(rules.observed)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The colours the next piece dealt or drawn may have, each with the share of the
        pieces left that have it."""
        if self.current_player() != _CHANCE:
            return []
        left = self._left()
        total = sum(left)
        return [(c, n / total) for c, n in enumerate(left) if n]

    def _left(self) -> tuple[int, ...]:
        """How many pieces of each kind the next chance node may deal or draw."""
        position = self._position
        known, left = self._leaving
        if known is position:
            return left
        if position.state is None:
            taken, pool = position.dealt, self._rules.pieces
        else:
            taken, pool = position.drawn, self._rules.game.spiel_undrawn(position.state)
        left = tuple(n - taken.count(kind) for kind, n in enumerate(pool))
        self._leaving = (position, left)
        return left

    def _apply_action(self, action: int) -> None:
        position = self._position
        if position.state is None or position.pending is not None:
            self._chance(action)
        elif self.is_terminal():
            raise IllegalActionError(
                "END-3", f"the game is over after {position.decisions} decisions"
            )
        else:
            self._play(int(action))

    def _play(self, action: int) -> None:
        position = self._position
        game = self._rules.game
        player = self.current_player()
        move = self._rules.encoding.decode(action)
        after, events = step(position.state, move, player=player)
        drawn = game.spiel_left(position.state) - game.spiel_left(after)
        if drawn:
            self._position = attrs.evolve(position, pending=action, drawing=drawn, drawn=())
        else:
            self._commit(position.state, player, move, after, events)

    def _commit(self, before: Any, player: int, move: Any, after: Any, events: Any) -> None:
        position = self._position
        discards = position.discards or Discards.start(self._rules.config)
        self._position = _Position(
            dealt=position.dealt,
            state=after,
            steps=_Step(position.steps, player, move, events),
            decisions=position.decisions + 1,
            discards=discards.after(before, move),
        )

    def _chance(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            raise ArgumentTypeError.expected("chance action", "a colour index (int)", action)
        if not 0 <= action < len(COLORS) or not self._left()[action]:
            piece = self._rules.game.spiel_piece()
            raise DealError(f"chance action {action}: no {piece} of that colour is left")
        position = self._position
        if position.state is None:
            self._deal(action)
            return
        drawn = (*position.drawn, action)
        if len(drawn) < position.drawing:
            self._position = attrs.evolve(position, drawn=drawn)
            return
        game = self._rules.game
        before = game.spiel_drawing(position.state, drawn)
        player = to_move(before)
        assert player is not None
        assert position.pending is not None
        move = self._rules.encoding.decode(position.pending)
        after, events = step(before, move, player=player)
        if game.spiel_left(before) - game.spiel_left(after) != len(drawn):
            piece = game.spiel_piece()
            raise SpielGameError(
                f"{format_action(move, self._rules.config)} drew another number of {piece}s "
                f"than {len(drawn)} once they were chosen"
            )
        self._commit(before, player, move, after, events)

    def _deal(self, action: int) -> None:
        rules = self._rules
        dealt = (*self._position.dealt, action)
        if len(dealt) < sum(rules.hands):
            self._position = attrs.evolve(self._position, dealt=dealt)
            return
        hands = [dealt[rules.hand_of(seat)] for seat in range(rules.config.players)]
        left = [n - t for n, t in zip(rules.pieces, _counts(dealt), strict=True)]
        rest = [kind for kind, n in enumerate(left) for _ in range(n)]
        self._position = _Position(
            dealt=dealt,
            state=rules.game.spiel_opening(hands, rest),
            discards=Discards.start(rules.config),
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(COLORS):
                raise DealError(f"chance action {action} is not a colour index (0..3)")
            verb = "deal" if self._position.state is None else "draw"
            return f"{verb} {COLORS[action].value}"
        return format_action(self._rules.encoding.decode(int(action)), self._rules.config)

    def returns(self) -> list[float]:
        """:func:`ranking_returns` at the end, zeros before."""
        if not self.is_terminal():
            return [0.0] * self._rules.config.players
        return list(ranking_returns(self._position.state))

    def information_lines(self, player: int) -> list[str]:
        """What ``player`` has seen so far, one line per fact (the information state)."""
        position = self._position
        rules = self._rules
        game = rules.game
        mine = position.dealt[rules.hand_of(player)]
        lines = [
            f"seat {player} of {rules.config.players}",
            f"dealt {len(position.dealt)} {game.spiel_piece()}s, to me: "
            + " ".join(COLORS[c].value for c in mine),
        ]
        steps = []
        cursor = position.steps
        while cursor is not None:
            steps.append(cursor)
            cursor = cursor.previous
        for seen in reversed(steps):
            lines.append(
                f"seat {seen.player}: {game.spiel_action_text(seen.action, seen.player, player)}"
            )
            lines.extend(
                "  " + game.spiel_event_text(event) for event in events_for(seen.events, player)
            )
        actor = None if position.state is None else to_move(position.state)
        if position.pending is not None and actor is not None:
            move = rules.encoding.decode(position.pending)
            lines.append(
                f"seat {actor}: {game.spiel_action_text(move, actor, player)}, drawing "
                f"{len(position.drawn)} of {position.drawing}"
            )
        if self.is_terminal() and not is_over(position.state):
            lines.append(f"stopped after {position.decisions} decisions")
        return lines

    def information_tensor(self, player: int) -> list[int]:
        """What ``player`` knows now, as numbers: his observation, then the tiles he
        discarded face down per colour and the number of decisions so far (all zeros while
        the hands are dealt)."""
        size = observation_size(self._rules.config) + len(COLORS) + 1
        values = np.zeros(size, dtype=np.int64)
        self.write_information(player, values)
        return [int(value) for value in values]

    def write_information(self, player: int, out: Any) -> None:
        """:meth:`information_tensor` written into ``out``, an array of its length."""
        position = self._position
        if position.state is None:
            out.fill(0)
            return
        size = len(out) - len(COLORS) - 1
        self._rules.writer.write(position.state, player, out[:size])
        discards = position.discards or Discards.start(self._rules.config)
        out[size:-1] = discards.counts[player]
        out[-1] = position.decisions

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one, with the same information state:
        what he has not seen (the other hands, the order of what is left to draw, the
        others' discards) drawn again with :func:`~tigris_rules.ai.information.sample_hidden`
        (:meth:`GameSpiel.spiel_sample`),
        seeded by ``probability_sampler()`` (a number in [0, 1)). The draws of an action not
        applied yet are chosen again. Its history stays this state's."""
        expect(player_id, int, "player_id", "a seat number (int)")
        if not 0 <= player_id < self._rules.config.players:
            raise InformationError(
                f"player_id {player_id} is not a seat of a {self._rules.config.players}-player game"
            )
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        position = self._position
        if position.state is None:
            sample = attrs.evolve(position, dealt=self._dealt_again(player_id, rng))
        else:
            discards = position.discards or Discards.start(self._rules.config)
            state, discards = self._rules.game.spiel_sample(
                position.state, player_id, rng, discards
            )
            sample = attrs.evolve(position, state=state, discards=discards, drawn=())
        clone: SpielState = self.clone()
        clone._position = sample
        return clone

    def _dealt_again(self, player: int, rng: random.Random) -> tuple[int, ...]:
        """The hands dealt so far with every piece not dealt to ``player`` drawn again."""
        dealt = self._position.dealt
        mine = range(len(dealt))[self._rules.hand_of(player)]
        pool = [
            kind
            for kind, n in enumerate(self._rules.pieces)
            for _ in range(n - sum(1 for i in mine if dealt[i] == kind))
        ]
        rng.shuffle(pool)
        return tuple(dealt[i] if i in mine else pool.pop() for i in range(len(dealt)))

    def __str__(self) -> str:
        position = self._position
        piece = self._rules.game.spiel_piece()
        if position.state is None:
            return f"dealing: {len(position.dealt)} of {sum(self._rules.hands)} {piece}s dealt"
        text = f"{position.state}\ndecisions: {position.decisions}"
        if position.pending is not None:
            text += f"\ndrawing {len(position.drawn)} of {position.drawing} {piece}s"
        return text


TigrisEuphratesState = SpielState
"""A state of the board game."""

TigrisCardState = SpielState
"""A state of the card game."""


class _Observer:
    """OpenSpiel's observer of one kind: the observation or, with ``perfect_recall``, the
    information state (tensor and string)."""

    def __init__(self, config: GameConfig, perfect_recall: bool) -> None:
        self._perfect_recall = perfect_recall
        self.dict: dict[str, Any] = {}
        segments = list(observation_layout(config))
        if perfect_recall:
            segments += [("discarded", len(COLORS)), ("decisions", 1)]
        self.tensor = np.zeros(sum(n for _, n in segments), np.float32)
        offset = 0
        for name, length in segments:
            self.dict[name] = self.tensor[offset : offset + length]
            offset += length

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill the tensor with ``player``'s observation or information state."""
        if self._perfect_recall:
            state.write_information(player, self.tensor)
        elif state.game_state is None:
            self.tensor.fill(0)
        else:
            state._rules.writer.write(state.game_state, player, self.tensor)

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s information state (perfect recall) or the text of his view."""
        if self._perfect_recall:
            return "\n".join(state.information_lines(player))
        game_state = state.game_state
        if game_state is None:
            return state.information_lines(player)[1]
        rules = state._rules
        return rules.game.spiel_view_text(view(game_state, player))


pyspiel.register_game(GAME_TYPE, TigrisEuphratesGame)
pyspiel.register_game(CARD_GAME_TYPE, TigrisCardGame)
