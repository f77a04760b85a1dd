"""Hostile input to every reader: only the library's errors come out.

``loads`` (every kind), ``read_log``, ``validate_json``, ``parse_action`` and
``format_action`` get random bytes and text, and real documents (the golden logs of
tests/data/logs, the JSON of states, configurations, deals and inputs of both rulesets)
changed by Hypothesis: a part replaced by a hostile value (a huge number, odd unicode, deep
nesting, a value of the wrong type), removed or repeated, an unknown or duplicate key,
``NaN`` or ``Infinity``, a cut. What the readers accept goes to the functions that use it.
Any exception that is not a :class:`tigris_rules.TigrisError` fails the test.

``python benchmarks/fuzz.py --inputs 1000000`` runs the same kind of inputs in bulk.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.render import render_board, render_svg

LOGS = Path(__file__).parent / "data" / "logs"

KINDS: dict[str, Any] = {
    "state": tr.GameState,
    "card_state": tr.CardGameState,
    "config": tr.GameConfig,
    "deal": tr.Deal,
    "card_deal": tr.CardDeal,
    "action": tr.Action,
    "card_action": tr.CardAction,
    "log": tr.GameLog,
}


def _real_documents() -> dict[str, list[Any]]:
    """Real JSON documents of every kind, parsed, by kind."""
    from tigris_rules.cards.setup import card_deal_from_seed
    from tigris_rules.rules.setup import deal_from_seed

    found: dict[str, list[Any]] = {kind: [] for kind in KINDS}
    found["log"] = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(LOGS.iterdir())]
    for seed, config in enumerate(
        [
            tr.GameConfig(players=3, variants=("english", "buildings", "ziggurat")),
            tr.GameConfig(players=2, board="alternative", open_scoring=True),
            tr.GameConfig(players=2, game="cards"),
        ]
    ):
        cards = config.game == "cards"
        recorder = tr.Recorder(config, seed=seed)
        for index in range(120):
            if tr.is_over(recorder.state):
                break
            legal = tr.legal_actions(recorder.state)
            recorder.apply(legal[(index * 7) % len(legal)])
            if index % 15 == 0 or recorder.state.pending is not None:
                found["card_state" if cards else "state"].append(recorder.state)
        found["card_action" if cards else "action"] += [e.action for e in recorder.entries[:30]]
        found["log"].append(recorder.log())
        found["config"].append(config)
        deal = card_deal_from_seed(config, 1) if cards else deal_from_seed(config, 1)
        found["card_deal" if cards else "deal"].append(deal)
    return {
        kind: [v if kind == "log" and isinstance(v, dict) else json.loads(tr.dumps(v)) for v in vs]
        for kind, vs in found.items()
    }


REAL = _real_documents()

ODD_TEXT = st.sampled_from(
    [
        "",
        "\x00",
        "\u0661",  # ARABIC-INDIC DIGIT ONE
        "\uff13",  # FULLWIDTH DIGIT THREE
        "\u00b2",
        "A1",
        "\u202ered",
        "re\u0301d",
        "\ufeffred",
        "\U0001f600",
        "İ",
        "q12",
        "a0",
        "k" * 5000,
    ]
) | st.text(max_size=8)
"""Strings that have tripped parsers: other scripts' digits, controls, long ones..."""

HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=12),
    st.integers(),
    st.sampled_from([2**31, 2**63, -(2**63), 10**30, 10**4000]),
    st.floats(allow_nan=False, allow_infinity=False),
    ODD_TEXT,
    st.just([]),
    st.just({}),
    st.integers(min_value=1, max_value=60).map(lambda depth: json.loads("[" * depth + "]" * depth)),
)
"""JSON values at the edges, of every type."""

RAW_TOKENS = st.sampled_from(
    ["NaN", "Infinity", "-Infinity", "1e400", "9" * 5000, "-" + "9" * 4300, "1" * 4301, "0x1"]
)
"""Number tokens beyond what JSON or Python's int conversion take."""


def _walk(draw: st.DrawFn, document: Any) -> tuple[Any, Any] | None:
    """A random container in ``document`` and a key or index of it, or ``None``."""
    parent, key = None, None
    node = document
    while isinstance(node, dict | list) and node and draw(st.integers(0, 3)) > 0:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        parent, key = node, draw(st.sampled_from(keys))
        node = node[key]
    return None if parent is None else (parent, key)


@st.composite
def mutated(draw: st.DrawFn, kind: str) -> bytes:
    """A real document of ``kind`` with one to three parts changed, then maybe a raw change
    of its text: a hostile number token, a duplicate key, a cut, deep nesting, a BOM."""
    document = copy.deepcopy(draw(st.sampled_from(REAL[kind])))
    for _ in range(draw(st.integers(1, 3))):
        spot = _walk(draw, document)
        if spot is None:
            continue
        parent, key = spot
        how = draw(st.sampled_from(["replace", "replace", "remove", "add", "repeat"]))
        if how == "replace":
            parent[key] = draw(HOSTILE)
        elif how == "remove":
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(ODD_TEXT)] = draw(HOSTILE)
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
    text = json.dumps(document, ensure_ascii=draw(st.booleans()))
    raw = draw(st.sampled_from(["none", "none", "token", "duplicate", "cut", "nest", "bom"]))
    if raw == "token":
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            at = draw(st.sampled_from(digits))
            text = text[:at] + draw(RAW_TOKENS) + text[at + 1 :]
    elif raw == "duplicate" and text.startswith("{") and len(text) > 2:
        key = draw(st.sampled_from(sorted(json.loads(text)) or ["type"]))
        text = "{" + json.dumps(key) + ": 1, " + text[1:]
    elif raw == "cut":
        text = text[: draw(st.integers(0, len(text)))]
    elif raw == "nest":
        depth = draw(st.sampled_from([10, 1000, 100_000]))
        text = "[" * depth + text + "]" * depth
    elif raw == "bom":
        text = "\ufeff" + text
    return text.encode("utf-8", "surrogatepass")


def inputs(kind: str) -> st.SearchStrategy[bytes]:
    """Fuzz inputs for a reader of ``kind``: mostly changed real documents."""
    return st.one_of(
        mutated(kind),
        mutated(kind),
        mutated(kind),
        st.binary(max_size=64),
        st.text(max_size=64).map(lambda t: t.encode("utf-8", "surrogatepass")),
    )


def library_errors_only(call: Any) -> Any:
    """``call()``, or ``None`` when it raised a library error; anything else fails."""
    try:
        return call()
    except tr.TigrisError:
        return None


def use_state(state: Any) -> None:
    """The public functions a front-end runs on a state."""
    legal = library_errors_only(lambda: list(tr.legal_actions(state)))
    library_errors_only(lambda: tr.to_move(state))
    library_errors_only(lambda: tr.result(state))
    for action in [*(legal or [])[:2], tr.EndTurn(), tr.Decline()]:
        library_errors_only(lambda a=action: tr.step(state, a))
    library_errors_only(lambda: tr.view(state, None))
    if isinstance(state, tr.GameState):
        library_errors_only(lambda: render_board(state))
        library_errors_only(lambda: render_svg(state))
    else:
        library_errors_only(lambda: tr.render_table(state))
    assert tr.loads(tr.dumps(state), type(state)) == state


@settings(max_examples=settings().max_examples * 2)
@given(data=st.data(), kind=st.sampled_from(sorted(KINDS)))
def test_loads_of_every_kind(data: st.DataObject, kind: str) -> None:
    """``loads`` of any kind gives a value or a library error; a value it gives is written
    back by ``dumps`` and read back equal."""
    text = data.draw(inputs(kind))
    other = data.draw(st.sampled_from([kind, kind, kind, *KINDS]))
    value = library_errors_only(lambda: tr.loads(text, KINDS[other]))
    event("read" if value is not None else "refused")
    if value is None:
        return
    assert tr.loads(tr.dumps(value), KINDS[other]) == value
    if other == "action":
        written = library_errors_only(lambda: tr.format_action(value))
        if written is not None:
            assert tr.parse_action(written) == value


@given(text=inputs("state") | inputs("card_state"))
def test_states_that_load_can_be_used(text: bytes) -> None:
    state = library_errors_only(lambda: tr.loads(text, tr.GameState))
    state = state or library_errors_only(lambda: tr.loads(text, tr.CardGameState))
    event("state read" if state is not None else "refused")
    if state is not None:
        use_state(state)


@given(text=inputs("log"))
def test_logs_read_validate_and_replay(text: bytes) -> None:
    """``validate_json`` reports instead of raising; ``read_log`` reads the same log from a
    file; a log that reads is validated and replayed."""
    report = library_errors_only(lambda: tr.validate_json(text))
    assert isinstance(report, tr.Report)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(text)
        log = library_errors_only(lambda: tr.read_log(path))
        assert isinstance(tr.validate_file(path), tr.Report)
    event("log read" if log is not None else "refused")
    if log is not None:
        assert report.malformed is False
        library_errors_only(lambda: tr.validate_log(log))
        library_errors_only(lambda: tr.replay(log))


WORDS = st.sampled_from(
    ["commit", "swap", "tile", "leader", "monument", "keep", "red", "king", "f4", "black-red"]
)


@given(
    words=st.lists(
        WORDS | ODD_TEXT | RAW_TOKENS | st.integers(min_value=0).map(str), min_size=1, max_size=5
    ),
    separator=st.sampled_from([" ", ",", "\t", "\u3000", "\u00a0"]),
)
def test_parse_action_of_hostile_text(words: list[str], separator: str) -> None:
    """``parse_action`` reads an action or raises ``NotationError``; ``format_action`` writes
    what it reads back as the same action."""
    action = library_errors_only(lambda: tr.parse_action(separator.join(words)))
    if action is not None:
        assert tr.parse_action(tr.format_action(action)) == action


@given(
    kind=st.sampled_from([tr.CommitSupport, tr.SwapTiles, tr.PlaceTile, tr.BuildMonument]),
    values=st.lists(HOSTILE | st.sampled_from(list(tr.Color)), min_size=4, max_size=4),
)
def test_format_action_of_malformed_actions(kind: Any, values: list[Any]) -> None:
    """An action object with fields of any value: its notation or ``InvalidActionError``."""
    count = {tr.CommitSupport: 1, tr.SwapTiles: 4}.get(kind, 2)
    action = kind(*values[:count])
    written = library_errors_only(lambda: tr.format_action(action))
    if written is not None:
        assert tr.parse_action(written) == action


def test_the_reported_escapes_are_closed(tmp_path: Path) -> None:
    """The inputs that escaped before: a count of thousands of digits, other scripts'
    digits, wrong argument types."""
    for text in ("commit " + "9" * 4301, "commit \u0661", "swap \uff12 red"):
        assert library_errors_only(lambda t=text: tr.parse_action(t)) is None
    huge = tr.CommitSupport(10**5000)
    assert library_errors_only(lambda: tr.format_action(huge)) is None
    nothing: Any = None
    for call in (
        lambda: tr.validate_log(nothing),
        lambda: tr.replay(nothing),
        lambda: tr.loads(nothing, tr.GameState),
        lambda: tr.render_table(tr.new_game(tr.GameConfig(), seed=1)),  # type: ignore[arg-type]
        lambda: tr.write_log(nothing, tmp_path / "never-written.json"),
    ):
        assert library_errors_only(call) is None
    assert not (tmp_path / "never-written.json").exists()
