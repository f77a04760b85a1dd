"""The JSON codec asks a ruleset (``GameCodec``) and a variant (``VariantCodec`` and the
other facets of ``tigris_rules.records.areas``) for what it needs, and never which game or
variant it holds: a facet is offered whole, and a variant that offers none gets the codec's
defaults."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import tigris_rules as tr
from tigris_rules.games.board import BoardGame
from tigris_rules.games.cards import CardGame
from tigris_rules.model.facets import offered
from tigris_rules.model.plugins import VARIANT_GROUP, plugin
from tigris_rules.model.ruleset import ruleset_for
from tigris_rules.model.squares import square_index
from tigris_rules.records import (
    GameCodec,
    VariantCodec,
    VariantSchema,
    VariantViewCodec,
    VariantViewSchema,
    game_codec,
)
from tigris_rules.records.areas import (
    area_from_json,
    area_schema,
    area_to_json,
    view_area_from_json,
    view_area_schema,
    view_area_to_json,
)
from tigris_rules.records.json_schema import build_schemas, schemas_for
from tigris_rules.rules.hooks import Variant
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.variants.buildings import Buildings
from tigris_rules.variants.english import EnglishConflicts


def _offers(obj: object, facet: Any) -> bool:
    """Whether ``obj`` offers the protocol ``facet`` (``offered`` gives ``obj`` itself)."""
    found = offered(obj, facet)
    assert found is None or found is obj
    return found is obj


def test_both_games_offer_their_codec() -> None:
    for config, cls in ((tr.GameConfig(), BoardGame), (tr.GameConfig(game="cards"), CardGame)):
        ruleset = ruleset_for(config)
        assert type(ruleset) is cls
        assert _offers(ruleset, GameCodec)
        assert game_codec(ruleset) is ruleset


class _HalfCodec(BoardRules):
    """A ruleset offering part of the codec."""

    def state_to_json(self, state: Any) -> dict[str, Any]:
        return {}


def test_a_ruleset_offering_part_of_the_codec_is_refused_by_name() -> None:
    with pytest.raises(tr.ConfigError, match="state_from_json") as caught:
        game_codec(_HalfCodec(tr.GameConfig()))
    assert "_HalfCodec offers part of GameCodec" in str(caught.value)


def test_a_ruleset_offering_no_codec_is_refused_naming_its_game() -> None:
    with pytest.raises(tr.ConfigError, match="'board' game cannot be read or written"):
        game_codec(BoardRules(tr.GameConfig()))


def test_a_state_of_the_other_game_is_refused_at_its_game() -> None:
    data = json.loads(tr.dumps(tr.new_game(tr.GameConfig(), seed=1)))
    with pytest.raises(tr.FormatError) as caught:
        tr.loads(json.dumps(data), tr.CardGameState)
    assert caught.value.path == "$.config.game"
    assert "of the cards game" in caught.value.reason


# --- the variants' facets -------------------------------------------------------------------


@attrs.frozen
class _Count:
    count: int


class _Plain(Variant[_Count]):
    """A variant keeping plain data and offering no codec: the defaults write it."""

    name = "plain"

    def new_area(self, config: tr.GameConfig) -> _Count:
        return _Count(0)


class _HalfVariant(_Plain):
    """A variant offering part of ``VariantCodec``."""

    def area_to_json(self, area: _Count) -> int:
        return area.count


def test_a_variant_offering_part_of_a_facet_is_refused_by_name() -> None:
    variant = _HalfVariant()
    with pytest.raises(tr.ConfigError, match="_HalfVariant offers part of VariantCodec") as info:
        area_to_json(variant, _Count(1))
    assert "but not area_from_json" in str(info.value)


def test_a_variant_offering_no_facet_gets_the_defaults() -> None:
    variant = _Plain()
    for facet in (VariantCodec, VariantViewCodec, VariantSchema, VariantViewSchema):
        assert not _offers(variant, facet)
    config = tr.GameConfig()
    assert area_to_json(variant, _Count(3)) == {"count": 3}
    assert area_from_json(variant, {"count": 3}, config) == _Count(3)
    assert view_area_to_json(variant, _Count(3)) == {"count": 3}
    assert view_area_from_json(variant, {"count": 3}, config) == _Count(3)
    assert area_schema(variant) == {} == view_area_schema(variant)
    assert area_schema(EnglishConflicts()) is False  # keeps no data: writes none


def test_the_shipped_variants_offer_their_facets() -> None:
    buildings = Buildings()
    assert _offers(buildings, VariantCodec)
    assert _offers(buildings, VariantSchema)
    assert not _offers(buildings, VariantViewCodec)
    assert view_area_schema(buildings) == Buildings.area_schema()


def test_the_base_class_defines_no_member_of_a_facet() -> None:
    for facet in (VariantCodec, VariantViewCodec, VariantSchema, VariantViewSchema):
        assert not _offers(Variant(), facet)


@pytest.mark.usefixtures("toy_variants")
def test_the_toy_marker_s_area_round_trips() -> None:
    config = tr.GameConfig(players=3, variants=("marker",))
    marker: Any = plugin(VARIANT_GROUP, "marker")()
    assert _offers(marker, VariantCodec)
    assert _offers(marker, VariantViewCodec)
    assert not _offers(marker, VariantSchema)  # its schema is the default: any value
    state = tr.new_game(config, seed=3)
    placed = marker.with_area(
        state, type(marker.area(state))((square_index("e4"), -1, square_index("f4")))
    )
    text = tr.dumps(placed)
    assert json.loads(text)["areas"] == {"marker": ["e4", None, "f4"]}
    assert tr.loads(text, tr.GameState, check=False) == placed
    seen = tr.view(placed, 1)
    assert tr.loads(tr.dumps(seen), tr.PlayerView) == seen


@pytest.mark.usefixtures("toy_variants")
def test_the_schemas_of_a_configuration_ignore_other_installed_variants() -> None:
    config = tr.GameConfig(players=2, variants=("buildings",))
    schemas = schemas_for(config)
    defs = schemas["view"]["$defs"]
    assert defs["config"]["properties"]["variants"]["items"]["enum"] == ["buildings"]
    assert "action_place_marker" not in defs
    installed = build_schemas()["view"]["$defs"]
    assert "action_place_marker" in installed  # the installation's schema has the toy's
