"""A game at the table: its configuration, its seats, its position and its log.

A :class:`Table` holds everything the server knows of one game and is the only place a
position changes: :meth:`Table.play` reads an input in the game's notation, lets the rules
judge it (the library's own checks, whose errors name the rule broken) and records it.
What a seat may be shown of the table is :mod:`tigris_rules.web.pages`' business.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

import attrs

from tigris_rules.api import AnyAction, AnyState, is_over, new_game, step, to_move
from tigris_rules.api import result as game_result
from tigris_rules.errors import ConfigError
from tigris_rules.model.config import GameConfig
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.records import GameLog, LogEntry, parse_action
from tigris_rules.records.log import AnyEvent, ExpectedResult

__all__ = ["BOT_KINDS", "PERSON", "Move", "SeatBots", "Snapshot", "Table", "TableError"]

PERSON: Final = "person"
"""The kind of a seat a person plays, from this browser or from another one."""

BOT_KINDS: Final = ("random", "greedy", "ismcts")
"""The bots a seat may be given, as ``"bot:<name>"``: the names of
:func:`~tigris_rules.ai.bots.make_bot` (``"bot:ismcts:N"`` searches ``N`` iterations per
decision); a game that has no such bot refuses the name."""


class TableError(ValueError):
    """A table asked for something its game cannot give: a seat kind that is not one."""


class SeatBots(Protocol):
    """What the table asks of a ruleset to seat its bots (the games' ``make_bots``)."""

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[Any, ...]:
        """One bot per seat from a comma-separated list of names."""
        ...


@attrs.frozen
class Move:
    """One accepted input: who sent it, what it was, what it caused and in which turn."""

    seat: int
    action: AnyAction
    events: tuple[AnyEvent, ...]
    turn: int


@attrs.frozen
class Snapshot:
    """A table at one version, as much of it as a page is drawn from: the position and the
    moves of the last turn, not the whole log nor the bots."""

    game_id: str
    config: GameConfig
    kinds: tuple[str, ...]
    version: int
    state: AnyState
    turn_moves: tuple[Move, ...]

    @property
    def to_move(self) -> int | None:
        """The seat that must act or answer now, ``None`` once the game is over."""
        return to_move(self.state)

    @property
    def over(self) -> bool:
        return is_over(self.state)

    def last_turn(self) -> list[Move]:
        """The moves of the turn in progress and of the turn before it."""
        return list(self.turn_moves)


@attrs.define
class Table:
    """One game in play. ``kinds[seat]`` is :data:`PERSON` or ``"bot:<name>"``; ``state``
    is the position after ``moves``, replayed from the opening dealt from ``seed``."""

    game_id: str
    config: GameConfig
    seed: int
    kinds: tuple[str, ...]
    state: AnyState
    moves: list[Move] = attrs.field(factory=list)
    bots: dict[int, Any] = attrs.field(factory=dict)

    @classmethod
    def open(cls, game_id: str, config: GameConfig, seed: int, kinds: tuple[str, ...]) -> Table:
        """The opening of a new game; :class:`TableError` when ``kinds`` does not give one
        kind per seat or names a bot the game has not, :class:`ConfigError` for a game
        that seats no bots."""
        if len(kinds) != config.players:
            raise TableError(f"expected {config.players} seats, got {len(kinds)}")
        for kind in kinds:
            if kind != PERSON and kind.removeprefix("bot:").split(":")[0] not in BOT_KINDS:
                raise TableError(f"unknown seat kind {kind!r}: 'person' or 'bot:<name>'")
        table = cls(game_id, config, seed, kinds, new_game(config, seed=seed))
        table.bots = _bots(config, seed, kinds)
        return table

    @property
    def version(self) -> int:
        """How many inputs the game has taken: each one makes a new version of the table."""
        return len(self.moves)

    @property
    def to_move(self) -> int | None:
        """The seat that must act or answer now, ``None`` once the game is over."""
        return to_move(self.state)

    @property
    def over(self) -> bool:
        return is_over(self.state)

    def bot_to_move(self) -> Any | None:
        """The bot that must act now, if a bot's seat is to move."""
        seat = self.to_move
        return None if seat is None else self.bots.get(seat)

    def read(self, text: str) -> AnyAction:
        """The input ``text`` says in this game's notation (``NotationError`` if none)."""
        return parse_action(text, self.config)

    def play(self, seat: int, action: AnyAction) -> Move:
        """Play ``action`` for ``seat``: the rules reject it (``IllegalActionError`` with
        its rule, ``InvalidActionError``) or the table moves on and records it."""
        turn = self.state.turn
        self.state, events = step(self.state, action, seat)  # type: ignore[arg-type]
        move = Move(seat, action, events, turn)
        self.moves.append(move)
        return move

    def log(self) -> GameLog:
        """The game's log: the configuration, the seed, every input, and the result once
        the game is over."""
        expected = ExpectedResult.of(game_result(self.state)) if self.over else None
        return GameLog(
            config=self.config,
            actions=tuple(LogEntry(m.seat, m.action) for m in self.moves),
            seed=self.seed,
            result=expected,
        )

    def last_turn(self) -> list[Move]:
        """The moves of the turn in progress and of the turn before it."""
        current = self.state.turn
        return [m for m in self.moves if m.turn >= current - 1]

    def snapshot(self) -> Snapshot:
        """The table at its current version, as a page is drawn from it."""
        return Snapshot(
            self.game_id,
            self.config,
            self.kinds,
            self.version,
            self.state,
            tuple(self.last_turn()),
        )


def _bots(config: GameConfig, seed: int, kinds: tuple[str, ...]) -> dict[int, Any]:
    """The bots of the bot seats, made by the game's ruleset; a person's seat gets none."""
    if all(kind == PERSON for kind in kinds):
        return {}
    maker = offered(ruleset_for(config), SeatBots)
    if maker is None:
        raise ConfigError(f"the game {config.game!r} seats no bots")
    names = ",".join(kind.removeprefix("bot:") if kind != PERSON else "random" for kind in kinds)
    made = maker.make_bots(names, config.players, seed)
    return {seat: made[seat] for seat, kind in enumerate(kinds) if kind != PERSON}
