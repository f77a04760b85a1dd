"""The invariants of a reachable state (RULES.md, "Invariants"), as a check.

This module does not need Hypothesis: :func:`check_invariants` is plain Python and can be
called from any test, fuzzer or debugging session. It is :func:`tigris_rules.check_state`,
the check every state read from JSON passes, plus what one input never undoes.

>>> import tigris_rules as tr
>>> from tigris_rules.testing.invariants import check_invariants
>>> state = tr.new_game(tr.GameConfig(players=2), seed=1)
>>> after = tr.apply(state, tr.legal_actions(state)[0])
>>> check_invariants(after, before=state)
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tigris_rules.errors import NotAStateError
from tigris_rules.model.ruleset import game_of
from tigris_rules.rules.components import CATASTROPHES_PER_PLAYER, TOTAL_TILES
from tigris_rules.rules.components import HAND_SIZE as MAX_HAND
from tigris_rules.state_check import check_state

if TYPE_CHECKING:
    from tigris_rules.api import AnyState

__all__ = ["CATASTROPHES_PER_PLAYER", "MAX_HAND", "TOTAL_TILES", "check_invariants"]


def check_invariants(state: AnyState, before: AnyState | None = None) -> list[str]:
    """Every invariant ``state`` breaks, as sentences; an empty list when all hold.

    The invariants of every state are :func:`tigris_rules.check_state`'s, each problem as
    its ``str`` (JSON path, message, rule ID). ``before``, when given, is the state ``state``
    was reached from by one input, for the invariants between two states: the two are of one
    game, the configuration never changes, nothing changes after the end of the game, and
    what the game's ruleset promises of one input
    (:meth:`~tigris_rules.model.ruleset.Ruleset.transition_problems`: in the board game,
    scores, treasures taken, turns and draws never decrease, and what each variant says of
    its data, :meth:`~tigris_rules.rules.hooks.Variant.transition_problems`; in the card game,
    turns and draws never go back and VP piles only grow).

    Anything but a state raises :class:`~tigris_rules.NotAStateError`.
    """
    problems = [str(problem) for problem in check_state(state)]
    if before is None:
        return problems
    if game_of(before) is None:
        raise NotAStateError.expected("before", "a state or None", before)
    if type(before) is not type(state):
        problems.append("the two states are of different games")
        return problems
    ruleset: Any = state.ruleset
    if before.ruleset != ruleset:
        problems.append("the configuration changed")
        return problems
    if type(state) is not ruleset.state_type:  # a configuration of another game: config-game
        return problems
    if ruleset.is_over(before) and state != before:
        problems.append("the state changed after the end of the game")
    problems.extend(ruleset.transition_problems(before, state))
    return problems
