"""A testing toolkit for programs built on ``tigris_rules`` (docs/testing.md).

It needs Hypothesis, which the library itself never imports: install the optional extra,
``pip install 'tigris-rules[testing]'``.

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

from tigris_rules.model.config import GameConfig
from tigris_rules.model.state import GameState


def _hypothesis_setup_hook() -> None:
    """Register the strategies for ``st.from_type`` (called by Hypothesis' entry point).

    ``GameConfig`` draws board-game configurations (:func:`configs`) and ``GameState``
    board-game states reached by legal play (:func:`states`). It is defined before this
    package imports Hypothesis, so that it exists when ``import tigris_rules.testing`` is
    what first imports Hypothesis (which then loads this hook from the half-loaded package).
    """
    from hypothesis import strategies as st

    from tigris_rules.testing.strategies import configs, states

    st.register_type_strategy(GameConfig, configs())
    st.register_type_strategy(GameState, states().map(_board_state))


def _board_state(state: object) -> GameState:
    assert isinstance(state, GameState)  # configs() draws board-game configurations only
    return state


try:
    import hypothesis  # noqa: F401
except ImportError as _exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "tigris_rules.testing needs Hypothesis: pip install 'tigris-rules[testing]'"
    ) from _exc

# Imported after the hook is defined (see _hypothesis_setup_hook).
from tigris_rules.testing.invariants import TOTAL_TILES, check_invariants  # noqa: E402
from tigris_rules.testing.strategies import (  # noqa: E402
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
