"""What :func:`~tigris_rules.check_state` reports: one broken promise of a position."""

from __future__ import annotations

import attrs

__all__ = ["StateProblem"]


@attrs.frozen
class StateProblem:
    """A way in which a state is not a position the rules can reach.

    ``code`` is a stable identifier of the kind of problem (``"tile-count"``,
    ``"decision-seat"``...), for programs; ``rule`` is the RULES.md ID of the rule the state
    breaks, when one applies; ``path`` is where the problem shows in the state's JSON
    (``$.hands[1]``); ``message`` says it in a sentence.
    """

    code: str
    path: str
    message: str
    rule: str | None = None

    def __str__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.path}: {self.message}{rule}"
