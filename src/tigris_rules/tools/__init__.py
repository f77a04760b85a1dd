"""Tools that work on whole games and many logs.

- :mod:`tigris_rules.tools.cli`: the ``tigris-rules`` command line (also
  ``python -m tigris_rules``): play, selfplay, validate, replay, schema; what it asks of a
  game is :class:`GameCommands`, offered by the game's ruleset (positions, results and
  pictures come from the game's renderers, :mod:`tigris_rules.render`); each of
  :mod:`~tigris_rules.tools.validate`, :mod:`~tigris_rules.tools.convert` and
  :mod:`~tigris_rules.tools.serve` holds one command;
- :mod:`tigris_rules.tools.bulk`: validating and recording many logs at once, on every core
  of one machine or on a Dask cluster (docs/bulk.md).
"""

from __future__ import annotations

from tigris_rules.tools.cli import GameCommands

__all__ = ["GameCommands"]
