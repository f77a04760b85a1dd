"""Sentences for people: what an event did and who must decide what, for logs and terminal
front-ends.

The base game's events and decisions are told here, each kind by one branch of a ``match``
checked complete by the type checker. A variant's are told by the variants of the game in
hand: a decision by its core :meth:`~tigris_rules.rules.hooks.Variant.describe`, an event by
the variant's :class:`VariantEventText` facet, a structure the structure decision offers by
its :class:`VariantStructureText` facet. With no game at hand, the caller names the
configuration (``config=``); a variant's piece told without one, or by a configuration none
of whose variants declares it, is refused with the library's error naming its class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, assert_never, get_args

from tigris_rules._arguments import expect
from tigris_rules.errors import ArgumentValueError
from tigris_rules.model.actions import VariantAction
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import (
    CommitDecision,
    Decision,
    StructureDecision,
    TreasureDecision,
    VariantDecision,
    WarOrderDecision,
)
from tigris_rules.model.events import (
    CatastrophePlaced,
    ConflictResolved,
    ConflictStarted,
    GameOver,
    LeaderMoved,
    LeaderPlaced,
    LeaderReturned,
    LeaderWithdrawn,
    MonumentBuilt,
    PointsScored,
    SupportCommitted,
    TileLeft,
    TilePlaced,
    TilesDrawn,
    TilesRemoved,
    TilesSwapped,
    TreasureTaken,
    TurnEnded,
    VariantEvent,
)
from tigris_rules.model.facets import offered
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.views.events import PublicEvent, PublicTilesDrawn

if TYPE_CHECKING:
    from tigris_rules.rules.hooks import Variant

__all__ = [
    "DYNASTIES",
    "VariantEventText",
    "VariantStructureText",
    "describe_decision",
    "describe_event",
    "seat_name",
]

DYNASTIES: tuple[str, ...] = ("archer", "bull", "lion", "urn")
"""The dynasty label of each seat, seat 0 first (CONV-4)."""


class VariantEventText(Protocol):
    """How a variant tells its events (:attr:`~tigris_rules.rules.hooks.Variant.events`) in
    :func:`describe_event`. A variant that declares events offers it: an event no variant of
    the game tells is refused."""

    def describe_event(self, event: VariantEvent) -> str | None:
        """One short sentence telling ``event``, one of the variant's events
        (``"seat 0 builds the ziggurat centred on g6"``); ``None`` for an event it does not
        tell, which :func:`describe_event` then refuses."""
        ...


class VariantStructureText(Protocol):
    """How a variant names a structure the structure decision offers (one of its
    :attr:`~tigris_rules.rules.hooks.Variant.inputs` that is a
    :class:`~tigris_rules.model.actions.StructureAction`) in :func:`describe_decision`; without
    it the structure is named by the class of its answer."""

    def describe_structure(self, action: VariantAction) -> str | None:
        """The structure ``action`` builds, as the structure decision offers it among the
        monuments (``"the ziggurat centred on g6"``); ``None`` names it by its class."""
        ...


def seat_name(player: int) -> str:
    """``"seat 1 (bull)"``: a seat and its dynasty (CONV-4)."""
    dynasty = DYNASTIES[player] if 0 <= player < len(DYNASTIES) else "?"
    return f"seat {player} ({dynasty})"


def _or_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _declaring(config: GameConfig | None, declaration: str, piece: object) -> Variant[Any]:
    """The variant of ``config``'s game whose class attribute ``declaration`` (``"events"``,
    ``"decisions"``, ``"inputs"``) lists the class of ``piece``."""
    name = type(piece).__name__
    if config is None:
        raise ArgumentValueError(
            f"config: {name} is a variant's, told by the variants of its game: pass the "
            "game's configuration"
        )
    variants: tuple[Variant[Any], ...] = ruleset_for(config).variants
    for variant in variants:
        if isinstance(piece, getattr(variant, declaration)):
            return variant
    played = ", ".join(v.name for v in variants) or "none"
    raise ArgumentValueError(
        f"config: no variant of the configuration declares {name} (its variants: {played})"
    )


def describe_decision(
    pending: Decision | None, active: int, *, config: GameConfig | None = None
) -> str:
    """One sentence saying who must decide what: the choice of action of the ``active``
    player when ``pending`` is ``None``, else the pending decision.

    A variant's decision is told as the variant of the game says what its player must do
    (:meth:`~tigris_rules.rules.hooks.Variant.describe`), and a structure the structure
    decision offers as its variant names it (:class:`VariantStructureText`): both need the
    game's configuration, ``config``.

    >>> describe_decision(None, 1)
    'seat 1 (bull) must choose an action or end the turn'
    """
    expect(pending, (*get_args(Decision), None), "pending", "a Decision or None")
    expect(active, int, "active")
    expect(config, (GameConfig, None), "config")
    if pending is None:
        return f"{seat_name(active)} must choose an action or end the turn"
    who = seat_name(pending.player)
    match pending:
        case WarOrderDecision():
            return f"{who} must choose the next war: {_or_list([c.value for c in pending.colors])}"
        case CommitDecision():
            c = pending.conflict
            committed = "" if c.attacker_commit is None else f", committed {c.attacker_commit}"
            return (
                f"{who} must commit {pending.commit_color.value} tiles as {pending.role.value} "
                f"in the {c.color.value} {c.kind.value} (attacker seat {c.attacker} on "
                f"{c.attacker_square}: base {c.attacker_base}{committed}; defender seat "
                f"{c.defender} on {c.defender_square}: base {c.defender_base})"
            )
        case StructureDecision():
            options = [f"the {m.value} monument on {block}" for m, block in pending.monuments]
            options += [_structure(action, config) for action in pending.structures]
            return f"{who} may build {_or_list(options)}, or decline"
        case TreasureDecision():
            return (
                f"{who} must choose which treasure stays: {_or_list(list(pending.candidates))} "
                f"(the others of {', '.join(pending.treasures)} are taken)"
            )
        case VariantDecision():
            return f"{who} must {_declaring(config, 'decisions', pending).describe(pending)}"
        case _:
            assert_never(pending)


def _structure(action: VariantAction, config: GameConfig | None) -> str:
    """A structure the structure decision offers, as its variant names it."""
    variant = _declaring(config, "inputs", action)
    text = offered(variant, VariantStructureText)
    told = None if text is None else text.describe_structure(action)
    return told if told is not None else type(action).__name__


def _tiles(count: int, color: str = "") -> str:
    what = f"{color} tile" if color else "tile"
    return f"{count} {what}{'' if count == 1 else 's'}"


def describe_event(event: PublicEvent, *, config: GameConfig | None = None) -> str:
    """One short sentence telling ``event`` (a full or a public event), for logs and
    terminal front-ends.

    A variant's event is told by the variant of the game declaring it
    (:class:`VariantEventText`), found in ``config``, the game's configuration: it is
    refused (:class:`~tigris_rules.ArgumentValueError` naming its class) without one, or
    when no variant of the configuration tells it.

    >>> from tigris_rules.model.colors import Color
    >>> from tigris_rules.model.events import PointsScored, ScoreCause
    >>> describe_event(PointsScored(0, Color.RED, 1, ScoreCause.PLACEMENT))
    'seat 0 scores 1 red VP (placement)'
    """
    expect(event, get_args(PublicEvent), "event", "an Event or a PublicTilesDrawn")
    expect(config, (GameConfig, None), "config")
    match event:
        case TilePlaced():
            joined = ", uniting two kingdoms" if event.unification else ""
            return (
                f"seat {event.player} places a {event.color.value} tile on {event.square}{joined}"
            )
        case LeaderPlaced():
            return f"seat {event.player} places the {event.color.leader_name} on {event.square}"
        case LeaderMoved():
            return (
                f"seat {event.player} moves the {event.color.leader_name} from {event.origin} "
                f"to {event.square}"
            )
        case LeaderWithdrawn():
            return (
                f"seat {event.player} withdraws the {event.color.leader_name} from {event.square}"
            )
        case LeaderReturned():
            return (
                f"seat {event.player}'s {event.color.leader_name} on {event.square} goes back to "
                f"the supply ({event.reason})"
            )
        case CatastrophePlaced():
            destroyed = f", destroying a {event.destroyed.value} tile" if event.destroyed else ""
            return f"seat {event.player} places a catastrophe on {event.square}{destroyed}"
        case TilesSwapped():
            return f"seat {event.player} swaps {_tiles(event.count)}"
        case TilesDrawn() | PublicTilesDrawn():
            if isinstance(event, TilesDrawn):
                drawn = ", ".join(c.value for c in event.tiles) or "nothing"
            else:
                drawn = _tiles(event.count)
            short = " (the bag ran short)" if event.short else ""
            return f"seat {event.player} draws {drawn}{short}"
        case PointsScored():
            return (
                f"seat {event.player} scores {event.amount} {event.color.value} VP ({event.cause})"
            )
        case ConflictStarted():
            return (
                f"{event.color.value} {event.kind.value}: seat {event.attacker} (base "
                f"{event.attacker_base}) attacks seat {event.defender} (base "
                f"{event.defender_base})"
            )
        case SupportCommitted():
            return f"seat {event.player} commits {_tiles(event.count, event.color.value)}"
        case ConflictResolved():
            return (
                f"seat {event.winner} wins the {event.color.value} {event.kind.value} against "
                f"seat {event.loser} ({event.attacker_total} to {event.defender_total})"
            )
        case TilesRemoved():
            return f"{event.color.value} tiles leave the board: {', '.join(event.squares)}"
        case TileLeft():
            return f"seat {event.player}'s {_tiles(event.count, event.color.value)} leave the game"
        case MonumentBuilt():
            return (
                f"seat {event.player} builds the {event.monument.value} monument on {event.block}"
            )
        case TreasureTaken():
            return f"seat {event.player} takes the treasure on {event.square}"
        case TurnEnded():
            after = "" if event.next_player is None else f"; seat {event.next_player} is next"
            return f"seat {event.player}'s turn ends{after}"
        case GameOver():
            return f"the game is over ({event.reason})"
        case VariantEvent():
            return _variant_event(event, config)
        case _:
            assert_never(event)


def _variant_event(event: VariantEvent, config: GameConfig | None) -> str:
    """``event`` as the variant of the game declaring it tells it."""
    variant = _declaring(config, "events", event)
    text = offered(variant, VariantEventText)
    told = None if text is None else text.describe_event(event)
    if told is None:
        raise ArgumentValueError(
            f"event: the {variant.name} variant does not tell its {type(event).__name__} events"
        )
    return told
