"""Public forms of events (CONV-14): what the other players may see of each step."""

from __future__ import annotations

import pytest

import tigris_rules as tr
from tigris_rules.bots import RandomBot
from tigris_rules.diagram import position
from tigris_rules.model.events import (
    Event,
    PointsScored,
    ScoreCause,
    SupportCommitted,
    TileLeft,
    TilesDrawn,
    TilesSwapped,
    TreasureTaken,
)
from tigris_rules.render.text import describe_event
from tigris_rules.views.events import (
    PublicTilesDrawn,
    event_for,
    events_for,
    public_event,
    public_events,
)

RED, BLUE = tr.Color.RED, tr.Color.BLUE


def test_draws_show_only_their_count_to_others() -> None:
    drawn = TilesDrawn(1, (RED, BLUE, RED), short=True)
    assert event_for(drawn, 1) == drawn
    assert event_for(drawn, 0) == PublicTilesDrawn(1, 3, True)
    assert public_event(drawn) == PublicTilesDrawn(1, 3, True)


def test_points_and_treasures_are_public() -> None:
    for event in (PointsScored(0, RED, 2, ScoreCause.WAR), TreasureTaken(1, "b2")):
        assert event_for(event, 1) == event
        assert event_for(event, 0) == event
        assert public_event(event) == event


def test_a_lone_tile_left_is_hidden_from_others() -> None:
    left = TileLeft(0, RED, 2)
    assert event_for(left, 0) == left
    assert event_for(left, 1) is None
    assert public_event(left) is None
    assert public_event(left, SupportCommitted(0, RED, 2)) == left
    assert public_event(left, SupportCommitted(1, RED, 2)) is None


def test_swapped_tiles_are_never_shown_to_others() -> None:
    state = tr.new_game(tr.GameConfig(players=2), seed=1)
    hand = state.hands[0]
    swap = tr.SwapTiles(*(min(1, h) for h in hand))
    state, events = tr.step(state, swap)
    assert any(isinstance(e, TileLeft) for e in events)
    mine = events_for(events, 0)
    theirs = events_for(events, 1)
    assert mine == events
    assert not any(isinstance(e, TileLeft | TilesDrawn) for e in theirs)
    assert TilesSwapped(0, swap.total) in theirs
    assert PublicTilesDrawn(0, swap.total, False) in theirs
    assert public_events(events) == theirs


def test_committed_tiles_are_public() -> None:
    state = position(
        """
             e  f  g
          3  .  r  1R
          4  .  r  .
        """,
        hands={0: "rrk", 1: "r"},
    )
    state, started = tr.step(state, tr.PlaceLeader(RED, "f5"))
    state, attacker = tr.step(state, tr.CommitSupport(2))
    state, defender = tr.step(state, tr.CommitSupport(1))
    for viewer in (None, 0, 1):
        for events in (started, attacker, defender):
            assert events_for(events, viewer) == events
    assert TileLeft(0, RED, 2) in public_events(attacker)
    assert TileLeft(1, RED, 1) in public_events(defender)


@pytest.mark.parametrize("players", [2, 4])
def test_no_secret_reaches_another_player_in_whole_games(players: int) -> None:
    """Over whole games, another player's view of the events never names a drawn or
    discarded tile, and keeps every other event as it was."""
    config = tr.GameConfig(players=players, variants=("buildings", "ziggurat"))
    for seed in range(3):
        state = tr.new_game(config, seed=seed)
        bot = RandomBot(seed)
        while not tr.is_over(state):
            actor = tr.to_move(state)
            action = bot.choose(state)
            swapped = isinstance(action, tr.SwapTiles)
            state, events = tr.step(state, action)
            for viewer in [None, *range(players)]:
                seen = events_for(events, viewer)
                for event in seen:
                    if isinstance(event, TilesDrawn):
                        assert event.player == viewer
                    if isinstance(event, TileLeft) and event.player != viewer:
                        assert not swapped or event.player != actor
                    assert describe_event(event)
                secret = TilesDrawn | TileLeft | PublicTilesDrawn
                kept = [e for e in events if not isinstance(e, secret)]
                assert [e for e in seen if not isinstance(e, secret)] == kept
                draws = [e for e in events if isinstance(e, TilesDrawn)]
                assert [e for e in seen if isinstance(e, TilesDrawn | PublicTilesDrawn)] == [
                    e if e.player == viewer else PublicTilesDrawn(e.player, len(e.tiles), e.short)
                    for e in draws
                ]


def test_describe_every_kind_of_public_draw() -> None:
    assert describe_event(PublicTilesDrawn(1, 1)) == "seat 1 draws 1 tile"
    assert describe_event(PublicTilesDrawn(1, 2, True)) == (
        "seat 1 draws 2 tiles (the bag ran short)"
    )
    event: Event = TilesDrawn(0, (RED,))
    assert describe_event(event) == "seat 0 draws red"
