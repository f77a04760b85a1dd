"""What a finished game comes to, for both rulesets: why it ended (:class:`Termination`),
the standings (:class:`Result`, :class:`PlayerResult`) and the treasure allocation both share
(SCORE-2, CARD-SCORE-1).

Below both rulesets: the board game (``tigris_rules.rules``) and the card game
(``tigris_rules.cards``) each fill these types in from their own state.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

import attrs

__all__ = [
    "BOARD_TERMINATIONS",
    "CARD_TERMINATIONS",
    "PlayerResult",
    "Result",
    "Termination",
    "allocate_treasures",
    "standings",
]


class Termination(StrEnum):
    """Why a game ended, like python-chess's ``Termination``.

    A string-valued enum: a member's value is the ``reason`` of the ``GameOver`` event that
    reports it (and, in the card game, ``CardGameState.end_reason``), so
    ``result.termination == "bag"`` holds and ``str(result.termination)`` is that value.
    The treasure end is one member for both rulesets, as it is one reason string: END-1 on
    the board, CARD-END-3 at the card table.
    """

    TREASURES = "treasures"
    """Board game: at most 2 treasures left on the board at the end of a turn (END-1). Card
    game: only one head is still a treasure card (CARD-END-3)."""
    BAG = "bag"
    """Board game: a draw of the turn was short, the bag held fewer tiles than needed
    (END-2)."""
    DRAW_PILE = "draw pile"
    """Card game: the draw pile ran out before every hand held 8 cards (CARD-END-2)."""
    STALEMATE = "stalemate"
    """Card game: a full round of idle turns (CARD-END-5)."""


BOARD_TERMINATIONS: tuple[Termination, ...] = (Termination.TREASURES, Termination.BAG)
"""The board game's ends in the order TURN-11(e) checks them: END-1, END-2."""

CARD_TERMINATIONS: tuple[Termination, ...] = (
    Termination.DRAW_PILE,
    Termination.TREASURES,
    Termination.STALEMATE,
)
"""The card game's ends in the order CARD-TURN-7 (3) checks them: CARD-END-2, CARD-END-3,
CARD-END-5."""


@attrs.frozen
class PlayerResult:
    """One player's standing.

    ``scores`` are VP per colour (black, red, blue, green) before treasures; ``allocation``
    says how many treasures went to each colour (SCORE-2); ``vector`` is the four totals
    after allocation, sorted ascending (SCORE-3); ``place`` is 1 for the winners, shared on
    identical vectors with the next place skipped (SCORE-5).
    """

    player: int
    scores: tuple[int, int, int, int]
    treasures: int
    allocation: tuple[int, int, int, int]
    vector: tuple[int, int, int, int]
    place: int

    @property
    def score(self) -> int:
        """The weakest colour after treasures: the player's score (SCORE-3)."""
        return self.vector[0]


@attrs.frozen
class Result:
    """Every player's standing; ``final`` once the game is over (otherwise the standing as it
    would be if the game ended now).

    ``terminations`` are the end conditions that held when the game ended, in the order its
    ruleset checks them (END-1, END-2; CARD-END-2, CARD-END-3, CARD-END-5), empty while it
    goes on. Both board-game conditions can hold at one end of turn (the turn that takes the
    third-to-last treasure can also drain the bag), and so can the card game's; a single value
    would hide the second one, so the result keeps them all and :attr:`termination` names the
    first, the one the ``GameOver`` event and ``CardGameState.end_reason`` report.
    """

    players: tuple[PlayerResult, ...]
    final: bool
    terminations: tuple[Termination, ...] = ()

    @property
    def termination(self) -> Termination | None:
        """Why the game ended: the first of :attr:`terminations`, the reason the rules record
        (the ``GameOver`` event's ``reason``); ``None`` while the game is not over."""
        return self.terminations[0] if self.terminations else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (SCORE-5)."""
        return tuple(p.player for p in self.players if p.place == 1)

    @property
    def ranking(self) -> tuple[PlayerResult, ...]:
        """The players best first; equal places keep seat order."""
        return tuple(sorted(self.players, key=lambda p: (p.place, p.player)))

    def _repr_html_(self) -> str:
        """The ranking as a small HTML table, for Jupyter: place, seat, VP per colour,
        treasures, the sorted score vector and the score (its weakest colour, SCORE-3)."""
        from html import escape

        title = "Final result" if self.final else "Provisional result (the game is not over)"
        head = "".join(
            f"<th>{name}</th>"
            for name in (
                "Place",
                "Seat",
                "Black",
                "Red",
                "Blue",
                "Green",
                "Treasures",
                "Vector",
                "Score",
            )
        )
        rows = []
        for entry in self.ranking:
            cells = (entry.place, entry.player, *entry.scores, entry.treasures)
            vector = "/".join(str(v) for v in entry.vector)
            style = ' style="font-weight:bold"' if entry.place == 1 else ""
            rows.append(
                f"<tr{style}>"
                + "".join(f"<td>{value}</td>" for value in cells)
                + f"<td>{escape(vector)}</td><td>{entry.score}</td></tr>"
            )
        return (
            f'<table class="tigris-result"><caption>{escape(title)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )


def allocate_treasures(
    scores: tuple[int, int, int, int], treasures: int
) -> tuple[int, int, int, int]:
    """SCORE-2: each treasure in turn goes to a lowest colour, the first in canonical order
    among equals.

    Computed at once, not treasure by treasure: the lowest k colours are raised to one level
    (k the fewest whose filling to the next colour's total the treasures do not reach), and
    what is left over goes one each to the first of them in canonical order.
    """
    order = sorted(range(4), key=lambda c: (scores[c], c))
    low = [scores[c] for c in order]
    k = 1
    while k < 4 and treasures >= sum(low[k] - v for v in low[:k]):
        k += 1
    level, extra = divmod(sum(low[:k]) + treasures, k)
    raised = sorted(order[:k])
    given = [0, 0, 0, 0]
    for rank, color in enumerate(raised):
        given[color] = level + (1 if rank < extra else 0) - scores[color]
    return (given[0], given[1], given[2], given[3])


def standings(
    holdings: Sequence[tuple[tuple[int, int, int, int], int]],
) -> tuple[PlayerResult, ...]:
    """Every player's standing from his VP per colour and treasures, in seat order:
    treasures allocated as wild VP (SCORE-2), the sorted totals as the score vector
    (SCORE-3), compared lexicographically, identical vectors sharing a place (SCORE-4,
    SCORE-5, SCORE-6)."""
    rows = []
    for player, (scores, treasures) in enumerate(holdings):
        allocation = allocate_treasures(scores, treasures)
        t = sorted(s + a for s, a in zip(scores, allocation, strict=True))
        rows.append((player, scores, treasures, allocation, (t[0], t[1], t[2], t[3])))
    return tuple(
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
