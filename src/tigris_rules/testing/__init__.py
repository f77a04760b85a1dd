"""A testing toolkit for programs built on ``tigris_rules`` (docs/testing.md).

The strategies need Hypothesis, which the library itself never imports: install the
optional extra, ``pip install 'tigris-rules[testing]'``. :func:`check_invariants` does not.

- :func:`configs`, :func:`states`, :func:`playthroughs`: configurations and states reached by
  legal play, shrinking toward short games;
- :func:`legal_actions_of`, :func:`illegal_actions`, :func:`well_formed_actions`: inputs;
- :func:`game_logs`: complete game records;
- :func:`check_invariants`: the invariants a reachable state keeps (no Hypothesis needed).

Installing the package registers :func:`configs` and :func:`states` with Hypothesis (its
``hypothesis`` entry point), so ``st.from_type(tr.GameConfig)`` and
``st.from_type(tr.GameState)`` work in any test.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import GameState
from tigris_rules.testing.invariants import TOTAL_TILES, check_invariants

if TYPE_CHECKING:
    from tigris_rules.testing.strategies import (
        DEFAULT_MAX_ACTIONS,
        Playthrough,
        configs,
        game_logs,
        illegal_actions,
        legal_actions_of,
        playthroughs,
        states,
        well_formed_actions,
    )


def _hypothesis_setup_hook() -> None:
    """Register the strategies for ``st.from_type`` (called by Hypothesis' entry point).

    ``GameConfig`` draws board-game configurations (:func:`configs`) and ``GameState``
    board-game states reached by legal play (:func:`states`).
    """
    from hypothesis import strategies as st

    # Resolved when a test first asks: Hypothesis runs this hook while it is being imported,
    # which may be from the strategies module itself, not yet complete then.
    st.register_type_strategy(GameConfig, lambda _: _strategies().configs())
    st.register_type_strategy(GameState, lambda _: _strategies().states().map(_board_state))


def _strategies() -> ModuleType:
    from tigris_rules.testing import strategies

    return strategies


def _board_state(state: object) -> GameState:
    assert isinstance(state, GameState)  # configs() draws board-game configurations only
    return state


_STRATEGIES = frozenset(
    {
        "DEFAULT_MAX_ACTIONS",
        "Playthrough",
        "configs",
        "game_logs",
        "illegal_actions",
        "legal_actions_of",
        "playthroughs",
        "states",
        "well_formed_actions",
    }
)
"""The names that come from :mod:`tigris_rules.testing.strategies`, which needs Hypothesis:
loaded on first use, so that :func:`check_invariants` works without it."""


def __getattr__(name: str) -> object:
    if name not in _STRATEGIES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        from tigris_rules.testing import strategies
    except ImportError as exc:  # pragma: no cover - depends on the environment
        if exc.name != "hypothesis":
            raise
        raise ImportError(
            f"tigris_rules.testing.{name} needs Hypothesis: pip install 'tigris-rules[testing]'"
        ) from exc
    return getattr(strategies, name)


__all__ = [
    "DEFAULT_MAX_ACTIONS",
    "TOTAL_TILES",
    "Playthrough",
    "check_invariants",
    "configs",
    "game_logs",
    "illegal_actions",
    "legal_actions_of",
    "playthroughs",
    "states",
    "well_formed_actions",
]
