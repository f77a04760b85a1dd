"""``python -m tigris_rules``: the same as the ``tigris-rules`` command."""

from __future__ import annotations

from tigris_rules.tools.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
