"""Rewards of a game's end for learning and search frameworks, and the referee's cap.

The rules rank the players (SCORE-5, ties shared); frameworks want one number per player.
:func:`ranking_returns` gives seat ``p``

    (number of players ranked below p - number of players ranked above p) / (players - 1)

so the returns lie in ``[-1, 1]`` and sum to 0 (every pair of players adds +1 and -1, or
0 and 0 on a tie): +1 / -1 for the winner and the loser of a two-player game, 0 each on a
tie; with three players a clear ranking gives +1, 0, -1. It reads only the places of
:func:`~tigris_rules.result`, so it also scores a game a referee stops before its end.

The rules bound no game: a player may move leaders forever without drawing a tile (the card
game has the same gap, docs/decisions.md). An adapter therefore stops a game after
``max_decisions`` decisions (actions and answers, end of turn included);
:data:`DEFAULT_MAX_DECISIONS` is about four times the longest game random players play.

>>> import tigris_rules as tr
>>> from tigris_rules.ai.integrations.returns import ranking_returns
>>> ranking_returns(tr.new_game(tr.GameConfig(players=3), seed=1))  # all tied at 0 VP
(0.0, 0.0, 0.0)
"""

from __future__ import annotations

from typing import Any

from tigris_rules.api import AnyState, result
from tigris_rules.errors import ArgumentTypeError
from tigris_rules.model.ruleset import Ruleset

__all__ = ["DEFAULT_MAX_DECISIONS", "ranking_returns"]

DEFAULT_MAX_DECISIONS = 1000
"""The default number of decisions after which an adapter stops a game: random players end
a game after 150 to 270 decisions."""


def ranking_returns(state: AnyState) -> tuple[float, ...]:
    """One return per seat from the places of ``result(state)`` (a state of either game):
    (players ranked below - players ranked above) / (players - 1). Zero-sum, in ``[-1, 1]``,
    ties shared. Of a game that is not over it scores the standing as if the game ended
    now."""
    ruleset: Any = getattr(state, "ruleset", None)
    if not isinstance(ruleset, Ruleset) or type(state) is not ruleset.state_type:
        raise ArgumentTypeError.expected("state", "a game state", state)
    places = [entry.place for entry in result(state).players]
    others = len(places) - 1
    return tuple(
        (sum(1 for q in places if q > p) - sum(1 for q in places if q < p)) / others for p in places
    )
