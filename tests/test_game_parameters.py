"""Each ruleset declares its parameters (CONV-18, D23, D27); the end reasons, the state check
and the invariants ask the state's ruleset; a third party's game plugs into all of them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.ai.bots import play_game, random_bots
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.games.board import BoardGame
from tigris_rules.games.cards import CardGame
from tigris_rules.model import plugins
from tigris_rules.model import ruleset as model_ruleset
from tigris_rules.model.config import SHARED
from tigris_rules.model.outcome import standings
from tigris_rules.model.parameters import Parameter
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Ruleset, game_of, ruleset_for
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.testing import check_invariants
from tigris_rules.tools.cli import end_reason

FIELDS = {f.name: f.default for f in attrs.fields(tr.GameConfig)}


def config_error(**kwargs: Any) -> str:
    with pytest.raises(tr.ConfigError) as info:
        tr.GameConfig(**kwargs)
    assert info.value.rule == "CONV-18"
    return str(info.value)


# --- the parameters of this package's games -------------------------------------------------


def test_each_game_declares_its_own_parameters() -> None:
    assert [p.name for p in BoardRules.parameters] == ["board", "variants", "single_action_openers"]
    assert [p.name for p in CardRules.parameters] == ["column_limit"]
    assert BoardGame.parameters == BoardRules.parameters
    assert CardGame.parameters == CardRules.parameters


@pytest.mark.parametrize("ruleset", [BoardRules, CardRules])
def test_a_declared_parameter_is_a_configuration_field_with_its_default(
    ruleset: type[Ruleset[Any, Any, Any]],
) -> None:
    for parameter in ruleset.parameters:
        assert parameter.name in FIELDS
        assert parameter.name not in SHARED
        assert parameter.default == FIELDS[parameter.name]
        assert parameter.doc


def test_every_field_but_the_shared_ones_belongs_to_a_game() -> None:
    declared = {p.name for r in (BoardRules, CardRules) for p in r.parameters}
    assert declared == set(FIELDS) - set(SHARED)


@pytest.mark.parametrize("limit", [4, 5, 8, 23, 24])
def test_d27_column_limit_in_4_to_24(limit: int) -> None:
    config = tr.GameConfig(players=3, game="cards", column_limit=limit)
    assert config.column_limit == limit
    assert tr.new_game(config, seed=1).config.column_limit == limit


@pytest.mark.parametrize("limit", [3, 0, -8, 25, 10**9, True, 8.0, "8", None])
def test_d27_column_limit_outside_4_to_24_is_refused(limit: object) -> None:
    message = config_error(players=2, game="cards", column_limit=limit)
    assert message == (
        f"column_limit must be an integer in 4..24 (CONV-18, CARD-DEF-1), not {limit!r}"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"column_limit": 10},
            "column_limit=10 applies to game='cards' only, not to game='board' (CONV-18)",
        ),
        (
            {"column_limit": 8.0},
            "column_limit=8.0 applies to game='cards' only, not to game='board' (CONV-18)",
        ),
        (
            {"game": "cards", "board": "alternative"},
            "board='alternative' applies to game='board' only, not to game='cards' (CONV-18)",
        ),
        (
            {"game": "cards", "variants": ("english",)},
            "variants=('english',) applies to game='board' only, not to game='cards' (CONV-18)",
        ),
        (
            {"game": "cards", "single_action_openers": 1},
            "single_action_openers=1 applies to game='board' only, not to game='cards' (CONV-18)",
        ),
        (
            {"game": "cards", "single_action_openers": False},
            "single_action_openers=False applies to game='board' only, not to game='cards' "
            "(CONV-18)",
        ),
    ],
)
def test_a_parameter_of_another_game_is_refused(kwargs: dict[str, Any], message: str) -> None:
    """CONV-18, D23: a game takes only its own parameters; the others keep their defaults."""
    assert config_error(players=2, **kwargs) == message


def test_the_board_games_parameters_are_checked_by_the_board_game() -> None:
    assert config_error(board="hexagonal").startswith("unknown board 'hexagonal'")
    assert config_error(variants=("ziggurat", "ziggurat")).startswith("variants are named")
    assert config_error(players=2, single_action_openers=3) == (
        "single_action_openers must be between 0 and 2 (OPT-3), not 3"
    )


def test_the_defaults_are_taken_by_every_game() -> None:
    config = tr.GameConfig(players=3, game="cards", column_limit=10)
    assert (config.board, config.variants, config.single_action_openers) == ("classic", (), 0)
    assert tr.GameConfig(players=2).column_limit == 8


def test_the_json_of_a_configuration_is_unchanged() -> None:
    text = tr.dumps(tr.GameConfig(players=3, game="cards", column_limit=10))
    assert text == (
        '{"game":"cards","players":3,"board":"classic","variants":[],"open_scoring":false,'
        '"single_action_openers":0,"column_limit":10}'
    )
    assert tr.loads(text, tr.GameConfig) == tr.GameConfig(3, game="cards", column_limit=10)


def test_a_refused_parameter_in_json_names_its_path() -> None:
    text = tr.dumps(tr.GameConfig(players=2)).replace('"column_limit":8', '"column_limit":25')
    with pytest.raises(tr.FormatError) as info:
        tr.loads(text, tr.GameConfig)
    assert info.value.path == "$.column_limit"


# --- end reasons ----------------------------------------------------------------------------


def _finish(config: tr.GameConfig, seed: int) -> Any:
    state, _ = play_game(config, random_bots(config.players, seed), seed)
    return state


def test_the_end_reason_of_a_board_game_names_its_end_conditions() -> None:
    state = _finish(tr.GameConfig(players=2), 3)
    reason = end_reason(state)
    assert reason == state.ruleset.end_reason(state)
    assert reason.startswith("the game ended: ")
    assert "(END-1, treasure end)" in reason or "(END-2, bag end;" in reason


def test_the_end_reason_of_a_card_game_names_its_end_condition() -> None:
    state = _finish(tr.GameConfig(players=2, game="cards"), 3)
    texts = {
        "draw pile": "the draw pile ran out before every hand held 8 cards (CARD-END-2)",
        "treasures": "only one head is still a treasure card (CARD-END-3)",
        "stalemate": "a full round of idle turns (CARD-END-5, stalemate)",
    }
    assert end_reason(state) == f"the game ended: {texts[state.end_reason]}"


def test_a_game_still_running_has_no_end_reason() -> None:
    with pytest.raises(tr.ArgumentValueError, match="not over"):
        end_reason(tr.new_game(tr.GameConfig(players=2), seed=1))
    with pytest.raises(tr.NotAStateError):
        end_reason("a state")  # type: ignore[arg-type]


# --- the state check and the invariants ask the ruleset -------------------------------------


def test_a_state_whose_configuration_names_another_game() -> None:
    board = tr.new_game(tr.GameConfig(players=2), seed=1)
    forged = attrs.evolve(board, config=tr.GameConfig(players=2, game="cards"))
    assert game_of(forged) == "board"
    assert tr.check_state(forged) == [
        StateProblem(
            "config-game",
            "$.config.game",
            "a state of the game 'board' needs game 'board', not 'cards'",
            "CONV-18",
        )
    ]
    assert check_invariants(forged, before=board) == [
        "$.config.game: a state of the game 'board' needs game 'board', not 'cards' (CONV-18)",
        "the configuration changed",
    ]


def test_the_invariants_between_two_states_come_from_their_ruleset() -> None:
    board = tr.new_game(tr.GameConfig(players=2), seed=1)
    after = tr.apply(board, tr.legal_actions(board)[0])
    assert check_invariants(after, before=board) == []
    later = attrs.evolve(board, turn=2)
    assert "the turn counter went back" in check_invariants(board, before=later)
    cards = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    assert check_invariants(cards, before=board) == ["the two states are of different games"]
    drawn = attrs.evolve(cards, draw_pos=cards.draw_pos + 1)
    assert "cards went back into the draw pile" in check_invariants(cards, before=drawn)
    with pytest.raises(tr.NotAStateError, match="before"):
        check_invariants(board, before="the opening")  # type: ignore[arg-type]


# --- a third party's game -------------------------------------------------------------------


def _check_goal(value: object, _: tr.GameConfig) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 5 <= value <= 9:
        raise tr.ConfigError(f"column_limit must be 5..9 in the race (RACE-1), not {value!r}")


@attrs.frozen
class RaceState:
    """Players add 1 or 2 in turn; the game ends when the total reaches ``column_limit``."""

    config: tr.GameConfig
    total: int = 0
    turn: int = 0

    @property
    def ruleset(self) -> RaceRules:
        found: Any = ruleset_for(self.config)
        return found  # type: ignore[no-any-return]


class RaceRules(Ruleset[RaceState, int, str]):
    """A third party's game, with the card game's ``column_limit`` as its goal."""

    game = "race"
    state_type = RaceState
    parameters = (Parameter("column_limit", 8, _check_goal, "The total to reach (RACE-1)."),)

    def new_game(self, seed: object = None, deal: object = None) -> RaceState:
        return RaceState(self.config)

    def to_move(self, state: RaceState) -> int | None:
        return None if self.is_over(state) else state.turn % self.config.players

    def is_over(self, state: RaceState) -> bool:
        return state.total >= self.config.column_limit

    def legal_actions(self, state: RaceState) -> Sequence[int]:
        return () if self.is_over(state) else (1, 2)

    def step(
        self, state: RaceState, action: int, player: object = None
    ) -> tuple[RaceState, tuple[str, ...]]:
        return self.apply(state, action, player), (f"+{action}",)

    def apply(self, state: RaceState, action: int, player: object = None) -> RaceState:
        if action not in self.legal_actions(state):
            raise tr.IllegalActionError("RACE-2", "add 1 or 2 while the race runs")
        return attrs.evolve(state, total=state.total + action, turn=state.turn + 1)

    def result(self, state: RaceState) -> tr.Result:
        won = [
            int(self.is_over(state) and p == (state.turn - 1) % self.config.players)
            for p in range(self.config.players)
        ]
        players = standings([((w, 0, 0, 0), 0) for w in won])
        return tr.Result(players=players, final=self.is_over(state))

    def end_reason(self, state: RaceState) -> str:
        return f"the game ended: the total reached {state.total} (RACE-1)"

    def state_problems(self, state: RaceState) -> list[StateProblem]:
        if 0 <= state.total <= self.config.column_limit + 1:
            return []
        return [StateProblem("total", "$.total", "a total the race never reaches", "RACE-1")]

    def transition_problems(self, before: RaceState, after: RaceState) -> list[str]:
        return [] if after.total > before.total else ["the total did not grow"]


@pytest.fixture
def race_installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The race installed as a game, for one test."""
    installed = plugins._installed

    def with_race(group: str, path: tuple[str, ...]) -> Any:
        loaded = installed(group, path)
        return {**loaded, "race": RaceRules} if group == plugins.RULESET_GROUP else loaded

    monkeypatch.setattr(plugins, "_installed", with_race)
    model_ruleset._resolved.cache_clear()
    plugins._names.cache_clear()
    yield
    monkeypatch.undo()
    model_ruleset._resolved.cache_clear()
    plugins._names.cache_clear()


@pytest.mark.usefixtures("race_installed")
def test_a_third_party_game_checks_its_own_parameters() -> None:
    assert tr.GameConfig(players=3, game="race", column_limit=6).column_limit == 6
    assert config_error(game="race", column_limit=12) == (
        "column_limit must be 5..9 in the race (RACE-1), not 12"
    )
    assert config_error(game="race", variants=("english",)) == (
        "variants=('english',) applies to game='board' only, not to game='race' (CONV-18)"
    )
    assert config_error(column_limit=6) == (
        "column_limit=6 applies to game='cards' or game='race' only, not to game='board' (CONV-18)"
    )
    # The card game's bound is its own: the race's does not change it.
    assert tr.GameConfig(players=2, game="cards", column_limit=24).column_limit == 24


@pytest.mark.usefixtures("race_installed")
def test_a_third_party_game_is_played_checked_and_ended_by_its_ruleset() -> None:
    state: Any = tr.new_game(tr.GameConfig(players=2, game="race", column_limit=5))
    one = tr.apply(state, state.ruleset.legal_actions(state)[0])
    assert check_invariants(state, before=one) == ["the total did not grow"]
    before = state
    while not tr.is_over(state):
        before, state = state, tr.apply(state, tr.legal_actions(state)[-1])
    assert (state.total, tr.to_move(state)) == (6, None)
    assert tr.check_state(state) == []
    assert check_invariants(state, before=before) == []
    assert check_invariants(before, before=state) == [
        "the state changed after the end of the game",
        "the total did not grow",
    ]
    assert tr.check_state(attrs.evolve(state, total=-1))[0].code == "total"
    assert end_reason(state) == "the game ended: the total reached 6 (RACE-1)"
    assert game_of(state) == "race"
    with pytest.raises(tr.DealError, match="the game 'race' deals nothing from a seed"):
        tr.deal_from_seed(state.config, 1)


@pytest.mark.usefixtures("race_installed")
def test_a_declaration_that_no_configuration_can_hold_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    unknown = Parameter("depth", 3, _check_goal, "Not a field of GameConfig.")
    monkeypatch.setattr(RaceRules, "parameters", (unknown,))
    assert config_error(game="race").startswith(
        "the game 'race' declares a parameter 'depth', which no configuration has"
    )
    other_default = Parameter("column_limit", 7, _check_goal, "The total to reach.")
    monkeypatch.setattr(RaceRules, "parameters", (other_default,))
    assert config_error(game="race") == (
        "the game 'race' declares column_limit with the default 7, but a configuration's "
        "default is 8"
    )
