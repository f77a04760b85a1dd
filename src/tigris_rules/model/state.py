"""The game state: one frozen value holding everything about a game in progress."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, ClassVar, Final

import attrs

from tigris_rules.errors import ArgumentValueError
from tigris_rules.model.board import BoardLayout, board_layout
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.fields import InJson, InView, InWork, StateField
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.model.squares import square_name

__all__ = ["NO_SQUARE", "STATE_FIELDS", "GameState", "assemble"]

NO_SQUARE: Final = -1
"""Square number meaning "not on the board" (a leader in supply, an available monument)."""


@attrs.frozen(slots=False)
class GameState:
    """A complete, immutable game position.

    Squares are numbers 0..175 (``tigris_rules.model.squares``) and colours canonical
    indices 0..3 in the fields; the accessor methods give names and :class:`Color` values.

    - ``cells``: the flat board, one code per square (``tigris_rules.model.cells``).
    - ``leaders``: square of each leader, ``leaders[4 * player + colour]``, ``NO_SQUARE`` when
      in supply.
    - ``treasures``: squares still holding a treasure.
    - ``monuments``: for each :class:`Monument` in order, the top-left square of its block,
      ``NO_SQUARE`` while available.
    - ``hands``: per player, tile counts per colour.
    - ``bag``/``bag_pos``: every bag tile in draw order and how many have been drawn.
    - ``catastrophes``: catastrophes each player has left.
    - ``scores``: per player, VP per colour; ``treasures_held``: treasures taken per player.
    - ``out_of_game``: tiles that left the game, per colour (CONV-12).
    - ``areas``: the variants' own data, one frozen value (or ``None``) per variant of the
      configuration in canonical order (``ruleset.variants``); each variant reads its own
      (:meth:`~tigris_rules.rules.hooks.Variant.area`).
    - ``active``: the active player; ``turn``: how many turns ended before this one;
      ``actions_taken``: actions completed this turn; ``short_draw``: a draw was short this
      turn (END-2).
    - ``marker``: the square of the unification marker during wars (WAR-1);
      ``placed``: the tile just placed while its tile action is in progress.
    - ``pending``: the decision awaited, or ``None`` when it is the choice of action.
    - ``over``: the game has ended (END-3).

    :data:`STATE_FIELDS` says what the working copy, the JSON and a player view do with each
    field: a new field goes there too.
    """

    config: GameConfig
    cells: tuple[int, ...]
    leaders: tuple[int, ...]
    treasures: frozenset[int]
    monuments: tuple[int, ...]
    hands: tuple[tuple[int, int, int, int], ...]
    bag: tuple[int, ...]
    bag_pos: int
    catastrophes: tuple[int, ...]
    scores: tuple[tuple[int, int, int, int], ...]
    treasures_held: tuple[int, ...]
    out_of_game: tuple[int, int, int, int]
    areas: tuple[object, ...] = ()
    active: int = 0
    turn: int = 0
    actions_taken: int = 0
    short_draw: bool = False
    marker: int = NO_SQUARE
    placed: int = NO_SQUARE
    pending: Decision | None = None
    over: bool = False
    _cache: dict[str, object] = attrs.field(
        factory=dict, eq=False, repr=False, init=False, hash=False
    )

    def __getstate__(self) -> dict[str, object]:
        """The fields only: the private cache and the ruleset are found again from them (the
        cache may hold values of the compiled build, which do not pickle)."""
        return {a.name: getattr(self, a.name) for a in _INIT_FIELDS}

    def __setstate__(self, fields: dict[str, object]) -> None:
        values = dict(fields)
        values["_cache"] = {}
        object.__setattr__(self, "__dict__", values)

    def __deepcopy__(self, memo: dict[int, object]) -> GameState:
        """An equal state whose fields are copies; its private cache starts empty."""
        fields = {a.name: copy.deepcopy(getattr(self, a.name), memo) for a in _INIT_FIELDS}
        return GameState(**fields)

    @functools.cached_property
    def ruleset(self) -> Ruleset[Any, Any, Any]:
        """The rules this game follows: the base game and the configuration's variants
        (found once, then kept by the state; the engine hands it on to the next state). The
        rules layer knows it as its own ``BoardRules``; the model names only the abstract
        ruleset, as it imports nothing above it."""
        return ruleset_for(self.config)

    @property
    def layout(self) -> BoardLayout:
        """The board's fixed geometry."""
        return board_layout(self.config.board)

    @property
    def bag_size(self) -> int:
        """How many tiles are left in the bag."""
        return len(self.bag) - self.bag_pos

    def hand(self, player: int) -> dict[Color, int]:
        """``player``'s tiles by colour."""
        return dict(zip(COLORS, self.hands[player], strict=True))

    def leader_square(self, player: int, color: Color) -> str | None:
        """The square of ``player``'s leader of ``color``, or ``None`` if it is in supply."""
        square = self.leaders[4 * player + color.index]
        return None if square == NO_SQUARE else square_name(square)

    _repr_svg_: ClassVar[Callable[[GameState], str]]
    """The board as SVG, for Jupyter: installed by :mod:`tigris_rules.render.svg`, which
    ``import tigris_rules`` loads (the model imports nothing from the layers above it)."""

    def score(self, player: int) -> dict[Color, int]:
        """``player``'s VP per colour."""
        return dict(zip(COLORS, self.scores[player], strict=True))


STATE_FIELDS: Final = (
    StateField("config", InWork.FIXED, InJson.REQUIRED, InView.PUBLIC),
    StateField("cells", InWork.THAWED, InJson.REQUIRED, InView.PUBLIC),
    StateField("leaders", InWork.THAWED, InJson.REQUIRED, InView.PUBLIC),
    StateField("treasures", InWork.REPLACED, InJson.REQUIRED, InView.PUBLIC),
    StateField("monuments", InWork.REPLACED, InJson.REQUIRED, InView.PUBLIC),
    StateField("hands", InWork.REPLACED, InJson.REQUIRED, InView.PER_SEAT),
    StateField("bag", InWork.FIXED, InJson.REQUIRED, InView.HIDDEN),
    StateField("bag_pos", InWork.REPLACED, InJson.REQUIRED, InView.HIDDEN),
    StateField("catastrophes", InWork.REPLACED, InJson.REQUIRED, InView.PUBLIC),
    StateField("scores", InWork.REPLACED, InJson.REQUIRED, InView.PER_SEAT),
    StateField("treasures_held", InWork.REPLACED, InJson.REQUIRED, InView.PER_SEAT),
    StateField("out_of_game", InWork.REPLACED, InJson.REQUIRED, InView.HIDDEN),
    StateField("areas", InWork.THAWED, InJson.OPTIONAL, InView.FILTERED),
    StateField("active", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("turn", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("actions_taken", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("short_draw", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("marker", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("placed", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("pending", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
    StateField("over", InWork.REPLACED, InJson.OPTIONAL, InView.PUBLIC),
)
"""The field table of :class:`GameState` (:mod:`tigris_rules.model.fields`), one row per
field in order: the working copy ``rules.work.Work``, the JSON codec and
:class:`~tigris_rules.views.PlayerView` follow it. The bag and the tiles out of the game are
never shown (CONV-14(d), CONV-14(e)); a view shows the bag's size instead."""

_FIELD_COUNT: Final = sum(1 for field in attrs.fields(GameState) if field.init)


_INIT_FIELDS = tuple(a for a in attrs.fields(GameState) if a.init)
"""The fields of a state, without its private cache."""


def assemble(values: dict[str, object]) -> GameState:
    """The state whose fields are ``values`` (every field of :class:`GameState` but the
    cache, by name), built without the generated ``__init__``.

    For the engine's hot path, which freezes a new state after every input: the values come
    from the engine itself, already of the right types, so nothing is converted or checked
    but their number. ``values`` becomes the new state's own attribute dictionary and must
    not be used again. Raises :class:`~tigris_rules.errors.ArgumentValueError` naming the
    missing and unknown fields when ``values`` does not hold as many as the state has.
    """
    if len(values) != _FIELD_COUNT:
        raise _incomplete(values)
    state: GameState = object.__new__(GameState)
    values["_cache"] = {}
    object.__setattr__(state, "__dict__", values)
    return state


def _incomplete(values: dict[str, object]) -> ArgumentValueError:
    names = [field.name for field in attrs.fields(GameState) if field.init]
    missing = [name for name in names if name not in values]
    unknown = [repr(key) for key in values if key not in names]
    return ArgumentValueError(
        f"assemble needs the {len(names)} fields of GameState, got {len(values)}: "
        f"missing {', '.join(missing) or 'none'}; unknown {', '.join(unknown) or 'none'}"
    )
