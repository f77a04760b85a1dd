"""A missing optional dependency is named with the extra that installs it (pyproject.toml,
[project.optional-dependencies]): the adapters and the numpy helpers raise an ImportError
saying ``pip install 'tigris-rules[extra]'``. The missing module is simulated."""

from __future__ import annotations

import importlib
import sys

import pytest

import tigris_rules as tr
from tigris_rules.ai.encoding import legal_action_mask_array
from tigris_rules.ai.information import observation_array
from tigris_rules.ai.planes import observation_planes

ADAPTERS = [
    ("tigris_rules.ai.integrations.openspiel", "pyspiel", "openspiel"),
    ("tigris_rules.ai.integrations.openspiel", "numpy", "openspiel"),
    ("tigris_rules.ai.integrations.pettingzoo", "pettingzoo", "pettingzoo"),
    ("tigris_rules.ai.integrations.pettingzoo", "gymnasium", "pettingzoo"),
    ("tigris_rules.ai.integrations.pettingzoo", "numpy", "pettingzoo"),
    ("tigris_rules.ai.integrations.openspiel_prior", "pyspiel", "openspiel"),
    ("tigris_rules.ai.integrations.gymnasium_env", "gymnasium", "gymnasium"),
    ("tigris_rules.ai.integrations.gymnasium_env", "numpy", "gymnasium"),
]


def extras() -> set[str]:
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return set(data["project"]["optional-dependencies"])


@pytest.mark.parametrize(("adapter", "missing", "extra"), ADAPTERS)
def test_an_adapter_names_the_extra_it_needs(
    adapter: str, missing: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert extra in extras()
    monkeypatch.setitem(sys.modules, missing, None)
    monkeypatch.delitem(sys.modules, adapter, raising=False)
    with pytest.raises(
        ImportError, match=rf"needs {missing}.*pip install 'tigris-rules\[{extra}\]'"
    ):
        importlib.import_module(adapter)


def test_the_numpy_helpers_name_the_numpy_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    assert "numpy" in extras()
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'tigris-rules\[numpy\]'"):
        observation_array(state, 0)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'tigris-rules\[numpy\]'"):
        legal_action_mask_array(state)
    with pytest.raises(ModuleNotFoundError, match=r"observation_planes needs numpy"):
        observation_planes(state, 0)


def test_an_error_of_the_package_itself_is_not_taken_for_a_missing_extra() -> None:
    from tigris_rules._extras import extra_needed

    with (
        pytest.raises(ImportError, match=r"tigris_rules\.nowhere") as info,
        extra_needed("numpy", "a test"),
    ):
        import tigris_rules.nowhere  # type: ignore[import-not-found]  # noqa: F401
    assert "pip install" not in str(info.value)
