"""JSON for the card game (RULES.md Part II): the tags of its actions, decisions, events and
steps, and the layout of :class:`~tigris_rules.cards.CardGameState` and
:class:`~tigris_rules.cards.CardDeal` (docs/log-format.md).

Importing this module registers the tags with the library's converter
(:mod:`tigris_rules.records.converter`); :mod:`tigris_rules.records` imports it, so
``tr.dumps`` and ``tr.loads`` know the card game's tags as soon as ``tigris_rules`` is
imported. Its states and views are read and written by the card game's ruleset
(:class:`~tigris_rules.games.cards.CardGame`), which offers them as its
:class:`~tigris_rules.records.codec.GameCodec` from the functions here.

- The tags are fixed strings, part of the log format, never derived from class names. The
  classes the card game shares with the board game (``EndTurn``, ``ChooseConflict``,
  ``CommitSupport``, ``Decline``, ``WarOrderDecision`` and the conflict, turn and game-over
  events) keep their board-game tags. A card-game tag whose natural name would be confused
  with a board-game tag starts with ``card_`` (``card_catastrophe_played`` beside
  ``catastrophe_placed``, ``card_treasures_taken`` beside ``treasure_taken``,
  ``card_commit_decision`` beside ``commit_decision``).
- Places on the table are spot names (``"3.0"``, ``"3.2"``, ``"g3"``), columns 1..8 and gaps
  1..7 as in actions and events; reading checks them (CONV-19).
- A state is written with names: card colours, ``"treasure"`` for a treasure card and the
  boats' names (``"blue-black"``...), spot names for leaders. Reading it back gives an equal
  state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar, cast

from tigris_rules.cards.actions import (
    BuildBoat,
    CardAction,
    PayPoints,
    PlayCatastrophe,
    PlayColumn,
    PlayGap,
    PlayLeader,
    TakeTreasures,
)
from tigris_rules.cards.components import (
    BOATS,
    COLUMNS,
    GAPS,
    TREASURE,
    TREASURE_CARDS,
    Loc,
    is_boat,
    parse_spot,
    spot_name,
)
from tigris_rules.cards.decisions import (
    BoatDecision,
    CardCommitDecision,
    CardConflict,
    CardDecision,
    PaymentDecision,
    TreasureCardDecision,
)
from tigris_rules.cards.events import (
    BoatBuilt,
    CardsDiscarded,
    CardsDrawn,
    CardsWon,
    CatastrophePlayed,
    ColumnCardPlayed,
    GapCardPlayed,
    GapCardTurned,
    LeaderPlayed,
    LeaderToSupply,
    PointsPaid,
    PublicCardsDrawn,
    RewardTaken,
    TreasuresTaken,
)
from tigris_rules.cards.state import CardGameState, GapCard, TurnStart
from tigris_rules.cards.state_check import card_view_problems
from tigris_rules.cards.steps import (
    BoatStep,
    EndActionStep,
    PayStep,
    RefillStep,
    RemovalStep,
    Step,
    TreasureStep,
    WarsStep,
)
from tigris_rules.cards.view import CardView, GapView
from tigris_rules.errors import FormatError
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.fields import json_keys
from tigris_rules.model.outcome import CARD_TERMINATIONS
from tigris_rules.records import view_codec
from tigris_rules.records._checks import (
    at,
    check_keys,
    describe,
    need_array,
    need_int,
    need_object,
    players_of,
    read_items,
    refuse,
    seat,
)
from tigris_rules.records.converter import (
    event_field_hooks,
    register_fields,
    register_tagged,
    structure,
    unstructure,
)

__all__ = [
    "CARD_ACTION_TAGS",
    "CARD_DECISION_TAGS",
    "CARD_EVENT_TAGS",
    "CARD_HOOK_SCHEMAS",
    "CARD_STEP_TAGS",
    "CARD_VIEW_FIELDS",
    "END_REASONS",
    "read_card_view",
    "structure_card_state",
    "unstructure_card_state",
    "write_card_view",
]

T = TypeVar("T")

END_REASONS: Final = tuple(end.value for end in CARD_TERMINATIONS)
"""The values of ``CardGameState.end_reason`` once the game is over (CARD-END-2, 3, 5)."""


# --- field hooks ----------------------------------------------------------------------------


def _fail(reason: str, path: str = "$") -> FormatError:
    return FormatError(path, reason)


def _spot(value: object, _: object = None) -> str:
    """A spot name: ``"c.p"`` (column 1..8, position 0 for the head) or ``"g1"``..``"g7"``."""
    if parse_spot(value) is None:
        raise _fail(f'expected a spot such as "3.0", "3.2" or "g3", got {describe(value)}')
    return cast("str", value)


def _optional_spot(value: object, _: object = None) -> str | None:
    return None if value is None else _spot(value)


def _spots(value: object, _: object = None) -> tuple[str, ...]:
    items = need_array(value)
    return tuple(at(f"$[{i}]", _spot, item) for i, item in enumerate(items))


def _ranged(low: int, high: int, what: str) -> Callable[..., int]:
    def read(value: object, _: object = None) -> int:
        number = need_int(value)
        if not low <= number <= high:
            raise _fail(f"expected {what} {low}..{high}, got {number}")
        return number

    return read


_column = _ranged(1, COLUMNS, "a column")
_gap = _ranged(1, GAPS, "a gap")


def _optional_gap(value: object, _: object = None) -> int | None:
    return None if value is None else _gap(value)


def _columns(value: object, _: object = None) -> tuple[int, ...]:
    items = need_array(value)
    columns = tuple(at(f"$[{i}]", _column, item) for i, item in enumerate(items))
    if len(set(columns)) != len(columns):
        raise _fail("a column is named twice")
    return columns


def _count(value: object, _: object = None) -> int:
    return need_int(value, 0)


def _same(value: T) -> T:
    return value


def _array(items: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **more}


CARD_HOOK_SCHEMAS: Final[dict[Callable[..., Any], dict[str, Any]]] = {
    _spot: view_codec.ref("spot"),
    _optional_spot: view_codec.nullable(view_codec.ref("spot")),
    _spots: _array(view_codec.ref("spot")),
    _column: view_codec.ref("column"),
    _gap: view_codec.ref("gap"),
    _optional_gap: view_codec.nullable(view_codec.ref("gap")),
    _columns: _array(view_codec.ref("column"), uniqueItems=True),
    _count: view_codec.ref("count"),
}
"""The JSON Schema of the field hooks of the card game's classes."""


# --- the tags -------------------------------------------------------------------------------
# These strings are part of the log format: never change one (docs/log-format.md).

CARD_ACTION_TAGS: Final[dict[str, type]] = {
    "play_leader": PlayLeader,
    "play_column": PlayColumn,
    "play_gap": PlayGap,
    "play_catastrophe": PlayCatastrophe,
    "pay_points": PayPoints,
    "take_treasures": TakeTreasures,
    "build_boat": BuildBoat,
}
"""The tag of every card-game action and answer class of its own. ``EndTurn``,
``ChooseConflict``, ``CommitSupport`` and ``Decline`` keep their board-game tags."""

CARD_DECISION_TAGS: Final[dict[str, type]] = {
    "card_commit_decision": CardCommitDecision,
    "payment_decision": PaymentDecision,
    "boat_decision": BoatDecision,
    "treasure_card_decision": TreasureCardDecision,
}
"""The tag of every card-game decision class of its own (``WarOrderDecision`` is shared)."""

CARD_EVENT_TAGS: Final[dict[str, type]] = {
    "leader_played": LeaderPlayed,
    "leader_to_supply": LeaderToSupply,
    "column_card_played": ColumnCardPlayed,
    "gap_card_played": GapCardPlayed,
    "gap_card_turned": GapCardTurned,
    "card_catastrophe_played": CatastrophePlayed,
    "points_paid": PointsPaid,
    "reward_taken": RewardTaken,
    "cards_discarded": CardsDiscarded,
    "cards_won": CardsWon,
    "boat_built": BoatBuilt,
    "card_treasures_taken": TreasuresTaken,
    "cards_drawn": CardsDrawn,
}
"""The tag of every card-game event class of its own (``ConflictStarted``,
``SupportCommitted``, ``ConflictResolved``, ``TurnEnded`` and ``GameOver`` are shared)."""

CARD_STEP_TAGS: Final[dict[str, type]] = {
    "pay_step": PayStep,
    "boat_step": BoatStep,
    "wars_step": WarsStep,
    "removal_step": RemovalStep,
    "treasure_step": TreasureStep,
    "end_action_step": EndActionStep,
    "refill_step": RefillStep,
}
"""The tag of every step of an action in progress (``CardGameState.todo``); their columns and
gaps are 0-based, as in the state."""

_FIELDS: Final[dict[type, dict[str, Callable[[Any, Any], Any]]]] = {
    PlayLeader: {"target": _spot},
    PlayColumn: {"column": _column},
    PlayGap: {"gap": _gap},
    PlayCatastrophe: {"target": _spot},
    PayPoints: {"count": _count},
    TakeTreasures: {"columns": _columns},
    BoatDecision: {"column": _column},
    TreasureCardDecision: {"columns": _columns},
    LeaderPlayed: {"spot": _spot, "origin": _optional_spot},
    LeaderToSupply: {"spot": _spot},
    ColumnCardPlayed: {"column": _column},
    GapCardPlayed: {"gap": _gap},
    GapCardTurned: {"gap": _gap},
    CatastrophePlayed: {"spot": _spot},
    CardsWon: {"spots": _spots},
    BoatBuilt: {"column": _column},
    TreasuresTaken: {"columns": _columns},
}

for _family, _table in (
    ("action", CARD_ACTION_TAGS),
    ("decision", CARD_DECISION_TAGS),
    ("event", CARD_EVENT_TAGS),
    ("step", CARD_STEP_TAGS),
):
    for _tag, _cls in _table.items():
        _hooks = event_field_hooks(_cls) if _family == "event" else {}
        register_tagged(
            _tag, _cls, family=_family, structure_fields={**_hooks, **_FIELDS.get(_cls, {})}
        )
register_fields(CardConflict, structure_fields={"gap": _optional_gap})
# The public form of a draw (docs/views.md): what the other seats learn of it.
register_tagged(
    "public_cards_drawn",
    PublicCardsDrawn,
    family="event",
    structure_fields=event_field_hooks(PublicCardsDrawn),
)


# --- names of cards -------------------------------------------------------------------------

_COLOR_NAMES: Final = tuple(c.value for c in COLORS)
_CARD_NAMES: Final[dict[int, str]] = {
    **dict(enumerate(_COLOR_NAMES)),
    TREASURE: "treasure",
    **{boat.code: boat.value for boat in BOATS},
}
_COLUMN_CODES: Final = {name: code for code, name in _CARD_NAMES.items() if code != TREASURE}
_PILE_CODES: Final = {name: code for code, name in _CARD_NAMES.items() if not is_boat(code)}
_COLOR_CODES: Final = {name: code for code, name in enumerate(_COLOR_NAMES)}
_HEAD_CODES: Final = {"treasure": TREASURE, "red": _COLOR_CODES["red"]}


def _names(codes: Iterable[int]) -> list[str]:
    return [_CARD_NAMES[code] for code in codes]


def _coded(known: dict[str, int], what: str) -> Callable[[object], bytes]:
    choices = ", ".join(known)

    def read(value: object) -> bytes:
        items = need_array(value)
        out = bytearray()
        for i, item in enumerate(items):
            code = known.get(item) if isinstance(item, str) else None
            if code is None:
                raise _fail(f"expected {what} ({choices}), got {describe(item)}", f"$[{i}]")
            out.append(code)
        return bytes(out)

    return read


_column_cards = _coded(_COLUMN_CODES, "a card or a boat")
_pile_cards = _coded(_PILE_CODES, "a card")
_color_cards = _coded(_COLOR_CODES, "a colour")
_head_cards = _coded(_HEAD_CODES, "a head")


# --- the deal -------------------------------------------------------------------------------
# CardDeal is an attrs class of colours: the converter's generic layout is
# {"hands": [[colour, ...], ...], "draw_pile": [colour, ...], "set_aside": [colour, ...]}.


# --- the state ------------------------------------------------------------------------------


def _per_color(values: Iterable[int]) -> dict[str, int]:
    return dict(zip(_COLOR_NAMES, values, strict=True))


def _color_counts(value: object) -> tuple[int, int, int, int]:
    obj = need_object(value)
    check_keys(obj, _COLOR_NAMES)
    out = [at(f"$.{name}", _count, obj[name]) for name in _COLOR_NAMES]
    return (out[0], out[1], out[2], out[3])


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise _fail(f"expected true or false, got {describe(value)}")
    return value


def _unstructure_gap(card: GapCard | None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {"color": _COLOR_NAMES[card.card], "player": card.player, "face_up": card.face_up}


def _gap_reader(players: int) -> Callable[[object], GapCard | None]:
    def read(value: object) -> GapCard | None:
        if value is None:
            return None
        obj = need_object(value)
        check_keys(obj, ("color", "player", "face_up"))
        color = at("$.color", _color_cards, [obj["color"]])[0]
        return GapCard(
            color,
            at("$.player", seat(players), obj["player"]),
            at("$.face_up", _flag, obj["face_up"]),
        )

    return read


def _unstructure_leaders(state: CardGameState) -> list[dict[str, str | None]]:
    rows = []
    for player in range(state.players):
        locs = state.leaders[4 * player : 4 * player + 4]
        rows.append(
            dict(
                zip(
                    _COLOR_NAMES,
                    (None if loc is None else spot_name(loc) for loc in locs),
                    strict=True,
                )
            )
        )
    return rows


def _leader_row(value: object) -> tuple[Loc | None, ...]:
    obj = need_object(value)
    check_keys(obj, _COLOR_NAMES)
    return tuple(at(f"$.{name}", _leader_place, obj[name]) for name in _COLOR_NAMES)


def _leader_place(value: object) -> Loc | None:
    return None if value is None else parse_spot(_spot(value))


def _unstructure_turn_start(start: TurnStart | None) -> dict[str, Any] | None:
    if start is None:
        return None
    return {"hands": [_per_color(hand) for hand in start.hands]}


def _turn_start_reader(players: int) -> Callable[[object], TurnStart | None]:
    def read(value: object) -> TurnStart | None:
        if value is None:
            return None
        obj = need_object(value)
        check_keys(obj, ("hands",))
        return TurnStart(
            hands=at("$.hands", lambda v: players_of(players, _color_counts)(v), obj["hands"]),
        )

    return read


def unstructure_card_state(state: CardGameState) -> dict[str, Any]:
    """``state`` as a JSON object (docs/log-format.md)."""
    return {
        "config": unstructure(state.config),
        "heads": _names(state.heads),
        "columns": [_names(column) for column in state.columns],
        "gaps": [_unstructure_gap(card) for card in state.gaps],
        "leaders": _unstructure_leaders(state),
        "hands": [_per_color(hand) for hand in state.hands],
        "piles": [_names(pile) for pile in state.piles],
        "draw": _names(state.draw),
        "draw_pos": state.draw_pos,
        "set_aside": _names(state.set_aside),
        "out_of_game": _per_color(state.out_of_game),
        "catastrophes": list(state.catastrophes),
        "active": state.active,
        "turn": state.turn,
        "actions_taken": state.actions_taken,
        "idle_turns": state.idle_turns,
        "turn_start": _unstructure_turn_start(state.turn_start),
        "pending": unstructure(state.pending),
        "todo": [unstructure(step) for step in state.todo],
        "over": state.over,
        "end_reason": state.end_reason,
    }


_STATE_REQUIRED, _STATE_OPTIONAL = json_keys(CardGameState)


def _end_reason(value: object) -> str | None:
    if value is None or (isinstance(value, str) and value in END_REASONS):
        return value
    raise _fail(f"expected null or one of {', '.join(END_REASONS)}, got {describe(value)}")


def _decision(value: object) -> CardDecision | None:
    return cast("CardDecision | None", structure(value, CardDecision | None))


def _steps(value: object) -> tuple[Step, ...]:
    steps: tuple[Step, ...] = structure(value, tuple[Step, ...])
    return steps


def structure_card_state(obj: dict[str, Any], config: GameConfig) -> CardGameState:
    """The card-game state of the JSON object ``obj``, whose ``config`` (``config``) is
    read; :class:`FormatError` naming the bad field otherwise."""
    check_keys(obj, _STATE_REQUIRED, _STATE_OPTIONAL)
    n = config.players

    def req(name: str, read: Callable[[Any], T]) -> T:
        return at(f"$.{name}", read, obj[name])

    def opt(name: str, read: Callable[[Any], T], default: T) -> T:
        return at(f"$.{name}", read, obj[name]) if name in obj else default

    def fixed(length: int, read: Callable[[object], T]) -> Callable[[object], tuple[T, ...]]:
        def read_all(value: object) -> tuple[T, ...]:
            items = need_array(value, length)
            return tuple(at(f"$[{i}]", read, item) for i, item in enumerate(items))

        return read_all

    def per_player(read: Callable[[object], T]) -> Callable[[object], tuple[T, ...]]:
        return fixed(n, read)

    heads = req("heads", _head_cards)
    if len(heads) != TREASURE_CARDS:
        raise _fail(f"expected {TREASURE_CARDS} heads, got {len(heads)}", "$.heads")
    columns = req("columns", fixed(COLUMNS, _column_cards))
    for number, column in enumerate(columns):
        if len(column) > config.column_limit:
            raise _fail(
                f"a column holds at most {config.column_limit} cards (CARD-DEF-1), "
                f"not {len(column)}",
                f"$.columns[{number}]",
            )
    boats = [code for column in columns for code in column if is_boat(code)]
    if len(boats) != len(set(boats)):
        raise _fail("a boat is built twice (CARD-BOAT-5)", "$.columns")
    gaps = req("gaps", fixed(GAPS, _gap_reader(n)))
    leaders = tuple(loc for row in req("leaders", per_player(_leader_row)) for loc in row)
    draw = req("draw", _color_cards)
    draw_pos = req("draw_pos", _count)
    if draw_pos > len(draw):
        raise _fail(
            f"draw_pos {draw_pos} is past the end of the draw pile ({len(draw)})", "$.draw_pos"
        )
    hands = req("hands", per_player(_color_counts))
    out_of_game = req("out_of_game", _color_counts)
    return CardGameState(
        config=config,
        heads=tuple(heads),
        columns=columns,
        gaps=gaps,
        leaders=leaders,
        hands=hands,
        piles=req("piles", per_player(_pile_cards)),
        draw=draw,
        draw_pos=draw_pos,
        set_aside=req("set_aside", _color_cards),
        out_of_game=out_of_game,
        catastrophes=req("catastrophes", per_player(_flag)),
        active=opt("active", seat(n), 0),
        turn=opt("turn", _count, 0),
        actions_taken=opt("actions_taken", _count, 0),
        idle_turns=opt("idle_turns", _count, 0),
        turn_start=opt("turn_start", _turn_start_reader(n), None),
        pending=opt("pending", _decision, None),
        todo=opt("todo", _steps, ()),
        over=opt("over", _flag, False),
        end_reason=opt("end_reason", _end_reason, None),
    )


# --- the card view --------------------------------------------------------------------------
# A view is laid out like the state, with null for what the viewer may not see
# (tigris_rules.records.view_codec, docs/views.md).


def _write_gap_view(gap: GapView) -> dict[str, Any]:
    color = None if gap.color is None else gap.color.value
    return {"color": color, "player": gap.player, "face_up": gap.face_up}


def _gap_view_reader(players: int) -> Callable[[object], GapView | None]:
    def read(value: object) -> GapView | None:
        if value is None:
            return None
        obj = need_object(value)
        check_keys(obj, ("color", "player", "face_up"))
        color = at("$.color", view_codec.optional(_card_color), obj["color"])
        face_up = at("$.face_up", _flag, obj["face_up"])
        if face_up and color is None:
            raise _fail("a face-up gap card shows its colour", "$.color")
        return GapView(color, at("$.player", seat(players), obj["player"]), face_up)

    return read


def _card_color(value: object) -> Color:
    code = _COLOR_CODES.get(value) if isinstance(value, str) else None
    if code is None:
        raise _fail(f"expected a colour ({', '.join(_COLOR_CODES)}), got {describe(value)}")
    return COLORS[code]


def _write_leader_places(leaders: tuple[Loc | None, ...]) -> list[dict[str, str | None]]:
    return [
        dict(
            zip(
                _COLOR_NAMES,
                (None if loc is None else spot_name(loc) for loc in leaders[4 * p : 4 * p + 4]),
                strict=True,
            )
        )
        for p in range(len(leaders) // 4)
    ]


def _leader_places(players: int) -> Callable[[object], tuple[Loc | None, ...]]:
    def read(value: object) -> tuple[Loc | None, ...]:
        rows = players_of(players, _leader_row)(value)
        return tuple(loc for row in rows for loc in row)

    return read


def _pile_top(value: object) -> int:
    code = _PILE_CODES.get(value) if isinstance(value, str) else None
    if code is None:
        raise _fail(f"expected a card ({', '.join(_PILE_CODES)}), got {describe(value)}")
    return code


_PILE_KINDS: Final = (*_COLOR_NAMES, "treasure")


def _write_pile_counts(counts: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(_PILE_KINDS, counts, strict=True))


def _pile_counts(value: object) -> tuple[int, int, int, int, int]:
    obj = need_object(value)
    check_keys(obj, _PILE_KINDS)
    out = [at(f"$.{name}", _count, obj[name]) for name in _PILE_KINDS]
    return (out[0], out[1], out[2], out[3], out[4])


def _heads(value: object) -> tuple[int, ...]:
    return tuple(_head_cards(read_items(value, lambda v: v, TREASURE_CARDS)))


def _card_columns(value: object) -> tuple[bytes, ...]:
    return tuple(read_items(value, _column_cards, COLUMNS))


def _card_names(names: Iterable[str]) -> dict[str, Any]:
    return {"enum": list(names)}


_NULLABLE_SPOT: Final = view_codec.nullable(view_codec.ref("spot"))
_COLOR_SCHEMA: Final = view_codec.ref("color")

CARD_VIEW_FIELDS: Final[tuple[view_codec.ViewField, ...]] = view_codec.in_order(
    CardView,
    view_codec.viewer_field(),
    view_codec.config_field("cards"),
    view_codec.ViewField(
        "heads",
        _names,
        lambda _: _heads,
        {
            "type": "array",
            "items": _card_names(_HEAD_CODES),
            "minItems": TREASURE_CARDS,
            "maxItems": TREASURE_CARDS,
        },
    ),
    view_codec.ViewField(
        "columns",
        lambda columns: [_names(column) for column in columns],
        lambda _: _card_columns,
        {
            "type": "array",
            "description": "the cards of each column below its head, top first",
            "items": {"type": "array", "items": _card_names(_COLUMN_CODES)},
            "minItems": COLUMNS,
            "maxItems": COLUMNS,
        },
    ),
    view_codec.ViewField(
        "gaps",
        lambda gaps: [None if gap is None else _write_gap_view(gap) for gap in gaps],
        lambda n: lambda value: tuple(read_items(value, _gap_view_reader(n), GAPS)),
        {
            "type": "array",
            "items": view_codec.nullable(
                {
                    "type": "object",
                    "description": "color is null for a face-down card the viewer did not play",
                    "properties": {
                        "color": view_codec.nullable(_COLOR_SCHEMA),
                        "player": view_codec.SEAT,
                        "face_up": view_codec.BOOLEAN,
                    },
                    "required": ["color", "player", "face_up"],
                    "additionalProperties": False,
                }
            ),
            "minItems": GAPS,
            "maxItems": GAPS,
        },
    ),
    view_codec.ViewField(
        "leaders",
        _write_leader_places,
        _leader_places,
        view_codec.per_player(view_codec.per_color(_NULLABLE_SPOT)),
    ),
    view_codec.hands_field(),
    view_codec.counts_field("hand_sizes"),
    view_codec.counts_field("pile_sizes"),
    view_codec.ViewField(
        "pile_tops",
        lambda tops: [None if top is None else _CARD_NAMES[top] for top in tops],
        lambda n: players_of(n, view_codec.optional(_pile_top)),
        view_codec.per_player(view_codec.nullable(_card_names(_PILE_CODES))),
    ),
    view_codec.ViewField(
        "pile_counts",
        lambda piles: [None if pile is None else _write_pile_counts(pile) for pile in piles],
        lambda n: players_of(n, view_codec.optional(_pile_counts)),
        view_codec.per_player(
            view_codec.nullable(
                {
                    "type": "object",
                    "properties": dict.fromkeys(_PILE_KINDS, view_codec.COUNT),
                    "required": list(_PILE_KINDS),
                    "additionalProperties": False,
                }
            )
        ),
    ),
    view_codec.ViewField(
        "catastrophes",
        list,
        lambda n: players_of(n, _flag),
        view_codec.per_player(view_codec.BOOLEAN),
    ),
    view_codec.ViewField("draw_size", _same, lambda _: _count, view_codec.COUNT),
    view_codec.ViewField(
        "out_of_game",
        view_codec.write_color_counts,
        lambda _: _color_counts,
        view_codec.COLOR_COUNTS,
    ),
    *view_codec.flow_fields(),
    view_codec.ViewField("idle_turns", _same, lambda _: _count, view_codec.COUNT),
    view_codec.ViewField(
        "end_reason",
        _same,
        lambda _: _end_reason,
        view_codec.nullable({"enum": list(END_REASONS)}),
    ),
    *view_codec.end_fields("card_decision", CardDecision, "card_action", CardAction),
)
"""The JSON layout of a :class:`~tigris_rules.cards.view.CardView`, field by field."""


def write_card_view(view: CardView) -> dict[str, Any]:
    """A card game's player view as a JSON object, laid out by :data:`CARD_VIEW_FIELDS`."""
    return view_codec.write_view(CARD_VIEW_FIELDS, view)


def read_card_view(data: dict[str, Any], config: GameConfig) -> CardView:
    """The card game's player view of the JSON object ``data`` (of ``config``);
    :class:`FormatError` with the path and the rule ID of every promise of the card game it
    breaks (:func:`~tigris_rules.cards.state_check.card_view_problems`)."""
    view = view_codec.read_view(CARD_VIEW_FIELDS, CardView, data)
    refuse(card_view_problems(view))
    return view
