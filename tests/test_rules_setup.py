"""Scenario tests for components and setup, RULES.md §1 and §2 (COMP-1..COMP-9,
SETUP-1..SETUP-9)."""

from __future__ import annotations

from collections import Counter
from importlib import resources

import pytest

import tigris_rules as tr
from scenario import play, rejected
from tigris_rules import (
    Color,
    ConfigError,
    Deal,
    EndTurn,
    GameConfig,
    Monument,
    PlaceCatastrophe,
    PlaceLeader,
    PlaceTile,
)
from tigris_rules.ai.bots import play_game, random_bots
from tigris_rules.model.board import BoardFileError, board_layout, parse_board
from tigris_rules.model.cells import CATASTROPHE, EMPTY, FLIPPED
from tigris_rules.model.squares import SQUARE_COUNT, square_index, square_name
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.render.diagram import position
from tigris_rules.rules.setup import deal_from_seed
from tigris_rules.variants.buildings import building_squares

BLACK, RED, BLUE, GREEN = Color.BLACK, Color.RED, Color.BLUE, Color.GREEN

CLASSIC_STARTS = ["k1", "b2", "p2", "f3", "n5", "i7", "b8", "o9", "f10", "k11"]
CLASSIC_PRIORITY = ["b2", "p2", "b8", "o9"]
ALT_STARTS = [
    "e1", "j1", "o2", "b3", "g4", "l4", "d6", "p6", "a8", "h8", "m8", "e10", "j11", "o11",
]  # fmt: skip
ALT_PRIORITY = ["b3", "p6", "a8", "e10", "j11", "o11"]


def names(squares: object) -> set[str]:
    return {square_name(s) for s in squares}  # type: ignore[attr-defined]


def board_text(name: str) -> str:
    return resources.files("tigris_rules").joinpath("data", "boards", f"{name}.txt").read_text()


def counts(tiles: tuple[Color, ...]) -> tuple[int, int, int, int]:
    c = Counter(tiles)
    return (c[BLACK], c[RED], c[BLUE], c[GREEN])


def tile_totals(state: GameState) -> tuple[int, int, int, int]:
    """Tiles per colour on the board, in hands and in the bag."""
    totals = [0, 0, 0, 0]
    for cell in state.cells:
        if cell < 4:
            totals[cell] += 1
    for hand in state.hands:
        for color in range(4):
            totals[color] += hand[color]
    for tile in state.bag[state.bag_pos :]:
        totals[tile] += 1
    return (totals[0], totals[1], totals[2], totals[3])


# --- COMP ----------------------------------------------------------------------------------


def test_comp_1_layout_comes_from_the_board_files() -> None:
    """COMP-1: the classic layout is read from boards/classic.txt (the alternative one from
    boards/alternative.txt); `~` is river, T and C start squares, C priority squares."""
    for board in ("classic", "alternative"):
        text = board_text(board)
        rows = [line[4:] for line in text.splitlines() if line and not line.startswith("#")]
        flat = "".join(rows)
        layout = board_layout(board)
        assert layout.river == tuple(c == "~" for c in flat)
        assert names(layout.start_squares) == {
            square_name(i) for i, c in enumerate(flat) if c in "TC"
        }
        assert names(layout.priority_squares) == {
            square_name(i) for i, c in enumerate(flat) if c == "C"
        }
    # The engine plays on that layout: e1 is a river square, f3 a start temple.
    state = tr.new_game(GameConfig(), seed=1)
    assert state.cells[square_index("f3")] == RED.index
    rejected(state, PlaceTile(RED, "e1"), "TILE-4")


def test_comp_2_classic_check_values() -> None:
    """COMP-2: classic: 41 river squares, 10 start squares, 4 priority squares."""
    layout = board_layout("classic")
    assert sum(layout.river) == 41
    assert names(layout.start_squares) == set(CLASSIC_STARTS)
    assert len(layout.start_squares) == 10
    assert names(layout.priority_squares) == set(CLASSIC_PRIORITY)


def test_comp_3_alternative_check_values() -> None:
    """COMP-3: alternative: 39 river squares, 14 start squares, 6 priority squares."""
    layout = board_layout("alternative")
    assert sum(layout.river) == 39
    assert names(layout.start_squares) == set(ALT_STARTS)
    assert len(layout.start_squares) == 14
    assert names(layout.priority_squares) == set(ALT_PRIORITY)


@pytest.mark.parametrize("board", ["classic", "alternative"])
def test_comp_4_there_are_153_civilization_tiles(board: str) -> None:
    """COMP-4: 153 tiles: 30 black, 57 red (start temples included), 36 blue, 30 green."""
    for players in (2, 3, 4):
        state = tr.new_game(GameConfig(players=players, board=board), seed=players)
        assert tile_totals(state) == (30, 57, 36, 30)
        assert sum(tile_totals(state)) == 153


def test_comp_4_a_deal_with_other_tile_counts_is_refused() -> None:
    """COMP-4: an explicit deal must hold the 153 tiles' worth of bag and hands."""
    good = deal_from_seed(GameConfig(), 9)
    bad = Deal(hands=good.hands, bag=(*good.bag, RED))
    with pytest.raises(tr.DealError):
        tr.new_game(GameConfig(), deal=bad)
    state = tr.new_game(GameConfig(), deal=good)
    assert tile_totals(state) == (30, 57, 36, 30)


def test_comp_5_four_leaders_and_two_catastrophes_outside_the_hand() -> None:
    """COMP-5: each player has 4 leaders, one per colour, and 2 catastrophes, which are not
    part of the hand."""
    state = tr.new_game(GameConfig(players=3), seed=2)
    assert len(state.leaders) == 12
    for player in range(3):
        assert [state.leader_square(player, c) for c in tr.COLORS] == [None] * 4
        assert sum(state.hands[player]) == 6
    assert state.catastrophes == (2, 2, 2)
    # Two catastrophes, then no more; the hand never changes for them.
    hand = state.hands[0]
    after = play(state, PlaceCatastrophe("g5"), PlaceCatastrophe("h5"))
    assert after.catastrophes == (0, 2, 2)
    assert after.hands[0] == hand
    after = play(after, EndTurn(), EndTurn())
    assert after.active == 0
    rejected(after, PlaceCatastrophe("j5"), "CATA-1")


def test_comp_6_six_monuments_one_per_pair_of_colours() -> None:
    """COMP-6: six monuments, one per pair of different colours; each colour on three."""
    pairs = [m.colors for m in Monument]
    assert len(pairs) == 6
    assert len({frozenset(p) for p in pairs}) == 6
    assert all(a != b for a, b in pairs)
    for color in tr.COLORS:
        assert sum(color in p for p in pairs) == 3
    state = tr.new_game(GameConfig(), seed=1)
    assert len(state.monuments) == 6


@pytest.mark.parametrize(("board", "count"), [("classic", 10), ("alternative", 14)])
def test_comp_7_one_treasure_per_start_square_and_one_marker(board: str, count: int) -> None:
    """COMP-7: one treasure per start square (10 classic, 14 alternative); one unification
    marker."""
    state = tr.new_game(GameConfig(board=board), seed=1)
    assert len(state.treasures) == count
    assert state.treasures == frozenset(board_layout(board).start_squares)
    assert isinstance(state.marker, int)
    assert state.marker == NO_SQUARE


def test_comp_8_buildings_one_per_colour_only_with_the_variant() -> None:
    """COMP-8: four buildings, one per colour, used only with BLD: in the base game they stay
    in the supply even when a line of three tiles of one colour is made."""
    assert tr.new_game(GameConfig(), seed=2).areas == ()
    with_variant = tr.new_game(GameConfig(variants=("buildings",)), seed=2)
    assert building_squares(with_variant) == (NO_SQUARE,) * 4
    state = position(
        """
            f  g  h  i
         5  r  r  .  .
         6  0K .  .  .
        """,
        hands={0: "rr"},
    )
    after = play(state, PlaceTile(RED, "h5"))
    assert after.pending is None
    assert building_squares(after) == (NO_SQUARE, NO_SQUARE, NO_SQUARE, NO_SQUARE)


def test_comp_9_board_file_format() -> None:
    """COMP-9: comments and blank lines are ignored; each row is its number right-aligned in
    two characters, two spaces, 16 cells of `.`, `~`, `T` or `C`."""
    rows = [
        f"{r:>2}  " + ("~" if r == 1 else ".") * 15 + ("C" if r == 11 else "T")
        for r in range(1, 12)
    ]
    text = "# a comment\n\n" + "\n".join(rows[:5]) + "\n# another\n\n" + "\n".join(rows[5:]) + "\n"
    layout = parse_board("test", text)
    assert layout.river[square_index("a1")]
    assert not layout.river[square_index("a2")]
    assert names(layout.start_squares) == {f"p{r}" for r in range(1, 12)}
    assert names(layout.priority_squares) == {"p11"}
    assert sum(layout.river) == 15


@pytest.mark.parametrize(
    "change",
    [
        lambda rows: [*rows[:3], rows[3].replace(".", "x", 1), *rows[4:]],  # bad cell
        lambda rows: rows[:10],  # 10 rows
        lambda rows: [*rows, rows[-1]],  # 12 rows
        lambda rows: [*rows[:2], rows[2][:-1], *rows[3:]],  # 15 cells
        lambda rows: [*rows[:2], rows[2] + ".", *rows[3:]],  # 17 cells
        lambda rows: [rows[1], rows[0], *rows[2:]],  # rows out of order
        lambda rows: [" 1 " + rows[0][4:], *rows[1:]],  # one space only
        lambda rows: ["1   " + rows[0][4:], *rows[1:]],  # number not right-aligned
        lambda rows: [*rows[:4], rows[4].replace(".", "t", 1), *rows[5:]],  # lower-case t
        lambda rows: [*rows[:5], rows[5] + " ", *rows[6:]],  # trailing space
        lambda rows: [*rows[:5], " # comment", *rows[5:]],  # not a comment: no leading #
        lambda rows: [*rows[:5], rows[5].replace(".", " ", 1), *rows[6:]],  # space as a cell
    ],
)
def test_comp_9_any_other_content_makes_the_file_invalid(change: object) -> None:
    """COMP-9: any other content makes the board file invalid."""
    rows = [
        line for line in board_text("classic").splitlines() if line and not line.startswith("#")
    ]
    assert len(rows) == 11
    parse_board("classic", "\n".join(rows))
    broken = change(rows)  # type: ignore[operator]
    with pytest.raises(BoardFileError):
        parse_board("broken", "\n".join(broken))


# --- SETUP ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_1_two_to_four_players(players: int) -> None:
    """SETUP-1: a game has 2, 3 or 4 players."""
    state = tr.new_game(GameConfig(players=players), seed=5)
    assert len(state.hands) == players
    assert len(state.scores) == players
    assert len(state.catastrophes) == players


@pytest.mark.parametrize("players", [-1, 0, 1, 5, 6])
def test_setup_1_other_player_counts_are_invalid(players: int) -> None:
    """SETUP-1: any other number of players is an invalid configuration (CONV-18)."""
    with pytest.raises(ConfigError) as info:
        GameConfig(players=players)
    assert info.value.rule == "CONV-18"


def test_setup_2_classic_board_unless_alt() -> None:
    """SETUP-2: the classic board is the default; the alternative one only when selected."""
    assert GameConfig().board == "classic"
    classic = tr.new_game(GameConfig(players=3), seed=1)
    assert names(classic.treasures) == set(CLASSIC_STARTS)
    assert classic.layout == board_layout("classic")
    alt = tr.new_game(GameConfig(players=3, board="alternative"), seed=1)
    assert names(alt.treasures) == set(ALT_STARTS)
    assert alt.layout == board_layout("alternative")


@pytest.mark.parametrize("board", ["classic", "alternative"])
def test_setup_3_each_start_square_has_a_temple_and_a_treasure(board: str) -> None:
    """SETUP-3: each start square gets a face-up red tile and one treasure; every other
    square is empty."""
    state = tr.new_game(GameConfig(board=board), seed=3)
    starts = set(board_layout(board).start_squares)
    for square in range(SQUARE_COUNT):
        if square in starts:
            assert state.cells[square] == RED.index
        else:
            assert state.cells[square] == EMPTY
    assert state.treasures == frozenset(starts)


@pytest.mark.parametrize(
    ("board", "bag"), [("classic", (30, 47, 36, 30)), ("alternative", (30, 43, 36, 30))]
)
def test_setup_4_all_other_tiles_form_the_bag(board: str, bag: tuple[int, int, int, int]) -> None:
    """SETUP-4: 143 tiles (47 red) in the bag on the classic board, 139 (43 red) on the
    alternative one, before the hands are drawn."""
    config = GameConfig(players=4, board=board)
    deal = deal_from_seed(config, 8)
    everything = tuple(t for hand in deal.hands for t in hand) + deal.bag
    assert counts(everything) == bag
    assert len(everything) == sum(bag)
    state = tr.new_game(config, deal=deal)
    assert state.bag_size == sum(bag) - 24


def test_setup_5_players_start_with_leaders_catastrophes_and_nothing_else() -> None:
    """SETUP-5: 4 leaders in supply, 2 catastrophes, 0 VP in every colour, 0 treasures."""
    state = tr.new_game(GameConfig(players=4), seed=6)
    assert state.leaders == (NO_SQUARE,) * 16
    assert state.catastrophes == (2, 2, 2, 2)
    assert state.scores == ((0, 0, 0, 0),) * 4
    assert state.treasures_held == (0, 0, 0, 0)
    assert state.out_of_game == (0, 0, 0, 0)


def test_setup_6_six_tiles_each_in_seat_order() -> None:
    """SETUP-6: seat 0 draws the first six tiles of the bag, seat 1 the next six, and so on:
    with the same shuffle, a third seat draws what would otherwise start the bag."""
    for seed in range(5):
        two = deal_from_seed(GameConfig(players=2), seed)
        three = deal_from_seed(GameConfig(players=3), seed)
        four = deal_from_seed(GameConfig(players=4), seed)
        assert [len(h) for h in four.hands] == [6, 6, 6, 6]
        assert three.hands[:2] == two.hands
        assert three.hands[2] == two.bag[:6]
        assert three.bag == two.bag[6:]
        assert four.hands[:3] == three.hands
        assert four.hands[3] == three.bag[:6]
        assert four.bag == three.bag[6:]


def test_setup_6_an_explicit_deal_fills_the_hands() -> None:
    """SETUP-6: each seat starts with exactly the six tiles dealt to it; the bag keeps its
    order for later draws."""
    deal = deal_from_seed(GameConfig(players=3), 21)
    state = tr.new_game(GameConfig(players=3), deal=deal)
    assert state.hands == tuple(counts(h) for h in deal.hands)
    assert state.bag == tuple(t.index for t in deal.bag)
    assert state.bag_pos == 0
    short = Deal(
        hands=(deal.hands[0][:5], deal.hands[1], deal.hands[2]), bag=(*deal.bag, deal.hands[0][5])
    )
    with pytest.raises(tr.DealError):
        tr.new_game(GameConfig(players=3), deal=short)


def test_setup_7_all_monuments_available_and_buildings_in_supply() -> None:
    """SETUP-7: all monuments start available; buildings start in the supply."""
    state = tr.new_game(GameConfig(players=2), seed=4)
    assert state.monuments == (NO_SQUARE,) * 6
    assert building_squares(state) == (NO_SQUARE,) * 4
    assert FLIPPED not in state.cells
    assert CATASTROPHE not in state.cells


def test_setup_8_seat_0_takes_the_first_turn() -> None:
    """SETUP-8: seat 0 is active first; another seat is refused under TURN-1."""
    state = tr.new_game(GameConfig(players=3), seed=7)
    assert state.active == 0
    assert tr.to_move(state) == 0
    assert state.turn == 0
    assert state.actions_taken == 0
    assert state.pending is None
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(state, PlaceLeader(BLACK, "g3"), 1)
    assert info.value.rule == "TURN-1"
    after = play(state, PlaceLeader(BLACK, "g3"))
    assert after.leader_square(0, BLACK) == "g3"


def test_setup_9_two_players_use_the_same_rules() -> None:
    """SETUP-9 (informative): no special two-player rules: the same board, treasures,
    monuments, hands and catastrophes, and a two-player game runs to its normal end."""
    two = tr.new_game(GameConfig(players=2), seed=12)
    four = tr.new_game(GameConfig(players=4), seed=12)
    assert two.cells == four.cells
    assert two.treasures == four.treasures
    assert two.monuments == four.monuments
    assert [sum(h) for h in two.hands] == [6, 6]
    assert two.catastrophes == (2, 2)
    assert two.bag_size == 143 - 12
    final, _ = play_game(GameConfig(players=2), random_bots(2, 12), 12)
    assert tr.is_over(final)
    assert len(final.treasures) <= 2 or final.short_draw
    assert tr.result(final).ranking[0].place == 1


def _deal_cases() -> list[tuple[object, str]]:
    """Malformed two-player deals and the message each one is refused with."""
    good = deal_from_seed(GameConfig(), 9)
    first, second = good.hands
    return [
        ("deal", "expected a Deal, got str"),
        (
            Deal(hands=list(good.hands), bag=good.bag),  # type: ignore[arg-type]
            "the deal must hold 2 hands (one per player)",
        ),
        (
            Deal(hands=(first, second, ()), bag=good.bag),
            "the deal must hold 2 hands (one per player)",
        ),
        (
            Deal(hands=(list(first), second), bag=good.bag),  # type: ignore[arg-type]
            "hand 0 holds ? tiles; every hand starts with 6 (SETUP-6)",
        ),
        (
            Deal(hands=(first, second[:5]), bag=(*good.bag, second[5])),
            "hand 1 holds 5 tiles; every hand starts with 6 (SETUP-6)",
        ),
        (
            Deal(hands=(first, (*second[:5], "r")), bag=good.bag),  # type: ignore[arg-type]
            "hand 1 holds 'r', which is not a colour",
        ),
        (
            Deal(hands=good.hands, bag=list(good.bag)),  # type: ignore[arg-type]
            "the bag must be a tuple of colours",
        ),
        (
            Deal(hands=good.hands, bag=(*good.bag[:-1], 1)),  # type: ignore[arg-type]
            "the bag holds 1, which is not a colour",
        ),
        (
            Deal(hands=good.hands, bag=(*good.bag, RED)),
            "the deal holds 48 red tiles in hands and bag; "
            "the classic board needs 47 (COMP-4, SETUP-4)",
        ),
    ]


@pytest.mark.parametrize(("deal", "message"), _deal_cases())
def test_setup_6_a_malformed_deal_is_refused_with_what_is_wrong(deal: object, message: str) -> None:
    """SETUP-6, COMP-4, SETUP-4: an explicit deal is one hand of six colours per seat, a bag
    tuple of colours and the components' tile counts; any other deal is refused with a
    message naming what is wrong (the hand's seat and size, the foreign item, the colour
    count against the board's)."""
    with pytest.raises(tr.DealError) as info:
        tr.new_game(GameConfig(), deal=deal)  # type: ignore[call-overload]
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("config", "kwargs", "message"),
    [
        ({"players": 2}, {"seed": 1}, "expected a GameConfig, got dict"),
        (GameConfig(), {}, "give exactly one of seed= and deal="),
        (
            GameConfig(),
            {"seed": 1, "deal": deal_from_seed(GameConfig(), 1)},
            "give exactly one of seed= and deal=",
        ),
        (GameConfig(), {"seed": "7"}, "the seed must be an integer, not '7'"),
        (GameConfig(), {"seed": 1.0}, "the seed must be an integer, not 1.0"),
        (GameConfig(), {"seed": True}, "the seed must be an integer, not True"),
    ],
)
def test_setup_4_a_new_game_needs_a_configuration_and_one_integer_seed_or_a_deal(
    config: object, kwargs: dict[str, object], message: str
) -> None:
    """SETUP-4, SETUP-6: the bag and hands come from exactly one of an integer seed (not a
    bool, a float or a string) and an explicit deal, for a GameConfig; anything else is
    refused before any game starts, with a message saying so."""
    with pytest.raises(tr.DealError) as info:
        tr.new_game(config, **kwargs)  # type: ignore[call-overload]
    assert str(info.value) == message


@pytest.mark.parametrize(
    "config",
    [GameConfig(players=2), GameConfig(players=4, board="alternative"), GameConfig(game="cards")],
    ids=["board-2", "alternative-4", "cards-2"],
)
def test_setup_6_the_public_deal_of_a_seed_starts_the_game_of_that_seed(config: GameConfig) -> None:
    """SETUP-6, CARD-SETUP-3: ``tr.deal_from_seed`` gives the deal ``new_game(seed=...)``
    starts from, of the configuration's game; an edited copy starts another game."""
    deal = tr.deal_from_seed(config, 11)
    assert isinstance(deal, tr.CardDeal if config.game == "cards" else Deal)
    assert tr.new_game(config, deal=deal) == tr.new_game(config, seed=11)
    assert tr.deal_from_seed(config, 12) != deal


@pytest.mark.parametrize("seed", [True, 1.0, "1", None])
def test_setup_6_a_deal_from_anything_but_an_integer_seed_is_refused(seed: object) -> None:
    with pytest.raises(tr.DealError, match="the seed must be an integer"):
        tr.deal_from_seed(GameConfig(players=2), seed)  # type: ignore[arg-type]
