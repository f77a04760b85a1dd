"""The SVG renderer: valid XML showing every piece of a position."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import attrs
import pytest

import tigris_rules as tr
from scenario import with_ziggurat
from tigris_rules.ai.bots import play_game, random_bots
from tigris_rules.model.cells import CATASTROPHE, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.render.svg import render_svg
from tigris_rules.render.svg_kit import markup, verbatim
from tigris_rules.variants.buildings import building_squares
from tigris_rules.views import view

SVG = "{http://www.w3.org/2000/svg}"

CROWDED = """
     a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
 1   .  .  .  .  ~  ~  ~  ~  ~  .  r* k  ~  .  .  .
 2   0K r* k  .  b  .  .  .  .  .  1R g  ~  .  .  r*
 3   .  r  r  ~  b  r* 0R .  .  .  .  .  ~  ~  .  .
 4   ~  ~  ~  ~  .  k  k  .  .  .  .  .  .  ~  ~  ~
 5   .  .  .  .  .  .  .  g  g  g  X  .  .  r* 2G ~
 6   .  .  .  .  .  .  .  .  .  .  .  .  .  r  ~  .
 7   ~  ~  ~  ~  .  .  .  .  r* 3K .  .  ~  ~  ~  .
 8   .  r* 1B b  b  ~  ~  .  .  .  .  .  ~  .  .  .
 9   .  .  Z  .  .  .  ~  ~  ~  ~  ~  ~  ~  .  r* .
10   .  Z  Z* Z  .  r* .  .  g  .  .  .  X  .  .  .
11   .  .  Z  .  .  .  .  .  .  .  r* .  .  .  .  .
"""
"""A 4-player position with every kind of piece: tiles of each colour, a monument on f5,
the ziggurat on c10 (with a treasure), two catastrophes, treasures (four on priority
squares), the black and green buildings, six leaders of all four dynasties, and the
unification marker on h5."""


def crowded() -> GameState:
    """The position drawn by :data:`CROWDED`."""
    state = position(
        CROWDED,
        config=tr.GameConfig(players=4, variants=("buildings", "ziggurat")),
        monuments={tr.Monument.BLACK_RED: "f5"},
        buildings={tr.Color.GREEN: "i5", tr.Color.BLACK: "g4"},
        hands={0: "kkrrbg", 1: "rrrrgg", 2: "bbbggg", 3: "kkkkrr"},
        scores={0: (1, 2, 3, 4), 1: (5, 0, 2, 1)},
        treasures_held={1: 2},
    )
    return attrs.evolve(with_ziggurat(state, square_index("c10")), marker=square_index("h5"))


def classes(svg: str) -> Counter[str]:
    """How many elements carry each class token."""
    root = ET.fromstring(svg)
    found: Counter[str] = Counter()
    for element in root.iter():
        for token in element.get("class", "").split():
            found[token] += 1
    return found


def test_svg_is_xml_with_the_svg_namespace() -> None:
    svg = render_svg(crowded())
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 684 484"
    assert root.find(f"{SVG}title") is not None


def test_every_piece_of_a_crowded_position_is_drawn() -> None:
    state = crowded()
    found = classes(render_svg(state))
    cells = state.cells
    for color in tr.COLORS:
        tiles = sum(1 for c in cells if c == color.index)
        assert found[f"tile-{color.value}"] == tiles > 0
    assert found["tile"] == sum(1 for c in cells if c < 4)
    assert found["square"] == 176
    assert found["river"] == 41
    assert found["land"] == 135
    assert found["flipped"] == 4 == sum(1 for c in cells if c == FLIPPED)
    assert found["monument"] == 1
    assert found["monument-black-red"] == 1
    assert found["ziggurat"] == 1
    assert found["ziggurat-square"] == 5 == sum(1 for c in cells if c == STRUCTURE)
    assert found["catastrophe"] == 2 == sum(1 for c in cells if c == CATASTROPHE)
    assert found["treasure"] == len(state.treasures) == 11
    assert found["priority"] == 4
    assert found["building"] == 2
    assert found["building-green"] == found["building-black"] == 1
    assert found["leader"] == 6 == sum(1 for c in cells if c == LEADER)
    assert found["leader-black"] == 2
    assert found["leader-red"] == 2
    assert found["leader-blue"] == 1
    assert found["leader-green"] == 1
    assert found["dynasty-archer"] == 2
    assert found["dynasty-bull"] == 2
    assert found["dynasty-lion"] == 1
    assert found["dynasty-urn"] == 1
    assert found["seat-3"] == 1
    assert found["marker"] == 1
    assert found["coordinate"] == 2 * 16 + 2 * 11


def test_pieces_name_their_squares() -> None:
    root = ET.fromstring(render_svg(crowded()))
    squares = {
        tuple(e.get("class", "").split()): e.get("data-square")
        for e in root.iter()
        if e.get("class", "").startswith(("leader", "building", "monument", "ziggurat "))
    }
    assert squares[("leader", "leader-black", "seat-0", "dynasty-archer")] == "a2"
    assert squares[("leader", "leader-black", "seat-3", "dynasty-urn")] == "j7"
    assert squares[("building", "building-green")] == "i5"
    assert squares[("monument", "monument-black-red")] == "f5"
    priority = [
        e.get("data-square", "") for e in root.iter() if e.get("class") == "treasure priority"
    ]
    assert sorted(priority) == ["b2", "b8", "o9", "p2"]


def test_the_ziggurat_is_found_from_its_squares_in_a_drawn_position() -> None:
    state = with_ziggurat(crowded(), NO_SQUARE)
    root = ET.fromstring(render_svg(state))
    (zig,) = [e for e in root.iter() if e.get("class") == "ziggurat"]
    assert zig.get("data-square") == "c10"


@pytest.mark.parametrize(("board", "rivers"), [("classic", 41), ("alternative", 39)])
def test_rivers_of_both_boards(board: str, rivers: int) -> None:
    state = tr.new_game(tr.GameConfig(players=2, board=board), seed=1)
    found = classes(render_svg(state))
    assert found["river"] == rivers
    assert found["tile-red"] == found["treasure"] == len(state.layout.start_squares)
    assert found["priority"] == len(state.layout.priority_squares)
    assert found["leader"] == 0


def test_a_whole_game_draws_what_its_cells_hold() -> None:
    config = tr.GameConfig(players=3, variants=("buildings", "ziggurat"))
    state, _ = play_game(config, random_bots(3, 4), 4)
    found = classes(render_svg(state))
    assert found["tile"] == sum(1 for c in state.cells if c < 4)
    assert found["leader"] == sum(1 for s in state.leaders if s != NO_SQUARE)
    assert found["flipped"] == 4 * found["monument"]
    assert found["building"] == sum(1 for s in building_squares(state) if s != NO_SQUARE)
    assert found["treasure"] == len(state.treasures)


def test_options_and_views() -> None:
    state = crowded()
    plain = render_svg(state, coordinates=False, scale=0.5)
    root = ET.fromstring(plain)
    assert root.get("width") == "342"
    assert classes(plain)["coordinate"] == 0
    assert view(state, 0)._repr_svg_() == render_svg(view(state, 0))
    assert state._repr_svg_() == render_svg(state)
    assert render_svg(state) == render_svg(state)  # deterministic


def test_caption() -> None:
    svg = render_svg(crowded(), caption="12. seat 0: tile red f4 & more")
    root = ET.fromstring(svg)
    (caption,) = [e for e in root.iter() if e.get("class") == "caption"]
    assert caption.text == "12. seat 0: tile red f4 & more"
    assert root.get("viewBox") == "0 0 684 510"


def test_a_long_caption_wraps_inside_the_picture() -> None:
    words = "seat 0 places a red tile on f4 and unites two kingdoms " * 4
    root = ET.fromstring(render_svg(crowded(), caption=words.strip()))
    (caption,) = [e for e in root.iter() if e.get("class") == "caption"]
    spans = list(caption)
    assert 2 <= len(spans) <= 3
    assert "".join(caption.itertext()).split() == words.split()
    width = 684 - 2 * 22
    for span in spans:
        size = float(caption.get("font-size", "0"))
        assert len((span.text or "").strip()) * size * 0.6 <= width or span.get(
            "textLength"
        ) == str(width)
    assert float(root.get("viewBox", "").split()[3]) > 510


def test_a_single_long_word_is_held_within_the_picture() -> None:
    root = ET.fromstring(render_svg(crowded(), caption="x" * 400))
    (caption,) = [e for e in root.iter() if e.get("class") == "caption"]
    assert caption.get("textLength") == str(684 - 44)


def test_the_ziggurat_stays_on_its_five_squares() -> None:
    root = ET.fromstring(render_svg(crowded()))
    (zig,) = [e for e in root.iter() if e.get("class") == "ziggurat"]
    centre = square_index("c10")
    x0, y0 = 22 + (centre % 16) * 40, 22 + (centre // 16) * 40
    cross = [(x0, y0 - 40), (x0 - 40, y0), (x0, y0), (x0 + 40, y0), (x0, y0 + 40)]
    for element in zig.iter():
        points: list[tuple[float, float]] = []
        if element.tag == f"{SVG}path":
            numbers = [float(t) for t in element.get("d", "").split() if t not in "MLZ"]
            points = list(zip(numbers[::2], numbers[1::2], strict=True))
        elif element.tag == f"{SVG}rect":
            x, y = float(element.get("x", "0")), float(element.get("y", "0"))
            w, h = float(element.get("width", "0")), float(element.get("height", "0"))
            points = [(x, y), (x + w, y + h)]
        for px, py in points:
            assert any(sx <= px <= sx + 40 and sy <= py <= sy + 40 for sx, sy in cross), (px, py)


def test_a_building_leaves_its_tile_in_view() -> None:
    root = ET.fromstring(render_svg(crowded()))
    (building,) = [e for e in root.iter() if e.get("class") == "building building-green"]
    for element in building.iter():
        if element.tag == f"{SVG}rect" and element.get("fill") not in (None, "none"):
            assert float(element.get("width", "0")) * float(element.get("height", "0")) <= 40
        if element.tag == f"{SVG}path":
            numbers = [float(t) for t in element.get("d", "").split() if t not in "MLZ"]
            xs, ys = numbers[::2], numbers[1::2]
            assert (max(xs) - min(xs)) * (max(ys) - min(ys)) <= 0.15 * 40 * 40


def by_class(root: ET.Element, token: str) -> list[ET.Element]:
    return [e for e in root.iter() if token in e.get("class", "").split()]


def conflict_state() -> GameState:
    """A 3-player game played by bots up to a pending commitment in a conflict."""
    state = tr.new_game(tr.GameConfig(players=3), seed=2)
    bots = random_bots(3, 2)
    while not isinstance(state.pending, tr.CommitDecision):
        seat = tr.to_move(state)
        assert seat is not None
        state = tr.apply(state, bots[seat].choose(state), player=seat)
    return state


def test_a_view_shows_the_viewers_hand_and_not_the_others() -> None:
    state = conflict_state()
    assert isinstance(state.pending, tr.CommitDecision)
    me = state.pending.player
    root = ET.fromstring(render_svg(view(state, me)))
    (panel,) = by_class(root, "panel")
    (mine,) = by_class(root, "viewer")
    assert f"seat-{me}" in (mine.get("class") or "")
    tiles = {e.get("class"): int(e.get("data-count", "-1")) for e in by_class(mine, "hand-tile")}
    assert tiles == {f"hand-tile hand-{c.value}": state.hands[me][c.index] for c in tr.COLORS}
    assert len(by_class(panel, "hand-tile")) == 4
    hidden = by_class(panel, "hand-hidden")
    assert len(hidden) == 2
    assert sorted(int(e.get("data-count", "-1")) for e in hidden) == sorted(
        sum(state.hands[p]) for p in range(3) if p != me
    )
    assert len(by_class(panel, "score")) == 4
    assert len([e for e in panel.iter() if e.get("class") == "score-hidden"]) == 2
    (decision,) = by_class(root, "decision")
    assert "mine" in (decision.get("class") or "")
    assert "That is you." in " ".join(decision.itertext())
    assert len(by_class(root, "conflict")) == 2
    assert by_class(root, "to-move")[0] is mine


def test_a_spectator_sees_no_hand_and_no_hidden_total() -> None:
    state = conflict_state()
    root = ET.fromstring(render_svg(view(state, None)))
    assert by_class(root, "hand-tile") == []
    assert len(by_class(root, "hand-hidden")) == 3
    assert by_class(root, "score") == []
    assert len(by_class(root, "to-move")) == 1
    assert "mine" not in (by_class(root, "decision")[0].get("class") or "")
    open_state = attrs.evolve(state, config=attrs.evolve(state.config, open_scoring=True))
    opened = ET.fromstring(render_svg(view(open_state, None)))
    assert len(by_class(opened, "score")) == 12


def test_the_last_action_is_outlined_and_named() -> None:
    state = conflict_state()
    last = tr.PlaceTile(tr.Color.RED, "g4")
    root = ET.fromstring(render_svg(view(state, 0), last=last))
    assert [e.get("data-square") for e in by_class(root, "last")] == ["g4"]
    (named,) = by_class(root, "last-action")
    assert "tile red g4" in " ".join(named.itertext())
    block = render_svg(state, last=tr.BuildMonument(tr.Monument.BLACK_RED, "a1"))
    assert sorted(e.get("data-square") or "" for e in by_class(ET.fromstring(block), "last")) == [
        "a1", "a2", "b1", "b2"
    ]  # fmt: skip
    with pytest.raises(tr.InvalidActionError):
        render_svg(state, last="tile red g4")


def test_the_inputs_of_the_variants_are_outlined() -> None:
    state = crowded()
    cross = render_svg(state, last=tr.BuildZiggurat("h6"))
    assert sorted(e.get("data-square") or "" for e in by_class(ET.fromstring(cross), "last")) == [
        "g6", "h5", "h6", "h7", "i6"
    ]  # fmt: skip
    building = ET.fromstring(render_svg(state, last=tr.PlaceBuilding("i5")))
    assert [e.get("data-square") for e in by_class(building, "last")] == ["i5"]


def test_a_state_draws_the_referee_panel_on_request() -> None:
    state = conflict_state()
    root = ET.fromstring(render_svg(state, panel=True))
    assert len(by_class(root, "hand-tile")) == 12
    assert by_class(root, "hand-hidden") == []
    assert by_class(ET.fromstring(render_svg(view(state, 1), panel=False)), "panel") == []


def test_markup_writes_what_elementtree_writes() -> None:
    """The pictures' writer gives ElementTree's text for every element, attribute, text and
    tail, escapes included, and a piece added as written goes in unchanged."""
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "class": "a&b"})
    title = ET.SubElement(root, "title")
    title.text = 'Tigris & Euphrates <"board">'
    title.tail = " tail > & <"
    ET.SubElement(root, "rect", {"x": "1", "note": 'say "hi" <&>\r\n\tend'})
    group = ET.SubElement(root, "g", {"class": "pieces"})
    ET.SubElement(group, "path", {"d": "M 0 0 L 1 1"})
    ET.SubElement(group, "g").text = ""
    assert markup(root) == ET.tostring(root, encoding="unicode")
    piece = markup(group)
    copy = ET.Element("svg")
    verbatim(copy, piece)
    assert markup(copy) == f"<svg>{piece}</svg>"


def test_a_piece_is_drawn_the_same_once_written() -> None:
    """A picture drawn again, its pieces then written already, is the same text."""
    state = crowded()
    assert render_svg(state, panel=True) == render_svg(state, panel=True)
    assert render_svg(view(state, 2)) == render_svg(view(state, 2))
