"""Text rendering of the card game: the table, the players and the result.

:func:`render_table` draws the table of RULES.md Part II as a grid: one column of text per
column of cards (CARD-DEF-1) and one per gap between them (CARD-SETUP-1). The first row holds
the heads and the gap cards, which lie side by side on the table; the rows below hold the
cards of each column, position 1 first. Below the grid come the kingdoms (CARD-DEF-4), the
boats, the draw pile and one line per player: hand size, VP pile size and top card
(CARD-DEF-7(c)), catastrophe card, leaders in supply.

The output is plain ASCII, depends only on what it draws and has no trailing newline, so it
can be compared in tests. It draws a state as a referee sees it, except that the colour of a
face-down gap card is shown as ``?`` (CARD-DEF-7(d)) and hands and the draw pile show only
their sizes. It draws a player view (:class:`~tigris_rules.cards.CardView`, a seat's or a
spectator's) alike, from what the view holds: the hands the viewer may see by colour as
well, the others by their size only, and never a colour the view hides.
"""

from __future__ import annotations

from tigris_rules._arguments import expect
from tigris_rules.cards.components import BOAT_OF_CODE, BOATS, COLUMNS, GAPS, TREASURE, is_boat
from tigris_rules.cards.kingdoms import kingdom_labels, run_bounds
from tigris_rules.cards.legality import describe_decision
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.state import CardGameState, GapCard
from tigris_rules.cards.view import CardView
from tigris_rules.model.colors import COLORS
from tigris_rules.model.outcome import Result
from tigris_rules.render.sentences import DYNASTIES

__all__ = ["LEGEND", "render_card_result", "render_table"]

LEGEND = (
    "Legend: T treasure card  R red head (a replaced treasure card)  k r b g card (black red "
    "blue green)\n"
    "        Bk Br Bg boat (blue-black blue-red blue-green)  ? face-down gap card  . empty gap\n"
    "        0K leader (seat 0..3; K king, R priest, B farmer, G trader)"
)
"""The legend printed under the table."""

_CARD_LETTERS = "krbg"
_LEADER_LETTERS = "KRBG"
_BOAT_LETTERS = {boat.code: "B" + _CARD_LETTERS[boat.other.index] for boat in BOATS}
_CELL = 6


def _dynasty(player: int) -> str:
    return DYNASTIES[player] if player < len(DYNASTIES) else f"seat{player}"


Board = CardGameState | CardView
"""What the text table draws: a card-game state, or a player view of one."""


def _leader_map(state: Board) -> dict[tuple[int, int], str]:
    """Each occupied place and its leader as seat digit and leader letter: ``0K``."""
    return {
        loc: f"{flat // 4}{_LEADER_LETTERS[flat % 4]}"
        for flat, loc in enumerate(state.leaders)
        if loc is not None
    }


def _card_text(code: int) -> str:
    if is_boat(code):
        return _BOAT_LETTERS[code]
    return _CARD_LETTERS[code]


def _cell(card: str, leader: str | None) -> str:
    text = card if leader is None else f"{card} {leader}"
    return text.ljust(_CELL)


def _kingdoms(state: Board) -> str:
    """The kingdoms as runs of columns: ``1-2, 3, 4-8`` (CARD-DEF-4)."""
    labels = kingdom_labels(_occupied(state))
    runs = []
    column = 0
    while column < COLUMNS:
        first, last = run_bounds(labels, column)
        runs.append(f"{first + 1}" if first == last else f"{first + 1}-{last + 1}")
        column = last + 1
    return ", ".join(runs)


def _occupied(state: Board) -> tuple[GapCard | None, ...]:
    """The gaps as the kingdoms see them: only whether a card lies in each (CARD-DEF-4)."""
    if isinstance(state, CardGameState):
        return state.gaps
    return tuple(None if g is None else GapCard(0, g.player, g.face_up) for g in state.gaps)


def _gap_text(state: Board, gap: int) -> str:
    """A gap card's colour letter once face up, ``?`` while face down, ``.`` for no card."""
    card = state.gaps[gap]
    if card is None:
        return "."
    color = card.color
    return _CARD_LETTERS[color.index] if card.face_up and color is not None else "?"


def _boats(state: Board) -> str:
    built = []
    for column, cards in enumerate(state.columns):
        for position, code in enumerate(cards, start=1):
            if is_boat(code):
                built.append(f"{BOAT_OF_CODE[code].value} at {column + 1}.{position}")
    available = [b.value for b in state.available_boats]
    parts = [f"available {', '.join(available) if available else 'none'}"]
    if built:
        parts.append(f"built {', '.join(built)}")
    return "Boats: " + "; ".join(parts)


def _player_line(state: Board, player: int) -> str:
    if isinstance(state, CardView):
        size, top = state.pile_sizes[player], state.pile_tops[player]
        hand = f"hand {state.hand_sizes[player]}"
        shown = state.hands[player]
        if shown is not None:
            hand += " (" + " ".join(f"{n}{_CARD_LETTERS[c]}" for c, n in enumerate(shown)) + ")"
        name = f"{_dynasty(player)}, you" if player == state.viewer else _dynasty(player)
    else:
        size, top = len(state.piles[player]), state.pile_top(player)
        hand = f"hand {state.hand_size(player)}"
        name = _dynasty(player)
    top_text = "" if top is None else f", top {'T' if top == TREASURE else _CARD_LETTERS[top]}"
    supply = "".join(_LEADER_LETTERS[c] for c in range(4) if state.leaders[4 * player + c] is None)
    catastrophe = "unused" if state.catastrophes[player] else "used"
    marker = "*" if state.active == player and not state.over else " "
    return (
        f"{marker}Seat {player} ({name}): {hand}, "
        f"VP pile {size}{top_text}, catastrophe {catastrophe}, "
        f"leaders in supply: {' '.join(supply) or 'none'}"
    )


def render_table(state: CardGameState | CardView) -> str:
    """Draw the card table of ``state`` (a card-game state, or a seat's or a spectator's
    view of one) and its players as plain ASCII text.

    The grid has a header line naming columns ``1``..``8`` and gaps ``g1``..``g7``; the row
    ``head`` shows each head (``T`` a treasure card, ``R`` the red card that replaced one,
    CARD-DEF-2) and each gap card (its colour letter once face up, ``?`` while face down,
    ``.`` for an empty gap); rows ``1``, ``2``... show the column cards, boats as ``Bk``,
    ``Br``, ``Bg``. A leader follows the card it stands on as seat digit and leader letter
    (``T 0K``: seat 0's king on a treasure-card head). The lines below give the kingdoms, the
    boats, the draw pile, the cards out of the game, and per player (``*`` the active one)
    the hand size, the VP pile's size and top card, the catastrophe card and the leaders in
    supply. A view adds the hands its viewer may see by colour (``hand 8 (2k 3r 1b 2g)``) and
    ``you`` after the viewer's dynasty; it shows nothing it hides. No trailing newline.
    """
    expect(state, (CardGameState, CardView), "state", "a CardGameState or a CardView")
    leaders = _leader_map(state)
    header = ["      "]
    heads = ["head  "]
    for column in range(COLUMNS):
        header.append(str(column + 1).ljust(_CELL))
        head = "T" if state.heads[column] == TREASURE else "R"
        heads.append(_cell(head, leaders.get((2 * column, 0))))
        if column < GAPS:
            header.append(f"g{column + 1}".ljust(_CELL))
            heads.append(_cell(_gap_text(state, column), leaders.get((2 * column + 1, 0))))
    lines = ["".join(header).rstrip(), "".join(heads).rstrip()]
    depth = max((len(cards) for cards in state.columns), default=0)
    for position in range(1, depth + 1):
        row = [f"{position:>3}   "]
        for column in range(COLUMNS):
            cards = state.columns[column]
            if position <= len(cards):
                row.append(
                    _cell(_card_text(cards[position - 1]), leaders.get((2 * column, position)))
                )
            else:
                row.append(" " * _CELL)
            if column < GAPS:
                row.append(" " * _CELL)
        lines.append("".join(row).rstrip())
    out = state.out_of_game
    out_text = " ".join(f"{_CARD_LETTERS[c]}{out[c]}" for c in range(4))
    players = state.config.players
    lines += [
        LEGEND,
        f"Kingdoms: {_kingdoms(state)}",
        _boats(state),
        f"Draw pile: {state.draw_size} card(s); out of the game: {sum(out)} ({out_text})",
        *(_player_line(state, p) for p in range(players)),
    ]
    return "\n".join(lines)


def card_state_text(state: CardGameState) -> str:
    """Draw a card-game state as plain text, what ``str(state)`` gives: a status line, the
    table as :func:`render_table` draws it, and who must decide what (or the result table
    once the game is over). No trailing newline."""
    expect(state, CardGameState, "state")
    if state.over:
        status = f"The game is over after {state.turn} turns ({state.end_reason})."
    else:
        status = (
            f"Turn {state.turn + 1}: seat {state.active} ({_dynasty(state.active)}) is active, "
            f"{state.actions_taken} of 2 actions taken."
        )
    lines = [status, render_table(state)]
    if state.over:
        lines.append(render_card_result(state))
    elif state.pending is None:
        lines.append(f"Now: seat {state.active} must choose an action or end the turn.")
    else:
        lines.append(f"Now: {describe_decision(state.pending)}.")
    return "\n".join(lines)


def render_card_result(state: CardGameState) -> str:
    """Draw the result of ``state`` as a plain ASCII table, best place first.

    One row per player: place (shared on ties, SCORE-5), seat and dynasty, the cards of each
    colour on his VP pile (CARD-VP-3), his treasure cards, how they were assigned as wild
    cards per colour (SCORE-2, black/red/blue/green), the sorted score vector (SCORE-3,
    CARD-SCORE-1) and the score (its first entry). A title line says whether the result is
    final or provisional. No trailing newline.
    """
    expect(state, CardGameState, "state")
    return _result_table(card_result(state))


def _slashed(values: tuple[int, ...]) -> str:
    return "/".join(str(v) for v in values)


def _result_table(outcome: Result) -> str:
    title = "Final result" if outcome.final else "Provisional result (the game is not over)"
    header = (
        "Place",
        "Seat",
        "Dynasty",
        *(c.value.capitalize() for c in COLORS),
        "Treasure cards",
        "Allocation k/r/b/g",
        "Vector",
        "Score",
    )
    rows: list[tuple[str, ...]] = [
        (
            str(entry.place),
            str(entry.player),
            _dynasty(entry.player),
            *(str(v) for v in entry.scores),
            str(entry.treasures),
            _slashed(entry.allocation),
            _slashed(entry.vector),
            str(entry.vector[0]),
        )
        for entry in sorted(outcome.players, key=lambda p: (p.place, p.player))
    ]
    text_columns = {2, 8, 9}
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        parts = [
            cell.ljust(width) if i in text_columns else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    body = [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in rows)]
    if outcome.final:
        winners = [
            f"seat {p.player} ({_dynasty(p.player)})"
            for p in sorted(outcome.players, key=lambda p: p.player)
            if p.place == 1
        ]
        label = "Winner" if len(winners) == 1 else "Winners (shared first place)"
        body.append(f"{label}: {', '.join(winners)}")
    return "\n".join([title, *body])
