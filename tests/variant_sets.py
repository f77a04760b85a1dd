"""The sets of variants that the suites playing "every combination" play.

Every subset of up to three of the variants this package ships (as before any other was
installed), then each other installed variant alone (the toys of tests/third_party_variant)
and all installed variants together: a plug-in found on the import path is played alone and
with every other, without multiplying the suites' runtime by the subsets of all of them
(tests/test_third_party_variants.py plays the toys in every combination).
"""

from __future__ import annotations

import itertools

from tigris_rules.model.config import known_variants
from tigris_rules.model.plugins import VARIANT_GROUP, plugin

__all__ = ["variant_sets"]


def variant_sets(max_size: int = 3) -> list[tuple[str, ...]]:
    """The sets of variants to play, each in canonical order (see the module)."""
    installed = known_variants()
    shipped = [
        n for n in installed if plugin(VARIANT_GROUP, n).__module__.startswith("tigris_rules.")
    ]
    others = [n for n in installed if n not in shipped]
    sets = [c for r in range(max_size + 1) for c in itertools.combinations(shipped, r)]
    sets += [(name,) for name in others]
    if others:
        sets.append(installed)
    return sets
