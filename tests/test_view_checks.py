"""Player views read from JSON keep the promises of a position (CONV-14, CARD-DEF-7): every
count within what the view's configuration allows, or :class:`FormatError` naming the JSON
path and the rule. The largest views accepted load and draw."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import tigris_rules as tr
from extreme_views import board_view_json, card_view_json, maximal_views
from tigris_rules.render import render_board, render_svg, render_view

Edit = Callable[[dict[str, Any]], None]


def board_view(viewer: int | None = None, players: int = 3, **config: Any) -> dict[str, Any]:
    state = tr.new_game(tr.GameConfig(players=players, **config), seed=1)
    data: dict[str, Any] = json.loads(tr.dumps(tr.view(state, viewer)))
    return data


def card_view(viewer: int | None = None, players: int = 2, **config: Any) -> dict[str, Any]:
    state = tr.new_card_game(tr.GameConfig(players=players, game="cards", **config), seed=1)
    data: dict[str, Any] = json.loads(tr.dumps(tr.view(state, viewer)))
    return data


def refused(data: dict[str, Any], kind: type) -> tr.FormatError:
    with pytest.raises(tr.FormatError) as info:
        tr.loads(json.dumps(data), kind)
    return info.value


def assert_refused(data: dict[str, Any], kind: type, path: str, rule: str) -> None:
    error = refused(data, kind)
    assert (path, rule) in [(p, r[r.rfind("(") + 1 : -1]) for p, r in error.problems], (
        error.problems
    )


# --- the board game ---------------------------------------------------------------------


def test_cata_1_catastrophes_left_beyond_the_opening_are_refused() -> None:
    """A spectator view with 100000 catastrophes left once took 21 s to draw."""
    data = board_view()
    data["catastrophes"] = [2, 2, 100000]
    assert_refused(data, tr.PlayerView, "$.catastrophes[2]", "CATA-1")
    data["catastrophes"] = [2, 2, 2**63]
    assert_refused(data, tr.PlayerView, "$.catastrophes[2]", "CATA-1")


def test_cata_1_catastrophes_played_show_on_the_board() -> None:
    data = board_view()
    data["catastrophes"] = [2, 1, 2]
    assert_refused(data, tr.PlayerView, "$.cells", "CATA-1")


def test_turn_12_hand_sizes_over_6_are_refused() -> None:
    data = board_view()
    data["hand_sizes"] = [6, 6, 2**31]
    assert_refused(data, tr.PlayerView, "$.hand_sizes[2]", "TURN-12")


def test_turn_12_a_visible_hand_over_6_is_refused() -> None:
    data = board_view(viewer=0)
    data["hands"][0] = {"black": 7, "red": 0, "blue": 0, "green": 0}
    data["hand_sizes"][0] = 7
    assert_refused(data, tr.PlayerView, "$.hands[0]", "TURN-12")


def test_conv_14_a_visible_hand_is_as_large_as_its_size() -> None:
    data = board_view(viewer=1)
    data["hand_sizes"][1] = 5
    assert_refused(data, tr.PlayerView, "$.hands[1]", "CONV-14")


def test_setup_4_a_bag_larger_than_the_setup_leaves_is_refused() -> None:
    data = board_view()
    data["bag_size"] = 10**6
    assert_refused(data, tr.PlayerView, "$.bag_size", "SETUP-4")


def test_comp_4_more_tiles_in_sight_than_the_game_has_are_refused() -> None:
    """A full bag (as the setup leaves it) and more tiles on the board than are left."""
    data = board_view_json(None, full_board=True)
    data["bag_size"] = 100
    assert_refused(data, tr.PlayerView, "$", "COMP-4")


def test_conv_13_scores_beyond_the_turns_played_are_refused() -> None:
    data = board_view(open_scoring=True)
    data["scores"][0] = {"black": 10**9, "red": 0, "blue": 0, "green": 0}
    assert_refused(data, tr.PlayerView, "$.scores[0]", "CONV-13")


def test_comp_7_more_treasures_than_the_board_has_are_refused() -> None:
    data = board_view(open_scoring=True)
    data["treasures_held"] = [10**7, 0, 0]
    assert_refused(data, tr.PlayerView, "$.treasures_held", "COMP-7")
    hidden = board_view(viewer=0)  # seat 0 sees his own count only: no more than the board's
    hidden["treasures_held"][0] = 1
    assert_refused(hidden, tr.PlayerView, "$.treasures_held", "COMP-7")


def test_turn_3_at_most_two_actions_a_turn() -> None:
    data = board_view()
    data["actions_taken"] = 3
    assert_refused(data, tr.PlayerView, "$.actions_taken", "TURN-3")


def test_turn_1_the_active_seat_follows_the_turn() -> None:
    data = board_view()
    data["turn"] = 1
    assert_refused(data, tr.PlayerView, "$.active", "TURN-1")


def test_cata_1_a_variant_opening_gives_its_own_catastrophes() -> None:
    """The bound of catastrophes left is the opening's of the view's own configuration."""
    data = board_view(variants=("ziggurat",))
    start = data["catastrophes"][0]
    data["catastrophes"][0] = start + 1
    assert_refused(data, tr.PlayerView, "$.catastrophes[0]", "CATA-1")


def test_a_view_has_one_entry_per_player_of_its_configuration() -> None:
    data = board_view(players=2)
    data["hand_sizes"] = [6, 6, 6]
    assert refused(data, tr.PlayerView).path == "$.hand_sizes"


def test_a_view_has_the_areas_of_its_variants_only() -> None:
    data = board_view(variants=("buildings",))
    data["areas"]["ziggurat"] = None
    assert refused(data, tr.PlayerView).path.startswith("$.areas")


# --- the card game ----------------------------------------------------------------------


def test_card_end_1_hand_sizes_over_8_are_refused() -> None:
    """A card view with a hand of 2**31 cards once drew forever."""
    data = card_view()
    data["hand_sizes"] = [8, 2**31]
    assert_refused(data, tr.CardView, "$.hand_sizes[1]", "CARD-END-1")


def test_card_def_7_a_visible_hand_is_as_large_as_its_size() -> None:
    data = card_view(viewer=0)
    data["hand_sizes"][0] = 7
    assert_refused(data, tr.CardView, "$.hands[0]", "CARD-DEF-7")


def test_card_setup_3_a_draw_pile_larger_than_the_deal_leaves_is_refused() -> None:
    data = card_view()
    data["draw_size"] = 10**6
    assert_refused(data, tr.CardView, "$.draw_size", "CARD-SETUP-3")


def test_card_comp_2_piles_of_more_cards_than_the_game_has_are_refused() -> None:
    data = card_view()
    data["pile_sizes"] = [10**6, 0]
    data["pile_tops"] = ["red", None]
    assert_refused(data, tr.CardView, "$", "CARD-COMP-2")


def test_card_comp_2_cards_out_of_the_game_count_too() -> None:
    data = card_view()
    data["out_of_game"]["black"] = 10**6
    assert_refused(data, tr.CardView, "$", "CARD-COMP-2")


def test_card_def_7_a_pile_by_kind_holds_its_size_and_its_top() -> None:
    data = card_view(open_scoring=True)
    data["pile_sizes"] = [2, 0]
    data["pile_tops"] = ["red", None]
    data["pile_counts"][0] = {"black": 2, "red": 0, "blue": 0, "green": 0, "treasure": 0}
    assert_refused(data, tr.CardView, "$.pile_counts[0]", "CARD-DEF-7")
    data["pile_tops"] = [None, None]
    assert_refused(data, tr.CardView, "$.pile_tops[0]", "CARD-DEF-7")


def test_card_def_1_a_column_longer_than_column_limit_is_refused() -> None:
    data = card_view()
    data["columns"][0] = ["red"] * 9
    assert_refused(data, tr.CardView, "$.columns[0]", "CARD-DEF-1")


def test_card_boat_5_a_boat_built_twice_is_refused() -> None:
    data = card_view()
    data["columns"][0] = ["blue-red"]
    data["columns"][1] = ["blue-red"]
    assert_refused(data, tr.CardView, "$.columns", "CARD-BOAT-5")


def test_card_end_5_at_most_a_round_of_idle_turns() -> None:
    data = card_view()
    data["idle_turns"] = 10**6
    assert_refused(data, tr.CardView, "$.idle_turns", "CARD-END-5")


def test_card_leader_2_a_leader_off_the_table_is_refused() -> None:
    data = card_view()
    data["leaders"][0]["black"] = "1.20"
    assert_refused(data, tr.CardView, "$.leaders[0].black", "CARD-LEADER-2")


# --- column_limit (CONV-18, D27) --------------------------------------------------------


@pytest.mark.parametrize("limit", [3, 25, 10**4, 2**64])
def test_conv_18_a_card_state_with_column_limit_outside_4_to_24_is_refused(limit: int) -> None:
    state = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    data = json.loads(tr.dumps(state))
    data["config"]["column_limit"] = limit
    error = refused(data, tr.CardGameState)
    assert error.path == "$.config.column_limit"
    assert "4..24 (CONV-18, CARD-DEF-1)" in error.reason


@pytest.mark.parametrize("limit", [3, 25, 10**4, 2**64])
def test_conv_18_a_card_view_with_column_limit_outside_4_to_24_is_refused(limit: int) -> None:
    data = card_view()
    data["config"]["column_limit"] = limit
    error = refused(data, tr.CardView)
    assert error.path == "$.config.column_limit"
    assert "4..24 (CONV-18, CARD-DEF-1)" in error.reason


@pytest.mark.parametrize("limit", [10**4, 2**64])
def test_conv_18_no_configuration_carries_column_limit_outside_4_to_24(limit: int) -> None:
    """What the encoding, the observation and the renderers are given is a configuration,
    and none holds such a limit: not built, not evolved, not read."""
    import attrs

    config = tr.GameConfig(players=2, game="cards")
    with pytest.raises(tr.ConfigError, match="CONV-18"):
        tr.GameConfig(players=2, game="cards", column_limit=limit)
    with pytest.raises(tr.ConfigError, match="CONV-18"):
        attrs.evolve(config, column_limit=limit)
    text = tr.dumps(config).replace('"column_limit":8', f'"column_limit":{limit}')
    with pytest.raises(tr.FormatError, match="CONV-18"):
        tr.loads(text, tr.GameConfig)


# --- views of real games pass; the largest views load and draw --------------------------


@pytest.mark.parametrize(
    "config",
    [
        tr.GameConfig(players=3, variants=("buildings", "english", "ziggurat")),
        tr.GameConfig(players=4, board="alternative", open_scoring=True),
        tr.GameConfig(players=2, game="cards"),
        tr.GameConfig(players=4, game="cards", column_limit=4, open_scoring=True),
    ],
)
def test_every_view_of_a_played_game_is_accepted(config: tr.GameConfig) -> None:
    state: Any = tr.new_game(config, seed=3)
    for step in range(300):
        if tr.is_over(state):
            break
        legal = tr.legal_actions(state)
        state = tr.apply(state, legal[(7 * step) % len(legal)])
        for seat in (None, *range(config.players)):
            seen = tr.view(state, seat)
            assert tr.loads(tr.dumps(seen), type(seen)) == seen


@pytest.mark.parametrize(("name", "kind", "text"), maximal_views())
def test_the_largest_views_load_and_draw(name: str, kind: type, text: str) -> None:
    seen: Any = tr.loads(text, kind)
    picture = render_svg(seen)
    assert picture.startswith("<svg"), name
    assert len(picture) < 200_000
    table = render_board(seen)
    assert len(table) < 20_000
    if isinstance(seen, tr.PlayerView):
        assert len(render_view(seen)) < 20_000
    if kind is tr.CardView:
        assert [len(column) for column in seen.columns].count(24) >= 6
        assert seen.config.column_limit == 24


def test_card_view_json_is_the_largest_hand_and_column() -> None:
    """The largest card view's counts sit on their bounds: one more card in a hand or a
    column is refused."""
    data = card_view_json(None)
    data["hand_sizes"][1] = 9
    assert_refused(data, tr.CardView, "$.hand_sizes[1]", "CARD-END-1")
    data = card_view_json(None)
    data["columns"][1].append("red")
    assert_refused(data, tr.CardView, "$.columns[1]", "CARD-DEF-1")
