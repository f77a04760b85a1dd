"""Layout and kingdoms of the card game (RULES.md Part II, C2: CARD-DEF-1..CARD-DEF-7)."""

from __future__ import annotations

import pytest
from card_scenario import BLACK, BLUE, GREEN, RED, column, hand, play, play_events, rejected, table

from tigris_rules import ConfigError, GameConfig
from tigris_rules.cards import (
    CardCommitDecision,
    CatastrophePlayed,
    CommitSupport,
    GapCardPlayed,
    PaymentDecision,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    column_spot,
    gap_spot,
)
from tigris_rules.cards.kingdoms import kingdom_labels


def test_column_limit_counts_a_boat_as_one_card() -> None:
    """CARD-DEF-1: a column holds 0..L cards below its head, L = column_limit (an integer in
    4..24, 8 by default, D27); a boat fills one position and counts as one card."""
    assert GameConfig(players=2, game="cards").column_limit == 8
    for limit in (3, 25):
        with pytest.raises(ConfigError):
            GameConfig(players=2, game="cards", column_limit=limit)
    state = table(columns={1: "kkK", 2: "kkKr"}, hands={0: "rr"}, column_limit=4)
    after = play(state, PlayColumn(RED, 1))
    assert column(after, 1) == "kkKr"
    rejected(state, PlayColumn(RED, 2), "CARD-PLAY-3")


def test_every_column_keeps_its_single_head() -> None:
    """CARD-DEF-2: every column always has exactly one head in its top position; it leaves
    play only when a trader takes it, and never moves."""
    state = table(columns={1: "kk"}, hands={0: "r"})
    rejected(state, PlayCatastrophe("1.0"), "CARD-CATA-4")
    after = play(state, PlayCatastrophe("1.1"))
    assert after.heads == state.heads
    assert column(after, 1) == "k"
    assert column_spot(1, 0) == "1.0"


def test_cards_side_by_side_are_not_linked() -> None:
    """CARD-DEF-3: a column card links only to the card above it, and heads link only
    through a gap card. Cards side by side in neighbouring columns are not linked: a king in
    column 1 earns nothing for a card in column 2 until gap 1 holds a card."""
    state = table(
        columns={1: "kkk", 2: "ggb"},
        leaders={"1.1": "0K"},
        hands={0: "ggk"},
    )
    after = play(state, PlayColumn(GREEN, 2))
    assert after.pending is None  # no king in column 2's kingdom: no point
    joined = table(
        columns={1: "kkk", 2: "ggb"},
        gaps={1: "k"},
        leaders={"1.1": "0K"},
        hands={0: "ggk"},
    )
    after = play(joined, PlayColumn(GREEN, 2))
    assert isinstance(after.pending, PaymentDecision)
    assert after.pending.player == 0


def test_kingdoms_are_runs_of_columns_joined_by_gap_cards() -> None:
    """CARD-DEF-4: a kingdom is a maximal run of columns whose heads are linked through gap
    cards; every column belongs to exactly one kingdom, with or without leaders."""
    state = table(
        columns={1: "kkk", 2: "bbb", 3: "ggg", 5: "rrr", 6: "rrr"},
        gaps={1: "k", 2: "r", 5: "b"},
    )
    assert kingdom_labels(state.gaps) == (0, 0, 0, 3, 4, 4, 6, 7)
    # a leader cannot move inside its kingdom but may move to any other one
    moved = table(
        columns={1: "kkk", 2: "bbb", 3: "ggg"},
        gaps={1: "k", 2: "r"},
        leaders={"1.2": "0R"},
    )
    rejected(moved, PlayLeader(RED, "3.3"), "CARD-LEADER-6")
    assert play(moved, PlayLeader(RED, "4.0")).leader_spot(0, RED) == "4.0"


@pytest.mark.parametrize(
    ("spot", "base"),
    [("1.1", 1), ("1.2", 0), ("1.0", 1), ("g1", 1), ("2.0", 1)],
)
def test_red_cards_for_the_internal_conflict(spot: str, base: int) -> None:
    """CARD-DEF-5: a red card is a red column card, a face-up red gap card, or a head,
    replacement heads included (V6)."""
    state = table(
        columns={1: "rk", 2: "kkk"},
        heads="TrTTTTTT",
        piles={0: "T"},
        gaps={1: "r"},
        leaders={spot: "1K"},
        hands={0: "r"},
    )
    after = play(state, PlayLeader(BLACK, "3.0" if spot != "3.0" else "4.0"))
    assert after.pending is None  # column 3 is another kingdom: no conflict
    after = play(state, PlayLeader(BLACK, "2.1"))
    decision = after.pending
    assert isinstance(decision, CardCommitDecision)
    assert decision.conflict.defender_base == base
    assert decision.conflict.attacker_base == 0


def test_cards_below_a_removed_card_move_up_with_their_leaders() -> None:
    """CARD-DEF-6: when a card leaves a column, the cards below move up one position and
    take their leaders with them; the removed card leaves the game."""
    state = table(columns={1: "kbgr"}, leaders={"1.3": "1G", "1.4": "0R"})
    after, events = play_events(state, PlayCatastrophe("1.2"))
    assert column(after, 1) == "kgr"
    assert after.leader_spot(1, GREEN) == "1.2"
    assert after.leader_spot(0, RED) == "1.3"
    assert after.out_of_game == (0, 0, 1, 0)
    assert CatastrophePlayed(0, "1.2", BLUE) in events


def test_visibility_data_kept_in_the_state() -> None:
    """CARD-DEF-7: the state keeps what views need. (a) the table, supplies, catastrophes,
    boats, hand and draw sizes and committed cards are fields; (c) each VP pile's top card and
    size; (d) a face-down gap card keeps the seat that played it, and its colour is in no
    public event until it is turned face up; (e) the draw pile and the set-aside cards are
    separate fields a view can hide."""
    state = table(
        columns={1: "kkk", 2: "kkk"},
        leaders={"1.1": "0K", "2.1": "1K"},
        hands={0: "kkg", 1: "kk"},
        piles={0: "rb"},
    )
    after, events = play_events(state, PlayGap(GREEN, 1))
    card = after.gaps[0]
    assert card is not None
    assert (card.face_up, card.player, card.color) == (False, 0, GREEN)
    assert GapCardPlayed(0, 1) in events
    assert all("GREEN" not in repr(e) for e in events)
    after = play(after, CommitSupport(2))
    decision = after.pending
    assert isinstance(decision, CardCommitDecision)
    assert decision.conflict.attacker_commit == 2
    assert after.hand_size(0) == 0
    assert after.pile_top(0) == BLUE.index
    assert len(after.piles[0]) == 2
    assert after.draw_size == 193 - 8 - 30 - 6 - 5 - 2
    assert len(after.set_aside) == 30
    assert gap_spot(1) == "g1"
    assert hand(after, 1) == "kk"
    assert after.catastrophes == (True, True)


def test_open_scoring_is_the_only_option() -> None:
    """CARD-DEF-7(c): with open_scoring the piles are public; it is the only option the card
    game takes (CONV-18)."""
    assert GameConfig(players=2, game="cards", open_scoring=True).open_scoring
    with pytest.raises(ConfigError):
        GameConfig(players=2, game="cards", single_action_openers=1)
    with pytest.raises(ConfigError):
        GameConfig(players=2, game="cards", board="alternative")
    state = table(open_scoring=True, piles={0: "kT"}, heads="TTTTTTTr")
    assert state.pile_counts(0) == (1, 0, 0, 0, 1)
