"""Shared test configuration: Hypothesis profiles, and the toy variants of a third party.

``tests/third_party_variant`` holds two variants written outside the package, as a third
party would (docs/variants.md): their modules, which every test may import, and the
``pyproject.toml`` of their distribution. They are plug-ins only where they are installed:
``pip install tests/third_party_variant`` installs them for every suite (CI runs the quick
suite a second time so), and the fixture :func:`toy_variants` installs them for one test, by
putting ``tests/third_party_variant/installed`` (the metadata ``pip`` would write) on the
import path. A subprocess finds them with ``TOY_PATHS`` on its ``PYTHONPATH``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from importlib.metadata import EntryPoint, EntryPoints, entry_points
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tigris_rules.model import plugins
from tigris_rules.model import ruleset as model_ruleset

THIRD_PARTY = Path(__file__).resolve().parent / "third_party_variant"
"""The folder of the toy variants' modules and of their distribution's ``pyproject.toml``."""

TOY_METADATA = THIRD_PARTY / "installed"
"""The folder holding the metadata of the toys' distribution, as ``pip`` would write it."""

TOY_MODULES = frozenset({"toy_calm", "toy_marker"})
"""The modules of the toy variants."""

TOY_PATHS = (str(THIRD_PARTY), str(TOY_METADATA))
"""What a subprocess needs on its ``PYTHONPATH`` to find the toys installed."""

THIRD_PARTY_RULES = frozenset({"CALM-1", "MARK-1", "MARK-2", "MARK-3"})
"""The rule IDs of the toy variants, which RULES.md does not define: a rejection may carry
them."""

if str(THIRD_PARTY) not in sys.path:
    sys.path.append(str(THIRD_PARTY))


def _forget_plugins() -> None:
    plugins._installed.cache_clear()
    plugins._names.cache_clear()
    model_ruleset._resolved.cache_clear()


@pytest.fixture
def toy_variants(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy variants installed for one test (as well as they may be for the whole run)."""
    monkeypatch.syspath_prepend(str(TOY_METADATA))
    _forget_plugins()
    yield
    monkeypatch.undo()
    _forget_plugins()


@pytest.fixture
def shipped_variants_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """For one test, the toy variants not installed, even where they are installed for the
    whole run: what a plain installation shows (a test may still install a plug-in of its
    own)."""

    def own(*, group: str) -> EntryPoints:
        points: list[EntryPoint] = [
            p for p in entry_points(group=group) if p.module not in TOY_MODULES
        ]
        return EntryPoints(points)

    monkeypatch.setattr(plugins, "entry_points", own)
    _forget_plugins()
    yield
    monkeypatch.undo()
    _forget_plugins()


settings.register_profile(
    "ci",
    max_examples=50,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("TIGRIS_HYPOTHESIS_PROFILE", "ci"))
