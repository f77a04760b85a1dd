"""A ruleset is the whole game (DESIGN.md, principle 4): no module outside a game's own
package asks which game it holds. Read with ``ast`` over the source, so a branch no test runs
is caught as well.

Two questions give a game away: a type test against the card game's classes
(``isinstance(state, CardGameState)``, ``type(view) is CardView``, the argument checks
``expect(state, (GameState, CardGameState), ...)``), and a comparison of a configuration's
``game`` with a game's name (``config.game == "cards"``, ``game != "board"``, ``match
config.game: case "cards"``). Type annotations and imports name the classes freely (the
overloads of ``api.py``, say).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from tigris_rules.model.plugins import BUILT_IN, RULESET_GROUP

SRC = Path(__file__).parent.parent / "src"
PACKAGE = SRC / "tigris_rules"

CARD_CLASSES = frozenset({"CardGameState", "CardView"})
"""The card game's classes an adapter would test a value against."""

GAME_NAMES = frozenset(BUILT_IN[RULESET_GROUP])
"""The names of this package's games (``"board"``, ``"cards"``)."""

CARD_GAME = ("tigris_rules.cards", "tigris_rules.games.cards")
"""The card game's own package: it may test for its own classes."""

OWN_PACKAGES = (
    *CARD_GAME,
    "tigris_rules.rules",
    "tigris_rules.variants",
    "tigris_rules.games.board",
)
"""The games' own packages: each may check that a configuration names its own game."""

TYPE_TESTS = frozenset({"isinstance", "issubclass", "expect", "expect_items"})
"""Calls whose second argument is a class, or classes, that a value is tested against."""

NOT_YET_FIXED: frozenset[str] = frozenset()
"""Modules known to break the rule, each with the part of the work that removes it."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        yield module_name(path), ast.parse(path.read_text(encoding="utf-8"), str(path))


def _within(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def _names(node: ast.AST) -> set[str]:
    """The class names ``node`` mentions (``CardGameState``, ``cards.CardView``, tuples and
    unions of them)."""
    found = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name):
            found.add(inner.id)
        elif isinstance(inner, ast.Attribute):
            found.add(inner.attr)
    return found


def _is_game(node: ast.AST) -> bool:
    """``game`` or ``<anything>.game``: a configuration's game, or a variable holding one."""
    return (isinstance(node, ast.Name) and node.id == "game") or (
        isinstance(node, ast.Attribute) and node.attr == "game"
    )


def _game_names(node: ast.AST) -> bool:
    """A game's name, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return node.value in GAME_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_game_names(item) for item in node.elts)
    return False


def card_type_tests(tree: ast.Module) -> list[int]:
    """The lines that test a value against the card game's classes."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in TYPE_TESTS and len(node.args) >= 2 and _names(node.args[1]) & CARD_CLASSES:
                lines.append(node.lineno)
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            typed = any(
                isinstance(s, ast.Call) and isinstance(s.func, ast.Name) and s.func.id == "type"
                for s in sides
            )
            if typed and any(_names(s) & CARD_CLASSES for s in sides):
                lines.append(node.lineno)
    return lines


def game_comparisons(tree: ast.Module) -> list[int]:
    """The lines that compare a game with a game's name."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_game(s) for s in sides) and any(_game_names(s) for s in sides):
                lines.append(node.lineno)
        elif isinstance(node, ast.Match) and _is_game(node.subject):
            values = [c.pattern for c in node.cases if isinstance(c.pattern, ast.MatchValue)]
            if any(_game_names(v.value) for v in values):
                lines.append(node.lineno)
    return lines


def offences() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for module, tree in modules():
        lines = []
        if not _within(module, CARD_GAME):
            lines += [f"{module}:{n}: a card-game type test" for n in card_type_tests(tree)]
        if not _within(module, OWN_PACKAGES):
            lines += [f"{module}:{n}: compares a game with a name" for n in game_comparisons(tree)]
        if lines:
            found[module] = lines
    return found


def test_no_module_asks_which_game_it_holds() -> None:
    """Point 1 of issue 24: adapters ask the state's ruleset, not the game's name or class."""
    found = {m: lines for m, lines in offences().items() if m not in NOT_YET_FIXED}
    assert not found, "\n".join(line for lines in found.values() for line in lines)


def test_the_list_of_modules_not_yet_fixed_is_current() -> None:
    """A module fixed leaves the list, so that it cannot slip back."""
    assert not NOT_YET_FIXED - set(offences()), "fixed: leave the list"


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ("isinstance(state, CardGameState)", "type"),
        ("isinstance(state, GameState | cards.CardGameState)", "type"),
        ("expect(view, (PlayerView, CardView), 'view')", "type"),
        ("type(state) is CardGameState", "type"),
        ("config.game == 'cards'", "game"),
        ("'board' != state.config.game", "game"),
        ("game in ('cards',)", "game"),
        ("match config.game:\n    case 'cards':\n        pass", "game"),
    ],
)
def test_the_check_sees_each_way_of_asking(source: str, kind: str) -> None:
    tree = ast.parse(source)
    assert (card_type_tests(tree) if kind == "type" else game_comparisons(tree)) == [1]


@pytest.mark.parametrize(
    "source",
    [
        "def view(state: CardGameState) -> CardView: ...",
        "from tigris_rules.cards.state import CardGameState",
        "isinstance(state, GameState)",
        "config.game == other.game",
        "config.board == 'classic'",
    ],
)
def test_the_check_lets_annotations_imports_and_other_tests_be(source: str) -> None:
    tree = ast.parse(source)
    assert card_type_tests(tree) == game_comparisons(tree) == []
