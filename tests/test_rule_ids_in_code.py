"""Rule IDs are written out where the code enforces them (DESIGN.md: one rule, one place, one
ID): a search of the source for ``WAR-15`` finds the code of WAR-15.

A rule is *enforced by code* when RULES.md states it as a rule: every ``- **ID**`` entry but
those marked "(informative)". Each of them must appear literally in a module of
``src/tigris_rules``, and no module may cite a range of IDs (``WAR-12..WAR-17``,
``CARD-TURN-2..7``, ``REVOLT-4/5``, ``TILE-1 to TILE-5``), which hides the IDs inside it.
"""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).parent.parent / "src" / "tigris_rules"
RULES = SRC / "data" / "RULES.md"
ENTRY = re.compile(r"^\s*- \*\*(?P<id>[A-Z]+(?:-[A-Z]+)*-\d+)\*\*(?P<mark> \(informative\))?", re.M)
ID = re.compile(r"(?<![A-Z-])[A-Z]+(?:-[A-Z]+)*-\d+(?!\d)")
RANGE = re.compile(
    r"(?<![A-Z-])[A-Z]+(?:-[A-Z]+)*-\d+(?:\([a-z0-9]+\))?"
    r"\s*(?:\.\.\.?|\u2026|\u2013|\u2014|/|\bto\b|\bthrough\b)\s*"  # dots, ellipsis, dashes, words
    r"(?:[A-Z]+(?:-[A-Z]+)*-)?\d+(?!\d)"
)

# The move of the civilization buildings and the ziggurat out of the base state into their
# variant modules rewrites these two modules and writes their IDs out. Delete both sets with
# that change: test_the_lists_of_what_is_left_are_current fails as soon as they are stale.


def rules() -> dict[str, bool]:
    """Every rule ID of RULES.md, and whether code enforces it (it is not informative)."""
    text = RULES.read_text(encoding="utf-8")
    return {m["id"]: m["mark"] is None for m in ENTRY.finditer(text)}


def sources() -> dict[str, str]:
    """The text of every module of the package, by path relative to the package."""
    return {
        path.relative_to(SRC).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(SRC.rglob("*.py"))
    }


def cited_in_code() -> set[str]:
    return {i for text in sources().values() for i in ID.findall(text)}


def ranges() -> dict[str, list[str]]:
    """The ranges of IDs each module cites."""
    found = {path: RANGE.findall(text) for path, text in sources().items()}
    return {path: cited for path, cited in found.items() if cited}


def test_the_specification_marks_few_rules_informative() -> None:
    """Nearly every rule is enforced: the informative ones are the exception."""
    enforced = rules()
    assert len(enforced) > 250
    assert sorted(i for i, by_code in enforced.items() if not by_code) == ["SETUP-9"]


def test_every_enforced_rule_is_named_in_the_code() -> None:
    enforced = {i for i, by_code in rules().items() if by_code}
    missing = enforced - cited_in_code()
    assert not missing, f"rules enforced by code but named by no module: {sorted(missing)}"


def test_the_code_cites_only_rules_of_the_specification() -> None:
    known = rules()
    areas = {i.rsplit("-", 1)[0] for i in known}
    unknown = {i for i in cited_in_code() if i.rsplit("-", 1)[0] in areas} - set(known)
    assert not unknown, f"IDs cited by the code that RULES.md does not define: {sorted(unknown)}"


def test_no_module_cites_a_range_of_rules() -> None:
    cited = ranges()
    assert not cited, f"write each ID out where its rule is enforced: {cited}"


def test_the_range_pattern_finds_the_ways_of_writing_a_range() -> None:
    written = ("WAR-12..WAR-17", "CARD-TURN-2..7", "REVOLT-4/5", "TILE-1 to TILE-5", "X-5(c)..8")
    for text in (*written, "(WAR-12\u2013WAR-17)", "(SCORE-3..6)."):
        assert RANGE.search(text), text
    for text in ("WAR-12, WAR-13", "TURN-11(c)..(f)", "OPT-3: seats 0..N-1", "SETUP-6 (6 tiles)"):
        assert not RANGE.search(text), text
