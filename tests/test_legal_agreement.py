"""``legal_actions`` and ``apply`` agree both ways: every listed input applies, and every
well-formed input that is not listed is rejected with a rule ID (CONV-17)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import tigris_rules as tr
from tigris_rules.model.squares import SQUARE_NAMES
from tigris_rules.model.state import GameState
from tigris_rules.rules.legality import check_action


def all_well_formed(state: GameState) -> Iterator[tr.Action]:
    """Every well-formed input worth trying in ``state``, legal or not."""
    for color in tr.COLORS:
        yield tr.WithdrawLeader(color)
        yield tr.ChooseConflict(color)
        for square in SQUARE_NAMES:
            yield tr.PlaceLeader(color, square)
            yield tr.PlaceTile(color, square)
    for square in SQUARE_NAMES:
        yield tr.PlaceCatastrophe(square)
        yield tr.KeepTreasure(square)
    for counts in [(1, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 7), (1, 1, 1, 1), (0, 0, 0, 0)]:
        yield tr.SwapTiles(*counts)
    for count in range(8):
        yield tr.CommitSupport(count)
    for monument in tr.Monument:
        for square in SQUARE_NAMES[::7]:
            yield tr.BuildMonument(monument, square)
    yield tr.EndTurn()
    yield tr.Decline()


def sample_states(count: int, seed: int) -> list[GameState]:
    """States met in random play, decisions included."""
    rng = random.Random(seed)
    found: list[GameState] = []
    game = 0
    while len(found) < count:
        state = tr.new_game(tr.GameConfig(players=2 + game % 3), seed=seed + game)
        game += 1
        while not tr.is_over(state) and len(found) < count:
            if rng.random() < 0.08 or state.pending is not None:
                found.append(state)
            legal = tr.legal_actions(state)
            state = tr.apply(state, legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("index", range(30))
def test_listed_and_accepted_agree(index: int) -> None:
    state = _SAMPLES[index]
    listed = list(tr.legal_actions(state))
    assert len(listed) == len(set(listed)), "an action is listed twice"
    listed_set = set(listed)
    for action in listed:
        tr.apply(state, action)
    for action in all_well_formed(state):
        if action in listed_set:
            continue
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, action)
        assert info.value.rule, action


@pytest.mark.parametrize("index", range(0, 30, 3))
def test_a_rejection_is_the_same_once_the_list_is_built(index: int) -> None:
    """An input's check answers the same, rule and reason, whether or not the state's
    legal-action list was built before (it passes a listed input at once)."""

    def verdicts(state: GameState) -> list[tuple[str, str] | None]:
        found: list[tuple[str, str] | None] = []
        for action in all_well_formed(state):
            try:
                check_action(state, action)
            except tr.IllegalActionError as error:
                found.append((error.rule, error.reason))
            else:
                found.append(None)
        return found

    state = _SAMPLES[index]
    fresh = tr.loads(tr.dumps(state), GameState)
    before = verdicts(fresh)
    tr.legal_actions(fresh)
    assert verdicts(fresh) == before


def test_legal_actions_sequence_protocol() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=3)
    legal = tr.legal_actions(state)
    listed = list(legal)
    assert len(legal) == len(listed) > 100
    assert legal[0] == listed[0]
    assert legal[-1] == tr.EndTurn()
    assert list(legal[3:6]) == listed[3:6]
    assert listed[5] in legal
    assert tr.PlaceTile(tr.Color.BLUE, "a1") not in legal
    assert "not an action" not in legal  # type: ignore[comparison-overlap]
    with pytest.raises(IndexError):
        legal[len(legal)]


def test_order_is_deterministic() -> None:
    """The same state lists the same actions in the same order."""
    a = tr.new_game(tr.GameConfig(players=3), seed=5)
    b = tr.new_game(tr.GameConfig(players=3), seed=5)
    assert list(tr.legal_actions(a)) == list(tr.legal_actions(b))


_SAMPLES = sample_states(30, seed=11)


def test_a_decision_of_a_variant_the_game_does_not_use_has_no_answer() -> None:
    """CONV-15, CONV-17: a hand-made state awaiting a civilization-building decision in a
    game without the buildings variant lists no legal answer, and rejects the answers
    that variant would accept under CONV-15, naming the decision (by its class: the game
    has no variant to say more, whatever is installed)."""
    from tigris_rules.render.diagram import position

    decision = tr.BuildingDecision(0, tr.Color.RED, ("g5",))
    state = position(pending=decision)
    assert list(tr.legal_actions(state)) == []
    for answer in (tr.PlaceBuilding("g5"), tr.Decline()):
        with pytest.raises(tr.IllegalActionError) as info:
            tr.apply(state, answer)
        assert (info.value.rule, info.value.reason) == (
            "CONV-15",
            "a decision is pending: player 0 must answer a BuildingDecision",
        )
