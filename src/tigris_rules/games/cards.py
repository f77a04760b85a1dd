"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

from tigris_rules.cards.ruleset import CardRules

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""
