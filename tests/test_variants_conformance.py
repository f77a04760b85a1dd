"""Random play with the variants: for every board (classic, alternative) and every subset of
the variants (english, buildings, ziggurat), seeded games are played to the end, 2 to 4
players in turn. At every step the invariants of ``tigris_rules.testing.check_invariants``
must hold, the base game's and the variants' own (RULES.md "Invariants", §16-§19); ``apply``
must leave its input unchanged; and the answers of every variant decision are checked
against the rules' text.

A third of the games choose uniformly among the legal inputs. The others lean towards tiles
placed beside tiles of their colour and towards taking the structures and buildings offered,
so that lines, crosses, buildings and the ziggurat occur often; every combination must show
the features of its variants (a building placed and moved, the bonus, the ziggurat and its
income, an English restriction) within a few games.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter

import pytest

import tigris_rules as tr
from tigris_rules.model.events import Event, PointsScored, ScoreCause
from tigris_rules.model.squares import COLUMNS, NEIGHBOURS, square_index
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.testing.invariants import check_invariants
from tigris_rules.variants.buildings import (
    BuildingDecision,
    BuildingPlaced,
    BuildingReturned,
    PlaceBuilding,
    building_squares,
)
from tigris_rules.variants.ziggurat import (
    BuildZiggurat,
    ChooseColor,
    ZigguratBuilt,
    ZigguratIncomeDecision,
)

pytestmark = pytest.mark.slow

VARIANTS = ("english", "buildings", "ziggurat")
SUBSETS = [c for r in range(4) for c in itertools.combinations(VARIANTS, r)]
BOARDS = ("classic", "alternative")
COMBINATIONS = [(board, subset) for board in BOARDS for subset in SUBSETS]

GAMES = 6
"""Games per combination: the first two uniform, the others leaning (see the module text)."""
UNIFORM = 2
MAX_GAMES = 10
"""More leaning games are played, up to this many, until the variants' features occurred."""
MAX_DECISIONS = 5000


def event_problems(
    state: GameState, before: GameState, action: tr.Action, events: tuple[Event, ...]
) -> list[str]:
    """The events of one input that the variants' rules forbid."""
    problems: list[str] = []
    variants = state.config.variants
    scores = [e for e in events if isinstance(e, PointsScored)]
    for i, event in enumerate(scores):
        if event.cause == "building":
            previous = scores[i - 1] if i else None
            if "buildings" not in variants:
                problems.append("a building bonus without the buildings variant")
            elif previous is None or previous.cause is not ScoreCause.PLACEMENT:
                problems.append("a building bonus not right after a placement VP (BLD-11/12)")
            elif (previous.player, previous.color, event.amount) != (event.player, event.color, 1):
                problems.append("a building bonus to another player or colour (BLD-11)")
    income = [e for e in scores if e.cause == "ziggurat"]
    if isinstance(before.pending, ZigguratIncomeDecision):
        assert isinstance(action, ChooseColor)
        expected = [PointsScored(before.active, action.color, 1, "ziggurat")]
        if income != expected:
            problems.append(f"ziggurat income {income} for {action} (ZIG-8)")
    elif income:
        problems.append("ziggurat VP without the income decision (ZIG-8)")
    if any(isinstance(e, BuildingPlaced) for e in events) and not isinstance(action, PlaceBuilding):
        problems.append("a building placed without PlaceBuilding (BLD-8)")
    return problems


def expected_commits(state: GameState, decision: tr.CommitDecision) -> list[int]:
    """The legal commit amounts by REVOLT-4/5, WAR-8/9 and, with the variant, ENG-2/ENG-3."""
    held = state.hands[decision.player][decision.commit_color.index]
    if "english" not in state.config.variants:
        return list(range(held + 1))
    conflict = decision.conflict
    a0, d0 = conflict.attacker_base, conflict.defender_base
    if decision.role is tr.Role.ATTACKER:
        return [0, *(a for a in range(1, held + 1) if a0 + a > d0)]
    need = a0 + (conflict.attacker_commit or 0) - d0
    return [0, need] if 1 <= need <= held else [0]


def line_squares(state: GameState, square: int, step: int) -> set[int]:
    """The BLD-2 line through ``square`` along a row (1) or a column (COLUMNS)."""
    color = state.cells[square]
    line = {square}
    for direction in (-step, step):
        s = square
        while True:
            n = s + direction
            if not 0 <= n < len(state.cells) or state.cells[n] != color:
                break
            if step == 1 and n // COLUMNS != square // COLUMNS:
                break
            line.add(n)
            s = n
    return line


def decision_problems(state: GameState, legal: list[tr.Action]) -> list[str]:
    """The pending decision's answers checked against the rules' text."""
    problems: list[str] = []
    pending = state.pending
    if pending is None:
        return problems
    if isinstance(pending, tr.CommitDecision):
        counts = [a.count for a in legal if isinstance(a, tr.CommitSupport)]
        if counts != expected_commits(state, pending):
            problems.append(
                f"commit answers {counts}, rules say {expected_commits(state, pending)}"
            )
        return problems
    if len(legal) < 2:
        problems.append(f"decision {pending} with {len(legal)} answer(s) was asked (CONV-15)")
    if isinstance(pending, BuildingDecision):
        placed = state.placed
        color = pending.color.index
        lines = [line_squares(state, placed, step) for step in (1, COLUMNS)]
        lines = [line for line in lines if len(line) >= 3]
        building = building_squares(state)[color]
        if building != NO_SQUARE:
            current = max(len(line_squares(state, building, step)) for step in (1, COLUMNS))
            lines = [line for line in lines if len(line) > current]
        expected = set().union(*lines) if lines else set()
        offered = {square_index(s) for s in pending.squares}
        if state.cells[placed] != color or pending.player != state.active:
            problems.append(f"building decision {pending} for the tile on {placed}")
        if offered != expected:
            problems.append(f"building decision offers {sorted(offered)}, BLD-4 gives {expected}")
        if set(legal) != {*(PlaceBuilding(s) for s in pending.squares), tr.Decline()}:
            problems.append("building decision answers are not its squares and Decline")
    if isinstance(pending, ZigguratIncomeDecision):
        king = state.leaders[4 * pending.player]
        if pending.player != state.active or king == NO_SQUARE:
            problems.append(f"income decision {pending} without the active player's king")
        if set(legal) != {ChooseColor(c) for c in tr.COLORS}:
            problems.append("income answers are not the four colours")
    return problems


# --- playing --------------------------------------------------------------------------------------


def leaning_choice(state: GameState, legal: tr.LegalActions, rng: random.Random) -> tr.Action:
    """Mostly take the structures and buildings offered, and place tiles beside tiles of
    their colour; otherwise a uniform choice."""
    if state.pending is not None:
        answers = list(legal)
        crosses = [a for a in answers if isinstance(a, BuildZiggurat)]
        if crosses and rng.random() < 0.9:
            return rng.choice(crosses)
        buildings = [a for a in answers if isinstance(a, PlaceBuilding)]
        if buildings and rng.random() < 0.8:
            return rng.choice(buildings)
        return answers[rng.randrange(len(answers))]
    if rng.random() < 0.6:
        tiles: list[tuple[int, tr.Action]] = []
        for action in legal:
            if isinstance(action, tr.PlaceTile):
                square = square_index(action.square)
                same = sum(1 for n in NEIGHBOURS[square] if state.cells[n] == action.color.index)
                if same:
                    tiles.append((same, action))
        if tiles:
            best = max(same for same, _ in tiles)
            return rng.choice([a for same, a in tiles if same >= min(best, 2)])
    return legal[rng.randrange(len(legal))]


def play_game(config: tr.GameConfig, seed: int, leaning: bool, seen: Counter[str]) -> int:
    """Play one game to its end, checking every step; count the features met in ``seen``."""
    state = tr.new_game(config, seed=seed)
    problems = check_invariants(state)
    assert not problems, f"seed {seed}, opening position: {problems}"
    rng = random.Random(seed)
    for decisions in range(MAX_DECISIONS):
        if tr.is_over(state):
            assert tr.to_move(state) is None
            assert len(tr.legal_actions(state)) == 0
            assert len(tr.result(state).players) == config.players
            return decisions
        legal = tr.legal_actions(state)
        assert len(legal) > 0, f"seed {seed}: no legal input at decision {decisions}"
        problems = decision_problems(state, list(legal))
        assert not problems, f"{config}, seed {seed}, decision {decisions}: {problems}"
        if isinstance(state.pending, tr.CommitDecision):
            counts = [a.count for a in legal if isinstance(a, tr.CommitSupport)]
            held = state.hands[state.pending.player][state.pending.commit_color.index]
            if len(counts) < held + 1:
                seen["english restriction"] += 1
        action = leaning_choice(state, legal, rng) if leaning else legal[rng.randrange(len(legal))]
        snapshot = copy.deepcopy(state)
        after, events = tr.step(state, action, tr.to_move(state))
        assert state == snapshot, f"seed {seed}: step changed its input ({action})"
        problems = check_invariants(after, state) + event_problems(after, state, action, events)
        assert not problems, f"{config}, seed {seed}, decision {decisions}, {action}: {problems}"
        for event in events:
            if isinstance(event, BuildingPlaced):
                seen["building moved" if event.origin else "building placed"] += 1
            elif isinstance(event, BuildingReturned):
                seen["building returned"] += 1
            elif isinstance(event, ZigguratBuilt):
                seen["ziggurat built"] += 1
            elif isinstance(event, PointsScored) and event.cause == "building":
                seen["building bonus"] += 1
            elif isinstance(event, PointsScored) and event.cause == "ziggurat":
                seen["ziggurat income"] += 1
        state = after
    pytest.fail(f"{config}, seed {seed}: the game did not end within {MAX_DECISIONS} decisions")


def features(variants: tuple[str, ...]) -> set[str]:
    """The features the games of a combination must show."""
    wanted: set[str] = set()
    if "english" in variants:
        wanted.add("english restriction")
    if "buildings" in variants:
        wanted |= {"building placed", "building moved", "building bonus"}
    if "ziggurat" in variants:
        wanted |= {"ziggurat built", "ziggurat income"}
    return wanted


@pytest.mark.parametrize(
    ("board", "variants"),
    COMBINATIONS,
    ids=[f"{b}-{'+'.join(v) or 'base'}" for b, v in COMBINATIONS],
)
def test_random_games_with_variants_end_and_keep_the_invariants(
    board: str, variants: tuple[str, ...]
) -> None:
    """CONV-15, END-1, END-2, ENG-2, ENG-3, BLD-1, BLD-4, BLD-11, ZIG-1, ZIG-4, ZIG-8:
    seeded games of every combination end; at every step the base and variant invariants
    hold, the input state is unchanged, and the variants' decisions offer what the rules
    say. Player counts rotate over 2, 3 and 4."""
    index = COMBINATIONS.index((board, variants))
    seen: Counter[str] = Counter()
    games = 0
    while games < GAMES or (games < MAX_GAMES and not features(variants) <= set(seen)):
        players = 2 + (index + games) % 3
        config = tr.GameConfig(players=players, board=board, variants=variants)
        length = play_game(config, seed=1000 * index + games, leaning=games >= UNIFORM, seen=seen)
        assert length > 0
        games += 1
    missing = features(variants) - set(seen)
    assert not missing, f"no {', '.join(sorted(missing))} in {games} games"
    if "ziggurat" not in variants:
        assert not seen["ziggurat built"]
    if "buildings" not in variants:
        assert not seen["building placed"]
