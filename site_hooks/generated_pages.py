"""MkDocs hook: the site's pages made at build time from the package's own data.

- ``rules.md``: the rules specification, ``tigris_rules/data/RULES.md`` as the package ships
  it, with an anchor per rule ID (``rules.md#war-7``), so that every error can link to the
  rule it names. The repository holds one copy of RULES.md only: this page is never committed.
- ``schemas.md``: the JSON Schemas of the log format, of a player view and of an event,
  ``tigris_rules/data/*-schema.json``, each a file to download (``schemas/*.json``).

It also turns the cross-reference roles of the docstrings (``:func:`apply```) into links to
the API reference where the name is documented there, and into plain code where not.
"""

from __future__ import annotations

import json
import re
from importlib.resources import files

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from tigris_rules import rulebook

_RULE_MENTION = re.compile(r"(?<![\w*#-])([A-Z]+(?:-[A-Z]+)*-\d+)(?![\w*])")
_RULE_BULLET = re.compile(r"^(\s*)- \*\*([A-Z]+(?:-[A-Z]+)*-\d+)\*\*", re.MULTILINE)

_ROLE = re.compile(r":(?:func|class|meth|attr|data|mod|exc|obj):<code>(~?)([\w.]+)</code>")

_SCHEMAS = (
    ("log-schema.json", "A game log", "`tigris-rules schema`, `tigris_rules.log_schema()`"),
    ("view-schema.json", "A player view", "`tigris-rules schema --kind view`"),
    ("event-schema.json", "An event", "`tigris-rules schema --kind event`"),
)


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on the rules page: its ID in lower case (``WAR-7`` -> ``war-7``)."""
    return rule_id.lower()


def _demote_headings(markdown: str) -> str:
    """Every heading one level deeper (``#`` -> ``##``), code blocks left as they are."""
    lines, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        lines.append("#" + line if line.startswith("#") and not fenced else line)
    return "\n".join(lines) + "\n"


def _link_mentions(markdown: str) -> str:
    """Each rule ID named in the text (not in code) becomes a link to that rule."""
    known = set(rulebook.rule_ids())

    def link(match: re.Match[str]) -> str:
        rule = match.group(1)
        return f"[{rule}](#{rule_anchor(rule)})" if rule in known else rule

    lines, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced or line.startswith("#"):
            lines.append(line)
            continue
        parts = line.split("`")  # odd parts are code spans
        parts[::2] = [_RULE_MENTION.sub(link, part) for part in parts[::2]]
        lines.append("`".join(parts))
    return "\n".join(lines) + "\n"


_SOURCES = re.compile(
    r"^Sources are cited by file name.*?not repeated here\.\n", re.DOTALL | re.MULTILINE
)

_SOURCES_FOR_READERS = """\
The published rulebooks are cited by number, with their own words in French where a rule
follows them closely: **000** the Matagot rulebook of 2009, with both extensions; **001** the
rulebook of the card game; **002** and **003** Philippe Faidutti's translation with the
English conflict variant (003 adds a summary and the ziggurat note); **004** the rules of
the civilization buildings. The rulebooks are not part of the package; the board layouts
ship with it, in `tigris_rules/data/boards/` (`classic.txt` and `alternative.txt`).
"""


def rules_page() -> str:
    """RULES.md as a page: each rule's bullet opens with an anchor named after its ID, and
    every rule ID named in the text links to that rule."""
    text = _link_mentions(_SOURCES.sub(_SOURCES_FOR_READERS, rulebook.specification(), count=1))
    body = _RULE_BULLET.sub(
        lambda m: f'{m.group(1)}- <a id="{rule_anchor(m.group(2))}"></a>**{m.group(2)}**', text
    )
    # The specification's title becomes the page's; its other headings go one level down, so
    # that the page has one title and a table of contents.
    _, _, rest = body.partition("\n")
    rest = _demote_headings(rest)
    intro = (
        "# Rules reference\n\n"
        "The normative rules of both games, as shipped in the package "
        "(`tigris_rules/data/RULES.md`, also `tigris_rules.rulebook.specification()`). "
        "Every rule ID has an anchor: `rules.md#war-7` is rule WAR-7, and "
        '`tigris_rules.rulebook.describe("WAR-7")` gives its text.\n'
    )
    return intro + rest


def _schema_text(name: str) -> str:
    return files("tigris_rules").joinpath("data", name).read_text(encoding="utf-8")


def schemas_page() -> str:
    """The JSON Schemas the package ships, each offered as a download (``schemas/*.json``)
    with a summary of what it defines, rather than printed whole."""
    parts = [
        "# JSON Schemas\n\n"
        "The JSON Schemas (draft 2020-12) that ship with the package, in "
        "`tigris_rules/data/`, to download or to print from an installed package. "
        "[The log format](log-format.md) explains the fields; "
        "[player views](views.md) the views and events.\n"
    ]
    for name, title, command in _SCHEMAS:
        text = _schema_text(name)
        schema = json.loads(text)
        definitions = sorted(schema.get("$defs", {}))
        described = schema.get("description") or schema.get("title") or ""
        summary = f"{described}\n\n" if described else ""
        listed = ", ".join(f"`{d}`" for d in definitions) or "none"
        parts.append(
            f"## {title}: `{name}`\n\n{summary}"
            f"[Download {name}](schemas/{name}) ({len(text.encode()) // 1024} KB); "
            f"printed by {command}.\n\n"
            f"Definitions ({len(definitions)}): {listed}.\n"
        )
    return "\n".join(parts)


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages, and the schemas as files to download, to the site."""
    files.append(File.generated(config, "rules.md", content=rules_page()))
    files.append(File.generated(config, "schemas.md", content=schemas_page()))
    for name, _, _ in _SCHEMAS:
        files.append(File.generated(config, f"schemas/{name}", content=_schema_text(name)))
    return files


def _role_link(match: re.Match[str]) -> str:
    """A docstring role as an optional cross-reference: a link when the name is documented."""
    short, name = match.group(1), match.group(2)
    shown = name.rsplit(".", 1)[-1] if short else name
    target = name if "." in name else f"tigris_rules.{name}"
    return f'<autoref identifier="{target}" optional><code>{shown}</code></autoref>'


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Rewrite the docstring roles left in the page (``:func:`` before a code span)."""
    return _ROLE.sub(_role_link, html)
