"""A variant the package does not know, installed as an entry point, is drawn, told and read
by the renderers and diagrams through its facets alone (tests/beacon_variant.py), in the
games that play it only."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr
from beacon_variant import (
    BeaconDecision,
    BeaconLit,
    Beacons,
    BeaconSquare,
    DigQuarry,
    LightBeacon,
)
from tigris_rules.model.cells import STRUCTURE
from tigris_rules.model.decisions import StructureDecision
from tigris_rules.model.facets import offered
from tigris_rules.model.pens import SvgPen
from tigris_rules.model.squares import square_index
from tigris_rules.render import VariantSvg, VariantText, describe_decision, describe_event
from tigris_rules.render import svg as svg_module
from tigris_rules.render.diagram import DiagramError, position, structure_tokens, to_diagram
from tigris_rules.render.svg import render_svg
from tigris_rules.render.text import LEGEND, legend, render_board, render_view
from tigris_rules.rules.hooks import Variant
from tigris_rules.views import view

ANSI = re.compile(r"\x1b\[[0-9;]*m")

DRAWN = """
     e  f  g  h
 3   .  r  Q  Q
 4   .  r  Q* Q
"""


@pytest.fixture
def beacon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tr.GameConfig:
    """The beacon variant installed (a distribution's metadata on the import path), and a
    configuration playing it."""
    info = tmp_path / "beacon_variant-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: beacon-variant\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[tigris_rules.variants]\nbeacon = beacon_variant:Beacons\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    return tr.GameConfig(players=2, variants=("beacon",))


def drawn(config: tr.GameConfig) -> tr.GameState:
    return position(DRAWN, config=config, beacon="f4")


def test_the_text_board_draws_its_pieces_and_lines(beacon: tr.GameConfig) -> None:
    text = render_board(drawn(beacon))
    rows = text.splitlines()
    assert rows[3][19:28] == " r  Q  Q "  # f, g, h
    assert rows[4][19:28] == " r  Q* Q "
    assert rows[-1] == "Beacon: on f4"
    assert rows[-3] == legend(beacon)
    colour = render_board(drawn(beacon), color=True).splitlines()
    assert "\x1b[1m\x1b[31m!\x1b[0m" in colour[4]  # the beacon's mark before the f4 tile
    assert "\x1b[33m\u2592\x1b[0m" in colour[3]
    assert ANSI.sub("", colour[-1]) == "Beacon: on f4"
    assert "Beacon: on f4" in render_view(view(drawn(beacon), 0))


def test_the_legend_lists_the_variants_of_the_configuration(beacon: tr.GameConfig) -> None:
    """The beacon's symbols are in the legend of a game playing it, and in no other: a plain
    game's legend is the same with the beacon installed."""
    assert legend(beacon) == (
        "Legend: . land  ~ river  k r b g tile (black red blue green)  * treasure  "
        "# monument tile  Z ziggurat  Q quarry  X catastrophe  0K leader (seat, K R B G)"
    )
    assert legend() == LEGEND == legend(tr.GameConfig(players=3))
    assert "quarry" not in legend()
    assert "beacon" not in legend(color=True)
    plain_game = render_board(tr.new_game(tr.GameConfig(players=2), seed=1)).splitlines()
    assert plain_game[12] == LEGEND
    plain = ANSI.sub("", legend(beacon, color=True))
    assert plain.endswith("0R leader (seat, K R B G)  \u2302 building  ! beacon  + unification")
    assert "\u25b2 ziggurat  \u2592 quarry  \u2715 catastrophe" in plain


def test_its_events_decisions_and_structures_are_told(beacon: tr.GameConfig) -> None:
    assert describe_event(BeaconLit(1, "c3"), config=beacon) == "seat 1 lights the beacon on c3"
    told = describe_decision(BeaconDecision(1), 0, config=beacon)
    assert told == "seat 1 (bull) must light the beacon"  # as the variant's core describes it
    offer = StructureDecision(0, ((tr.Monument.BLACK_RED, "f5"),), (DigQuarry("g3"),))
    assert describe_decision(offer, 0, config=beacon) == (
        "seat 0 (archer) may build the black-red monument on f5 or the quarry on g3, or decline"
    )


def test_the_svg_board_draws_its_pieces(beacon: tr.GameConfig) -> None:
    root = ET.fromstring(render_svg(drawn(beacon)))
    quarries = [e.get("data-square") for e in root.iter() if e.get("class") == "quarry-square"]
    assert quarries == ["g3", "h3", "g4", "h4"]
    (lit,) = [e for e in root.iter() if e.get("class") == "beacon"]
    assert lit.get("data-square") == "f4"
    pieces = [e.get("class") for e in root.iter() if e.get("data-square") == "f4"]
    assert pieces.index("tile tile-red") < pieces.index("beacon")


def test_its_inputs_name_their_squares(beacon: tr.GameConfig) -> None:
    """The squares outlined when the input is the last one of a picture."""
    variants = tr.new_game(beacon, seed=1).ruleset.variants
    assert svg_module._action_squares(LightBeacon("f4"), variants) == (square_index("f4"),)
    assert svg_module._action_squares(DigQuarry("g3"), variants) == (square_index("g3"),)
    assert svg_module._action_squares(DigQuarry("g3"), ()) == ()  # a game not playing it


def test_diagrams_read_and_write_its_token_and_keyword(beacon: tr.GameConfig) -> None:
    state = drawn(beacon)
    assert [state.cells[square_index(s)] for s in ("g3", "h3", "g4", "h4")] == [STRUCTURE] * 4
    assert state.areas == (BeaconSquare(square_index("f4")),)
    text = to_diagram(state)
    assert " Q* " in text
    again = position(text, config=beacon, hands={0: "", 1: ""}, beacon="f4")
    assert again.cells == state.cells
    assert again.areas == state.areas
    assert structure_tokens(beacon) == {"Q": state.ruleset.variants[0]}
    with pytest.raises(tr.ArgumentTypeError, match=r"^beacon: no variant of the configuration"):
        position("", beacon="f4")
    with pytest.raises(DiagramError, match="unknown token 'Q'"):
        position(DRAWN)  # its squares are read in a game playing it only
    position(DRAWN, config=beacon, beacon=None)  # None is no piece
    with pytest.raises(tr.ArgumentTypeError, match=r"^beacon: expected a square name"):
        position(DRAWN, config=beacon, beacon=4)
    with pytest.raises(tr.ArgumentTypeError, match=r"^lantern: no variant of the config"):
        position(DRAWN, config=beacon, lantern="f4")


def test_two_structures_drawn_alike_are_refused(
    beacon: tr.GameConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The diagram token of a structure is the first letter of its cell name, upper-cased: a
    configuration whose variants would share one, or take a base token, is refused naming
    them."""
    assert sorted(structure_tokens(tr.GameConfig(variants=("beacon", "ziggurat")))) == ["Q", "Z"]
    monkeypatch.setattr(Beacons, "cell_name", "zone")
    with pytest.raises(tr.ConfigError, match=r"the ziggurat and beacon variants .* 'Z'"):
        structure_tokens(tr.GameConfig(players=3, variants=("beacon", "ziggurat")))
    monkeypatch.setattr(Beacons, "cell_name", "xylem")
    with pytest.raises(tr.ConfigError, match=r"beacon variant's xylem squares .* base game"):
        structure_tokens(tr.GameConfig(players=4, variants=("beacon",)))


def test_a_facet_offered_in_part_is_refused(beacon: tr.GameConfig) -> None:
    """A variant offers a facet whole: one defining only some of its methods is refused,
    naming what it lacks, when a picture asks for it."""

    class Half(Variant[None]):
        name = "half"

        def svg_square(self, board: Any, square: int, layer: ET.Element, pen: SvgPen) -> bool:
            return False

    assert offered(Beacons(), VariantText) is not None
    assert offered(Beacons(), VariantSvg) is not None
    with pytest.raises(tr.ConfigError, match=r"offers part of VariantSvg.*not svg_marks"):
        offered(Half(), VariantSvg)
