"""Scenario tests for the English conflict rule (RULES.md §16, ENG-1..ENG-4, V1), and the
rejection order CONV-17 gives it: the base commit rule first (REVOLT-4/5, WAR-8/9), then the
variant's restriction (ENG-2/ENG-3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules.model.cells import LEADER
from tigris_rules.model.events import (
    ConflictResolved,
    ConflictStarted,
    Event,
    LeaderReturned,
    PointsScored,
    ScoreCause,
    SupportCommitted,
    TilesRemoved,
)
from tigris_rules.model.squares import square_index
from tigris_rules.model.state import GameState
from tigris_rules.render.diagram import position

BLACK = tr.Color.BLACK
RED = tr.Color.RED
REVOLT = tr.ConflictKind.REVOLT
WAR = tr.ConflictKind.WAR
ATTACKER = tr.Role.ATTACKER
DEFENDER = tr.Role.DEFENDER
E = TypeVar("E")

ENGLISH = tr.GameConfig(players=2, variants=("english",))
BASE = tr.GameConfig(players=2)

# Revolt with A0 = 2 and D0 = 4 (the example of RULES.md §16). Player 1's priest on f5 touches
# four temples (e5, g5, f4, f6). A priest placed on h5 touches two (g5, shared, and h4) and
# joins the territory h4 to the kingdom.
REVOLT_2_4 = """
     e  f  g  h
  4  .  r  .  r
  5  r  1R r  .
  6  .  r  .  .
"""

# War of kings with A0 = 1 and D0 = 3. Player 0's king on e5 has one black tile (f5) on his
# side; player 1's king on h5 has three (i5, j5, i6). A red tile on g5 unites the kingdoms.
WAR_1_3 = """
     d  e  f  g  h  i  j
  5  r  0K k  .  1K k  k
  6  .  .  .  .  r  k  .
"""


def revolt(hands: dict[int, str], config: tr.GameConfig = ENGLISH) -> GameState:
    """The revolt of REVOLT_2_4, after player 0 placed his priest on h5."""
    state = position(REVOLT_2_4, config=config, hands=hands)
    return tr.apply(state, tr.PlaceLeader(RED, "h5"), 0)


def war(hands: dict[int, str], config: tr.GameConfig = ENGLISH) -> GameState:
    """The war of WAR_1_3, after player 0 placed a red tile on g5."""
    state = position(WAR_1_3, config=config, hands=hands)
    return tr.apply(state, tr.PlaceTile(RED, "g5"), 0)


def commit_decision(state: GameState) -> tr.CommitDecision:
    decision = state.pending
    assert isinstance(decision, tr.CommitDecision), decision
    return decision


def legal_counts(state: GameState) -> list[int]:
    """The commit amounts listed as legal for the pending commit decision."""
    counts = []
    for action in tr.legal_actions(state):
        assert isinstance(action, tr.CommitSupport), action
        counts.append(action.count)
    return counts


def of_type(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def run(state: GameState, *inputs: tuple[tr.Action, int]) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action, player in inputs:
        state, ev = tr.step(state, action, player)
        events += ev
    return state, events


# --- ENG-1: revolts and wars, commit amounts only ----------------------------------------------


def test_eng_1_restricts_the_revolt_commit_amounts_only() -> None:
    """ENG-1: the same revolt offers every amount 0..5 in the base game and only 0, 3, 4, 5
    with the English rule; the conflict itself (bases, roles) is the same."""
    base = revolt({0: "rrrrr", 1: "rrr"}, BASE)
    english = revolt({0: "rrrrr", 1: "rrr"})
    assert legal_counts(base) == [0, 1, 2, 3, 4, 5]
    assert legal_counts(english) == [0, 3, 4, 5]
    assert commit_decision(base) == commit_decision(english)
    conflict = commit_decision(english).conflict
    assert (conflict.kind, conflict.attacker_base, conflict.defender_base) == (REVOLT, 2, 4)


def test_eng_1_restricts_the_war_commit_amounts_only() -> None:
    """ENG-1: a war of kings with A0 = 1 and D0 = 3: the base game lets the attacker commit
    0..4 black tiles, the English rule only 0, 3 or 4; sides and bases are unchanged."""
    base = war({0: "rkkkk", 1: "kk"}, BASE)
    english = war({0: "rkkkk", 1: "kk"})
    assert legal_counts(base) == [0, 1, 2, 3, 4]
    assert legal_counts(english) == [0, 3, 4]
    conflict = commit_decision(english).conflict
    assert (conflict.kind, conflict.color) == (WAR, BLACK)
    assert (conflict.attacker, conflict.attacker_base, conflict.defender_base) == (0, 1, 3)
    assert commit_decision(base) == commit_decision(english)


def test_eng_1_the_leader_action_and_the_tile_action_are_unchanged() -> None:
    """ENG-1: the actions leading to the conflict are legal in both rule sets and give the
    same state up to the configuration."""
    for setup in (REVOLT_2_4, WAR_1_3):
        for action in (tr.PlaceLeader(RED, "h5"), tr.PlaceTile(RED, "g5")):
            base_state = position(setup, config=BASE, hands={0: "r", 1: ""})
            english_state = position(setup, config=ENGLISH, hands={0: "r", 1: ""})
            assert (action in tr.legal_actions(base_state)) == (
                action in tr.legal_actions(english_state)
            )


# --- ENG-2: the attacker ----------------------------------------------------------------------


def test_eng_2_attacker_commits_zero_or_enough_to_exceed_the_defender_base() -> None:
    """ENG-2 (§16 example, A0 = 2, D0 = 4): 1 and 2 red tiles cannot beat the defender's base
    and are rejected under ENG-2; 0 and 3 or more are legal."""
    state = revolt({0: "rrrrr", 1: "rrr"})
    assert commit_decision(state).role is ATTACKER
    rejected(state, tr.CommitSupport(1), "ENG-2", 0)
    rejected(state, tr.CommitSupport(2), "ENG-2", 0)
    for count in (0, 3, 4, 5):
        after = tr.apply(state, tr.CommitSupport(count), 0)
        assert commit_decision(after).role is DEFENDER
        assert commit_decision(after).conflict.attacker_commit == count


def test_eng_2_in_a_war_the_attacker_must_beat_the_defender_base() -> None:
    """ENG-2 in a war: with A0 = 1 and D0 = 3 the attacker may not commit 1 or 2 black tiles
    (2 would only tie)."""
    state = war({0: "rkkkk", 1: "kk"})
    rejected(state, tr.CommitSupport(1), "ENG-2", 0)
    rejected(state, tr.CommitSupport(2), "ENG-2", 0)
    assert legal_counts(state) == [0, 3, 4]


def test_eng_2_when_no_amount_can_exceed_only_zero_is_legal() -> None:
    """ENG-2: holding 2 black tiles, A0 + a is at most 3 = D0: only 0 is legal, and the other
    amounts he holds are rejected under ENG-2."""
    state = war({0: "rkk", 1: "kk"})
    assert legal_counts(state) == [0]
    rejected(state, tr.CommitSupport(1), "ENG-2", 0)
    rejected(state, tr.CommitSupport(2), "ENG-2", 0)


def test_eng_2_a_stronger_attacker_may_commit_any_amount() -> None:
    """ENG-2: when A0 > D0 every amount already exceeds the defender's base. Player 1 attacks
    into player 0's revolt position reversed: his priest with four temples arrives (A0 = 4)
    against a priest with two (D0 = 2)."""
    state = position(
        """
             e  f  g  h
          4  .  r  .  r
          5  r  .  r  0R
          6  .  r  .  .
        """,
        config=ENGLISH,
        hands={0: "rr", 1: "rrr"},
        active=1,
    )
    state = tr.apply(state, tr.PlaceLeader(RED, "f5"), 1)
    conflict = commit_decision(state).conflict
    assert (conflict.attacker, conflict.attacker_base, conflict.defender_base) == (1, 4, 2)
    assert legal_counts(state) == [0, 1, 2, 3]


def test_eng_2_binds_the_war_attacker_even_when_he_is_not_the_active_player() -> None:
    """ENG-2, WAR-5: player 2 unites the kingdoms of players 0 and 1; the attacker is player
    0 (first clockwise from the active player), and the English restriction binds him."""
    config = tr.GameConfig(players=3, variants=("english",))
    state = position(WAR_1_3, config=config, hands={0: "kkkk", 1: "kk", 2: "r"}, active=2)
    state = tr.apply(state, tr.PlaceTile(RED, "g5"), 2)
    decision = commit_decision(state)
    assert (decision.player, decision.role) == (0, ATTACKER)
    assert legal_counts(state) == [0, 3, 4]
    rejected(state, tr.CommitSupport(2), "ENG-2", 0)
    state = tr.apply(state, tr.CommitSupport(4), 0)
    assert legal_counts(state) == [0, 2]


# --- ENG-3: the defender ----------------------------------------------------------------------


def test_eng_3_defender_commits_zero_or_exactly_the_difference() -> None:
    """ENG-3 (§16 example): the attacker commits 3 (total 5) against D0 = 4; the defender
    may then commit only 0 or exactly 1. 2 and 3 are rejected under ENG-3."""
    state = play(revolt({0: "rrrrr", 1: "rrr"}), tr.CommitSupport(3))
    assert commit_decision(state).role is DEFENDER
    assert legal_counts(state) == [0, 1]
    rejected(state, tr.CommitSupport(2), "ENG-3", 1)
    rejected(state, tr.CommitSupport(3), "ENG-3", 1)


def test_eng_3_after_a_zero_attack_that_cannot_win_the_defender_commits_only_zero() -> None:
    """ENG-3: A0 + 0 = 2 does not exceed D0 = 4, so (A0 + a) - D0 is below 1: only 0."""
    state = play(revolt({0: "rrrrr", 1: "rrr"}), tr.CommitSupport(0))
    assert legal_counts(state) == [0]
    rejected(state, tr.CommitSupport(1), "ENG-3", 1)


def test_eng_3_the_exact_amount_must_be_held() -> None:
    """ENG-3: the attacker commits 4 black tiles (total 5) against D0 = 3; the defender would
    need exactly 2 but holds 1: only 0 is legal. 1 breaks ENG-3; 2 breaks WAR-9 first
    (he does not hold 2 tiles; CONV-17 puts the base rule before the variant's)."""
    state = play(war({0: "rkkkk", 1: "k"}), tr.CommitSupport(4))
    assert commit_decision(state).role is DEFENDER
    assert legal_counts(state) == [0]
    rejected(state, tr.CommitSupport(1), "ENG-3", 1)
    rejected(state, tr.CommitSupport(2), "WAR-9", 1)


def test_eng_3_in_a_war_the_defender_matches_the_attacker_total() -> None:
    """ENG-3: attacker total 1 + 3 = 4 against D0 = 3: the defender (2 black tiles) may commit
    0 or exactly 1, not 2."""
    state = play(war({0: "rkkkk", 1: "kk"}), tr.CommitSupport(3))
    assert legal_counts(state) == [0, 1]
    rejected(state, tr.CommitSupport(2), "ENG-3", 1)


# --- ENG-4: both still asked, ties to the defender, all else unchanged --------------------------


def test_eng_4_both_commitments_are_asked_even_when_only_zero_is_legal() -> None:
    """ENG-4, CONV-15: the attacker holding 2 black tiles may commit only 0, and the defender
    then only 0: both decisions are still asked, one after the other; the defender wins the
    war on his base (1 < 3)."""
    state = war({0: "rkk", 1: "kk"})
    assert commit_decision(state).player == 0
    assert legal_counts(state) == [0]
    state, events = run(state, (tr.CommitSupport(0), 0))
    assert commit_decision(state).player == 1
    assert legal_counts(state) == [0]
    state, more = run(state, (tr.CommitSupport(0), 1))
    events += more
    assert of_type(events, SupportCommitted) == [
        SupportCommitted(0, BLACK, 0),
        SupportCommitted(1, BLACK, 0),
    ]
    assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, BLACK, 1, 0, 1, 3)]
    assert state.pending is None


def test_eng_4_a_defender_matching_the_total_wins_the_tie() -> None:
    """ENG-4 (§16 example): A0 = 2 + 3 against D0 = 4 + 1: the tie goes to the defender, who
    scores 1 red VP; the attacking priest goes back to supply; the 4 tiles leave the game."""
    state = revolt({0: "rrrrr", 1: "rrr"})
    state, events = run(state, (tr.CommitSupport(3), 0), (tr.CommitSupport(1), 1))
    assert of_type(events, ConflictResolved) == [ConflictResolved(REVOLT, RED, 1, 0, 5, 5)]
    assert of_type(events, LeaderReturned) == [LeaderReturned(0, RED, "h5", "revolt")]
    assert of_type(events, PointsScored) == [PointsScored(1, RED, 1, ScoreCause.REVOLT)]
    assert state.leader_square(0, RED) is None
    assert state.leader_square(1, RED) == "f5"
    assert state.hands[0][RED.index] == 2
    assert state.hands[1][RED.index] == 2
    assert state.out_of_game[RED.index] == 4
    assert state.scores == ((0, 0, 0, 0), (0, 1, 0, 0))


def test_eng_4_the_war_outcome_is_the_base_game_one() -> None:
    """ENG-4: the attacker commits 3 (total 4), the defender declines (total 3): the attacker
    wins; the defender's king leaves, his three black tiles i5, j5, i6 are removed, and the
    attacker scores 1 + 3 = 4 black VP, exactly as in the base game."""
    results = []
    for config in (ENGLISH, BASE):
        state = war({0: "rkkkk", 1: "kk"}, config)
        state, events = run(state, (tr.CommitSupport(3), 0), (tr.CommitSupport(0), 1))
        removed = [(e.color, sorted(e.squares)) for e in of_type(events, TilesRemoved)]
        assert removed == [(BLACK, ["i5", "i6", "j5"])]
        assert of_type(events, ConflictResolved) == [ConflictResolved(WAR, BLACK, 0, 1, 4, 3)]
        assert of_type(events, PointsScored) == [PointsScored(0, BLACK, 4, ScoreCause.WAR)]
        assert state.scores == ((4, 0, 0, 0), (0, 0, 0, 0))
        assert state.cells[square_index("h5")] != LEADER
        results.append((state.cells, state.scores, state.hands, state.leaders))
    assert results[0] == results[1]


def test_eng_4_the_conflict_announcement_is_unchanged() -> None:
    """ENG-4: the conflict starts with the same event and bases as in the base game."""
    for config in (ENGLISH, BASE):
        state = position(REVOLT_2_4, config=config, hands={0: "rrrrr", 1: "rrr"})
        _, events = tr.step(state, tr.PlaceLeader(RED, "h5"), 0)
        assert of_type(events, ConflictStarted) == [ConflictStarted(REVOLT, RED, 0, 1, 2, 4)]


# --- CONV-17: the base commit rule before the English restriction -------------------------------


def test_conv_17_revolt_4_before_eng_2() -> None:
    """CONV-17 (REVOLT-4 before ENG-2): the attacker holds one red tile. Committing 2 breaks
    both REVOLT-4 (he holds 1) and ENG-2 (2 + 2 does not exceed 4): it is rejected under
    REVOLT-4. Committing 1 breaks only ENG-2."""
    state = revolt({0: "r", 1: "rrr"})
    rejected(state, tr.CommitSupport(2), "REVOLT-4", 0)
    rejected(state, tr.CommitSupport(1), "ENG-2", 0)
    assert legal_counts(state) == [0]


def test_conv_17_revolt_5_before_eng_3() -> None:
    """CONV-17: the defender holds 3 red tiles and must match exactly 1; committing 4 breaks
    REVOLT-5 first, committing 2 only ENG-3."""
    state = play(revolt({0: "rrrrr", 1: "rrr"}), tr.CommitSupport(3))
    rejected(state, tr.CommitSupport(4), "REVOLT-5", 1)
    rejected(state, tr.CommitSupport(2), "ENG-3", 1)


def test_conv_17_war_8_before_eng_2() -> None:
    """CONV-17: the war attacker holds 1 black tile; 2 breaks WAR-8 first (and ENG-2)."""
    state = war({0: "rk", 1: "kk"})
    rejected(state, tr.CommitSupport(2), "WAR-8", 0)
    rejected(state, tr.CommitSupport(1), "ENG-2", 0)


@pytest.mark.parametrize("count", [0, 3])
def test_conv_17_conv_15_before_eng_2_for_the_wrong_player(count: int) -> None:
    """CONV-17 (2): an answer from the defender while the attacker must commit is rejected
    under CONV-15, whatever its amount."""
    state = revolt({0: "rrrrr", 1: "rrr"})
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.CommitSupport(count), 1)
    assert info.value.rule == "CONV-15"


def test_eng_3_after_a_zero_attack_that_already_wins_the_defender_matches_the_base() -> None:
    """ENG-3: the attacker's priest brings A0 = 4 against D0 = 2 and commits nothing (his total
    is his base, 4); the defender may commit only 0 or exactly 4 - 2 = 2 (1 and 3 are
    rejected under ENG-3). Committing 2 ties at 4 and the defender wins (ENG-4)."""
    state = position(
        """
             e  f  g  h
          4  .  r  .  r
          5  r  .  r  0R
          6  .  r  .  .
        """,
        config=ENGLISH,
        hands={0: "rrrr", 1: "rrr"},
        active=1,
    )
    state = tr.apply(state, tr.PlaceLeader(RED, "f5"), 1)
    state = tr.apply(state, tr.CommitSupport(0), 1)
    decision = commit_decision(state)
    assert (decision.player, decision.role) == (0, DEFENDER)
    assert decision.conflict.attacker_commit == 0
    assert legal_counts(state) == [0, 2]
    rejected(state, tr.CommitSupport(1), "ENG-3", 0)
    rejected(state, tr.CommitSupport(3), "ENG-3", 0)
    state, events = run(state, (tr.CommitSupport(2), 0))
    assert of_type(events, ConflictResolved) == [ConflictResolved(REVOLT, RED, 0, 1, 4, 4)]


def test_eng_2_rejection_names_the_amount() -> None:
    """ENG-2: an amount the variant forbids is rejected with a sentence naming it."""
    state = war({0: "rkkkk", 1: "kk"})
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, tr.CommitSupport(2), 0)
    assert (info.value.rule, info.value.reason) == ("ENG-2", "committing 2 is not allowed here")
