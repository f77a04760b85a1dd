"""A small text format for drawing positions, for tests and examples.

A diagram is a header line of column letters followed by rows, each starting with its row
number; every token lines up with a column of the header. Only the columns and rows drawn
are set; every other square is empty. Tokens:

==========  =========================================================
``.``/``~`` empty square (``~`` only as a reminder of a river square)
``k r b g`` face-up tile: black, red, blue, green
``#``       flipped tile (under a monument)
``X``       catastrophe
``0K``      a leader: seat digit, then ``K``\\ ing ``R`` priest ``B`` farmer ``G`` trader
``*``       after a tile, flipped tile or structure token: a treasure lies there
==========  =========================================================

A diagram is read and written for one configuration, with the tokens of its variants only.
The squares of a variant's structure are drawn by the first letter of its
:attr:`~tigris_rules.rules.hooks.Variant.cell_name`, upper-cased (``Z`` for the ziggurat's
``"ziggurat"`` squares); a configuration in which two variants would draw the same token, or
one a token of the base game, is refused with :class:`~tigris_rules.ConfigError`
(:func:`structure_tokens`). A variant reads its further pieces from keywords of
:func:`position` through its :class:`VariantDiagram` facet.

>>> from tigris_rules.render.diagram import position
>>> state = position('''
...      e  f  g
...   3  .  r* 0K
...   4  .  r  .
... ''', hands={0: "rrb"})
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast, get_args

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentTypeError, ConfigError, TigrisError
from tigris_rules.model.actions import MONUMENTS, Monument
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import (
    COLUMNS,
    ROWS,
    SQUARE_COUNT,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.components import CATASTROPHES_PER_PLAYER
from tigris_rules.rules.monuments import block_squares
from tigris_rules.rules.setup import bag_contents

if TYPE_CHECKING:
    from tigris_rules.rules.hooks import Variant
    from tigris_rules.rules.ruleset import BoardRules

__all__ = [
    "BASE_TOKENS",
    "DiagramError",
    "VariantDiagram",
    "position",
    "structure_tokens",
    "to_diagram",
]

_TILE_LETTERS = "krbg"
_LEADER_LETTERS = "KRBG"
_LETTERS = "abcdefghijklmnop"

BASE_TOKENS: frozenset[str] = frozenset({".", "~", *_TILE_LETTERS, "#", "X"})
"""The one-character tokens of the base game (a leader's token has two characters)."""


class DiagramError(TigrisError, ValueError):
    """A diagram that cannot be read."""


class VariantDiagram(Protocol):
    """How a variant reads its pieces in a position drawn by :func:`position`, from keywords
    of its own. Without the facet its area in a drawn position is its
    :meth:`~tigris_rules.rules.hooks.Variant.new_area`."""

    diagram_keywords: ClassVar[tuple[str, ...]]
    """The keywords of :func:`position` this variant reads, each giving some of its pieces
    (``("buildings",)``; none for a variant that reads its area from the board drawn)."""

    def diagram_area(
        self, config: GameConfig, cells: tuple[int, ...], given: Mapping[str, object]
    ) -> object:
        """The variant's area in a position of ``config``'s game drawn by :func:`position`:
        ``cells`` as drawn, ``given`` the values of its :attr:`diagram_keywords` passed (a
        keyword not passed, or passed as ``None``, is absent). A wrong value raises
        :class:`~tigris_rules.ArgumentTypeError` or :class:`~tigris_rules.ArgumentValueError`
        naming the keyword."""
        ...


def structure_tokens(config: GameConfig) -> Mapping[str, Variant[Any]]:
    """The token of each structure of ``config``'s variants (one with a
    :attr:`~tigris_rules.rules.hooks.Variant.cell_name`): its first letter, upper-cased.

    Raises :class:`~tigris_rules.ConfigError` naming both variants when two of them would
    draw the same token, or naming the variant when its token is one of the base game's
    (:data:`BASE_TOKENS`).
    """
    expect(config, GameConfig, "config")
    return _tokens(config)


@cache
def _tokens(config: GameConfig) -> Mapping[str, Variant[Any]]:
    ruleset = cast("BoardRules", ruleset_for(config))
    tokens: dict[str, Variant[Any]] = {}
    for variant in ruleset.variants:
        if not variant.cell_name:
            continue
        token = variant.cell_name[0].upper()
        if token in BASE_TOKENS:
            raise ConfigError(
                f"the {variant.name} variant's {variant.cell_name} squares would be drawn "
                f"{token!r} in diagrams, a token of the base game: rename its cell_name"
            )
        other = tokens.get(token)
        if other is not None:
            raise ConfigError(
                f"the {other.name} and {variant.name} variants would both draw their "
                f"structures ({other.cell_name}, {variant.cell_name}) {token!r} in diagrams: "
                "they cannot be drawn in one configuration"
            )
        tokens[token] = variant
    return tokens


def _parse_hand(spec: str | tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    if isinstance(spec, tuple):
        return spec
    counts = [0, 0, 0, 0]
    for letter in spec:
        if letter not in _TILE_LETTERS:
            raise DiagramError(f"hand letters are k, r, b, g; got {letter!r}")
        counts[_TILE_LETTERS.index(letter)] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def _read(
    diagram: str,
    cells: list[int],
    leaders: list[int],
    treasures: set[int],
    config: GameConfig,
) -> None:
    lines = [line for line in diagram.splitlines() if line.strip()]
    if not lines:
        return
    players = config.players
    structures = dict.fromkeys(structure_tokens(config), STRUCTURE)
    header = lines[0].split()
    if any(len(c) != 1 or c not in _LETTERS for c in header):
        raise DiagramError(f"the first line must name columns a..p, got {lines[0]!r}")
    columns = [_LETTERS.index(c) for c in header]
    for line in lines[1:]:
        tokens = line.split()
        if not tokens[0].isdigit() or not 1 <= int(tokens[0]) <= ROWS:
            raise DiagramError(f"a row must start with its number 1..11: {line!r}")
        row = int(tokens[0]) - 1
        if len(tokens) - 1 != len(columns):
            raise DiagramError(
                f"row {row + 1} has {len(tokens) - 1} squares, expected {len(columns)}"
            )
        for column, token in zip(columns, tokens[1:], strict=True):
            square = row * COLUMNS + column
            _put(square, token, cells, leaders, treasures, players, structures)


def _put(
    square: int,
    token: str,
    cells: list[int],
    leaders: list[int],
    treasures: set[int],
    players: int,
    structures: Mapping[str, int],
) -> None:
    where = square_name(square)
    if token.endswith("*") and len(token) > 1:
        treasures.add(square)
        token = token[:-1]
    if token in (".", "~"):
        cells[square] = EMPTY
    elif len(token) == 1 and token in _TILE_LETTERS:
        cells[square] = _TILE_LETTERS.index(token)
    elif token == "#":
        cells[square] = FLIPPED
    elif token in structures:
        cells[square] = structures[token]
    elif token == "X":
        cells[square] = CATASTROPHE
    elif len(token) == 2 and token[0].isdigit() and token[1] in _LEADER_LETTERS:
        seat = int(token[0])
        if seat >= players:
            raise DiagramError(f"{where}: seat {seat} does not exist with {players} players")
        flat = 4 * seat + _LEADER_LETTERS.index(token[1])
        if leaders[flat] != NO_SQUARE:
            raise DiagramError(f"{where}: leader {token} is drawn twice")
        cells[square] = LEADER
        leaders[flat] = square
    else:
        raise DiagramError(f"{where}: unknown token {token!r}")
    if square in treasures and cells[square] not in (0, 1, 2, 3, FLIPPED, STRUCTURE):
        raise DiagramError(f"{where}: a treasure lies only on a tile or a structure")


def position(
    diagram: str = "",
    *,
    config: GameConfig | None = None,
    players: int = 2,
    hands: Mapping[int, str | tuple[int, int, int, int]] | None = None,
    active: int = 0,
    scores: Mapping[int, tuple[int, int, int, int]] | None = None,
    treasures_held: Mapping[int, int] | None = None,
    catastrophes: Mapping[int, int] | None = None,
    monuments: Mapping[Monument, str] | None = None,
    bag: str | None = None,
    turn: int = 0,
    actions_taken: int = 0,
    pending: Decision | None = None,
    **pieces: object,
) -> GameState:
    """A state drawn by ``diagram``, with the other parts given by keyword.

    ``hands`` maps seats to tile letters (``"rrkb"``) or counts; ``monuments`` maps a monument
    to the top-left square of its block, whose squares become flipped tiles. ``bag`` lists the
    bag in draw order as tile letters; by default it holds every tile not drawn on the board or
    in a hand, in canonical colour order, so that all the tiles (COMP-4) are accounted for.

    Each variant of the game sets its area from the board drawn and from the further keywords
    it declares (:class:`VariantDiagram`); ``None`` is the same as leaving a keyword out. A
    keyword no variant of the configuration declares raises
    :class:`~tigris_rules.ArgumentTypeError`; the structure squares of the configuration's
    variants are read from their tokens (:func:`structure_tokens`).
    """
    expect(diagram, str, "diagram")
    expect(config, (GameConfig, None), "config")
    expect(players, int, "players")
    expect(hands, (Mapping, None), "hands")
    expect(scores, (Mapping, None), "scores")
    expect(treasures_held, (Mapping, None), "treasures_held")
    expect(catastrophes, (Mapping, None), "catastrophes")
    expect(monuments, (Mapping, None), "monuments")
    expect(active, int, "active")
    expect(bag, (str, None), "bag")
    expect(turn, int, "turn")
    expect(actions_taken, int, "actions_taken")
    expect(pending, (*get_args(Decision), None), "pending", "a Decision or None")
    config = config or GameConfig(players=players)
    n = config.players
    cells = [EMPTY] * SQUARE_COUNT
    leaders = [NO_SQUARE] * (4 * n)
    treasures: set[int] = set()
    _read(diagram, cells, leaders, treasures, config)
    monument_squares = [NO_SQUARE] * len(MONUMENTS)
    for monument, top_left in (monuments or {}).items():
        square = square_index(top_left)
        monument_squares[monument.index] = square
        for s in block_squares(square):
            cells[s] = FLIPPED
    hand_counts = tuple(_parse_hand((hands or {}).get(p, "")) for p in range(n))
    if bag is None:
        remaining = list(bag_contents(config))
        remaining[1] += len(_start_squares(config))
        for cell in cells:
            if cell < 4:
                remaining[cell] -= 1
        remaining[0] -= sum(1 for c in cells if c == FLIPPED)
        for hand in hand_counts:
            for index in range(4):
                remaining[index] -= hand[index]
        bag_tiles = tuple(c for c in range(4) for _ in range(max(0, remaining[c])))
    else:
        if any(letter not in _TILE_LETTERS for letter in bag):
            raise DiagramError(f"bag letters are k, r, b, g; got {bag!r}")
        bag_tiles = tuple(_TILE_LETTERS.index(letter) for letter in bag)
    return GameState(
        config=config,
        cells=tuple(cells),
        leaders=tuple(leaders),
        treasures=frozenset(treasures),
        monuments=tuple(monument_squares),
        hands=hand_counts,
        bag=bag_tiles,
        bag_pos=0,
        catastrophes=tuple((catastrophes or {}).get(p, CATASTROPHES_PER_PLAYER) for p in range(n)),
        scores=tuple((scores or {}).get(p, (0, 0, 0, 0)) for p in range(n)),
        treasures_held=tuple((treasures_held or {}).get(p, 0) for p in range(n)),
        out_of_game=(0, 0, 0, 0),
        areas=_areas(config, tuple(cells), pieces),
        active=active,
        turn=turn,
        actions_taken=actions_taken,
        pending=pending,
    )


def _areas(
    config: GameConfig, cells: tuple[int, ...], pieces: Mapping[str, object]
) -> tuple[object, ...]:
    """The variants' areas of a drawn position, each read by its variant from ``cells`` and
    from the keywords in ``pieces`` it declares."""
    given = {name: value for name, value in pieces.items() if value is not None}
    ruleset = cast("BoardRules", ruleset_for(config))
    readers = [offered(variant, VariantDiagram) for variant in ruleset.variants]
    known = {name for reader in readers if reader is not None for name in reader.diagram_keywords}
    for name in given:
        if name not in known:
            raise ArgumentTypeError(
                f"{name}: no variant of the configuration reads this keyword (its variants' "
                f"keywords: {', '.join(sorted(known)) or 'none'})"
            )
    return tuple(
        variant.new_area(config)
        if reader is None
        else reader.diagram_area(
            config, cells, {n: v for n, v in given.items() if n in reader.diagram_keywords}
        )
        for variant, reader in zip(ruleset.variants, readers, strict=True)
    )


def _start_squares(config: GameConfig) -> tuple[int, ...]:
    from tigris_rules.model.board import board_layout

    return board_layout(config.board).start_squares


def _structure_token(state: GameState) -> str:
    """The token of structure squares: that of the game's first variant building one (``?``
    if none does; no diagram reads it back)."""
    return next(iter(structure_tokens(state.config)), "?")


def to_diagram(state: GameState) -> str:
    """The whole board of ``state`` as a diagram :func:`position` reads back."""
    expect(state, GameState, "state")
    tokens = [""] * SQUARE_COUNT
    structure = _structure_token(state)
    for s in range(SQUARE_COUNT):
        cell = state.cells[s]
        if cell < 4:
            token = _TILE_LETTERS[cell]
        elif cell == FLIPPED:
            token = "#"
        elif cell == STRUCTURE:
            token = structure
        elif cell == CATASTROPHE:
            token = "X"
        elif cell == LEADER:
            flat = state.leaders.index(s)
            token = f"{flat // 4}{_LEADER_LETTERS[flat % 4]}"
        else:
            token = "~" if state.layout.river[s] else "."
        tokens[s] = token + ("*" if s in state.treasures else "")
    lines = ["    " + " ".join(f"{c:<3}" for c in _LETTERS).rstrip()]
    for row in range(ROWS):
        body = " ".join(f"{t:<3}" for t in tokens[row * COLUMNS : (row + 1) * COLUMNS])
        lines.append(f"{row + 1:>2}  {body}".rstrip())
    return "\n".join(lines) + "\n"
