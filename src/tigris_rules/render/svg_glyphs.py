"""The colours and symbols of the pictures: tile, leader and card colours, the dynasty
symbols of the seats (CONV-4) and the symbols of the four tile kinds."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tigris_rules.render.svg_kit import fmt, sub

__all__ = ["DYNASTY_PATHS", "PALETTE", "TILE_PATHS", "TILE_SYMBOL_FILLED", "symbol"]

PALETTE: dict[str, str] = {
    "black": "#2b2b2b",
    "red": "#c0392b",
    "blue": "#2f6db5",
    "green": "#2e8b57",
    "land": "#eadfbf",
    "river": "#8ec9ec",
    "grid": "#c8b88e",
    "flipped": "#7a6a55",
    "catastrophe": "#4a2f27",
    "gold": "#f2c230",
    "ink": "#3b3326",
    "symbol": "#ffffff",
}
"""The colours used, by name; the four colour names are the tiles' and leaders' fills."""

# Dynasty symbols, drawn in a box from -9 to 9 around the leader's centre, in white.
DYNASTY_PATHS: dict[str, tuple[tuple[str, bool], ...]] = {
    # a bow (arc and string) with an arrow across it
    "archer": (
        ("M -4 -8 Q 6 0 -4 8", False),
        ("M -4 -8 L -4 8", False),
        ("M -8 0 L 6 0", False),
        ("M 8 0 L 4 -3 L 4 3 Z", True),
    ),
    # a bull's head with two horns
    "bull": (
        ("M -4 1 a 4 4.5 0 1 0 8 0 a 4 4.5 0 1 0 -8 0 Z", True),
        ("M -3 -2 Q -9 -3 -8 -8", False),
        ("M 3 -2 Q 9 -3 8 -8", False),
    ),
    # a lion's face with its mane of rays
    "lion": (
        ("M -4 0 a 4 4 0 1 0 8 0 a 4 4 0 1 0 -8 0 Z", True),
        (
            "M 0 -6 L 0 -9 M 0 6 L 0 9 M -6 0 L -9 0 M 6 0 L 9 0 "
            "M 4.2 4.2 L 6.4 6.4 M -4.2 4.2 L -6.4 6.4 M 4.2 -4.2 L 6.4 -6.4 "
            "M -4.2 -4.2 L -6.4 -6.4",
            False,
        ),
    ),
    # an urn: neck, belly and foot
    "urn": (("M -3 -8 L 3 -8 L 2 -5 Q 8 -1 4 5 L 3 8 L -3 8 L -4 5 Q -8 -1 -2 -5 Z", True),),
}

# Tile symbols in a box from -8 to 8: settlement, temple, farm, market.
TILE_PATHS: tuple[str, ...] = (
    "M -6 7 L -6 -1 L 0 -7 L 6 -1 L 6 7 Z",  # settlement: a house
    "M -7 7 L 7 7 L 7 4 L 4 4 L 4 0 L 2 0 L 2 -4 L -2 -4 L -2 0 L -4 0 L -4 4 L -7 4 Z",
    "M -5 7 L -5 -6 M 0 7 L 0 -7 M 5 7 L 5 -6 M -5 -2 L -2 -5 M 0 -2 L 3 -5 M 5 -2 L 2 -5",
    "M -6 -2 L 6 -2 L 5 6 L -5 6 Z M -4 -2 Q 0 -9 4 -2",  # market: a basket
)
TILE_SYMBOL_FILLED = (True, True, False, False)


def symbol(
    parent: ET.Element, paths: tuple[tuple[str, bool], ...], x: float, y: float, scale: float
) -> None:
    """Draw ``paths`` (each a path and whether it is filled) in white, centred on ``(x, y)``
    and scaled by ``scale``."""
    holder = sub(parent, "g", transform=f"translate({fmt(x)} {fmt(y)}) scale({fmt(scale)})")
    for d, filled in paths:
        sub(
            holder,
            "path",
            d=d,
            fill=PALETTE["symbol"] if filled else "none",
            stroke=PALETTE["symbol"],
            stroke_width="1.6",
            stroke_linecap="round",
            stroke_linejoin="round",
        )


def dynasty_disc(
    parent: ET.Element,
    dynasty: str,
    x: float,
    y: float,
    radius: str,
    fill: str,
    scale: float,
    ring: str | None = None,
) -> None:
    """A disc of ``fill`` centred on ``(x, y)`` bearing ``dynasty``'s symbol: a leader (its
    colour, with a light ``ring`` of that width) or a seat's badge (no ring)."""
    ringed = {} if ring is None else {"stroke": "#f7f1e1", "stroke_width": ring}
    sub(parent, "circle", cx=fmt(x), cy=fmt(y), r=radius, fill=fill, **ringed)
    symbol(parent, DYNASTY_PATHS.get(dynasty, ()), x, y, scale)
