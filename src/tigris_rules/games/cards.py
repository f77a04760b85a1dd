"""The card game, Euphrat & Tigris - Das Kartenspiel (RULES.md Part II), with every surface
of its game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from tigris_rules.cards.actions import CardAction, PlayGap
from tigris_rules.cards.components import CARD_COUNTS, HAND_SIZE, TWO_PLAYER_SET_ASIDE
from tigris_rules.cards.ruleset import CardRules
from tigris_rules.cards.setup import CardDeal, new_card_game
from tigris_rules.cards.state import CardCache, CardGameState, adopt_card_state
from tigris_rules.errors import ArgumentValueError
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.plugins import ImportedClass

if TYPE_CHECKING:
    from tigris_rules.ai._card_observation_array import CardObservationWriter
    from tigris_rules.ai.bots import CardBot
    from tigris_rules.ai.encoding import SpaceEntry
    from tigris_rules.ai.information import Discards
    from tigris_rules.cards.view import CardView
    from tigris_rules.records._position_fields import PositionField
    from tigris_rules.records.codec import SchemaPart

__all__ = ["CardGame"]


class CardGame(CardRules):
    """The card game for one configuration."""

    def view(self, state: CardGameState, seat: int | None) -> CardView:
        """What ``seat`` may see of ``state`` (CARD-DEF-7, D21):
        :func:`~tigris_rules.cards.view.card_view` (:class:`~tigris_rules.views.GameViews`)."""
        from tigris_rules.cards.view import card_view

        return card_view(state, seat)

    # --- encoding (tigris_rules.ai) -----------------------------------------------------------

    def action_space(self) -> Iterable[SpaceEntry]:
        """The action space of the configuration (:class:`~tigris_rules.ai.GameEncoding`)."""
        from tigris_rules.ai._card_encoding import card_action_space

        return card_action_space(self.config)

    def observation_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation's segments (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._card_information import card_observation_layout

        return card_observation_layout(self.config)

    def observation_bounds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The range of every entry (:class:`~tigris_rules.ai.GameObservationBounds`)."""
        from tigris_rules.ai._card_information import card_observation_bounds

        return card_observation_bounds(self.config)

    def observe(self, state: CardGameState, player: int) -> tuple[int, ...]:
        """``player``'s observation of ``state`` (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._card_information import card_observation

        return card_observation(state, player)

    def observation_writer(self) -> CardObservationWriter:
        """The writer of the observations into numpy arrays
        (:class:`~tigris_rules.ai.information.GameObservationArray`); needs numpy."""
        return self._observation_writer

    @cached_property
    def _observation_writer(self) -> CardObservationWriter:
        from tigris_rules.ai._card_observation_array import CardObservationWriter  # numpy on demand

        return CardObservationWriter(self.config)

    def observe_view(self, view: CardView, player: int) -> tuple[int, ...]:
        """``player``'s observation read from his view
        (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._card_information import card_view_observation

        return card_view_observation(view, player)

    def sample_hidden(
        self, state: CardGameState, player: int, rng: random.Random, discards: Discards
    ) -> CardGameState:
        """A state ``player`` cannot tell from ``state``; the card game has no swap, so
        ``discards`` plays no part (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._card_information import card_sample_hidden

        return card_sample_hidden(state, player, rng)

    # --- OpenSpiel (tigris_rules.ai.integrations.spiel_game.GameSpiel) --------------------

    def spiel_piece(self) -> str:
        return "card"

    def spiel_pieces(self) -> tuple[int, ...]:
        """Every card but the treasure cards (CARD-COMP-2)."""
        return CARD_COUNTS

    def spiel_hands(self) -> tuple[int, ...]:
        """Eight cards to each seat (CARD-SETUP-3)."""
        return (HAND_SIZE,) * self.config.players

    def spiel_opening(self, hands: Sequence[Sequence[int]], rest: Sequence[int]) -> CardGameState:
        """The last 30 of ``rest`` set aside with two players (CARD-SETUP-4)."""
        cards = tuple(COLORS[c] for c in rest)
        aside = TWO_PLAYER_SET_ASIDE if self.config.players == 2 else 0
        deal = CardDeal(
            hands=tuple(tuple(COLORS[c] for c in hand) for hand in hands),
            draw_pile=cards[: len(cards) - aside],
            set_aside=cards[len(cards) - aside :],
        )
        return new_card_game(self.config, deal=deal)

    def spiel_undrawn(self, state: CardGameState) -> tuple[int, ...]:
        """The draw pile and the cards set aside: nobody sees either (CARD-DEF-7(e))."""
        left = state.draw[state.draw_pos :] + state.set_aside
        return tuple(left.count(color) for color in range(len(COLORS)))

    def spiel_left(self, state: CardGameState) -> int:
        return state.draw_size

    def spiel_drawing(self, state: CardGameState, pieces: Sequence[int]) -> CardGameState:
        """The state keeps the ruleset of ``state`` and what the rules computed of it (its
        private cache: the kingdoms and the places of the table), in a cache of its own: none
        of it depends on the cards unseen."""
        from tigris_rules.ai.integrations.spiel_game import drawing_first

        left = drawing_first(state.draw[state.draw_pos :] + state.set_aside, pieces)
        size = state.draw_size
        kept = state._cache
        values = dict(state.__dict__)
        values["draw"] = state.draw[: state.draw_pos] + bytes(left[:size])
        values["set_aside"] = bytes(left[size:])
        values["_cache"] = CardCache(kept.kingdoms, kept.table)
        return adopt_card_state(values)

    def spiel_sample(
        self, state: CardGameState, player: int, rng: random.Random, discards: Discards
    ) -> tuple[CardGameState, Discards]:
        """The card game has no swap: ``discards`` stays as it is."""
        from tigris_rules.ai.information import sample_hidden

        return sample_hidden(state, player, rng, discards), discards

    def spiel_action_text(self, action: CardAction, actor: int, seat: int) -> str:
        """Another seat's gap card without its colour (CARD-DEF-7(d))."""
        from tigris_rules.records._card_notation import format_card_action

        if isinstance(action, PlayGap) and actor != seat:
            return f"gap card face down in gap {action.gap}"
        return format_card_action(action)

    def spiel_event_text(self, event: Any) -> str:
        return repr(event)

    def spiel_view_text(self, view: CardView) -> str:
        from tigris_rules.cards.render import render_table

        return render_table(view)

    # --- search (tigris_rules.ai.search.GameSearch) -----------------------------------------

    def search_sample(self, state: CardGameState, player: int, rng: random.Random) -> CardGameState:
        """The hidden cards dealt again, the VP piles kept as every card put on them was seen
        (CARD-VP-1, D21)."""
        from tigris_rules.ai._card_information import card_sample_hidden

        return card_sample_hidden(state, player, rng, piles_known=True)

    def search_values(self, state: CardGameState) -> tuple[float, ...]:
        """A logistic of each seat's margin of projected score, exact once over."""
        from tigris_rules.ai._card_search import card_position_values

        return card_position_values(state)

    def search_settle(self, state: CardGameState) -> CardGameState:
        """The most cards committed, paid or treasures taken; else the first answer."""
        from tigris_rules.ai._card_search import card_settle

        return card_settle(state)

    def search_candidates(
        self, state: CardGameState, rng: random.Random, sample: int, limit: int
    ) -> list[CardAction]:
        """Every answer; of the main actions, the cards played, the end of the turn and
        ``sample`` leaders or catastrophes."""
        from tigris_rules.ai._card_search import card_candidates

        return card_candidates(state, rng, sample, limit)

    def search_rank(
        self, state: CardGameState, mover: int, actions: Sequence[CardAction]
    ) -> list[CardAction]:
        """By the mover's margin of projected score just after each action."""
        from tigris_rules.ai._card_search import card_rank

        return card_rank(state, mover, actions)

    # --- notation (tigris_rules.records.notation.GameNotation) ------------------------------

    def read_notation(self, text: str) -> CardAction:
        """The card-game input ``text`` writes."""
        from tigris_rules.records._card_notation import parse_card_action

        return parse_card_action(text)

    def write_notation(self, action: CardAction) -> str:
        """The canonical notation of ``action``."""
        from tigris_rules.records._card_notation import format_card_action

        return format_card_action(action)

    def notation_words(self) -> tuple[str, ...]:
        """The card game's verbs."""
        from tigris_rules.records._card_notation import CARD_VERBS

        return CARD_VERBS

    # --- logs (tigris_rules.records.GameRecords) --------------------------------------------

    def log_action_type(self) -> Any:
        """The card game's inputs."""
        return CardAction

    def log_deal_type(self) -> type:
        """A :class:`~tigris_rules.CardDeal`."""
        return CardDeal

    # --- pictures (tigris_rules.render.pictures.GamePictures) -------------------------------

    def text_board(self, board: Any, color: bool) -> str:
        """The table as :func:`tigris_rules.cards.render.render_table` draws it, in plain
        ASCII (the card game's text has no colours)."""
        from tigris_rules.cards.render import render_table

        return render_table(board)

    def text_result(self, state: Any) -> str:
        """The result as :func:`tigris_rules.cards.render.render_card_result` draws it."""
        from tigris_rules.cards.render import render_card_result

        return render_card_result(state)

    def svg_board(self, board: Any, *, scale: float = 1.0, last: Any = None, **options: Any) -> str:
        """The table as :func:`tigris_rules.cards.render_svg.render_card_svg` draws it: it
        has no coordinates and always shows the seats (``coordinates`` and ``panel`` change
        nothing), and no caption (refused)."""
        from tigris_rules.cards.render_svg import render_card_svg

        if options.get("caption") is not None:
            raise ArgumentValueError("caption: the card game's picture has no caption")
        return render_card_svg(board, scale=scale, last=last)

    # --- JSON (records.codec.GameCodec) ---------------------------------------------------

    json_tags = "tigris_rules.cards.codec"
    """The module that tags this game's classes for JSON, imported before any is read."""

    view_type = ImportedClass("tigris_rules.cards.view:CardView")
    """:class:`~tigris_rules.cards.view.CardView`, imported when first read."""

    def state_to_json(self, state: CardGameState) -> dict[str, Any]:
        from tigris_rules.cards.codec import unstructure_card_state

        return unstructure_card_state(state)

    def state_from_json(self, data: dict[str, Any], config: GameConfig) -> CardGameState:
        from tigris_rules.cards.codec import structure_card_state

        return structure_card_state(data, config)

    def view_to_json(self, view: CardView) -> dict[str, Any]:
        from tigris_rules.cards.codec import write_card_view

        return write_card_view(view)

    def view_from_json(self, data: dict[str, Any], config: GameConfig) -> CardView:
        from tigris_rules.cards.codec import read_card_view

        return read_card_view(data, config)

    def schema_part(self) -> SchemaPart:
        from tigris_rules.cards.codec import CARD_HOOK_SCHEMAS, CARD_VIEW_FIELDS
        from tigris_rules.cards.components import Boat
        from tigris_rules.cards.decisions import CardDecision
        from tigris_rules.cards.events import CardEvent
        from tigris_rules.records.codec import SchemaPart
        from tigris_rules.views.events import PublicCardEvent

        return SchemaPart(
            view="card_view",
            view_fields=CARD_VIEW_FIELDS,
            view_description="what one player (or a spectator) may see of a card game (CARD-DEF-7)",
            unions={
                "card_action": CardAction,
                "card_decision": CardDecision,
                "card_event": CardEvent,
                "public_card_event": PublicCardEvent,
            },
            public_events="public_card_event",
            hooks=CARD_HOOK_SCHEMAS,
            enums={Boat: "boat"},
            defs={"boat": {"enum": [b.value for b in Boat]}},
        )

    def text_state(self, state: Any) -> str:
        """The state as text, what ``str(state)`` gives (``model.pens.TEXT_PICTURE``)."""
        from tigris_rules.cards.render import card_state_text

        return card_state_text(state)

    # --- position strings (records.position.GamePosition) -----------------------------

    def state_position(self, state: Any) -> str:
        """The state's position string with its hidden parts, what ``repr(state)`` holds
        (``model.pens.POSITION_TEXT``)."""
        from tigris_rules.records.position import position

        return position(state)

    def position_fields(self, config: GameConfig, hidden: bool) -> tuple[PositionField, ...]:
        from tigris_rules.records._card_position import card_position_fields

        return card_position_fields(config, hidden)

    # --- the command line (tigris_rules.tools.cli.GameCommands) -----------------------------

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[CardBot, ...]:
        from tigris_rules.ai.bots import make_card_bots

        return make_card_bots(spec, players, seed)

    def config_text(self, config: GameConfig) -> str:
        return (
            f"game=cards players={config.players} column_limit={config.column_limit} "
            f"open_scoring={str(config.open_scoring).lower()}"
        )

    def log_name(self, config: GameConfig) -> str:
        return "cards"

    def turns_played(self, state: CardGameState) -> int:
        # The turn counter moves on at each end of turn, the last one included.
        return state.turn if state.over else state.turn + 1
