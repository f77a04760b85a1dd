"""Every card-game rule ID of RULES.md (Part II) is cited by at least one test in
tests/cards, in the test's name or docstring."""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
RULES = HERE.parents[1] / "src" / "tigris_rules" / "data" / "RULES.md"
CARD_ID = re.compile(r"(?<![A-Z-])(CARD-[A-Z]+-\d+)\b")
NAME_ID = re.compile(r"card_([a-z]+)_(\d+)")
DEFINED = re.compile(r"\*\*(CARD-[A-Z]+-\d+)\*\*")


def defined_ids() -> set[str]:
    return set(DEFINED.findall(RULES.read_text(encoding="utf-8")))


def cited_ids() -> set[str]:
    """IDs named by the docstring or the name of a test function (``card_war_5`` in a name
    stands for CARD-WAR-5)."""
    cited: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                cited |= set(CARD_ID.findall(ast.get_docstring(node) or ""))
                for area, number in NAME_ID.findall(node.name):
                    cited.add(f"CARD-{area.upper()}-{number}")
    return cited


def _key(rule: str) -> tuple[str, int]:
    area, number = rule.rsplit("-", 1)
    return area, int(number)


def test_the_specification_defines_the_card_rules() -> None:
    """The parsed RULES.md defines the card-game areas (sanity check of the parser)."""
    ids = defined_ids()
    areas = {rule.rsplit("-", 1)[0] for rule in ids}
    assert areas >= {"CARD-COMP", "CARD-SETUP", "CARD-DEF", "CARD-TURN", "CARD-LEADER"}
    assert len(ids) >= 80


def test_every_card_rule_is_cited_by_a_test() -> None:
    """Each CARD-* ID defined in RULES.md is named by a test in tests/cards."""
    missing = sorted(defined_ids() - cited_ids(), key=_key)
    assert not missing, f"card rules cited by no test: {', '.join(missing)}"


def test_no_test_cites_an_unknown_card_rule() -> None:
    """Every CARD-* ID a test names exists in RULES.md."""
    unknown = sorted(cited_ids() - defined_ids(), key=_key)
    assert not unknown, f"tests cite unknown card rules: {', '.join(unknown)}"
