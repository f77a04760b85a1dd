"""The fuzz inputs and the fuzz target shared by fuzz.py, fuzz_atheris.py and the CI test.

:func:`corpus` holds real documents of every kind the library reads, from seeded games of
every configuration (2 to 4 players, both boards, every combination of variants, the
options, the card game with its column limits): configurations, deals, states, the views of
every seat and of a spectator, results, inputs as JSON and as notation (board and card),
logs cut after 0 to 60 inputs, the golden logs of tests/data/logs, and JSON Lines archives
of a few short logs. :class:`Mutator` turns one into a fuzz input: numbers pushed to their
edges (0, -1, 2**31, 2**63, 10**6, thousands of digits), lists grown, shrunk, repeated or
emptied, keys dropped, renamed or repeated, values of another type, odd unicode, deep
nesting, ``NaN`` and ``Infinity``, cuts, flipped bytes, or random bytes and text. Input
``i`` of seed ``s`` depends on ``(s, i)`` alone, so any input can be made again by its
number, and shards of one campaign draw the same inputs as the whole.

:class:`Target` feeds one input to its reader (``loads`` of each kind, ``read_log``,
``validate_json``, ``read_jsonl``, ``parse_action``) and what the reader accepts to every
public function that takes it (see :data:`DOWNSTREAM`). Any exception that is not a
:class:`tigris_rules.TigrisError` is an escape; with ``measure``, each call's CPU time
(``time.thread_time``) and peak of allocated memory (``tracemalloc``) are kept, each from
a run of its own.
"""

from __future__ import annotations

import copy
import functools
import gc
import itertools
import json
import os
import random
import re
import tempfile
import time
import traceback
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

import tigris_rules as tr
from tigris_rules.ai import action_encoding, observation_size
from tigris_rules.render import render_board, render_result, render_svg, render_view
from tigris_rules.tools.bulk import read_jsonl

__all__ = [
    "DOWNSTREAM",
    "KINDS",
    "READERS",
    "Call",
    "Escape",
    "Mutator",
    "Sample",
    "Slow",
    "Target",
    "corpus",
    "run_target",
    "size_class",
]

KINDS: dict[str, Any] = {
    "state": tr.GameState,
    "card_state": tr.CardGameState,
    "view": tr.PlayerView,
    "card_view": tr.CardView,
    "result": tr.Result,
    "config": tr.GameConfig,
    "deal": tr.Deal,
    "card_deal": tr.CardDeal,
    "action": tr.Action,
    "card_action": tr.CardAction,
    "log": tr.GameLog,
}
"""Every kind of document ``loads`` is fuzzed with, by name."""

READERS = (*KINDS, "jsonl", "notation", "card_notation", "position", "record")
"""Every reader: the kinds of ``loads``, JSON Lines archives, board and card notation,
position strings, text game records."""

DOWNSTREAM = {
    "state": "check_state, legal_actions, to_move, is_over, result, step (3 listed inputs "
    "and 3 others), format_action, view of every seat and of a spectator (rendered as text, "
    "the spectator's as SVG too; a seat's and the spectator's written), render_board, "
    "render_svg, render_result, legal_action_mask, observation of every seat, "
    "action_encoding size, dumps",
    "card_state": "the same as state, with render_table and render_card_result",
    "view": "render_view, render_board, render_svg, format_action of its inputs, dumps",
    "card_view": "render_svg, format_action of its inputs, dumps",
    "result": "dumps",
    "config": "new_game, legal_actions, legal_action_mask, action_encoding size, "
    "observation_size, dumps",
    "deal": "new_game with the deal, legal_actions, dumps",
    "action": "format_action and parse_action, step on a new game, dumps",
    "log": "validate_json, read_log (every few inputs), replay, validate_log, dumps",
    "jsonl": "read_jsonl, then validate_json of every line",
    "notation": "parse_action, format_action, step on a new game",
    "position": "read_position, then as a state or a view (above), and position back",
    "record": "parse_records, then each game as a log (above), format_record back; "
    "validate_json of the text",
}
"""What each reader's accepted values go on to (card kinds: the same as the board's)."""

LOGS = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"

KILOBYTE = 1024


def size_class(size: int) -> str:
    """The size class of an input of ``size`` bytes, as the campaign counts them."""
    if size <= KILOBYTE:
        return "<=1K"
    if size <= 4 * KILOBYTE:
        return "1-4K"
    if size <= 64 * KILOBYTE:
        return "4-64K"
    return ">64K"


@attrs.frozen
class Sample:
    """A real input: ``kind`` is one of :data:`READERS`; ``config`` is the configuration of
    the game it comes from (None for the golden logs)."""

    kind: str
    text: str
    config: tr.GameConfig | None = None


# --- the corpus -----------------------------------------------------------------------------

VARIANT_SETS = [
    tuple(v for v, keep in zip(("english", "buildings", "ziggurat"), bits, strict=True) if keep)
    for bits in itertools.product((False, True), repeat=3)
]


def configs(full: bool = True) -> list[tr.GameConfig]:
    """The configurations of the corpus's games: with ``full``, every number of players,
    board and set of variants of the board game, the options spread over them, and the card
    game with each number of players and column limits 4, 8 and 24; else one of each
    family."""
    if not full:
        return [
            tr.GameConfig(players=2),
            tr.GameConfig(players=3, variants=("english", "buildings", "ziggurat")),
            tr.GameConfig(
                players=4, board="alternative", open_scoring=True, single_action_openers=2
            ),
            tr.GameConfig(players=2, game="cards", column_limit=4),
            tr.GameConfig(players=3, game="cards", open_scoring=True),
        ]
    found = []
    for number, (players, board, variants) in enumerate(
        itertools.product((2, 3, 4), ("classic", "alternative"), VARIANT_SETS)
    ):
        found.append(
            tr.GameConfig(
                players=players,
                board=board,
                variants=variants,
                open_scoring=number % 3 == 1,
                single_action_openers=number % (players + 1) if number % 2 else 0,
            )
        )
    for players, limit in itertools.product((2, 3, 4), (4, 8, 24)):
        found.append(
            tr.GameConfig(
                players=players, game="cards", column_limit=limit, open_scoring=limit == 24
            )
        )
    return found


def _game(config: tr.GameConfig, seed: int, length: int) -> tuple[list[Any], list[Any]]:
    """A seeded random game of ``config``: its states and inputs (at most ``length``)."""
    rng = random.Random(seed)
    state: Any = tr.new_game(config, seed=seed)
    states, inputs = [state], []
    for _ in range(length):
        if tr.is_over(state):
            break
        legal = tr.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        state = tr.apply(state, action)
        states.append(state)
        inputs.append(action)
    return states, inputs


def _jsonl(logs: list[str]) -> str:
    return "".join(json.dumps(json.loads(text), separators=(",", ":")) + "\n" for text in logs)


def corpus(full: bool = True) -> list[Sample]:
    """The real documents fuzz inputs start from: of the games of :func:`configs`
    (``full``: every configuration, games of up to 300 inputs; else one of each family,
    games of up to 80)."""
    from tigris_rules.cards.setup import card_deal_from_seed
    from tigris_rules.rules.setup import deal_from_seed

    samples = [Sample("log", path.read_text(encoding="utf-8")) for path in sorted(LOGS.iterdir())]
    for seed, config in enumerate(configs(full)):
        cards = config.game == "cards"
        prefix = "card_" if cards else ""
        states, inputs = _game(config, seed, 300 if full else 80)
        samples.append(Sample("config", tr.dumps(config), config))
        deal = card_deal_from_seed(config, seed) if cards else deal_from_seed(config, seed)
        samples.append(Sample(prefix + "deal", tr.dumps(deal), config))
        pending = [s for s in states if s.pending is not None][:3]
        picked = pending + states[:: max(1, len(states) // (5 if full else 8))]
        samples += [Sample(prefix + "state", tr.dumps(s), config) for s in picked]
        for number, state in enumerate(picked[:: max(1, len(picked) // 3)]):
            seats = [None, *range(config.players)] if number < 2 else [None]
            for seat in seats:
                samples.append(Sample(prefix + "view", tr.dumps(tr.view(state, seat)), config))
            samples.append(Sample("result", tr.dumps(tr.result(state)), config))
            samples.append(Sample("position", tr.position(state), config))
            samples.append(Sample("position", tr.position(state, hidden=False), config))
        samples.append(Sample("result", tr.dumps(tr.result(states[-1])), config))
        for action in list(dict.fromkeys(inputs))[:: 1 if full else 2]:
            samples.append(Sample(prefix + "action", tr.dumps(action), config))
            samples.append(Sample(prefix + "notation", tr.format_action(action, config), config))
        logs = []
        for length in (0, 1, 3, 10, 60):
            recorder = tr.Recorder(config, seed=seed)
            for action in inputs[:length]:
                recorder.apply(action)
            logs.append(tr.dumps(recorder.log(with_result=length == 60)))
        samples += [Sample("log", text, config) for text in logs]
        for length in (1, 10, 60):
            recorder = tr.Recorder(config, seed=seed)
            for action in inputs[:length]:
                recorder.apply(action)
            samples.append(Sample("record", tr.format_record(recorder.log()), config))
        samples.append(Sample("jsonl", _jsonl(logs[:3]), config))
        samples.append(Sample("jsonl", _jsonl([logs[0], logs[3]]), config))
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
    "9.9",
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

EDGE_INTEGERS = [0, -1, 1, 2**31, 2**31 - 1, 2**63, -(2**63), 10**6, 10**30]
"""The integers a number is pushed to."""

ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    *EDGE_INTEGERS,
    2,
    3,
    4,
    5,
    6,
    7,
    9,
    12,
    24,
    25,
    99,
    0.5,
    1e308,
    [],
    {},
    [None],
    {"type": None},
    [[[[[[[[[[[[]]]]]]]]]]]],
]
"""JSON values of every type, at the edges."""

WEIGHTS: dict[str, float] = {
    "state": 14,
    "card_state": 10,
    "view": 8,
    "card_view": 8,
    "result": 3,
    "config": 10,
    "deal": 4,
    "card_deal": 4,
    "action": 7,
    "card_action": 6,
    "log": 8,
    "jsonl": 4,
    "notation": 7,
    "card_notation": 7,
    "position": 7,
    "record": 6,
}
"""How often each kind of real document is the start of an input."""

RAW_TOKENS = ["NaN", "Infinity", "-Infinity", "nan", "1e999", "0x10", "01", "+1", "1.", ".5"]
"""Tokens Python's JSON reader takes or rejects in its own ways."""

TEXT_KINDS = ("jsonl", "notation", "card_notation", "position", "record")


def _random_path(rng: random.Random, value: Any) -> tuple[Any, ...]:
    """A path to a random part of ``value``: a walk down from the top that stops at each
    level with probability 1/4 (and at a scalar or an empty container)."""
    path: list[Any] = []
    while len(path) < 40 and value and isinstance(value, dict | list) and rng.random() < 0.75:
        step = rng.choice(list(value)) if isinstance(value, dict) else rng.randrange(len(value))
        path.append(step)
        value = value[step]
    return tuple(path)


def _vocabulary(samples: list[Sample]) -> tuple[list[str], list[str], dict[str, list[str]]]:
    keys: set[str] = set()
    words: set[str] = set()
    notation: dict[str, set[str]] = {"notation": set(), "card_notation": set()}

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
        if sample.kind in notation:
            notation[sample.kind].update(sample.text.split())
        elif sample.kind == "jsonl":
            for line in sample.text.splitlines():
                walk(json.loads(line))
        elif sample.kind not in ("position", "record"):
            walk(json.loads(sample.text))
    words.update(*notation.values())
    return sorted(keys), sorted(words), {k: sorted(v) for k, v in notation.items()}


class Mutator:
    """Fuzz inputs from the corpus: input ``index`` is drawn with a random generator seeded
    by ``(seed, index)`` alone."""

    def __init__(
        self, samples: list[Sample], seed: int, readers: tuple[str, ...] = READERS
    ) -> None:
        self.samples = samples
        self.seed = seed
        self.rng = random.Random(seed)
        self.keys, self.words, self.notation_words = _vocabulary(samples)
        self.parsed = {
            id(s): json.loads(s.text) for s in samples if s.kind not in TEXT_KINDS
        }  # fmt: skip
        self.by_kind: dict[str, list[Sample]] = {}
        for sample in samples:
            self.by_kind.setdefault(sample.kind, []).append(sample)
        self.kinds = [k for k in WEIGHTS if k in self.by_kind and k in readers]
        self.weights = [WEIGHTS[k] for k in self.kinds]

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

    def swapped(self, old: Any) -> Any:
        """``old`` as a value of another JSON type that says the same, where one does."""
        rng = self.rng
        if isinstance(old, bool):
            return rng.choice([int(old), str(old).lower(), None])
        if isinstance(old, int | float):
            return rng.choice([str(old), float(old), [old], bool(old)])
        if isinstance(old, str):
            return rng.choice([[old], {old: 1}, old.upper(), old + " ", len(old)])
        if isinstance(old, list):
            return rng.choice([dict(enumerate(map(str, old))), tuple(old)[:1], None])
        if isinstance(old, dict):
            return rng.choice([list(old.values()), list(old), None])
        return self.value()

    def tweak(self, old: Any) -> Any:
        """A value near ``old`` and of its type, so that the document stays readable: a
        number a little off or at an edge, another real word, a list longer, shorter,
        repeated, reversed or empty."""
        rng = self.rng
        if isinstance(old, bool):
            return not old
        if isinstance(old, int):
            if rng.random() < 0.5:
                return rng.choice(EDGE_INTEGERS)
            return old + rng.choice([-2, -1, 1, 2, 5, 100, -old])
        if isinstance(old, str):
            return rng.choice(self.words)
        if isinstance(old, list) and old:
            how = rng.random()
            if how < 0.3:
                return [*old, copy.deepcopy(rng.choice(old))]
            if how < 0.5:
                return old[:-1]
            if how < 0.6:
                return old + old
            if how < 0.7:
                return old * rng.choice([5, 50])
            if how < 0.8:
                return []
            return old[::-1]
        if isinstance(old, dict) and old:
            return {rng.choice(list(old)): old[rng.choice(list(old))]}
        return self.value()

    def mutate(self, document: Any) -> Any:
        """``document`` (a JSON value, changed in place) with one to four parts changed."""
        rng = self.rng
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
            elif how < 0.55:
                parent[last] = self.swapped(parent[last])
            elif how < 0.7:
                parent[last] = self.value()
            elif how < 0.8:
                del parent[last]
            elif isinstance(parent, dict):
                if rng.random() < 0.5:  # renamed: another real key, or the key mangled
                    # (after an earlier change of this input, ``last`` may be a list index)
                    name = rng.choice([rng.choice(self.keys), str(last).upper(), f"{last}_", ""])
                    parent[name] = parent.pop(last)
                else:
                    key = rng.choice(self.keys) if rng.random() < 0.7 else rng.choice(ODD_STRINGS)
                    parent[key] = self.value()
            else:
                parent.insert(last, self.value() if rng.random() < 0.5 else parent[last])
        return document

    def structured(self, document: Any) -> str:
        """A copy of ``document`` mutated, written as JSON text (and then, sometimes, a raw
        token put in the text: a huge number, NaN, a duplicate key)."""
        rng = self.rng
        text = json.dumps(self.mutate(copy.deepcopy(document)), ensure_ascii=rng.random() < 0.5)
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
        vocabulary = self.notation_words.get(sample.kind) or self.words
        for _ in range(rng.randint(1, 3)):
            how = rng.random()
            if how < 0.25 and words:
                words[rng.randrange(len(words))] = rng.choice(ODD_STRINGS)
            elif how < 0.45:
                numbers = [*HUGE_NUMBERS, "0", "3", "-1", "007", "1.99", "99.0", "2147483648"]
                words.append(rng.choice(numbers))
            elif how < 0.7 and words:
                words[rng.randrange(len(words))] = rng.choice(vocabulary)
            elif how < 0.8 and words:
                rng.shuffle(words)
            elif how < 0.9 and words:
                del words[rng.randrange(len(words))]
            else:
                words.insert(rng.randrange(len(words) + 1), rng.choice(vocabulary))
        return rng.choice([" ", " ", ",", ";", "\t", "\u3000"]).join(words)

    def position(self, sample: Sample) -> str:
        """A position string: fields dropped, repeated or swapped, numbers pushed to
        extremes, characters changed, inserted or cut."""
        rng = self.rng
        fields = sample.text.split(" ")
        for _ in range(rng.randint(1, 3)):
            how = rng.random()
            at = rng.randrange(len(fields)) if fields else 0
            if how < 0.3 and fields:
                number = rng.choice([*HUGE_NUMBERS[:4], "0", "-1", "99", "2147483648", str(2**63)])
                fields[at] = re.sub(r"\d+", number.replace("\\", ""), fields[at], count=1)
            elif how < 0.45 and fields:
                field = list(fields[at])
                if field:
                    field[rng.randrange(len(field))] = chr(
                        rng.choice([*b"kbrgmx*/=+,0123456789AZ"])
                    )
                fields[at] = "".join(field)
            elif how < 0.55 and fields:
                del fields[at]
            elif how < 0.65 and fields:
                fields.insert(at, fields[at])
            elif how < 0.72 and len(fields) > 1:
                other = rng.randrange(len(fields))
                fields[at], fields[other] = fields[other], fields[at]
            elif how < 0.8 and fields:
                fields[at] = fields[at][: rng.randrange(len(fields[at]) + 1)]
            elif how < 0.9 and fields:
                fields[at] += fields[at][-rng.randint(1, 8) :] * rng.choice([1, 2, 50])
            else:
                fields.insert(at, rng.choice([*ODD_STRINGS[:6], "x=1", "a={}", "=", "z="]))
        return " ".join(fields)

    def record(self, sample: Sample) -> str:
        """A text game record: lines dropped, repeated, swapped or cut; words of a line
        changed as a line of notation is; numbers pushed to extremes; quotes and brackets
        unbalanced."""
        rng = self.rng
        lines = sample.text.split("\n")
        for _ in range(rng.randint(1, 3)):
            how = rng.random()
            at = rng.randrange(len(lines)) if lines else 0
            if not lines:
                lines.append("")
            elif how < 0.3:
                words = lines[at].split(" ")
                place = rng.randrange(len(words))
                words[place] = rng.choice(
                    [*ODD_STRINGS[:6], *HUGE_NUMBERS[:2], "0.", "99999.", "@9", "@-1", "{", "}",
                     '"', "[", "]", "*", "1-0", rng.choice(self.words) if self.words else ""]
                )  # fmt: skip
                lines[at] = " ".join(words)
            elif how < 0.45:
                lines[at] = re.sub(r"\d+", rng.choice(["0", "-1", "2147483648", str(2**63)]),
                                   lines[at], count=1)  # fmt: skip
            elif how < 0.55:
                del lines[at]
            elif how < 0.65:
                lines.insert(at, lines[at])
            elif how < 0.72:
                other = rng.randrange(len(lines))
                lines[at], lines[other] = lines[other], lines[at]
            elif how < 0.82:
                lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
            elif how < 0.9:
                lines.insert(at, rng.choice(['[Event "x"]', '[Players "9"]', "[X]", "", "{"]))
            else:
                lines.insert(at, lines[at] * rng.choice([2, 50]))
        return "\n".join(lines)

    def jsonl(self, sample: Sample) -> str:
        """A JSON Lines archive: lines mutated, repeated, dropped, blank or cut."""
        rng = self.rng
        lines = sample.text.splitlines()
        for _ in range(rng.randint(1, 3)):
            how = rng.random()
            at = rng.randrange(len(lines)) if lines else 0
            if how < 0.5 and lines:
                try:
                    document = json.loads(lines[at])
                except (ValueError, RecursionError):
                    continue
                lines[at] = self.structured(document).replace("\n", " ")
            elif how < 0.65 and lines:
                lines.insert(at, lines[at])
            elif how < 0.75 and lines:
                del lines[at]
            elif how < 0.85:
                lines.insert(at, rng.choice(["", " ", "\r", "{}", "[]", "null", "\x00"]))
            elif lines:
                lines[at] = lines[at][: rng.randrange(len(lines[at]) + 1)]
        return rng.choice(["\n", "\n", "\r\n"]).join(lines) + rng.choice(["", "\n"])

    def input(self, index: int) -> tuple[str, bytes, Sample]:
        """Input ``index``: the reader it goes to, its bytes, and the sample it comes from."""
        self.rng = rng = random.Random(f"{self.seed}/{index}")
        sample = rng.choice(self.by_kind[rng.choices(self.kinds, self.weights)[0]])
        choice = rng.random()
        if sample.kind in ("notation", "card_notation"):
            text = self.notation(sample) if choice < 0.95 else sample.text
            return sample.kind, text.encode("utf-8", "surrogatepass"), sample
        if sample.kind == "jsonl":
            return "jsonl", self.jsonl(sample).encode("utf-8", "surrogatepass"), sample
        if sample.kind == "record":
            text = self.record(sample) if choice < 0.95 else sample.text
            return "record", text.encode("utf-8", "surrogatepass"), sample
        if sample.kind == "position":
            text = self.position(sample) if choice < 0.95 else sample.text
            return "position", text.encode("utf-8", "surrogatepass"), sample
        kind = sample.kind if rng.random() < 0.85 else rng.choice(list(KINDS))
        if choice < 0.78:
            text = self.structured(self.parsed[id(sample)])
            return kind, text.encode("utf-8", "surrogatepass"), sample
        if choice < 0.9:
            return kind, self.flipped(sample.text.encode("utf-8")), sample
        if choice < 0.93:
            return kind, sample.text.encode("utf-8"), sample
        if choice < 0.97:
            return kind, rng.randbytes(rng.randint(0, 64)), sample
        text = "".join(chr(rng.randint(0, 0x10FFFF)) for _ in range(rng.randint(0, 32)))
        return kind, text.encode("utf-8", "surrogatepass"), sample


# --- the target -----------------------------------------------------------------------------


@attrs.frozen
class Escape:
    """An exception that is not a library error: where it came from and what it was.

    ``stage`` is ``"read"`` for the readers and the functions of the values they give
    (parsing, reading and writing code), and ``"state"`` for the rules run on a state
    ``loads`` accepted."""

    stage: str
    call: str
    error: str
    where: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.stage, self.error.split(":")[0], self.where)


@attrs.frozen
class Call:
    """One measured call: its name, CPU seconds and peak of allocated bytes."""

    name: str
    seconds: float
    peak: int


def _where(exc: BaseException) -> str:
    """The innermost frame of the library in ``exc``'s traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "tigris_rules" in f.filename]
    if not frames:
        return "?"
    frame = frames[-1]
    return f"{frame.filename.split('tigris_rules')[-1].lstrip(os.sep)}:{frame.lineno} {frame.name}"


class Slow(BaseException):
    """Raised (by a timer of the caller) when one input takes too long."""


def _scratch() -> Path:
    base = "/dev/shm" if os.path.isdir("/dev/shm") else None
    return Path(tempfile.mkdtemp(prefix="tigris-fuzz-", dir=base))


class Target:
    """Runs inputs: every call of :meth:`run` collects the escapes in :attr:`found` and,
    with ``measure``, every call's cost in :attr:`calls`.

    A measured input is run twice, with the garbage collector's automatic passes off: once
    for the CPU time of each call, once under ``tracemalloc`` for its peak of allocated
    memory (``tracemalloc`` slows every allocation down several times, so no time is taken
    under it). The collector runs between inputs: a pass of it walks every object of the
    process, the campaign's own included, so what it costs is the process's, not the call's.
    """

    def __init__(self) -> None:
        self.found: list[Escape] = []
        self.calls: list[Call] = []
        self.measure = False
        self.accepted = False
        self.folder = _scratch()
        self._starts: dict[tr.GameConfig, Any] = {}
        self._costs: list[tuple[str, float]] = []

    def call(self, stage: str, name: str, call: Callable[[], Any]) -> Any:
        """``call()``, or None when it raised; an escape is recorded."""
        if not self.measure:
            return self._guarded(stage, name, call)
        if tracemalloc.is_tracing():
            tracemalloc.reset_peak()
            base = tracemalloc.get_traced_memory()[0]
            value = self._guarded(stage, name, call)
            self._costs.append((name, float(tracemalloc.get_traced_memory()[1] - base)))
            return value
        start = time.thread_time()
        value = self._guarded(stage, name, call)
        self._costs.append((name, time.thread_time() - start))
        return value

    def _guarded(
        self, stage: str, name: str, call: Callable[[], Any], found: list[Escape] | None = None
    ) -> Any:
        found = self.found if found is None else found
        try:
            return call()
        except tr.TigrisError:
            return None
        except Slow as exc:
            found.append(Escape(stage, name, "Slow: over the time limit of one input", _where(exc)))
            raise
        except Exception as exc:  # the escapes this harness looks for
            found.append(
                Escape(stage, name, f"{type(exc).__name__}: {str(exc)[:200]}", _where(exc))
            )
            return None

    def start(self, config: tr.GameConfig | None) -> Any:
        """A new game of ``config`` (seed 0), made once."""
        if config is None:
            return None
        if config not in self._starts:
            if len(self._starts) >= 64:  # the campaign's own heap stays small
                self._starts.clear()
            self._starts[config] = tr.new_game(config, seed=0)
        return self._starts[config]

    def run(
        self,
        kind: str,
        data: bytes,
        *,
        config: tr.GameConfig | None = None,
        files: bool = False,
        measure: bool = False,
    ) -> None:
        """Read ``data`` as ``kind`` (one of :data:`READERS`) and use what is accepted;
        ``config`` is the configuration of the game the input comes from, ``files`` also
        reads a log from a file with ``read_log``, ``measure`` keeps each call's cost."""
        self.found = []
        self.calls = []
        self.accepted = False
        self.measure = measure
        if kind == "card_notation" and config is None:
            config = tr.GameConfig(game="cards")
        if not measure:
            self._run(kind, data, config, files)
            return
        collecting = gc.isenabled()
        gc.disable()
        try:
            self._costs = []
            self._run(kind, data, config, files)
            times = self._costs
            found, self.found = self.found, []
            self._costs = []
            tracemalloc.start()
            try:
                self._run(kind, data, config, files)
            finally:
                tracemalloc.stop()
            peaks = self._costs
            self.found = found
        finally:
            if collecting:
                gc.enable()
        if [name for name, _ in times] != [name for name, _ in peaks]:
            raise RuntimeError(f"the two runs of one {kind} input made different calls")
        pairs = zip(times, peaks, strict=True)
        self.calls = [Call(name, seconds, int(peak)) for (name, seconds), (_, peak) in pairs]

    def _run(self, kind: str, data: bytes, config: tr.GameConfig | None, files: bool) -> None:
        if kind in ("notation", "card_notation"):
            self._notation(data.decode("utf-8", "surrogateescape"), config)
            return
        if kind == "jsonl":
            self._jsonl(data)
            return
        if kind == "position":
            self._position(data.decode("utf-8", "surrogateescape"))
            return
        if kind == "record":
            self._record(data)
            return
        value = self.call("read", f"loads[{kind}]", lambda: tr.loads(data, KINDS[kind]))
        if files:  # the same bytes as text, and from a file
            as_text = self._decoded(data)
            if as_text is not None:
                self.call("read", f"loads[{kind}] of str", lambda: tr.loads(as_text, KINDS[kind]))
            if kind == "log":
                self.call("read", "read_log", lambda: self._read_log_file(data))
        if kind == "log":
            self.call("read", "validate_json", lambda: tr.validate_json(data))
        if value is None:
            return
        self.accepted = True
        if isinstance(value, tr.GameState | tr.CardGameState):
            self._state(value)
        elif isinstance(value, tr.PlayerView | tr.CardView):
            self._view("read", value)
        elif isinstance(value, tr.GameLog):
            self.call("read", "replay", lambda: tr.replay(value))
            self.call("read", "validate_log", lambda: tr.validate_log(value))
            self._round_trip("read", value, tr.GameLog)
        elif isinstance(value, tr.GameConfig):
            self._config(value)
        elif isinstance(value, tr.Deal | tr.CardDeal):
            self._round_trip("read", value, KINDS[kind])
            if config is not None:
                game = self.call("read", "new_game", lambda: tr.new_game(config, deal=value))
                if game is not None:
                    self.call("state", "legal_actions", lambda: list(tr.legal_actions(game)))
        elif kind in ("action", "card_action"):
            self._round_trip("read", value, KINDS[kind])
            self._action(value, config)
        else:
            self._round_trip("read", value, KINDS[kind])

    @staticmethod
    def _decoded(data: bytes) -> str | None:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return None

    def _round_trip(self, stage: str, value: Any, kind: Any) -> None:
        self.call(stage, "dumps", lambda: tr.loads(tr.dumps(value), kind))

    def _read_log_file(self, data: bytes) -> Any:
        path = self.folder / "log.json"
        path.write_bytes(data)
        return tr.read_log(path)

    def _jsonl(self, data: bytes) -> None:
        path = self.folder / "archive.jsonl"
        path.write_bytes(data)
        lines = self.call("read", "read_jsonl", lambda: list(read_jsonl(path)))
        self.accepted = any(isinstance(line, bytes) for _, line in lines or [])
        for _, line in lines or []:
            if isinstance(line, bytes):
                validate = functools.partial(tr.validate_json, line)
                self.call("read", "validate_json of a line", validate)

    def _record(self, data: bytes) -> None:
        self.call("read", "validate_json", lambda: tr.validate_json(data))
        games = self.call("read", "parse_records", lambda: tr.parse_records(data))
        if not games:
            return
        self.accepted = True
        for log in games[:3]:
            self.call("read", "format_record", functools.partial(tr.format_record, log))
            self.call("read", "replay", functools.partial(tr.replay, log))
            self.call("read", "validate_log", functools.partial(tr.validate_log, log))

    def _position(self, text: str) -> None:
        value = self.call("read", "read_position", lambda: tr.read_position(text))
        if value is None:
            return
        self.accepted = True
        self.call("read", "position", lambda: tr.position(value))
        if isinstance(value, tr.GameState | tr.CardGameState):
            self._state(value)
        else:
            self._view("read", value)

    def _notation(self, text: str, config: tr.GameConfig | None) -> None:
        action = self.call("read", "parse_action", lambda: tr.parse_action(text, config))
        if action is not None:
            self.accepted = True
            self._action(action, config)

    def _action(self, action: Any, config: tr.GameConfig | None) -> None:
        written = self.call("read", "format_action", lambda: tr.format_action(action, config))
        if written is not None:
            self.call("read", "parse_action", lambda: tr.parse_action(written, config))
        start = self.start(config)
        if start is not None:
            self.call("state", "step", lambda: tr.step(start, action))

    def _config(self, config: tr.GameConfig) -> None:
        self._round_trip("read", config, tr.GameConfig)
        game = self.call("read", "new_game", lambda: tr.new_game(config, seed=0))
        self.call("read", "action_encoding", lambda: action_encoding(config).size)
        self.call("read", "observation_size", lambda: observation_size(config))
        if game is not None:
            self.call("state", "legal_actions", lambda: list(tr.legal_actions(game)))
            self.call("state", "legal_action_mask", lambda: tr.legal_action_mask(game))

    def _view(self, stage: str, seen: Any, *, write: bool = True, svg: bool = True) -> None:
        if isinstance(seen, tr.PlayerView):
            self.call(stage, "render_view", lambda: render_view(seen))
            self.call(stage, "render_board of a view", lambda: render_board(seen))
        if svg:
            self.call(stage, "render_svg of a view", lambda: render_svg(seen))
        for action in seen.legal_actions[:2]:
            self.call(stage, "format_action", functools.partial(tr.format_action, action))
        if write:
            self._round_trip(stage, seen, type(seen))

    def _state(self, state: Any) -> None:
        """The public functions of a state ``loads`` accepted."""
        call = self.call
        call("state", "check_state", lambda: tr.check_state(state))
        legal = call("state", "legal_actions", lambda: list(tr.legal_actions(state)))
        call("state", "to_move", lambda: tr.to_move(state))
        call("state", "is_over", lambda: tr.is_over(state))
        call("state", "result", lambda: tr.result(state))
        cards = isinstance(state, tr.CardGameState)
        others = [tr.EndTurn(), tr.Decline(), tr.CommitSupport(1)]
        for action in [*(legal or [])[:3], *others]:
            call("state", "step", functools.partial(tr.step, state, action))
        for action in (legal or [])[:2]:
            call("state", "format_action", functools.partial(tr.format_action, action))
        players = state.config.players
        for seat in (None, *range(players)):
            seen = call("state", "view", functools.partial(tr.view, state, seat))
            if seen is not None:
                self._view("state", seen, write=seat is None or seat == 0, svg=seat is None)
        call("state", "render_svg", lambda: render_svg(state))
        call("state", "render_board", lambda: render_board(state))
        call("state", "render_result", lambda: render_result(state))
        if cards:
            call("state", "render_table", lambda: tr.render_table(state))
            call("state", "render_card_result", lambda: tr.render_card_result(state))
        call("state", "legal_action_mask", lambda: tr.legal_action_mask(state))
        call("state", "action_encoding", lambda: action_encoding(state.config).size)
        if not cards:
            for seat in range(players):
                call("state", "observation", functools.partial(tr.observation, state, seat))
        self._round_trip("read", state, type(state))


@functools.cache
def _default_target() -> Target:
    return Target()


def run_target(
    kind: str,
    data: bytes,
    *,
    files: bool = False,
    found: list[Escape] | None = None,
    config: tr.GameConfig | None = None,
) -> list[Escape]:
    """Every escape ``data`` causes, read as ``kind`` (one of :data:`READERS`), added to
    ``found`` (a new list by default) and returned; ``files`` also reads it from a file with
    ``read_log``. :class:`Slow` raised by the caller's timer is recorded and raised again."""
    found = [] if found is None else found
    target = _default_target()
    try:
        target.run(kind, data, config=config, files=files)
    finally:
        found += target.found
    return found
