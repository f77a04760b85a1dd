"""The documentation is true: the examples in the package's docstrings, every ```python block
of README.md and of every Markdown page under docs/, and the README's `tigris-rules` commands
run as written.

A Markdown file's blocks run in order in one namespace, as a reader pasting them one after the
other into one interpreter would, in a fresh temporary directory (examples write files such
as game.json). The files are found by a glob over docs/ and its folders, so a page added
there is tested too. A block that cannot run as it stands is preceded by Sybil's skip marker
with the reason, `<!-- skip: next "why it cannot run" -->`; see docs/testing.md.
"""

from __future__ import annotations

import doctest
import glob
import json
import re
import shlex
import subprocess
import sys
import unittest
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser

import tigris_rules
import tigris_rules.render.diagram

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MARKDOWN_FILES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
GOLDEN_LOGS = sorted((ROOT / "tests" / "data" / "logs").glob("*.json"))

# ```python blocks (a block holding `>>>` prompts is checked as a doctest), and skip markers.
MARKDOWN = Sybil(parsers=[PythonCodeBlockParser(), SkipParser()])

SKIP_MARKER = re.compile(r"^[ \t]*<!--+\s*skip:?[ \t]*(\w+)(.*?)--+>", re.MULTILINE | re.DOTALL)
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("module", [tigris_rules, tigris_rules.render.diagram])
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0


def run_python_blocks(path: Path) -> dict[str, object]:
    """Runs the ```python blocks of `path` in order in one namespace, in the current directory,
    leaving out those marked `skip`; returns the namespace."""
    document = MARKDOWN.parse(path)
    for example in document.examples():
        try:
            example.evaluate()
        except unittest.SkipTest:
            continue  # a block marked `skip: next "reason"`; the blocks after it still run
    return document.namespace


@pytest.mark.usefixtures("shipped_variants_only")  # the docs show a plain installation
@pytest.mark.parametrize("path", MARKDOWN_FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_markdown_python_blocks(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A failing block fails the test with a traceback whose line numbers are the file's."""
    monkeypatch.chdir(tmp_path)
    run_python_blocks(path)


def test_the_runner_shares_one_namespace_skips_marked_blocks_and_reports_failures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    page = tmp_path / "page.md"
    page.write_text(
        "```python\nx = 1\n```\n\n"
        '<!-- skip: next "it needs a server" -->\n```python\nx = 1 / 0\n```\n\n'
        "```python\nwith open('out.txt', 'w') as f:\n    f.write(str(x + 1))\n```\n"
        "```sh\nfalse\n```\n",
        encoding="utf-8",
    )
    assert run_python_blocks(page)["x"] == 1
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == "2"
    page.write_text("text\n\n```python\nx = 1 / 0\n```\n", encoding="utf-8")
    with pytest.raises(ZeroDivisionError) as failure:
        run_python_blocks(page)
    assert any(entry.path == page and entry.lineno + 1 == 4 for entry in failure.traceback), (
        "the traceback names the page and the line of the failing statement"
    )


def unexplained_skips(text: str) -> list[int]:
    """The line numbers of the skip markers in `text` that give no reason (`skip: end` needs
    none: it closes a `skip: start "reason"`)."""
    return [
        text.count("\n", 0, marker.start()) + 1
        for marker in SKIP_MARKER.finditer(text)
        if marker.group(1) != "end" and not marker.group(2).strip()
    ]


@pytest.mark.parametrize("path", MARKDOWN_FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_skipped_block_says_why(path: Path) -> None:
    lines = unexplained_skips(path.read_text(encoding="utf-8"))
    assert not lines, f"{path.name}: skip markers without a reason on lines {lines}"


def test_a_skip_marker_without_a_reason_is_found() -> None:
    text = 'a\n<!-- skip: next -->\n<!-- skip: start "why" -->\n<!-- skip: end -->\n'
    assert unexplained_skips(text) == [2]
    assert unexplained_skips("an inline `<!-- skip: next -->` is no marker\n") == []


def readme_commands() -> list[list[str]]:
    """The `tigris-rules` commands of the README's ```sh blocks, in order, comments removed;
    in a chain `a && b`, each part that is such a command."""
    commands: list[list[str]] = []
    for block in SH_BLOCK.findall(README.read_text(encoding="utf-8")):
        for line in block.splitlines():
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words[:1] == ["tigris-rules"]:
                    commands.append(words)
    return commands


def tigris_rules_command(words: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Runs `tigris-rules ...` as `python -m tigris_rules ...` (the same program, README's
    "Quick start") with this interpreter, expanding `*` patterns as a shell would."""
    args: list[str] = []
    for word in words[1:]:
        matches = sorted(glob.glob(word, root_dir=cwd)) if "*" in word else []
        args.extend(matches or [word])
    return subprocess.run(
        [sys.executable, "-m", "tigris_rules", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_readme_commands_run(tmp_path: Path) -> None:
    commands = readme_commands()
    assert ["tigris-rules", "play", "--players", "4", "--seed", "1"] in commands
    for words in commands:
        done = tigris_rules_command(words, tmp_path)
        assert done.returncode == 0, f"{shlex.join(words)}: exit {done.returncode}\n{done.stderr}"
        assert done.stdout, shlex.join(words)


def test_play_prints_a_whole_game_and_the_same_text_twice(tmp_path: Path) -> None:
    words = ["tigris-rules", "play", "--players", "2", "--seed", "1"]
    first, second = (tigris_rules_command(words, tmp_path) for _ in range(2))
    assert first.returncode == 0, first.stderr
    for part in (
        "Config: players=2 board=classic variants=none seed=1",
        "Game over after",
        "Final result",
    ):
        assert part in first.stdout
    assert first.stdout == second.stdout


def test_schema_prints_a_json_schema(tmp_path: Path) -> None:
    done = tigris_rules_command(["tigris-rules", "schema"], tmp_path)
    assert done.returncode == 0, done.stderr
    schema = json.loads(done.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_validate_accepts_the_golden_logs(tmp_path: Path) -> None:
    assert GOLDEN_LOGS
    done = tigris_rules_command(["tigris-rules", "validate", *map(str, GOLDEN_LOGS)], tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
