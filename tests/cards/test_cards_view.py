"""Player views of the card game (CARD-DEF-7, D21): what each seat and a spectator see."""

from __future__ import annotations

import doctest
import random

import attrs
import pytest
from card_scenario import BLACK, RED, play, table
from hypothesis import given, settings
from hypothesis import strategies as st

from tigris_rules import Color, GameConfig
from tigris_rules.cards import (
    CardCommitDecision,
    CardGameState,
    CardView,
    GapCard,
    GapView,
    PlayGap,
    card_apply,
    card_legal_actions,
    card_result,
    card_to_move,
    card_view,
    new_card_game,
)
from tigris_rules.cards import view as view_module
from tigris_rules.views import ViewError


def joining() -> CardGameState:
    """Seat 0 has just played a red card face down into gap 3; the war of the kings waits
    for his commitment, so the card is still face down (CARD-PLAY-5)."""
    state = table(
        players=3,
        columns={3: "gbrk", 4: "bbb"},
        leaders={"3.0": "0K", "4.1": "1K"},
        hands={0: "rrkkbbgg", 1: "kkkbbbgg", 2: "rrr"},
        piles={0: "kkT", 1: "rb"},
        heads="TTTTrTTT",
    )
    state = play(state, PlayGap(RED, 3))
    assert isinstance(state.pending, CardCommitDecision)
    return state


def test_hands_are_private_and_sizes_public() -> None:
    """CARD-DEF-7(a), (b): the viewer sees his own hand, everybody's hand size; a spectator
    sees no hand."""
    state = joining()
    mine = card_view(state, 1)
    assert mine.hands == (None, state.hands[1], None)
    assert mine.hand(1) == state.hand(1)
    assert mine.hand(0) is None
    assert mine.hand_sizes == (7, 8, 3)
    spectator = card_view(state, None)
    assert spectator.is_spectator
    assert spectator.hands == (None, None, None)
    assert spectator.draw_size == state.draw_size


def test_a_face_down_gap_card_is_known_to_its_player_only() -> None:
    """CARD-DEF-7(a), (d): where a face-down gap card lies and who played it are public; its
    colour is known only to the player who played it."""
    state = joining()
    assert card_view(state, 0).gaps[2] == GapView(RED, 0, False)
    assert card_view(state, 1).gaps[2] == GapView(None, 0, False)
    assert card_view(state, None).gaps[2] == GapView(None, 0, False)
    hidden = attrs.evolve(
        state, gaps=(*state.gaps[:2], GapCard(BLACK.index, 0, False), *state.gaps[3:])
    )
    assert card_view(hidden, 1) == card_view(state, 1)
    assert card_view(hidden, 0) != card_view(state, 0)


def test_vp_piles_show_only_size_and_top_card() -> None:
    """CARD-DEF-7(c): of each VP pile only its size and top card are shown, to everyone
    including the owner; with open_scoring the piles are also shown sorted by colour."""
    state = joining()
    for viewer in (0, 1, None):
        seen = card_view(state, viewer)
        assert seen.pile_sizes == (3, 2, 0)
        assert seen.pile_tops == (4, Color.BLUE.index, None)
        assert seen.pile_counts == (None, None, None)
    config = attrs.evolve(state.config, open_scoring=True)
    open_view = card_view(attrs.evolve(state, config=config), 2)
    assert open_view.pile_counts == ((2, 0, 0, 0, 1), (0, 1, 1, 0, 0), (0, 0, 0, 0, 0))


def test_committed_cards_and_the_decision_are_public() -> None:
    """CARD-DEF-7(a): the decision awaited (with what was committed) is public; only the
    player who must answer gets his legal actions."""
    state = joining()
    assert card_to_move(state) == 0
    for viewer in (0, 1, 2, None):
        seen = card_view(state, viewer)
        assert seen.pending == state.pending
        assert seen.to_move == 0
        assert seen.my_decision is (viewer == 0)
        expected = tuple(card_legal_actions(state)) if viewer == 0 else ()
        assert seen.legal_actions == expected


def test_everything_but_the_draw_pile_is_public_after_the_end() -> None:
    """CARD-DEF-7(e), (f), D21: once the game has ended every hand and every VP pile (sorted
    by colour) is public; the draw pile and the cards set aside never are."""
    state = new_card_game(GameConfig(players=2, game="cards"), seed=4)
    rng = random.Random(4)
    while not state.over:
        legal = card_legal_actions(state)
        state = card_apply(state, legal[rng.randrange(len(legal))])
    seen = card_view(state, 0)
    assert seen.hands == state.hands
    assert seen.pile_counts == tuple(state.pile_counts(p) for p in range(2))
    assert seen.result == card_result(state)
    assert seen.legal_actions == ()
    assert seen.to_move is None
    assert not {"draw", "set_aside", "turn_start", "todo"} & {
        f.name for f in attrs.fields(CardView)
    }


def test_bad_viewers() -> None:
    state = joining()
    with pytest.raises(ViewError, match="seat 3 does not exist"):
        card_view(state, 3)
    with pytest.raises(ViewError, match="seat number or None"):
        card_view(state, True)
    with pytest.raises(ViewError, match="CardGameState"):
        card_view(object(), 0)  # type: ignore[arg-type]


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(view_module, raise_on_error=False)
    assert tried > 0
    assert failures == 0


# --- two states that differ only in hidden information give equal views ------------------


def random_state(players: int, seed: int, steps: int, open_scoring: bool) -> CardGameState:
    config = GameConfig(players=players, game="cards", open_scoring=open_scoring)
    state = new_card_game(config, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        legal = card_legal_actions(state)
        state = card_apply(state, legal[rng.randrange(len(legal))])
    return state


def shuffle_hidden(state: CardGameState, viewer: int | None, rng: random.Random) -> CardGameState:
    """``state`` with the cards the viewer may not see dealt again at random among the
    places he may not see (CARD-DEF-7(b)..(e)): the rest of the draw pile, the cards set
    aside, the other players' hands while the game runs (sizes kept), every VP pile below
    its top card unless piles are open, face-down gap cards he did not play."""
    over = state.over
    open_piles = over or state.config.open_scoring
    cards: list[int] = list(state.draw[state.draw_pos :]) + list(state.set_aside)
    hidden_hands = [p for p in range(state.players) if not over and p != viewer]
    for p in hidden_hands:
        cards += [c for c in range(4) for _ in range(state.hands[p][c])]
    pile_slots = []
    if not open_piles:
        for p, pile in enumerate(state.piles):
            for i, code in enumerate(pile[:-1]):
                if code < 4:
                    pile_slots.append((p, i))
                    cards.append(code)
    gap_slots = [
        g
        for g, card in enumerate(state.gaps)
        if card is not None and not card.face_up and card.player != viewer
    ]
    cards += [state.gaps[g].card for g in gap_slots]  # type: ignore[union-attr]
    rng.shuffle(cards)
    it = iter(cards)
    rest = len(state.draw) - state.draw_pos
    draw = state.draw[: state.draw_pos] + bytes(next(it) for _ in range(rest))
    aside = bytes(next(it) for _ in state.set_aside)
    hands = list(state.hands)
    for p in hidden_hands:
        counts = [0, 0, 0, 0]
        for _ in range(sum(state.hands[p])):
            counts[next(it)] += 1
        hands[p] = (counts[0], counts[1], counts[2], counts[3])
    piles = [bytearray(pile) for pile in state.piles]
    for p, i in pile_slots:
        piles[p][i] = next(it)
    gaps = list(state.gaps)
    for g in gap_slots:
        card = gaps[g]
        assert card is not None
        gaps[g] = attrs.evolve(card, card=next(it))
    return attrs.evolve(
        state,
        draw=draw,
        set_aside=aside,
        hands=tuple(hands),
        piles=tuple(bytes(pile) for pile in piles),
        gaps=tuple(gaps),
    )


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 400),
    open_scoring=st.booleans(),
    viewer=st.one_of(st.none(), st.integers(0, 3)),
    shuffle=st.integers(0, 2**32),
)
def test_hidden_information_never_changes_a_view(
    players: int, seed: int, steps: int, open_scoring: bool, viewer: int | None, shuffle: int
) -> None:
    """CARD-DEF-7, D21: two states that differ only in what the viewer may not see give
    identical views (and identical legal actions when the decision is his)."""
    if viewer is not None:
        viewer %= players
    state = random_state(players, seed, steps, open_scoring)
    other = shuffle_hidden(state, viewer, random.Random(shuffle))
    assert card_view(other, viewer) == card_view(state, viewer)
