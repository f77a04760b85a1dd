"""The documentation site builds with ``mkdocs build --strict``, and its pages say what is true:
every public name has a reference entry, every rule ID an anchor, every tutorial block runs."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tigris_rules as tr

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
HOOKS = ROOT / "site_hooks" / "generated_pages.py"
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def _mkdocs_installed() -> bool:
    return (
        importlib.util.find_spec("mkdocs") is not None
        and importlib.util.find_spec("material") is not None
        and importlib.util.find_spec("mkdocstrings_handlers") is not None
    )


needs_mkdocs = pytest.mark.skipif(
    not _mkdocs_installed(),
    reason="mkdocs, mkdocs-material or mkdocstrings[python] is not installed: "
    "pip install -e '.[docs]' (the dev extra installs them too)",
)


@pytest.mark.slow
@needs_mkdocs
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    assert (site / "index.html").is_file()
    assert (site / "tutorial" / "first-game" / "index.html").is_file()
    rules = (site / "rules" / "index.html").read_text(encoding="utf-8")
    assert 'id="war-7"' in rules
    api = (site / "reference" / "tigris_rules" / "index.html").read_text(encoding="utf-8")
    assert 'id="tigris_rules.Conflict.attacker_square"' in api
    assert ":func:<code>" not in api  # the docstring roles became links or code
    # The schemas are files to download, as the package ships them.
    for shipped in (ROOT / "src" / "tigris_rules" / "data").glob("*-schema.json"):
        assert (site / "schemas" / shipped.name).read_bytes() == shipped.read_bytes()
    # Offline: no page loads a stylesheet, script, font or image from another host.
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        loaded = re.findall(r'<(?:link|script|img)\b[^>]*\b(?:href|src)="(https?:)?//', text)
        assert not loaded, f"{page.relative_to(site)} loads from another host"
        assert "fonts.googleapis" not in text, page


def _load_hooks() -> object:
    spec = importlib.util.spec_from_file_location("generated_pages", HOOKS)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@needs_mkdocs
def test_every_rule_id_has_an_anchor_on_the_rules_page() -> None:
    page: str = _load_hooks().rules_page()  # type: ignore[attr-defined]
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', page))
    assert anchors == {rule.lower() for rule in tr.rulebook.rule_ids()}
    assert '<a id="war-7"></a>**WAR-7**' in page
    # The rulebooks are cited by number and named; no file a reader lacks is pointed to.
    assert "seeds/" not in page
    assert "**004** the rules of" in page


@needs_mkdocs
def test_the_schemas_page_shows_every_shipped_schema() -> None:
    page: str = _load_hooks().schemas_page()  # type: ignore[attr-defined]
    shipped = {p.name for p in (ROOT / "src" / "tigris_rules" / "data").glob("*-schema.json")}
    assert shipped == set(re.findall(r"`([a-z]+-schema\.json)`", page))
    assert shipped == set(re.findall(r"\]\(schemas/([a-z]+-schema\.json)\)", page))


def test_every_public_name_has_a_reference_entry() -> None:
    page = (DOCS / "reference" / "tigris_rules.md").read_text(encoding="utf-8")
    listed = re.findall(r"^::: tigris_rules\.(\w+)$", page, re.MULTILINE)
    assert len(listed) == len(set(listed)), "a name is listed twice"
    assert set(listed) == set(tr.__all__) - {"__version__"}


def test_every_documented_name_exists() -> None:
    for page in (DOCS / "reference").glob("*.md"):
        for name in re.findall(r"^::: ([\w.]+)$", page.read_text(encoding="utf-8"), re.MULTILINE):
            if importlib.util.find_spec(name) is None:  # not a module: a name in one
                module, _, attribute = name.rpartition(".")
                assert hasattr(importlib.import_module(module), attribute), f"{page.name}: {name}"


# Files of the repository (and of the sdist) that the README links and the site does not show
# as pages: the rules are the site's generated rules page, the license has no page.
README_FILE_LINKS = {"src/tigris_rules/data/RULES.md", "LICENSE"}


def test_readme_links_point_to_pages_of_the_site() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    assert targets
    for target in targets:
        assert (ROOT / target).exists(), target
        if target.startswith("docs/images/"):
            continue  # a picture the site copies as it is
        if target not in README_FILE_LINKS:
            assert target.startswith("docs/"), f"{target} is not a page of the site"
            entry = rf"^\s*- (?:[^:\n]+: )?{re.escape(target.removeprefix('docs/'))}$"
            assert re.search(entry, nav, re.MULTILINE), f"{target} is not in the nav"


TUTORIAL_PAGES = [*sorted((DOCS / "tutorial").glob("*.md")), DOCS / "reference" / "results.md"]


@pytest.mark.parametrize("page", TUTORIAL_PAGES, ids=lambda p: p.name)
def test_every_tutorial_block_runs_on_its_own(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each block is whole: it runs alone, in an empty folder, as a reader would copy it."""
    monkeypatch.chdir(tmp_path)
    for number, code in enumerate(PYTHON_BLOCK.findall(page.read_text(encoding="utf-8"))):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, f"{page.name}, block {number}", "exec"), {"__name__": "__doc__"})
