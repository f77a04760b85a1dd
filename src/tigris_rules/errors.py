"""The library's exceptions.

Every error raised through the public API is a :class:`TigrisError`. Errors about bad input are
also :class:`ValueError` so that callers who only know the standard library can catch them.
"""

from __future__ import annotations

from tigris_rules._rule_texts import text_of

__all__ = [
    "ArgumentTypeError",
    "ConfigError",
    "DealError",
    "IllegalActionError",
    "InvalidActionError",
    "TigrisError",
    "UnknownRuleError",
]


class TigrisError(Exception):
    """Base class of every error this library raises on purpose.

    Every one can be pickled, and so sent between processes (a pool of workers, a cluster):
    it comes back with the same message and the same attributes (``rule``, ``reason``...).
    """

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (type(self), self.args, dict(self.__dict__)))


def _rebuilt(
    kind: type[TigrisError], args: tuple[object, ...], fields: dict[str, object]
) -> object:
    """The error of class ``kind`` with the message ``args`` and the attributes ``fields``,
    made without calling its ``__init__`` (whose parameters are not its message)."""
    error = kind.__new__(kind)
    Exception.__init__(error, *args)
    error.__dict__.update(fields)
    return error


class UnknownRuleError(TigrisError, ValueError):
    """A rule ID that neither RULES.md nor an installed variant defines; ``rule`` is the ID
    asked for."""

    def __init__(self, rule: str) -> None:
        super().__init__(
            f"{rule!r} is not a rule ID of RULES.md (CONV-1, WAR-7, CARD-WAR-5...) "
            "nor of an installed variant"
        )
        self.rule = rule


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

    ``rule`` is the ID of the first rule it breaks (CONV-17), ``reason`` a sentence a
    player understands and ``rule_text`` the rule itself. The state it was tried on is
    unchanged. ``lacking`` says, when the action is refused for pieces of a colour that a
    hand lacks (a tile or a card it does not hold, a swap or a commitment of more than it
    holds), whose hand and which colour, as ``(seat, colour name)``; else ``None``.
    """

    def __init__(self, rule: str, reason: str, *, lacking: tuple[int, str] | None = None) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason
        self.lacking = lacking

    @property
    def rule_text(self) -> str:
        """The text of the rule broken, as RULES.md words it, or as the variant that owns
        the rule, loaded to play the game, declares it (``Variant.rule_texts``;
        :func:`tigris_rules.rulebook.describe`).
        A rule that neither defines raises :class:`UnknownRuleError`, whose message names
        the ID: a rejection always carries a rule ID, so an unknown one is a variant that
        declares no text for it."""
        text = text_of(self.rule)
        if text is None:
            raise UnknownRuleError(self.rule)
        return text


class FormatError(TigrisError, ValueError):
    """Input that does not follow a JSON format of this library (a state, an action, a log):
    not JSON at all, a wrong type, an unknown key, a bad square name (CONV-19 for actions),
    an unknown log version, a file over the size limit.

    ``path`` is the JSON path of the first bad field (``$`` is the document itself, as in
    ``$.actions[12].square``) and ``reason`` says what is wrong with it; ``problems`` lists
    every (path, reason) pair found, the first one included.
    """

    def __init__(self, path: str, reason: str, *, more: tuple[tuple[str, str], ...] = ()) -> None:
        count = len(more)
        extra = f" (and {count} more problem{'s' if count != 1 else ''})" if count else ""
        super().__init__(f"{path}: {reason}{extra}")
        self.path = path
        self.reason = reason
        self.problems: tuple[tuple[str, str], ...] = ((path, reason), *more)

    @classmethod
    def of(cls, problems: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> FormatError:
        """The error listing ``problems`` (at least one (path, reason) pair)."""
        if not problems:
            return cls("$", "invalid value")
        (path, reason), *more = problems
        return cls(path, reason, more=tuple(more))

    def under(self, prefix: str) -> FormatError:
        """The same problems with their paths moved under ``prefix`` (itself a path)."""
        return FormatError.of([(prefix + path[1:], reason) for path, reason in self.problems])


class LogError(TigrisError, ValueError):
    """A well-formed game log that does not replay (raised by ``replay`` and by
    ``validate_log(..., strict=True)`` at the first problem).

    ``kind`` is ``"rule"`` (an illegal action, or a deal that does not match the components),
    ``"result"`` (the expected result differs from the replayed one) or ``"format"`` (an
    action object that is not well-formed); ``index`` is the 0-based index of the action in
    the log (``None`` for the deal or the result), ``player`` the seat the log names for it,
    ``action`` the action itself, ``rule`` the RULES.md ID of the rule broken (or ``None``)
    and ``reason`` a sentence. ``problem`` is the whole ``tigris_rules.records.Problem``.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        reason: str,
        index: int | None = None,
        player: int | None = None,
        action: object = None,
        rule: str | None = None,
        problem: object = None,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.reason = reason
        self.index = index
        self.player = player
        self.action = action
        self.rule = rule
        self.problem = problem


class ArgumentValueError(TigrisError, ValueError):
    """A public function was given an argument of the right type but out of its range (a
    replay step past the end of the log...). The message names the argument and the range."""


class ArgumentTypeError(TigrisError, TypeError):
    """A public function was given an argument of the wrong type (``None`` for a state, a
    card-game state to a board-game helper, a number for a log...).

    The message names the argument, the type expected and the type given.
    """

    @classmethod
    def expected(cls, argument: str, expected: str, given: object) -> ArgumentTypeError:
        """The error for ``argument``, which should be ``expected`` but is ``given``."""
        return cls(f"{argument}: expected {expected}, got {type(given).__name__}")


class NotAStateError(ArgumentTypeError):
    """A public function was given something that is not a game state of either ruleset."""
