"""The source of the compiled build (docs/performance.md, "The compiled build") keeps its
module-level constants ``Final``.

mypyc compiles a ``Final`` name of a compiled module to a C variable, and inlines a ``Final``
literal (``EMPTY: Final = 4``) wherever it is used, in any module. Any other module-level
name is looked up in the module's dictionary every time the compiled code reads it: inside
the legal-action loops, that made the compiled random playouts a fifth slower. These tests
read the source only, so they hold for both builds.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
CONSTANT = re.compile(r"_?[A-Z][A-Z0-9_]*")
"""An upper-case module-level name: a constant, by the project's naming."""


def _compiled_files() -> list[Path]:
    """The files the mypyc build hook compiles (``pyproject.toml``)."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    excluded = {ROOT / name for name in hook["exclude"]}
    files: list[Path] = []
    for name in hook["include"]:
        path = ROOT / name
        for file in sorted(path.glob("*.py")) if path.is_dir() else [path]:
            if file not in excluded and file.name != "__init__.py":
                files.append(file)
    return files


COMPILED = _compiled_files()


def _is_final(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    if isinstance(annotation, ast.Subscript):
        annotation = annotation.value
    return isinstance(annotation, ast.Name) and annotation.id == "Final"


def _constants(tree: ast.Module) -> dict[str, bool]:
    """Each upper-case name the module assigns at its top level, and whether it is
    ``Final``. Type variables and type aliases are not constants."""
    found: dict[str, bool] = {}
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if not (isinstance(node.annotation, ast.Name) and node.annotation.id == "TypeAlias"):
                found[node.target.id] = _is_final(node.annotation)
        elif isinstance(node, ast.Assign):
            call = node.value
            if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "TypeVar":
                continue
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        found[name.id] = False
    return {
        name: final
        for name, final in found.items()
        if CONSTANT.fullmatch(name) and name != "__all__"
    }


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _module_file(module: str) -> Path:
    base = SOURCE.joinpath(*module.split("."))
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def test_the_compiled_modules_are_found() -> None:
    names = {path.relative_to(SOURCE).as_posix() for path in COMPILED}
    assert "tigris_rules/rules/legality.py" in names
    assert "tigris_rules/model/squares.py" in names
    assert "tigris_rules/rules/hooks.py" not in names


@pytest.mark.parametrize("path", COMPILED, ids=lambda path: path.name)
def test_module_constants_are_final(path: Path) -> None:
    plain = [name for name, final in _constants(_tree(path)).items() if not final]
    assert plain == [], f"{path.name}: annotate these module constants Final: {plain}"


@pytest.mark.parametrize("path", COMPILED, ids=lambda path: path.name)
def test_constants_imported_by_compiled_code_are_final(path: Path) -> None:
    """A constant that compiled code imports from another module of the package (compiled
    or not) is ``Final`` where it is defined."""
    plain: list[str] = []
    for node in _tree(path).body:
        if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith(
            "tigris_rules"
        ):
            continue
        assert node.module is not None
        defined = _constants(_tree(_module_file(node.module)))
        for alias in node.names:
            if CONSTANT.fullmatch(alias.name) and not defined.get(alias.name, True):
                plain.append(f"{node.module}.{alias.name}")
    assert plain == [], f"{path.name} imports constants that are not Final: {plain}"


def test_a_plain_constant_is_found() -> None:
    """The check can fail: a plain assignment and an unpacking are reported, ``Final``
    names, type variables and aliases are not."""
    tree = ast.parse(
        "from typing import Final, TypeAlias, TypeVar\n"
        "A = 1\n"
        "B: int = 2\n"
        "C: Final = 3\n"
        "D: Final[int] = 4\n"
        "E, F = 5, 6\n"
        "T = TypeVar('T')\n"
        "Pair: TypeAlias = tuple[int, int]\n"
        "lower = 7\n"
    )
    assert _constants(tree) == {
        "A": False,
        "B": False,
        "C": True,
        "D": True,
        "E": False,
        "F": False,
    }
