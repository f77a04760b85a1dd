"""The fixed action encoding (tigris_rules.ai.encoding): a bijection between each configuration's
action space and 0..N-1, and a legal-action mask that agrees with ``legal_actions``.

States are reached by random legal play (``tigris_rules.testing.playthroughs``) for every
board and set of variants, 2 to 4 players, and for the card game with several column limits.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tigris_rules as tr
from tigris_rules.ai.encoding import (
    EncodingError,
    _codes_of,
    action_encoding,
    decode,
    encode,
    legal_action_indices,
    legal_action_mask,
    legal_action_mask_array,
    legal_indices_ascending,
)
from tigris_rules.model.lazy_actions import Table
from tigris_rules.testing import Playthrough, configs, playthroughs
from variant_sets import variant_sets

BOARDS = ("classic", "alternative")
SUBSETS = variant_sets()
COMBINATIONS = [(board, subset) for board in BOARDS for subset in SUBSETS]
IDS = [f"{board}-{'+'.join(subset) or 'base'}" for board, subset in COMBINATIONS]
PER_COMBINATION = max(2, settings().max_examples // 10)

EXPECTED_SIZES = {
    ("classic", ()): 1881,
    ("classic", ("english",)): 1881,
    ("classic", ("buildings",)): 2057,
    ("classic", ("ziggurat",)): 1933,
    ("classic", ("english", "buildings", "ziggurat")): 2109,
    ("alternative", ()): 1927,
    ("alternative", ("buildings",)): 2103,
    ("alternative", ("ziggurat",)): 1985,
    ("alternative", ("english", "buildings", "ziggurat")): 2161,
}
"""N per configuration, as docs/search.md gives it (the player count does not change it)."""

CARD_SIZES = {4: 570, 8: 730, 12: 890}
"""N of the card game per column limit."""


def board_configs(board: str, variants: tuple[str, ...]) -> st.SearchStrategy[tr.GameConfig]:
    return configs(boards=[board], variants=()).map(
        lambda config: attrs.evolve(config, variants=variants)
    )


def random_game(config: tr.GameConfig, seed: int) -> list[tr.AnyState]:
    """Every state of a whole game of random legal inputs."""
    rng = random.Random(seed)
    state: tr.AnyState = (
        tr.new_card_game(config, seed=seed)
        if config.game == "cards"
        else tr.new_game(config, seed=seed)
    )
    states = [state]
    while not tr.is_over(state) and len(states) < 2000:
        legal = tr.legal_actions(state)
        state = tr.apply(state, legal[rng.randrange(len(legal))])  # type: ignore[arg-type]
        states.append(state)
    return states


def check_states(config: tr.GameConfig, states: Sequence[tr.AnyState]) -> None:
    """On every state: the mask, the indices and the legal actions agree, and every legal
    action round-trips."""
    encoding = action_encoding(config)
    for state in states:
        legal = list(tr.legal_actions(state))
        indices = legal_action_indices(state)
        assert len(set(indices)) == len(indices) == len(legal)
        for action, index in zip(legal, indices, strict=True):
            assert 0 <= index < encoding.size
            assert encoding.encode(action) == index
            assert encoding.decode(index) == action
        mask = legal_action_mask(state)
        assert len(mask) == encoding.size
        assert {i for i, bit in enumerate(mask) if bit} == set(indices)
        assert set(mask) <= {0, 1}
        assert legal_indices_ascending(state) == sorted(indices)


@pytest.mark.parametrize(("board", "variants"), COMBINATIONS, ids=IDS)
@settings(max_examples=PER_COMBINATION)
@given(data=st.data())
def test_mask_matches_legal_actions_in_random_play(
    board: str, variants: tuple[str, ...], data: st.DataObject
) -> None:
    path = data.draw(playthroughs(board_configs(board, variants), max_actions=60))
    check_states(path.config, path.states)


@settings(max_examples=PER_COMBINATION * 2)
@given(path=playthroughs(configs(game="cards"), max_actions=120))
def test_mask_matches_legal_actions_in_card_games(path: Playthrough) -> None:
    check_states(path.config, path.states)


@pytest.mark.parametrize(
    "config",
    [
        tr.GameConfig(3, "alternative", ("english", "buildings", "ziggurat")),
        tr.GameConfig(4, game="cards"),
        tr.GameConfig(2, game="cards", column_limit=5),
    ],
    ids=["board-all-variants", "cards", "cards-limit-5"],
)
@pytest.mark.slow
def test_mask_matches_legal_actions_to_the_end(config: tr.GameConfig) -> None:
    """Whole random games, so that late decisions (wars, treasures, the end) are met."""
    for seed in range(3):
        check_states(config, random_game(config, seed))


@pytest.mark.parametrize(("board", "variants"), list(EXPECTED_SIZES), ids=str)
def test_sizes_are_documented_and_a_bijection(board: str, variants: tuple[str, ...]) -> None:
    for players in (2, 3, 4):
        encoding = action_encoding(tr.GameConfig(players, board, variants))
        assert encoding.size == len(encoding) == EXPECTED_SIZES[(board, variants)]
        assert len(set(encoding.actions)) == encoding.size
        for index, action in enumerate(encoding.actions):
            assert encoding.encode(action) == index
            assert encoding.decode(index) == action


@pytest.mark.parametrize("limit", sorted(CARD_SIZES))
def test_card_sizes(limit: int) -> None:
    encoding = action_encoding(tr.GameConfig(2, game="cards", column_limit=limit))
    assert encoding.size == CARD_SIZES[limit]
    assert len(set(encoding.actions)) == encoding.size
    assert all(encoding.encode(a) == i for i, a in enumerate(encoding.actions))


def test_space_holds_every_swap_commitment_and_variant_answer() -> None:
    base = action_encoding(tr.GameConfig(2))
    swaps = [a for a in base.actions if isinstance(a, tr.SwapTiles)]
    assert len(swaps) == 209  # multisets of 1..6 tiles in 4 colours
    assert {a.total for a in swaps} == set(range(1, 7))
    commits = [a.count for a in base.actions if isinstance(a, tr.CommitSupport)]
    assert commits == list(range(7))
    assert not any(isinstance(a, tr.PlaceBuilding | tr.BuildZiggurat) for a in base.actions)
    full = action_encoding(tr.GameConfig(2, variants=("buildings", "ziggurat")))
    assert sum(isinstance(a, tr.PlaceBuilding) for a in full.actions) == 176
    assert sum(isinstance(a, tr.ChooseColor) for a in full.actions) == 4
    assert any(isinstance(a, tr.BuildZiggurat) for a in full.actions)


def test_order_of_the_layout() -> None:
    """Index 0 is the black leader on the first land square; end turn comes right after
    the swaps and before the war choices."""
    encoding = action_encoding(tr.GameConfig(2))
    assert encoding.decode(0) == tr.PlaceLeader(tr.Color.BLACK, "a1")
    end = encoding.encode(tr.EndTurn())
    assert isinstance(encoding.decode(end - 1), tr.SwapTiles)
    assert encoding.decode(end + 1) == tr.ChooseConflict(tr.Color.BLACK)


def test_module_functions_and_cache() -> None:
    config = tr.GameConfig(3)
    action = tr.PlaceTile(tr.Color.RED, "g4")
    assert decode(config, encode(config, action)) == action
    assert action_encoding(config) is action_encoding(tr.GameConfig(3))
    assert "1881 actions" in repr(action_encoding(config))


@pytest.mark.parametrize(
    "action",
    [
        tr.PlaceTile(tr.Color.BLUE, "a1"),  # a1 is land on the classic board
        tr.PlaceTile(tr.Color.RED, "e1"),  # e1 is river
        tr.CommitSupport(7),
        tr.SwapTiles(),
        tr.SwapTiles(black=7),
        tr.PlaceBuilding("a1"),  # the buildings variant is not played
        tr.ChooseColor(tr.Color.RED),
        "end",
        None,
        [1, 2],
    ],
    ids=repr,
)
def test_actions_outside_the_space_are_rejected(action: object) -> None:
    with pytest.raises(EncodingError, match="not in the action space"):
        encode(tr.GameConfig(2), action)  # type: ignore[arg-type]


def test_card_actions_outside_the_space_are_rejected() -> None:
    config = tr.GameConfig(2, game="cards")
    with pytest.raises(EncodingError):
        encode(config, tr.SwapTiles(black=1))
    with pytest.raises(EncodingError):
        encode(config, tr.cards.actions.TakeTreasures((3, 1)))  # not in ascending order
    with pytest.raises(EncodingError):
        encode(tr.GameConfig(2), tr.cards.actions.PayPoints(1))


@pytest.mark.parametrize("index", [-1, 1881, 10**9])
def test_indices_out_of_range_are_rejected(index: int) -> None:
    with pytest.raises(EncodingError, match=r"outside 0\.\.1880"):
        decode(tr.GameConfig(2), index)


@pytest.mark.parametrize("index", ["3", 1.0, True, None])
def test_indices_of_the_wrong_type_are_rejected(index: object) -> None:
    with pytest.raises(tr.ArgumentTypeError, match="index"):
        decode(tr.GameConfig(2), index)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    with pytest.raises(tr.ArgumentTypeError, match="config"):
        action_encoding("classic")  # type: ignore[arg-type]
    with pytest.raises(tr.NotAStateError):
        legal_action_mask(None)  # type: ignore[arg-type]
    with pytest.raises(tr.NotAStateError):
        legal_action_indices(tr.GameConfig(2))  # type: ignore[arg-type]


def test_mask_is_empty_once_the_game_is_over() -> None:
    config = tr.GameConfig(2)
    state = random_game(config, 4)[-1]
    assert tr.is_over(state)
    assert legal_action_mask(state) == bytes(action_encoding(config).size)
    assert legal_action_indices(state) == ()


def test_numpy_is_optional() -> None:
    """Importing the library and this module never imports numpy (checked in a fresh
    interpreter, as other tests may have imported it here)."""
    code = "import sys, tigris_rules, tigris_rules.ai.encoding; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_numpy_mask() -> None:
    numpy = pytest.importorskip("numpy")
    state = tr.new_game(tr.GameConfig(2), seed=1)
    array = legal_action_mask_array(state)
    assert array.dtype == numpy.bool_
    assert array.shape == (action_encoding(state.config).size,)
    assert array.tolist() == [bool(b) for b in legal_action_mask(state)]


def test_the_encodings_kept_are_bounded() -> None:
    """An encoding holds every action of its game: a program that meets many configurations
    keeps only the most recent ``ENCODINGS_KEPT`` built, and gets the same value again."""
    from tigris_rules.ai import encoding

    configs = [
        tr.GameConfig(game="cards", players=players, column_limit=limit)
        for players in (2, 3)
        for limit in range(4, 25)
    ]
    assert len(configs) > encoding.ENCODINGS_KEPT
    for config in configs:
        tr.action_encoding(config)
    assert encoding._build.cache_info().currsize == encoding.ENCODINGS_KEPT
    last = configs[-1]
    assert tr.action_encoding(last) is tr.action_encoding(last)
    assert tr.action_encoding(configs[0]) == tr.action_encoding(configs[0])


def test_a_table_part_is_marked_at_once_only_when_it_safely_can() -> None:
    """A part of a table's inputs is written into the mask as one run of flags only when
    its inputs in the space have consecutive indices, no number flagged is outside the space
    and no other part has marked that run; otherwise the mask is left as it was."""

    def lanes(flags: bytes) -> int:
        return int.from_bytes(flags, "little")

    config = tr.GameConfig(players=2)
    encoding = action_encoding(config)
    actions = encoding.actions
    outside = tr.EndTurn()  # its index is not next to the others below
    table = Table([actions[7], actions[8], actions[9]])
    codes = _codes_of(encoding, table)
    assert (codes.start, codes.complete, codes.inside, codes.outside) == (7, True, 3, 0)
    mask = bytearray(encoding.size)
    assert codes.mark(mask, lanes(b"\x01\x00\x01"))
    assert [i for i, bit in enumerate(mask) if bit] == [7, 9]
    again = bytearray(encoding.size)
    assert codes.mark(again, lanes(b"\x01\x00\x01"))  # the run made before
    assert again == mask
    assert not codes.mark(mask, lanes(b"\x00\x01\x00"))  # the run was marked already
    assert [i for i, bit in enumerate(mask) if bit] == [7, 9]

    gapped = _codes_of(encoding, Table([actions[3], outside, actions[4]]))
    assert gapped.start is None
    assert not gapped.mark(bytearray(encoding.size), lanes(b"\x01\x00\x01"))

    class Stranger(tr.SwapTiles):
        """An input the space does not hold."""

    holed = _codes_of(encoding, Table([actions[3], Stranger(1, 0, 0, 0), actions[4]]))
    assert (holed.start, holed.complete) == (3, False)
    mask = bytearray(encoding.size)
    assert holed.mark(mask, lanes(b"\x01\x00\x01"))
    assert [i for i, bit in enumerate(mask) if bit] == [3, 4]
    untouched = bytearray(encoding.size)
    assert not holed.mark(untouched, lanes(b"\x00\x01\x00"))  # a number outside the space
    assert untouched == bytearray(encoding.size)
