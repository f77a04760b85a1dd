"""Final scoring (SCORE): treasures as wild VP, score vectors and the ranking."""

from __future__ import annotations

import attrs

from tigris_rules.model.state import GameState

__all__ = ["PlayerResult", "Result", "allocate_treasures", "result"]


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
    would be if the game ended now)."""

    players: tuple[PlayerResult, ...]
    final: bool

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


def result(state: GameState) -> Result:
    """The result of the game: each player's four colour totals and treasures (SCORE-1),
    the treasures given to colours (SCORE-2), the score vector (SCORE-3) and the places."""
    rows = []
    for player, scores in enumerate(state.scores):
        treasures = state.treasures_held[player]
        allocation = allocate_treasures(scores, treasures)
        t = sorted(s + a for s, a in zip(scores, allocation, strict=True))  # SCORE-3
        rows.append((player, scores, treasures, allocation, (t[0], t[1], t[2], t[3])))
    players = tuple(
        PlayerResult(
            player=player,
            scores=scores,
            treasures=treasures,
            allocation=allocation,
            vector=vector,
            # SCORE-4, SCORE-5, SCORE-6: only a larger vector ranks higher; equal ones share
            place=1 + sum(1 for other in rows if other[4] > vector),
        )
        for player, scores, treasures, allocation, vector in rows
    )
    return Result(players=players, final=state.over)
