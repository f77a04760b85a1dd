"""Input handling of the card game: malformed input (CONV-19), the rejection order
(CONV-17, CONV-15, TURN-1, TURN-3, END-3), and agreement between the legal list and the
checks."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest
from card_scenario import BLACK, RED, play, rejected, table

from tigris_rules import Color, GameConfig, IllegalActionError, InvalidActionError, PlaceTile
from tigris_rules.cards import (
    Boat,
    BuildBoat,
    CardAction,
    CardGameState,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
    card_legal_actions,
    card_step,
    card_to_move,
    new_card_game,
)
from tigris_rules.cards.legality import check_card_action


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (PlaceTile(BLACK, "a1"), "type"),
        ("end turn", "type"),
        (PlayLeader("black", "1.0"), "color"),  # type: ignore[arg-type]
        (PlayLeader(BLACK, "9.0"), "target"),
        (PlayLeader(BLACK, "1.-1"), "target"),
        (PlayLeader(BLACK, "g8"), "target"),
        (PlayLeader(BLACK, "1.01"), "target"),
        (PlayLeader(BLACK, 10), "target"),  # type: ignore[arg-type]
        (PlayColumn(BLACK, 0), "column"),
        (PlayColumn(BLACK, 9), "column"),
        (PlayColumn(BLACK, True), "column"),
        (PlayColumn(BLACK, "1"), "column"),  # type: ignore[arg-type]
        (PlayGap(BLACK, 8), "gap"),
        (PlayGap(None, 1), "color"),  # type: ignore[arg-type]
        (PlayCatastrophe("x"), "target"),
        (ChooseConflict("red"), "color"),  # type: ignore[arg-type]
        (CommitSupport(-1), "count"),
        (PayPoints(1.0), "count"),  # type: ignore[arg-type]
        (BuildBoat("blue-black"), "boat"),  # type: ignore[arg-type]
        (TakeTreasures((0,)), "columns"),
        (TakeTreasures((1, 1)), "columns"),  # a list naming an item twice
        (TakeTreasures("12"), "columns"),
    ],
)
def test_malformed_input_names_the_field(action: object, field: str) -> None:
    """CONV-19: input that is no well-formed card-game action or answer is rejected before
    CONV-17, with no rule ID, naming the bad field; it changes nothing."""
    state = table()
    with pytest.raises(InvalidActionError) as info:
        card_step(state, action)  # type: ignore[arg-type]
    assert info.value.field == field
    assert action not in card_legal_actions(state)


def test_malformed_player_argument() -> None:
    """CONV-19: the sending seat must be a seat of the game or None."""
    with pytest.raises(InvalidActionError) as info:
        card_step(table(), EndTurn(), 2)
    assert info.value.field == "player"


def test_rejection_order() -> None:
    """CONV-17 for Part II: END-3 first, then CONV-15 for a pending decision, then TURN-1 for
    a player other than the active one, then TURN-3 for an answer to no decision, then the
    card-game rules of the action in document order."""
    state = table(columns={1: "kk"}, leaders={"1.0": "1K"}, hands={0: "k", 1: "k"})
    rejected(state, PayPoints(0), "TURN-3")
    rejected(state, CommitSupport(0), "TURN-3")
    rejected(state, Decline(), "TURN-3")
    rejected(state, PlayColumn(RED, 1), "TURN-1", player=1)
    rejected(state, PlayColumn(RED, 1), "CARD-PLAY-1", player=0)
    paying = play(state, PlayColumn(BLACK, 1))
    rejected(paying, EndTurn(), "CONV-15")
    rejected(paying, PayPoints(0), "CONV-15", player=0)
    rejected(paying, BuildBoat(Boat.BLUE_BLACK), "CONV-15")
    over = attrs.evolve(state, over=True, end_reason="stalemate")
    rejected(over, PayPoints(0), "END-3")
    rejected(over, PlayColumn(RED, 1), "END-3", player=1)
    # both CARD-CATA-3 and CARD-CATA-4 are broken: the first in document order wins
    rejected(state, PlayCatastrophe("1.0"), "CARD-CATA-3")
    used = attrs.evolve(state, catastrophes=(False, True))
    rejected(used, PlayCatastrophe("1.0"), "CARD-CATA-1")


def test_rejection_changes_nothing() -> None:
    """CONV-17: a rejected input changes nothing."""
    state = table(columns={1: "kk"}, hands={0: "k"})
    before = attrs.evolve(state)
    with pytest.raises(IllegalActionError):
        card_step(state, PlayColumn(RED, 1))
    assert state == before


def test_single_pending_conflict_is_not_asked_but_commitments_are() -> None:
    """CONV-15: a decision with one legal answer resolves itself (a single pending conflict
    starts at once), except the commitments, payments and treasure decisions, which are
    always asked."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.0": "0K", "2.0": "1K"},
        hands={0: "r"},
    )
    after = play(state, PlayGap(RED, 1))
    assert list(card_legal_actions(after)) == [CommitSupport(0)]
    assert card_to_move(after) == 0
    after = play(after, CommitSupport(0))
    assert card_to_move(after) == 1
    assert list(card_legal_actions(after)) == [CommitSupport(0)]


def candidates(state: CardGameState) -> Iterator[CardAction]:
    """A broad set of well-formed inputs, legal or not."""
    spots = [f"{c}.{p}" for c in range(1, 9) for p in range(10)]
    spots += [f"g{g}" for g in range(1, 8)]
    for color in Color:
        yield ChooseConflict(color)
        for column in range(1, 9):
            yield PlayColumn(color, column)
        for gap in range(1, 8):
            yield PlayGap(color, gap)
        for spot in spots[::3]:
            yield PlayLeader(color, spot)
    for spot in spots:
        yield PlayCatastrophe(spot)
    for n in range(6):
        yield CommitSupport(n)
        yield PayPoints(n)
    for boat in Boat:
        yield BuildBoat(boat)
    yield Decline()
    yield EndTurn()
    yield TakeTreasures(())
    for a in range(1, 9):
        yield TakeTreasures((a,))
        for b in range(a + 1, 9):
            yield TakeTreasures((a, b))


def accepted(state: CardGameState, action: CardAction) -> bool:
    try:
        check_card_action(state, action, card_to_move(state))
    except IllegalActionError:
        return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_legal_list_agrees_with_the_checks(players: int) -> None:
    """CONV-17, CONV-15: along random games, every listed input is accepted and every other
    candidate input is rejected; the list is deterministic, indexable and sliceable."""
    rng = random.Random(players)
    state = new_card_game(GameConfig(players=players, game="cards"), seed=players)
    for step in range(300):
        if state.over:
            break
        legal = card_legal_actions(state)
        listed = list(legal)
        assert len(listed) == len(set(listed)) == len(legal)
        assert listed == list(card_legal_actions(state))
        assert legal[-1] == listed[-1]
        assert list(legal[1:3]) == listed[1:3]
        for action in listed:
            assert accepted(state, action), action
        if step % 2 == 0:
            for action in candidates(state):
                assert accepted(state, action) == (action in listed), action
        state = card_step(state, listed[rng.randrange(len(listed))])[0]
    with pytest.raises(IndexError):
        card_legal_actions(state)[10_000]
