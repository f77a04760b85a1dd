"""Final scoring of the card game (CARD-SCORE-1, CARD-VP-3): VP piles sorted by colour,
treasure cards wild as in SCORE-2, ranking as in SCORE-3, SCORE-4, SCORE-5 and SCORE-6."""

from __future__ import annotations

from tigris_rules._arguments import expect
from tigris_rules.cards.flow import end_conditions
from tigris_rules.cards.state import CardGameState
from tigris_rules.model.outcome import Result, Termination, standings

__all__ = ["card_result"]


def card_result(state: CardGameState) -> Result:
    """Every player's standing (``final`` once the game is over) and, once it is over, why it
    ended (CARD-END-2, CARD-END-3, CARD-END-5).

    Each card on a VP pile is 1 VP of its colour; treasure cards are wild and are assigned one
    at a time to a lowest colour (SCORE-2). The score vector is the four totals sorted
    ascending (SCORE-3), compared lexicographically (SCORE-4); identical vectors share a place
    (SCORE-5) and nothing else breaks ties (SCORE-6).
    """
    expect(state, CardGameState, "state")
    holdings = []
    for player in range(state.players):
        black, red, blue, green, treasures = state.pile_counts(player)
        holdings.append(((black, red, blue, green), treasures))
    ends: tuple[Termination, ...] = ()
    if state.over:
        short = state.end_reason == Termination.DRAW_PILE.value
        ends = end_conditions(short, len(state.treasure_heads()), state.idle_turns, state.players)
    return Result(players=standings(holdings), final=state.over, terminations=ends)
