"""Every base-game rule ID of RULES.md is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
RULES = TESTS.parent / "src" / "tigris_rules" / "data" / "RULES.md"
SHARED_RULES = TESTS.parent.parent / "shared" / "RULES.md"
SHARED_DECISIONS = SHARED_RULES.with_name("DECISIONS.md")
ID = re.compile(r"(?<![A-Z-])([A-Z]+(?:-[A-Z]+)?-\d+)\b")
BASE_AREAS = {
    "CONV", "COMP", "SETUP", "TURN", "LEADER", "TILE", "CATA", "SWAP",
    "REVOLT", "WAR", "MON", "TREAS", "END", "SCORE", "OPT",
}  # fmt: skip


def rule_ids() -> set[str]:
    return set(ID.findall(RULES.read_text(encoding="utf-8")))


def cited_ids() -> set[str]:
    cited: set[str] = set()
    for path in TESTS.rglob("*.py"):
        if path.name != Path(__file__).name:
            cited |= set(ID.findall(path.read_text(encoding="utf-8")))
    return cited


def test_rules_copy_matches_the_specification() -> None:
    """The packaged RULES.md is the specification the tests check against."""
    if not SHARED_RULES.exists():
        pytest.skip(
            f"{SHARED_RULES} is missing: no specification folder shared/ beside the checkout"
        )
    assert RULES.read_text(encoding="utf-8") == SHARED_RULES.read_text(encoding="utf-8")


def test_decisions_copy_matches_the_specification() -> None:
    """The packaged DECISIONS.md, which RULES.md cites (D1..D27, V1..V6), is the owner's."""
    if not SHARED_DECISIONS.exists():
        pytest.skip(f"{SHARED_DECISIONS} is missing: no folder shared/ beside the checkout")
    decisions = RULES.with_name("DECISIONS.md")
    assert decisions.read_text(encoding="utf-8") == SHARED_DECISIONS.read_text(encoding="utf-8")


def test_the_specification_has_base_rules() -> None:
    ids = rule_ids()
    assert {i.rsplit("-", 1)[0] for i in ids} >= BASE_AREAS
    assert len([i for i in ids if i.rsplit("-", 1)[0] in BASE_AREAS]) >= 140


def test_every_base_rule_is_cited_by_a_test() -> None:
    base = {i for i in rule_ids() if i.rsplit("-", 1)[0] in BASE_AREAS}
    missing = sorted(
        base - cited_ids(), key=lambda i: (i.rsplit("-", 1)[0], int(i.rsplit("-", 1)[1]))
    )
    assert not missing, f"base rules cited by no test: {', '.join(missing)}"
