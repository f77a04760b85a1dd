"""The tables a server holds: made, kept, found again after a restart, played by their bots,
and watched.

:class:`Tables` keeps the tables in play in memory over a :class:`~tigris_rules.web.store.Store`
that holds every game for good. Each accepted input is written to the store before anyone
hears of it; then every page watching that game is woken (:meth:`Tables.changed`), and the
game's bots play if a bot's seat is to move. The bots of every game think, in turn, and the
pages are drawn in one worker process of lower priority (:mod:`tigris_rules.web.worker`), so
that the server answers an input at once while a search bot spends its budget and pictures
are drawn; a bot's input comes back to the server, which plays it as any other.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from typing import Any

from tigris_rules.api import AnyAction
from tigris_rules.model.config import GameConfig
from tigris_rules.web.store import Store
from tigris_rules.web.table import PERSON, Move, Table
from tigris_rules.web.tokens import digest, matches, new_token
from tigris_rules.web.worker import Worker, draw, think

__all__ = ["Denied", "Tables"]


PAGES_KEPT = 1024
"""The pages kept made, the latest asked for: a long-running server's memory stays bounded."""


class Denied(Exception):
    """A request for a game or a seat that is not its sender's: ``status`` is 404 for a
    game or seat there is not, 403 for a token that is not the seat's."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


class Tables:
    """The tables of one server over ``store``; ``bot_delay`` seconds pass before each bot
    move, so that people see the bots play."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0) -> None:
        self._store = store
        self._open: dict[str, Table] = {}
        self._digests: dict[tuple[str, int], str | None] = {}
        self._signals: dict[str, asyncio.Event] = {}
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._pages: OrderedDict[tuple[str, int | None], tuple[int, bytes]] = OrderedDict()
        self._bot_delay = bot_delay
        self.worker = Worker()

    def create(
        self, config: GameConfig, seed: int | None, kinds: tuple[str, ...]
    ) -> tuple[Table, dict[int, str]]:
        """A new game and the token of each person's seat (shown this once)."""
        game_id = secrets.token_urlsafe(9)
        chosen = secrets.randbelow(2**31) if seed is None else seed
        table = Table.open(game_id, config, chosen, kinds)
        tokens = {seat: new_token() for seat, kind in enumerate(kinds) if kind == PERSON}
        self._store.add(table, {seat: digest(token) for seat, token in tokens.items()})
        self._open[game_id] = table
        self._wake_bots(table)
        return table, tokens

    def find(self, game_id: str) -> Table:
        """The table of ``game_id``, from memory or from the store; :class:`Denied` (404)
        when there is none."""
        table = self._open.get(game_id)
        if table is None:
            table = self._store.load(game_id)
            if table is None:
                raise Denied(404, f"no game {game_id[:40]!r}")
            self._open[game_id] = table
            self._wake_bots(table)
        return table

    def seat_of(self, table: Table, seat: object, token: object) -> int | None:
        """The seat a request may see or act for: ``None`` (a spectator) with neither a seat
        nor a token; else the seat, when ``token`` is its token. :class:`Denied`: 404 for a
        seat the game has not, 403 for a missing or wrong token or a bot's seat."""
        if seat is None and token is None:
            return None
        text = str(seat) if isinstance(seat, int | str) and not isinstance(seat, bool) else ""
        if not (text.isascii() and text.isdigit() and len(text) <= 2):
            raise Denied(404, f"no seat {str(seat)[:20]!r}: seats are numbered from 0")
        number = int(text)
        if number >= table.config.players:
            raise Denied(404, f"no seat {number}: the game has {table.config.players} seats")
        kept = self._digest(table.game_id, number)
        if not isinstance(token, str) or kept is None or not matches(token, kept):
            raise Denied(403, f"this token is not seat {number}'s")
        return number

    async def page(self, table: Table, seat: int | None) -> bytes:
        """The page of ``seat`` as JSON (:func:`~tigris_rules.web.pages.page`), made once per
        version of the table (every page watching a game asks again after each input), in
        the worker process: the server answers inputs while it draws."""
        key = (table.game_id, seat)
        kept = self._pages.get(key)
        if kept is None or kept[0] != table.version:
            now = table.snapshot()
            made = await self.worker.run(draw, now, seat)
            kept = (now.version, made)
            if now.version >= self._pages.get(key, (-1, b""))[0]:
                self._pages[key] = kept
        self._pages.move_to_end(key)
        while len(self._pages) > PAGES_KEPT:
            self._pages.popitem(last=False)
        return kept[1]

    def play(self, table: Table, seat: int, action: AnyAction) -> Move:
        """Play ``seat``'s input as the rules allow (their error goes on unchanged), keep it
        and tell every watcher."""
        move = table.play(seat, action)
        self._store.add_move(table)
        self._signal(table.game_id)
        self._wake_bots(table)
        return move

    async def changed(self, game_id: str, version: int, timeout: float) -> bool:
        """Wait until the game has moved past ``version`` (true), or ``timeout`` seconds
        (false)."""
        table = self.find(game_id)
        if table.version > version:
            return True
        signal = self._signals.setdefault(game_id, asyncio.Event())
        try:
            await asyncio.wait_for(signal.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def start(self) -> None:
        """Start the worker process, so that it is ready when the first page is asked for."""
        await self.worker.start()

    def close(self) -> None:
        """Stop the worker process."""
        self.worker.close()

    def _digest(self, game_id: str, seat: int) -> str | None:
        """The digest of the token of ``seat`` at the game (``None`` for a bot's seat), read
        from the store once: a seat's token never changes."""
        key = (game_id, seat)
        if key not in self._digests:
            self._digests[key] = self._store.token(game_id, seat)
        return self._digests[key]

    def _signal(self, game_id: str) -> None:
        signal = self._signals.pop(game_id, None)
        if signal is not None:
            signal.set()

    def _wake_bots(self, table: Table) -> None:
        """Let the bots play from here, if a bot is to move and none is playing already."""
        if table.bot_to_move() is None or table.game_id in self._bots:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no server running: the bots play when one starts
            return
        task = loop.create_task(self._run_bots(table))
        self._bots[table.game_id] = task
        task.add_done_callback(lambda _: self._bots.pop(table.game_id, None))

    async def _run_bots(self, table: Table) -> None:
        """The bots' moves, each proposed by the worker and played here, as a person's."""
        while (bot := table.bot_to_move()) is not None:
            if self._bot_delay:
                await asyncio.sleep(self._bot_delay)
            seat, version = table.to_move, table.version
            action: Any
            action, thought = await self.worker.run(think, bot, table.state)
            if seat is None or table.version != version:  # pragma: no cover - bots alone move
                continue
            table.bots[seat] = thought
            self.play(table, seat, action)
