"""Results of both rulesets show as an HTML ranking table in notebooks."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import tigris_rules as tr
from tigris_rules.ai.bots import play_card_game, play_game, random_bots


def rows(html: str) -> list[list[str]]:
    root = ET.fromstring(html)
    return [[td.text or "" for td in tr_] for tr_ in root.iter("tr") if tr_.find("td") is not None]


def test_a_board_game_result_is_a_ranking_table() -> None:
    final, _ = play_game(tr.GameConfig(players=3), random_bots(3, 1), 1)
    outcome = tr.result(final)
    html = outcome._repr_html_()
    root = ET.fromstring(html)
    assert root.tag == "table"
    assert root.findtext("caption") == "Final result"
    table = rows(html)
    assert [int(r[1]) for r in table] == [p.player for p in outcome.ranking]
    assert [int(r[0]) for r in table] == [p.place for p in outcome.ranking]
    assert [int(r[-1]) for r in table] == [p.score for p in outcome.ranking]


def test_a_card_game_result_and_a_provisional_one() -> None:
    final, _ = play_card_game(tr.GameConfig(players=2, game="cards"), random_bots(2, 3), 3)
    assert len(rows(tr.result(final)._repr_html_())) == 2
    opening = tr.new_game(tr.GameConfig(players=4), seed=1)
    root = ET.fromstring(tr.result(opening)._repr_html_())
    assert root.findtext("caption") == "Provisional result (the game is not over)"
