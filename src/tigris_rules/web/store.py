"""The tables kept in SQLite (the standard library's ``sqlite3``), so that a server that
stops and starts again loses no game.

A game is its configuration, its seed, its seats (each with the digest of its token) and
its inputs in order: the store keeps exactly that, one row per input (in the game's
notation, which reads back as the same input) written as the input is accepted, and a
table is made again by replaying its inputs through the rules.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tigris_rules.model.config import GameConfig
from tigris_rules.records import dumps, format_action, loads
from tigris_rules.web.table import Table

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    token TEXT,
    PRIMARY KEY (game, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
"""


class Store:
    """The games of one SQLite file (``":memory:"`` for a store that dies with it)."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def add(self, table: Table, tokens: dict[int, str]) -> None:
        """Keep a new table; ``tokens`` holds the digest of each person's token by seat."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?)",
                (table.game_id, dumps(table.config), table.seed),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?)",
                [
                    (table.game_id, seat, kind, tokens.get(seat))
                    for seat, kind in enumerate(table.kinds)
                ],
            )

    def add_move(self, table: Table) -> None:
        """Keep the table's last input."""
        move = table.moves[-1]
        self._db.execute(
            "INSERT INTO moves VALUES (?, ?, ?, ?)",
            (table.game_id, table.version - 1, move.seat, format_action(move.action, table.config)),
        )

    def token(self, game_id: str, seat: int) -> str | None:
        """The digest of the token of ``seat`` at the game, ``None`` for a bot's seat or a
        seat or game there is not."""
        row = self._db.execute(
            "SELECT token FROM seats WHERE game = ? AND seat = ?", (game_id, seat)
        ).fetchone()
        return None if row is None else row[0]

    def load(self, game_id: str) -> Table | None:
        """The table of ``game_id`` as its inputs left it, ``None`` if there is no such game."""
        row = self._db.execute("SELECT config, seed FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        config = loads(row[0], GameConfig)
        kinds = tuple(
            kind
            for (kind,) in self._db.execute(
                "SELECT kind FROM seats WHERE game = ? ORDER BY seat", (game_id,)
            )
        )
        table = Table.open(game_id, config, row[1], kinds)
        for seat, text in self._db.execute(
            "SELECT seat, action FROM moves WHERE game = ? ORDER BY number", (game_id,)
        ):
            table.play(seat, table.read(text))
        return table
