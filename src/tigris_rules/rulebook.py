"""The rules specification, RULES.md, shipped with the package: the text of every rule ID.

Every rejection carries the ID of the rule it breaks (CONV-17); :func:`describe` gives that
rule's text, as RULES.md words it, so that a front-end can show a player why his input was
refused. :func:`rule_ids` lists every ID the specification defines, in its order.

>>> from tigris_rules import rulebook
>>> rulebook.describe("TILE-3")
'A blue tile may go only on a river square.'
>>> len(rulebook.rule_ids()) > 250, rulebook.rule_ids()[0]
(True, 'CONV-1')

:attr:`tigris_rules.IllegalActionError.rule_text` is the same text for a rejection.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from tigris_rules.errors import ArgumentTypeError, TigrisError

__all__ = ["UnknownRuleError", "describe", "rule_ids", "specification"]

_RULE = re.compile(r"- \*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\* ?(.*)")


class UnknownRuleError(TigrisError, ValueError):
    """A rule ID that RULES.md does not define; ``rule`` is the ID asked for."""

    def __init__(self, rule: str) -> None:
        super().__init__(f"{rule!r} is not a rule ID of RULES.md (CONV-1, WAR-7, CARD-WAR-5...)")
        self.rule = rule


def specification() -> str:
    """The whole of RULES.md, the normative rules of both games, as shipped."""
    return files("tigris_rules").joinpath("data", "RULES.md").read_text(encoding="utf-8")


@cache
def _rules() -> dict[str, str]:
    """Every rule's text by ID, in the order of RULES.md.

    A rule is the bullet that opens with its bold ID and the indented lines under it (its
    clauses and notes), up to the next line that starts at the margin.
    """
    rules: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in specification().splitlines():
        opening = _RULE.fullmatch(line)
        if opening is not None:
            current = rules[opening.group(1)] = [opening.group(2)]
        elif current is not None and (not line or line.startswith("  ")):
            current.append(line[2:])
        else:
            current = None
    return {rule: "\n".join(lines).strip() for rule, lines in rules.items()}


def rule_ids() -> tuple[str, ...]:
    """Every rule ID of RULES.md, in the order the specification defines them."""
    return tuple(_rules())


def describe(rule_id: str) -> str:
    """The text of rule ``rule_id`` (``"WAR-7"``) as RULES.md words it, without its ID: the
    opening sentence, then its lettered clauses and notes, one per line as in the source.

    A clause suffix (``"LEADER-11(b)"``) names its rule's whole text. Raises
    :class:`UnknownRuleError` for an ID that RULES.md does not define and
    :class:`~tigris_rules.ArgumentTypeError` for a value that is not a string.
    """
    if not isinstance(rule_id, str):
        raise ArgumentTypeError.expected("rule_id", "a rule ID string", rule_id)
    rules = _rules()
    text = rules.get(rule_id.split("(", 1)[0].strip())
    if text is None:
        raise UnknownRuleError(rule_id)
    return text
