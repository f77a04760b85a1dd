"""Leaders in the card game (RULES.md Part II, C4: CARD-LEADER-1..CARD-LEADER-8)."""

from __future__ import annotations

import attrs
import pytest
from card_scenario import BLACK, BLUE, GREEN, RED, play, play_events, rejected, table

from tigris_rules import InvalidActionError, WithdrawLeader
from tigris_rules.cards import (
    BuildBoat,
    LeaderPlayed,
    LeaderToSupply,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayLeader,
    PointsPaid,
    card_legal_actions,
    card_step,
)
from tigris_rules.cards.components import Boat


def test_actions_name_no_player() -> None:
    """CARD-LEADER-1 (structural): a leader action names a colour and a target, never a
    player, so it always moves the sender's own leader."""
    assert [f.name for f in attrs.fields(PlayLeader)] == ["color", "target"]
    state = table(leaders={"1.0": "1K"})
    after = play(state, PlayLeader(BLACK, "2.0"))
    assert after.leader_spot(0, BLACK) == "2.0"
    assert after.leader_spot(1, BLACK) == "1.0"
    rejected(state, PlayLeader(BLACK, "3.0"), "TURN-1", player=1)


@pytest.mark.parametrize("target", ["1.0", "1.1", "1.2", "g1"])
def test_any_card_of_any_colour_is_a_target(target: str) -> None:
    """CARD-LEADER-2: a head, a column card or a face-up gap card, of any colour."""
    state = table(columns={1: "bgk", 2: "rrr"}, gaps={1: "g"})
    after = play(state, PlayLeader(RED, target))
    assert after.leader_spot(0, RED) == target
    assert PlayLeader(RED, target) in card_legal_actions(state)


@pytest.mark.parametrize("target", ["1.4", "3.1", "g2", "g1"])
def test_a_target_must_be_a_card_on_the_table(target: str) -> None:
    """CARD-LEADER-2: a place without a card (past a column's end, an empty gap) is no
    target."""
    state = table(columns={1: "bgk"})
    rejected(state, PlayLeader(RED, target), "CARD-LEADER-2")


def test_never_on_a_boat() -> None:
    """CARD-LEADER-3: the target must not be a boat."""
    state = table(columns={1: "kGb"})
    rejected(state, PlayLeader(GREEN, "1.2"), "CARD-LEADER-3")
    assert play(state, PlayLeader(GREEN, "1.3")).leader_spot(0, GREEN) == "1.3"


def test_one_leader_per_card() -> None:
    """CARD-LEADER-4: the target must not already carry a leader, of any player."""
    state = table(columns={1: "kk"}, leaders={"1.1": "1R", "2.0": "0K"})
    rejected(state, PlayLeader(BLUE, "1.1"), "CARD-LEADER-4")
    rejected(state, PlayLeader(BLUE, "2.0"), "CARD-LEADER-4")


def test_place_from_supply() -> None:
    """CARD-LEADER-5 (structural): a leader in supply is placed from it; the action has no
    origin field, and the event says it came from the supply."""
    state = table()
    _after, events = play_events(state, PlayLeader(BLUE, "5.0"))
    assert events == [LeaderPlayed(0, BLUE, "5.0", None)]
    assert "origin" not in [f.name for f in attrs.fields(PlayLeader)]


def test_move_only_to_another_kingdom() -> None:
    """CARD-LEADER-6: a leader in play moves, and only to a different kingdom (V5)."""
    state = table(
        columns={1: "kkk", 2: "rrr", 3: "b"},
        gaps={1: "r"},
        leaders={"1.2": "0B"},
    )
    rejected(state, PlayLeader(BLUE, "2.1"), "CARD-LEADER-6")
    rejected(state, PlayLeader(BLUE, "g1"), "CARD-LEADER-6")
    rejected(state, PlayLeader(BLUE, "1.0"), "CARD-LEADER-6")
    after, events = play_events(state, PlayLeader(BLUE, "3.1"))
    assert events == [LeaderPlayed(0, BLUE, "3.1", "1.2")]
    assert after.leader_spot(0, BLUE) == "3.1"


def test_no_withdrawal() -> None:
    """CARD-LEADER-7: there is no withdrawal; a leader leaves play only by losing a conflict
    or when its card is discarded for a boat (the catastrophe cannot hit it)."""
    state = table(columns={1: "bbb"}, leaders={"1.2": "0K", "1.3": "1R"}, hands={0: "b"})
    with pytest.raises(InvalidActionError):
        card_step(state, WithdrawLeader(BLACK))  # type: ignore[arg-type]
    rejected(state, PlayCatastrophe("1.2"), "CARD-CATA-3")
    after, events = play_events(
        state, PlayColumn(BLUE, 1), PayPoints(0), BuildBoat(Boat.BLUE_BLACK)
    )
    assert LeaderToSupply(0, BLACK, "1.2", "boat") in events
    assert LeaderToSupply(1, RED, "1.3", "boat") in events
    assert after.leader_spot(0, BLACK) is None


def test_placing_or_moving_scores_nothing() -> None:
    """CARD-LEADER-8: placing or moving a leader scores nothing."""
    state = table(columns={1: "kkk", 2: "kk"}, leaders={"2.1": "0K"}, hands={0: "kkk"})
    after, events = play_events(state, PlayLeader(BLACK, "1.1"), PlayLeader(RED, "1.2"))
    assert [type(e).__name__ for e in events[:2]] == ["LeaderPlayed", "LeaderPlayed"]
    assert not any(isinstance(e, PointsPaid) for e in events)
    assert after.piles == state.piles
