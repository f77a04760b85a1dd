"""The rule texts of RULES.md, shipped with the package, by rule ID (read once, when first
asked): what :mod:`tigris_rules.rulebook` and the errors' ``rule_text`` give."""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

__all__ = ["rule_texts", "specification", "text_of"]

_RULE = re.compile(r"- \*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\* ?(.*)")


def specification() -> str:
    """The whole of RULES.md, the normative rules of both games, as shipped."""
    return files("tigris_rules").joinpath("data", "RULES.md").read_text(encoding="utf-8")


@cache
def rule_texts() -> dict[str, str]:
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


def text_of(rule_id: str) -> str | None:
    """The text of ``rule_id`` (a clause suffix, ``"LEADER-11(b)"``, names its rule's whole
    text), or ``None`` when RULES.md defines no such rule."""
    return rule_texts().get(rule_id.split("(", 1)[0].strip())
