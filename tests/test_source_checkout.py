"""The package runs from a source checkout with only its run-time dependencies.

The games and variants this package ships are registered in code
(:data:`tigris_rules.model.plugins.BUILT_IN`), not as installed metadata: a Python that sees
``src/`` and nothing but attrs, cattrs and typing-extensions plays both games and every
shipped variant.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import distribution
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
RUN_TIME = ("attrs", "cattrs", "typing-extensions")

GAMES = """
import sys
import tigris_rules as tr
from tigris_rules.model.config import known_games, known_variants

assert not any("site-packages" in p for p in sys.path), sys.path
state = tr.new_game(tr.GameConfig(players=2), seed=1)
assert tr.to_move(state) == 0
variants = ("english", "buildings", "ziggurat")
config = tr.GameConfig(players=3, board="alternative", variants=variants)
state = tr.new_game(config, seed=2)
state = tr.apply(state, tr.legal_actions(state)[0])
cards = tr.new_game(tr.GameConfig(players=2, game="cards"), seed=3)
cards = tr.apply(cards, tr.legal_actions(cards)[0])
print(known_games(), known_variants())
"""


def _run_time_only(folder: Path) -> None:
    """Link the top-level modules of the run-time dependencies into ``folder``."""
    for name in RUN_TIME:
        dist = distribution(name)
        tops = {Path(str(f)).parts[0] for f in dist.files or () if not str(f).startswith("..")}
        for top in tops:
            if top.endswith((".dist-info", ".pth")) or top == "__pycache__":
                continue
            source = Path(str(dist.locate_file(top)))
            if source.exists():
                (folder / top).symlink_to(source)


def test_the_package_runs_from_a_source_checkout_with_its_run_time_dependencies(
    tmp_path: Path,
) -> None:
    _run_time_only(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(SRC)])
    done = subprocess.run(
        [sys.executable, "-S", "-c", GAMES],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "('board', 'cards') ('english', 'buildings', 'ziggurat')"
