"""The board game for OpenSpiel: importing this module registers ``tigris_euphrates``.

Needs OpenSpiel (``pip install 'tigris-rules[openspiel]'``); ``import tigris_rules`` never
imports it. After ``import tigris_rules.ai.integrations.openspiel``,
``pyspiel.load_game("tigris_euphrates(players=3,board=alternative,variants=english)")``
gives the game. Parameters:

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

The game is *explicit stochastic*: the history starts with one chance node per tile of the
initial deal, which picks the colour of that tile with probability proportional to the
tiles of each colour not yet dealt: first the six tiles of each hand in seat order, then the
bag in draw order. That is a uniformly shuffled bag (SETUP-4, SETUP-6), and after it the
game is deterministic (the deal is an explicit :class:`~tigris_rules.Deal`), so a game is
reproducible from its action history. Chance action ``c`` is the colour ``COLORS[c]``
(0 black, 1 red, 2 blue, 3 green); :func:`deal_actions` turns a deal into these actions.

Player actions are the indices of :func:`~tigris_rules.action_encoding` (so
``num_distinct_actions`` is its N) and ``action_to_string`` is their notation
(:func:`~tigris_rules.format_action`). The player to move is the one who must decide, the
defender of a conflict included. Returns at the end are
:func:`~tigris_rules.ai.integrations.returns.ranking_returns`: zero-sum, +1 / -1 for two
players, ties shared.

Observations (IMPERFECT_INFORMATION): ``observation_tensor`` is
:func:`~tigris_rules.ai.information.observation` as float32 (all zeros while the tiles are
dealt), with one named piece per segment of
:func:`~tigris_rules.ai.information.observation_layout`; ``observation_string`` is the text of
the player's view; ``information_state_string`` is everything the player has seen, in order:
the tiles dealt to him, then for each decision its seat, its action (another player's swap
shows only how many tiles) and the events as he saw them (CONV-14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

import attrs

from tigris_rules._arguments import expect
from tigris_rules._extras import extra_needed
from tigris_rules.ai.encoding import ActionEncoding, action_encoding, legal_action_indices
from tigris_rules.ai.information import observation, observation_layout, observation_size
from tigris_rules.ai.integrations.returns import DEFAULT_MAX_DECISIONS, ranking_returns
from tigris_rules.api import is_over, step, to_move
from tigris_rules.errors import ArgumentTypeError, ConfigError, DealError, IllegalActionError
from tigris_rules.model.actions import Action, SwapTiles
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.events import Event
from tigris_rules.model.state import GameState
from tigris_rules.records.notation import format_action
from tigris_rules.render import describe_event, render_board, render_view
from tigris_rules.rules.components import HAND_SIZE
from tigris_rules.rules.setup import bag_contents, new_game
from tigris_rules.views import view
from tigris_rules.views.events import events_for

with extra_needed("openspiel", "tigris_rules.ai.integrations.openspiel"):
    import numpy as np
    import pyspiel

__all__ = [
    "GAME_NAME",
    "GAME_TYPE",
    "TigrisEuphratesGame",
    "TigrisEuphratesState",
    "config_from_parameters",
    "deal_actions",
]

GAME_NAME = "tigris_euphrates"
"""The short name the game is registered under."""

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "board": "classic",
    "variants": "",
    "max_decisions": DEFAULT_MAX_DECISIONS,
}

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tigris & Euphrates",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type: sequential, explicit chance, imperfect information, zero-sum, terminal
rewards."""


def config_from_parameters(params: Mapping[str, Any]) -> tuple[GameConfig, int]:
    """The configuration and the cap on decisions that OpenSpiel ``params`` name (missing
    ones take their defaults); :class:`~tigris_rules.ConfigError` names a bad one."""
    expect(params, Mapping, "params", "a mapping")
    merged = {**_DEFAULTS, **params}
    unknown = sorted(set(merged) - set(_DEFAULTS))
    if unknown:
        raise ConfigError(
            f"unknown parameter {unknown[0]!r} of {GAME_NAME}; expected {', '.join(_DEFAULTS)}"
        )
    variants = merged["variants"]
    if not isinstance(variants, str):
        raise ConfigError(f"variants must be names separated by '+' or ',', not {variants!r}")
    names = tuple(name.strip() for name in variants.replace("+", ",").split(",") if name.strip())
    config = GameConfig(players=merged["players"], board=merged["board"], variants=names)
    cap = merged["max_decisions"]
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ConfigError(f"max_decisions must be a positive integer, not {cap!r}")
    return config, cap


def deal_actions(deal: Deal) -> tuple[int, ...]:
    """The chance actions that deal ``deal``: the colour index of every tile of the hands in
    seat order, then of the bag in draw order (so ``deal_actions(tr.deal_from_seed(config, s))``
    replays the game ``new_game(config, seed=s)``)."""
    expect(deal, Deal, "deal")
    return tuple(tile.index for hand in deal.hands for tile in hand) + tuple(
        tile.index for tile in deal.bag
    )


@attrs.frozen
class _Rules:
    """What a game's states share: its configuration, action space and cap."""

    config: GameConfig
    encoding: ActionEncoding
    max_decisions: int
    tiles: tuple[int, int, int, int]
    """Tiles per colour dealt at the start: the hands and the bag."""

    def __deepcopy__(self, memo: object) -> _Rules:
        return self  # immutable: clones share it


@attrs.frozen
class _Step:
    """One decision of the history, most recent first (a linked list shared by clones)."""

    previous: _Step | None
    player: int
    action: Any
    events: tuple[Event, ...]


@attrs.frozen
class _Position:
    """A point of the game: the tiles dealt so far, then the rules' state once all are."""

    dealt: tuple[int, ...] = ()
    state: GameState | None = None
    steps: _Step | None = None
    decisions: int = 0

    def __deepcopy__(self, memo: object) -> _Position:
        return self  # immutable: clones share it


class TigrisEuphratesGame(pyspiel.Game):  # type: ignore[misc]
    """``tigris_euphrates``: the board game of one configuration."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        config, cap = config_from_parameters(params or {})
        encoding = action_encoding(config)
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=len(COLORS),
            num_players=config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=cap,
        )
        super().__init__(GAME_TYPE, info, dict(params or {}))
        self.rules = _Rules(config, encoding, cap, bag_contents(config))

    @property
    def config(self) -> GameConfig:
        """The configuration the parameters name."""
        return self.rules.config

    def new_initial_state(self) -> TigrisEuphratesState:
        """The start of a game: the first chance node of the deal."""
        return TigrisEuphratesState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer of ``iig_obs_type``: the player's observation (the default), or with
        ``perfect_recall`` his information state (a string only)."""
        if params:
            raise ConfigError(f"{GAME_NAME} takes no observation parameters, got {params!r}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ConfigError(
                f"{GAME_NAME} observes public information with one player's private "
                "information only"
            )
        return _Observer(self.config, bool(iig_obs_type.perfect_recall))


class TigrisEuphratesState(pyspiel.State):  # type: ignore[misc]
    """A point of a game: dealing (chance nodes), then the rules' :class:`GameState`."""

    def __init__(self, game: TigrisEuphratesGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._position = _Position()

    @property
    def game_state(self) -> GameState | None:
        """The rules' state, ``None`` while the tiles are being dealt."""
        return self._position.state

    @property
    def dealt(self) -> tuple[int, ...]:
        """The colour indices dealt so far (hands in seat order, then the bag)."""
        return self._position.dealt

    def current_player(self) -> int:
        """The seat that must decide, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        state = self._position.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = to_move(state)
        assert player is not None  # the game is not over
        return player

    def is_terminal(self) -> bool:
        """Over by the rules (END), or stopped at the cap on decisions."""
        state = self._position.state
        return state is not None and (
            is_over(state) or self._position.decisions >= self._rules.max_decisions
        )

    def _legal_actions(self, player: int) -> list[int]:
        state = self._position.state
        if state is None or player != self.current_player():
            return []
        return sorted(legal_action_indices(state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The colours the next tile of the deal may have, each with the share of the tiles
        not dealt yet that have it."""
        if self._position.state is not None:
            return []
        left = self._left()
        total = sum(left)
        return [(c, n / total) for c, n in enumerate(left) if n]

    def _left(self) -> list[int]:
        dealt = Counter(self._position.dealt)
        return [n - dealt[c] for c, n in enumerate(self._rules.tiles)]

    def _apply_action(self, action: int) -> None:
        position = self._position
        if position.state is None:
            self._deal(action)
            return
        if self.is_terminal():
            raise IllegalActionError(
                "END-3", f"the game is over after {position.decisions} decisions"
            )
        player = self.current_player()
        move = cast(Action, self._rules.encoding.decode(int(action)))
        state, events = step(position.state, move, player=player)
        self._position = attrs.evolve(
            position,
            state=state,
            steps=_Step(position.steps, player, move, events),
            decisions=position.decisions + 1,
        )

    def _deal(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            raise ArgumentTypeError.expected("chance action", "a colour index (int)", action)
        left = self._left()
        if not 0 <= action < len(COLORS) or not left[action]:
            raise DealError(f"chance action {action}: no tile of that colour is left to deal")
        dealt = (*self._position.dealt, action)
        if len(dealt) < sum(self._rules.tiles):
            self._position = attrs.evolve(self._position, dealt=dealt)
            return
        config = self._rules.config
        tiles = [COLORS[c] for c in dealt]
        cut = HAND_SIZE * config.players
        hands = tuple(tuple(tiles[i : i + HAND_SIZE]) for i in range(0, cut, HAND_SIZE))
        deal = Deal(hands=hands, bag=tuple(tiles[cut:]))
        self._position = _Position(dealt=dealt, state=new_game(config, deal=deal))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(COLORS):
                raise DealError(f"chance action {action} is not a colour index (0..3)")
            return f"deal {COLORS[action].value}"
        return format_action(cast(Action, self._rules.encoding.decode(int(action))))

    def returns(self) -> list[float]:
        """:func:`ranking_returns` at the end, zeros before."""
        state = self._position.state
        if state is None or not self.is_terminal():
            return [0.0] * self._rules.config.players
        return list(ranking_returns(state))

    def information_lines(self, player: int) -> list[str]:
        """What ``player`` has seen so far, one line per fact (the information state)."""
        position = self._position
        config = self._rules.config
        mine = position.dealt[HAND_SIZE * player : HAND_SIZE * (player + 1)]
        lines = [
            f"seat {player} of {config.players}",
            f"dealt {len(position.dealt)} tiles, to me: " + " ".join(COLORS[c].value for c in mine),
        ]
        steps = []
        cursor = position.steps
        while cursor is not None:
            steps.append(cursor)
            cursor = cursor.previous
        for seen in reversed(steps):
            move = seen.action
            if isinstance(move, SwapTiles) and seen.player != player:
                text = f"swap {sum(move.counts)} tiles"
            else:
                text = format_action(move)
            lines.append(f"seat {seen.player}: {text}")
            lines.extend(
                "  " + describe_event(e, config=config) for e in events_for(seen.events, player)
            )
        if self.is_terminal() and not is_over(position.state):  # type: ignore[arg-type]
            lines.append(f"stopped after {position.decisions} decisions")
        return lines

    def __str__(self) -> str:
        position = self._position
        state = position.state
        if state is None:
            return f"dealing: {len(position.dealt)} of {sum(self._rules.tiles)} tiles dealt"
        hands = ", ".join(
            f"seat {p}: " + " ".join(f"{n}{c.value[0]}" for n, c in zip(hand, COLORS, strict=True))
            for p, hand in enumerate(state.hands)
        )
        return (
            f"{render_board(state)}\nhands: {hands}\nbag: {len(state.bag) - state.bag_pos} tiles"
            f"\ndecisions: {position.decisions}"
        )


class _Observer:
    """OpenSpiel's observer of one kind: the observation (tensor and string) or the
    information state (string only)."""

    def __init__(self, config: GameConfig, perfect_recall: bool) -> None:
        self._perfect_recall = perfect_recall
        self.dict: dict[str, Any] = {}
        self.tensor: Any = None
        if not perfect_recall:
            self.tensor = np.zeros(observation_size(config), np.float32)
            offset = 0
            for name, length in observation_layout(config):
                self.dict[name] = self.tensor[offset : offset + length]
                offset += length

    def set_from(self, state: TigrisEuphratesState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state``."""
        if self.tensor is None:
            return
        game_state = state.game_state
        if game_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observation(game_state, player)

    def string_from(self, state: TigrisEuphratesState, player: int) -> str:
        """``player``'s information state (perfect recall) or the text of his view."""
        if self._perfect_recall:
            return "\n".join(state.information_lines(player))
        game_state = state.game_state
        if game_state is None:
            return state.information_lines(player)[1]
        return render_view(view(game_state, player))


pyspiel.register_game(GAME_TYPE, TigrisEuphratesGame)
