"""The catastrophe card (RULES.md Part II, C6: CARD-CATA-1..CARD-CATA-6)."""

from __future__ import annotations

import pytest
from card_scenario import BLACK, GREEN, column, play, play_events, rejected, table

from tigris_rules.cards import (
    CatastrophePlayed,
    ConflictStarted,
    PlayCatastrophe,
    PlayColumn,
    PointsPaid,
    card_legal_actions,
)
from tigris_rules.cards.kingdoms import kingdom_labels


def test_once_per_game() -> None:
    """CARD-CATA-1: each player may play his single catastrophe card once per game."""
    state = table(columns={1: "kkk"})
    after = play(state, PlayCatastrophe("1.1"))
    assert after.catastrophes == (False, True)
    rejected(after, PlayCatastrophe("1.1"), "CARD-CATA-1")
    assert not any(isinstance(a, PlayCatastrophe) for a in card_legal_actions(after))


@pytest.mark.parametrize("target", ["1.1", "1.3", "g1"])
def test_any_column_or_face_up_gap_card(target: str) -> None:
    """CARD-CATA-2: the target may be a column card or a face-up gap card, of any colour."""
    state = table(columns={1: "kgr", 2: "bbb"}, gaps={1: "b"})
    assert PlayCatastrophe(target) in card_legal_actions(state)
    play(state, PlayCatastrophe(target))


@pytest.mark.parametrize("target", ["1.4", "2.1", "g2"])
def test_the_target_must_be_a_card(target: str) -> None:
    """CARD-CATA-2: a place holding no card is no target."""
    state = table(columns={1: "kgr"})
    rejected(state, PlayCatastrophe(target), "CARD-CATA-2")


def test_not_on_a_leader() -> None:
    """CARD-CATA-3: the target must not carry a leader (checked before the head rule)."""
    state = table(columns={1: "kgr"}, gaps={}, leaders={"1.2": "1B", "2.0": "0K"})
    rejected(state, PlayCatastrophe("1.2"), "CARD-CATA-3")
    rejected(state, PlayCatastrophe("2.0"), "CARD-CATA-3")


def test_not_on_a_head() -> None:
    """CARD-CATA-4: the target must not be a head, a treasure card or its red replacement."""
    state = table(heads="rTTTTTTT", piles={1: "T"})
    rejected(state, PlayCatastrophe("1.0"), "CARD-CATA-4")
    rejected(state, PlayCatastrophe("2.0"), "CARD-CATA-4")


def test_not_on_a_boat() -> None:
    """CARD-CATA-5: the target must not be a boat."""
    state = table(columns={1: "kRk"})
    rejected(state, PlayCatastrophe("1.2"), "CARD-CATA-5")


def test_card_leaves_the_game_column_closes_gap_splits() -> None:
    """CARD-CATA-6: the target leaves the game, its column closes upward, a removed gap card
    splits the kingdom; nothing scores and no conflict starts."""
    state = table(
        columns={1: "kkk", 2: "grk"},
        gaps={1: "g"},
        leaders={"1.1": "0K", "2.2": "1R"},
        hands={0: "k"},
    )
    after, events = play_events(state, PlayCatastrophe("g1"))
    assert events[0] == CatastrophePlayed(0, "g1", GREEN)
    assert after.gaps[0] is None
    assert kingdom_labels(after.gaps)[:2] == (0, 1)
    assert after.out_of_game == (0, 0, 0, 1)
    assert not any(isinstance(e, ConflictStarted | PointsPaid) for e in events)
    after, events = play_events(state, PlayCatastrophe("1.2"))
    assert column(after, 1) == "kk"
    assert after.pending is None
    assert after.piles == state.piles
    # the king no longer sees column 2 after the split
    joined = play(state, PlayColumn(BLACK, 2))
    assert joined.pending is not None
    assert joined.pending.player == 0
    split = play(state, PlayCatastrophe("g1"), PlayColumn(BLACK, 2))
    assert split.pending is None
