"""The game state: one frozen value holding everything about a game in progress."""

from __future__ import annotations

import copy
import functools
from typing import Any, Final

import attrs

from tigris_rules.errors import ArgumentValueError
from tigris_rules.model.board import BoardLayout, board_layout
from tigris_rules.model.colors import COLORS, Color
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import Decision
from tigris_rules.model.fields import InView, InWork, kept
from tigris_rules.model.pens import position_repr, svg_picture, text_picture
from tigris_rules.model.ruleset import Ruleset, ruleset_for
from tigris_rules.model.squares import square_name

__all__ = ["NO_SQUARE", "GameState", "StateCache", "adopt", "assemble"]

NO_SQUARE: Final = -1
"""Square number meaning "not on the board" (a leader in supply, an available monument)."""


class StateCache:
    """What the rules compute once per state and keep with it (never written, compared or
    copied): each slot ``None`` until computed, or given when the engine builds the state.
    The values are the rules' own (the model
    does not know their classes): their readers check them with ``isinstance``."""

    __slots__ = ("facts", "lifted", "no_claim", "regions", "targets")

    def __init__(
        self,
        facts: object = None,
        regions: object = None,
        no_claim: object = None,
        targets: object = None,
    ) -> None:
        self.facts: object = facts
        """The fixed facts of the configuration (``rules.work.Work``)."""
        self.regions: object = regions
        """The regions of the board (``rules.regions.regions_of``)."""
        self.lifted: object = None
        """The regions with a leader lifted by the last leader check (``rules.legality``)."""
        self.targets: object = targets
        """The squares each main action may aim at (``rules.targets``), handed on by the
        engine when the input changed none of the fields they are read from."""
        self.no_claim: object = no_claim
        """``True`` when the engine knows that no kingdom holding a trader holds two
        treasures (TREAS-2), so that the next treasure check has nothing to find
        (``rules.work.Work.claims_settled``)."""

    def __bool__(self) -> bool:
        """Whether anything is kept."""
        return any(getattr(self, name) is not None for name in self.__slots__)


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

    Each field says in its metadata (:func:`~tigris_rules.model.fields.kept`) what the
    working copy ``rules.work.Work`` and :class:`~tigris_rules.views.PlayerView` do with it;
    the JSON may leave out the fields that have a default. The bag and the tiles out of the
    game are never shown (CONV-14(d), CONV-14(e)); a view shows the bag's size instead.
    """

    config: GameConfig = attrs.field(metadata=kept(InWork.FIXED, InView.PUBLIC))
    cells: tuple[int, ...] = attrs.field(metadata=kept(InWork.THAWED, InView.PUBLIC))
    leaders: tuple[int, ...] = attrs.field(metadata=kept(InWork.THAWED, InView.PUBLIC))
    treasures: frozenset[int] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    monuments: tuple[int, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    hands: tuple[tuple[int, int, int, int], ...] = attrs.field(
        metadata=kept(InWork.REPLACED, InView.PER_SEAT)
    )
    bag: tuple[int, ...] = attrs.field(metadata=kept(InWork.FIXED, InView.HIDDEN))
    bag_pos: int = attrs.field(metadata=kept(InWork.REPLACED, InView.HIDDEN))
    catastrophes: tuple[int, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PUBLIC))
    scores: tuple[tuple[int, int, int, int], ...] = attrs.field(
        metadata=kept(InWork.REPLACED, InView.PER_SEAT)
    )
    treasures_held: tuple[int, ...] = attrs.field(metadata=kept(InWork.REPLACED, InView.PER_SEAT))
    out_of_game: tuple[int, int, int, int] = attrs.field(
        metadata=kept(InWork.REPLACED, InView.HIDDEN)
    )
    areas: tuple[object, ...] = attrs.field(
        default=(), metadata=kept(InWork.THAWED, InView.FILTERED)
    )
    active: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    turn: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    actions_taken: int = attrs.field(default=0, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    short_draw: bool = attrs.field(default=False, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    marker: int = attrs.field(default=NO_SQUARE, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    placed: int = attrs.field(default=NO_SQUARE, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    pending: Decision | None = attrs.field(
        default=None, metadata=kept(InWork.REPLACED, InView.PUBLIC)
    )
    over: bool = attrs.field(default=False, metadata=kept(InWork.REPLACED, InView.PUBLIC))
    _cache: StateCache = attrs.field(
        factory=StateCache, eq=False, repr=False, init=False, hash=False
    )

    def __getstate__(self) -> dict[str, object]:
        """The fields only: the private cache and the ruleset are found again from them (the
        cache may hold values of the compiled build, which do not pickle)."""
        return {a.name: getattr(self, a.name) for a in _INIT_FIELDS}

    def __setstate__(self, fields: dict[str, object]) -> None:
        values = dict(fields)
        values["_cache"] = StateCache()
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

    def __repr__(self) -> str:
        """The call that gives this state back: ``read_position('...')``, its position string
        with the hidden parts (:func:`tigris_rules.read_position`); field by field for a
        position its game cannot write (one built by hand that breaks its promises)."""
        return position_repr(self) or _field_repr(self)

    def __str__(self) -> str:
        """The position drawn as text: the board or table, the players, whose turn it is and
        what is awaited, as the game's ruleset draws it (``text_state``)."""
        return text_picture(self) or repr(self)

    def _repr_svg_(self) -> str | None:
        """The board as SVG, for Jupyter: the picture the game's ruleset draws
        (``ruleset.svg_board``, :class:`tigris_rules.render.GamePictures`), ``None`` when
        it draws none. The ruleset imports the renderer when asked; the model names none."""
        return svg_picture(self)

    def score(self, player: int) -> dict[Color, int]:
        """``player``'s VP per colour."""
        return dict(zip(COLORS, self.scores[player], strict=True))


_INIT_FIELDS = tuple(a for a in attrs.fields(GameState) if a.init)
"""The fields of a state, without its private cache."""

_FIELD_NAMES: Final = frozenset(a.name for a in _INIT_FIELDS)


def assemble(values: dict[str, object]) -> GameState:
    """The state whose fields are ``values`` (every field of :class:`GameState` but the
    cache, by name), built without the generated ``__init__``.

    For the engine's hot path, which freezes a new state after every input: the values come
    from the engine itself, already of the right types, so nothing is converted or checked
    but their names. ``values`` becomes the new state's own attribute dictionary and must
    not be used again. Raises :class:`~tigris_rules.errors.ArgumentValueError` naming the
    missing and unknown fields when ``values`` does not name exactly the state's fields.
    """
    if values.keys() != _FIELD_NAMES:
        raise _incomplete(values)
    state: GameState = object.__new__(GameState)
    values["_cache"] = StateCache()
    object.__setattr__(state, "__dict__", values)
    return state


def adopt(values: dict[str, object]) -> GameState:
    """The state whose attribute dictionary is ``values``, as the engine's working copy
    builds it after every input: every field of :class:`GameState` by name, its cache
    (``_cache``) and its ruleset (``ruleset``). Nothing is checked: the working copy writes
    each field by name, as the test suite checks against the fields' metadata, and a copy of
    a state's own dictionary with a field replaced by a value of its type is as sound; any
    other caller uses :func:`assemble`. ``values`` must not be used again."""
    state: GameState = object.__new__(GameState)
    object.__setattr__(state, "__dict__", values)
    return state


def _incomplete(values: dict[str, object]) -> ArgumentValueError:
    names = [field.name for field in _INIT_FIELDS]
    missing = [name for name in names if name not in values]
    unknown = [repr(key) for key in values if key not in names]
    return ArgumentValueError(
        f"assemble needs the {len(names)} fields of GameState, got {len(values)}: "
        f"missing {', '.join(missing) or 'none'}; unknown {', '.join(unknown) or 'none'}"
    )


def _field_repr(state: GameState) -> str:
    """``state`` field by field, as ``attrs`` would write it."""
    fields = ", ".join(
        f"{a.name}={getattr(state, a.name)!r}" for a in attrs.fields(GameState) if a.init
    )
    return f"GameState({fields})"
