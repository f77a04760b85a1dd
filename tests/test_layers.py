"""The two rulesets never import each other (docs/architecture.md): what they share lives
in the model, below both."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tigris_rules

PACKAGE = Path(tigris_rules.__file__).parent


def imported_modules(path: Path) -> set[str]:
    """The absolute module names ``path`` imports, at any depth of its code."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize(("ruleset", "other"), [("cards", "rules"), ("rules", "cards")])
def test_a_ruleset_imports_nothing_of_the_other(ruleset: str, other: str) -> None:
    forbidden = f"tigris_rules.{other}"
    found = {
        (path.name, name)
        for path in sorted((PACKAGE / ruleset).glob("*.py"))
        for name in imported_modules(path)
        if name == forbidden or name.startswith(forbidden + ".")
    }
    assert found == set()


def test_the_check_sees_an_import() -> None:
    """The scan finds imports, so that an empty answer above means something."""
    names = imported_modules(PACKAGE / "cli.py")
    assert {"tigris_rules.rules.scoring", "tigris_rules.cards.scoring.card_result"} <= names
