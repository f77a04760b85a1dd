"""The compact action notation (docs/notation.md): parsing, formatting, errors, round trips."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.ai.bots import RandomBot
from tigris_rules.cards.actions import (
    CARD_ACTION_TYPES,
    BuildBoat,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import Boat
from tigris_rules.model import actions as actions_module
from tigris_rules.model.actions import (
    ACTION_TYPES,
    Action,
    BuildMonument,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    KeepTreasure,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
    SwapTiles,
    WithdrawLeader,
)
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import known_variants
from tigris_rules.model.plugins import VARIANT_GROUP, plugin
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.records import notation
from tigris_rules.records.notation import VERBS, NotationError, format_action, parse_action, verbs
from tigris_rules.variants.buildings import PlaceBuilding
from tigris_rules.variants.ziggurat import BuildZiggurat, ChooseColor

RED, BLUE, GREEN, BLACK = Color.RED, Color.BLUE, Color.GREEN, Color.BLACK

EXAMPLES: list[tuple[str, Action]] = [
    ("tile red f4", PlaceTile(RED, "f4")),
    ("leader king b2", PlaceLeader(BLACK, "b2")),
    ("withdraw priest", WithdrawLeader(RED)),
    ("catastrophe e5", PlaceCatastrophe("e5")),
    ("swap 2 red 1 blue", SwapTiles(red=2, blue=1)),
    ("end", EndTurn()),
    ("war green", ChooseConflict(GREEN)),
    ("commit 3", CommitSupport(3)),
    ("monument black-red f5", BuildMonument(Monument.BLACK_RED, "f5")),
    ("decline", Decline()),
    ("keep b2", KeepTreasure("b2")),
    ("building f4", PlaceBuilding("f4")),
    ("ziggurat g6", BuildZiggurat("g6")),
    ("color blue", ChooseColor(BLUE)),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_examples_of_the_issue_parse_and_format(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


def _input_types() -> set[type]:
    """Every input class: the base game's and each installed variant's."""
    installed = [plugin(VARIANT_GROUP, name) for name in known_variants()]
    return {*ACTION_TYPES, *(kind for variant in installed for kind in variant.inputs)}


@pytest.mark.usefixtures("shipped_variants_only")  # the documented verbs are the shipped ones
def test_every_action_class_has_a_verb() -> None:
    assert {type(a) for _, a in EXAMPLES} == _input_types()
    assert {text.split()[0] for text, _ in EXAMPLES} == set(verbs())
    assert set(VERBS) < set(verbs())


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("TILE RED F4", PlaceTile(RED, "f4")),
        ("  Tile   Red   f4  ", PlaceTile(RED, "f4")),
        ("tile temple f4", PlaceTile(RED, "f4")),
        ("leader red b2", PlaceLeader(RED, "b2")),
        ("leader Priest b2", PlaceLeader(RED, "b2")),
        ("leader farmer e3", PlaceLeader(BLUE, "e3")),
        ("move trader c3", PlaceLeader(GREEN, "c3")),
        ("withdraw green", WithdrawLeader(GREEN)),
        ("withdraw king", WithdrawLeader(BLACK)),
        ("swap red red", None),  # a colour named twice: an error, checked below
        ("swap red blue", SwapTiles(red=1, blue=1)),
        ("swap 1 blue, 2 temple", SwapTiles(red=2, blue=1)),
        ("swap 0 red", SwapTiles()),
        ("swap", SwapTiles()),
        ("end turn", EndTurn()),
        ("End", EndTurn()),
        ("monument red-black f5", BuildMonument(Monument.BLACK_RED, "f5")),
        ("monument red black f5", BuildMonument(Monument.BLACK_RED, "f5")),
        ("monument blue/green a1", BuildMonument(Monument.BLUE_GREEN, "a1")),
        ("colour GREEN", ChooseColor(GREEN)),
        ("commit 0", CommitSupport(0)),
        ("commit 12", CommitSupport(12)),
        # unambiguous prefixes
        ("t r f4", PlaceTile(RED, "f4")),
        ("ti gre p11", PlaceTile(GREEN, "p11")),
        ("l k b2", PlaceLeader(BLACK, "b2")),
        ("wi pri", WithdrawLeader(RED)),
        ("wa bla", ChooseConflict(BLACK)),
        ("dec", Decline()),
        ("e", EndTurn()),
        ("z g6", BuildZiggurat("g6")),
        ("tile f f4", PlaceTile(BLUE, "f4")),  # farm and farmer are both blue
    ],
)
def test_lenient_reading(text: str, action: Action | None) -> None:
    if action is None:
        with pytest.raises(NotationError):
            parse_action(text)
    else:
        assert parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("fly red f4", "unknown action 'fly'"),
        ("c e5", "ambiguous"),  # catastrophe, commit, color
        ("w green", "ambiguous"),  # withdraw, war
        ("tile b f4", "'b' is ambiguous: it could be black, blue"),
        ("tile t f4", "ambiguous"),  # temple (red) or trader (green)
        ("tile purple f4", "'purple' is not a colour"),
        ("tile red", "the square"),
        ("tile red q4", "'q4' is not a square"),
        ("tile red a12", "'a12' is not a square"),
        ("tile red a0", "'a0' is not a square"),
        ("tile f4 red", "'f4' is not a colour"),
        ("tile red f4 g5", "unexpected 'g5'"),
        ("leader b2", "'b2' is not a colour"),
        ("leader", "missing"),
        ("withdraw", "missing"),
        ("end now", "unexpected 'now'"),
        ("decline please", "unexpected 'please'"),
        ("commit", "missing"),
        ("commit -1", "whole number"),
        ("commit three", "whole number"),
        ("commit 1.5", "whole number"),
        ("swap 2", "missing"),
        ("swap 2 red 1 red", "named twice"),
        ("swap red 2", "missing"),
        ("monument red-red f5", "two different colours"),
        ("monument black-red-blue f5", "not a monument"),
        ("monument black-red", "the square"),
        ("monument black-purple f5", "'purple' is not a colour"),
        ("keep", "the square"),
        ("war", "missing"),
        ("color", "missing"),
    ],
)
def test_clear_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert message in str(info.value)
    assert info.value.text == text
    assert info.value.reason in str(info.value)


def test_notation_error_is_a_library_value_error() -> None:
    assert issubclass(NotationError, tr.TigrisError)
    assert issubclass(NotationError, ValueError)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(tr.ArgumentTypeError, match="text: expected str, got int"):
        parse_action(42)  # type: ignore[call-overload]


@pytest.mark.parametrize(
    "text",
    ["commit \u0661", "commit \uff13", "swap \u0662 red", "commit \u00b2", "commit 3\u0663"],
)
def test_counts_are_ascii_digits(text: str) -> None:
    """Digits of other scripts (Arabic-Indic, full-width, superscript) are not counts."""
    with pytest.raises(NotationError):
        parse_action(text)


def test_a_count_of_six_digits_is_read() -> None:
    assert parse_action("commit 000123") == tr.CommitSupport(123)
    assert parse_action("commit 999999") == tr.CommitSupport(999999)


@pytest.mark.parametrize("digits", [7, 4301, 100_000])
def test_longer_counts_are_refused_before_conversion(digits: int) -> None:
    """A count of thousands of digits would trip Python's int limit (a ValueError) or cost
    seconds; it is refused by its length."""
    with pytest.raises(NotationError, match=f"has {digits} digits; at most 6"):
        parse_action("commit " + "9" * digits)
    with pytest.raises(NotationError, match=f"has {digits} digits"):
        parse_action("swap " + "9" * digits + " red")


def test_format_rejects_non_actions() -> None:
    with pytest.raises(tr.InvalidActionError):
        format_action("tile red f4")  # type: ignore[arg-type]


# --- round trips --------------------------------------------------------------------------

colors = st.sampled_from(COLORS)
squares = st.sampled_from(SQUARE_NAMES)
counts = st.integers(min_value=0, max_value=1000)

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(PlaceLeader, colors, squares),
    st.builds(WithdrawLeader, colors),
    st.builds(PlaceTile, colors, squares),
    st.builds(PlaceCatastrophe, squares),
    st.builds(SwapTiles, counts, counts, counts, counts),
    st.just(EndTurn()),
    st.builds(ChooseConflict, colors),
    st.builds(CommitSupport, counts),
    st.builds(BuildMonument, st.sampled_from(list(Monument)), squares),
    st.just(Decline()),
    st.builds(KeepTreasure, squares),
    st.builds(PlaceBuilding, squares),
    st.builds(BuildZiggurat, squares),
    st.builds(ChooseColor, colors),
)


@given(actions)
def test_format_then_parse_is_identity(action: Action) -> None:
    text = format_action(action)
    assert parse_action(text) == action
    assert parse_action(text.upper()) == action
    assert text == text.lower()
    assert text.split()[0] in verbs()


@given(actions)
def test_formatting_is_stable(action: Action) -> None:
    text = format_action(action)
    assert format_action(parse_action(text)) == text


@pytest.mark.parametrize("variants", [(), ("buildings", "ziggurat"), ("english",)])
def test_every_legal_input_of_real_games_round_trips(variants: tuple[str, ...]) -> None:
    """Every legal input met in a few random games, answers to decisions included."""
    config = tr.GameConfig(players=3, variants=variants)
    seen: set[type] = set()
    for seed in range(2):
        state = tr.new_game(config, seed=seed)
        bot = RandomBot(seed)
        rng = random.Random(seed)
        while not tr.is_over(state):
            legal = tr.legal_actions(state)
            picks = [legal[rng.randrange(len(legal))] for _ in range(5)]
            if state.pending is not None:
                picks = list(legal)
            for action in picks:
                seen.add(type(action))
                assert parse_action(format_action(action)) == action
            state = tr.apply(state, bot.choose(state))
    assert {PlaceTile, PlaceLeader, EndTurn, CommitSupport} <= seen


# --- documentation ------------------------------------------------------------------------

DOC = Path(__file__).parent.parent / "docs" / "notation.md"


def _table_rows(heading: str) -> list[list[str]]:
    """The rows of the first table after ``heading`` in docs/notation.md, cells unquoted."""
    text = DOC.read_text(encoding="utf-8").split(heading, 1)[1]
    rows = []
    for line in text.splitlines():
        if line.startswith("|"):
            cells = [c.strip().strip("`") for c in line.strip().strip("|").split("|")]
            rows.append(cells)
        elif rows:
            break
    return rows[2:]  # without the header and its rule


@pytest.mark.usefixtures("shipped_variants_only")
def test_the_documented_notation_is_the_one_implemented() -> None:
    namespace = {**{name: getattr(tr, name) for name in tr.__all__}, **vars(actions_module)}
    rows = _table_rows("## The notation")
    assert len(rows) == len(_input_types())
    for text, code, _ in rows:
        action = eval(code, namespace)
        assert parse_action(text) == action
        assert format_action(action) == text


def test_the_documented_errors_are_the_ones_raised() -> None:
    for text, reason in _table_rows("## Errors"):
        with pytest.raises(NotationError) as info:
            parse_action(text)
        assert info.value.reason.startswith(reason.removesuffix("..."))


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(notation, raise_on_error=False)
    assert tried > 0
    assert failures == 0


# --- each game's notation -------------------------------------------------------------------

CARDS = tr.GameConfig(players=2, game="cards")

CARD_EXAMPLES: list[tuple[str, object]] = [
    ("leader king 3.2", PlayLeader(BLACK, "3.2")),
    ("column red 3", PlayColumn(RED, 3)),
    ("gap blue 2", PlayGap(BLUE, 2)),
    ("catastrophe 4.1", PlayCatastrophe("4.1")),
    ("end", EndTurn()),
    ("war green", ChooseConflict(GREEN)),
    ("commit 3", CommitSupport(3)),
    ("pay 2", PayPoints(2)),
    ("treasures 1 4", TakeTreasures((1, 4))),
    ("boat blue-red", BuildBoat(Boat.BLUE_RED)),
    ("decline", Decline()),
]


@pytest.mark.parametrize(("text", "action"), CARD_EXAMPLES)
def test_the_card_game_has_a_notation_of_its_own(text: str, action: object) -> None:
    assert parse_action(text, CARDS) == action
    assert format_action(action, CARDS) == text


def test_every_input_class_of_each_game_is_read_and_written() -> None:
    """The notation's tables are complete: an example of every input class of the base game
    and of the card game reads back as itself (the writers are ``match`` statements that
    mypy checks exhaustive with ``assert_never``)."""
    board = {type(a) for _, a in EXAMPLES} & set(ACTION_TYPES)
    assert board == set(ACTION_TYPES)
    assert {type(a) for _, a in CARD_EXAMPLES} == set(CARD_ACTION_TYPES)
    for _, action in CARD_EXAMPLES:
        assert parse_action(format_action(action, CARDS), CARDS) == action  # type: ignore[arg-type]
    assert verbs(CARDS) == tuple(dict.fromkeys(text.split()[0] for text, _ in CARD_EXAMPLES))


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("Leader Priest g2", PlayLeader(RED, "g2")),
        ("move trader 1.0", PlayLeader(GREEN, "1.0")),
        ("col temple 8", PlayColumn(RED, 8)),
        ("boat red", BuildBoat(Boat.BLUE_RED)),
        ("boat green blue", BuildBoat(Boat.BLUE_GREEN)),
        ("treasures", TakeTreasures(())),
        ("p 0", PayPoints(0)),
    ],
)
def test_the_card_notation_reads_leniently(text: str, action: object) -> None:
    assert parse_action(text, CARDS) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("column red 9", "the column is 1..8, not 9"),
        ("gap red 8", "the gap is 1..7, not 8"),
        ("leader king f4", "'f4' is not a card on the table"),
        ("boat blue", "'blue' is not a boat"),
        ("boat red-black", "'red-black' is not a boat"),
        ("tile red f4", "unknown action 'tile'"),
        ("c red 3", "'c' is ambiguous: it could be column, catastrophe, commit"),
    ],
)
def test_the_card_notation_refuses_what_is_not_a_card_input(text: str, reason: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text, CARDS)
    assert info.value.reason.startswith(reason)


def test_a_game_reads_only_its_own_inputs() -> None:
    classic = tr.GameConfig()
    with pytest.raises(NotationError, match="unknown action 'ziggurat'"):
        parse_action("ziggurat g6", classic)
    assert parse_action("ziggurat g6", tr.GameConfig(variants=("ziggurat",))) == BuildZiggurat("g6")
    assert verbs(classic) == VERBS
    with pytest.raises(tr.InvalidActionError, match="no variant of this game writes BuildZiggurat"):
        format_action(BuildZiggurat("g6"), classic)
    with pytest.raises(tr.InvalidActionError):
        format_action(PlaceTile(RED, "f4"), CARDS)
    with pytest.raises(tr.InvalidActionError):
        format_action(PayPoints(2))
