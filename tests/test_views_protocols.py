"""What the views ask of a game, a variant and an event: GameViews, VariantView, SecretEvent."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from toy_marker import HIDDEN, Marker, Markers

import tigris_rules as tr
from conftest import TOY_METADATA, _forget_plugins
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.games.board import BoardGame
from tigris_rules.games.cards import CardGame
from tigris_rules.model.config import GameConfig, known_variants
from tigris_rules.model.events import VariantEvent
from tigris_rules.model.facets import offered
from tigris_rules.model.state import NO_SQUARE
from tigris_rules.rules.hooks import Variant
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.variants.buildings import Buildings
from tigris_rules.variants.ziggurat import Ziggurat
from tigris_rules.views import GameViews, SecretEvent, VariantView, events_for, view
from tigris_rules.views.board import area_seen

# --- GameViews: the view of a state, asked of its ruleset --------------------------------


@attrs.frozen
class _Position:
    """A state of a made-up game: all :func:`view` reads of it is its ruleset."""

    config: GameConfig
    ruleset: Any = attrs.field(eq=False)


class _Sightless(BoardRules):
    """A ruleset offering no views: the rules alone, without the adapters of BoardGame."""

    game = "sightless"
    state_type = _Position  # type: ignore[assignment]  # a made-up state class


class _Seeing(_Sightless):
    """A ruleset offering its own view."""

    def view(self, state: _Position, seat: int | None) -> tuple[str, int | None]:
        return ("seen by", seat)


def _position(ruleset: type[BoardRules]) -> Any:
    config = GameConfig(players=2)
    return _Position(config, ruleset(config))


def test_both_games_offer_their_views() -> None:
    assert offered(BoardGame(GameConfig(players=2)), GameViews) is not None
    assert offered(CardGame(GameConfig(game="cards")), GameViews) is not None
    board = tr.new_game(tr.GameConfig(players=2), seed=1)
    cards = tr.new_card_game(tr.GameConfig(players=2, game="cards"), seed=1)
    assert view(board, 1) == tr.views.board_view(board, 1)
    assert view(cards, None) == tr.card_view(cards, None)


def test_view_asks_the_ruleset_the_state_carries() -> None:
    assert view(_position(_Seeing), 1) == ("seen by", 1)


def test_a_game_without_views_is_refused_by_name() -> None:
    """The rules-layer classes do not offer views: only the games made whole do."""
    assert offered(BoardRules(GameConfig()), GameViews) is None
    assert offered(CardRules(GameConfig(game="cards")), GameViews) is None
    with pytest.raises(tr.ViewError, match="the 'sightless' game has no player views") as info:
        view(_position(_Sightless), 0)
    assert isinstance(info.value, tr.ArgumentTypeError)


@pytest.mark.parametrize("wrong", [object(), "state", None, tr.GameConfig()])
def test_view_of_something_that_is_no_state(wrong: object) -> None:
    with pytest.raises(tr.ViewError, match="expected a game state") as info:
        view(wrong, 0)  # type: ignore[call-overload]
    assert isinstance(info.value, tr.ArgumentTypeError)


def test_a_view_is_not_a_state_to_view() -> None:
    """A player view carries a ruleset too, but is no state of it."""
    seen = view(tr.new_game(tr.GameConfig(players=2), seed=1), 0)
    with pytest.raises(tr.ViewError, match="got PlayerView"):
        view(seen, 0)  # type: ignore[call-overload]


# --- VariantView: what a variant shows of its data ----------------------------------------


def test_view_area_left_the_core() -> None:
    assert "view_area" not in vars(Variant)
    assert offered(Marker(), VariantView) is not None
    for shipped in (Buildings(), Ziggurat()):
        assert offered(shipped, VariantView) is None


def test_a_variant_without_the_facet_shows_its_whole_area() -> None:
    state = tr.new_game(tr.GameConfig(players=2, variants=("buildings", "ziggurat")), seed=2)
    for variant in state.ruleset.variants:
        for seat in (None, 0, 1):
            assert area_seen(variant, state, seat) == variant.area(state)
    assert view(state, 0).areas == state.areas


@pytest.mark.usefixtures("toy_variants")
def test_a_variant_with_the_facet_shows_what_it_chooses() -> None:
    state = tr.new_game(tr.GameConfig(players=2, variants=("marker",)), seed=1)
    (marker,) = state.ruleset.variants
    state = marker.with_area(state, Markers((5, NO_SQUARE)))
    assert area_seen(marker, state, 0) == Markers((5, NO_SQUARE))
    assert area_seen(marker, state, 1) == Markers((HIDDEN, NO_SQUARE))
    assert view(state, None).areas == (Markers((HIDDEN, NO_SQUARE)),)


# --- SecretEvent: how an event is seen ----------------------------------------------------


@attrs.frozen
class _Whisper(VariantEvent):
    """A variant's event only its player may see."""

    player: int

    def seen_by(self, seat: int | None, previous: object = None) -> _Whisper | None:
        return self if seat == self.player else None


@attrs.frozen
class _Shout(VariantEvent):
    """A variant's event everyone sees."""

    player: int


def test_an_event_with_a_secret_says_how_it_is_seen() -> None:
    assert offered(_Whisper(0), SecretEvent) is not None
    assert offered(_Shout(0), SecretEvent) is None
    events = (_Whisper(0), _Shout(0))
    assert events_for(events, 0) == events
    assert events_for(events, 1) == (_Shout(0),)
    assert tr.public_events(events) == (_Shout(0),)
    assert tr.event_for(_Whisper(0), None) is None


def test_the_secrets_of_both_games_are_told_by_their_events() -> None:
    from tigris_rules.cards.events import CardsDrawn
    from tigris_rules.model.events import TileLeft, TilesDrawn, TilesSwapped

    for secret in (TilesDrawn(0, ()), TileLeft(0, tr.Color.RED, 1), CardsDrawn(0, ())):
        assert offered(secret, SecretEvent) is not None
    assert offered(TilesSwapped(0, 2), SecretEvent) is None


# --- a view depends only on its configuration (point 4) -----------------------------------


def test_installing_a_variant_changes_no_view_of_a_game_without_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = tr.GameConfig(players=3, variants=("ziggurat",))
    state = tr.new_game(config, seed=4)
    for action in (tr.legal_actions(state)[0], tr.EndTurn()):
        state = tr.apply(state, action)

    def seen() -> list[str]:
        again = tr.loads(tr.dumps(state), tr.GameState)
        return [tr.dumps(view(again, seat)) for seat in (None, 0, 1, 2)]

    before = seen()
    monkeypatch.syspath_prepend(str(TOY_METADATA))
    _forget_plugins()
    try:
        assert "marker" in known_variants()
        assert seen() == before
    finally:
        monkeypatch.undo()
        _forget_plugins()
