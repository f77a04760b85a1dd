"""Layers that only look down (docs/architecture.md): the contracts of ``[tool.importlinter]``
in pyproject.toml hold, and every module of the package has its place in the layers."""

from __future__ import annotations

import configparser
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"
STRICT = Path(__file__).parent / "importlinter-strict.ini"
"""The contracts counting type-only imports: the model and the rulesets look at nothing above."""
FACADES = {"tigris_rules", "tigris_rules.cards"}
"""Packages whose ``__init__`` gathers the public names of the layers under it: not a layer."""


def layer_modules() -> list[set[str]]:
    """The modules named by each layer of the layers contract, from the highest layer down."""
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    (contract,) = (c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    layers: list[str] = contract["layers"]
    return [{name.strip() for name in layer.replace("|", ":").split(":")} for layer in layers]


def test_the_import_contracts_hold() -> None:
    """``lint-imports``: no module imports from a layer above its own, and the two rulesets
    never import each other (the report of a broken contract names the chain of imports)."""
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0


def test_the_strict_import_contracts_hold() -> None:
    """Type-only imports count too (``exclude_type_checking_imports = false``): the model
    imports nothing of the rulesets, the variants or the adapters, and the rulesets import
    no variant and no adapter, even for an annotation."""
    assert lint_imports(config_filename=str(STRICT), no_cache=True, no_logo=True) == 0


def test_the_strict_contracts_follow_the_layers() -> None:
    """The strict contracts forbid every module of the layers above their sources, as the
    layers of pyproject.toml list them, and their sources are the model and the rulesets."""
    *adapter_layers, variants, rulesets, _ = layer_modules()
    adapters = set().union(*adapter_layers)
    strict = configparser.ConfigParser()
    strict.read(STRICT, encoding="utf-8")
    assert strict["importlinter"]["exclude_type_checking_imports"] == "false"

    def listed(section: str, key: str) -> set[str]:
        return set(strict[f"importlinter:contract:{section}"][key].split())

    model = listed("model-alone", "forbidden_modules")
    assert model == {"tigris_rules.rules", "tigris_rules.cards"} | variants | adapters
    assert listed("rules-below-variants-and-adapters", "source_modules") == rulesets
    assert listed("rules-below-variants-and-adapters", "forbidden_modules") == variants | adapters


def test_every_module_has_one_layer() -> None:
    """A module left out of the layers would escape the contract: each is in exactly one."""
    layers = layer_modules()
    graph = grimp.build_graph("tigris_rules", cache_dir=None)
    misplaced = {}
    for module in sorted(graph.modules - FACADES):
        found = [
            index
            for index, names in enumerate(layers)
            for name in names
            if module == name or module.startswith(name + ".")
        ]
        if len(found) != 1:
            misplaced[module] = found
    assert not misplaced, f"modules in no layer or in several (by layer index): {misplaced}"


def test_the_layer_table_names_only_modules_that_exist() -> None:
    graph = grimp.build_graph("tigris_rules", cache_dir=None)
    assert set().union(*layer_modules()) <= graph.modules


def test_importing_the_package_installs_the_jupyter_pictures() -> None:
    """The model and the card ruleset do not import their renderers; ``import tigris_rules``
    loads the renderers, which give both kinds of state their ``_repr_svg_``."""
    code = (
        "import tigris_rules as tr\n"
        "board = tr.new_game(tr.GameConfig(players=2), seed=1)\n"
        "cards = tr.new_card_game(tr.GameConfig(players=2, game='cards'), seed=1)\n"
        "print(board._repr_svg_()[:4], cards._repr_svg_()[:4])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["<svg", "<svg"]
