"""Renderers: turn game states and results into text for people to read."""

from __future__ import annotations

from tigris_rules.render.text import render_board, render_result

__all__ = ["render_board", "render_result"]
