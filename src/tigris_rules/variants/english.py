"""The English conflict rule (ENG, V1): commitments must be able to change the outcome."""

from __future__ import annotations

from tigris_rules.model.decisions import CommitDecision, Role
from tigris_rules.rules.hooks import Variant
from tigris_rules.rules.work import Position

__all__ = ["EnglishConflicts"]


class EnglishConflicts(Variant[None]):
    """ENG-1: only the commit amounts of revolts and wars are restricted (ENG-2, ENG-3);
    both commitments are still asked and ties still go to the defender (ENG-4)."""

    name = "english"
    order = 10

    def restrict_commit(self, state: Position, decision: CommitDecision, count: int) -> str | None:
        """ENG-2: the attacker commits 0, or enough to exceed the defender's base.
        ENG-3: the defender commits 0, or exactly enough to tie the attacker's total."""
        if count == 0:
            return None
        conflict = decision.conflict
        if decision.role is Role.ATTACKER:
            return None if conflict.attacker_base + count > conflict.defender_base else "ENG-2"
        attacker_total = conflict.attacker_base + (conflict.attacker_commit or 0)
        return None if count == attacker_total - conflict.defender_base else "ENG-3"
