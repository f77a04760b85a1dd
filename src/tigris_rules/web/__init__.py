"""The web table: a local web server where people play the board game or the card game in
their browsers, against each other and against the bots (``tigris-rules serve``, the
``web`` extra; docs/web-table.md).

It is the worked example of a front-end on the library: the server (:mod:`.app`) keeps each
game as a :class:`~tigris_rules.web.table.Table` (:mod:`.table`), stores its inputs in
SQLite (:mod:`.store`), gives each page only its seat's view (:mod:`.pages`), checks every
seat's token (:mod:`.tokens`) and lets the bots play (:mod:`.tables`), whose moves are
thought and whose pages are drawn in a worker process (:mod:`.worker`); the pages are plain
HTML and JavaScript in ``static/``.
"""

from __future__ import annotations

from tigris_rules._extras import extra_needed

with extra_needed("web", "the web table"):
    from tigris_rules.web.app import create_app

__all__ = ["create_app"]
