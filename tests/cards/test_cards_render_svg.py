"""The SVG picture of the card table: every card, gap card and leader, and a view's secrets."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from card_scenario import RED, play, table
from test_cards_render import crowded

import tigris_rules as tr
from tigris_rules.cards import PlayColumn
from tigris_rules.cards.render import render_card_result, render_table
from tigris_rules.cards.render_svg import render_card_svg
from tigris_rules.cards.view import card_view
from tigris_rules.render import render_board, render_result, render_svg


def by_class(root: ET.Element, token: str) -> list[ET.Element]:
    return [e for e in root.iter() if token in e.get("class", "").split()]


def test_one_element_per_column_card_head_and_gap_card() -> None:
    """CARD-DEF-1, CARD-DEF-2: heads, column cards and boats, each at its spot."""
    state = crowded()
    root = ET.fromstring(render_card_svg(state))
    cards = by_class(root, "card") + by_class(root, "boat")
    assert len(cards) == sum(len(c) for c in state.columns)
    spots = {e.get("data-spot") for e in cards}
    assert spots == {f"{c + 1}.{p}" for c in range(8) for p in range(1, len(state.columns[c]) + 1)}
    assert len(by_class(root, "boat")) == 1
    assert len(by_class(root, "head")) == 8
    assert len(by_class(root, "head-red")) == 1
    gap_cards = by_class(root, "gap-card")
    assert len(gap_cards) == sum(1 for g in state.gaps if g is not None) == 2
    leaders = by_class(root, "leader")
    assert len(leaders) == sum(1 for loc in state.leaders if loc is not None)
    assert {e.get("data-spot") for e in leaders} >= {"3.0", "g1"}


def test_a_view_hides_the_other_hands_and_the_face_down_card() -> None:
    """CARD-DEF-7(b), (c), (d): own hand only, piles as counts, face-down card unknown."""
    state = crowded()
    down = [g for g in state.gaps if g is not None and not g.face_up]
    assert len(down) == 1
    owner = down[0].player
    other = next(p for p in range(3) if p != owner)
    mine = ET.fromstring(render_card_svg(card_view(state, owner)))
    theirs = ET.fromstring(render_card_svg(card_view(state, other)))
    assert len(by_class(mine, "known")) == 1
    assert by_class(theirs, "known") == []
    (viewer,) = by_class(theirs, "viewer")
    counts = {e.get("class"): int(e.get("data-count", "-1")) for e in by_class(viewer, "hand-card")}
    assert counts == {f"hand-card hand-{c.value}": state.hands[other][c.index] for c in tr.COLORS}
    assert len(by_class(theirs, "hand-card")) == 4
    assert len(by_class(theirs, "hand-hidden")) == 2
    assert by_class(theirs, "pile-count") == []
    assert [int(e.get("data-count", "-1")) for e in by_class(theirs, "pile")] == [
        len(p) for p in state.piles
    ]
    spectator = ET.fromstring(render_card_svg(card_view(state, None)))
    assert by_class(spectator, "hand-card") == []
    assert len(by_class(spectator, "hand-hidden")) == 3


def test_the_whole_state_shows_everything_and_the_draw_pile() -> None:
    state = crowded()
    root = ET.fromstring(render_card_svg(state))
    assert len(by_class(root, "hand-card")) == 12
    assert len(by_class(root, "pile-count")) == 15
    (draw,) = by_class(root, "draw-pile")
    assert draw.get("data-count") == str(state.draw_size)
    assert state._repr_svg_() == render_card_svg(state)
    assert card_view(state, 1)._repr_svg_() == render_card_svg(card_view(state, 1))


def test_the_last_action_is_outlined() -> None:
    before = table(players=2, columns={1: "kk", 2: "r"}, hands={0: "rrbb", 1: "kk"})
    state = play(before, PlayColumn(RED, 2))
    root = ET.fromstring(render_card_svg(state, last=PlayColumn(RED, 2)))
    assert [e.get("data-spot") for e in by_class(root, "last")] == ["2.2"]


def test_not_a_card_state() -> None:
    with pytest.raises(tr.ArgumentTypeError, match="board"):
        render_card_svg(tr.new_game(tr.GameConfig(players=2), seed=1))  # type: ignore[arg-type]


def test_the_generic_renderers_draw_the_card_game_as_its_ruleset_does() -> None:
    """``render_board``, ``render_result`` and ``render_svg`` ask the state's ruleset
    (``GamePictures``): a card-game state is drawn by the card game's own renderers, and
    shown so in Jupyter."""
    state = crowded()
    assert render_board(state) == render_board(state, color=True) == render_table(state)
    assert render_result(state) == render_card_result(state)
    assert render_svg(state, scale=2, last=PlayColumn(RED, 2)) == render_card_svg(
        state, scale=2, last=PlayColumn(RED, 2)
    )
    assert state._repr_svg_() == render_card_svg(state)
    seen = card_view(state, 0)
    assert render_svg(seen) == render_card_svg(seen)
    with pytest.raises(tr.ArgumentValueError, match=r"^caption: the card game's picture"):
        render_svg(state, caption="the crowded table")
