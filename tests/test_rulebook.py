"""The packaged RULES.md: every rule's text by ID, and the text carried by rejections."""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules import rulebook
from tigris_rules.cards import new_card_game
from tigris_rules.errors import ArgumentTypeError, IllegalActionError, TigrisError

SOURCE = Path(tr.__file__).parent
ID = re.compile(r"[A-Z]+(?:-[A-Z]+)*-\d+")


def rule_literals() -> set[str]:
    """Every string literal of the package's code that is a whole rule ID: the IDs a
    rejection can carry (they are written out where the rejection is raised)."""
    found: set[str] = set()
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and ID.fullmatch(node.value)
            ):
                found.add(node.value)
    return found


def test_every_rule_a_rejection_can_carry_has_a_text() -> None:
    literals = rule_literals()
    assert {"END-3", "CONV-15", "TURN-1", "TURN-3", "LEADER-7", "CARD-WAR-5", "BLD-6"} <= literals
    known = set(rulebook.rule_ids())
    assert sorted(literals - known) == []
    for rule in literals:
        assert rulebook.describe(rule).strip()


def test_rule_ids_follow_the_specification() -> None:
    ids = rulebook.rule_ids()
    assert len(ids) == len(set(ids)) == 255
    assert ids[:2] == ("CONV-1", "CONV-2")
    assert ids[-1].startswith("CARD-")
    spec = rulebook.specification()
    assert ids == tuple(re.findall(r"^- \*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\*", spec, re.MULTILINE))


def test_describe_gives_the_whole_rule_and_nothing_more() -> None:
    assert rulebook.describe("TILE-3") == "A blue tile may go only on a river square."
    visibility = rulebook.describe("CONV-14")
    assert visibility.startswith("*Visibility* (D21).\n- (a) Public at all times")
    assert "- (f) Once the game has ended" in visibility
    assert visibility.endswith("« Les joueurs retirent alors leurs paravents »).")
    assert "CONV-15" not in visibility.split("\n")[-1]
    assert rulebook.describe("LEADER-11(b)") == rulebook.describe("LEADER-11")


@pytest.mark.parametrize("rule", ["WAR-99", "war-7", "", "CONV", "Part I"])
def test_an_unknown_rule_is_a_library_error(rule: str) -> None:
    with pytest.raises(rulebook.UnknownRuleError, match="not a rule ID") as info:
        rulebook.describe(rule)
    assert isinstance(info.value, TigrisError)
    assert info.value.rule == rule


def test_a_rule_id_must_be_a_string() -> None:
    with pytest.raises(ArgumentTypeError, match="rule_id"):
        rulebook.describe(7)  # type: ignore[arg-type]


def test_a_rejection_offers_its_rule_text() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    with pytest.raises(IllegalActionError) as info:
        tr.apply(state, tr.PlaceLeader(tr.Color.RED, "a1"))
    assert info.value.rule == "LEADER-7"
    assert info.value.rule_text == rulebook.describe("LEADER-7")
    assert "temple" in info.value.rule_text


def test_a_card_game_rejection_offers_its_rule_text() -> None:
    state = new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    with pytest.raises(IllegalActionError) as info:
        tr.apply(state, tr.EndTurn(), player=1)
    assert info.value.rule_text == rulebook.describe(info.value.rule)


def test_an_error_built_by_hand_with_an_unknown_rule() -> None:
    with pytest.raises(rulebook.UnknownRuleError):
        _ = IllegalActionError("NOPE-1", "made up").rule_text


def test_the_module_examples_run() -> None:
    failures, tried = doctest.testmod(rulebook, raise_on_error=False)
    assert tried > 0
    assert failures == 0


@pytest.mark.parametrize("rule", ["ENG-2", "ENG-3", "BLD-4", "ZIG-3(a)", "MON-11"])
def test_a_variant_rule_rejection_offers_its_rule_text(rule: str) -> None:
    """The shipped variants' rules (ENG, BLD, ZIG) are RULES.md's: a rejection under one
    gives its text."""
    assert IllegalActionError(rule, "refused").rule_text == rulebook.describe(rule)


def test_an_unknown_rule_text_names_the_rule() -> None:
    with pytest.raises(rulebook.UnknownRuleError, match="'XYZ-1' is not a rule ID"):
        IllegalActionError("XYZ-1", "refused").rule_text  # noqa: B018 (a property)
