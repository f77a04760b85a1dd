"""The fuzz inputs and the fuzz target shared by fuzz.py and fuzz_atheris.py.

:func:`corpus` holds real documents of every kind the library reads: the golden logs of
tests/data/logs, the JSON of states, configurations, deals and inputs of seeded random
games of both rulesets, and action notation. :class:`Mutator` turns one into a fuzz input:
a JSON value replaced by a hostile one (huge numbers, odd unicode, deep nesting, wrong
types), a part removed or repeated, an unknown or duplicate key, ``NaN`` or ``Infinity``,
truncated or flipped bytes, or random bytes and text.

:func:`run_target` feeds one input to every reader (``loads`` of each kind, ``read_log``,
``validate_json``, ``parse_action``) and what they accept to the functions that use it
(``format_action``, ``dumps``, ``validate_log``, ``replay``, and ``legal_actions``,
``apply``, ``view`` and the renderers on a loaded state). Any exception that is not a
:class:`tigris_rules.TigrisError` is an escape.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import tempfile
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs

import tigris_rules as tr
from tigris_rules.render import render_board, render_result, render_svg, render_view

__all__ = ["KINDS", "Escape", "Mutator", "Sample", "Slow", "corpus", "run_target"]

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
"""Every kind of document ``loads`` is fuzzed with, by name."""

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"


@attrs.frozen
class Sample:
    """A real input: ``kind`` is a key of :data:`KINDS` or ``"notation"``."""

    kind: str
    text: str


def _games(seeds: dict[tr.GameConfig, int]) -> Iterator[tuple[tr.GameConfig, list[Any], list[Any]]]:
    """Seeded random games of both rulesets: (config, states, inputs); ``seeds`` gets the
    seed of each configuration."""
    configs = [
        tr.GameConfig(players=2),
        tr.GameConfig(players=3, variants=("english", "buildings", "ziggurat")),
        tr.GameConfig(players=4, board="alternative", open_scoring=True, single_action_openers=2),
        tr.GameConfig(players=2, game="cards"),
        tr.GameConfig(players=3, game="cards", open_scoring=True),
    ]
    for seed, config in enumerate(configs):
        rng = random.Random(seed)
        seeds[config] = seed
        new = tr.new_card_game if config.game == "cards" else tr.new_game
        state: Any = new(config, seed=seed)
        states, inputs = [state], []
        for _ in range(400):
            if tr.is_over(state):
                break
            legal = tr.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            state = tr.apply(state, action)
            states.append(state)
            inputs.append(action)
        yield config, states, inputs


def corpus() -> list[Sample]:
    """The real documents fuzz inputs start from."""
    from tigris_rules.cards.setup import card_deal_from_seed
    from tigris_rules.rules.setup import deal_from_seed

    samples = [Sample("log", path.read_text(encoding="utf-8")) for path in sorted(LOGS.iterdir())]
    seeds: dict[tr.GameConfig, int] = {}
    for config, states, inputs in _games(seeds):
        cards = config.game == "cards"
        samples.append(Sample("config", tr.dumps(config)))
        deal = card_deal_from_seed(config, 1) if cards else deal_from_seed(config, 1)
        samples.append(Sample("card_deal" if cards else "deal", tr.dumps(deal)))
        pending = [s for s in states if s.pending is not None][:6]
        picked = pending + states[:: max(1, len(states) // 8)]
        samples += [Sample("card_state" if cards else "state", tr.dumps(s)) for s in picked]
        for action in dict.fromkeys(inputs):
            samples.append(Sample("card_action" if cards else "action", tr.dumps(action)))
            if not cards:
                samples.append(Sample("notation", tr.format_action(action)))
        for length in (5, 20, 60):
            recorder = tr.Recorder(config, seed=seeds[config])
            for action in inputs[:length]:
                recorder.apply(action)
            samples.append(Sample("log", tr.dumps(recorder.log(with_result=False))))
    return samples


# --- mutations ------------------------------------------------------------------------------

ODD_STRINGS = [
    "",
    " ",
    "\x00",
    "a1\x00",
    "\u0661",  # ARABIC-INDIC DIGIT ONE
    "\uff11",  # FULLWIDTH DIGIT ONE
    "\u00b2",  # SUPERSCRIPT TWO
    "A1",
    "\u0430" + "1",  # Cyrillic a
    "\u202ered",  # RIGHT-TO-LEFT OVERRIDE
    "re\u0301d",  # combining accent
    "\ufeffred",
    "\U0001f600",
    "p11",
    "q12",
    "a0",
    "a-1",
    "k" * 10_000,
    "\ud800",  # a lone surrogate (in JSON as "\\ud800")
    "İ",  # lower() makes two characters
    "ß",
    "\u2028",
]
"""Strings that have tripped parsers: other scripts' digits, controls, surrogates..."""

HUGE_NUMBERS = [
    "9" * 5000,
    "-" + "9" * 5000,
    "1e400",
    "-1e400",
    "1" + "0" * 400 + ".5",
    "1e-400",
    "123456789012345678901234567890",
    "-0",
    "0.0",
    "1.0",
    "1E2",
]
"""Number literals beyond the usual ranges (as JSON text)."""

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    9,
    12,
    99,
    2**31,
    2**63,
    -(2**63),
    10**30,
    0.5,
    1e308,
    [],
    {},
    [None],
    {"type": None},
    [[[[[[[[[[[[]]]]]]]]]]]],
]
"""JSON values of every type, at the edges."""

WEIGHTS: tuple[list[str], list[float]] = (
    ["state", "card_state", "log", "action", "card_action", "notation", "config", "deal",
     "card_deal"],
    [25, 15, 10, 12, 8, 10, 8, 6, 6],
)  # fmt: skip
"""How often each kind of real document is the start of an input."""

RAW_TOKENS = ["NaN", "Infinity", "-Infinity", "nan", "1e999", "0x10", "01", "+1", "1.", ".5"]
"""Tokens Python's JSON reader takes or rejects in its own ways."""


def _random_path(rng: random.Random, value: Any) -> tuple[Any, ...]:
    """A path to a random part of ``value``: a walk down from the top that stops at each
    level with probability 1/4 (and at a scalar or an empty container)."""
    path: list[Any] = []
    while len(path) < 40 and value and isinstance(value, dict | list) and rng.random() < 0.75:
        step = rng.choice(list(value)) if isinstance(value, dict) else rng.randrange(len(value))
        path.append(step)
        value = value[step]
    return tuple(path)


def _vocabulary(samples: list[Sample]) -> tuple[list[str], list[str]]:
    keys: set[str] = set()
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                keys.add(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            words.add(value)

    for sample in samples:
        if sample.kind != "notation":
            walk(json.loads(sample.text))
        else:
            words.update(sample.text.split())
    return sorted(keys), sorted(words)


class Mutator:
    """Fuzz inputs from the corpus, drawn with ``random.Random(seed)``."""

    def __init__(self, samples: list[Sample], seed: int) -> None:
        self.samples = samples
        self.rng = random.Random(seed)
        self.keys, self.words = _vocabulary(samples)
        self.parsed = {id(s): json.loads(s.text) for s in samples if s.kind != "notation"}
        self.by_kind: dict[str, list[Sample]] = {}
        for sample in samples:
            self.by_kind.setdefault(sample.kind, []).append(sample)

    def value(self) -> Any:
        """A JSON value to put somewhere: odd, a real word or key, or deep nesting."""
        rng = self.rng
        choice = rng.random()
        if choice < 0.3:
            return copy.deepcopy(rng.choice(ODD_VALUES))
        if choice < 0.5:
            return rng.choice(ODD_STRINGS)
        if choice < 0.8:
            return rng.choice(self.words)
        if choice < 0.9:
            return rng.randint(-3, 200)
        nested: Any = rng.choice([[], {}, 1, "a1"])
        for _ in range(rng.choice([3, 20, 60])):  # deeper nesting: see raw()
            nested = [nested] if rng.random() < 0.5 else {rng.choice(self.keys): nested}
        return nested

    def tweak(self, old: Any) -> Any:
        """A value near ``old`` and of its type, so that the document stays readable: a
        number a little off, another real word, a list one item longer or reversed."""
        rng = self.rng
        if isinstance(old, bool):
            return not old
        if isinstance(old, int):
            return old + rng.choice([-2, -1, 1, 2, 5, 100])
        if isinstance(old, str):
            return rng.choice(self.words)
        if isinstance(old, list) and old:
            how = rng.random()
            if how < 0.4:
                return [*old, copy.deepcopy(rng.choice(old))]
            if how < 0.7:
                return old[:-1]
            return old[::-1]
        return self.value()

    def structured(self, sample: Sample) -> str:
        """``sample`` with one to four parts changed, written as JSON text (and then,
        sometimes, a raw token put in the text: a huge number, NaN, a duplicate key)."""
        rng = self.rng
        document = copy.deepcopy(self.parsed[id(sample)])
        for _ in range(rng.choice([1, 1, 1, 2, 3, 4])):
            path = _random_path(rng, document)
            if not path:
                if rng.random() < 0.1:
                    document = self.value()
                continue
            *parents, last = path
            parent = document
            for step in parents:
                parent = parent[step]
            how = rng.random()
            if how < 0.45:
                parent[last] = self.tweak(parent[last])
            elif how < 0.7:
                parent[last] = self.value()
            elif how < 0.8:
                del parent[last]
            elif isinstance(parent, dict):
                key = rng.choice(self.keys) if rng.random() < 0.7 else rng.choice(ODD_STRINGS)
                parent[key] = self.value()
            else:
                parent.insert(last, self.value())
        text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
        if rng.random() < 0.25:
            text = self.raw(text)
        return text

    def raw(self, text: str) -> str:
        """``text`` with a raw change: a token replaced by a huge number, NaN or Infinity,
        a key repeated, a cut, a deep prefix."""
        rng = self.rng
        how = rng.random()
        if how < 0.35:
            spots = [i for i, c in enumerate(text) if c in "0123456789"]
            if spots:
                at = rng.choice(spots)
                end = at
                while end < len(text) and text[end] in "0123456789":
                    end += 1
                token = rng.choice(HUGE_NUMBERS + RAW_TOKENS)
                return text[:at] + token + text[end:]
        if how < 0.55:
            at = text.find("{")
            if at >= 0:
                key = rng.choice(self.keys)
                return text[: at + 1] + f'"{key}": 1, "{key}": 2, ' + text[at + 1 :]
        if how < 0.7:
            return text[: rng.randrange(len(text) + 1)]
        if how < 0.8:
            depth = rng.choice([100, 1000, 100_000])
            return "[" * depth + text + "]" * depth
        if how < 0.9:
            return "\ufeff" + text
        return text + rng.choice([" ", "\n", "x", "}", "]", ",", "\x00"])

    def flipped(self, data: bytes) -> bytes:
        """``data`` with a few random bytes changed, cut or put in."""
        rng = self.rng
        buffer = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            if not buffer:
                buffer.append(rng.randrange(256))
                continue
            at = rng.randrange(len(buffer))
            how = rng.random()
            if how < 0.5:
                buffer[at] = rng.randrange(256)
            elif how < 0.75:
                del buffer[at]
            else:
                buffer.insert(at, rng.randrange(256))
        return bytes(buffer)

    def notation(self, sample: Sample) -> str:
        """A line of notation: real words, odd strings and numbers, shuffled."""
        rng = self.rng
        words = sample.text.split()
        for _ in range(rng.randint(1, 3)):
            how = rng.random()
            if how < 0.3 and words:
                words[rng.randrange(len(words))] = rng.choice(ODD_STRINGS)
            elif how < 0.5:
                words.append(rng.choice([*HUGE_NUMBERS, "0", "3", "-1", "007"]))
            elif how < 0.7 and words:
                words[rng.randrange(len(words))] = rng.choice(self.words)
            elif how < 0.85 and words:
                rng.shuffle(words)
            else:
                words.insert(0, rng.choice(["commit", "swap", "leader", "tile", "monument"]))
        return rng.choice([" ", ",", ";", "\t", "\u3000"]).join(words)

    def next(self) -> tuple[str, bytes]:
        """The next input: the kind it is read as, and its bytes."""
        rng = self.rng
        sample = rng.choice(self.by_kind[rng.choices(WEIGHTS[0], WEIGHTS[1])[0]])
        choice = rng.random()
        if sample.kind == "notation":
            return "notation", self.notation(sample).encode("utf-8", "surrogatepass")
        kind = sample.kind if rng.random() < 0.85 else rng.choice(list(KINDS))
        if choice < 0.75:
            text = self.structured(sample)
            return kind, text.encode("utf-8", "surrogatepass")
        if choice < 0.9:
            return kind, self.flipped(sample.text.encode("utf-8"))
        if choice < 0.95:
            return kind, rng.randbytes(rng.randint(0, 64))
        text = "".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(rng.randint(0, 32)))
        return kind, text.encode("utf-8", "surrogatepass")


# --- the target -----------------------------------------------------------------------------


@attrs.frozen
class Escape:
    """An exception that is not a library error: where it came from and what it was.

    ``stage`` is ``"read"`` for the readers and the functions of the values they give
    (parsing, reading and writing code), and ``"state"`` for the rules run on a state
    ``loads`` accepted (impossible states the full state check is to refuse)."""

    stage: str
    call: str
    error: str
    where: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.stage, self.error.split(":")[0], self.where)


def _where(exc: BaseException) -> str:
    """The innermost frame of the library in ``exc``'s traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "tigris_rules" in f.filename]
    if not frames:
        return "?"
    frame = frames[-1]
    return f"{frame.filename.split('tigris_rules')[-1].lstrip(os.sep)}:{frame.lineno} {frame.name}"


class Slow(BaseException):
    """Raised (by a timer of the caller) when one input takes too long."""


def _call(stage: str, name: str, call: Callable[[], Any], found: list[Escape]) -> Any:
    try:
        return call()
    except tr.TigrisError:
        return None
    except Slow as exc:
        found.append(Escape(stage, name, "Slow: over the time limit of one input", _where(exc)))
        raise
    except Exception as exc:  # the escapes this harness looks for
        found.append(Escape(stage, name, f"{type(exc).__name__}: {str(exc)[:200]}", _where(exc)))
        return None


def _use_state(state: Any, found: list[Escape]) -> None:
    """The public functions of a state ``loads`` accepted."""
    legal = _call("state", "legal_actions", lambda: list(tr.legal_actions(state)), found)
    _call("state", "to_move", lambda: tr.to_move(state), found)
    _call("state", "is_over", lambda: tr.is_over(state), found)
    _call("state", "result", lambda: tr.result(state), found)
    tried: list[Any] = [*(legal or [])[:3], tr.EndTurn(), tr.Decline(), tr.CommitSupport(1)]
    for action in tried:
        _call("state", "step", functools.partial(tr.step, state, action), found)
    for seat in (None, 0):
        seen = _call("state", "view", functools.partial(tr.view, state, seat), found)
        if seen is not None and isinstance(state, tr.GameState):
            _call("state", "render_view", functools.partial(render_view, seen), found)
    if isinstance(state, tr.GameState):
        _call("state", "render_board", lambda: render_board(state), found)
        _call("state", "render_svg", lambda: render_svg(state), found)
        _call("state", "render_result", lambda: render_result(state), found)
    else:
        _call("state", "render_table", lambda: tr.render_table(state), found)
    _call("read", "dumps", lambda: tr.loads(tr.dumps(state), type(state)), found)


def _read_log_file(data: bytes) -> Any:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.json"
        path.write_bytes(data)
        return tr.read_log(path)


def run_target(
    kind: str, data: bytes, *, files: bool = False, found: list[Escape] | None = None
) -> list[Escape]:
    """Every escape ``data`` causes, read as ``kind`` (a key of :data:`KINDS` or
    ``"notation"``), added to ``found`` (a new list by default) and returned; ``files``
    also reads it from a file with ``read_log``. :class:`Slow` raised by the caller's timer
    is recorded and raised again."""
    found = [] if found is None else found
    text = data.decode("utf-8", "surrogateescape") if kind == "notation" else None
    if text is not None:
        action = _call("read", "parse_action", lambda: tr.parse_action(text), found)
        if action is not None:
            _call("read", "format_action", lambda: tr.format_action(action), found)
        return found
    value = _call("read", f"loads[{kind}]", lambda: tr.loads(data, KINDS[kind]), found)
    if files:  # the same bytes as text, and from a file
        as_text = _call("read", "decode", lambda: data.decode("utf-8"), [])
        if as_text is not None:
            _call("read", f"loads[{kind}] of str", lambda: tr.loads(as_text, KINDS[kind]), found)
        if kind == "log":
            _call("read", "read_log", lambda: _read_log_file(data), found)
    if kind == "log":
        _call("read", "validate_json", lambda: tr.validate_json(data), found)
    if value is None:
        return found
    if isinstance(value, tr.GameState | tr.CardGameState):
        _use_state(value, found)
    elif isinstance(value, tr.GameLog):
        _call("read", "replay", lambda: tr.replay(value), found)
        if files:
            _call("read", "validate_log", lambda: tr.validate_log(value), found)
            _call("read", "dumps", lambda: tr.loads(tr.dumps(value), tr.GameLog), found)
    else:
        _call("read", "dumps", lambda: tr.loads(tr.dumps(value), KINDS[kind]), found)
        if kind == "action":
            _call("read", "format_action", lambda: tr.parse_action(tr.format_action(value)), found)
    return found
