"""Tools that work on whole games and many logs.

- :mod:`tigris_rules.tools.cli`: the ``tigris-rules`` command line (also
  ``python -m tigris_rules``): play, selfplay, validate, replay, schema;
- :mod:`tigris_rules.tools.bulk`: validating and recording many logs at once, on every core
  of one machine or on a Dask cluster (docs/bulk.md).

Importing the package imports neither module: a worker process of :mod:`~.bulk` loads only
what it runs.
"""

from __future__ import annotations

__all__ = ["bulk", "cli"]
