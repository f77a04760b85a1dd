"""Helpers for card-game scenario tests: build a position, play inputs, check rejections.

A position is written compactly:

- cards by letter: ``k`` black, ``r`` red, ``b`` blue, ``g`` green; in a column also the
  boats ``K`` (blue-black), ``R`` (blue-red) and ``G`` (blue-green);
- ``heads``: 8 letters, ``T`` a treasure card, ``r`` its red replacement;
- ``gaps``: gap number -> letter, or letter + ``/`` + seat of the player who played it;
- ``leaders``: spot -> seat and leader letter, e.g. ``{"1.0": "0K"}`` (seat 0's king on
  column 1's head); leader letters ``K`` king, ``R`` priest, ``B`` farmer, ``G`` trader;
- ``hands`` and ``piles``: seat -> letters (``T`` a treasure card on a pile);
- ``turn_start``: whether the position holds the snapshot of a turn that starts here
  (``TurnStart``, CARD-END-5); without it only a turn without action is idle.

Every card not placed anywhere goes to the draw pile (after ``draw``, its given top), so the
193 cards are always all accounted for (CARD-COMP-2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import attrs
import pytest

from tigris_rules import Color, GameConfig, IllegalActionError
from tigris_rules.cards import (
    Boat,
    CardAction,
    CardEvent,
    CardGameState,
    GapCard,
    TurnStart,
    card_legal_actions,
    card_step,
    card_to_move,
    new_card_game,
)
from tigris_rules.cards.components import CARD_COUNTS, TREASURE, parse_spot

LETTERS = {"k": 0, "r": 1, "b": 2, "g": 3}
BOAT_LETTERS = {"K": Boat.BLUE_BLACK, "R": Boat.BLUE_RED, "G": Boat.BLUE_GREEN}
LEADER_LETTERS = {"K": 0, "R": 1, "B": 2, "G": 3}
BLACK, RED, BLUE, GREEN = Color.BLACK, Color.RED, Color.BLUE, Color.GREEN


def _cards(text: str) -> list[int]:
    return [LETTERS[ch] for ch in text]


def hand_of(text: str) -> tuple[int, int, int, int]:
    counts = Counter(_cards(text))
    return (counts[0], counts[1], counts[2], counts[3])


def table(
    players: int = 2,
    *,
    columns: Mapping[int, str] | None = None,
    gaps: Mapping[int, str] | None = None,
    heads: str = "TTTTTTTT",
    leaders: Mapping[str, str] | None = None,
    hands: Mapping[int, str] | None = None,
    piles: Mapping[int, str] | None = None,
    draw: str = "",
    active: int = 0,
    actions_taken: int = 0,
    catastrophes: tuple[bool, ...] | None = None,
    column_limit: int = 8,
    open_scoring: bool = False,
    idle_turns: int = 0,
    turn_start: bool = False,
) -> CardGameState:
    """A position of the card game, every card accounted for."""
    config = GameConfig(
        players=players, game="cards", column_limit=column_limit, open_scoring=open_scoring
    )
    base = new_card_game(config, seed=0)
    used: Counter[int] = Counter()
    cols: list[bytes] = [b""] * 8
    for number, text in (columns or {}).items():
        codes = bytes(BOAT_LETTERS[ch].code if ch in BOAT_LETTERS else LETTERS[ch] for ch in text)
        used.update(c for c in codes if c < 4)
        cols[number - 1] = codes
    head_codes = tuple(TREASURE if ch == "T" else LETTERS[ch] for ch in heads)
    used.update(c for c in head_codes if c < 4)
    gap_cards: list[GapCard | None] = [None] * 7
    for number, text in (gaps or {}).items():
        letter, _, seat = text.partition("/")
        gap_cards[number - 1] = GapCard(LETTERS[letter], int(seat or 0))
        used[LETTERS[letter]] += 1
    where: list[tuple[int, int] | None] = [None] * (4 * players)
    for spot, who in (leaders or {}).items():
        loc = parse_spot(spot)
        if loc is None:
            raise ValueError(f"bad spot {spot!r}")
        where[4 * int(who[0]) + LEADER_LETTERS[who[1]]] = loc
    hand_list = [hand_of((hands or {}).get(p, "")) for p in range(players)]
    for hand in hand_list:
        used.update(dict(enumerate(hand)))
    pile_list: list[bytes] = []
    treasures_on_piles = 0
    for p in range(players):
        text = (piles or {}).get(p, "")
        pile = bytes(TREASURE if ch == "T" else LETTERS[ch] for ch in text)
        treasures_on_piles += pile.count(TREASURE)
        used.update(c for c in pile if c < 4)
        pile_list.append(pile)
    if head_codes.count(TREASURE) + treasures_on_piles != 8:
        raise ValueError("the 8 treasure cards must be heads or on VP piles")
    top = _cards(draw)
    used.update(top)
    rest = [c for c in range(4) for _ in range(CARD_COUNTS[c] - used[c])]
    if any(CARD_COUNTS[c] < used[c] for c in range(4)):
        raise ValueError(f"too many cards used: {used}")
    aside = bytes(rest[:30]) if players == 2 else b""
    pile_cards = bytes(top) + bytes(rest[len(aside) :])
    hands_t = tuple(hand_list)
    piles_t = tuple(pile_list)
    snapshot = TurnStart(hands_t) if turn_start else None
    return CardGameState(
        config=config,
        heads=head_codes,
        columns=tuple(cols),
        gaps=tuple(gap_cards),
        leaders=tuple(where),
        hands=hands_t,
        piles=piles_t,
        draw=pile_cards,
        draw_pos=0,
        set_aside=aside,
        out_of_game=(0, 0, 0, 0),
        catastrophes=catastrophes or base.catastrophes,
        active=active,
        actions_taken=actions_taken,
        idle_turns=idle_turns,
        turn_start=snapshot,
    )


def with_hand(state: CardGameState, player: int, cards: str) -> CardGameState:
    """``state`` with ``player`` holding ``cards``, taken from the top of the draw pile (the
    caller makes sure they are there) so that every card stays accounted for."""
    hands = list(state.hands)
    old = hands[player]
    hands[player] = hand_of(cards)
    drawn = sum(hands[player]) - sum(old)
    return attrs.evolve(state, hands=tuple(hands), draw_pos=state.draw_pos + drawn)


def play(state: CardGameState, *actions: CardAction) -> CardGameState:
    """Apply ``actions`` in order, each from the player to move."""
    for action in actions:
        state = card_step(state, action, card_to_move(state))[0]
    return state


def play_events(
    state: CardGameState, *actions: CardAction
) -> tuple[CardGameState, list[CardEvent]]:
    """Like :func:`play`, also returning every event, in order."""
    events: list[CardEvent] = []
    for action in actions:
        state, new = card_step(state, action, card_to_move(state))
        events.extend(new)
    return state, events


def rejected(
    state: CardGameState, action: object, rule: str, player: int | None = None
) -> IllegalActionError:
    """Assert that ``action`` is rejected under ``rule``, changing nothing, and, when it is
    sent by the player to move, that it is not listed as legal."""
    with pytest.raises(IllegalActionError) as info:
        card_step(state, action, player)  # type: ignore[arg-type]
    assert info.value.rule == rule, info.value
    if player is None or player == card_to_move(state):
        assert action not in card_legal_actions(state)
    return info.value


def column(state: CardGameState, number: int) -> str:
    """Column ``number`` (1..8) as letters."""
    boats = {b.code: letter for letter, b in BOAT_LETTERS.items()}
    return "".join(boats.get(c) or "krbg"[c] for c in state.columns[number - 1])


def pile(state: CardGameState, player: int) -> str:
    """``player``'s VP pile as letters, bottom first."""
    return "".join("krbgT"[c] for c in state.piles[player])


def hand(state: CardGameState, player: int) -> str:
    """``player``'s hand as sorted letters."""
    return "".join(letter * n for letter, n in zip("krbg", state.hands[player], strict=True))
