"""Internal and external conflicts of the card game (CARD-REVOLT, CARD-WAR)."""

from __future__ import annotations

import attrs

from tigris_rules.cards.components import RED, spot_name
from tigris_rules.cards.decisions import CardCommitDecision, CardConflict, PointCause
from tigris_rules.cards.events import CardsDiscarded, CardsWon, RewardTaken
from tigris_rules.cards.kingdoms import column_of, run_bounds
from tigris_rules.cards.steps import PayStep, RemovalStep, Step
from tigris_rules.cards.table import is_red_card
from tigris_rules.cards.work import CardWork
from tigris_rules.model.colors import COLORS
from tigris_rules.model.decisions import ConflictKind, Role
from tigris_rules.model.events import ConflictResolved, ConflictStarted, SupportCommitted

__all__ = [
    "commit",
    "remove_loser_cards",
    "revolt_defender",
    "side_strength",
    "start_revolt",
    "start_war",
    "war_colors",
]


# --- internal conflict ----------------------------------------------------------------------


def revolt_defender(w: CardWork, flat: int) -> int:
    """CARD-REVOLT-1: the other leader of the same colour in the kingdom where the leader
    ``flat`` now stands, or -1."""
    loc = w.leaders[flat]
    if loc is None:
        return -1
    labels = w.labels()
    for other in w.leaders_of(labels, labels[column_of(loc)], flat % 4):
        if other != flat:
            return other
    return -1


def _revolt_base(w: CardWork, flat: int) -> int:
    """CARD-REVOLT-3: 1 if the leader stands on a red card, else 0."""
    loc = w.leaders[flat]
    return 1 if loc is not None and is_red_card(w.columns, w.gaps, loc) else 0


def start_revolt(w: CardWork, attacker_flat: int, defender_flat: int) -> None:
    """CARD-REVOLT-2: the active player attacks; bases by CARD-REVOLT-3; the attacker commits
    first (CARD-REVOLT-4)."""
    color = COLORS[attacker_flat % 4]
    conflict = CardConflict(
        kind=ConflictKind.REVOLT,
        color=color,
        attacker=attacker_flat // 4,
        defender=defender_flat // 4,
        attacker_base=_revolt_base(w, attacker_flat),
        defender_base=_revolt_base(w, defender_flat),
    )
    _open(w, conflict)


def _open(w: CardWork, conflict: CardConflict) -> None:
    w.events.append(ConflictStarted.of(conflict))
    w.pending = CardCommitDecision(conflict.attacker, Role.ATTACKER, conflict)


# --- external conflict ----------------------------------------------------------------------


def war_colors(w: CardWork, gap: int) -> list[int]:
    """CARD-WAR-1, CARD-WAR-9: the colours with two leaders in the kingdom of the card just
    played into ``gap``; a conflict whose leaders were separated has lapsed."""
    labels = w.labels()
    counts = [0, 0, 0, 0]
    for flat in w.leaders_in(labels, labels[gap]):
        counts[flat % 4] += 1
    return [color for color in range(4) if counts[color] >= 2]


def side_strength(w: CardWork, labels: tuple[int, ...], column: int, color: int) -> int:
    """CARD-WAR-4: the cards of ``color`` on the side holding ``column``: column cards,
    face-up gap cards, and every head in a red conflict. Boats and the face-down gap card
    never count."""
    first, last = run_bounds(labels, column)
    count = sum(w.columns[c].count(color) for c in range(first, last + 1))
    for g in range(first, last):
        card = w.gaps[g]
        if card is not None and card.face_up and card.card == color:
            count += 1
    if color == RED:
        count += last - first + 1
    return count


def _war_leaders(w: CardWork, gap: int, color: int) -> list[int]:
    labels = w.labels()
    return w.leaders_of(labels, labels[gap], color)


def start_war(w: CardWork, gap: int, color: int) -> None:
    """CARD-WAR-2: attacker and defender as in WAR-5, sides without the new gap card
    (CARD-WAR-3), bases by CARD-WAR-4; the attacker commits first (CARD-WAR-5)."""
    flats = _war_leaders(w, gap, color)
    owners = [f // 4 for f in flats]
    active = w.active
    if active in owners:
        attacker = active
    else:
        attacker = min(owners, key=lambda p: (p - active) % w.players)
    defender = next(p for p in owners if p != attacker)
    sides = w.labels(cut=gap)
    bases = {}
    for player in (attacker, defender):
        loc = w.leaders[4 * player + color]
        bases[player] = 0 if loc is None else side_strength(w, sides, column_of(loc), color)
    conflict = CardConflict(
        kind=ConflictKind.WAR,
        color=COLORS[color],
        attacker=attacker,
        defender=defender,
        attacker_base=bases[attacker],
        defender_base=bases[defender],
        gap=gap + 1,
    )
    _open(w, conflict)


# --- commitments and the result --------------------------------------------------------------


def commit(w: CardWork, decision: CardCommitDecision, count: int) -> None:
    """CARD-REVOLT-4, CARD-WAR-5: the committed cards leave the hand and lie in front of the
    player (public, CARD-DEF-7(a)); after the defender's answer the conflict is resolved."""
    conflict = decision.conflict
    color = conflict.commit_color
    w.take_from_hand(decision.player, color.index, count)
    w.events.append(SupportCommitted(decision.player, color, count))
    if decision.role is Role.ATTACKER:
        w.pending = CardCommitDecision(
            conflict.defender, Role.DEFENDER, attrs.evolve(conflict, attacker_commit=count)
        )
        return
    w.pending = None
    _resolve(w, conflict, count)


def _resolve(w: CardWork, conflict: CardConflict, defender_commit: int) -> None:
    """The result (CARD-REVOLT-5, CARD-WAR-5(c)), the loser's leader to supply (CARD-REVOLT-6,
    CARD-WAR-8), the reward (CARD-REVOLT-7, CARD-WAR-6; the defeated leader earns nothing,
    CARD-WAR-7), and for a war only the loser's cards of the conflict colour to the winner
    (CARD-WAR-8; a revolt removes no card, CARD-REVOLT-8)."""
    attacker_commit = conflict.attacker_commit or 0
    attacker_total = conflict.attacker_base + attacker_commit
    defender_total = conflict.defender_base + defender_commit
    if attacker_total > defender_total:  # ties go to the defender
        winner, loser = conflict.attacker, conflict.defender
    else:
        winner, loser = conflict.defender, conflict.attacker
    w.events.append(
        ConflictResolved(
            conflict.kind, conflict.color, winner, loser, attacker_total, defender_total
        )
    )
    color = conflict.color.index
    loser_flat = 4 * loser + color
    war = conflict.kind is ConflictKind.WAR
    steps: list[Step] = []
    if war and conflict.gap is not None:  # CARD-WAR-8; never in a revolt (CARD-REVOLT-8)
        gap = conflict.gap - 1
        loc = w.leaders[loser_flat]
        if loc is not None:
            first, last = run_bounds(w.labels(cut=gap), column_of(loc))
            steps.append(RemovalStep(gap, color, winner, first, last))
    w.return_leader(loser_flat, "war" if war else "revolt")  # CARD-REVOLT-6, CARD-WAR-8
    reward = conflict.commit_color.index
    committed = attacker_commit + defender_commit
    if committed:  # CARD-REVOLT-7, CARD-WAR-6
        w.to_pile(winner, (reward,))
        w.events.append(RewardTaken(winner, COLORS[reward]))
        if committed > 1:
            w.discard(reward, committed - 1)
            w.events.append(CardsDiscarded(COLORS[reward], committed - 1, "conflict"))
    else:
        cause = PointCause.WAR if war else PointCause.REVOLT
        steps.insert(0, PayStep(winner, reward, 1, cause))
    w.todo[0:0] = steps


def remove_loser_cards(w: CardWork, step: RemovalStep) -> None:
    """CARD-WAR-8: every card of the conflict colour on the loser's side goes onto the
    winner's VP pile, except heads and cards still carrying a leader. Columns close upward
    and a removed gap card splits its kingdom."""
    color = step.color
    occupied = {loc for loc in w.leaders if loc is not None}
    spots: list[str] = []
    for column in range(step.first, step.last + 1):
        x = 2 * column
        positions = {
            p
            for p, card in enumerate(w.columns[column], start=1)
            if card == color and (x, p) not in occupied
        }
        spots.extend(spot_name((x, p)) for p in sorted(positions))
        w.remove_from_column(column, positions)
        if column < step.last:
            card = w.gaps[column]
            loc = (x + 1, 0)
            if card is not None and card.face_up and card.card == color and loc not in occupied:
                spots.append(spot_name(loc))
                w.set_gap(column, None)
    if spots:
        w.to_pile(step.winner, (color,) * len(spots))
        w.events.append(CardsWon(step.winner, COLORS[color], tuple(spots)))
