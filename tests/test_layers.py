"""Layers that only look down (docs/architecture.md): the contracts of ``[tool.importlinter]``
in pyproject.toml hold, and every module of the package has its place in the layers."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).parent.parent / "pyproject.toml"
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
