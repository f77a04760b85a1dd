"""The board game, Tigris & Euphrates (RULES.md Part I), with every surface of its game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from tigris_rules.model.actions import Action, SwapTiles
from tigris_rules.model.colors import COLORS
from tigris_rules.model.config import GameConfig
from tigris_rules.model.deal import Deal
from tigris_rules.model.plugins import ImportedClass
from tigris_rules.model.squares import COLUMNS, ROWS
from tigris_rules.model.state import GameState, StateCache, adopt
from tigris_rules.rules.components import HAND_SIZE
from tigris_rules.rules.engine import Replayer
from tigris_rules.rules.ruleset import BoardRules
from tigris_rules.rules.setup import bag_contents, new_game

if TYPE_CHECKING:
    from tigris_rules.ai._board_observation_array import BoardObservationWriter
    from tigris_rules.ai.bots import Bot
    from tigris_rules.ai.encoding import SpaceEntry
    from tigris_rules.ai.information import Discards
    from tigris_rules.records._board_notation import BoardNotation
    from tigris_rules.records._position_fields import PositionField
    from tigris_rules.records.codec import SchemaPart
    from tigris_rules.views.board import PlayerView

__all__ = ["BoardGame"]


class BoardGame(BoardRules):
    """The board game for one configuration, with the configuration's variants."""

    def view(self, state: GameState, seat: int | None) -> PlayerView:
        """What ``seat`` may see of ``state`` (CONV-14, OPT-2):
        :func:`~tigris_rules.views.board.board_view` (:class:`~tigris_rules.views.GameViews`)."""
        from tigris_rules.views.board import board_view

        return board_view(state, seat)

    # --- encoding and observation (tigris_rules.ai) -------------------------------------------

    def action_space(self) -> Iterable[SpaceEntry]:
        """The action space of the configuration (:class:`~tigris_rules.ai.GameEncoding`)."""
        from tigris_rules.ai._board_encoding import board_action_space

        return board_action_space(self.config)

    def observation_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation's segments (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._board_information import board_observation_layout

        return board_observation_layout(self.config)

    def observation_bounds(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The range of every observation entry
        (:class:`~tigris_rules.ai.information.GameObservationBounds`)."""
        from tigris_rules.ai._board_information import board_observation_bounds

        return board_observation_bounds(self.config)

    def planes_shape(self) -> tuple[int, int]:
        """The board's rows and columns (:class:`~tigris_rules.ai.planes.GamePlanes`)."""
        return (ROWS, COLUMNS)

    def plane_segments(self) -> frozenset[str]:
        """The observation's segments that cover the board
        (:class:`~tigris_rules.ai.planes.GamePlanes`)."""
        from tigris_rules.ai._board_information import board_plane_segments

        return board_plane_segments(self.config)

    def observe(self, state: GameState, player: int) -> tuple[int, ...]:
        """``player``'s observation of ``state`` (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._board_information import board_observation

        return board_observation(state, player)

    def observation_writer(self) -> BoardObservationWriter:
        """The writer of the observations into numpy arrays
        (:class:`~tigris_rules.ai.information.GameObservationArray`); needs numpy."""
        return self._observation_writer

    @cached_property
    def _observation_writer(self) -> BoardObservationWriter:
        from tigris_rules.ai._board_observation_array import (
            BoardObservationWriter,  # numpy on demand
        )

        return BoardObservationWriter(self.config)

    def observe_view(self, view: PlayerView, player: int) -> tuple[int, ...]:
        """``player``'s observation read from his view
        (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._board_information import board_view_observation

        return board_view_observation(view, player)

    def sample_hidden(
        self, state: GameState, player: int, rng: random.Random, discards: Discards
    ) -> GameState:
        """A state ``player`` cannot tell from ``state``
        (:class:`~tigris_rules.ai.GameObservation`)."""
        from tigris_rules.ai._board_information import board_sample_hidden

        return board_sample_hidden(state, player, rng, discards)

    # --- OpenSpiel (tigris_rules.ai.integrations.spiel_game.GameSpiel) --------------------

    def spiel_piece(self) -> str:
        return "tile"

    def spiel_pieces(self) -> tuple[int, ...]:
        """The bag and the hands: every tile but the start temples (SETUP-4)."""
        return bag_contents(self.config)

    def spiel_hands(self) -> tuple[int, ...]:
        """Six tiles to each seat (SETUP-6)."""
        return (HAND_SIZE,) * self.config.players

    def spiel_opening(self, hands: Sequence[Sequence[int]], rest: Sequence[int]) -> GameState:
        deal = Deal(
            hands=tuple(tuple(COLORS[c] for c in hand) for hand in hands),
            bag=tuple(COLORS[c] for c in rest),
        )
        return new_game(self.config, deal=deal)

    def spiel_undrawn(self, state: GameState) -> tuple[int, ...]:
        """The tiles left in the bag."""
        left = state.bag[state.bag_pos :]
        return tuple(left.count(color) for color in range(len(COLORS)))

    def spiel_left(self, state: GameState) -> int:
        return state.bag_size

    def spiel_drawing(self, state: GameState, pieces: Sequence[int]) -> GameState:
        """The state keeps the ruleset of ``state`` and what the rules computed of it (its
        private cache: the facts of the configuration, the regions, the targets of the
        actions), in a cache of its own: none of it depends on the bag."""
        from tigris_rules.ai.integrations.spiel_game import drawing_first

        left = drawing_first(state.bag[state.bag_pos :], pieces)
        kept = state._cache
        cache = StateCache(kept.facts, kept.regions, kept.no_claim)
        cache.lifted = kept.lifted
        cache.targets = kept.targets
        values = dict(state.__dict__)
        values["bag"] = state.bag[: state.bag_pos] + tuple(left)
        values["_cache"] = cache
        return adopt(values)

    def spiel_sample(
        self, state: GameState, player: int, rng: random.Random, discards: Discards
    ) -> tuple[GameState, Discards]:
        """The others' discards of the sample: the colours it put out of the game for them
        (:func:`~tigris_rules.ai.information.sample_hidden`), split between
        them, each keeping his number (CONV-14(e))."""
        from tigris_rules.ai.information import Discards, sample_hidden

        sample = sample_hidden(state, player, rng, discards)
        others = [seat for seat in range(self.config.players) if seat != player]
        tiles = [
            color
            for color in range(len(COLORS))
            for _ in range(
                sample.out_of_game[color]
                - state.out_of_game[color]
                + sum(discards.counts[seat][color] for seat in others)
            )
        ]
        counts = list(discards.counts)
        for seat in others:
            mine, tiles = tiles[: discards.total(seat)], tiles[discards.total(seat) :]
            counts[seat] = (mine.count(0), mine.count(1), mine.count(2), mine.count(3))
        return sample, Discards(tuple(counts))

    def spiel_action_text(self, action: Action, actor: int, seat: int) -> str:
        """Another seat's swap only as its number of tiles (CONV-14(e))."""
        if isinstance(action, SwapTiles) and actor != seat:
            return f"swap {sum(action.counts)} tiles"
        return self.write_notation(action)

    def spiel_event_text(self, event: Any) -> str:
        from tigris_rules.render.sentences import describe_event

        return describe_event(event, config=self.config)

    def spiel_view_text(self, view: PlayerView) -> str:
        from tigris_rules.render.text import render_view

        return render_view(view)

    # --- search (tigris_rules.ai.search.GameSearch) -----------------------------------------

    def search_sample(self, state: GameState, player: int, rng: random.Random) -> GameState:
        """:func:`~tigris_rules.ai.information.sample_hidden`, as if nobody had swapped."""
        from tigris_rules.ai.information import sample_hidden

        return sample_hidden(state, player, rng)

    def search_values(self, state: GameState) -> tuple[float, ...]:
        """:func:`~tigris_rules.ai.search.position_values`."""
        from tigris_rules.ai._board_search import position_values

        return position_values(state)

    def search_settle(self, state: GameState) -> GameState:
        """Every commitment at its most, any other decision its first answer."""
        from tigris_rules.ai._board_search import board_settle

        return board_settle(state)

    def search_candidates(
        self, state: GameState, rng: random.Random, sample: int, limit: int
    ) -> list[Action]:
        """:func:`~tigris_rules.ai.candidates.candidate_actions`."""
        from tigris_rules.ai._board_search import board_candidates

        return board_candidates(state, rng, sample, limit)

    def search_rank(self, state: GameState, mover: int, actions: Sequence[Action]) -> list[Action]:
        """By the mover's margin of projected scores just after each action."""
        from tigris_rules.ai._board_search import board_rank

        return board_rank(state, mover, actions)

    # --- notation (tigris_rules.records.notation.GameNotation) ------------------------------

    @cached_property
    def _notation(self) -> BoardNotation:
        from tigris_rules.records._board_notation import board_notation

        return board_notation(self.variants, "variant of this game", strict=True)

    def read_notation(self, text: str) -> Action:
        """The action ``text`` writes, in the base game's verbs and its variants'."""
        return self._notation.read(text)

    def write_notation(self, action: Action) -> str:
        """The canonical notation of ``action``."""
        return self._notation.write(action)

    def notation_words(self) -> tuple[str, ...]:
        """The base game's verbs, then each of its variants'."""
        return self._notation.verbs()

    # --- logs (tigris_rules.records.GameRecords, GameReplayer) ------------------------------

    def log_action_type(self) -> Any:
        """The board game's inputs, a variant's included."""
        return Action

    def log_deal_type(self) -> type:
        """A :class:`~tigris_rules.Deal`."""
        return Deal

    def replayer(self, state: GameState, *, well_formed: bool) -> Replayer:
        """The inputs of a log replayed on one working copy."""
        return Replayer(state, well_formed=well_formed)

    # --- pictures (tigris_rules.render.pictures.GamePictures) -------------------------------

    def text_board(self, board: Any, color: bool) -> str:
        """The board as :func:`tigris_rules.render.text.board_text` draws it."""
        from tigris_rules.render.text import board_text

        return board_text(board, color=color)

    def text_result(self, state: Any) -> str:
        """The result as :func:`tigris_rules.render.text.board_result` draws it."""
        from tigris_rules.render.text import board_result

        return board_result(state)

    def svg_board(self, board: Any, **options: Any) -> str:
        """The board as :func:`tigris_rules.render.svg.board_svg` draws it, with the options
        of :func:`~tigris_rules.render.render_svg`."""
        from tigris_rules.render.svg import board_svg

        return board_svg(board, **options)

    # --- JSON (records.codec.GameCodec) ---------------------------------------------------

    json_tags = "tigris_rules.records.tags"
    """The module that tags this game's classes for JSON, imported before any is read."""

    view_type = ImportedClass("tigris_rules.views.board:PlayerView")
    """:class:`~tigris_rules.views.board.PlayerView`, imported when first read."""

    def state_to_json(self, state: GameState) -> dict[str, Any]:
        from tigris_rules.records.board_state import unstructure_state

        return unstructure_state(state)

    def state_from_json(self, data: dict[str, Any], config: GameConfig) -> GameState:
        from tigris_rules.records.board_state import structure_state

        return structure_state(data, config)

    def view_to_json(self, view: PlayerView) -> dict[str, Any]:
        from tigris_rules.records.view_codec import write_board_view

        return write_board_view(view)

    def view_from_json(self, data: dict[str, Any], config: GameConfig) -> PlayerView:
        from tigris_rules.records.view_codec import read_board_view

        return read_board_view(data, config)

    def schema_part(self) -> SchemaPart:
        from tigris_rules.model.decisions import Decision
        from tigris_rules.model.events import Event
        from tigris_rules.records.codec import SchemaPart
        from tigris_rules.records.tags import BOARD_HOOK_SCHEMAS
        from tigris_rules.records.view_codec import BOARD_VIEW_FIELDS
        from tigris_rules.views.events import PublicEvent

        return SchemaPart(
            view="board_view",
            view_fields=BOARD_VIEW_FIELDS,
            view_description="what one player (or a spectator) may see of a board game (CONV-14)",
            unions={
                "action": Action,
                "decision": Decision,
                "event": Event,
                "public_event": PublicEvent,
            },
            public_events="public_event",
            log_entries=Action,
            hooks=BOARD_HOOK_SCHEMAS,
        )

    def text_state(self, state: Any) -> str:
        """The state as text, what ``str(state)`` gives (``model.pens.TEXT_PICTURE``)."""
        from tigris_rules.render.text import state_text

        return state_text(state)

    # --- position strings (records.position.GamePosition) -----------------------------

    def state_position(self, state: Any) -> str:
        """The state's position string with its hidden parts, what ``repr(state)`` holds
        (``model.pens.POSITION_TEXT``)."""
        from tigris_rules.records.position import position

        return position(state)

    def position_fields(self, config: GameConfig, hidden: bool) -> tuple[PositionField, ...]:
        from tigris_rules.records._board_position import board_position_fields

        return board_position_fields(config, hidden)

    # --- the command line (tigris_rules.tools.cli.GameCommands) ---------------------------

    def make_bots(self, spec: str, players: int, seed: int) -> tuple[Bot, ...]:
        from tigris_rules.ai.bots import make_bots

        return make_bots(spec, players, seed)

    def config_text(self, config: GameConfig) -> str:
        variants = ",".join(config.variants) or "none"
        return f"players={config.players} board={config.board} variants={variants}"

    def log_name(self, config: GameConfig) -> str:
        return "-".join((config.board, *config.variants))

    def turns_played(self, state: GameState) -> int:
        return state.turn + 1  # the turn in progress, numbered from 0, counts
