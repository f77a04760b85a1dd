"""What is wrong with a log: each :class:`Problem` and the :class:`Report` of a validation
(docs/log-format.md, Validation)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import attrs

from tigris_rules.api import AnyAction, AnyState, is_over
from tigris_rules.errors import FormatError, LogError
from tigris_rules.records.converter import TAG_KEY, unstructure
from tigris_rules.records.json_io import dumps
from tigris_rules.records.log import GameLog

__all__ = [
    "Problem",
    "ProblemKind",
    "Report",
    "Verdict",
    "describe_action",
]


class ProblemKind(StrEnum):
    """What kind of problem a log has.

    A string-valued enum: ``problem.kind == "format"`` holds for a format problem, and
    ``str(problem.kind)`` is its value, as in the JSON of ``tigris-rules validate --json``.
    """

    FORMAT = "format"
    """The document does not follow the format (not JSON, wrong type, unknown version...)."""
    RULE = "rule"
    """An action the rules forbid, or a deal that does not match the components."""
    RESULT = "result"
    """The expected result differs from the replayed one."""


def describe_action(action: object) -> str:
    """A short text for an action: its tag and field values, such as ``place_tile red g4``
    or ``swap_tiles black=0 red=2 blue=0 green=1``."""
    try:
        data = unstructure(action)
    except Exception:  # a malformed object built in Python: show what it is
        return repr(action)
    if not isinstance(data, dict):
        return repr(action)
    parts = [str(data.pop(TAG_KEY, type(action).__name__))]
    for name, value in data.items():
        if isinstance(value, str):
            parts.append(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            parts.append(f"{name}={value}")
        else:
            parts.append(f"{name}={dumps(value)}")
    return " ".join(parts)


@attrs.frozen
class Problem:
    """One thing wrong with a log.

    ``kind`` says what kind; ``reason`` is a sentence. For an action: ``index`` (0-based, as
    in ``$.actions[index]``), ``player`` (the seat the log names) and ``action``; ``rule`` is
    the RULES.md ID of the rule broken, when there is one; ``path`` is the JSON path of a
    format problem. ``assumed`` says how :func:`validate_log` went on after a rejected
    action: ``"skipped"``, ``"as player 2's"`` or ``"as place_tile red g5"``
    (docs/log-format.md, Validation), ``diagnosis`` what most likely happened there
    (``"missing"``, ``"extra"``, ``"duplicated"``, ``"swapped"``, ``"wrong-seat"``,
    ``"wrong-square"``, ``"wrong-color"``, ... ``"wrong-"`` and the field written wrong) and
    ``likely`` the same as a sentence ("actions 50 and 51 appear swapped"); a slip found
    at an action replayed before the rejected one is reported at that action, its reason
    naming the action rejected. ``line`` and ``column`` (both from 1) say where the
    problem stands in the file read: the start of the action's JSON object or of its move in
    a text record, the tag of a record, the place of a syntax error; ``None`` when no place
    is known (a log built in Python).
    """

    kind: ProblemKind
    reason: str
    index: int | None = None
    player: int | None = None
    action: AnyAction | None = None
    rule: str | None = None
    path: str | None = None
    assumed: str | None = None
    line: int | None = None
    column: int | None = None
    diagnosis: str | None = None
    likely: str | None = None

    def __str__(self) -> str:
        rule = f"{self.rule}: " if self.rule else ""
        if self.index is not None:
            what = f"player {self.player}: {describe_action(self.action)}"
            where = f"action {self.index} ({what})"
            if self.path is not None:
                where += f" {self.path}"
            likely = f"; {self.likely}" if self.likely else ""
            return f"{where}: {rule}{self.reason}{likely}"
        if self.path is not None:
            return f"{self.path}: {rule}{self.reason}"
        label = "result" if self.kind is ProblemKind.RESULT else "log"
        return f"{label}: {rule}{self.reason}"

    def to_json(self) -> dict[str, Any]:
        """The problem as JSON data (for ``tigris-rules validate --json``)."""
        action = None
        if self.action is not None:
            try:
                action = unstructure(self.action)
            except Exception:
                action = repr(self.action)
        return {
            "kind": self.kind.value,
            "index": self.index,
            "player": self.player,
            "action": action,
            "rule": self.rule,
            "path": self.path,
            "reason": self.reason,
            "assumed": self.assumed,
            "line": self.line,
            "column": self.column,
            "diagnosis": self.diagnosis,
            "likely": self.likely,
            "message": str(self),
        }

    def error(self) -> LogError | FormatError:
        """The exception that stands for this problem."""
        if self.kind is ProblemKind.FORMAT and self.index is None:
            return FormatError(self.path or "$", self.reason)
        return LogError(
            str(self),
            kind=self.kind.value,
            reason=self.reason,
            index=self.index,
            player=self.player,
            action=self.action,
            rule=self.rule,
            problem=self,
        )


class Verdict:
    """What a list of problems says of a log: valid or not, malformed or not (the base of
    :class:`Report` and of the bulk summaries, which hold ``problems``)."""

    __slots__ = ()
    problems: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        """No problem at all."""
        return not self.problems

    @property
    def malformed(self) -> bool:
        """At least one format problem: the document does not follow the format."""
        return any(p.kind is ProblemKind.FORMAT for p in self.problems)


@attrs.frozen
class Report(Verdict):
    """What :func:`validate_log` found.

    ``problems`` lists the problems in log order, at most ``max_problems`` of them, and
    ``more`` counts those found past that cap; ``actions`` is how many actions the log holds
    and ``applied`` how many replayed as written; ``state`` is the position the replay
    reached (``None`` when the log could not be read or started); ``log`` is the log checked
    (``None`` when it could not be read; read from JSON, it keeps no actions: ``actions``
    counts them); ``over`` says whether the game ended.
    """

    problems: tuple[Problem, ...]
    actions: int = 0
    applied: int = 0
    state: AnyState | None = None
    log: GameLog | None = None
    more: int = 0

    @property
    def over(self) -> bool:
        """Whether the replayed game ended."""
        return self.state is not None and is_over(self.state)
