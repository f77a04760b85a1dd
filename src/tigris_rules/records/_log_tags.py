"""The free tags of a log (``GameLog.tags``: event, site, date, the players' names...): the
names a tag may take and the values it may hold, the same in the JSON log and in the text
game record (docs/game-record.md, Tags).

A tag name is a letter then letters, digits or ``_``, at most :data:`MAX_TAG_NAME`
characters; a value is text without control characters. The names the text record gives to
the log's other fields (``Format``, ``LibraryVersion``, ``Seed``, ``Deal``, ``Result``, the
configuration's fields such as ``Players``, and ``Score`` followed by a seat) are reserved.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from tigris_rules.model.config import GameConfig
from tigris_rules.records._checks import clip
from tigris_rules.records.converter import unstructure

__all__ = [
    "FIXED_TAGS",
    "MAX_TAG_NAME",
    "config_tags",
    "tag_name_problem",
    "tag_value_problem",
]

MAX_TAG_NAME: Final = 64
"""The longest tag name, in characters."""

_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*", re.ASCII)
_CONTROL: Final = re.compile(r"[\x00-\x1f\x7f]")
_SCORE: Final = re.compile(r"Score[0-9]+", re.ASCII)

FIXED_TAGS: Final = ("Format", "LibraryVersion", "Seed", "Deal", "Result")
"""The tags the text record gives to the log's own fields, besides the configuration's and
the ``Score`` of each seat."""


def _camel(key: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in key.split("_"))


@cache
def config_tags() -> tuple[tuple[str, str], ...]:
    """Each key of a configuration's JSON with the tag that holds it in the text record
    (``column_limit``: ``ColumnLimit``), in the order of the JSON."""
    return tuple((key, _camel(key)) for key in unstructure(GameConfig()))


def tag_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a free tag, or ``None`` when it can."""
    if len(name) > MAX_TAG_NAME or not _NAME.fullmatch(name):
        return (
            f"{clip(name)!r} is not a tag name: a letter, then letters, digits or '_', "
            f"at most {MAX_TAG_NAME} characters"
        )
    if name in FIXED_TAGS or name in dict(config_tags()).values() or _SCORE.fullmatch(name):
        return f"the tag name {name!r} is reserved for a field of the log"
    return None


def tag_value_problem(value: str) -> str | None:
    """Why ``value`` cannot be the value of a tag, or ``None`` when it can."""
    found = _CONTROL.search(value)
    if found is not None:
        return f"a tag value holds no control character; got {found.group()!r}"
    return None
