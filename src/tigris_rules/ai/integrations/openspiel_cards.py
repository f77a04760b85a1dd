"""The card game for OpenSpiel: importing this module registers ``tigris_euphrates_cards``.

Needs OpenSpiel (``pip install 'tigris-rules[openspiel]'``); ``import tigris_rules`` never
imports it. After ``import tigris_rules.ai.integrations.openspiel_cards``,
``pyspiel.load_game("tigris_euphrates_cards(players=3,column_limit=10)")`` gives the game.
Parameters:

- ``players``: 2, 3 or 4 (default 2);
- ``column_limit``: L of CARD-DEF-1, 4..24 (default 8);
- ``open_scoring``: whether the VP piles are shown sorted by colour (CARD-DEF-7(c), default
  false);
- ``max_decisions``: the referee's cap (default :data:`DEFAULT_MAX_DECISIONS`): a game still
  running after that many decisions ends there and is scored on the standing at that
  moment (CARD-END-5 ends only a locked table's stalemate).

The game is *explicit stochastic*: the history starts with one chance node per card of the
deal (CARD-SETUP-3, CARD-SETUP-4), which picks its colour with probability proportional to
the cards of each colour not yet dealt: the eight cards of each hand in seat order, then
the draw pile in draw order, then, with two players, the 30 cards set aside. That is a
uniformly shuffled deck, and after it the game is deterministic (the deal is an explicit
:class:`~tigris_rules.CardDeal`), so a game is reproducible from its action history. Chance
action ``c`` is the colour ``COLORS[c]``; :func:`card_deal_actions` turns a deal into these
actions.

Player actions are the indices of :func:`~tigris_rules.action_encoding` of the card game,
``action_to_string`` their notation. The player to move is the one who must decide. Returns
at the end are :func:`~tigris_rules.ai.integrations.returns.ranking_returns`.

Observations (IMPERFECT_INFORMATION): ``observation_tensor`` is
:func:`~tigris_rules.ai.information.observation` as float32 (all zeros while the cards are
dealt), one named piece per segment of the layout; ``observation_string`` is the text of the
player's view; ``information_state_string`` is everything the player has seen, in order: the
cards dealt to him, then for each decision its seat, its action (another seat's gap card
without its colour, CARD-DEF-7(d)) and the events as he saw them.
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
from tigris_rules.ai.integrations.returns import ranking_returns
from tigris_rules.api import is_over, step, to_move
from tigris_rules.cards.actions import CardAction, PlayGap
from tigris_rules.cards.components import CARD_COUNTS, HAND_SIZE, TWO_PLAYER_SET_ASIDE
from tigris_rules.cards.events import CardEvent
from tigris_rules.cards.render import render_table
from tigris_rules.cards.setup import CardDeal, new_card_game
from tigris_rules.cards.state import CardGameState
from tigris_rules.errors import ArgumentTypeError, ConfigError, DealError, IllegalActionError
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.records.notation import format_action
from tigris_rules.views import view
from tigris_rules.views.events import events_for

with extra_needed("openspiel", "tigris_rules.ai.integrations.openspiel_cards"):
    import numpy as np
    import pyspiel

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "GAME_NAME",
    "GAME_TYPE",
    "TigrisCardGame",
    "TigrisCardState",
    "card_config_from_parameters",
    "card_deal_actions",
]

GAME_NAME = "tigris_euphrates_cards"
"""The short name the game is registered under."""

DEFAULT_MAX_DECISIONS = 10_000
"""The default cap on decisions: random players end a card game after 500 to 3,000."""

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "column_limit": 8,
    "open_scoring": False,
    "max_decisions": DEFAULT_MAX_DECISIONS,
}

GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Tigris & Euphrates: the card game",
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


def card_config_from_parameters(params: Mapping[str, Any]) -> tuple[GameConfig, int]:
    """The configuration and the cap on decisions that OpenSpiel ``params`` name (missing
    ones take their defaults); :class:`~tigris_rules.ConfigError` names a bad one."""
    expect(params, Mapping, "params", "a mapping")
    merged = {**_DEFAULTS, **params}
    unknown = sorted(set(merged) - set(_DEFAULTS))
    if unknown:
        raise ConfigError(
            f"unknown parameter {unknown[0]!r} of {GAME_NAME}; expected {', '.join(_DEFAULTS)}"
        )
    config = GameConfig(
        players=merged["players"],
        game="cards",
        column_limit=merged["column_limit"],
        open_scoring=merged["open_scoring"],
    )
    cap = merged["max_decisions"]
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
        raise ConfigError(f"max_decisions must be a positive integer, not {cap!r}")
    return config, cap


def card_deal_actions(deal: CardDeal) -> tuple[int, ...]:
    """The chance actions that deal ``deal``: the colour index of every card of the hands in
    seat order, then of the draw pile in draw order, then of the cards set aside (so
    ``card_deal_actions(tr.card_deal_from_seed(config, s))`` replays
    ``new_card_game(config, seed=s)``)."""
    expect(deal, CardDeal, "deal")
    cards = [card for hand in deal.hands for card in hand]
    cards += [*deal.draw_pile, *deal.set_aside]
    return tuple(card.index for card in cards)


@attrs.frozen
class _Rules:
    """What a game's states share: its configuration, action space and cap."""

    config: GameConfig
    encoding: ActionEncoding
    max_decisions: int

    def __deepcopy__(self, memo: object) -> _Rules:
        return self  # immutable: clones share it


@attrs.frozen
class _Step:
    """One decision of the history, most recent first (a linked list shared by clones)."""

    previous: _Step | None
    player: int
    action: CardAction
    events: tuple[CardEvent, ...]


@attrs.frozen
class _Position:
    """A point of the game: the cards dealt so far, then the rules' state once all are."""

    dealt: tuple[int, ...] = ()
    state: CardGameState | None = None
    steps: _Step | None = None
    decisions: int = 0

    def __deepcopy__(self, memo: object) -> _Position:
        return self  # immutable: clones share it


class TigrisCardGame(pyspiel.Game):  # type: ignore[misc]
    """``tigris_euphrates_cards``: the card game of one configuration."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        config, cap = card_config_from_parameters(params or {})
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
        self.rules = _Rules(config, encoding, cap)

    @property
    def config(self) -> GameConfig:
        """The configuration the parameters name."""
        return self.rules.config

    def new_initial_state(self) -> TigrisCardState:
        """The start of a game: the first chance node of the deal."""
        return TigrisCardState(self)

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


class TigrisCardState(pyspiel.State):  # type: ignore[misc]
    """A point of a game: dealing (chance nodes), then the rules' card-game state."""

    def __init__(self, game: TigrisCardGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._position = _Position()

    @property
    def game_state(self) -> CardGameState | None:
        """The rules' state, ``None`` while the cards are being dealt."""
        return self._position.state

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
        """Over by the rules, or stopped at the cap on decisions."""
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
        """The colours the next card of the deal may have, each with the share of the cards
        not dealt yet that have it."""
        if self._position.state is not None:
            return []
        left = self._left()
        total = sum(left)
        return [(c, n / total) for c, n in enumerate(left) if n]

    def _left(self) -> list[int]:
        dealt = Counter(self._position.dealt)
        return [n - dealt[c] for c, n in enumerate(CARD_COUNTS)]

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
        move = cast(CardAction, self._rules.encoding.decode(int(action)))
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
            raise DealError(f"chance action {action}: no card of that colour is left to deal")
        dealt = (*self._position.dealt, action)
        if len(dealt) < sum(CARD_COUNTS):
            self._position = attrs.evolve(self._position, dealt=dealt)
            return
        config = self._rules.config
        cards = [COLORS[c] for c in dealt]
        cut = HAND_SIZE * config.players
        aside = TWO_PLAYER_SET_ASIDE if config.players == 2 else 0
        hands = tuple(tuple(cards[i : i + HAND_SIZE]) for i in range(0, cut, HAND_SIZE))
        deal = CardDeal(
            hands=hands,
            draw_pile=tuple(cards[cut : len(cards) - aside]),
            set_aside=tuple(cards[len(cards) - aside :]),
        )
        self._position = _Position(dealt=dealt, state=new_card_game(config, deal=deal))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(COLORS):
                raise DealError(f"chance action {action} is not a colour index (0..3)")
            return f"deal {COLORS[action].value}"
        return format_action(
            cast(CardAction, self._rules.encoding.decode(int(action))), self._rules.config
        )

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
            f"dealt {len(position.dealt)} cards, to me: " + " ".join(COLORS[c].value for c in mine),
        ]
        steps = []
        cursor = position.steps
        while cursor is not None:
            steps.append(cursor)
            cursor = cursor.previous
        for seen in reversed(steps):
            move = seen.action
            if isinstance(move, PlayGap) and seen.player != player:
                text = f"gap card face down in gap {move.gap}"
            else:
                text = format_action(move, config)
            lines.append(f"seat {seen.player}: {text}")
            lines.extend(f"  {event!r}" for event in events_for(seen.events, player))
        if self.is_terminal() and position.state is not None and not is_over(position.state):
            lines.append(f"stopped after {position.decisions} decisions")
        return lines

    def __str__(self) -> str:
        position = self._position
        state = position.state
        if state is None:
            return f"dealing: {len(position.dealt)} of {sum(CARD_COUNTS)} cards dealt"
        return f"{render_table(state)}\ndecisions: {position.decisions}"


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

    def set_from(self, state: TigrisCardState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state``."""
        if self.tensor is None:
            return
        game_state = state.game_state
        if game_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observation(game_state, player)

    def string_from(self, state: TigrisCardState, player: int) -> str:
        """``player``'s information state (perfect recall) or the text of his view."""
        if self._perfect_recall:
            return "\n".join(state.information_lines(player))
        game_state = state.game_state
        if game_state is None:
            return state.information_lines(player)[1]
        return render_table(view(game_state, player))


pyspiel.register_game(GAME_TYPE, TigrisCardGame)
