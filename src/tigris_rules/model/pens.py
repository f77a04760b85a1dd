"""What a variant draws with: the pens the renderers hand to a variant's picture facets
(:class:`~tigris_rules.render.VariantText`, :class:`~tigris_rules.render.VariantSvg`); and
how a state finds its own picture (:func:`svg_picture`).

Variants sit below the renderers (docs/architecture.md), so they never import them: the text
renderer (:mod:`tigris_rules.render.text`) and the SVG renderer
(:mod:`tigris_rules.render.svg`) each pass a pen implementing one of these protocols, which
gives the variant the renderer's geometry and colours. A variant keeps the colours of its own
pieces itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol

from tigris_rules.model.ruleset import ruleset_for

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

__all__ = [
    "POSITION_TEXT",
    "SVG_PICTURE",
    "TEXT_PICTURE",
    "Legend",
    "SvgPen",
    "TextPen",
    "position_repr",
    "svg_picture",
    "text_picture",
]

SVG_PICTURE: Final = "svg_board"
"""The method of a ruleset that draws a state as SVG
(:class:`tigris_rules.render.GamePictures`): named here, as the model imports no adapter."""


def svg_picture(board: Any) -> str | None:
    """``board`` (a state, or a player view) as SVG, as the ruleset of its game draws it (its
    :data:`SVG_PICTURE` method, which imports the renderer when called), or ``None`` when the
    ruleset draws no picture: what ``_repr_svg_`` shows in Jupyter."""
    ruleset = getattr(board, "ruleset", None) or ruleset_for(board.config)
    draw = getattr(ruleset, SVG_PICTURE, None)
    return None if draw is None else str(draw(board))


TEXT_PICTURE: Final = "text_state"
"""The method of a ruleset that draws a state as text, what ``str(state)`` gives."""

POSITION_TEXT: Final = "state_position"
"""The method of a ruleset that writes a state as a position string
(:func:`tigris_rules.position`), what ``repr(state)`` holds."""


def text_picture(board: Any) -> str | None:
    """``board`` (a state) as text, as the ruleset of its game draws it (its
    :data:`TEXT_PICTURE` method), or ``None`` when the ruleset draws none."""
    ruleset = getattr(board, "ruleset", None) or ruleset_for(board.config)
    draw = getattr(ruleset, TEXT_PICTURE, None)
    return None if draw is None else str(draw(board))


def position_repr(board: Any) -> str | None:
    """The ``repr`` of a state: the call of :func:`tigris_rules.read_position` that gives it
    back, or ``None`` when its ruleset writes no position strings or cannot write this one
    (a position built by hand that breaks the game's promises)."""
    ruleset = getattr(board, "ruleset", None) or ruleset_for(board.config)
    write = getattr(ruleset, POSITION_TEXT, None)
    if write is None:
        return None
    try:
        return f"read_position({str(write(board))!r})"
    except Exception:  # a broken position: its caller falls back on the field-by-field form
        return None


class Legend(NamedTuple):
    """A variant's entries in the legend under a text board, each a symbol and what it
    stands for (``"Z ziggurat"``)."""

    pieces: tuple[str, ...] = ()
    """The pieces drawn by :meth:`~tigris_rules.render.VariantText.text_glyph`, listed with
    the base pieces (before catastrophes)."""
    marks: tuple[str, ...] = ()
    """The marks drawn by :meth:`~tigris_rules.render.VariantText.text_mark`, listed after
    the leaders (before the unification marker)."""


class TextPen(Protocol):
    """How a variant writes on the text board (:func:`~tigris_rules.render.render_board`)."""

    @property
    def color(self) -> bool:
        """Whether the board is drawn with ANSI colours and Unicode symbols; otherwise it is
        plain ASCII, and :meth:`paint` changes nothing."""
        ...

    def paint(
        self, text: str, *, ink: str = "", tile: int | None = None, bold: bool = False
    ) -> str:
        """``text`` in bold, in the colour the board gives tiles of colour number ``tile``
        (0..3, black red blue green), and in ``ink``, the variant's own colour as an ANSI SGR
        parameter (``"95"``: bright magenta); unchanged when the board is plain ASCII."""
        ...


class SvgPen(Protocol):
    """How a variant draws on the SVG board (:func:`~tigris_rules.render.svg.render_svg`):
    its geometry (squares of :attr:`cell` user units) and its building blocks."""

    @property
    def cell(self) -> int:
        """The side of one square, in SVG user units."""
        ...

    def origin(self, square: int) -> tuple[int, int]:
        """The top-left corner of ``square``."""
        ...

    def centre(self, square: int) -> tuple[float, float]:
        """The centre of ``square``."""
        ...

    def colour(self, name: str) -> str:
        """The renderer's colour called ``name``: a tile colour (``"red"``), ``"gold"``,
        ``"ink"``..."""
        ...

    def piece(self, layer: ET.Element, cls: str, square: int, title: str) -> ET.Element:
        """A new group in ``layer`` for one piece: its ``class`` is ``cls``, its
        ``data-square`` the name of ``square``, and ``title`` its tooltip."""
        ...

    def square_rect(
        self, parent: ET.Element, square: int, inset: int, **attributes: str
    ) -> ET.Element:
        """A rectangle in ``parent`` filling ``square`` but for ``inset`` units on every
        side."""
        ...

    def element(self, parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
        """A new child ``tag`` of ``parent``; ``class_`` gives ``class`` and ``stroke_width``
        gives ``stroke-width`` (a trailing underscore is dropped, other underscores become
        hyphens)."""
        ...

    def number(self, value: float) -> str:
        """``value`` as the picture writes numbers: at most two decimals, no trailing
        zeros."""
        ...
