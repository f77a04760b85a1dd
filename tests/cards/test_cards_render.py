"""Text rendering of the card table and of the card-game result (golden files).

The golden files live in tests/data/render/. After an intended change of the output,
rewrite them with ``TIGRIS_UPDATE_GOLDEN=1 pytest tests/cards/test_cards_render.py`` and
review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

from card_scenario import BLACK, RED, play, table

from tigris_rules import GameConfig
from tigris_rules.ai.bots import play_card_game, random_bots
from tigris_rules.cards import CardCommitDecision, CardGameState, PlayGap
from tigris_rules.cards.render import LEGEND, render_card_result, render_table

GOLDEN = Path(__file__).parents[1] / "data" / "render"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("TIGRIS_UPDATE_GOLDEN"):
        path.write_text(text + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text + "\n", f"{name} differs from the output"


def crowded() -> CardGameState:
    """A table with every kind of thing: a replaced head, a boat, a face-up gap card and a
    face-down one (seat 0 joined columns 3 and 4, and the war of the kings waits for his
    commitment), leaders on heads, column cards and a gap card, VP piles."""
    state = table(
        players=3,
        columns={1: "kkkbK", 2: "rrg", 3: "gbrk", 4: "bbb", 5: "r", 7: "ggggr"},
        gaps={1: "b/1"},
        heads="TTTTrTTT",
        leaders={"3.0": "0K", "4.1": "1K", "1.2": "2R", "g1": "2B", "7.5": "0G"},
        hands={0: "rrkkbbgg", 1: "kkkbbbgg", 2: "rrr"},
        piles={0: "kkT", 1: "rb"},
        catastrophes=(True, False, True),
    )
    state = play(state, PlayGap(RED, 3))
    assert isinstance(state.pending, CardCommitDecision)
    assert state.pending.conflict.color is BLACK
    return state


def test_golden_card_table() -> None:
    """CARD-DEF-1, CARD-DEF-2, CARD-DEF-4, CARD-DEF-7: heads, columns, gaps (the face-down
    card hidden), leaders, boats, hand sizes and VP piles' sizes and top cards."""
    state = crowded()
    text = render_table(state)
    assert text.isascii()
    head_row = text.splitlines()[1]
    assert head_row.split()[:8] == ["head", "T", "b", "2B", "T", ".", "T", "0K"]
    assert "?" in head_row
    assert LEGEND in text
    assert "Kingdoms: 1-2, 3-4, 5, 6, 7, 8" in text
    assert "Boats: available blue-red, blue-green; built blue-black at 1.5" in text
    assert "*Seat 0 (archer): hand 7, VP pile 3, top T, catastrophe unused" in text
    check_golden("card_table_crowded.txt", text)


def test_golden_card_opening_and_result() -> None:
    """CARD-SETUP-1..5 in the opening table; CARD-SCORE-1 in the result table."""
    from tigris_rules.cards import new_card_game

    opening = new_card_game(GameConfig(players=2, game="cards"), seed=1)
    check_golden("card_table_opening.txt", render_table(opening))
    final, _ = play_card_game(GameConfig(players=3, game="cards"), random_bots(3, 2), 2)
    assert final.over
    text = render_table(final) + "\n\n" + render_card_result(final)
    assert "Final result" in text
    check_golden("card_finished.txt", text)


def test_the_table_of_a_view_shows_what_the_view_holds() -> None:
    """CARD-DEF-7: a seat's view and a spectator's are drawn as the state is, from the view
    alone: the table and every count are public; the viewer's own hand shows by colour,
    the others' by their size; a face-down gap card stays ``?`` even to the seat that
    played it."""
    from tigris_rules.cards.view import card_view
    from tigris_rules.render import render_board

    state = crowded()
    referee = render_table(state)
    seat = render_table(card_view(state, 0))
    spectator = render_table(card_view(state, None))
    assert render_board(card_view(state, 1)) == render_table(card_view(state, 1))
    assert "*Seat 0 (archer, you): hand 7 (2k 1r 2b 2g), VP pile 3, top T" in seat
    assert " Seat 1 (bull): hand 8, VP pile 2, top b," in seat
    assert "*Seat 0 (archer): hand 7, VP pile 3, top T" in spectator
    assert "(2k" not in spectator
    assert "you" not in spectator
    assert seat.splitlines()[1] == spectator.splitlines()[1] == referee.splitlines()[1]
    assert "?" in spectator.splitlines()[1]
    assert spectator == referee
