"""The registry of games and variants (``tigris_rules.model.plugins``): this package's names are
found without reading what is installed, an installed plug-in that takes one of them is never
used, and one that cannot be imported is refused by name while the others work."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import tigris_rules as tr
from tigris_rules.model import plugins
from tigris_rules.model import ruleset as model_ruleset
from tigris_rules.model.config import known_variants
from tigris_rules.model.plugins import VARIANT_GROUP, PluginWarning, is_plugin, plugin


@pytest.fixture
def forget() -> Iterator[None]:
    """What is installed is read again before and after the test."""
    plugins._installed.cache_clear()
    plugins._names.cache_clear()
    model_ruleset._resolved.cache_clear()
    yield
    plugins._installed.cache_clear()
    plugins._names.cache_clear()
    model_ruleset._resolved.cache_clear()


def _install(root: Path, name: str, entries: str, modules: dict[str, str]) -> None:
    """A distribution ``name`` in ``root``: its metadata, entry points and modules."""
    info = root / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{VARIANT_GROUP}]\n{entries}\n")
    for module, text in modules.items():
        (root / f"{module}.py").write_text(text)


CALM_AGAIN = """
from tigris_rules.rules.hooks import Variant


class Again(Variant):
    name = "again"
"""


@pytest.mark.usefixtures("forget")
def test_built_in_names_are_found_without_reading_what_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unread(*, group: str) -> object:
        raise AssertionError(f"the installed plug-ins of {group} were read")

    monkeypatch.setattr(plugins, "entry_points", unread)
    config = tr.GameConfig(players=3, variants=("ziggurat", "english"))
    assert config.variants == ("english", "ziggurat")
    assert tr.legal_actions(tr.new_game(config, seed=1))
    assert tr.legal_actions(tr.new_game(tr.GameConfig(game="cards"), seed=1))


@pytest.mark.usefixtures("forget")
def test_an_installed_plug_in_taking_a_built_in_name_is_warned_of_and_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install(tmp_path, "clash", "ziggurat = clash_again:Again", {"clash_again": CALM_AGAIN})
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.warns(PluginWarning, match=r"'ziggurat'.*clash_again:Again.*Ziggurat"):
        names = known_variants()
    assert names.count("ziggurat") == 1
    assert plugin(VARIANT_GROUP, "ziggurat").__module__ == "tigris_rules.variants.ziggurat"
    assert tr.GameConfig(variants=("ziggurat",)).variants == ("ziggurat",)


@pytest.mark.usefixtures("forget")
def test_a_plug_in_that_cannot_be_imported_is_refused_by_name_and_the_others_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install(
        tmp_path,
        "mixed",
        "broken = mixed_broken:Broken\nagain = mixed_again:Again",
        {"mixed_broken": "raise ImportError('no such thing')\n", "mixed_again": CALM_AGAIN},
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert not is_plugin(VARIANT_GROUP, "broken")
    assert is_plugin(VARIANT_GROUP, "again")
    assert "again" in known_variants()
    assert "broken" not in known_variants()
    with pytest.raises(tr.ConfigError, match=r"'broken'.*cannot be loaded: ImportError"):
        plugin(VARIANT_GROUP, "broken")
    with pytest.raises(tr.ConfigError, match=r"unknown variant 'broken'"):
        tr.GameConfig(variants=("broken",))


@pytest.mark.usefixtures("forget")
def test_an_unknown_name_is_refused_with_the_known_ones() -> None:
    with pytest.raises(tr.ConfigError, match=r"unknown game 'chess'; expected one of 'board'"):
        tr.GameConfig(game="chess")
    with pytest.raises(tr.ConfigError, match=r"no plug-in 'calmer' in tigris_rules.variants"):
        plugin(VARIANT_GROUP, "calmer")
    with pytest.raises(tr.ConfigError, match=r"unknown game 1"):
        tr.GameConfig(game=1)  # type: ignore[arg-type]
