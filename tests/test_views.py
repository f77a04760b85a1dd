"""Player views (CONV-14, OPT-2): what each player and a spectator may see."""

from __future__ import annotations

import doctest
import random
from types import ModuleType

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules import views
from tigris_rules.bots import RandomBot, play_game, random_bots
from tigris_rules.diagram import position
from tigris_rules.model.state import GameState
from tigris_rules.views import PlayerView, ViewError, board, events, game, view

VARIANT_SETS = [(), ("english",), ("buildings", "ziggurat"), ("english", "buildings", "ziggurat")]


def play(state: GameState, steps: int, seed: int) -> GameState:
    """``steps`` random inputs from ``state`` (fewer if the game ends)."""
    bot = RandomBot(seed)
    for _ in range(steps):
        if tr.is_over(state):
            break
        state = tr.apply(state, bot.choose(state))
    return state


def finished(players: int = 2, seed: int = 3, open_scoring: bool = False) -> GameState:
    config = tr.GameConfig(players=players, open_scoring=open_scoring)
    return play_game(config, random_bots(players, seed), seed)[0]


# --- what is shown -------------------------------------------------------------------------


def test_opening_view_of_a_player() -> None:
    state = tr.new_game(tr.GameConfig(players=3), seed=5)
    mine = view(state, 0)
    assert mine.viewer == 0
    assert mine.hands[0] == state.hands[0]
    assert mine.hands[1] is None
    assert mine.hands[2] is None
    assert mine.hand(0) == state.hand(0)
    assert mine.hand(1) is None
    assert mine.hand_sizes == (6, 6, 6)
    assert mine.bag_size == state.bag_size
    assert mine.scores == ((0, 0, 0, 0), None, None)
    assert mine.treasures_held == (0, None, None)
    assert mine.score(0) == state.score(0)
    assert mine.score(2) is None
    assert mine.catastrophes == (2, 2, 2)
    assert mine.cells == state.cells
    assert mine.treasures == state.treasures
    assert mine.leaders_in_supply(1) == tuple(tr.COLORS)
    assert len(mine.available_monuments) == 6
    assert mine.to_move == 0
    assert mine.my_decision
    assert mine.legal_actions == tuple(tr.legal_actions(state))
    assert mine.result is None
    assert not mine.is_spectator
    assert mine.players == 3
    assert mine.layout == state.layout


def test_no_legal_actions_when_it_is_not_your_decision() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=5)
    other = view(state, 1)
    assert other.to_move == 0
    assert not other.my_decision
    assert other.legal_actions == ()


def test_the_view_never_holds_the_bag() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=5)
    fields = {f.name for f in attrs.fields(PlayerView)}
    assert "bag" not in fields
    assert "bag_pos" not in fields
    assert "out_of_game" not in fields  # per colour it would reveal swapped tiles (CONV-14(e))
    assert view(state, 0).bag_size == 143 - 12


def test_spectator_sees_no_hand_and_no_total() -> None:
    state = play(tr.new_game(tr.GameConfig(players=2), seed=2), 30, 2)
    seen = view(state, None)
    assert seen.is_spectator
    assert seen.hands == (None, None)
    assert seen.scores == (None, None)
    assert seen.treasures_held == (None, None)
    assert seen.legal_actions == ()
    assert seen.hand_sizes == tuple(sum(h) for h in state.hands)


def test_leader_positions_and_pending_decision_are_public() -> None:
    state = position(
        """
             e  f  g
          3  .  r  1R
          4  .  r  .
        """,
        hands={0: "rrk", 1: "r"},
    )
    state = tr.apply(state, tr.PlaceLeader(tr.Color.RED, "f5"))  # a revolt starts
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        assert seen.pending == state.pending
        assert seen.to_move == 0
        assert seen.leader_square(0, tr.Color.RED) == "f5"
        assert seen.leader_square(1, tr.Color.RED) == "g3"
    assert list(view(state, 0).legal_actions) == [tr.CommitSupport(n) for n in range(3)]


def test_open_scoring_shows_every_total_but_no_hand() -> None:
    config = tr.GameConfig(players=3, open_scoring=True)
    state = play(tr.new_game(config, seed=4), 60, 4)
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        assert seen.scores == state.scores
        assert seen.treasures_held == state.treasures_held
        assert all(seen.hands[p] is None for p in range(3) if p != viewer)


def test_after_the_end_scores_and_hands_are_public() -> None:
    state = finished()
    assert state.over
    for viewer in (0, 1, None):
        seen = view(state, viewer)
        assert seen.over
        assert seen.hands == state.hands
        assert seen.scores == state.scores
        assert seen.treasures_held == state.treasures_held
        assert seen.result == tr.result(state)
        assert seen.to_move is None
        assert seen.legal_actions == ()


def test_views_are_frozen_and_hashable() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    seen = view(state, 0)
    assert hash(seen) == hash(view(state, 0))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        seen.bag_size = 0  # type: ignore[misc]


@pytest.mark.parametrize("bad", [-1, 2, 7, True, "0", 1.0])
def test_bad_viewers_are_rejected(bad: object) -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    with pytest.raises(ViewError):
        view(state, bad)  # type: ignore[call-overload]
    assert issubclass(ViewError, tr.TigrisError)
    assert issubclass(ViewError, ValueError)


def test_view_of_something_else_is_rejected() -> None:
    with pytest.raises(ViewError):
        view("not a state", 0)  # type: ignore[call-overload]


def test_view_draws_itself_as_svg() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    svg = view(state, 0)._repr_svg_()
    assert svg.startswith("<svg")
    from tigris_rules.render.svg import render_svg

    assert svg == render_svg(view(state, 0))
    assert 'class="panel"' in svg
    assert 'class="panel"' not in render_svg(state)


# --- nothing hidden leaks (property) ------------------------------------------------------


def _deal_anew(
    state: GameState, hidden_hands: set[int], rng: random.Random
) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...]]:
    """New hands for ``hidden_hands`` and a new bag, from the same pool of unseen tiles:
    every hidden hand keeps its size and the bag its size (CONV-14(a))."""
    pool = list(state.bag[state.bag_pos :])
    for seat in hidden_hands:
        pool += [color for color in range(4) for _ in range(state.hands[seat][color])]
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in sorted(hidden_hands):
        size = sum(state.hands[seat])
        taken, pool = pool[:size], pool[size:]
        hands[seat] = (taken.count(0), taken.count(1), taken.count(2), taken.count(3))
    drawn = list(state.bag[: state.bag_pos])
    rng.shuffle(drawn)  # the tiles already drawn: nobody saw the bag's order either
    return tuple(hands), tuple(drawn + pool)


def hidden_variant(state: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """A state that differs from ``state`` only in what ``viewer`` may not see: the other
    hands, the bag's contents and order, the other totals (unless public), and how the
    tiles out of the game split into colours."""
    n = state.config.players
    others = {p for p in range(n) if p != viewer}
    hidden_hands = set() if state.over else others
    hands, bag = _deal_anew(state, hidden_hands, rng)
    totals_hidden = not (state.over or state.config.open_scoring)
    scores = list(state.scores)
    held = list(state.treasures_held)
    if totals_hidden:
        for seat in others:
            scores[seat] = (
                rng.randrange(30),
                rng.randrange(30),
                rng.randrange(30),
                rng.randrange(30),
            )
            held[seat] = rng.randrange(8)
    out = list(state.out_of_game)
    total = sum(out)
    cut = sorted(rng.randrange(total + 1) for _ in range(3))
    out_split = (cut[0], cut[1] - cut[0], cut[2] - cut[1], total - cut[2])
    return attrs.evolve(
        state,
        hands=hands,
        bag=bag,
        scores=tuple(scores),
        treasures_held=tuple(held),
        out_of_game=out_split,
    )


@st.composite
def reachable(draw: st.DrawFn) -> GameState:
    players = draw(st.integers(2, 4))
    variants = draw(st.sampled_from(VARIANT_SETS))
    open_scoring = draw(st.booleans())
    config = tr.GameConfig(players=players, variants=variants, open_scoring=open_scoring)
    seed = draw(st.integers(0, 10_000))
    steps = draw(st.one_of(st.integers(0, 250), st.just(100_000)))  # 100_000: to the end
    return play(tr.new_game(config, seed=seed), steps, seed)


@pytest.mark.slow
@given(reachable(), st.data(), st.randoms(use_true_random=False))
def test_hidden_information_never_changes_a_view(
    state: GameState, data: st.DataObject, rng: random.Random
) -> None:
    viewer = data.draw(st.sampled_from([None, *range(state.config.players)]))
    other = hidden_variant(state, viewer, rng)
    assert view(other, viewer) == view(state, viewer)


@pytest.mark.slow
@given(reachable(), st.data())
def test_a_player_sees_his_own_hand_change(state: GameState, data: st.DataObject) -> None:
    """The property above is not vacuous: what a player may see does show in his view."""
    viewer = data.draw(st.integers(0, state.config.players - 1))
    hand = state.hands[viewer]
    changed = (hand[0] + 1, hand[1], hand[2], hand[3])
    hands = tuple(changed if p == viewer else h for p, h in enumerate(state.hands))
    assert view(attrs.evolve(state, hands=hands), viewer) != view(state, viewer)
    scores = tuple(
        (s[0] + 1, s[1], s[2], s[3]) if p == viewer else s for p, s in enumerate(state.scores)
    )
    assert view(attrs.evolve(state, scores=scores), viewer) != view(state, viewer)


@pytest.mark.parametrize("module", [views, board, events, game])
def test_docstring_examples(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module, raise_on_error=False)
    assert tried > 0
    assert failures == 0
