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

from tigris_rules._rule_texts import rule_texts, specification, text_of
from tigris_rules.errors import ArgumentTypeError, UnknownRuleError
from tigris_rules.model.config import known_variants

__all__ = ["UnknownRuleError", "describe", "rule_ids", "specification"]


def rule_ids() -> tuple[str, ...]:
    """Every rule ID of RULES.md, in the order the specification defines them."""
    return tuple(rule_texts())


def describe(rule_id: str) -> str:
    """The text of rule ``rule_id`` (``"WAR-7"``) as RULES.md words it, without its ID: the
    opening sentence, then its lettered clauses and notes, one per line as in the source.

    A clause suffix (``"LEADER-11(b)"``) names its rule's whole text. An installed variant's
    own rule (not in RULES.md) is worded as the variant declares it (``Variant.rule_texts``).
    Raises :class:`UnknownRuleError` for an ID that neither defines and
    :class:`~tigris_rules.ArgumentTypeError` for a value that is not a string.
    """
    if not isinstance(rule_id, str):
        raise ArgumentTypeError.expected("rule_id", "a rule ID string", rule_id)
    text = text_of(rule_id)
    if text is None:
        known_variants()  # loads the installed variants, which declare their rules' texts
        text = text_of(rule_id)
    if text is None:
        raise UnknownRuleError(rule_id)
    return text
