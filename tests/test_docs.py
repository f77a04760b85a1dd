"""The examples in the package's docstrings run as written."""

from __future__ import annotations

import doctest

import pytest

import tigris_rules
import tigris_rules.diagram


@pytest.mark.parametrize("module", [tigris_rules, tigris_rules.diagram])
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0
