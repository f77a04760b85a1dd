"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

from tigris_rules.rules.ruleset import BoardRules

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""
