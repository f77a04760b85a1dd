"""The optional dependencies, each installed with an extra of the package: a missing one is
named with the command that installs it.

>>> import sys
>>> from tigris_rules._extras import extra_needed
>>> sys.modules["numpy"], saved = None, sys.modules.get("numpy")
>>> try:
...     with extra_needed("numpy", "observation_array"):
...         import numpy
... except ModuleNotFoundError as exc:
...     print(exc)
observation_array needs numpy, which is not installed: pip install 'tigris-rules[numpy]'
>>> if saved is not None:
...     sys.modules["numpy"] = saved
... else:
...     del sys.modules["numpy"]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["extra_needed"]


@contextmanager
def extra_needed(extra: str, user: str) -> Iterator[None]:
    """Run the imports of the block; a third-party module that cannot be imported raises
    :class:`ModuleNotFoundError` (an :class:`ImportError`) saying that ``user`` needs it
    and how to install it: ``pip install 'tigris-rules[extra]'``. An import of this
    package that fails is not an extra's: its error goes on unchanged."""
    try:
        yield
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        if missing in ("", "tigris_rules"):
            raise
        raise ModuleNotFoundError(
            f"{user} needs {missing}, which is not installed: pip install 'tigris-rules[{extra}]'",
            name=exc.name,
        ) from exc
