"""Final scoring of the card game (CARD-SCORE-1, CARD-VP-3): VP piles sorted by colour,
treasure cards wild as in SCORE-2, ranking as in SCORE-3, SCORE-4, SCORE-5 and SCORE-6."""

from __future__ import annotations

from tigris_rules.arguments import expect
from tigris_rules.cards.state import CardGameState
from tigris_rules.rules.scoring import PlayerResult, Result, allocate_treasures

__all__ = ["card_result"]


def card_result(state: CardGameState) -> Result:
    """Every player's standing (``final`` once the game is over).

    Each card on a VP pile is 1 VP of its colour; treasure cards are wild and are assigned one
    at a time to a lowest colour (SCORE-2). The score vector is the four totals sorted
    ascending (SCORE-3), compared lexicographically (SCORE-4); identical vectors share a place
    (SCORE-5) and nothing else breaks ties (SCORE-6).
    """
    expect(state, CardGameState, "state")
    rows = []
    for player in range(state.players):
        black, red, blue, green, treasures = state.pile_counts(player)
        scores = (black, red, blue, green)
        allocation = allocate_treasures(scores, treasures)
        totals = sorted(s + a for s, a in zip(scores, allocation, strict=True))
        vector = (totals[0], totals[1], totals[2], totals[3])
        rows.append((player, scores, treasures, allocation, vector))
    players = tuple(
        PlayerResult(
            player=player,
            scores=scores,
            treasures=treasures,
            allocation=allocation,
            vector=vector,
            place=1 + sum(1 for other in rows if other[4] > vector),
        )
        for player, scores, treasures, allocation, vector in rows
    )
    return Result(players=players, final=state.over)
