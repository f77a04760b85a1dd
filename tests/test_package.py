"""The package as released: one version, and a wheel and an sdist that hold what they must.

The build test builds both with ``python -m build --no-isolation`` (``build`` and
``hatchling`` come with the ``dev`` extra) into a temporary folder and checks them with
``twine check --strict``.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import tigris_rules as tr

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src" / "tigris_rules"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CACHES = {"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}


def test_the_version_is_written_once() -> None:
    assert "version" not in PYPROJECT["project"]
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "src/tigris_rules/_version.py"
    assert importlib.metadata.version("tigris-rules") == tr.__version__


def test_a_log_names_the_library_version() -> None:
    log = tr.Recorder(tr.GameConfig(players=2), seed=1).log()
    assert log.library_version == tr.__version__
    assert f'"library_version":"{tr.__version__}"' in tr.dumps(log)


def test_the_dev_extra_installs_the_docs_extra() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert set(extras["docs"]) <= set(extras["dev"])
    assert {"build>=1.0", "hatchling>=1.21", "twine>=5"} <= set(extras["dev"])


def _shipped(path: Path) -> bool:
    """Whether the build takes a file of the source tree (.gitignore keeps caches out)."""
    if CACHES & set(path.parts) or any(part.endswith(".egg-info") for part in path.parts):
        return False
    return path.suffix != ".pyc" and path.is_file()


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for module in ("build", "hatchling", "twine"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed: pip install -e '.[dev]'")
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.mark.slow
def test_the_wheel_holds_the_package_and_its_data_only(dist: Path) -> None:
    [wheel] = dist.glob("*.whl")
    assert wheel.name == f"tigris_rules-{tr.__version__}-py3-none-any.whl"
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {n for n in names if not n.startswith(f"tigris_rules-{tr.__version__}.dist-info/")}
    expected = {
        "tigris_rules/" + p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*")
        if _shipped(p)
    }
    assert package == expected
    for needed in ("py.typed", "data/RULES.md", "data/boards/classic.txt", "web/static/table.js"):
        assert f"tigris_rules/{needed}" in names
    data = {n for n in names if n.startswith("tigris_rules/data/")}
    assert {"log-schema.json", "view-schema.json", "event-schema.json"} <= {
        n.rsplit("/", 1)[-1] for n in data
    }
    assert {n for n in data if n.startswith("tigris_rules/data/boards/")} == {
        f"tigris_rules/data/boards/{p.name}" for p in (PACKAGE / "data" / "boards").iterdir()
    }
    assert not any("tests/" in n or "__pycache__" in n or n.endswith(".pyc") for n in names)
    metadata = zipfile.ZipFile(wheel).read(f"tigris_rules-{tr.__version__}.dist-info/METADATA")
    assert f"Version: {tr.__version__}\n" in metadata.decode()
    assert "Provides-Extra: docs\n" in metadata.decode()


@pytest.mark.slow
def test_the_sdist_holds_what_pyproject_includes(dist: Path) -> None:
    [sdist] = dist.glob("*.tar.gz")
    top = f"tigris_rules-{tr.__version__}/"
    with tarfile.open(sdist) as archive:
        names = {m.name.removeprefix(top) for m in archive.getmembers() if m.isfile()}
    included = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    expected = {"pyproject.toml", "PKG-INFO", ".gitignore"}
    for entry in included:
        path = ROOT / entry
        files = [path] if path.is_file() else [p for p in path.rglob("*") if _shipped(p)]
        expected |= {p.relative_to(ROOT).as_posix() for p in files}
    assert names == expected


@pytest.mark.slow
def test_twine_finds_nothing_to_fix(dist: Path) -> None:
    files = sorted(str(p) for p in dist.iterdir())
    assert len(files) == 2
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2
