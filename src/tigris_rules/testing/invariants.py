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

from tigris_rules.arguments import expect
from tigris_rules.cards.state import CardGameState
from tigris_rules.model.state import GameState
from tigris_rules.rules.components import CATASTROPHES_PER_PLAYER, TOTAL_TILES
from tigris_rules.rules.components import HAND_SIZE as MAX_HAND
from tigris_rules.state_check import check_state

__all__ = ["CATASTROPHES_PER_PLAYER", "MAX_HAND", "TOTAL_TILES", "check_invariants"]


def check_invariants(
    state: GameState | CardGameState, before: GameState | CardGameState | None = None
) -> list[str]:
    """Every invariant ``state`` breaks, as sentences; an empty list when all hold.

    The invariants of every state are :func:`tigris_rules.check_state`'s, each problem as
    its ``str`` (JSON path, message, rule ID). ``before``, when given, is the state ``state``
    was reached from by one input, for the invariants between two states: the configuration
    never changes; scores, treasures taken, turns and draws never decrease; nothing changes
    after the end of the game; and what each variant says of its data
    (:meth:`~tigris_rules.rules.hooks.Variant.transition_problems`).

    Anything but a state raises :class:`~tigris_rules.NotAStateError`.
    """
    problems = [str(problem) for problem in check_state(state)]
    expect(before, (GameState, CardGameState, None), "before", "a state or None")
    if before is not None:
        if isinstance(state, GameState) and isinstance(before, GameState):
            _progress(state, before, problems)
        elif isinstance(state, CardGameState) and isinstance(before, CardGameState):
            _card_progress(state, before, problems)
        else:
            problems.append("the two states are of different games")
    return problems


def _common(
    state: GameState | CardGameState, before: GameState | CardGameState, problems: list[str]
) -> None:
    if state.config != before.config:
        problems.append("the configuration changed")
    if state.turn < before.turn:
        problems.append("the turn counter went back")
    if before.over and state != before:
        problems.append("the state changed after the end of the game")


def _progress(state: GameState, before: GameState, problems: list[str]) -> None:
    """What one input never undoes."""
    _common(state, before, problems)
    for p, (old, new) in enumerate(zip(before.scores, state.scores, strict=True)):
        if any(n < o for o, n in zip(old, new, strict=True)):
            problems.append(f"player {p}'s score decreased")
    if any(n < o for o, n in zip(before.treasures_held, state.treasures_held, strict=True)):
        problems.append("a player's treasure count decreased")
    if state.bag_pos < before.bag_pos:
        problems.append("tiles went back into the bag")
    for variant in state.ruleset.variants:
        problems.extend(variant.transition_problems(before, state))


def _card_progress(state: CardGameState, before: CardGameState, problems: list[str]) -> None:
    _common(state, before, problems)
    for p, (old, new) in enumerate(zip(before.piles, state.piles, strict=True)):
        if new[: len(old)] != old:
            problems.append(f"player {p}'s VP pile lost a card")
    if state.draw_pos < before.draw_pos:
        problems.append("cards went back into the draw pile")
