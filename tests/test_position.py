"""Position strings (docs/position.md): every position of every configuration reads back
equal, with its hidden parts as the state, without them as the spectator's view; malformed
strings are refused with a FormatError naming the field; ``str`` and ``repr`` of states."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.testing import configs, playthroughs

MAX_ACTIONS = 120

EVERY_CONFIG = st.one_of(
    configs(),
    configs(game="cards"),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=playthroughs(EVERY_CONFIG, max_actions=MAX_ACTIONS), data=st.data())
def test_every_position_reads_back(path: object, data: st.DataObject) -> None:
    """A state reached by legal play, of any configuration, reads back equal from its string
    with the hidden parts, and as the spectator's view without them; so does a seat's view."""
    states = path.states  # type: ignore[attr-defined]
    state = states[data.draw(st.integers(0, len(states) - 1))]
    text = tr.position(state)
    assert "\n" not in text
    assert tr.read_position(text) == state
    public = tr.position(state, hidden=False)
    assert tr.read_position(public) == tr.view(state, None)
    seat = data.draw(st.integers(0, state.config.players - 1))
    mine = tr.view(state, seat)
    assert tr.read_position(tr.position(mine)) == mine


def _played(config: tr.GameConfig, actions: int, seed: int = 3) -> Any:
    state: Any = tr.new_game(config, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = tr.legal_actions(state)
        if not legal:
            break
        state = tr.apply(state, legal[rng.randrange(len(legal))])
    return state


def test_a_finished_game_and_every_variant_read_back() -> None:
    """Games played to their end, every variant and option at once, and the card game with
    open scoring and a column limit."""
    for config in (
        tr.GameConfig(4, "alternative", ("english", "buildings", "ziggurat"), True, 2),
        tr.GameConfig(3, open_scoring=True, game="cards", column_limit=5),
    ):
        state = _played(config, 5000)
        assert tr.is_over(state)
        assert tr.read_position(tr.position(state)) == state
        assert tr.read_position(tr.position(state, hidden=False)) == tr.view(state, None)


def test_the_opening_string() -> None:
    """Pins the layout of an opening: the configuration, the board by rows with runs of
    empty squares counted, the turn, then the tagged fields."""
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    words = tr.position(state).split(" ")
    assert words[0] == "board/2"
    assert words[1].count("/") == 10
    assert words[2] == "t=0.0.0"
    assert [w.split("=")[0] for w in words[3:]] == ["h", "s", "w", "c", "z", "o"]
    public = tr.position(state, hidden=False).split(" ")
    assert [w.split("=")[0] for w in public[3:]] == ["c", "n", "y", "mv"]


def test_the_configuration_field() -> None:
    config = tr.GameConfig(4, "alternative", ("english", "ziggurat"), True, 1)
    text = tr.position(tr.new_game(config, seed=2))
    assert (
        text.split(" ")[0] == "board/4/board=alternative/variants=english+ziggurat/open/openers=1"
    )
    cards = tr.GameConfig(2, game="cards", column_limit=6)
    assert tr.position(tr.new_game(cards, seed=2)).startswith("cards/2/columns=6 ")


def test_repr_reads_back_and_str_draws_the_position() -> None:
    for config in (tr.GameConfig(players=3), tr.GameConfig(players=2, game="cards")):
        state = _played(config, 40)
        assert repr(state) == f"read_position({tr.position(state)!r})"
        assert eval(repr(state), {"read_position": tr.read_position}) == state
        text = str(state)
        assert text.startswith("Turn ")
        assert "\nNow: " in text
        assert len(text.splitlines()) > 10


def test_repr_of_a_broken_position_falls_back_on_its_fields() -> None:
    """A state built by hand that no position string can hold still has a repr."""
    import attrs

    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    broken = attrs.evolve(state, leaders=(0,) * 8)
    assert repr(broken).startswith("GameState(config=GameConfig(")


# --- malformed strings ----------------------------------------------------------------------

OPENING = tr.position(tr.new_game(tr.GameConfig(players=2), seed=1))
WORDS = OPENING.split(" ")


def _with(index: int, word: str) -> str:
    return " ".join([*WORDS[:index], word, *WORDS[index + 1 :]])


def _without(tag: str) -> str:
    return " ".join(w for w in WORDS if not w.startswith(tag + "="))


@pytest.mark.parametrize(
    ("text", "path", "reason"),
    [
        ("", "$", "single spaces"),
        (OPENING + " ", "$", "single spaces"),
        (OPENING.replace(" ", "  ", 1), "$", "single spaces"),
        (OPENING + "\n", "column", "one line"),
        ("board/5 x", "field 1", "game/players"),
        ("chess/2 x", "field 1", "unknown game"),
        ("board/2/color=red x", "field 1", "unknown option"),
        ("board/2/variants=nope x", "field 1", "nope"),
        (_with(1, "16/16"), "field 2", "11 rows"),
        (_with(1, WORDS[1].replace("/", "/17", 1)), "field 2", "does not fit"),
        (_with(1, WORDS[1].replace("r*", "q", 1)), "field 2", "unexpected 'q'"),
        (_with(2, "t=0.0"), "field 3 t=", "3 parts"),
        (_with(2, "t=0.0.x"), "field 3 t=", "actions_taken"),
        (_with(2, "t=5.0.0"), "field 3 t=", "seat"),
        (_with(3, "h=12/34"), "field 4 h=", "player 0"),
        (_with(3, "h=7000/0006"), "field 4 h= (column 78) $.hands[0]", "TURN-12"),
        (_without("z"), "$", "missing the field"),
        (OPENING + " z=0:k", "field", "given twice"),
        (OPENING + " q=1", "field 10 q=", "unknown field"),
        (OPENING + " d={", "field 10 d=", "not valid JSON"),
        (OPENING + " nonsense", "field 10", "tag=value"),
    ],
)
def test_malformed_strings_are_refused_where_they_break(text: str, path: str, reason: str) -> None:
    with pytest.raises(tr.FormatError) as info:
        tr.read_position(text)
    assert info.value.path.startswith(path), info.value
    assert reason in str(info.value), info.value


def test_a_broken_promise_is_refused_with_its_rule() -> None:
    """A string whose fields are well formed but whose position breaks a promise of the
    game (a catastrophe more than the components hold) is refused as loads refuses it."""
    text = _with(WORDS.index("c=2,2") if "c=2,2" in WORDS else 6, "c=3,2")
    with pytest.raises(tr.FormatError, match=r"field \d+ c="):
        tr.read_position(text)


def test_the_size_limit() -> None:
    with pytest.raises(tr.FormatError, match="larger than the limit"):
        tr.read_position(OPENING + " a=" + "1" * 70_000)
    with pytest.raises(tr.FormatError, match="larger than the limit"):
        tr.read_position(OPENING, max_bytes=100)


@settings(max_examples=200, deadline=None)
@given(
    st.text(max_size=300)
    | st.builds(lambda i, s: OPENING[:i] + s, st.integers(0, 400), st.text(max_size=20))
)
def test_any_text_reads_or_raises_a_format_error(text: str) -> None:
    """Never another exception, whatever the text."""
    with contextlib.suppress(tr.FormatError):
        tr.read_position(text)


# --- the command line -----------------------------------------------------------------------


def test_cli_perft_counts_each_depth_from_a_string_and_a_json_file(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    from tigris_rules.tools.cli import main

    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    assert main(["perft", tr.position(state), "--depth", "2"]) == 0
    assert capsys.readouterr().out == "depth 1: 750\ndepth 2: 520829\n"
    file = Path(str(tmp_path)) / "state.json"
    file.write_text(tr.dumps(state), encoding="utf-8")
    assert main(["perft", str(file)]) == 0
    assert capsys.readouterr().out == "depth 1: 750\n"


def test_cli_perft_divides_the_card_game(capsys: pytest.CaptureFixture[str]) -> None:
    from tigris_rules.tools.cli import main

    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    assert main(["perft", tr.position(state), "--depth", "2", "--divide"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["depth 1: 65", "depth 2: 4185"]
    assert lines[-1] == "total: 4185"
    assert len(lines) == 2 + 1 + 65 + 1
    assert lines[3].startswith(tr.format_action(tr.legal_actions(state)[0], state.config) + ": ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["perft", "board/2 x"], "field 2"),
        (["perft", OPENING, "--depth", "-1"], "non-negative integer"),
        (["perft", tr.position(tr.new_game(tr.GameConfig(), seed=1), hidden=False)], "hidden"),
    ],
)
def test_cli_perft_refuses_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tigris_rules.tools.cli import main

    assert main(argv) == 2
    assert message in capsys.readouterr().err
