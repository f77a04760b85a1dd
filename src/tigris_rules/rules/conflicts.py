"""Revolts (internal conflicts, REVOLT) and wars (external conflicts, WAR)."""

from __future__ import annotations

from tigris_rules.model.cells import EMPTY, LEADER, RED
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import (
    CommitDecision,
    Conflict,
    ConflictKind,
    Role,
    WarOrderDecision,
)
from tigris_rules.model.events import (
    ConflictResolved,
    ConflictStarted,
    ScoreCause,
    SupportCommitted,
    TileLeft,
    TilesRemoved,
)
from tigris_rules.model.squares import NEIGHBOURS, beside, square_index, square_name
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.rules.regions import side_of
from tigris_rules.rules.temples import temple_loss
from tigris_rules.rules.work import Work

__all__ = ["commit", "revolt_defender", "start_revolt", "start_war", "wars_pending"]


def revolt_defender(w: Work, flat: int) -> int:
    """The leader of the same colour already in the kingdom the leader ``flat`` just
    entered, or -1 when there is none (REVOLT-1)."""
    regions = w.regions()
    region = regions.label[w.leaders[flat]]
    color = flat % 4
    for other in regions.leaders[region]:
        if other != flat and other % 4 == color:
            return other
    return -1


def _temples_around(cells: list[int], square: int) -> int:
    return sum(1 for n in NEIGHBOURS[square] if cells[n] == RED)


def start_revolt(w: Work, attacker_flat: int, defender_flat: int) -> None:
    """Open a revolt: bases are the temples adjacent to each leader (REVOLT-2, REVOLT-3);
    the attacker commits first (REVOLT-4)."""
    a_square = w.leaders[attacker_flat]
    d_square = w.leaders[defender_flat]
    conflict = Conflict(
        kind=ConflictKind.REVOLT,
        color=COLORS[attacker_flat % 4],
        attacker=attacker_flat // 4,
        defender=defender_flat // 4,
        attacker_square=square_name(a_square),
        defender_square=square_name(d_square),
        attacker_base=_temples_around(w.cells, a_square),
        defender_base=_temples_around(w.cells, d_square),
    )
    _announce(w, conflict)


def _announce(w: Work, conflict: Conflict) -> None:
    if w.record:
        w.events.append(ConflictStarted.of(conflict))
    w.pending = CommitDecision(conflict.attacker, Role.ATTACKER, conflict)


def wars_pending(w: Work) -> list[int]:
    """Colours of which the marked square's region holds two leaders (WAR-2)."""
    regions = w.regions()
    seen = [0, 0, 0, 0]
    for flat in regions.leaders[regions.label[w.marker]]:
        seen[flat % 4] += 1
    return [c for c in range(4) if seen[c] >= 2]


def continue_wars(w: Work) -> bool:
    """Go on with the wars of a unification (WAR-3, WAR-4). True while a decision is
    pending; False once the marker is removed."""
    colors = wars_pending(w)
    if not colors:
        w.marker = NO_SQUARE
        return False
    if len(colors) >= 2:
        w.pending = WarOrderDecision(w.active, tuple(COLORS[c] for c in colors))
        return True
    start_war(w, colors[0])
    return True


def _war_base(cells: list[int], side: list[int], color: int) -> int:
    return sum(1 for s in side if cells[s] == color)


def start_war(w: Work, color: int) -> None:
    """Open the war of ``color``: attacker (WAR-5), sides (WAR-6) and bases (WAR-7)."""
    regions = w.regions()
    flats = [f for f in regions.leaders[regions.label[w.marker]] if f % 4 == color]
    owners = [f // 4 for f in flats]
    n = w.players
    if w.active in owners:
        attacker = w.active
    else:
        attacker = min(owners, key=lambda p: (p - w.active) % n)
    a_flat = flats[owners.index(attacker)]
    d_flat = flats[1 - owners.index(attacker)]
    a_square = w.leaders[a_flat]
    d_square = w.leaders[d_flat]
    conflict = Conflict(
        kind=ConflictKind.WAR,
        color=COLORS[color],
        attacker=attacker,
        defender=d_flat // 4,
        attacker_square=square_name(a_square),
        defender_square=square_name(d_square),
        attacker_base=_war_base(w.cells, side_of(w.cells, a_square, w.marker), color),
        defender_base=_war_base(w.cells, side_of(w.cells, d_square, w.marker), color),
    )
    _announce(w, conflict)


def commit(w: Work, decision: CommitDecision, count: int) -> ConflictKind | None:
    """Record a commitment; resolve the conflict after the defender's. Returns the kind of
    the conflict once it is resolved, ``None`` while the defender has still to commit."""
    conflict = decision.conflict
    color = decision.commit_color.index
    player = decision.player
    w.change_hand(player, color, -count)
    w.tiles_out(color, count)  # REVOLT-10, WAR-16: committed tiles leave the game unscored
    if w.record:
        w.events.append(SupportCommitted(player, COLORS[color], count))
        if count:
            w.events.append(TileLeft(player, COLORS[color], count))
    if decision.role is Role.ATTACKER:
        w.pending = CommitDecision(
            conflict.defender,
            Role.DEFENDER,
            Conflict(
                kind=conflict.kind,
                color=conflict.color,
                attacker=conflict.attacker,
                defender=conflict.defender,
                attacker_square=conflict.attacker_square,
                defender_square=conflict.defender_square,
                attacker_base=conflict.attacker_base,
                defender_base=conflict.defender_base,
                attacker_commit=count,
            ),
        )
        return None
    w.pending = None
    attacker_total = conflict.attacker_base + (conflict.attacker_commit or 0)
    defender_total = conflict.defender_base + count
    attacker_wins = attacker_total > defender_total  # REVOLT-7, WAR-11: ties to the defender
    winner, loser = (
        (conflict.attacker, conflict.defender)
        if attacker_wins
        else (conflict.defender, conflict.attacker)
    )
    loser_square = square_index(
        conflict.defender_square if attacker_wins else conflict.attacker_square
    )
    if w.record:
        w.events.append(
            ConflictResolved(
                conflict.kind, conflict.color, winner, loser, attacker_total, defender_total
            )
        )
    if conflict.kind is ConflictKind.REVOLT:
        _end_revolt(w, winner, loser_square)
    else:
        _end_war(w, conflict.color.index, winner, loser_square)
    return conflict.kind


def _end_revolt(w: Work, winner: int, loser_square: int) -> None:
    """REVOLT-8, REVOLT-9: the loser's leader goes home, the winner scores 1 red VP; no board
    tile is removed (REVOLT-10)."""
    w.return_leader(w.leader_at(loser_square), "revolt")  # REVOLT-8
    w.score(winner, RED, 1, ScoreCause.REVOLT)  # REVOLT-9


def _end_war(w: Work, color: int, winner: int, loser_square: int) -> None:
    """WAR-12, WAR-13, WAR-15, WAR-17: the loser's leader goes home, his side's tiles of the
    conflict colour leave the game (save those WAR-14 keeps), the winner scores, temple loss
    follows (the committed tiles already left: WAR-16)."""
    cells = w.cells
    side = side_of(cells, loser_square, w.marker)
    w.return_leader(w.leader_at(loser_square), "war")  # WAR-12
    keepers = w.hooks.keeps_in_war
    removed = []
    for s in side:
        if cells[s] != color or any(v.keeps_in_war(w, s) for _, v in keepers):
            continue  # BLD-9 and the like, through the extension point
        if color == RED and (s in w.treasures or beside(cells, s, LEADER)):
            continue  # WAR-14, judged after the losing priest left (D3)
        removed.append(s)
    for s in removed:  # WAR-13
        cells[s] = EMPTY
        w.vacate(s)
    if removed:
        w.tiles_out(color, len(removed))
        if w.record:
            w.events.append(TilesRemoved(COLORS[color], tuple(square_name(s) for s in removed)))
    w.score(winner, color, 1 + len(removed), ScoreCause.WAR)  # WAR-15
    temple_loss(w)  # WAR-17
