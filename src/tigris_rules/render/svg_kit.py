"""Small building blocks shared by the SVG pictures: elements, numbers and text that fits.

SVG has no line breaking, and the width of a text depends on the font the viewer picks.
:func:`fit_lines` therefore measures text with a deliberately wide estimate of a
sans-serif glyph, breaks it at spaces into lines that fit, and shrinks the font when a
single word is wider than the room; :func:`text_block` writes the lines, each also held to
the room with ``textLength`` when the estimate says it could touch the edge.

A picture is built as a tree of elements and written out by :func:`markup`, which writes
what :func:`xml.etree.ElementTree.tostring` writes of such a tree, faster. A piece drawn
the same way wherever it stands (a tile on its square, the grid of a board) is written once
and added to later pictures as written (:func:`verbatim`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

__all__ = ["GLYPH", "fit_lines", "fmt", "markup", "sub", "text_block", "verbatim"]

GLYPH = 0.6
"""The width of an average sans-serif glyph, as a fraction of the font size (wide on
purpose: most fonts are narrower, so text measured with it fits)."""


def fmt(value: float) -> str:
    """``value`` with at most two decimals and no trailing zeros (``12``, ``12.5``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def sub(parent: ET.Element, tag: str, **attributes: str) -> ET.Element:
    """A new child ``tag`` of ``parent``; ``class_`` gives ``class`` and ``font_size`` gives
    ``font-size`` (a trailing underscore is dropped, other underscores become hyphens)."""
    return ET.SubElement(parent, tag, {_attribute_name(k): v for k, v in attributes.items()})


@cache
def _attribute_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _verbatim_tag() -> None:
    """The tag of a child that :func:`markup` writes as its text, unchanged."""


def verbatim(parent: ET.Element, written: str) -> None:
    """Add to ``parent`` a child already written as XML text (by :func:`markup`), which
    :func:`markup` writes as it is."""
    ET.SubElement(parent, _verbatim_tag).text = written  # type: ignore[arg-type]


def markup(element: ET.Element) -> str:
    """``element`` and everything under it as XML text: what
    ``ET.tostring(element, encoding="unicode")`` writes of a tree of plain tags (no
    namespace prefixes, comments or processing instructions) whose attributes and text are
    strings, with the children :func:`verbatim` added written as they were given."""
    parts: list[str] = []
    _write(element, parts.append)
    return "".join(parts)


def _write(element: ET.Element, out: Callable[[str], object]) -> None:
    tag = element.tag
    if tag is _verbatim_tag:  # type: ignore[comparison-overlap]
        out(element.text or "")
    else:
        out("<" + tag)
        for key, value in element.items():
            out(f' {key}="{_escape_attribute(value)}"')
        text = element.text
        if text or len(element):
            out(">")
            if text:
                out(_escape_text(text))
            for child in element:
                _write(child, out)
            out(f"</{tag}>")
        else:
            out(" />")
    if element.tail:
        out(_escape_text(element.tail))


def _escape_text(text: str) -> str:
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _escape_attribute(text: str) -> str:
    text = _escape_text(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


def text_width(text: str, size: float) -> float:
    """The estimated width of ``text`` at font size ``size`` (see :data:`GLYPH`)."""
    return len(text) * size * GLYPH


def fit_lines(text: str, width: float, size: float, max_lines: int = 3) -> tuple[list[str], float]:
    """``text`` broken at spaces into at most ``max_lines`` lines no wider than ``width``,
    and the font size to write them in: ``size``, or smaller when the words do not fit in
    ``max_lines`` lines otherwise (never below a third of ``size``)."""
    words = text.split()
    if not words:
        return [], size
    current = size
    while True:
        per_line = max(1, int(width / (current * GLYPH)))
        lines: list[str] = []
        for word in words:
            if lines and len(lines[-1]) + 1 + len(word) <= per_line:
                lines[-1] += " " + word
            else:
                lines.append(word)
        fits = len(lines) <= max_lines and all(len(line) <= per_line for line in lines)
        if fits or current <= size / 3:
            kept = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
            return (kept if len(lines) > max_lines else lines), current
        current = max(size / 3, current * 0.9)


def text_block(
    parent: ET.Element,
    lines: list[str],
    *,
    x: float,
    y: float,
    width: float,
    size: float,
    anchor: str = "start",
    **attributes: str,
) -> float:
    """Write ``lines`` as ``<text>`` elements under ``parent``, the first baseline at ``y``,
    each line held within ``width`` (starting at ``x``, or centred on it with
    ``anchor="middle"``). Returns the baseline of the line after the last."""
    leading = size * 1.3
    for line in lines:
        element = sub(
            parent,
            "text",
            x=fmt(x),
            y=fmt(y),
            font_size=fmt(size),
            text_anchor=anchor,
            **attributes,
        )
        if text_width(line, size) > width:
            element.set("textLength", fmt(width))
            element.set("lengthAdjust", "spacingAndGlyphs")
        element.text = line
        y += leading
    return y
