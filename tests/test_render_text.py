"""Text rendering: golden ASCII and colour boards, player views, decisions and events.

The golden files live in tests/data/render/. After an intended change of the output,
rewrite them with ``TIGRIS_UPDATE_GOLDEN=1 pytest tests/test_render_text.py`` and review
the diff.
"""

from __future__ import annotations

import doctest
import inspect
import io
import os
import re
import typing
from pathlib import Path

import attrs
import pytest

import tigris_rules as tr
from test_render_svg import crowded
from tigris_rules.ai.bots import play_game, random_bots
from tigris_rules.model.decisions import (
    CommitDecision,
    Conflict,
    ConflictKind,
    Decision,
    Role,
    StructureDecision,
    TreasureDecision,
    WarOrderDecision,
)
from tigris_rules.model.events import VariantEvent
from tigris_rules.render import describe_decision, describe_event
from tigris_rules.render import sentences as sentences_module
from tigris_rules.render import text as text_module
from tigris_rules.render.text import (
    COLOR_LEGEND,
    LEGEND,
    legend,
    render_board,
    render_result,
    render_view,
    supports_color,
)
from tigris_rules.variants.buildings import BuildingDecision, BuildingPlaced, BuildingReturned
from tigris_rules.variants.ziggurat import BuildZiggurat, ZigguratBuilt, ZigguratIncomeDecision
from tigris_rules.views import view
from tigris_rules.views.events import PublicEvent

GOLDEN = Path(__file__).parent / "data" / "render"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("TIGRIS_UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8") == text + "\n", f"{name} differs from the output"


def finished() -> tr.GameState:
    return play_game(tr.GameConfig(players=2), random_bots(2, 3), 3)[0]


def test_golden_ascii_board() -> None:
    text = render_board(crowded())
    assert text.isascii()
    check_golden("crowded_board.txt", text)


def test_golden_colour_board() -> None:
    check_golden("crowded_board_color.txt", render_board(crowded(), color=True))


def test_golden_views() -> None:
    state = crowded()
    check_golden("crowded_view_seat0.txt", render_view(view(state, 0)))
    check_golden("crowded_view_spectator.txt", render_view(view(state, None)))
    check_golden("finished_view_seat1.txt", render_view(view(finished(), 1)))


def test_golden_opening_and_result() -> None:
    state = tr.new_game(tr.GameConfig(players=3), seed=1)
    check_golden("opening_board.txt", render_board(state))
    check_golden("finished_result.txt", render_result(finished()))


def test_colour_board_has_the_ascii_layout() -> None:
    """Without its escape codes, every row of the coloured board takes as many columns
    as the ASCII row (one character per column: no wide symbol)."""
    state = crowded()
    plain = render_board(state).splitlines()
    colour = [ANSI.sub("", line) for line in render_board(state, color=True).splitlines()]
    assert len(plain) == len(colour)
    for ascii_row, colour_row in zip(plain[:12], colour[:12], strict=True):
        assert len(ascii_row) == len(colour_row)
    assert colour[12] == ANSI.sub("", COLOR_LEGEND)
    assert plain[12] == LEGEND
    assert plain[13:] == colour[13:]


def test_ascii_board_is_unchanged_without_variants() -> None:
    """Boards of the base game keep the lines the CLI has always printed."""
    text = render_board(tr.new_game(tr.GameConfig(players=2), seed=1))
    assert text.splitlines()[-1] == "Monuments: none built"


def test_view_hides_what_the_viewer_may_not_see() -> None:
    state = crowded()
    mine = render_view(view(state, 0))
    assert "hand 2k 2r 1b 1g" in mine
    assert "VP 1k 2r 3b 4g, 0 treasures" in mine
    assert "rrrrgg" not in mine
    assert "hand 0k 4r" not in mine
    assert "seat 1 (bull): 6 tiles" in mine
    assert "VP hidden" in mine
    spectator = render_view(view(state, None))
    assert "hand " not in spectator
    assert "View of spectator" in spectator


class FakeStream(io.StringIO):
    def __init__(self, tty: bool, encoding: str = "utf-8") -> None:
        super().__init__()
        self._tty = tty
        self._encoding = encoding

    def isatty(self) -> bool:
        return self._tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


@pytest.mark.parametrize(
    ("tty", "encoding", "env", "expected"),
    [
        (True, "utf-8", {}, True),
        (False, "utf-8", {}, False),
        (True, "ascii", {}, False),
        (True, "utf-8", {"NO_COLOR": "1"}, False),
        (True, "utf-8", {"NO_COLOR": ""}, False),
        (True, "utf-8", {"TERM": "dumb"}, False),
        (False, "ascii", {"FORCE_COLOR": "1"}, True),
    ],
)
def test_supports_color(
    monkeypatch: pytest.MonkeyPatch,
    tty: bool,
    encoding: str,
    env: dict[str, str],
    expected: bool,
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert supports_color(FakeStream(tty, encoding)) is expected


BOTH = tr.GameConfig(players=4, variants=("buildings", "ziggurat"))
"""A configuration playing both variants that ask decisions and tell events."""


def test_describe_every_decision() -> None:
    red, green = tr.Color.RED, tr.Color.GREEN
    conflict = Conflict(ConflictKind.REVOLT, red, 0, 1, "f5", "g3", 2, 1, attacker_commit=1)
    cases: dict[Decision, str] = {
        WarOrderDecision(0, (red, green)): "seat 0 (archer) must choose the next war: red or green",
        CommitDecision(1, Role.DEFENDER, conflict): "seat 1 (bull) must commit red tiles as "
        "defender in the red revolt (attacker seat 0 on f5: base 2, committed 1; defender "
        "seat 1 on g3: base 1)",
        StructureDecision(
            0, ((tr.Monument.BLACK_RED, "f5"),), (BuildZiggurat("g6"),)
        ): "seat 0 (archer) "
        "may build the black-red monument on f5 or the ziggurat centred on g6, or decline",
        TreasureDecision(2, ("b2", "c3", "d4"), ("c3", "d4")): "seat 2 (lion) must choose "
        "which treasure stays: c3 or d4 (the others of b2, c3, d4 are taken)",
        BuildingDecision(3, green, ("f4", "g4", "h4")): "seat 3 (urn) must place the "
        "civilization building or decline",
        ZigguratIncomeDecision(0): "seat 0 (archer) must choose the colour of the ziggurat VP",
    }
    for decision, text in cases.items():
        assert describe_decision(decision, 0, config=BOTH) == text
    assert describe_decision(None, 2) == "seat 2 (lion) must choose an action or end the turn"


def test_a_variants_decision_is_told_by_the_variants_of_its_game() -> None:
    """A variant's decision, or a structure of a variant offered by the structure decision,
    needs the game's configuration: without one, or with one that does not play the
    variant, it is refused, whatever is installed."""
    income = ZigguratIncomeDecision(0)
    offer = StructureDecision(0, (), (BuildZiggurat("g6"),))
    for pending in (income, offer):
        with pytest.raises(tr.ArgumentValueError, match=r"^config: .*pass the game's config"):
            describe_decision(pending, 0)
        with pytest.raises(tr.ArgumentValueError, match="no variant of the configuration"):
            describe_decision(pending, 0, config=tr.GameConfig(variants=("buildings",)))
    plain = StructureDecision(0, ((tr.Monument.BLACK_RED, "f5"),), ())
    assert describe_decision(plain, 0) == (
        "seat 0 (archer) may build the black-red monument on f5, or decline"
    )


def test_describe_the_events_of_the_variants() -> None:
    """The buildings and the ziggurat tell their own events, in a game that plays them; an
    event no variant of the game declares is refused, naming its class."""
    green = tr.Color.GREEN
    cases: dict[object, str] = {
        BuildingPlaced(1, green, "f4", None): "seat 1 puts the green building on f4",
        BuildingPlaced(1, green, "h4", "f4"): "seat 1 puts the green building on h4 (moved "
        "from f4)",
        BuildingReturned(green, "h4"): "the green building on h4 goes back to the supply",
        ZigguratBuilt(0, "g6"): "seat 0 builds the ziggurat centred on g6",
    }
    for event, text in cases.items():
        assert describe_event(event, config=BOTH) == text  # type: ignore[arg-type]
    with pytest.raises(tr.ArgumentValueError, match=r"^config: ZigguratBuilt is a variant's"):
        describe_event(ZigguratBuilt(0, "g6"))
    with pytest.raises(tr.ArgumentValueError, match="declares Stranger"):
        describe_event(Stranger(), config=BOTH)


def test_every_base_event_is_told() -> None:
    """The ``match`` of :func:`describe_event` has a branch for every class of the base
    events (mypy checks it with ``assert_never``): each is told in its own words."""
    source = inspect.getsource(sentences_module.describe_event)
    cases = [line.strip() for line in source.splitlines() if line.strip().startswith("case ")]
    told = set(re.findall(r"(\w+)\(\)", " ".join(cases)))
    assert told == {m.__name__ for m in typing.get_args(PublicEvent)}
    assert "repr(" not in source


@attrs.frozen
class Stranger(VariantEvent):
    """An event of no installed variant."""


def test_docstring_examples() -> None:
    for module in (text_module, sentences_module):
        failures, tried = doctest.testmod(module, raise_on_error=False)
        assert tried > 0
        assert failures == 0


def test_the_legend_depends_on_the_configuration_only(toy_variants: None) -> None:
    """With the toy plug-ins installed, a plain game's legend is the plain legend; a
    configuration's legend adds its own variants' symbols to this package's."""
    plain = render_board(tr.new_game(tr.GameConfig(players=2), seed=1)).splitlines()[12]
    assert plain == LEGEND == legend(tr.GameConfig(players=2))
    assert "Z ziggurat" in plain
    toys = tr.GameConfig(players=2, variants=("calm", "marker"))
    assert legend(toys) == LEGEND
