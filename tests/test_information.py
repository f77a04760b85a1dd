"""Information sets of the board game (tigris_rules.ai.information): observations read the
player's view only, and sampled states keep everything the player has seen and re-deal
everything he has not (CONV-14)."""

from __future__ import annotations

import doctest
import random
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tigris_rules as tr
import tigris_rules.ai.encoding
import tigris_rules.ai.information
from scenario import with_buildings, with_ziggurat
from tigris_rules.ai import _board_information
from tigris_rules.ai.information import (
    Discards,
    InformationError,
    observation,
    observation_array,
    observation_layout,
    observation_size,
    sample_hidden,
)
from tigris_rules.model.cells import STRUCTURE
from tigris_rules.model.config import known_variants
from tigris_rules.testing import Playthrough, check_invariants, configs, playthroughs
from tigris_rules.variants.buildings import BuildingDecision
from tigris_rules.views import view
from variant_sets import variant_sets

BOARDS = ("classic", "alternative")
SUBSETS = variant_sets()
COMBINATIONS = [(board, subset) for board in BOARDS for subset in SUBSETS]
IDS = [f"{board}-{'+'.join(subset) or 'base'}" for board, subset in COMBINATIONS]
PER_COMBINATION = max(2, settings().max_examples // 10)


def board_configs(board: str, variants: tuple[str, ...]) -> st.SearchStrategy[tr.GameConfig]:
    return configs(boards=[board], variants=()).map(
        lambda config: attrs.evolve(config, variants=variants)
    )


def discards_along(path: Playthrough) -> list[Discards]:
    """The :class:`Discards` of every state of ``path``."""
    discards = [Discards.start(path.config)]
    for state, action in zip(path.states, path.actions, strict=False):
        assert isinstance(state, tr.GameState)
        discards.append(discards[-1].after(state, action))
    return discards


def random_game(config: tr.GameConfig, seed: int) -> tuple[list[tr.GameState], list[Discards]]:
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    discards = Discards.start(config)
    states, ledgers = [state], [discards]
    while not tr.is_over(state):
        legal = tr.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        discards = discards.after(state, action)
        state = tr.apply(state, action)
        states.append(state)
        ledgers.append(discards)
    return states, ledgers


def check_samples(states: Sequence[tr.AnyState], ledgers: Sequence[Discards], seed: int) -> None:
    rng = random.Random(seed)
    for state, discards in zip(states, ledgers, strict=True):
        assert isinstance(state, tr.GameState)
        for player in range(state.config.players):
            sample = sample_hidden(state, player, rng, discards)
            assert view(sample, player) == view(state, player)
            assert observation(sample, player) == observation(state, player)
            assert check_invariants(sample) == []
            assert sample.hands[player] == state.hands[player]
            assert sum(sample.out_of_game) == sum(state.out_of_game)


@pytest.mark.parametrize(("board", "variants"), COMBINATIONS, ids=IDS)
@settings(max_examples=PER_COMBINATION)
@given(data=st.data())
@pytest.mark.slow
def test_samples_keep_the_view_in_random_play(
    board: str, variants: tuple[str, ...], data: st.DataObject
) -> None:
    path = data.draw(playthroughs(board_configs(board, variants), max_actions=80))
    check_samples(path.states, discards_along(path), path.seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_keep_the_view_to_the_end(players: int) -> None:
    config = tr.GameConfig(players, variants=("buildings", "ziggurat"))
    states, ledgers = random_game(config, players)
    check_samples(states[::5] + states[-2:], ledgers[::5] + ledgers[-2:], players)


def test_a_sample_conserves_the_unseen_tiles() -> None:
    """Per colour, the tiles in the other hands, the bag and the others' discards are the
    same multiset in a sample: only their places change."""
    config = tr.GameConfig(3)
    states, ledgers = random_game(config, 11)
    state, discards = states[len(states) // 2], ledgers[len(states) // 2]
    assert any(discards.total(seat) for seat in (1, 2)), "pick a state after a swap"

    def unseen(s: tr.GameState) -> list[int]:
        counts = [0, 0, 0, 0]
        for tile in s.bag[s.bag_pos :]:
            counts[tile] += 1
        for seat in (1, 2):
            for color in range(4):
                counts[color] += s.hands[seat][color]
        for color in range(4):
            counts[color] += s.out_of_game[color] - discards.counts[0][color]
        return counts

    rng = random.Random(3)
    for _ in range(20):
        sample = sample_hidden(state, 0, rng, discards)
        assert unseen(sample) == unseen(state)
        assert sample.hands[0] == state.hands[0]
        assert sample.bag_size == state.bag_size
        assert sample.bag_pos == state.bag_pos
        drawn = sample.bag[: sample.bag_pos]
        assert list(drawn) == sorted(drawn), "the drawn part tells nothing of the real draws"


def test_every_unseen_colour_reaches_every_hidden_place() -> None:
    """Over many samples, each colour the player has not seen turns up in each other hand,
    in the bag and among the others' discards."""
    config = tr.GameConfig(3)
    states, ledgers = random_game(config, 11)
    index = next(
        i
        for i, (s, d) in enumerate(zip(states, ledgers, strict=True))
        if s.pending is None and d.total(1) and d.total(2) and i > 20
    )
    state, discards = states[index], ledgers[index]
    rng = random.Random(0)
    seen_in: dict[str, set[int]] = {"hand1": set(), "hand2": set(), "bag": set(), "out": set()}
    for _ in range(400):
        sample = sample_hidden(state, 0, rng, discards)
        for seat in (1, 2):
            seen_in[f"hand{seat}"].update(c for c in range(4) if sample.hands[seat][c])
        seen_in["bag"].update(sample.bag)
        seen_in["out"].update(c for c in range(4) if sample.out_of_game[c] != state.out_of_game[c])
    assert seen_in["hand1"] == seen_in["hand2"] == seen_in["bag"] == {0, 1, 2, 3}
    assert seen_in["out"], "the others' discards are re-dealt too"


@pytest.mark.slow
def test_games_continue_legally_from_a_sample() -> None:
    for players in (2, 4):
        config = tr.GameConfig(players, "alternative", ("english",))
        states, ledgers = random_game(config, 20 + players)
        rng = random.Random(players)
        for state, discards in list(zip(states, ledgers, strict=True))[::40]:
            sample = sample_hidden(state, 1, rng, discards)
            before = sample
            while not tr.is_over(sample):
                legal = tr.legal_actions(sample)
                after = tr.apply(sample, legal[rng.randrange(len(legal))])
                assert check_invariants(after, before=sample) == []
                sample = after
            assert tr.result(sample).final
            assert before.bag_size == state.bag_size


def test_the_sample_of_a_finished_game_is_the_game() -> None:
    states, ledgers = random_game(tr.GameConfig(2), 1)
    assert sample_hidden(states[-1], 0, random.Random(0), ledgers[-1]) is states[-1]


def test_the_player_own_hand_and_discards_stay() -> None:
    config = tr.GameConfig(2)
    state = tr.new_game(config, seed=2)
    held = state.hands[0]
    swap = tr.SwapTiles(*(min(1, n) for n in held))
    discards = Discards.start(config).after(state, swap)
    assert discards.counts[0] == swap.counts
    assert discards.counts[1] == (0, 0, 0, 0)
    assert discards.after(state, tr.EndTurn()) is discards
    state = tr.apply(state, swap)
    rng = random.Random(1)
    for _ in range(30):
        sample = sample_hidden(state, 0, rng, discards)
        assert sample.out_of_game == state.out_of_game  # only seat 0 discarded, seen by 0
        assert sample.hands[0] == state.hands[0]
    assert {sample_hidden(state, 1, rng, discards).out_of_game for _ in range(30)} != {
        state.out_of_game
    }


@settings(max_examples=PER_COMBINATION * 4)
@given(path=playthroughs(configs(), max_actions=60), data=st.data())
def test_equal_views_give_equal_observations(path: Playthrough, data: st.DataObject) -> None:
    """Two states that differ only in hidden tiles (a sample) have equal views and equal
    observations; the observation has the documented length."""
    state = path.final
    assert isinstance(state, tr.GameState)
    player = data.draw(st.integers(0, state.config.players - 1))
    seen = observation(state, player)
    assert len(seen) == observation_size(state.config)
    other = sample_hidden(state, player, random.Random(path.seed), discards_along(path)[-1])
    assert view(other, player) == view(state, player)
    assert observation(other, player) == seen


def test_observations_differ_with_what_the_player_sees() -> None:
    state = tr.new_game(tr.GameConfig(2), seed=1)
    after = tr.apply(state, tr.PlaceTile(tr.Color.RED, "g4"))
    assert observation(after, 0) != observation(state, 0)
    assert observation(state, 0) != observation(state, 1)  # different hands, seats relative


def test_observation_layout_offsets() -> None:
    config = tr.GameConfig(2)
    state = tr.new_game(config, seed=1)
    layout = observation_layout(config)
    names = [name for name, _ in layout]
    assert len(names) == len(set(names))
    offsets: dict[str, int] = {}
    position = 0
    for name, length in layout:
        offsets[name] = position
        position += length
    seen = observation(state, 1)
    start = offsets["seat0.hand"]
    assert seen[start : start + 4] == state.hands[1]
    assert seen[offsets["seat1.hand_known"]] == 0
    assert seen[offsets["seat1.hand_size"]] == 6
    assert seen[offsets["bag_size"]] == state.bag_size
    assert seen[offsets["to_move"] : offsets["to_move"] + 2] == (0, 1)  # seat 0 is 1 step on
    g4 = 3 * 16 + 6
    after = tr.apply(state, tr.PlaceTile(tr.Color.RED, "g4"))
    assert observation(after, 0)[offsets["tiles"] + 176 + g4] == 1


def test_the_observation_of_a_view() -> None:
    """A player's view gives his observation; another seat's view is refused."""
    state = tr.new_game(tr.GameConfig(2), seed=1)
    assert observation(view(state, 1), 1) == observation(state, 1)
    with pytest.raises(InformationError, match="seat 0's"):
        observation(view(state, 0), 1)


def test_bad_arguments() -> None:
    config = tr.GameConfig(2)
    state = tr.new_game(config, seed=1)
    start = Discards.start(config)
    with pytest.raises(InformationError, match="player 2"):
        observation(state, 2)
    with pytest.raises(tr.ArgumentTypeError, match="player"):
        observation(state, None)  # type: ignore[arg-type]
    with pytest.raises(tr.ArgumentTypeError, match="rng"):
        sample_hidden(state, 0, 7, start)  # type: ignore[arg-type]
    with pytest.raises(tr.ArgumentTypeError, match="discards"):
        sample_hidden(state, 0, random.Random(0), "none")  # type: ignore[arg-type]
    with pytest.raises(InformationError, match="3 seats"):
        sample_hidden(state, 0, random.Random(0), Discards.start(tr.GameConfig(3)))
    with pytest.raises(InformationError, match="another game"):
        sample_hidden(state, 0, random.Random(0), Discards(((1, 0, 0, 0), (0, 0, 0, 0))))
    with pytest.raises(tr.ArgumentTypeError, match="config"):
        Discards.start(2)  # type: ignore[arg-type]
    with pytest.raises(tr.ArgumentTypeError, match="state"):
        observation(None, 0)  # type: ignore[arg-type]


def test_numpy_observation() -> None:
    numpy = pytest.importorskip("numpy")
    state = tr.new_game(tr.GameConfig(3), seed=1)
    array = observation_array(state, 2)
    assert array.dtype == numpy.int32
    assert array.tolist() == list(observation(state, 2))


@pytest.mark.parametrize("module", [tigris_rules.ai.encoding, tigris_rules.ai.information])
def test_docstring_examples(module: object) -> None:
    failures, tried = doctest.testmod(module, raise_on_error=False)  # type: ignore[arg-type]
    assert tried > 0
    assert failures == 0


@pytest.mark.slow
def test_search_page_examples_run(tmp_path: Path) -> None:
    """Every Python example of docs/search.md runs as it stands in a fresh directory."""
    page = Path(__file__).parent.parent / "docs" / "search.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 3
    for block in blocks:
        subprocess.run([sys.executable, "-c", block], cwd=tmp_path, check=True)


BASE_LAYOUT = [
    ("tiles", 704),
    ("flipped", 176),
    ("catastrophes", 176),
    ("treasures", 176),
    ("river", 176),
    ("leaders", 1408),
    ("monuments", 1056),
    ("marker", 176),
    ("placed", 176),
    *[
        (f"seat{k}.{name}", length)
        for k in range(2)
        for name, length in [
            ("hand_known", 1),
            ("hand", 4),
            ("hand_size", 1),
            ("catastrophes", 1),
            ("totals_known", 1),
            ("scores", 4),
            ("treasures_held", 1),
        ]
    ],
    *[(name, 1) for name in ("bag_size", "turn", "actions_taken", "short_draw", "over")],
    ("active", 2),
    ("to_move", 2),
    ("monuments_available", 6),
    ("decision", 5),
    ("decision_player", 2),
    ("war_colors", 4),
    ("conflict_kind", 2),
    ("conflict_role", 2),
    ("conflict_color", 4),
    ("conflict_attacker", 2),
    ("conflict_defender", 2),
    ("conflict_bases", 2),
    ("attacker_commit_known", 1),
    ("attacker_commit", 1),
]
"""The layout of docs/search.md for two players with no variant (or only English
conflicts, which observe nothing of their own)."""


def _with(
    layout: list[tuple[str, int]], after: str, *added: tuple[str, int]
) -> list[tuple[str, int]]:
    names = [name for name, _ in layout]
    at = names.index(after) + 1 if after else len(layout)
    return [*layout[:at], *added, *layout[at:]]


def _decisions(layout: list[tuple[str, int]], count: int) -> list[tuple[str, int]]:
    return [(name, count if name == "decision" else length) for name, length in layout]


BUILDINGS_LAYOUT = _with(
    _with(_decisions(BASE_LAYOUT, 6), "monuments", ("buildings", 704)), "", ("building_color", 4)
)
"""With buildings: their planes after the monuments, their decision, their colour at the
end."""

ZIGGURAT_LAYOUT = _with(_decisions(BASE_LAYOUT, 6), "flipped", ("ziggurat", 176))
"""With the ziggurat: its plane after the flipped tiles, its income decision."""

BOTH_LAYOUT = _with(
    _with(
        _with(_decisions(BASE_LAYOUT, 7), "flipped", ("ziggurat", 176)),
        "monuments",
        ("buildings", 704),
    ),
    "",
    ("building_color", 4),
)
"""The layout of docs/search.md for two players with buildings and the ziggurat."""


@pytest.mark.parametrize(
    ("variants", "layout", "sizes"),
    [
        ((), BASE_LAYOUT, (4292, 5014, 5736)),
        (("english",), BASE_LAYOUT, (4292, 5014, 5736)),
        (("buildings",), BUILDINGS_LAYOUT, (5001, 5723, 6445)),
        (("ziggurat",), ZIGGURAT_LAYOUT, (4469, 5191, 5913)),
        (("buildings", "ziggurat"), BOTH_LAYOUT, (5178, 5900, 6622)),
    ],
)
def test_the_layout_is_the_documented_one(
    variants: tuple[str, ...], layout: list[tuple[str, int]], sizes: tuple[int, ...]
) -> None:
    """The layout of a configuration holds the segments of the variants it plays, and only
    theirs (point 4: whatever else is installed; the quick suite also runs with the toy
    variants installed)."""
    config = tr.GameConfig(2, variants=variants)
    assert list(observation_layout(config)) == layout
    for players, size in zip((2, 3, 4), sizes, strict=True):
        assert observation_size(tr.GameConfig(players, variants=variants)) == size


@pytest.mark.parametrize("variants", [(), ("buildings", "ziggurat")])
def test_installed_variants_change_no_game_that_does_not_play_them(
    variants: tuple[str, ...], request: pytest.FixtureRequest
) -> None:
    """The layout, the action encoding and the observations of a configuration are the same
    with the toy variants installed as without them."""

    def seen(config: tr.GameConfig) -> tuple[object, ...]:
        state = tr.new_game(config, seed=3)
        for action in (tr.PlaceTile(tr.Color.RED, "g4"), tr.PlaceTile(tr.Color.BLACK, "h5")):
            state = tr.apply(state, action)
        encoding = tigris_rules.ai.encoding.action_encoding(config)
        return (
            observation_layout(config),
            encoding.actions,
            observation(state, 0),
            observation(state, 1),
            tigris_rules.ai.encoding.legal_action_indices(state),
        )

    def forget() -> None:  # the caches by configuration: built again from what is installed
        _board_information.observation_plan.cache_clear()
        tigris_rules.ai.encoding._build.cache_clear()

    config = tr.GameConfig(2, variants=variants)
    forget()
    without = seen(config)
    request.getfixturevalue("toy_variants")
    assert {"calm", "marker"} <= set(known_variants())
    forget()
    assert seen(config) == without


def _segment(seen: Sequence[int], config: tr.GameConfig, name: str) -> list[int]:
    position = 0
    for segment, length in observation_layout(config):
        if segment == name:
            return list(seen[position : position + length])
        position += length
    raise AssertionError(name)


def test_the_variants_segments_hold_their_pieces() -> None:
    config = tr.GameConfig(2, variants=("buildings", "ziggurat"))
    state = tr.new_game(config, seed=1)
    f5 = 4 * 16 + 5
    state = with_buildings(state, (-1, 3, -1, f5))
    cells = list(state.cells)
    for square in (f5, f5 - 1, f5 + 1, f5 - 16, f5 + 16):
        cells[square] = STRUCTURE
    state = with_ziggurat(attrs.evolve(state, cells=tuple(cells)), f5)
    state = attrs.evolve(state, pending=BuildingDecision(0, tr.Color.BLUE, ("a1",)))
    seen = observation(state, 0)
    buildings = _segment(seen, config, "buildings")
    assert [i for i, v in enumerate(buildings) if v] == [176 + 3, 3 * 176 + f5]
    ziggurat = _segment(seen, config, "ziggurat")
    assert [i for i, v in enumerate(ziggurat) if v] == sorted(
        [f5, f5 - 1, f5 + 1, f5 - 16, f5 + 16]
    )
    assert _segment(seen, config, "building_color") == [0, 0, 1, 0]
    assert _segment(seen, config, "decision") == [0, 0, 0, 0, 0, 1, 0]
    plain = [name for name, _ in observation_layout(tr.GameConfig(2))]
    assert not {"buildings", "ziggurat", "building_color"} & set(plain)  # not played


def test_the_board_game_bounds_every_entry() -> None:
    config = tr.GameConfig(2, variants=("buildings", "ziggurat"))
    low, high = tigris_rules.ai.information.observation_bounds(config)
    assert set(low) == {0}
    assert len(high) == observation_size(config)
    greatest: dict[str, int] = {}
    offset = 0
    for name, length in observation_layout(config):
        greatest[name] = max(high[offset : offset + length])
        offset += length
    assert max(high) == 1000
    assert {name for name, value in greatest.items() if value == 1000} == {
        "turn",
        "seat0.scores",
        "seat1.scores",
    }
    assert greatest["seat1.hand"] == greatest["attacker_commit"] == 6
    assert greatest["seat0.catastrophes"] == 2
    assert greatest["seat0.treasures_held"] == 10
    assert greatest["bag_size"] == 153 - 10 - 2 * 6
    assert greatest["conflict_bases"] == 57
    assert greatest["actions_taken"] == 2
    assert greatest["buildings"] == greatest["building_color"] == greatest["ziggurat"] == 1


@pytest.mark.parametrize("variants", [(), ("buildings", "ziggurat")])
def test_board_observations_stay_within_their_bounds(variants: tuple[str, ...]) -> None:
    config = tr.GameConfig(3, variants=variants)
    low, high = tigris_rules.ai.information.observation_bounds(config)
    state = tr.new_game(config, seed=5)
    bots = tr.ai.random_bots(3, 5)
    while not tr.is_over(state):
        for seat in range(3):
            seen = observation(state, seat)
            assert all(a <= v <= b for a, v, b in zip(low, seen, high, strict=True))
        player = tr.to_move(state)
        assert player is not None
        state = tr.apply(state, bots[player].choose(state))
