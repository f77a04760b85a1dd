"""Shared test configuration: Hypothesis profiles, and the toy variants of a third party.

``tests/third_party_variant`` holds two variants written outside the package, as a third
party would (docs/variants.md), with the metadata of an installed distribution declaring
them as entry points of ``tigris_rules.variants``. It is put on the import path for the whole
session, so every suite that plays the installed variants (``known_variants()``) plays them
too. A subprocess finds them with the folder on its ``PYTHONPATH`` (``THIRD_PARTY``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

THIRD_PARTY = Path(__file__).resolve().parent / "third_party_variant"
"""The folder of the toy variants and of their distribution's metadata."""

THIRD_PARTY_RULES = frozenset({"CALM-1", "MARK-1", "MARK-2", "MARK-3"})
"""The rule IDs of the toy variants, which RULES.md does not define: a rejection may carry
them."""

if str(THIRD_PARTY) not in sys.path:
    sys.path.append(str(THIRD_PARTY))


@pytest.fixture
def shipped_variants_only() -> Iterator[None]:
    """The toy variants off the import path for one test, for what must see only the
    variants this package ships (the schemas shipped in the package, say): the installed
    plug-ins are looked up again on the changed path. The path is changed in place and put
    back as it was, so that a ``monkeypatch.syspath_prepend`` of the same test, undone
    first, leaves it whole."""
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if p != str(THIRD_PARTY)]
    yield
    sys.path[:] = saved


settings.register_profile(
    "ci",
    max_examples=50,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("TIGRIS_HYPOTHESIS_PROFILE", "ci"))
