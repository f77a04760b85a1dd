"""Treasures (TREAS): the check at the end of every action."""

from __future__ import annotations

from tigris_rules.model.cells import GREEN
from tigris_rules.model.decisions import TreasureDecision
from tigris_rules.model.events import TreasureTaken
from tigris_rules.model.squares import square_name
from tigris_rules.rules.regions import Regions
from tigris_rules.rules.work import Work, added

__all__ = ["take_all_but", "treasure_check"]


def _next_claim(w: Work) -> tuple[int, list[int]] | None:
    """The first kingdom the check must handle (TREAS-2, TREAS-6, TREAS-7): its trader's owner
    and its treasures, ascending."""
    treasures = w.treasures
    if len(treasures) < 2:
        return None
    leaders = w.leaders
    n = w.players
    active = w.active
    regions: Regions | None = None  # found once a trader is on the board
    for offset in range(n):  # the active player first, then clockwise (TREAS-7)
        player = (active + offset) % n
        square = leaders[4 * player + GREEN]
        if square < 0:  # no trader of this player on the board
            continue
        if regions is None:
            regions = w.regions()
        found = treasures.intersection(regions.squares[regions.label[square]])
        if len(found) >= 2:
            return player, sorted(found)
    return None


def take_all_but(w: Work, player: int, treasures: list[int], stays: int) -> None:
    """``player`` takes every treasure of ``treasures`` except the one on ``stays``."""
    for t in treasures:
        if t != stays:
            w.treasures = w.treasures - {t}
            w.treasures_held = added(w.treasures_held, player, 1)
            if w.record:
                w.events.append(TreasureTaken(player, square_name(t)))


def treasure_check(w: Work) -> bool:
    """Run the treasure check; True when it stops for a treasure decision (TREAS-5). The end
    of an action skips it while ``w.claims_settled``: no claim can have appeared."""
    while (claim := _next_claim(w)) is not None:
        player, found = claim
        priority = w.layout.priority_squares
        ordinary = [t for t in found if t not in priority]
        candidates = ordinary or found  # TREAS-4: a non-priority treasure stays if any
        if len(candidates) >= 2:
            w.pending = TreasureDecision(
                player,
                tuple(square_name(t) for t in found),
                tuple(square_name(t) for t in candidates),
            )
            return True
        take_all_but(w, player, found, candidates[0])
    w.claims_settled = True
    return False
