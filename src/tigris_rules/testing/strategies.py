"""Hypothesis strategies for configurations, reachable states, actions and game logs.

Every state is reached by legal play from a seeded opening: the seed, the number of inputs
and the index of every input among the legal ones are drawn by Hypothesis, so a failing
example shrinks toward seed 0, few inputs and the first legal input at each decision.
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from tigris_rules._arguments import expect
from tigris_rules.ai.encoding import well_formed_inputs
from tigris_rules.api import (
    AnyAction,
    AnyState,
    apply,
    is_over,
    legal_actions,
    new_game,
    to_move,
)
from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.actions import (
    MONUMENTS,
    Action,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    KeepTreasure,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    WithdrawLeader,
)
from tigris_rules.model.board import BOARD_NAMES
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig, known_variants
from tigris_rules.model.plugins import RULESET_GROUP, VARIANT_GROUP, plugin, plugin_names
from tigris_rules.model.ruleset import Ruleset
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.model.state import GameState
from tigris_rules.records import GameLog, Recorder

__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "Playthrough",
    "configs",
    "game_logs",
    "illegal_actions",
    "legal_actions_of",
    "playthroughs",
    "states",
    "well_formed_actions",
]

DEFAULT_MAX_ACTIONS = 60
"""The default bound on the inputs played to reach a state."""

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
"""Deal seeds; they shrink toward 0."""

MAX_SWAP = 7
MAX_COMMIT = 12


@st.composite
def _configs(
    draw: st.DrawFn,
    players: tuple[int, ...],
    boards: tuple[str, ...],
    variants: tuple[str, ...],
    open_scoring: tuple[bool, ...],
    single_action_openers: bool,
    game: str,
) -> GameConfig:
    count = draw(st.sampled_from(players))
    values: dict[str, Any] = {"open_scoring": draw(st.sampled_from(open_scoring))}
    declared = _parameters(game)
    if "board" in declared:
        values["board"] = draw(st.sampled_from(boards))
    if "variants" in declared:
        chosen = draw(st.lists(st.sampled_from(variants), unique=True)) if variants else []
        values["variants"] = tuple(chosen)
    if "single_action_openers" in declared:
        values["single_action_openers"] = (
            draw(st.integers(0, count)) if single_action_openers else 0
        )
    if "column_limit" in declared:
        values["column_limit"] = draw(st.just(8) | st.integers(min_value=4, max_value=12))
    return GameConfig(count, game=game, **values)


def _parameters(game: str) -> frozenset[str]:
    """The names of the parameters the game declares
    (:attr:`~tigris_rules.model.ruleset.Ruleset.parameters`)."""
    return frozenset(p.name for p in plugin(RULESET_GROUP, game).parameters)


def configs(
    *,
    players: Sequence[int] = (2, 3, 4),
    boards: Sequence[str] = BOARD_NAMES,
    variants: Sequence[str] | None = None,
    open_scoring: Sequence[bool] = (False, True),
    single_action_openers: bool = True,
    game: str = "board",
) -> st.SearchStrategy[GameConfig]:
    """Valid game configurations.

    ``players``, ``boards`` and ``open_scoring`` list the values to choose from (each
    shrinks toward its first value); ``variants`` is the pool of variants whose subsets are
    drawn (shrinking toward no variant; ``()`` gives the base game only; the default is every
    installed variant, :func:`~tigris_rules.model.config.known_variants`);
    ``single_action_openers=False`` keeps that option at 0, otherwise it is drawn in
    0..players. ``game="cards"`` draws card-game configurations instead (players,
    ``open_scoring`` and ``column_limit``; the board options are ignored).

    >>> from hypothesis import strategies as st
    >>> import tigris_rules as tr
    >>> two_player_base = configs(players=[2], variants=())

    A bad choice raises :class:`~tigris_rules.ConfigError` at once, not when drawing.
    """
    expect(players, Sequence, "players", "a sequence")
    expect(boards, Sequence, "boards", "a sequence")
    if variants is None:
        variants = known_variants()
    expect(variants, Sequence, "variants", "a sequence")
    expect(open_scoring, Sequence, "open_scoring", "a sequence")
    expect(single_action_openers, bool, "single_action_openers")
    expect(game, str, "game")
    players_t = tuple(players)
    boards_t = tuple(boards)
    variants_t = tuple(dict.fromkeys(variants))
    scoring_t = tuple(open_scoring)
    GameConfig(game=game)  # raises ConfigError naming the games
    for count in players_t:
        GameConfig(count, game=game)
    for board in boards_t:
        GameConfig(board=board)
    GameConfig(variants=variants_t)
    for scoring in scoring_t:
        GameConfig(open_scoring=scoring)
    if not players_t or not scoring_t or ("board" in _parameters(game) and not boards_t):
        raise ValueError("configs() needs at least one choice of players, boards, open_scoring")
    return _configs(players_t, boards_t, variants_t, scoring_t, single_action_openers, game)


@attrs.frozen
class Playthrough:
    """A game played from a seeded opening: the configuration, the seed, every input and
    the seat that sent it, and every state (``states[0]`` the opening, ``states[i + 1]``
    the state after ``actions[i]``). Its ``repr`` leaves the states out, so that a failing
    example prints short: the configuration, the seed and the inputs replay it."""

    config: GameConfig
    seed: int
    actions: tuple[AnyAction, ...]
    movers: tuple[int, ...] = attrs.field(repr=False)
    states: tuple[AnyState, ...] = attrs.field(repr=False)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The same short text for Hypothesis' and IPython's pretty printers."""
        printer.text(repr(self))

    @property
    def final(self) -> AnyState:
        """The last state reached."""
        return self.states[-1]


def opening(config: GameConfig, seed: int) -> AnyState:
    """The opening position of ``config`` from ``seed``, whichever its game."""
    opened: AnyState = new_game(config, seed=seed)
    return opened


@st.composite
def _playthroughs(
    draw: st.DrawFn, config_strategy: st.SearchStrategy[GameConfig], max_actions: int
) -> Playthrough:
    config = draw(config_strategy)
    seed = draw(SEEDS)
    length = draw(st.integers(min_value=0, max_value=max_actions))
    state = opening(config, seed)
    actions: list[AnyAction] = []
    movers: list[int] = []
    states: list[AnyState] = [state]
    for _ in range(length):
        if is_over(state):
            break
        legal = legal_actions(state)
        action: Any = legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))]
        mover = to_move(state)
        assert mover is not None
        state = apply(state, action, mover)
        actions.append(action)
        movers.append(mover)
        states.append(state)
    return Playthrough(config, seed, tuple(actions), tuple(movers), tuple(states))


def playthroughs(
    config_strategy: st.SearchStrategy[GameConfig] | None = None,
    *,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> st.SearchStrategy[Playthrough]:
    """Games played by legal inputs: a configuration from ``config_strategy`` (default
    :func:`configs`), a seed, 0..``max_actions`` inputs (fewer when the game ends first),
    each drawn among ``tr.legal_actions``. Card-game configurations are played with
    ``tr.new_card_game``. Shrinks toward short games and the first legal inputs."""
    expect(config_strategy, (st.SearchStrategy, None), "config_strategy")
    expect(max_actions, int, "max_actions")
    if max_actions < 0:
        raise ValueError(f"max_actions must be at least 0, not {max_actions}")
    return _playthroughs(configs() if config_strategy is None else config_strategy, max_actions)


def states(
    config_strategy: st.SearchStrategy[GameConfig] | None = None,
    *,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> st.SearchStrategy[AnyState]:
    """States reached by legal play (the last state of :func:`playthroughs`), decisions in
    progress and finished games included."""
    return playthroughs(config_strategy, max_actions=max_actions).map(lambda p: p.final)


def legal_actions_of(state: AnyState) -> st.SearchStrategy[AnyAction]:
    """The legal inputs of ``state``, shrinking toward the first one listed; once the game
    is over there is none, and the strategy is ``st.nothing()``."""
    ruleset = getattr(state, "ruleset", None)
    if not isinstance(ruleset, Ruleset) or type(state) is not ruleset.state_type:
        raise ArgumentTypeError(f"state: expected a game's state, got {type(state).__name__}")
    legal = tuple(legal_actions(state))
    return st.sampled_from(legal) if legal else st.nothing()


def well_formed_actions() -> st.SearchStrategy[Action]:
    """Well-formed board-game inputs of every class (CONV-19), legal or not: any colour,
    any square a1..p11, swap counts 0..7 and commitments 0..12; then the inputs of every
    installed variant (:func:`~tigris_rules.ai.encoding.well_formed_inputs`)."""
    return st.one_of(*(st.sampled_from(domain) for domain in _domains()))


def _domains() -> tuple[tuple[Action, ...], ...]:
    """Every well-formed input :func:`well_formed_actions` draws, one tuple per class: the
    base game's, then each installed variant's, in canonical order."""
    return _domains_of(tuple(sys.path))


@functools.cache
def _domains_of(path: tuple[str, ...]) -> tuple[tuple[Action, ...], ...]:
    """The domains of the variants installed on ``path`` (the cache key, as for the
    plug-ins)."""
    variants = tuple(
        tuple(domain)
        for name in plugin_names(VARIANT_GROUP)
        for domain in well_formed_inputs(plugin(VARIANT_GROUP, name))
        if domain
    )
    return (*_base_domains(), *variants)


def _base_domains() -> tuple[tuple[Action, ...], ...]:
    counts = range(MAX_SWAP + 1)
    return (
        (EndTurn(),),
        (Decline(),),
        tuple(PlaceTile(c, s) for c in COLORS for s in SQUARE_NAMES),
        tuple(PlaceLeader(c, s) for c in COLORS for s in SQUARE_NAMES),
        tuple(WithdrawLeader(c) for c in COLORS),
        tuple(PlaceCatastrophe(s) for s in SQUARE_NAMES),
        tuple(SwapTiles(*n) for n in itertools.product(counts, repeat=4)),
        tuple(ChooseConflict(c) for c in COLORS),
        tuple(CommitSupport(n) for n in range(MAX_COMMIT + 1)),
        tuple(BuildMonument(m, s) for m in MONUMENTS for s in SQUARE_NAMES),
        tuple(KeepTreasure(s) for s in SQUARE_NAMES),
    )


def illegal_actions(state: GameState) -> st.SearchStrategy[Action]:
    """Well-formed inputs that are not legal in ``state``: those of
    :func:`well_formed_actions` not in ``tr.legal_actions(state)``, from every class that has
    one. ``tr.apply`` must reject each with an :class:`~tigris_rules.IllegalActionError`
    carrying a rule ID. Board-game states only."""
    expect(state, GameState, "state")
    legal = frozenset(legal_actions(state))
    per_class = [tuple(a for a in domain if a not in legal) for domain in _domains()]
    return st.one_of(*(st.sampled_from(illegal) for illegal in per_class if illegal))


@st.composite
def _game_logs(
    draw: st.DrawFn,
    config_strategy: st.SearchStrategy[GameConfig],
    complete: bool,
    max_drawn: int,
) -> GameLog:
    config = draw(config_strategy)
    seed = draw(SEEDS)
    recorder = Recorder(config, seed=seed)
    drawn = max_drawn if complete else draw(st.integers(min_value=0, max_value=max_drawn))
    for _ in range(drawn):
        if recorder.state.over:
            return recorder.log()
        legal = legal_actions(recorder.state)
        recorder.apply(legal[draw(st.integers(min_value=0, max_value=len(legal) - 1))])
    if complete:
        rng = random.Random(draw(SEEDS))
        while not recorder.state.over:
            legal = legal_actions(recorder.state)
            recorder.apply(legal[rng.randrange(len(legal))])
    return recorder.log()


def game_logs(
    config_strategy: st.SearchStrategy[GameConfig] | None = None,
    *,
    complete: bool = True,
    max_drawn: int = 200,
) -> st.SearchStrategy[GameLog]:
    """Logs of games recorded with :class:`~tigris_rules.Recorder`, from a seed.

    With ``complete=True`` (the default) every game is played to its end and the log holds
    the final result: the first ``max_drawn`` inputs are drawn by Hypothesis (they shrink),
    the rest chosen uniformly by a ``random.Random`` whose seed is drawn too. With
    ``complete=False`` the log stops after 0..``max_drawn`` drawn inputs (no result unless
    the game ended)."""
    expect(config_strategy, (st.SearchStrategy, None), "config_strategy")
    expect(complete, bool, "complete")
    expect(max_drawn, int, "max_drawn")
    if max_drawn < 0:
        raise ValueError(f"max_drawn must be at least 0, not {max_drawn}")
    config_strategy = configs() if config_strategy is None else config_strategy
    return _game_logs(config_strategy, complete, max_drawn)
