"""The promises a board-game position keeps (RULES.md Part I), checked on any state.

A state read from JSON is checked once with :func:`board_state_problems`; the rules then
trust it. Every position the rules can reach passes; a state that fails could make them
misbehave (a seat that does not exist, 200 tiles in a hand, a decision about a leader that
is not there). A player view read from JSON is checked with :func:`board_view_problems`
against the same promises, as far as the view shows them: each rule's bound is written
once, here, for both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeGuard, assert_never, cast

from tigris_rules.model.actions import MONUMENTS, StructureAction
from tigris_rules.model.board import BOARD_NAMES, board_layout
from tigris_rules.model.cells import (
    BLACK,
    BLUE,
    CATASTROPHE,
    FLIPPED,
    GREEN,
    LEADER,
    RED,
    STRUCTURE,
)
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import (
    CommitDecision,
    ConflictKind,
    Decision,
    Role,
    StructureDecision,
    TreasureDecision,
    VariantDecision,
    WarOrderDecision,
)
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.model.squares import (
    COLUMNS,
    NEIGHBOURS,
    SQUARE_COUNT,
    is_square_name,
    square_index,
    square_name,
)
from tigris_rules.model.state import NO_SQUARE, GameState
from tigris_rules.rules.components import (
    CATASTROPHES_PER_PLAYER,
    HAND_SIZE,
    TILE_COUNTS,
    TOTAL_TILES,
)
from tigris_rules.rules.hooks import Variant
from tigris_rules.rules.regions import compute_regions, fresh_regions
from tigris_rules.rules.setup import bag_contents
from tigris_rules.rules.turn import end_conditions

if TYPE_CHECKING:
    from tigris_rules.rules.ruleset import BoardRules

__all__ = [
    "CATASTROPHES_PER_PLAYER",
    "MAX_VP_PER_TURN",
    "TOTAL_TILES",
    "BoardPosition",
    "BoardSight",
    "bag_length",
    "board_state_problems",
    "board_view_problems",
]

MAX_VP_PER_TURN: Final = 2 * (TOTAL_TILES + 2) + 8
"""More VP than one player can score in one turn: two actions, each worth at most a tile's
VP (and its building bonus) or a war won with every tile of the board removed, plus the
income of six monuments and the ziggurat. Scores are bounded by it times the turns played."""

_TRADER: Final = GREEN
_TILE_CELLS: Final = frozenset({BLACK, RED, BLUE, GREEN, FLIPPED, STRUCTURE})
"""Cells that carry a tile or stand over one, so that a treasure may lie on them."""
_COLOR_NAMES: Final = ("black", "red", "blue", "green")

_Add = Callable[..., None]
_Counts = tuple[int, int, int, int]


class BoardPosition(Protocol):
    """What a board-game state and a player view both show: the configuration and its
    rules, the board, the catastrophes left and the flow of the turn. The checks of these
    fields serve both."""

    @property
    def config(self) -> GameConfig: ...
    @property
    def ruleset(self) -> Ruleset[Any, Any, Any]: ...
    @property
    def cells(self) -> tuple[int, ...]: ...
    @property
    def leaders(self) -> tuple[int, ...]: ...
    @property
    def treasures(self) -> frozenset[int]: ...
    @property
    def monuments(self) -> tuple[int, ...]: ...
    @property
    def marker(self) -> int: ...
    @property
    def placed(self) -> int: ...
    @property
    def catastrophes(self) -> tuple[int, ...]: ...
    @property
    def active(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def actions_taken(self) -> int: ...
    @property
    def short_draw(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    @property
    def pending(self) -> Decision | None: ...


class BoardSight(BoardPosition, Protocol):
    """What a player view shows besides (:class:`~tigris_rules.views.PlayerView`): hands and
    running totals where the viewer may see them (``None`` where hidden), every hand's size
    and the bag's size."""

    @property
    def hands(self) -> tuple[_Counts | None, ...]: ...
    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def scores(self) -> tuple[_Counts | None, ...]: ...
    @property
    def treasures_held(self) -> tuple[int | None, ...]: ...
    @property
    def bag_size(self) -> int: ...


def board_state_problems(state: GameState) -> list[StateProblem]:
    """Every way ``state`` breaks a promise of the board game, in a fixed order; ``[]`` for
    a position the rules can reach.

    The shape of every field is checked first (lengths, seats, counts); when a field has the
    wrong shape, only those problems are reported.
    """
    problems: list[StateProblem] = []

    def add(code: str, path: str, message: str, rule: str | None = None) -> None:
        problems.append(StateProblem(code, path, message, rule))

    _shape(state, add)
    if problems:
        return problems
    _config(state, add)
    _turn(state, add)
    _tiles(state, add)
    _leaders(state, add)
    _catastrophes(state, add)
    _treasures(state, state.treasures_held, add)
    _monuments(state, add)
    _scores(state.turn, state.scores, add)
    if not problems:  # the decision checks read squares and seats the checks above vouch for
        _decision(state, add)
    if not problems and state.config.game == "board":
        for variant in state.ruleset.variants:
            variant.state_problems(state, add)
    if not problems and not isinstance(state.pending, WarOrderDecision | CommitDecision):
        _kingdoms(state, add)
    return problems


def board_view_problems(view: BoardSight) -> list[StateProblem]:
    """Every way ``view`` (a player view, :class:`BoardSight`) breaks a promise of the board
    game, in a fixed order; ``[]`` for the view of a position the rules can reach.

    The promises are a state's (:func:`board_state_problems`), as far as the view shows
    them: hands and hand sizes of at most 6 tiles (TURN-12), a visible hand as large as its
    size; a bag no larger than the setup leaves (SETUP-4); no more tiles in sight than the
    game has, in all and per colour (COMP-4); catastrophes left within the opening's, the
    board showing the ones played (CATA-1); treasures taken and left no more than the
    board's, as many when every count is shown (COMP-7); scores within what the turns played
    can give (CONV-13); and as in a state the tiles' squares, the leaders, the monuments,
    the turn, the decision and the kingdoms. The view's reader has already checked the
    shape: one entry per player, seats, squares, counts not negative, the variants' areas.
    """
    problems: list[StateProblem] = []

    def add(code: str, path: str, message: str, rule: str | None = None) -> None:
        problems.append(StateProblem(code, path, message, rule))

    _turn(view, add)
    for p, size in enumerate(view.hand_sizes):
        _hand(add, f"$.hand_sizes[{p}]", (size,))
    for p, hand in enumerate(view.hands):
        if hand is None:
            continue
        _hand(add, f"$.hands[{p}]", hand)
        if sum(hand) != view.hand_sizes[p]:
            add(
                "hand-size",
                f"$.hands[{p}]",
                f"{sum(hand)} tiles in hand, but the hand size is {view.hand_sizes[p]}",
                "CONV-14",
            )
    bag = bag_length(view.config)
    if view.bag_size > bag:
        add(
            "bag-size",
            "$.bag_size",
            f"{view.bag_size} tiles in the bag, more than the {bag} the setup leaves",
            "SETUP-4",
        )
    face_up = Counter(c for c in view.cells if c <= GREEN)
    flipped = sum(1 for c in view.cells if c == FLIPPED)
    seen = view.bag_size + sum(view.hand_sizes) + sum(face_up.values()) + flipped
    _tile_total(add, seen, exact=False)
    shown = [face_up[c] + sum(h[c] for h in view.hands if h is not None) for c in range(4)]
    _tile_colors(add, shown)
    _tile_squares(view, add)
    _leaders(view, add)
    _catastrophes(view, add)
    _treasures(view, view.treasures_held, add)
    _monuments(view, add)
    _scores(view.turn, view.scores, add)
    if not problems:
        _decision(view, add)
    if not problems and not isinstance(view.pending, WarOrderDecision | CommitDecision):
        _kingdoms(view, add)
    return problems


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints_within(values: Collection[object], low: int, high: int) -> bool:
    """Whether every one of ``values`` is an integer (not a boolean) from ``low`` to
    ``high``. The values are typed as any object: the compiled build would otherwise take
    the type of each for ``int`` unseen."""
    if {*map(type, values)} <= {int}:  # plain integers, the usual case: checked in C
        ints = cast("Collection[int]", values)
        return not ints or low <= min(ints) <= max(ints) <= high
    return all(_is_int(v) and low <= v <= high for v in values)


_LAST_SQUARE: Final = SQUARE_COUNT - 1
"""The highest square number; a square or none is a number from ``NO_SQUARE`` (-1) to it."""


def _is_square(value: object, allow_none: bool = True) -> bool:
    return _is_int(value) and (0 <= value < SQUARE_COUNT or (allow_none and value == NO_SQUARE))


def _shape(state: GameState, add: _Add) -> None:
    """Field lengths and value ranges, so that the later checks can index freely."""
    config = state.config
    n = config.players if _is_int(config.players) else 0
    if config.board not in BOARD_NAMES or not 2 <= n <= 4:
        add("config", "$.config", "not a valid board-game configuration", "CONV-18")
        return
    _board_shape(state, add)
    _seat_shape(state, n, add)
    _counter_shape(state, n, add)


def _board_shape(state: GameState, add: _Add) -> None:
    """The board's fields: cells, leaders, treasures, monuments."""
    n = state.config.players
    if len(state.cells) != SQUARE_COUNT or not _ints_within(state.cells, 0, LEADER):
        add("shape", "$.cells", f"expected {SQUARE_COUNT} cell codes")
    if len(state.leaders) != 4 * n or not _ints_within(state.leaders, NO_SQUARE, _LAST_SQUARE):
        add("shape", "$.leaders", f"expected 4 leaders per player ({4 * n})")
    if not _ints_within(state.treasures, 0, _LAST_SQUARE):
        add("shape", "$.treasures", "expected squares")
    if len(state.monuments) != len(MONUMENTS) or not _ints_within(
        state.monuments, NO_SQUARE, _LAST_SQUARE
    ):
        add("shape", "$.monuments", f"expected {len(MONUMENTS)} monuments")


def _seat_shape(state: GameState, n: int, add: _Add) -> None:
    """The fields holding one value per seat, per colour or per variant."""
    for name in ("hands", "scores"):
        rows = getattr(state, name)
        if len(rows) != n or not all(len(r) == 4 and all(map(_is_int, r)) for r in rows):
            add("shape", f"$.{name}", f"expected one count per colour for each of {n} players")
    for name in ("catastrophes", "treasures_held"):
        if len(getattr(state, name)) != n or not all(map(_is_int, getattr(state, name))):
            add("shape", f"$.{name}", f"expected one count for each of {n} players")
    if len(state.out_of_game) != 4 or not all(map(_is_int, state.out_of_game)):
        add("shape", "$.out_of_game", "expected one count per colour")
    config = state.config
    if config.game == "board" and len(state.areas) != len(config.variants):
        add("shape", "$.areas", f"expected one area per variant ({len(config.variants)})")


def _counter_shape(state: GameState, n: int, add: _Add) -> None:
    """The bag, the squares of the turn and the counters."""
    if not _ints_within(state.bag, 0, GREEN):
        add("shape", "$.bag", "expected colours")
    for name in ("marker", "placed"):
        if not _is_square(getattr(state, name)):
            add("shape", f"$.{name}", "expected a square or null")
    for name in ("bag_pos", "turn", "actions_taken", "active"):
        value = getattr(state, name)
        if not _is_int(value) or value < 0:
            add("shape", f"$.{name}", "expected a non-negative integer")
    if _is_int(state.active) and state.active >= n:
        add("seat", "$.active", f"seat {state.active} does not exist with {n} players", "CONV-4")


def _config(state: GameState, add: _Add) -> None:
    if state.config.game != "board":
        add(
            "config-game",
            "$.config.game",
            f'a board-game state needs game "board", not {state.config.game!r}',
            "CONV-18",
        )


def _turn(state: BoardPosition, add: _Add) -> None:
    n = state.config.players
    if state.active != state.turn % n and not state.over:
        add(
            "active",
            "$.active",
            f"after {state.turn} turns seat {state.turn % n} is active, not {state.active}",
            "TURN-1",
        )
    if state.actions_taken > 2:
        add("actions-taken", "$.actions_taken", "at most 2 actions per turn", "TURN-3")
    if state.over and state.pending is not None:
        add("over-pending", "$.pending", "a decision is pending after the end of the game", "END-3")
    if state.over and not end_conditions(len(state.treasures), state.short_draw):
        add(
            "over-no-end",
            "$.over",
            f"the game is over with {len(state.treasures)} treasures on the board and no short "
            "draw: neither END-1 nor END-2 holds",
            "END-3",
        )


def _tiles(state: GameState, add: _Add) -> None:
    """COMP-4, SETUP-4, SETUP-6, TURN-12: every tile is in one place, the bag is the one the
    setup made, no hand holds more than 6."""
    for p, hand in enumerate(state.hands):
        _hand(add, f"$.hands[{p}]", hand)
    if min(state.out_of_game) < 0:
        add("out-count", "$.out_of_game", "a negative number of tiles left the game")
    setup = bag_contents(state.config)
    bag = bag_length(state.config)
    if len(state.bag) != bag:
        add(
            "bag-size",
            "$.bag",
            f"the bag holds {len(state.bag)} tiles, drawn or not; the setup leaves {bag}",
            "SETUP-4",
        )
    if state.bag_pos > len(state.bag):
        add("bag-pos", "$.bag_pos", f"past the end of the bag ({len(state.bag)})")
        return
    in_bag = Counter(state.bag)
    for c, name in enumerate(_COLOR_NAMES):
        if in_bag[c] > setup[c]:
            add("bag-colors", "$.bag", f"{in_bag[c]} {name} tiles, more than {setup[c]}", "SETUP-4")
    rest = Counter(state.bag[state.bag_pos :])
    on_board = Counter(state.cells)  # the face-up tiles by colour code, the flipped ones
    known = [
        rest[c] + sum(h[c] for h in state.hands) + on_board[c] + state.out_of_game[c]
        for c in range(4)
    ]
    _tile_total(add, sum(known) + on_board[FLIPPED], exact=True)
    _tile_colors(add, known)
    _tile_squares(state, add)


def bag_length(config: GameConfig) -> int:
    """How many tiles the setup of ``config`` leaves in the bag once the hands are dealt
    (SETUP-4, SETUP-6)."""
    return sum(bag_contents(config)) - HAND_SIZE * config.players


def _hand(add: _Add, path: str, counts: Sequence[int]) -> None:
    """TURN-12: a hand (its tiles per colour, or its size alone) holds at most 6 tiles."""
    if min(counts) < 0:
        add("hand-count", path, "a hand holds a negative number of tiles")
    elif sum(counts) > HAND_SIZE:
        add("hand-size", path, f"{sum(counts)} tiles in hand, more than {HAND_SIZE}", "TURN-12")


def _tile_total(add: _Add, total: int, *, exact: bool) -> None:
    """COMP-4: the game has 153 tiles; ``total`` counts them all when ``exact``, else those in
    sight (a view does not show the tiles out of the game)."""
    if total > TOTAL_TILES or (exact and total != TOTAL_TILES):
        where = "bag, hands, board and out of the game" if exact else "bag, hands and board"
        add("tile-count", "$", f"{total} tiles in {where}, not {TOTAL_TILES}", "COMP-4")


def _tile_colors(add: _Add, known: Sequence[int]) -> None:
    """COMP-4: no more tiles of a colour in sight than the game has."""
    for c, name in enumerate(_COLOR_NAMES):
        if known[c] > TILE_COUNTS[c]:
            add(
                "tile-colors", "$", f"{known[c]} {name} tiles, more than {TILE_COUNTS[c]}", "COMP-4"
            )


_MISPLACED: Final = frozenset({(BLACK, True), (RED, True), (BLUE, False), (GREEN, True)})
"""A cell code and whether its square is a river square, for a tile on the wrong kind."""


def _tile_squares(state: BoardPosition, add: _Add) -> None:
    """TILE-3, TILE-4: blue tiles on the river, the others on land."""
    river = board_layout(state.config.board).river
    if _MISPLACED.isdisjoint(zip(state.cells, river, strict=True)):
        return  # the usual case, seen at once
    for square, code in enumerate(state.cells):
        if (code, river[square]) in _MISPLACED:
            add(
                "tile-square",
                f"$.cells.{square_name(square)}",
                f"a {_COLOR_NAMES[code]} tile on a {'river' if river[square] else 'land'} square",
                "TILE-3" if code == BLUE else "TILE-4",
            )


def _leaders(state: BoardPosition, add: _Add) -> None:
    """CONV-5, LEADER-6, LEADER-11: each leader in one place, on land, beside a temple, and
    the board shows exactly the leaders placed."""
    cells = state.cells
    river = board_layout(state.config.board).river
    seen: set[int] = set()
    shown = 0  # the squares of leaders that hold a leader cell
    for flat, square in enumerate(state.leaders):
        if square == NO_SQUARE:
            continue
        path = f"$.leaders[{flat // 4}].{_COLOR_NAMES[flat % 4]}"
        name = square_name(square)
        first = square not in seen
        if not first:
            add("leader-shared", path, f"two leaders stand on {name}", "CONV-5")
        seen.add(square)
        if cells[square] != LEADER:
            add("leader-cell", path, f"a leader stands on {name}, but the cell is not a leader")
            continue
        shown += first
        if river[square]:
            add("leader-river", path, f"a leader stands on the river square {name}", "LEADER-6")
        elif not any(cells[s] == RED for s in NEIGHBOURS[square]):
            add("leader-temple", path, f"the leader on {name} touches no temple", "LEADER-11")
    if cells.count(LEADER) == shown:
        return  # every leader cell holds a leader: the usual case, counted at once
    for square, code in enumerate(cells):
        if code == LEADER and square not in seen:
            add("leader-cell", f"$.cells.{square_name(square)}", "a leader cell with no leader")


def _catastrophes(state: BoardPosition, add: _Add) -> None:
    """CATA-1: each player has the catastrophes the opening gave him (2, COMP-5, unless a
    variant's setup changes it); the board shows the ones used."""
    start = _opening_catastrophes(state.config)
    for p, left in enumerate(state.catastrophes):
        if not 0 <= left <= start[p]:
            add("catastrophes", f"$.catastrophes[{p}]", f"{left} catastrophes left", "CATA-1")
            return
    used = sum(s - c for s, c in zip(start, state.catastrophes, strict=True))
    on_board = sum(1 for c in state.cells if c == CATASTROPHE)
    if on_board != used:
        add(
            "catastrophes",
            "$.cells",
            f"{on_board} catastrophes on the board, but {used} were played",
            "CATA-1",
        )


@lru_cache(maxsize=64)
def _opening_catastrophes(config: GameConfig) -> tuple[int, ...]:
    """The catastrophes each player starts a game of ``config`` with: the opening's, when a
    variant changes the opening (:meth:`~tigris_rules.rules.hooks.Variant.setup`)."""
    ruleset = cast("BoardRules", ruleset_for(config))
    if all(type(v).setup is Variant.setup for v in ruleset.variants):
        return (CATASTROPHES_PER_PLAYER,) * config.players
    return ruleset.new_game(seed=0).catastrophes


def _treasures(state: BoardPosition, held: Sequence[int | None], add: _Add) -> None:
    """COMP-7, TREAS-1, TREAS-8: treasures stay on their start squares, on a tile, until
    taken; taken (``held``, ``None`` where hidden) and left add up to the board's count, or
    to no more while a count is hidden."""
    starts = board_layout(state.config.board).start_squares
    for square in sorted(state.treasures):
        if square not in starts:
            add("treasure-square", "$.treasures", f"no treasure starts on {square_name(square)}")
        elif state.cells[square] not in _TILE_CELLS:
            add(
                "treasure-square",
                "$.treasures",
                f"the treasure on {square_name(square)} lies on no tile",
                "TREAS-1",
            )
    if not state.treasures:
        add("treasure-none", "$.treasures", "no treasure is left on the board", "END-1")
    shown = [h for h in held if h is not None]
    for p, count in enumerate(held):
        if count is not None and count < 0:
            add("treasures-held", f"$.treasures_held[{p}]", "a negative number of treasures")
            return
    total = len(state.treasures) + sum(shown)
    if total > len(starts) or (len(shown) == len(held) and total != len(starts)):
        add(
            "treasure-count",
            "$.treasures_held",
            f"{total} treasures on the board and taken, not {len(starts)}",
            "COMP-7",
        )


def _block(top_left: int) -> tuple[int, int, int, int]:
    return (top_left, top_left + 1, top_left + COLUMNS, top_left + COLUMNS + 1)


def _monuments(state: BoardPosition, add: _Add) -> None:
    """MON-6, MON-7: a built monument stands on a 2x2 block of flipped tiles, and flipped
    tiles are found only under monuments."""
    cells = state.cells
    covered: set[int] = set()
    for monument, top_left in zip(MONUMENTS, state.monuments, strict=True):
        if top_left == NO_SQUARE:
            continue
        path = f"$.monuments.{monument.value}"
        if top_left % COLUMNS == COLUMNS - 1 or top_left + COLUMNS + 1 >= SQUARE_COUNT:
            add("monument-block", path, f"no 2x2 block starts at {square_name(top_left)}", "MON-6")
            continue
        block = _block(top_left)
        if covered.intersection(block):
            add("monument-block", path, "two monuments share a square", "MON-6")
        covered.update(block)
        if any(cells[s] != FLIPPED for s in block):
            add("monument-block", path, "the block is not four flipped tiles", "MON-6")
    if cells.count(FLIPPED) == sum(cells[s] == FLIPPED for s in covered):
        return  # every flipped tile lies under a monument: the usual case, counted at once
    stray = [s for s, c in enumerate(cells) if c == FLIPPED and s not in covered]
    if stray:
        add(
            "flipped-tile",
            f"$.cells.{square_name(stray[0])}",
            "a flipped tile under no monument",
            "MON-7",
        )


def _scores(turn: int, scores: Sequence[Sequence[int] | None], add: _Add) -> None:
    """CONV-13: VP start at 0 and only grow, by at most :data:`MAX_VP_PER_TURN` a turn
    (``None``: totals the viewer may not see)."""
    bound = (turn + 1) * MAX_VP_PER_TURN
    for p, vp in enumerate(scores):
        if vp is None:
            continue
        if min(vp) < 0:
            add("score", f"$.scores[{p}]", "a negative score", "CONV-13")
        elif sum(vp) > bound:
            add("score", f"$.scores[{p}]", f"more VP than {turn + 1} turns can give", "CONV-13")


def _square(name: object) -> int | None:
    return square_index(name) if is_square_name(name) else None  # type: ignore[arg-type]


def _decision(state: BoardPosition, add: _Add) -> None:
    """CONV-15: the pending decision names existing players, squares and colours that fit
    the position."""
    pending = state.pending
    _turn_squares(state, add)
    if pending is None:
        return
    path = "$.pending"
    if not _is_int(pending.player) or not 0 <= pending.player < state.config.players:
        add("decision-seat", f"{path}.player", f"seat {pending.player} does not exist", "CONV-4")
        return
    if isinstance(pending, WarOrderDecision | StructureDecision) and pending.player != state.active:
        add("decision-seat", f"{path}.player", "the decision belongs to the active player")
    match pending:
        case WarOrderDecision():
            colors = pending.colors
            if len(colors) < 2 or len(set(colors)) != len(colors) or state.marker == NO_SQUARE:
                add("decision", f"{path}.colors", "a war order needs 2 or more wars", "WAR-4")
        case CommitDecision():
            _commit(state, pending, add)
        case StructureDecision():
            _structure(state, pending, add)
        case VariantDecision():
            owners = [v for v in state.ruleset.variants if isinstance(pending, v.decisions)]
            if not owners or state.config.game != "board":
                what = type(pending).__name__
                add("variant", path, f"no variant of the configuration asks a {what}", "COMP-8")
        case TreasureDecision():
            _treasure_decision(state, pending, add)
        case _:
            assert_never(pending)


def _turn_squares(state: BoardPosition, add: _Add) -> None:
    """WAR-1: the unification marker lies on a face-up tile, during a war only; TURN-6: the
    tile just placed is on the board."""
    if state.marker != NO_SQUARE and state.cells[state.marker] > GREEN:
        add("marker", "$.marker", "the unification marker lies on no face-up tile", "WAR-1")
    if state.placed != NO_SQUARE and state.cells[state.placed] > GREEN:
        add("placed", "$.placed", "the tile just placed is not on the board", "TURN-6")
    pending = state.pending
    in_war = isinstance(pending, WarOrderDecision) or (
        isinstance(pending, CommitDecision) and pending.conflict.kind is ConflictKind.WAR
    )
    if state.marker != NO_SQUARE and not in_war and not state.over:
        add("marker", "$.marker", "the unification marker outside a war", "WAR-1")


def _treasure_decision(state: BoardPosition, pending: TreasureDecision, add: _Add) -> None:
    """TREAS-5: the treasures named lie on the board, the candidates among them."""
    treasures = [_square(s) for s in pending.treasures]
    candidates = [_square(s) for s in pending.candidates]
    if (
        len(candidates) < 2
        or len(set(treasures)) != len(treasures)
        or not set(candidates) <= set(treasures)
        or not set(treasures) <= state.treasures
    ):
        add("decision", "$.pending", "the treasures named must lie in one kingdom", "TREAS-5")


def _commit(state: BoardPosition, pending: CommitDecision, add: _Add) -> None:
    """A pending commitment: two players (CONV-4) whose leaders stand where the conflict says
    (CONV-15), the attacker asked first (WAR-10, REVOLT-6), strengths that count tiles (WAR-7,
    REVOLT-3)."""
    path = "$.pending.conflict"
    conflict = pending.conflict
    n = state.config.players
    seats_ok = all(_is_int(p) and 0 <= p < n for p in (conflict.attacker, conflict.defender))
    if not seats_ok or conflict.attacker == conflict.defender:
        add("decision-seat", path, "the two sides must be two existing players", "CONV-4")
        return
    attacker = _square(conflict.attacker_square)
    defender = _square(conflict.defender_square)
    color = conflict.color.index
    if (
        attacker is None
        or defender is None
        or state.leaders[4 * conflict.attacker + color] != attacker
        or state.leaders[4 * conflict.defender + color] != defender
    ):
        add("decision", path, "the leaders in conflict are not on their squares", "CONV-15")
    role_player = conflict.attacker if pending.role is Role.ATTACKER else conflict.defender
    if pending.player != role_player:
        add("decision-seat", "$.pending.player", "the decision is not that side's", "CONV-15")
    committed = conflict.attacker_commit
    if (pending.role is Role.DEFENDER) != (committed is not None):
        add("decision", path, "the attacker commits first, then the defender", "WAR-10")
    bases = (conflict.attacker_base, conflict.defender_base, committed or 0)
    if not all(_is_int(b) and 0 <= b <= TOTAL_TILES for b in bases):
        add("decision", path, "strengths must be counts of tiles", "WAR-7")
    if conflict.kind is ConflictKind.WAR and state.marker == NO_SQUARE:
        add("decision", path, "a war without the unification marker", "WAR-1")


def _structure(state: BoardPosition, pending: StructureDecision, add: _Add) -> None:
    """MON-3, MON-4: the blocks offered are blocks for available monuments; the other
    structures belong to a variant of the configuration (which checks them)."""
    path = "$.pending"
    cells = state.cells
    for monument, block in pending.monuments:
        top_left = _square(block)
        if (
            top_left is None
            or state.monuments[monument.index] != NO_SQUARE
            or top_left % COLUMNS == COLUMNS - 1
            or top_left + COLUMNS + 1 >= SQUARE_COUNT
            or len({cells[s] for s in _block(top_left)}) != 1
            or cells[top_left] not in {c.index for c in monument.colors}
        ):
            add(
                "decision",
                f"{path}.monuments",
                f"{monument.value} cannot stand on {block}",
                "MON-3",
            )
    owned = cast("BoardRules", state.ruleset).variant_inputs if state.config.game == "board" else ()
    for offer in pending.structures:
        if not isinstance(offer, StructureAction) or not isinstance(offer, owned):
            what = type(offer).__name__
            add(
                "variant",
                f"{path}.structures",
                f"no variant of the configuration offers {what}",
                "COMP-8",
            )
    if not pending.monuments and not pending.structures:
        add("decision", path, "a structure decision offers nothing", "MON-4")


def _kingdoms(state: BoardPosition, add: _Add) -> None:
    """CONV-9, WAR: no kingdom holds two leaders of one colour outside a conflict; TREAS-2:
    a trader's kingdom keeps at most one treasure once the action is complete."""
    if isinstance(state, GameState):
        regions = fresh_regions(state)
    else:
        regions = compute_regions(state.cells, state.leaders)
    settled = state.pending is None
    for region, leaders in enumerate(regions.leaders):
        colors = [f % 4 for f in leaders]
        if len(colors) != len(set(colors)):
            add(
                "kingdom-leaders", "$.leaders", "a kingdom holds two leaders of one colour", "WAR-1"
            )
        if settled and _TRADER in colors:
            count = sum(1 for t in state.treasures if regions.label[t] == region)
            if count >= 2:
                add(
                    "kingdom-treasures",
                    "$.treasures",
                    f"a trader's kingdom with {count} treasures",
                    "TREAS-2",
                )
