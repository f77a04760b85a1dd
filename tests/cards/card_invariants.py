"""Invariants of a reachable card-game state (RULES.md Part II, "Invariants"), for tests.

The checks live in the library (:func:`tigris_rules.check_state`, through
:func:`tigris_rules.testing.check_invariants`); this module keeps the names the card-game
tests import.
"""

from __future__ import annotations

from tigris_rules.cards.state_check import cards_accounted_for
from tigris_rules.testing.invariants import check_invariants

__all__ = ["broken_card_invariants", "cards_accounted_for"]

broken_card_invariants = check_invariants
"""The invariants a card-game state breaks; ``before`` is its predecessor, if any."""
