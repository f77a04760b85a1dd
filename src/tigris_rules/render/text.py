"""Text rendering of the board, of a player's view and of the final result.

The board is drawn as 11 rows of 16 cells, each cell three characters wide, under a header of
column letters ``a``..``p``; squares keep the names of CONV-1 (``a1`` top-left, ``p11``
bottom-right). By default the output is pure ASCII and depends only on the position, so it
can be compared in tests and printed on any terminal. With ``color=True`` the same grid is
drawn with Unicode symbols and ANSI colours for terminals that support them
(:func:`supports_color` tells).

The board renderers take a :class:`~tigris_rules.GameState` or a
:class:`~tigris_rules.views.PlayerView` alike (anything with the board fields of
:class:`BoardLike`); :func:`render_board` and :func:`render_result` draw a state of any game,
as its ruleset draws it (:class:`~tigris_rules.render.pictures.GamePictures`). A variant of
the game draws its pieces through its :class:`VariantText` facet.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from tigris_rules._arguments import expect
from tigris_rules.model.actions import MONUMENTS
from tigris_rules.model.board import BoardLayout
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED, LEADER, STRUCTURE
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.pens import Legend, TextPen
from tigris_rules.model.plugins import BUILT_IN, VARIANT_GROUP, plugin
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import COLUMNS, ROWS, square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.pictures import pictures_of
from tigris_rules.render.sentences import DYNASTIES, describe_decision, seat_name
from tigris_rules.rules.scoring import Result, result
from tigris_rules.views import PlayerView

__all__ = [
    "COLOR_LEGEND",
    "DYNASTIES",
    "LEGEND",
    "BoardLike",
    "VariantText",
    "board_result",
    "board_text",
    "legend",
    "render_board",
    "render_result",
    "render_view",
    "supports_color",
]

if TYPE_CHECKING:
    from tigris_rules.model.ruleset import Ruleset
    from tigris_rules.rules.hooks import Variant

    # made when asked for, from the shipped variants (the module's __getattr__)
    LEGEND: str
    """The line printed under the board that explains the cell symbols: :func:`legend`."""
    COLOR_LEGEND: str
    """The legend printed under a coloured board (it holds ANSI colour codes):
    ``legend(color=True)``."""

_TILE_LETTERS = "krbg"
_LEADER_LETTERS = "KRBG"
_COLUMN_LETTERS = "abcdefghijklmnop"
_ROW_LABEL_WIDTH = 4


class BoardLike(Protocol):
    """What the renderers read: the board fields shared by
    :class:`~tigris_rules.GameState` and :class:`~tigris_rules.views.PlayerView`."""

    @property
    def config(self) -> GameConfig:
        """The game's configuration."""
        ...

    @property
    def cells(self) -> tuple[int, ...]:
        """One cell code per square (``tigris_rules.model.cells``)."""
        ...

    @property
    def leaders(self) -> tuple[int, ...]:
        """The square of each leader, ``4 * seat + colour``, or ``NO_SQUARE``."""
        ...

    @property
    def treasures(self) -> frozenset[int]:
        """The squares holding a treasure."""
        ...

    @property
    def monuments(self) -> tuple[int, ...]:
        """The top-left square of each monument's block, or ``NO_SQUARE``."""
        ...

    @property
    def areas(self) -> tuple[object, ...]:
        """The variants' data (as far as it is shown), one per variant of the configuration."""
        ...

    @property
    def marker(self) -> int:
        """The square of the unification marker, or ``NO_SQUARE``."""
        ...

    @property
    def ruleset(self) -> Ruleset[Any, Any, Any]:
        """The game's rules, with its variants (``ruleset.variants``), whose pieces the
        renderers ask them to draw."""
        ...

    @property
    def layout(self) -> BoardLayout:
        """The board's geometry."""
        ...


BOARD_TYPES: tuple[type, ...] = (GameState, PlayerView)
"""The classes the board renderers draw (every :class:`BoardLike` of the library)."""


class VariantText(Protocol):
    """How a variant shows its pieces on the text board (:func:`render_board`). A variant
    offers all four methods or none (one that draws no structure answers ``None`` from
    :meth:`text_glyph`, one that marks no piece ``None`` from :meth:`text_mark`); without
    the facet its pieces are not drawn, and a structure square shows ``?``."""

    def text_lines(self, board: Any) -> list[str]:
        """The lines written under ``board`` (a state or a player view of a game playing the
        variant) after the monuments, e.g. where the variant's pieces stand."""
        ...

    def text_glyph(self, board: Any, square: int, pen: TextPen) -> str | None:
        """Called for each square of ``board`` whose cell the base board does not draw (cell
        code ``STRUCTURE``): the one visible character drawing its piece (written with
        ``pen``), or ``None`` when the piece is not the variant's. The first variant, in
        canonical order, that answers draws it."""
        ...

    def text_mark(self, board: Any, square: int, pen: TextPen) -> str | None:
        """Called for each square of a board drawn in colour: the one visible character in
        front of its piece (a mark such as a building), or ``None``. The first variant that
        answers draws it, before the unification marker."""
        ...

    def text_legend(self, pen: TextPen) -> Legend:
        """The variant's entries in the legend under a text board, for the symbols
        :meth:`text_glyph` and :meth:`text_mark` draw with ``pen``; asked with no game (it
        reads no area)."""
        ...


def _texts(variants: tuple[Variant[Any], ...]) -> tuple[VariantText, ...]:
    """The variants among ``variants`` that offer :class:`VariantText`, in their order."""
    return tuple(text for v in variants if (text := offered(v, VariantText)) is not None)


# --- plain ASCII --------------------------------------------------------------------------


def _cell_text(state: BoardLike, square: int, leader_at: dict[int, int]) -> str:
    """The three characters that draw ``square``."""
    code = state.cells[square]
    mark = "*" if square in state.treasures else " "
    if 0 <= code <= 3:
        return f" {_TILE_LETTERS[code]}{mark}"
    if code == FLIPPED:
        return f" #{mark}"
    if code == STRUCTURE:
        return f" {_variant_glyph(state, square, _PLAIN)}{mark}"
    if code == CATASTROPHE:
        return " X "
    if code == LEADER:
        leader = leader_at.get(square)
        if leader is None:
            return " ? "
        player, colour = divmod(leader, 4)
        return f" {player}{_LEADER_LETTERS[colour]}"
    if code == EMPTY:
        ground = "~" if state.layout.river[square] else "."
        return f" {ground}{mark}"
    return " ? "


def _monument_line(state: BoardLike) -> str:
    built = [
        f"{monument.value} at {square_name(block)}"
        for monument, block in zip(MONUMENTS, state.monuments, strict=True)
        if block != NO_SQUARE
    ]
    return "Monuments: " + (", ".join(built) if built else "none built")


def _variant_glyph(state: BoardLike, square: int, pen: _Pen) -> str:
    """The character a variant of the game draws on ``square`` (a cell the base board does
    not draw), ``?`` when none does."""
    for variant in _texts(state.ruleset.variants):
        glyph: str | None = variant.text_glyph(state, square, pen)
        if glyph is not None:
            return glyph
    return "?"


def _leader_at(state: BoardLike) -> dict[int, int]:
    return {square: leader for leader, square in enumerate(state.leaders) if square != NO_SQUARE}


# --- colour (ANSI, Unicode) ---------------------------------------------------------------

_RESET = "\x1b[0m"
_DIM = "\x1b[2m"
_BOLD = "\x1b[1m"
_TILE_COLOURS = ("\x1b[90m", "\x1b[31m", "\x1b[94m", "\x1b[32m")
"""Foreground of each colour: bright black (grey, visible on dark and light terminals), red,
bright blue, green."""
_RIVER = "\x1b[36m"
_TREASURE = "\x1b[93m"
_MONUMENT = "\x1b[33m"
_CATASTROPHE = "\x1b[1;97;41m"


def _paint(style: str, text: str) -> str:
    return f"{style}{text}{_RESET}"


class _Pen:
    """The text board's pen for the variants (:class:`~tigris_rules.model.pens.TextPen`)."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def paint(
        self, text: str, *, ink: str = "", tile: int | None = None, bold: bool = False
    ) -> str:
        if not self.color:
            return text
        style = (_BOLD if bold else "") + ("" if tile is None else _TILE_COLOURS[tile])
        style += f"\x1b[{ink}m" if ink else ""
        return _paint(style, text) if style else text


_PLAIN = _Pen(color=False)
_COLOURED = _Pen(color=True)


def legend(config: GameConfig | None = None, *, color: bool = False) -> str:
    """The line printed under a board of ``config``'s game that explains its symbols, with
    ANSI colour codes when ``color`` is true: those of the base game, of this package's
    variants (every board of the package has always listed them) and of ``config``'s other
    variants, in canonical order. It depends on the configuration only, never on what else
    is installed; without one it is the base game's.

    >>> legend().startswith("Legend: . land  ~ river  k r b g tile (black red blue green)")
    True
    """
    expect(config, (GameConfig, None), "config")
    expect(color, bool, "color")
    pen = _COLOURED if color else _PLAIN
    entries = [variant.text_legend(pen) for variant in _texts(_legend_variants(config))]
    pieces = [piece for entry in entries for piece in entry.pieces]
    marks = [mark for entry in entries for mark in entry.marks]
    if not color:
        parts = [
            ". land",
            "~ river",
            "k r b g tile (black red blue green)",
            "* treasure",
            "# monument tile",
            *pieces,
            "X catastrophe",
            "0K leader (seat, K R B G)",
            *marks,
        ]
        return "Legend: " + "  ".join(parts)
    tiles = " ".join(f"{c}\u25a0{_RESET}" for c in _TILE_COLOURS)
    parts = [
        f"{_DIM}\u00b7{_RESET} land",
        f"{_RIVER}\u2248{_RESET} river",
        f"{tiles} tile (black red blue green)",
        f"{_TREASURE}\u25c6{_RESET} treasure",
        f"{_TREASURE}{_BOLD}\u25c8{_RESET} priority treasure",
        f"{_MONUMENT}\u25a9{_RESET} monument tile",
        *pieces,
        f"{_CATASTROPHE}\u2715{_RESET} catastrophe",
        f"0{_BOLD}{_TILE_COLOURS[1]}R{_RESET} leader (seat, K R B G)",
        *marks,
        "+ unification",
    ]
    return "Legend: " + "  ".join(parts)


def _legend_variants(config: GameConfig | None) -> tuple[Variant[Any], ...]:
    """The variants whose symbols the legend of ``config``'s board lists: this package's and
    the configuration's, in canonical order."""
    played: tuple[Variant[Any], ...] = () if config is None else ruleset_for(config).variants
    names = {variant.name for variant in played}
    shipped = tuple(_shipped(name) for name in BUILT_IN[VARIANT_GROUP] if name not in names)
    return tuple(sorted((*played, *shipped), key=lambda v: (v.order, v.name)))


@cache
def _shipped(name: str) -> Variant[Any]:
    """One instance of this package's variant ``name`` (for hooks that read no area)."""
    variant: Variant[Any] = plugin(VARIANT_GROUP, name)()
    return variant


def __getattr__(name: str) -> str:
    """``LEGEND`` and ``COLOR_LEGEND``, the two legends of the base game (:func:`legend`),
    made when asked for (the variants' modules are imported then, not with this one)."""
    if name == "LEGEND":
        return legend()
    if name == "COLOR_LEGEND":
        return legend(color=True)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _color_cell(state: BoardLike, square: int, leader_at: dict[int, int]) -> str:
    """The three visible characters that draw ``square`` in colour: a prefix (a variant's
    mark or the unification marker), the piece, and a treasure mark."""
    code = state.cells[square]
    prefix = " "
    for variant in _texts(state.ruleset.variants):
        mark = variant.text_mark(state, square, _COLOURED)
        if mark is not None:
            prefix = mark
            break
    else:
        if square == state.marker:
            prefix = _paint(_BOLD, "+")
    mark = " "
    if square in state.treasures:
        priority = square in state.layout.priority_squares
        mark = _paint(_TREASURE + (_BOLD if priority else ""), "\u25c8" if priority else "\u25c6")
    if 0 <= code <= 3:
        return prefix + _paint(_TILE_COLOURS[code], "\u25a0") + mark
    if code == FLIPPED:
        return prefix + _paint(_MONUMENT, "\u25a9") + mark
    if code == STRUCTURE:
        return prefix + _variant_glyph(state, square, _COLOURED) + mark
    if code == CATASTROPHE:
        return prefix + _paint(_CATASTROPHE, "\u2715") + " "
    if code == LEADER:
        leader = leader_at.get(square)
        if leader is None:
            return " ? "
        player, colour = divmod(leader, 4)
        return f"{prefix}{player}" + _paint(_BOLD + _TILE_COLOURS[colour], _LEADER_LETTERS[colour])
    if code == EMPTY:
        if state.layout.river[square]:
            return prefix + _paint(_RIVER, "\u2248") + mark
        return prefix + _paint(_DIM, "\u00b7") + mark
    return " ? "


def supports_color(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (standard output by default) should get coloured Unicode output.

    True when ``FORCE_COLOR`` is set to anything but an empty string; otherwise only when
    the stream is a terminal, ``NO_COLOR`` is not set (https://no-color.org), ``TERM`` is not
    ``dumb``, and the stream's encoding can write the Unicode symbols used.
    """
    if os.environ.get("FORCE_COLOR"):
        return True
    stream = sys.stdout if stream is None else stream
    if os.environ.get("NO_COLOR") is not None or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    if isatty is None or not isatty():
        return False
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "\u25a0\u2248\u25c6\u25c8\u25a9\u25b2\u2715\u2302\u00b7".encode(encoding)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def render_board(state: Any, *, color: bool = False) -> str:
    """Draw the board or table of ``state`` (a state of any game, or a board-game player
    view) as text, as its game draws it: the board game's board as :func:`board_text`
    describes it (``color`` draws it in ANSI colours), the card game's table as
    :func:`~tigris_rules.cards.render.render_table` does (in plain ASCII whatever ``color``
    says).
    """
    expect(color, bool, "color")
    return pictures_of(state, "state").text_board(state, color)


def board_text(state: BoardLike, *, color: bool = False) -> str:
    """Draw the board of ``state`` (a board-game state or view) as text.

    The first line holds the column letters ``a``..``p``; then come the 11 rows, each
    starting with its row number. Every cell is three characters wide:

    - `` . `` an empty land square, `` ~ `` an empty river square;
    - `` k ``, `` r ``, `` b ``, `` g `` a face-up black, red, blue or green tile;
    - `` # `` a flipped tile under a monument;
    - `` X `` a catastrophe;
    - `` 0K`` a leader: the owner's seat and the upper-case colour letter.

    A ``*`` in the third character marks a treasure on the square. A legend line and the
    list of built monuments (with the top-left square of their block) follow the board,
    then the lines of the game's variants (where their pieces stand). The squares of a
    variant's structure are drawn as the variant draws them, ``?`` when no variant of the
    game does (:meth:`VariantText.text_glyph`); the legend lists the symbols of the game's
    configuration (:func:`legend`). The text has no trailing newline.

    With ``color=True`` the same grid uses ANSI colours and Unicode symbols: ``\u25a0`` a
    tile in its colour, ``\u2248`` river, ``\u00b7`` land, ``\u25a9`` a monument tile,
    ``\u2715`` a catastrophe, ``\u25c6`` a treasure and ``\u25c8`` a priority one, the
    leader letter in its colour, and in front of a piece a variant's mark
    (:meth:`VariantText.text_mark`) or ``+`` the unification marker.
    Each cell still takes three columns on screen. Use :func:`supports_color` to decide.
    """
    expect(state, BOARD_TYPES, "state", "a GameState or a PlayerView")
    expect(color, bool, "color")
    leader_at = _leader_at(state)
    draw = _color_cell if color else _cell_text
    pad = " " * _ROW_LABEL_WIDTH
    header = (pad + "".join(f" {letter} " for letter in _COLUMN_LETTERS[:COLUMNS])).rstrip()
    lines = [_paint(_DIM, header) if color else header]
    for row in range(ROWS):
        cells = "".join(draw(state, row * COLUMNS + column, leader_at) for column in range(COLUMNS))
        label = f"{row + 1:>2}  "
        if color:
            lines.append((_paint(_DIM, label) + cells).rstrip())
        else:
            lines.append(f"{label}{cells}".rstrip())
    lines.append(legend(state.config, color=color))
    lines.append(_monument_line(state))
    for variant in _texts(state.ruleset.variants):
        lines.extend(variant.text_lines(state))
    return "\n".join(lines)


def _dynasty(player: int) -> str:
    return DYNASTIES[player] if 0 <= player < len(DYNASTIES) else "?"


def _slashed(values: tuple[int, ...]) -> str:
    return "/".join(str(v) for v in values)


def render_result(state: Any) -> str:
    """Draw the result of ``state`` (a state of any game) as a plain ASCII table, as its game
    draws it: the board game's as :func:`board_result` describes it, the card game's as
    :func:`~tigris_rules.cards.render.render_card_result` does."""
    return pictures_of(state, "state").text_result(state)


def board_result(state: GameState) -> str:
    """Draw the result of ``state`` (a board-game state) as a plain ASCII table, best place
    first.

    One row per player with: place (shared on ties, SCORE-5), seat and dynasty, VP in
    black, red, blue and green, treasures held, how the treasures were assigned per colour
    (SCORE-2, black/red/blue/green), the sorted score vector (SCORE-3) and the score (its
    first entry). A title line says whether the result is final or provisional. The text
    has no trailing newline.
    """
    expect(state, GameState, "state")
    return _result_table(result(state))


def _result_table(outcome: Result) -> str:
    title = "Final result" if outcome.final else "Provisional result (the game is not over)"
    header = (
        "Place",
        "Seat",
        "Dynasty",
        "Black",
        "Red",
        "Blue",
        "Green",
        "Treasures",
        "Allocation k/r/b/g",
        "Vector",
        "Score",
    )
    rows: list[tuple[str, ...]] = []
    for entry in sorted(outcome.players, key=lambda p: (p.place, p.player)):
        rows.append(
            (
                str(entry.place),
                str(entry.player),
                _dynasty(entry.player),
                *(str(v) for v in entry.scores),
                str(entry.treasures),
                _slashed(entry.allocation),
                _slashed(entry.vector),
                str(entry.vector[0]),
            )
        )
    text_columns = {2, 8, 9}
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]

    def line(cells: tuple[str, ...]) -> str:
        parts = [
            cell.ljust(width) if i in text_columns else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * width for width in widths)
    body = [line(header), rule, *(line(r) for r in rows)]
    if outcome.final:
        winners = [
            f"seat {p.player} ({_dynasty(p.player)})"
            for p in sorted(outcome.players, key=lambda p: p.player)
            if p.place == 1
        ]
        label = "Winner" if len(winners) == 1 else "Winners (shared first place)"
        body.append(f"{label}: {', '.join(winners)}")
    return "\n".join([title, *body])


def _counts(values: tuple[int, int, int, int]) -> str:
    return " ".join(f"{v}{letter}" for v, letter in zip(values, _TILE_LETTERS, strict=True))


def _player_line(view: PlayerView, player: int) -> str:
    name = f"seat {player} ({_dynasty(player)}{', you' if player == view.viewer else ''})"
    hand = view.hands[player]
    tiles = f"hand {_counts(hand)}" if hand is not None else f"{view.hand_sizes[player]} tiles"
    supply = [c.leader_name for c in view.leaders_in_supply(player)]
    scores = view.scores[player]
    held = view.treasures_held[player]
    points = "VP hidden" if scores is None else f"VP {_counts(scores)}, {held} treasures"
    return (
        f"{name}: {tiles} | {view.catastrophes[player]} catastrophes | leaders in supply: "
        f"{', '.join(supply) if supply else 'none'} | {points}"
    )


def _state_player_line(state: GameState, player: int) -> str:
    marker = "*" if state.active == player and not state.over else " "
    supply = [c.leader_name for c in COLORS if state.leaders[4 * player + c.index] == NO_SQUARE]
    return (
        f"{marker}seat {player} ({_dynasty(player)}): hand {_counts(state.hands[player])} | "
        f"{state.catastrophes[player]} catastrophes | leaders in supply: "
        f"{', '.join(supply) if supply else 'none'} | VP {_counts(state.scores[player])}, "
        f"{state.treasures_held[player]} treasures"
    )


def state_text(state: GameState) -> str:
    """Draw a board-game state as plain text, what ``str(state)`` gives: a status line, the
    board (:func:`board_text`), one line per player (``*`` the active one: hand, catastrophes
    left, leaders in supply, VP and treasures), the bag and the monuments available, and who
    must decide what (or the result table once the game is over). No trailing newline."""
    expect(state, GameState, "state")
    if state.over:
        status = f"The game is over after {state.turn + 1} turns."
    else:
        status = (
            f"Turn {state.turn + 1}: {seat_name(state.active)} is active, "
            f"{state.actions_taken} of 2 actions taken."
        )
    lines = [status, board_text(state)]
    lines += [_state_player_line(state, p) for p in range(state.config.players)]
    available = ", ".join(
        m.value for m, s in zip(MONUMENTS, state.monuments, strict=True) if s == NO_SQUARE
    )
    lines.append(f"Bag: {state.bag_size} tiles. Monuments available: {available or 'none'}.")
    if state.over:
        lines.append(_result_table(result(state)))
    else:
        now = describe_decision(state.pending, state.active, config=state.config)
        lines.append(f"Now: {now}.")
    return "\n".join(lines)


def render_view(view: PlayerView, *, color: bool = False) -> str:
    """Draw what one player (or a spectator) sees: a status line, the board, one line per
    player (hand where visible, else its size; catastrophes; leaders in supply; VP where
    visible), the bag and the available monuments, who must decide what, and once the game
    is over the result table. Hidden facts are written as hidden, never guessed.

    ``color`` draws the board in colour (see :func:`render_board`). No trailing newline.
    """
    expect(view, PlayerView, "view")
    expect(color, bool, "color")
    if view.over:
        status = f"The game is over after {view.turn + 1} turns."
    else:
        status = (
            f"Turn {view.turn + 1}: {seat_name(view.active)} is active, "
            f"{view.actions_taken} of 2 actions taken."
        )
    who = "spectator" if view.viewer is None else seat_name(view.viewer)
    lines = [f"View of {who}. {status}", board_text(view, color=color)]
    lines += [_player_line(view, p) for p in range(view.players)]
    available = ", ".join(m.value for m in view.available_monuments) or "none"
    lines.append(f"Bag: {view.bag_size} tiles. Monuments available: {available}.")
    if view.over and view.result is not None:
        lines.append(_result_table(view.result))
    else:
        now = describe_decision(view.pending, view.active, config=view.config)
        if view.my_decision:
            now += f" -- that is you ({len(view.legal_actions)} legal inputs)"
        lines.append(f"Now: {now}.")
    return "\n".join(lines)
