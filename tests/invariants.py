"""Invariants of a reachable state (RULES.md, "Invariants"), for tests.

The checks live in the library, :func:`tigris_rules.testing.check_invariants`; this module
keeps the name the older tests import.
"""

from __future__ import annotations

from tigris_rules.testing.invariants import TOTAL_TILES, check_invariants

__all__ = ["TOTAL_TILES", "broken_invariants"]

broken_invariants = check_invariants
"""The invariants ``state`` breaks; ``before`` is its predecessor, if any."""
