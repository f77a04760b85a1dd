"""``import tigris_rules`` loads the board game's model and the public functions only: the
card game, the records and schemas, the views, the pictures and the AI are imported when one
of their names is first asked for (PEP 562), and every public name is still there."""

from __future__ import annotations

import importlib
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


FIRST_GAME_LEAVES = (
    "tigris_rules.cards",
    "tigris_rules.records",
    "tigris_rules.render",
    "tigris_rules.views",
    "tigris_rules.ai",
    "tigris_rules.tools",
    "tigris_rules.variants",
    "importlib.metadata",
    "cattrs",
)
"""What a first board game, its legal actions and a step need not load: the other game, the
surfaces (records, pictures, views, search), the variants it does not name and the list of
installed plug-ins."""


def test_a_first_board_game_loads_its_rules_only() -> None:
    loaded = _loaded_after(
        "import tigris_rules as tr\n"
        "state = tr.new_game(tr.GameConfig(players=3), seed=1)\n"
        "tr.apply(state, tr.legal_actions(state)[0])"
    )
    assert [m for m in loaded if m.startswith(FIRST_GAME_LEAVES)] == []
    assert "tigris_rules.rules.legality" in loaded


def test_a_first_card_game_loads_neither_the_board_game_nor_the_plug_ins() -> None:
    loaded = _loaded_after(
        "import tigris_rules as tr\n"
        "state = tr.new_game(tr.GameConfig(game='cards'), seed=1)\n"
        "tr.apply(state, tr.legal_actions(state)[0])"
    )
    later = ("tigris_rules.records", "tigris_rules.ai", "tigris_rules.render", "importlib.metadata")
    assert [m for m in loaded if m.startswith(later)] == []
    board_game = ("tigris_rules.rules", "tigris_rules.variants", "tigris_rules.views.board")
    assert [m for m in loaded if m.startswith(board_game)] == []
    assert "tigris_rules.cards.legality" in loaded


@pytest.mark.parametrize(
    ("package", "table"),
    [
        ("tigris_rules", "_LAZY"),
        ("tigris_rules.views", "_MODULES"),
        ("tigris_rules.variants", "_MODULES"),
    ],
)
def test_every_lazy_name_is_found_where_its_package_says(package: str, table: str) -> None:
    found = importlib.import_module(package)
    modules: dict[str, str] = getattr(found, table)
    for name, module in modules.items():
        holder = importlib.import_module(module, package)
        value = getattr(found, name)
        is_module = holder.__name__ == f"{package}.{name}"
        assert value is (holder if is_module else getattr(holder, name))
        assert vars(found)[name] is value  # kept: the next read finds it at once
    assert {*modules, *found.__all__} <= set(dir(found))
    with pytest.raises(AttributeError, match=f"module '{package}' has no attribute 'board_state'"):
        _ = found.board_state


def test_the_views_name_every_public_name_lazily() -> None:
    from tigris_rules import views

    assert set(views._MODULES) == set(views.__all__)


def test_a_lazy_name_of_a_module_is_the_module() -> None:
    assert tr.rulebook is importlib.import_module("tigris_rules.rulebook")


def test_a_variant_named_loads_that_variant_alone() -> None:
    loaded = _loaded_after("import tigris_rules as tr\ntr.GameConfig(variants=('english',))")
    assert [m for m in loaded if m.startswith("tigris_rules.variants.")] == [
        "tigris_rules.variants.english"
    ]
    assert "importlib.metadata" not in loaded


def test_a_game_surface_loaded_later_is_read_from_json_first_thing() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import tigris_rules as tr\n"
            'print(tr.loads(\'{"type":"play_leader","color":"black","target":"1.0"}\','
            " tr.CardAction))",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.startswith("PlayLeader(")
