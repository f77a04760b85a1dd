"""The card game *Euphrat & Tigris - Das Kartenspiel* (RULES.md Part II).

A separate ruleset with its own state, actions, decisions and events, driven like the board
game::

    from tigris_rules import GameConfig
    from tigris_rules.cards import card_legal_actions, card_step, card_to_move, new_card_game

    state = new_card_game(GameConfig(players=3, game="cards"), seed=1)
    while not card_is_over(state):
        action = card_legal_actions(state)[0]
        state, events = card_step(state, action, card_to_move(state))

Every rejection carries the ID of the rule it breaks (CONV-17); see ``docs/card-game.md``.
:func:`card_view` gives what one player may see (CARD-DEF-7);
:func:`tigris_rules.cards.render.render_table` draws the table as text; the JSON of the card
game is registered by :mod:`tigris_rules.cards.codec`.
"""

from __future__ import annotations

from tigris_rules.cards.actions import (
    BuildBoat,
    CardAction,
    ChooseConflict,
    CommitSupport,
    Decline,
    EndTurn,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import (
    TOTAL_CARDS,
    Boat,
    column_spot,
    gap_spot,
)
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    CardConflict,
    CardDecision,
    PaymentDecision,
    PointCause,
    TreasureCardDecision,
    WarOrderDecision,
)
from tigris_rules.cards.engine import card_apply, card_is_over, card_step, card_to_move
from tigris_rules.cards.events import (
    BoatBuilt,
    CardEvent,
    CardsDiscarded,
    CardsDrawn,
    CardsWon,
    CatastrophePlayed,
    ColumnCardPlayed,
    ConflictResolved,
    ConflictStarted,
    GameOver,
    GapCardPlayed,
    GapCardTurned,
    LeaderPlayed,
    LeaderToSupply,
    PointsPaid,
    RewardTaken,
    SupportCommitted,
    TreasuresTaken,
    TurnEnded,
)
from tigris_rules.cards.legality import CardLegalActions, card_legal_actions
from tigris_rules.cards.scoring import card_result
from tigris_rules.cards.setup import CardDeal, card_deal_from_seed, new_card_game
from tigris_rules.cards.state import CardGameState, GapCard, TurnStart
from tigris_rules.cards.view import CardView, GapView, card_view

__all__ = [
    "TOTAL_CARDS",
    "Boat",
    "BoatBuilt",
    "BoatDecision",
    "BuildBoat",
    "CardAction",
    "CardCommitDecision",
    "CardConflict",
    "CardDeal",
    "CardDecision",
    "CardEvent",
    "CardGameState",
    "CardLegalActions",
    "CardView",
    "CardsDiscarded",
    "CardsDrawn",
    "CardsWon",
    "CatastrophePlayed",
    "ChooseConflict",
    "ColumnCardPlayed",
    "CommitSupport",
    "ConflictResolved",
    "ConflictStarted",
    "Decline",
    "EndTurn",
    "GameOver",
    "GapCard",
    "GapCardPlayed",
    "GapCardTurned",
    "GapView",
    "LeaderPlayed",
    "LeaderToSupply",
    "PayPoints",
    "PaymentDecision",
    "PlayCatastrophe",
    "PlayColumn",
    "PlayGap",
    "PlayLeader",
    "PointCause",
    "PointsPaid",
    "RewardTaken",
    "SupportCommitted",
    "TakeTreasures",
    "TreasureCardDecision",
    "TreasuresTaken",
    "TurnEnded",
    "TurnStart",
    "WarOrderDecision",
    "card_apply",
    "card_deal_from_seed",
    "card_is_over",
    "card_legal_actions",
    "card_result",
    "card_step",
    "card_to_move",
    "card_view",
    "column_spot",
    "gap_spot",
    "new_card_game",
]
