"""The fields of the board game's position strings (docs/position.md).

The board comes first, untagged: its 11 rows from row 1, joined by ``/``, each square one
character (a count for a run of empty squares), a ``*`` after a square holding a treasure.
The other fields are tagged; those at their default are left out. The board game's ruleset
(:class:`~tigris_rules.games.board.BoardGame`) offers them as its
:class:`~tigris_rules.records.position.GamePosition`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from tigris_rules.errors import ArgumentValueError
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.cells import STRUCTURE
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import COLUMNS, ROWS, square_name
from tigris_rules.records._position_fields import (
    COUNTS,
    FLAG,
    INT,
    JSON,
    NUMBERS,
    REQUIRED,
    TEXT,
    PositionField,
    bad,
    joined,
    letters,
    nullable,
    per_player,
    single,
    view_only_fields,
)
from tigris_rules.records.areas import areas_to_json
from tigris_rules.records.board_state import cell_names

__all__ = ["CELL_LETTERS", "LEADER_LETTERS", "TILE_LETTERS", "board_position_fields"]

TILE_LETTERS: Final = {"black": "k", "red": "r", "blue": "b", "green": "g"}
"""The letter of a tile of each colour, on the board and in the bag."""

CELL_LETTERS: Final = {**TILE_LETTERS, "flipped": "m", "catastrophe": "x"}
"""The letter of every content of a square but a leader and a variant's structure (``s``)."""

STRUCTURE_LETTER: Final = "s"
TREASURE_MARK: Final = "*"

LEADER_LETTERS: Final = "ABCDEFGHIJKLMNOP"
"""The leader of seat ``p`` and colour ``c`` (black, red, blue, green) is the letter
``4 * p + c``: ``A B C D`` are seat 0's, ``E F G H`` seat 1's, and so on."""

_COLOR_NAMES: Final = tuple(c.value for c in COLORS)


def _grid(config: GameConfig) -> PositionField:
    """The board: cells, leaders and treasures."""
    players = config.players
    structure = cell_names(config)[STRUCTURE]
    letter_of = {**CELL_LETTERS, structure: STRUCTURE_LETTER}
    content_of = {letter: name for name, letter in letter_of.items()}

    def write(values: Mapping[str, Any]) -> str:
        cells: dict[str, str] = values["cells"]
        at: dict[str, str] = {}
        for p, row in enumerate(values["leaders"]):
            for c, name in enumerate(_COLOR_NAMES):
                if row[name] is not None:
                    at[row[name]] = LEADER_LETTERS[4 * p + c]
        treasures = set(values["treasures"])
        rows = []
        for r in range(ROWS):
            text, empty = [], 0
            for c in range(COLUMNS):
                name = square_name(r * COLUMNS + c)
                content = cells.get(name)
                if content is None and name not in treasures:
                    empty += 1
                    continue
                if empty:
                    text.append(str(empty))
                    empty = 0
                if content == "leader":
                    if name not in at:
                        raise ArgumentValueError(f"state: no leader stands on {name}")
                    text.append(at.pop(name))
                elif content is None:
                    text.append("e")
                else:
                    text.append(letter_of[content])
                if name in treasures:
                    text.append(TREASURE_MARK)
            if empty:
                text.append(str(empty))
            rows.append("".join(text))
        if at:
            raise ArgumentValueError(f"state: a leader stands on {min(at)}, not marked a leader")
        return "/".join(rows)

    def read(text: str) -> dict[str, Any]:
        rows = text.split("/")
        if len(rows) != ROWS:
            raise bad(f"expected {ROWS} rows joined by '/', got {len(rows)}")
        cells: dict[str, str] = {}
        leaders: list[dict[str, str | None]] = [dict.fromkeys(_COLOR_NAMES) for _ in range(players)]
        treasures: list[str] = []
        for r, row in enumerate(rows):
            c, i = 0, 0
            while i < len(row):
                char = row[i]
                where = f"row {r + 1}, character {i + 1}"
                if char.isdigit():
                    j = i
                    while j < len(row) and row[j].isdigit() and j - i < 2:
                        j += 1
                    run = int(row[i:j])
                    if not 1 <= run <= COLUMNS - c or row[i] == "0":
                        raise bad(f"{where}: a run of {row[i:j]} empty squares does not fit")
                    c += run
                    i = j
                    continue
                if c >= COLUMNS:
                    raise bad(f"row {r + 1}: more than {COLUMNS} squares")
                name = square_name(r * COLUMNS + c)
                if char in content_of:
                    cells[name] = content_of[char]
                elif char in LEADER_LETTERS[: 4 * players]:
                    p, color = divmod(LEADER_LETTERS.index(char), 4)
                    if leaders[p][_COLOR_NAMES[color]] is not None:
                        raise bad(f"{where}: the leader {char} stands twice")
                    leaders[p][_COLOR_NAMES[color]] = name
                    cells[name] = "leader"
                elif char != "e":
                    raise bad(f"{where}: unexpected {char!r} (see the board's letters)")
                if row[i + 1 : i + 2] == TREASURE_MARK:
                    treasures.append(name)
                    i += 1
                elif char == "e":
                    raise bad(f"{where}: 'e' (an empty square) only comes before a treasure")
                c += 1
                i += 1
            if c != COLUMNS:
                raise bad(f"row {r + 1}: {c} squares, expected {COLUMNS}")
        return {"cells": cells, "leaders": leaders, "treasures": treasures}

    return PositionField("", ("cells", "leaders", "treasures"), write, read, "the board")


_MONUMENT_LETTERS: Final = {
    m.value: "".join(TILE_LETTERS[c.value] for c in m.colors) for m in MONUMENTS
}


def _write_monuments(value: Mapping[str, Any]) -> str:
    return ",".join(
        _MONUMENT_LETTERS[name] + square for name, square in value.items() if square is not None
    )


def _read_monuments(text: str) -> dict[str, Any]:
    by_letters = {letters_: name for name, letters_ in _MONUMENT_LETTERS.items()}
    out: dict[str, Any] = dict.fromkeys(_MONUMENT_LETTERS)
    for item in text.split(","):
        name = by_letters.get(item[:2])
        if name is None:
            raise bad(
                f"expected a monument's two colours then its square (krc3), got {item[:40]!r}"
            )
        if out[name] is not None:
            raise bad(f"the monument {name} is named twice")
        out[name] = item[2:]
    return out


_MONUMENTS: Final = PositionField(
    "m",
    ("monuments",),
    lambda values: _write_monuments(values["monuments"]),
    lambda text: {"monuments": _read_monuments(text)},
    "the monuments built",
    {"monuments": dict.fromkeys(_MONUMENT_LETTERS)},
)


def _areas(config: GameConfig, hidden: bool) -> PositionField:
    """The variants' data as compact JSON; in a state, a variant's data at its opening value
    is left out (the JSON reader puts it back), and the field when nothing is left."""
    variants = ruleset_for(config).variants
    opening = areas_to_json(config, tuple(v.new_area(config) for v in variants))

    def kept(areas: Mapping[str, Any]) -> dict[str, Any]:
        if not hidden:
            return dict(areas)
        return {k: v for k, v in areas.items() if k not in opening or opening[k] != v}

    return PositionField(
        "a",
        ("areas",),
        lambda values: JSON.write(kept(values["areas"])),
        lambda text: {"areas": JSON.read(text)},
        "the variants' data",
        {"areas": opening if hidden else {}},
        lambda values: not kept(values["areas"]),
    )


_BAG: Final = letters(TILE_LETTERS, "tile")

_TURN: Final = joined(
    "t", (("active", INT), ("turn", INT), ("actions_taken", INT)), ".", "the turn"
)


def _shared() -> tuple[PositionField, ...]:
    """The fields of the players' counters and of the turn in progress, in every position."""
    return (
        single("c", "catastrophes", NUMBERS, "catastrophes left"),
        _MONUMENTS,
        single("u", "marker", nullable(TEXT), "the unification marker", None),
        single("p", "placed", nullable(TEXT), "the tile being placed", None),
        single("d", "pending", JSON, "the decision awaited", None),
        single("short", "short_draw", FLAG, "a short draw this turn", False),
        single("over", "over", FLAG, "the game is over", False),
    )


@functools.cache
def board_position_fields(config: GameConfig, hidden: bool) -> tuple[PositionField, ...]:
    """The fields of a board-game position of ``config``: of a state when ``hidden``, else
    of a player view."""
    hidden_rows: Any = REQUIRED if hidden else [None] * config.players
    hands = per_player(nullable(COUNTS))
    common = (
        _grid(config),
        _TURN,
        single("h", "hands", hands, "the hands", hidden_rows),
        single("s", "scores", hands, "the scores", hidden_rows),
        single("w", "treasures_held", NUMBERS, "treasures won", hidden_rows),
        *_shared(),
        _areas(config, hidden),
    )
    if hidden:
        return (
            *common,
            joined("z", (("bag_pos", INT), ("bag", _BAG)), ":", "the bag"),
            single("o", "out_of_game", COUNTS, "tiles out of the game"),
        )
    return (
        *common,
        single("n", "hand_sizes", NUMBERS, "hand sizes"),
        single("y", "bag_size", INT, "the bag's size"),
        *view_only_fields(),
    )
