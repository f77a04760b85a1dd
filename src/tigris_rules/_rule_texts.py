"""The rule texts of RULES.md, shipped with the package, by rule ID (read once, when first
asked), and those the loaded variants declare for their own rules (``Variant.rule_texts``):
what
:mod:`tigris_rules.rulebook` and the errors' ``rule_text`` give."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

__all__ = ["declare", "rule_texts", "specification", "text_of", "variant_rule_texts"]

_RULE = re.compile(r"- \*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\* ?(.*)")


def specification() -> str:
    """The whole of RULES.md, the normative rules of both games, as shipped."""
    from importlib.resources import files  # imported when first asked, not with the package

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


_DECLARED: dict[str, str] = {}
"""The texts the loaded variants declare for their own rules, by ID."""


def declare(texts: object) -> None:
    """Record the texts a variant declares for its own rules (``Variant.rule_texts``, a
    mapping of rule ID to text; anything else declares none): called as the installed
    variants are loaded (:mod:`tigris_rules.model.plugins`)."""
    if isinstance(texts, Mapping):
        _DECLARED.update({str(rule): str(text) for rule, text in texts.items()})


def variant_rule_texts() -> dict[str, str]:
    """The texts the loaded variants declare for their own rules, by ID."""
    return dict(_DECLARED)


def text_of(rule_id: str) -> str | None:
    """The text of ``rule_id`` (a clause suffix, ``"LEADER-11(b)"``, names its rule's whole
    text): RULES.md's, else the one an installed variant declares for its own rule; ``None``
    when neither defines it."""
    rule = rule_id.split("(", 1)[0].strip()
    found = rule_texts().get(rule)
    return _DECLARED.get(rule) if found is None else found
