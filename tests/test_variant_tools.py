"""A variant installed as a plug-in, unknown to the library, has its part of every tool: the
notation reads and writes its inputs, the action encoding numbers them, the observation
holds its segments, ``sample_hidden`` asks it for its hidden data, and the strategies draw
its inputs. Clashes between plug-ins are refused with a ConfigError naming them."""

from __future__ import annotations

import itertools
import random
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import find

import tigris_rules as tr
from tigris_rules.ai.encoding import action_encoding
from tigris_rules.ai.information import (
    Discards,
    observation,
    observation_bounds,
    observation_layout,
    observation_size,
    sample_hidden,
)
from tigris_rules.model.config import known_variants
from tigris_rules.records.notation import VERBS, NotationError, format_action, parse_action, verbs
from tigris_rules.testing import well_formed_actions

BASE_SIZE = 1881
"""The size of the action encoding of the base game on the classic board."""

_numbers = itertools.count()

TOY = """
from __future__ import annotations

import attrs

from tigris_rules.model.actions import Action, VariantAction
from tigris_rules.model.observations import ObservationSegment
from tigris_rules.records.notation import NotationReader, NotationVerb
from tigris_rules.rules.hooks import Variant


@attrs.frozen
class PlaceToy(VariantAction):
    square: str


def parse(reader: NotationReader) -> Action:
    square = reader.square("toy b3")
    reader.end("toy b3")
    return PlaceToy(square)


class Toy(Variant[int]):
    name = "{name}"
    inputs = (PlaceToy,)
    verbs = (NotationVerb("toy", parse, aliases=("plaything",)),)
    corners = ("a1", "p1", "a11", "p11")
    segments = (
        ObservationSegment("toy_corners", 4, after="river"),
        ObservationSegment("toy_seat", 1),
    )
    values = ((1, 0, 0, 1), None)

    def new_area(self, config):
        return 0

    @classmethod
    def notation_verbs(cls):
        return cls.verbs

    @classmethod
    def format_notation(cls, action):
        return f"toy {{action.square}}" if isinstance(action, PlaceToy) else None

    @classmethod
    def encoded_inputs(cls, config):
        return tuple(PlaceToy(square) for square in cls.corners)

    @classmethod
    def observation_segments(cls, config):
        return cls.segments

    def observe(self, view, seat):
        corners, _ = self.values
        return (corners, (seat + 1,))

    def sample_area(self, state, player, rng):
        return 100 + rng.randrange(10)
"""
"""A variant with one input (a toy on a square), its own verb, encoding segment and
observation segments, and an area it hides; ``{name}`` is its name. Tests change its class
attributes to make it misbehave."""


Install = Callable[..., Any]


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Install:
    """``install(**changes)`` installs a new toy variant (a distribution with an entry point
    on ``sys.path``, for this test only) with its class attributes changed, and returns its
    module; each has a name of its own, so caches keyed by configuration never mix them."""

    def make(**changes: Any) -> ModuleType:
        number = next(_numbers)
        name, module = f"toy{number}", f"toy_variant_{number}"
        root = tmp_path / name
        (root / f"{module}-1.0.dist-info").mkdir(parents=True)
        (root / f"{module}-1.0.dist-info" / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n", encoding="utf-8"
        )
        (root / f"{module}-1.0.dist-info" / "entry_points.txt").write_text(
            f"[tigris_rules.variants]\n{name} = {module}:Toy\n", encoding="utf-8"
        )
        (root / f"{module}.py").write_text(textwrap.dedent(TOY.format(name=name)), "utf-8")
        monkeypatch.syspath_prepend(str(root))
        loaded = __import__(module)
        for attribute, value in changes.items():
            setattr(loaded.Toy, attribute, value)
        assert name in known_variants()
        return loaded

    return make


# --- notation -------------------------------------------------------------------------------


@pytest.mark.usefixtures("shipped_variants_only")  # the verbs listed: shipped and toy
def test_the_notation_reads_and_writes_a_plugin_input(install: Install) -> None:
    toy = install()
    place = toy.PlaceToy("b3")
    assert verbs()[-1] == "toy"
    assert format_action(place) == "toy b3"
    for text in ("toy b3", "TOY B3", "plaything b3", "to b3", "play b3"):
        assert parse_action(text) == place
    with pytest.raises(NotationError, match="it could be tile, toy"):
        parse_action("t b3")
    with pytest.raises(NotationError, match=r"the actions are leader, .*, color, toy"):
        parse_action("fly b3")
    with pytest.raises(NotationError, match="'q3' is not a square"):
        parse_action("toy q3")


def test_an_uninstalled_variant_has_no_verb(
    install: Install, monkeypatch: pytest.MonkeyPatch
) -> None:
    toy = install()
    assert parse_action("toy b3") == toy.PlaceToy("b3")
    monkeypatch.undo()
    with pytest.raises(NotationError, match="unknown action 'toy'"):
        parse_action("toy b3")
    with pytest.raises(tr.InvalidActionError, match="no installed variant writes PlaceToy"):
        format_action(toy.PlaceToy("b3"))


def test_a_variant_without_notation_cannot_be_written(install: Install) -> None:
    toy = install(format_notation=classmethod(lambda cls, action: None))
    with pytest.raises(tr.InvalidActionError, match="no installed variant writes PlaceToy"):
        format_action(toy.PlaceToy("b3"))


@pytest.mark.parametrize(
    ("word", "message"),
    [
        ("tile", "'tile' is a verb of the base game and of the variant 'toy"),
        ("move", "'move' is a verb of the base game and of the variant 'toy"),
        ("color", "'color' is a verb of the variant 'ziggurat' and of the variant 'toy"),
    ],
)
def test_a_clashing_verb_is_refused_only_where_it_is_read(
    install: Install, word: str, message: str
) -> None:
    """A verb two owners claim breaks no other line: read with no configuration, only a
    line with that word is refused, naming both owners; a game that does not play the toy
    reads as if it were not installed, and one that plays both owners is refused."""
    toy = install()
    toy.Toy.verbs = (toy.NotationVerb(word, toy.parse),)
    assert parse_action("end") == tr.EndTurn()
    assert parse_action("keep b2") == tr.KeepTreasure("b2")
    assert format_action(tr.PlaceTile(tr.Color.RED, "f4")) == "tile red f4"
    with pytest.raises(tr.ConfigError, match=message):
        parse_action(f"{word} b3")
    with pytest.raises(tr.ConfigError, match=message):
        verbs()
    classic = tr.GameConfig(variants=("ziggurat",))
    assert parse_action("end", classic) == tr.EndTurn()
    assert verbs(classic) == (*VERBS, "ziggurat", "color")
    both = tr.GameConfig(variants=("ziggurat", toy.Toy.name))
    with pytest.raises(tr.ConfigError, match=message):
        parse_action("end", both)
    with pytest.raises(tr.ConfigError, match=message):
        format_action(tr.EndTurn(), both)


def test_a_verb_of_the_toy_alone_reads_in_a_game_of_the_toy(install: Install) -> None:
    """The toy's ``color`` clashes with the ziggurat's only in a game that plays both."""
    toy = install()
    toy.Toy.verbs = (toy.NotationVerb("color", toy.parse),)
    alone = tr.GameConfig(variants=(toy.Toy.name,))
    assert parse_action("color b3", alone) == toy.PlaceToy("b3")
    assert parse_action("color blue", tr.GameConfig(variants=("ziggurat",))) == tr.ChooseColor(
        tr.Color.BLUE
    )


@pytest.mark.parametrize("word", ["Toy", "toy box"])
def test_a_verb_is_a_lower_case_word(install: Install, word: str) -> None:
    toy = install()
    toy.Toy.verbs = (toy.NotationVerb(word, toy.parse),)
    message = "a verb is a word of lower-case letters"
    with pytest.raises(tr.ConfigError, match=message):
        parse_action("end")  # every installed variant's verbs are read here
    with pytest.raises(tr.ConfigError, match=message):
        parse_action("end", tr.GameConfig(variants=(toy.Toy.name,)))
    assert parse_action("end", tr.GameConfig()) == tr.EndTurn()


def test_two_plugins_claiming_one_verb_are_both_named(install: Install) -> None:
    first = install()
    second = install()
    second.Toy.verbs = (second.NotationVerb("box", second.parse, aliases=("toy",)),)
    owners = sorted(f"the variant '{toy.Toy.name}'" for toy in (first, second))
    message = f"'toy' is a verb of {owners[0]} and of {owners[1]}"  # in canonical order
    assert parse_action("end") == tr.EndTurn()
    assert parse_action("box b3") == second.PlaceToy("b3")
    with pytest.raises(tr.ConfigError, match=message):
        parse_action("toy b3")
    with pytest.raises(tr.ConfigError, match=message):
        parse_action("to b3")  # a prefix of the word claimed twice
    alone = tr.GameConfig(variants=(first.Toy.name,))
    assert parse_action("toy b3", alone) == first.PlaceToy("b3")
    both = tr.GameConfig(variants=(first.Toy.name, second.Toy.name))
    with pytest.raises(tr.ConfigError, match=message):
        parse_action("end", both)


def test_a_verb_must_be_a_notation_verb(install: Install) -> None:
    toy = install()
    toy.Toy.verbs = ("toy",)
    with pytest.raises(tr.ConfigError, match="expected a NotationVerb"):
        parse_action("end")
    toy.Toy.verbs = (toy.NotationVerb("toy", toy.parse, aliases="plaything"),)
    with pytest.raises(tr.ConfigError, match="aliases are a tuple of words"):
        parse_action("end")


# --- action encoding ------------------------------------------------------------------------


def test_the_encoding_numbers_a_plugins_inputs_after_the_base_game(install: Install) -> None:
    toy = install()
    config = tr.GameConfig(2, variants=(toy.Toy.name,))
    encoding = action_encoding(config)
    assert encoding.size == BASE_SIZE + 4
    assert [encoding.encode(toy.PlaceToy(s)) for s in ("a1", "p1", "a11", "p11")] == list(
        range(BASE_SIZE, BASE_SIZE + 4)
    )
    assert action_encoding(tr.GameConfig(2)).size == BASE_SIZE  # not played: not encoded
    both = action_encoding(tr.GameConfig(2, variants=("ziggurat", toy.Toy.name)))
    assert both.decode(both.size - 1) == toy.PlaceToy("p11")  # canonical order: toy last


def test_an_input_encoded_twice_is_refused(install: Install) -> None:
    toy = install(corners=("a1", "b1", "a1"))
    with pytest.raises(tr.ConfigError, match="list an input twice"):
        action_encoding(tr.GameConfig(2, variants=(toy.Toy.name,)))


def test_encoded_inputs_are_the_variants_inputs(install: Install) -> None:
    toy = install()
    toy.Toy.encoded_inputs = classmethod(lambda cls, config: (tr.EndTurn(),))
    with pytest.raises(tr.ConfigError, match="lists EndTurn"):
        action_encoding(tr.GameConfig(2, variants=(toy.Toy.name,)))


# --- observations ---------------------------------------------------------------------------


def _offsets(config: tr.GameConfig) -> dict[str, tuple[int, int]]:
    offsets: dict[str, tuple[int, int]] = {}
    position = 0
    for name, length in observation_layout(config):
        offsets[name] = (position, position + length)
        position += length
    return offsets


def test_the_observation_holds_a_plugins_segments_where_it_places_them(
    install: Install,
) -> None:
    toy = install()
    config = tr.GameConfig(3, variants=(toy.Toy.name,))
    names = [name for name, _ in observation_layout(config)]
    assert names[names.index("river") + 1] == "toy_corners"
    assert names[-1] == "toy_seat"
    assert observation_size(config) == 2848 + 722 * 3 + 4 + 1
    state = tr.new_game(config, seed=1)
    start, end = _offsets(config)["toy_corners"]
    for player in range(3):
        seen = observation(state, player)
        assert seen[start:end] == (1, 0, 0, 1)
        assert seen[-1] == player + 1
    base = tr.GameConfig(3)  # installed but not played: not in the layout
    assert "toy_corners" not in _offsets(base)
    assert observation_size(config) == observation_size(base) + 4 + 1


@pytest.mark.parametrize(
    ("segment", "message"),
    [
        (("river", 1, None), "'river' is named by the base game and by the variant 'toy"),
        (("toy_x", 1, "nowhere"), "after 'nowhere', which is no segment of the base game"),
        (("ziggurat", 1, None), "named by the variant 'ziggurat' and by the variant 'toy"),
    ],
)
def test_misplaced_segments_are_refused(
    install: Install, segment: tuple[str, int, str | None], message: str
) -> None:
    toy = install()
    toy.Toy.segments = (toy.ObservationSegment(*segment),)
    with pytest.raises(tr.ConfigError, match=message):
        observation_layout(tr.GameConfig(2, variants=("ziggurat", toy.Toy.name)))
    observation_layout(tr.GameConfig(2, variants=("ziggurat",)))  # a game without it is fine


@pytest.mark.parametrize("segment", [("toy", -1), ("toy", 1.5), "toy"])
def test_a_segment_is_an_observation_segment(install: Install, segment: object) -> None:
    toy = install()
    made = toy.ObservationSegment(*segment) if isinstance(segment, tuple) else segment
    toy.Toy.segments = (made,)
    with pytest.raises(tr.ConfigError, match="expected an ObservationSegment of length 0"):
        observation_layout(tr.GameConfig(2, variants=(toy.Toy.name,)))


def test_a_segment_without_a_stated_bound_is_bounded_by_the_widest_int(
    install: Install,
) -> None:
    toy = install()
    config = tr.GameConfig(2, variants=(toy.Toy.name,))
    _, high = observation_bounds(config)
    names = [name for name, length in observation_layout(config) for _ in range(length)]
    assert {h for n, h in zip(names, high, strict=True) if n.startswith("toy_")} == {2**31 - 1}
    toy.Toy.segments = (toy.ObservationSegment("toy_corners", 4, after="river", high=1),)
    toy.Toy.values = ((1, 0, 0, 1),)
    config = tr.GameConfig(3, variants=(toy.Toy.name,))
    _, high = observation_bounds(config)
    names = [name for name, length in observation_layout(config) for _ in range(length)]
    assert [h for n, h in zip(names, high, strict=True) if n.startswith("toy_")] == [1] * 4


@pytest.mark.parametrize("high", [-1, 2**31, 1.5, True])
def test_a_segment_s_bound_is_a_non_negative_int(install: Install, high: object) -> None:
    toy = install()
    toy.Toy.segments = (toy.ObservationSegment("toy_corners", 4, after="river", high=high),)
    with pytest.raises(tr.ConfigError, match="bounds its observation segment 'toy_corners'"):
        observation_layout(tr.GameConfig(2, variants=(toy.Toy.name,)))


def test_a_facet_is_offered_whole(install: Install) -> None:
    """A variant defining ``observe`` but not ``observation_segments`` offers part of
    VariantObservation: refused, naming what is missing."""
    toy = install()
    del toy.Toy.observation_segments
    with pytest.raises(tr.ConfigError, match=r"part of VariantObservation.*observation_segments"):
        observation_layout(tr.GameConfig(2, variants=(toy.Toy.name,)))


def test_the_variant_facets_are_no_hooks_of_the_core() -> None:
    """The encoding, observation and sampling hooks live in the facets of tigris_rules.ai,
    not in the Variant base class."""
    from tigris_rules.rules.hooks import Variant

    moved = ("encoded_inputs", "well_formed_inputs", "observation_segments", "observe")
    assert not [name for name in (*moved, "sample_area") if hasattr(Variant, name)]


def test_a_segment_of_the_wrong_length_is_refused(install: Install) -> None:
    toy = install(values=((1, 0, 0), None))
    state = tr.new_game(tr.GameConfig(2, variants=(toy.Toy.name,)), seed=1)
    with pytest.raises(tr.ConfigError, match="'toy_corners' has 3 values, not 4"):
        observation(state, 0)


# --- hidden information and strategies -------------------------------------------------------


def test_sample_hidden_asks_the_variant_for_its_hidden_data(install: Install) -> None:
    toy = install()
    config = tr.GameConfig(2, variants=("buildings", toy.Toy.name))
    state = tr.new_game(config, seed=1)
    sample = sample_hidden(state, 0, random.Random(3), Discards.start(config))
    assert state.areas[1] == 0
    assert sample.areas[1] in range(100, 110)  # the toy's area was drawn again
    assert sample.areas[0] == state.areas[0]  # the buildings are public


def test_the_strategies_draw_a_plugins_inputs(install: Install) -> None:
    toy = install()
    drawn = find(well_formed_actions(), lambda a: isinstance(a, toy.PlaceToy))
    assert drawn == toy.PlaceToy("a1")  # the default: its encoded inputs, shrunk to the first
