"""Playing programs and what they need of a game: a fixed action encoding
(:mod:`~tigris_rules.ai.encoding`), observations and samples of hidden information
(:mod:`~tigris_rules.ai.information`) and as planes over the board
(:mod:`~tigris_rules.ai.planes`), a search bot (:mod:`~tigris_rules.ai.search`), simple
bots and the play loop (:mod:`~tigris_rules.ai.bots`), the actions worth a bot's look
(:mod:`~tigris_rules.ai.candidates`), and adapters to OpenSpiel and PettingZoo
(:mod:`~tigris_rules.ai.integrations`, optional extras: not imported here).

What differs from game to game is asked of the game's ruleset through the protocols
:class:`GameEncoding` and :class:`GameObservation`; a board-game variant adds its part
through :class:`VariantEncoding`, :class:`VariantWellFormed`, :class:`VariantObservation`
and :class:`VariantSampling`. numpy is imported only by the functions that return arrays.
"""

from __future__ import annotations

from tigris_rules.ai.bots import (
    BOT_NAMES,
    Bot,
    BotError,
    GreedyBot,
    RandomBot,
    make_bot,
    make_bots,
    play_game,
    random_bots,
)
from tigris_rules.ai.candidates import candidate_actions
from tigris_rules.ai.encoding import (
    ActionEncoding,
    EncodingError,
    GameEncoding,
    VariantEncoding,
    VariantWellFormed,
    action_encoding,
    decode,
    encode,
    legal_action_indices,
    legal_action_mask,
    legal_action_mask_array,
)
from tigris_rules.ai.information import (
    Discards,
    GameObservation,
    GameObservationArray,
    GameObservationBounds,
    InformationError,
    ObservationSegment,
    ObservationWriter,
    VariantObservation,
    VariantSampling,
    observation,
    observation_array,
    observation_bounds,
    observation_into,
    observation_layout,
    observation_size,
    observation_writer,
    sample_hidden,
)
from tigris_rules.ai.planes import (
    GamePlanes,
    observation_planes,
    planes_bounds,
    planes_layout,
)
from tigris_rules.ai.search import (
    ISMCTSBot,
    SearchError,
    position_values,
    ranked_actions,
    settled_values,
)

__all__ = [
    "BOT_NAMES",
    "ActionEncoding",
    "Bot",
    "BotError",
    "Discards",
    "EncodingError",
    "GameEncoding",
    "GameObservation",
    "GameObservationArray",
    "GameObservationBounds",
    "GamePlanes",
    "GreedyBot",
    "ISMCTSBot",
    "InformationError",
    "ObservationSegment",
    "ObservationWriter",
    "RandomBot",
    "SearchError",
    "VariantEncoding",
    "VariantObservation",
    "VariantSampling",
    "VariantWellFormed",
    "action_encoding",
    "candidate_actions",
    "decode",
    "encode",
    "legal_action_indices",
    "legal_action_mask",
    "legal_action_mask_array",
    "make_bot",
    "make_bots",
    "observation",
    "observation_array",
    "observation_bounds",
    "observation_into",
    "observation_layout",
    "observation_planes",
    "observation_size",
    "observation_writer",
    "planes_bounds",
    "planes_layout",
    "play_game",
    "position_values",
    "random_bots",
    "ranked_actions",
    "sample_hidden",
    "settled_values",
]
