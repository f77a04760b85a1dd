"""``import tigris_rules`` loads the board game's model and the public functions only: the
card game, the records and schemas, the views, the pictures and the AI are imported when one
of their names is first asked for (PEP 562), and every public name is still there."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tigris_rules as tr

LEFT_FOR_LATER = (
    "tigris_rules.cards",
    "tigris_rules.records",
    "tigris_rules.render",
    "tigris_rules.views",
    "tigris_rules.ai",
    "tigris_rules.games",
    "tigris_rules.tools",
    "tigris_rules.variants",
    "tigris_rules.rules",
    "tigris_rules.rulebook",
    "importlib.metadata",
    "importlib.resources",
)


def _loaded_after(code: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.split()


def test_importing_the_package_loads_none_of_the_adapters() -> None:
    loaded = _loaded_after("import tigris_rules")
    early = [m for m in loaded if m.startswith(LEFT_FOR_LATER)]
    assert early == []
    assert "tigris_rules.api" in loaded


def test_a_name_of_the_card_game_loads_it_when_asked() -> None:
    loaded = _loaded_after("import tigris_rules as tr\ntr.CardGameState")
    assert "tigris_rules.cards.state" in loaded


@pytest.mark.parametrize("name", sorted(tr.__all__))
def test_every_public_name_is_found_and_listed(name: str) -> None:
    assert getattr(tr, name) is not None
    assert name in dir(tr)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        tr.no_such_name  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError, match="no_such_name"):
        tr.api.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_the_names_needing_the_card_game_are_found_in_api() -> None:
    assert tr.api.new_card_game is tr.new_card_game
    assert tr.api.AnyState == tr.GameState | tr.CardGameState
    assert tr.api.AnyAction == tr.Action | tr.CardAction
