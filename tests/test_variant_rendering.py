"""A variant the package does not know, installed as an entry point, is drawn, told and read
by the renderers and diagrams through its hooks alone (tests/beacon_variant.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tigris_rules as tr
from beacon_variant import BeaconDecision, BeaconLit, BeaconSquare, DigQuarry, LightBeacon
from tigris_rules.render.diagram import DiagramError, position, to_diagram
from tigris_rules.model.cells import STRUCTURE
from tigris_rules.model.decisions import StructureDecision
from tigris_rules.model.squares import square_index
from tigris_rules.render import svg as svg_module
from tigris_rules.render.svg import render_svg
from tigris_rules.render.text import (
    describe_decision,
    describe_event,
    legend,
    render_board,
    render_view,
)
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
    assert rows[-3] == legend()
    colour = render_board(drawn(beacon), color=True).splitlines()
    assert "\x1b[1m\x1b[31m!\x1b[0m" in colour[4]  # the beacon's mark before the f4 tile
    assert "\x1b[33m\u2592\x1b[0m" in colour[3]
    assert ANSI.sub("", colour[-1]) == "Beacon: on f4"
    assert "Beacon: on f4" in render_view(view(drawn(beacon), 0))


def test_the_legend_lists_every_installed_variant(beacon: tr.GameConfig) -> None:
    assert legend() == (
        "Legend: . land  ~ river  k r b g tile (black red blue green)  * treasure  "
        "# monument tile  Z ziggurat  Q quarry  X catastrophe  0K leader (seat, K R B G)"
    )
    plain = ANSI.sub("", legend(color=True))
    assert plain.endswith("0R leader (seat, K R B G)  \u2302 building  ! beacon  + unification")
    assert "\u25b2 ziggurat  \u2592 quarry  \u2715 catastrophe" in plain


def test_its_events_decisions_and_structures_are_told(beacon: tr.GameConfig) -> None:
    assert describe_event(BeaconLit(1, "c3")) == "seat 1 lights the beacon on c3"
    assert describe_decision(BeaconDecision(1), 0) == "seat 1 (bull) must light the beacon"
    offer = StructureDecision(0, ((tr.Monument.BLACK_RED, "f5"),), (DigQuarry("g3"),))
    assert describe_decision(offer, 0) == (
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
    assert svg_module._action_squares(LightBeacon("f4")) == (square_index("f4"),)
    assert svg_module._action_squares(DigQuarry("g3")) == (square_index("g3"),)


def test_diagrams_read_and_write_its_token_and_keyword(beacon: tr.GameConfig) -> None:
    state = drawn(beacon)
    assert [state.cells[square_index(s)] for s in ("g3", "h3", "g4", "h4")] == [STRUCTURE] * 4
    assert state.areas == (BeaconSquare(square_index("f4")),)
    text = to_diagram(state)
    assert " Q* " in text
    again = position(text, config=beacon, hands={0: "", 1: ""}, beacon="f4")
    assert again.cells == state.cells
    assert again.areas == state.areas
    with pytest.raises(DiagramError, match="beacon= needs the beacon variant"):
        position(DRAWN, beacon="f4")
    position(DRAWN, beacon=None)  # None is no piece
    with pytest.raises(tr.ArgumentTypeError, match=r"^beacon: expected a square name"):
        position(DRAWN, config=beacon, beacon=4)
    with pytest.raises(tr.ArgumentTypeError, match=r"^lantern: no installed variant"):
        position(DRAWN, lantern="f4")
