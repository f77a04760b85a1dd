"""The library's exceptions.

Every error raised through the public API is a :class:`TigrisError`. Errors about bad input are
also :class:`ValueError` so that callers who only know the standard library can catch them.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "DealError",
    "IllegalActionError",
    "InvalidActionError",
    "TigrisError",
]


class TigrisError(Exception):
    """Base class of every error this library raises on purpose."""


class ConfigError(TigrisError, ValueError):
    """An invalid game configuration (rule CONV-18), rejected before any game starts."""

    rule = "CONV-18"


class DealError(TigrisError, ValueError):
    """An explicit deal that does not match the game's components (COMP-4, SETUP-4, SETUP-6)."""


class InvalidActionError(TigrisError, ValueError):
    """Input that is not a well-formed action or answer at all (CONV-19).

    It carries no rule ID; ``field`` names the bad field.
    """

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"malformed action: {field}: {reason}")
        self.field = field
        self.reason = reason


class IllegalActionError(TigrisError, ValueError):
    """A well-formed action or answer that the rules forbid in this state.

    ``rule`` is the ID of the first rule it breaks (CONV-17) and ``reason`` a sentence a
    player understands. The state it was tried on is unchanged.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
