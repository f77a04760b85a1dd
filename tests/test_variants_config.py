"""Selecting variants with ``GameConfig`` (RULES.md CONV-18, §16-§19; DECISIONS.md D23): names,
duplicates, order, the alternative board named as a variant, and the card game, which takes
no variant. Also: the variants a configuration names are exactly the ones that act."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from types import MappingProxyType
from typing import cast

import pytest

import tigris_rules as tr
from tigris_rules.model import plugins
from tigris_rules.model import ruleset as model_ruleset
from tigris_rules.model.config import known_variants
from tigris_rules.render.diagram import position
from tigris_rules.rules import hooks
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.rules.work import Work
from tigris_rules.variants.buildings import BuildingDecision
from tigris_rules.variants.english import EnglishConflicts
from tigris_rules.variants.ziggurat import BuildZiggurat, Ziggurat

NAMES = ("english", "buildings", "ziggurat")


def config_rules(config: tr.GameConfig) -> BoardRules:
    """The board-game ruleset of ``config``."""
    return cast(BoardRules, model_ruleset.ruleset_for(config))


SUBSETS = [c for r in range(4) for c in itertools.combinations(NAMES, r)]


def config_error(**kwargs: object) -> tr.ConfigError:
    """The ConfigError that ``GameConfig(**kwargs)`` raises."""
    with pytest.raises(tr.ConfigError) as info:
        tr.GameConfig(**kwargs)  # type: ignore[arg-type]
    assert info.value.rule == "CONV-18"
    return info.value


@pytest.mark.usefixtures("toy_variants")
def test_conv_18_the_known_variant_names() -> None:
    """CONV-18, §16-§19: the variants are named english, buildings and ziggurat, in this
    canonical order, before any other installed variant (the toy variants of
    tests/third_party_variant); the alternative board is a board, not a variant (ALT-1)."""
    assert known_variants()[: len(NAMES)] == NAMES
    assert known_variants()[len(NAMES) :] == ("calm", "marker")
    assert tr.GameConfig().variants == ()
    assert tr.GameConfig().board == "classic"


@pytest.mark.parametrize("name", ["English", "building", "zigurat", "eng", "", "cards", "ENG"])
def test_conv_18_an_unknown_variant_name_is_rejected(name: str) -> None:
    """CONV-18: a name that is not one of the three variants is rejected before any game
    starts; the error names it and lists the known names."""
    error = config_error(variants=(name,))
    message = str(error)
    assert repr(name) in message
    for known in NAMES:
        assert known in message


def test_conv_18_unknown_name_among_known_ones_is_rejected() -> None:
    """CONV-18: one unknown name is enough to reject the configuration."""
    error = config_error(variants=("english", "ziggurats"))
    assert "'ziggurats'" in str(error)


@pytest.mark.parametrize(
    "variants",
    [("english", "english"), ("ziggurat", "buildings", "ziggurat"), ("buildings",) * 3],
)
def test_conv_18_a_variant_named_twice_is_rejected(variants: tuple[str, ...]) -> None:
    """CONV-18: naming a variant more than once is an error, not a silent merge."""
    error = config_error(variants=variants)
    assert "more than once" in str(error)


def test_conv_18_alternative_as_a_variant_gets_a_hint_towards_the_board() -> None:
    """CONV-18, ALT-1: "alternative" is the board, chosen with board="alternative"; naming it
    as a variant is rejected with a hint saying so."""
    error = config_error(variants=("alternative",))
    assert "board='alternative'" in str(error)
    assert "'alternative'" in str(error)
    other = config_error(variants=("english", "alternative"))
    assert "board='alternative'" in str(other)
    assert tr.GameConfig(board="alternative").board == "alternative"


@pytest.mark.parametrize("variants", ["english", b"english", ("english", 3), (None,)])
def test_conv_18_variants_must_be_a_sequence_of_names(variants: object) -> None:
    """CONV-18: a bare string (which would otherwise read as its letters) or a non-name
    entry is rejected."""
    config_error(variants=variants)


@pytest.mark.parametrize("subset", SUBSETS)
def test_conv_18_any_order_normalises_to_the_canonical_one(subset: tuple[str, ...]) -> None:
    """§16-§19: the variants are a set: every order of the same names gives one and the same
    configuration (equal, same hash), holding them in canonical order; a list works too."""
    configs = {tr.GameConfig(variants=order) for order in itertools.permutations(subset)}
    configs.add(tr.GameConfig(variants=list(reversed(subset))))  # type: ignore[arg-type]
    assert len(configs) == 1
    (config,) = configs
    assert config.variants == tuple(n for n in NAMES if n in subset)
    assert isinstance(config.variants, tuple)
    assert [v.name for v in config_rules(config).variants] == list(config.variants)


def test_conv_18_the_order_of_variants_does_not_change_a_game() -> None:
    """§16-§19: two configurations naming the variants in different orders play the same
    game from the same seed."""
    a = tr.new_game(tr.GameConfig(players=3, variants=("ziggurat", "english", "buildings")), seed=9)
    b = tr.new_game(tr.GameConfig(players=3, variants=("buildings", "ziggurat", "english")), seed=9)
    assert a == b
    assert a.config.variants == NAMES


@pytest.mark.parametrize("subset", [s for s in SUBSETS if s])
def test_conv_18_the_card_game_takes_no_variant(subset: tuple[str, ...]) -> None:
    """CONV-18, D23: the card game combined with any board-game variant is invalid."""
    error = config_error(game="cards", variants=subset)
    assert str(error) == (
        f"variants={subset!r} applies to game='board' only, not to game='cards' (CONV-18)"
    )


@pytest.mark.parametrize("subset", SUBSETS)
def test_conv_18_the_card_game_takes_no_alternative_board(subset: tuple[str, ...]) -> None:
    """CONV-18, D23: the card game with the alternative board (ALT), with or without other
    variants, is invalid."""
    config_error(game="cards", board="alternative", variants=subset)


def test_conv_18_the_card_game_without_variants_is_valid() -> None:
    """CONV-18: the check is specific to variants: the plain card game configuration is
    accepted (open_scoring allowed, OPT-1)."""
    config = tr.GameConfig(game="cards", open_scoring=True)
    assert config.variants == ()
    assert config.game == "cards"


@pytest.mark.parametrize("board", ["classic", "alternative"])
@pytest.mark.parametrize("subset", SUBSETS)
def test_conv_18_every_board_game_combination_is_valid(board: str, subset: tuple[str, ...]) -> None:
    """ALT-5: every subset of the three variants, on either board, with 2-4 players and the
    options, is a valid configuration and starts a game."""
    for players in (2, 3, 4):
        config = tr.GameConfig(
            players=players,
            board=board,
            variants=subset,
            open_scoring=True,
            single_action_openers=players,
        )
        state = tr.new_game(config, seed=players)
        assert state.config == config


# --- the selected variants, and only they, act ----------------------------------------------------

# A green tile on h6 completes a cross (ZIG) whose row and column are lines of 3 (BLD).
CROSS = """
     g  h  i
  5  .  g  .
  6  g  .  g
  7  .  g  .
"""

# A priest placed on h5 starts a revolt with A0 = 2, D0 = 4 (ENG).
REVOLT = """
     e  f  g  h
  4  .  r  .  r
  5  r  1R r  .
  6  .  r  .  .
"""


@pytest.mark.parametrize("subset", SUBSETS)
def test_selected_variants_act_and_the_others_do_not(subset: tuple[str, ...]) -> None:
    """ENG-1, BLD-3, ZIG-3: the same inputs in every configuration. The building decision
    appears only with "buildings", the cross only with "ziggurat", and the revolt's commits
    are restricted only with "english"."""
    config = tr.GameConfig(variants=subset)
    state = tr.apply(
        position(CROSS, config=config, hands={0: "g"}), tr.PlaceTile(tr.Color.GREEN, "h6"), 0
    )
    if "buildings" in subset:
        assert isinstance(state.pending, BuildingDecision)
        state = tr.apply(state, tr.Decline(), 0)
    if "ziggurat" in subset:
        assert state.pending == tr.StructureDecision(0, (), (BuildZiggurat("h6"),))
    else:
        assert state.pending is None
    revolt = position(REVOLT, config=config, hands={0: "rrrrr", 1: "rr"})
    revolt = tr.apply(revolt, tr.PlaceLeader(tr.Color.RED, "h5"), 0)
    counts = [a.count for a in tr.legal_actions(revolt) if isinstance(a, tr.CommitSupport)]
    assert counts == ([0, 3, 4, 5] if "english" in subset else [0, 1, 2, 3, 4, 5])


@pytest.fixture
def install(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[dict[str, type]], None]]:
    """Make exactly the given variant classes the installed ones, by name, for one test (as
    if their distributions declared them as entry points of ``tigris_rules.variants`` and this
    package shipped none)."""

    def installed(classes: dict[str, type]) -> None:
        built_in = dict(plugins.BUILT_IN)
        built_in[plugins.VARIANT_GROUP] = {}
        monkeypatch.setattr(plugins, "BUILT_IN", built_in)
        monkeypatch.setattr(
            plugins,
            "_installed",
            lambda group, path: (
                MappingProxyType(dict(classes))
                if group == plugins.VARIANT_GROUP
                else MappingProxyType({})
            ),
        )
        model_ruleset._resolved.cache_clear()

    yield installed
    model_ruleset._resolved.cache_clear()


def test_conv_18_the_installed_variant_is_the_one_a_configuration_plays(
    install: Callable[[dict[str, type]], None],
) -> None:
    """CONV-18 (docs/variants.md): a configuration plays the variant classes installed under
    its names, one instance of each per ruleset, numbered in canonical order."""

    class OtherZiggurat(Ziggurat):
        pass

    install({"ziggurat": OtherZiggurat})
    config = tr.GameConfig(variants=("ziggurat",))
    (variant,) = config_rules(config).variants
    assert type(variant) is OtherZiggurat
    assert variant.slot == 0
    state = tr.apply(
        position(CROSS, config=config, hands={0: "g"}), tr.PlaceTile(tr.Color.GREEN, "h6"), 0
    )
    assert state.pending == tr.StructureDecision(0, (), (BuildZiggurat("h6"),))
    assert state.ruleset.variants == (variant,)


def test_conv_18_a_variant_that_is_not_installed_is_refused(
    install: Callable[[dict[str, type]], None],
) -> None:
    """CONV-18: once a variant is not installed, a configuration naming it is refused with
    the names that are."""
    install({"english": EnglishConflicts})
    with pytest.raises(tr.ConfigError, match="known variants: english"):
        tr.GameConfig(variants=("ziggurat",))


def test_conv_18_a_variant_that_owns_no_answer_resolves_none() -> None:
    """CONV-18: the extension point's default refuses to resolve an answer the variant does
    not own, naming the answer's type (a new variant that adds answers must resolve them)."""

    work = Work(tr.new_game(tr.GameConfig(players=2), seed=1))
    with pytest.raises(NotImplementedError, match=r"^EndTurn$"):
        hooks.Variant[None]().resolve(work, tr.EndTurn())


def test_conv_18_the_legality_hooks_receive_the_state_being_checked(
    install: Callable[[dict[str, type]], None],
) -> None:
    """CONV-18 (docs/variants.md, the hooks): a registered variant's ``restrict_commit``,
    ``answers`` and ``check_answer`` are given the very state whose inputs are listed or
    checked (ENG-2 for the commitments, ZIG-8 for the income decision)."""
    from tigris_rules.model.actions import Action
    from tigris_rules.model.decisions import CommitDecision, Decision
    from tigris_rules.model.state import GameState
    from tigris_rules.rules.work import Position
    from tigris_rules.variants.english import EnglishConflicts
    from tigris_rules.variants.ziggurat import ZigguratIncomeDecision

    seen: list[tuple[str, object]] = []

    class WatchedEnglish(EnglishConflicts):
        def restrict_commit(
            self, state: Position, decision: CommitDecision, count: int
        ) -> str | None:
            seen.append(("restrict_commit", state))
            return super().restrict_commit(state, decision, count)

    class WatchedZiggurat(Ziggurat):
        def answers(self, state: GameState, decision: Decision) -> list[Action]:
            seen.append(("answers", state))
            return super().answers(state, decision)

        def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
            seen.append(("check_answer", state))
            super().check_answer(state, decision, action)

    install({"english": WatchedEnglish, "ziggurat": WatchedZiggurat})
    if True:
        config = tr.GameConfig(variants=("english",))
        revolt = position(REVOLT, config=config, hands={0: "rrrrr", 1: "rr"})
        revolt = tr.apply(revolt, tr.PlaceLeader(tr.Color.RED, "h5"), 0)
        seen.clear()
        assert tr.CommitSupport(3) in tr.legal_actions(revolt)
        assert {name for name, _ in seen} == {"restrict_commit"}
        assert all(state is revolt for _, state in seen)
        seen.clear()
        with pytest.raises(tr.IllegalActionError):
            tr.apply(revolt, tr.CommitSupport(1), 0)
        assert seen == [("restrict_commit", revolt)]

        income = position(
            config=tr.GameConfig(variants=("ziggurat",)), pending=ZigguratIncomeDecision(0)
        )
        seen.clear()
        assert len(tr.legal_actions(income)) == 4
        with pytest.raises(tr.IllegalActionError):
            tr.apply(income, tr.EndTurn(), 0)
        assert seen == [("answers", income), ("check_answer", income)]


def test_conv_17_an_answer_of_a_variant_not_played_never_reaches_a_variant_check(
    install: Callable[[dict[str, type]], None],
) -> None:
    """CONV-17 (2), D26: an answer of a variant the game does not play (the buildings'
    PlaceBuilding in a game with the ziggurat alone) answers no decision of the game: it is
    rejected under CONV-15 by the rules themselves, before the pending decision's variant is
    asked, so that no variant's ``check_answer`` can give it another rule; an input of the
    game's own variants still goes to the variant (ZIG-8)."""
    from tigris_rules.model.actions import Action, VariantAction
    from tigris_rules.model.decisions import Decision
    from tigris_rules.rules.work import Position
    from tigris_rules.variants.buildings import Buildings, PlaceBuilding
    from tigris_rules.variants.ziggurat import ChooseColor, ZigguratIncomeDecision

    asked: list[Action] = []

    class CarelessZiggurat(Ziggurat):
        def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
            asked.append(action)
            if not isinstance(action, VariantAction):
                super().check_answer(state, decision, action)

    install({"buildings": Buildings, "ziggurat": CarelessZiggurat})
    income = position(
        config=tr.GameConfig(variants=("ziggurat",)), pending=ZigguratIncomeDecision(0)
    )
    with pytest.raises(tr.IllegalActionError) as info:
        tr.apply(income, PlaceBuilding("f5"), 0)
    assert (info.value.rule, info.value.reason) == (
        "CONV-15",
        "a decision is pending: player 0 must choose the colour of the ziggurat VP",
    )
    assert asked == []
    tr.apply(income, ChooseColor(tr.Color.RED), 0)
    assert asked == [ChooseColor(tr.Color.RED)]


def test_conv_18_only_the_variants_implementing_a_hook_are_called_for_it() -> None:
    """CONV-18 (docs/variants.md): each hook is called on the variants that implement it, in
    canonical order and with their numbers in that order (the resumes count on them)."""
    config = tr.GameConfig(variants=("english", "buildings", "ziggurat"))
    english, buildings, ziggurat = config_rules(config).variants
    table = config_rules(config).hooks
    assert table.restrict_main == ((1, buildings), (2, ziggurat))
    assert table.restrict_commit == ((0, english),)
    assert table.keeps_in_war == ((1, buildings),)
    assert table.covered == ((1, buildings),)
    assert table.on_placement_vp == ((1, buildings),)
    assert table.after_wars == ((1, buildings),)
    assert table.structures == ((2, ziggurat),)
    assert table.turn_income == ((2, ziggurat),)
    assert config_rules(tr.GameConfig()).hooks == hooks.Hooks((), (), (), (), (), (), (), ())


def test_conv_18_the_default_hooks_change_nothing() -> None:
    """CONV-18 (docs/variants.md): every hook a variant does not implement has a do-nothing
    default: no restriction, no tile kept, no decision asked, no structure offered, no
    answer; calling them leaves the working copy as it was."""

    class Plain(hooks.Variant[None]):
        name = "plain"

    state = position(
        """
             e  f  g
          5  r  0K b
        """,
        hands={0: "rrkbgg"},
    )
    w = Work(state)
    plain = Plain()
    decision = BuildingDecision(0, tr.Color.RED, ("f6",))
    assert plain.restrict_commit(state, None, 1) is None  # type: ignore[arg-type]
    assert plain.answers(state, decision) == []
    plain.check_answer(state, decision, tr.EndTurn())  # raises nothing
    assert plain.keeps_in_war(w, 0) is False
    plain.on_placement_vp(w, 0, 0, 0)
    assert plain.after_wars(w) is False
    assert plain.structures(w) == ()
    assert plain.restrict_main(state, tr.EndTurn) is None
    plain.covered(w, (0, 1))
    assert plain.turn_income(w) is False
    with pytest.raises(NotImplementedError):
        plain.resolve(w, tr.EndTurn())
    assert w.freeze() == state
    assert not w.events
