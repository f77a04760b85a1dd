"""Extension points: where variants plug into the base rules (docs/variants.md).

A variant is one :class:`Variant` subclass in a module (or small package) of its own,
declared as an entry point of the group ``tigris_rules.variants``
(:mod:`tigris_rules.model.plugins`). It owns its data (a frozen value in its own slot of the
state, :meth:`Variant.area`), its inputs, decisions and events, and every surface of them.
Every hook has a do-nothing default, so a variant implements only the moments it changes.
The base rules call the hooks of the configuration's variants, in canonical order, and never
name a variant.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar, cast

import attrs
import cattrs

from tigris_rules.model.actions import Action, VariantAction
from tigris_rules.model.decisions import CommitDecision, Decision
from tigris_rules.model.events import VariantEvent
from tigris_rules.model.pens import Legend, SvgPen, TextPen
from tigris_rules.model.state import GameState

if TYPE_CHECKING:  # the working copy holds the hooks of its configuration
    import random
    from collections.abc import Sequence

    from tigris_rules.model.config import GameConfig
    from tigris_rules.model.observations import ObservationSegment
    from tigris_rules.notation import NotationVerb
    from tigris_rules.rules.work import Position, Work
    from tigris_rules.views import PlayerView

__all__ = ["AddProblem", "Hooks", "Rejection", "Restriction", "Resume", "Variant", "hooks_of"]

AreaT = TypeVar("AreaT")


class AddProblem(Protocol):
    """How a variant reports a problem of a state: ``add(code, json_path, message, rule)``."""

    def __call__(self, code: str, path: str, message: str, rule: str | None = None) -> None: ...


class Resume(Enum):
    """Where the base flow goes on after a variant resolved one of its own answers."""

    AFTER_WARS = "after wars"
    """Go on with TURN-6 step (4): the next variants' :meth:`Variant.after_wars`, then the
    structure decision (after a building decision, say)."""
    END_OF_ACTION = "end of action"
    """End the action (TURN-10), e.g. after a structure the variant built."""
    INCOME = "income"
    """Go on with TURN-11(b): the next variants' :meth:`Variant.turn_income`, then the
    refills (after an income decision)."""


class Rejection(NamedTuple):
    """Why a variant forbids an input: the ID of its rule and a sentence a player
    understands."""

    rule: str
    reason: str


Restriction = Rejection | Mapping[int, Rejection] | None
"""What :meth:`Variant.restrict_main` forbids of one kind of main action: all of it (a
:class:`Rejection`), the actions naming some squares (square number: its rejection), or
nothing (``None``)."""


class Variant(Generic[AreaT]):
    """Base class of variants. Each hook says when the base rules call it.

    A ruleset makes one instance of each of its variants, numbered in canonical order:
    :attr:`slot` is that number, the index of the variant's area in ``state.areas``.
    """

    name: ClassVar[str]
    """The variant's name in :attr:`GameConfig.variants` (and its entry point's name)."""
    order: ClassVar[int] = 100
    """Its place in canonical order (then by name): the order its hooks run in."""
    inputs: ClassVar[tuple[type, ...]] = ()
    """The input (action and answer) classes this variant defines: read and written in JSON
    under their tags, listed by the action encoding. The variant resolves them itself
    (:meth:`resolve`), also under a base decision: the base rules check an answer deriving
    from :class:`~tigris_rules.model.actions.StructureAction` against the options of the
    structure decision (:meth:`structures`)."""
    decisions: ClassVar[tuple[type, ...]] = ()
    """Decision types this variant asks; it answers for their legality and resolution."""
    events: ClassVar[tuple[type, ...]] = ()
    """Event classes this variant defines."""
    cell_name: ClassVar[str | None] = None
    """The JSON name of the squares of the structure this variant builds (cell code
    ``STRUCTURE``), if it builds one."""
    restricts: ClassVar[tuple[type, ...]] = ()
    """The kinds of main action (TURN-3) whose legality :meth:`restrict_main` narrows. The
    rules ask the hook about these kinds only: listing the legal actions asks it once per
    kind, so the kinds a variant leaves alone cost that listing nothing."""
    score_causes: ClassVar[tuple[str, ...]] = ()
    """The causes of the VP this variant gives (``PointsScored.cause``), beside the base
    :class:`~tigris_rules.model.events.ScoreCause` members."""

    def __init__(self, slot: int = 0) -> None:
        self.slot = slot

    def __repr__(self) -> str:
        return f"{type(self).__name__}(slot={self.slot})"

    @classmethod
    def of(cls, board: Any) -> Self | None:
        """This variant as the game of ``board`` (a state, a working copy or a player view)
        plays it, or ``None`` when its configuration does not name it."""
        for variant in board.ruleset.variants:
            if isinstance(variant, cls):
                return variant
        return None

    # --- its data ---------------------------------------------------------------------------

    def new_area(self, config: GameConfig) -> AreaT | None:
        """The variant's own data at the start of a game (a frozen value), or ``None`` for a
        variant that keeps none."""
        return None

    def area(self, state: Position) -> AreaT:
        """The variant's data in ``state`` (a state or a working copy)."""
        return state.areas[self.slot]  # type: ignore[return-value]  # its own slot holds it

    def set_area(self, w: Work, value: AreaT) -> None:
        """Replace the variant's data in the working copy ``w``."""
        w.areas[self.slot] = value

    def area_to_json(self, area: AreaT) -> Any:
        """The variant's data as JSON values, under ``areas`` (by the variant's name) in the
        JSON of a state or a view. The default writes an attrs value field by field (with
        ``cattrs``); a variant holding squares or colours writes their names."""
        return cattrs.unstructure(area)

    def area_from_json(self, data: Any, config: GameConfig) -> AreaT:
        """The variant's data read from what :meth:`area_to_json` wrote, for a game of
        ``config``; raises :class:`~tigris_rules.FormatError` with paths inside the area
        (``$`` is the area itself). The default reads the class of :meth:`new_area`'s value
        with ``cattrs``."""
        kind = type(self.new_area(config))
        return cast("AreaT", cattrs.structure(data, kind))

    def view_area_to_json(self, seen: Any) -> Any:
        """What a player view holds of the variant's data (its ``view_area``,
        :class:`~tigris_rules.views.VariantView`), as JSON values (the default: as the area
        itself)."""
        return self.area_to_json(seen)

    def view_area_from_json(self, data: Any, config: GameConfig) -> Any:
        """What :meth:`view_area_to_json` wrote, read back (the default: as the area)."""
        return self.area_from_json(data, config)

    def with_area(self, state: GameState, value: AreaT) -> GameState:
        """``state`` with the variant's data replaced by ``value`` (for positions set up by
        hand; :func:`~tigris_rules.check_state` says whether the result is reachable)."""
        areas = list(state.areas)
        areas[self.slot] = value
        return attrs.evolve(state, areas=tuple(areas))

    def setup(self, state: GameState) -> GameState:
        """The opening position with the variant's changes (called by the setup after the
        deal, in canonical order; the default changes nothing)."""
        return state

    def state_problems(self, state: GameState, add: AddProblem) -> None:
        """Report (with ``add(code, json_path, message, rule)``) every promise of the
        variant ``state`` breaks: its area, and the board as the variant leaves it. Called by
        the state check (:func:`~tigris_rules.check_state`) once the base promises hold."""

    def transition_problems(self, before: GameState, after: GameState) -> list[str]:
        """What one input may never do to the variant's data, from ``before`` to ``after``
        (checked by :func:`~tigris_rules.testing.check_invariants` with ``before=``): each
        problem as a sentence."""
        return []

    # --- legality ---------------------------------------------------------------------------

    def restrict_main(self, state: Position, kind: type[Action]) -> Restriction:
        """What the variant forbids of the main actions of ``kind`` (one of
        :attr:`restricts`) in ``state``: a :class:`Rejection` forbids every one of them; a
        mapping from square numbers to rejections forbids those naming one of its squares
        (for the kinds that name a square: ``PlaceLeader``, ``PlaceTile``,
        ``PlaceCatastrophe``); ``None`` or an empty mapping forbids none.

        The one answer serves both the check of an input and the list of legal actions, so
        they agree. It is asked only of actions the base rules allow (or that only a
        variant's structure excludes): a restriction never overtakes the base rules of the
        action, and an input that breaks both is rejected under the base rule (CONV-17,
        D26)."""
        return None

    def restrict_commit(self, state: Position, decision: CommitDecision, count: int) -> str | None:
        """Called for every commitment the base rules allow (REVOLT-4, REVOLT-5, WAR-8, WAR-9);
        returns the ID of the variant rule that forbids ``count``, or ``None``."""
        return None

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        """The legal answers of one of :attr:`decisions`, in a fixed order."""
        return []

    def describe(self, decision: Decision) -> str:
        """What the player must do to answer one of :attr:`decisions`, completing "player 2
        must ..." (in rejections of other inputs, CONV-15)."""
        return "answer a decision"

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        """Raise the error of the first rule ``action`` breaks as an answer to ``decision``,
        one of :attr:`decisions` (CONV-15 when it is no answer to it at all). An input of a
        variant the game does not play never gets here: it is rejected under CONV-15
        before (D26)."""

    # --- consequences -----------------------------------------------------------------------

    def keeps_in_war(self, w: Work, square: int) -> bool:
        """Called for each tile a lost war would remove (WAR-13); True keeps it on the board."""
        return False

    def covered(self, w: Work, squares: tuple[int, ...]) -> None:
        """Called when a structure (a monument, MON-6, or a variant's) is built over
        ``squares``, before temple loss."""

    def on_placement_vp(self, w: Work, square: int, color: int, player: int) -> None:
        """Called right after TILE-8 gave ``player`` 1 VP of ``color`` for the tile on
        ``square``."""

    def after_wars(self, w: Work) -> bool:
        """Called at TURN-6 step (4), after the wars of a tile action; may ask a decision
        (then returns True) whose answer resumes at :attr:`Resume.AFTER_WARS`."""
        return False

    def structures(self, w: Work) -> tuple[VariantAction, ...]:
        """Called at TURN-6 step (5): the variant's structures the structure decision offers
        beside the monuments, as the answers that build them (instances of one of
        :attr:`inputs` deriving from :class:`~tigris_rules.model.actions.StructureAction`)."""
        return ()

    def not_offered(self, action: VariantAction) -> str:
        """Why the structure ``action`` (a :class:`~tigris_rules.model.actions.StructureAction`
        among :attr:`inputs`) is refused when the structure decision does not offer it
        (MON-4)."""
        return f"{type(action).__name__} is not offered now"

    def resolve(self, w: Work, action: Action) -> Resume:
        """Resolve one of this variant's answers; says where the base flow goes on."""
        raise NotImplementedError(type(action).__name__)

    def turn_income(self, w: Work) -> bool:
        """Called at TURN-11(b), after monument income; may ask a decision (then returns
        True) whose answer resumes at :attr:`Resume.INCOME`."""
        return False

    # --- JSON Schema (json_schema) ----------------------------------------------------------

    @classmethod
    def area_schema(cls) -> dict[str, Any] | bool:
        """The JSON Schema (draft 2020-12) of what :meth:`area_to_json` writes, used by the
        generated schemas (:mod:`tigris_rules.json_schema`) under ``areas.<name>``. It may
        refer to the shared definitions of the shipped schemas (``{"$ref":
        "#/$defs/square"}``; also ``color``, ``count``, ``seat``, ``monument``).

        Called without a configuration, when a schema is generated. The default is ``False``
        (nothing is written) for a variant that keeps no data (one that does not override
        :meth:`new_area`), else ``{}``, any JSON value: the default writer knows the area's
        class only from a configuration, and a guessed schema could refuse what the variant
        writes; a variant that keeps data says exactly what it writes."""
        if cls.new_area is Variant.new_area:
            return False
        return {}

    @classmethod
    def view_area_schema(cls) -> dict[str, Any] | bool:
        """The JSON Schema of what :meth:`view_area_to_json` writes, under ``areas.<name>``
        in a player view; as :meth:`area_schema` (the default: the area's own schema, as
        the default view shows the whole area)."""
        return cls.area_schema()

    # --- rendering (render.text, render.svg, diagram) ---------------------------------------

    diagram_token: ClassVar[str | None] = None
    """The token of the squares of this variant's structure (cell code ``STRUCTURE``) in
    the diagrams of :mod:`tigris_rules.diagram`, if it builds one: read as such a square
    (with or without a game playing the variant) and written for each."""
    diagram_keywords: ClassVar[tuple[str, ...]] = ()
    """The keywords of :func:`tigris_rules.diagram.position` this variant reads, each giving
    some of its pieces (:meth:`diagram_area`)."""

    def text_lines(self, board: Any) -> list[str]:
        """Called by :func:`~tigris_rules.render.render_board` for ``board`` (a state or a
        player view of a game playing the variant): the lines written under the board after
        the monuments, e.g. where the variant's pieces stand."""
        return []

    def text_glyph(self, board: Any, square: int, pen: TextPen) -> str | None:
        """Called for each square of ``board`` whose cell the base board does not draw (cell
        code ``STRUCTURE``): the one visible character drawing its piece (written with
        ``pen``), or ``None`` when the piece is not the variant's. The first variant, in
        canonical order, that answers draws it."""
        return None

    def text_mark(self, board: Any, square: int, pen: TextPen) -> str | None:
        """Called for each square of a board drawn in colour: the one visible character in
        front of its piece (a mark such as a building), or ``None``. The first variant that
        answers draws it, before the unification marker."""
        return None

    def text_legend(self, pen: TextPen) -> Legend:
        """The variant's entries in the legend under a text board, for the symbols
        :meth:`text_glyph` and :meth:`text_mark` draw with ``pen``. Every installed variant
        is asked (in canonical order, with no game), so that every board has one legend."""
        return Legend()

    def describe_event(self, event: VariantEvent) -> str | None:
        """One short sentence telling ``event``, one of :attr:`events`
        (:func:`~tigris_rules.render.describe_event`); ``None`` writes its ``repr``. Asked of
        the installed variant declaring the event, with no game."""
        return None

    def describe_decision(self, decision: Decision) -> str | None:
        """What the player must or may do to answer ``decision``, one of :attr:`decisions`,
        completing "seat 3 (urn) ..." (:func:`~tigris_rules.render.describe_decision`);
        ``None`` writes "must answer a decision". Asked with no game."""
        return None

    def describe_structure(self, action: VariantAction) -> str | None:
        """The structure ``action`` (one of :attr:`builds`) builds, as the structure decision
        offers it among the monuments ("the ziggurat centred on g6"). Asked with no game."""
        return None

    def input_squares(self, action: VariantAction) -> tuple[int, ...]:
        """The squares ``action`` (one of :attr:`inputs`) names, outlined when it is the last
        input of an SVG picture. Asked with no game."""
        return ()

    def svg_square(self, board: Any, square: int, layer: ET.Element, pen: SvgPen) -> bool:
        """Called for each square of ``board`` whose cell the base board does not draw (cell
        code ``STRUCTURE``), in square order among the tiles: draw its piece in ``layer`` with
        ``pen`` and return True, or return False when the piece is not the variant's."""
        return False

    def svg_structures(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """Draw the variant's structures of ``board`` in ``layer``, over the squares and the
        monuments (called in canonical order)."""

    def svg_marks(self, board: Any, layer: ET.Element, pen: SvgPen) -> None:
        """Draw the variant's marks on pieces of ``board`` (a building on its tile) in
        ``layer``, over every structure and under treasures and leaders (called in canonical
        order)."""

    def diagram_area(
        self, config: GameConfig, cells: tuple[int, ...], given: Mapping[str, object]
    ) -> AreaT | None:
        """The variant's area in a position drawn by :func:`tigris_rules.diagram.position`:
        ``cells`` as drawn, ``given`` the values of its :attr:`diagram_keywords` passed (a
        keyword not passed is absent). A wrong value raises
        :class:`~tigris_rules.ArgumentTypeError` or :class:`~tigris_rules.ArgumentValueError`
        naming the keyword. Also called when the configuration does not play the variant but
        one of its keywords was passed: an area other than :meth:`new_area`'s is then
        refused. The default is :meth:`new_area`'s."""
        return self.new_area(config)

    # --- notation, action encoding, observations, strategies --------------------------------

    @classmethod
    def notation_verbs(cls) -> tuple[NotationVerb, ...]:
        """The verbs of the text notation (docs/notation.md) that read this variant's inputs,
        each a :class:`~tigris_rules.notation.NotationVerb`: its word, its other spellings and
        the function reading the rest of the line.

        Called by :func:`~tigris_rules.notation.parse_action` for every installed variant
        (reading a line needs no configuration), in canonical order after the base verbs. A
        word must be lower-case letters and may be no base verb, spelling or other variant's
        word: otherwise reading any line raises :class:`~tigris_rules.ConfigError` naming
        both owners. The default adds none."""
        return ()

    @classmethod
    def format_notation(cls, action: VariantAction) -> str | None:
        """The canonical notation of ``action``, an instance of one of :attr:`inputs`, as
        :meth:`notation_verbs` reads it back (``parse_action(text) == action``); called by
        :func:`~tigris_rules.notation.format_action` once ``action`` is well formed (CONV-19).
        The default, ``None``, means the variant writes none: ``format_action`` then raises
        :class:`~tigris_rules.InvalidActionError`."""
        return None

    @classmethod
    def encoded_inputs(cls, config: GameConfig) -> tuple[VariantAction, ...]:
        """Every input the variant can offer in a game of ``config`` (a configuration that
        plays it), each once and in a fixed order: its segment of the action encoding
        (:func:`~tigris_rules.encoding.action_encoding`), after the base game's segments and
        the segments of the variants before it in canonical order. Every legal input of the
        variant must be among them. The default lists none."""
        return ()

    @classmethod
    def well_formed_inputs(cls) -> tuple[tuple[VariantAction, ...], ...]:
        """The variant's well-formed inputs (CONV-19), legal or not, one tuple per input class:
        what :func:`~tigris_rules.testing.well_formed_actions` and
        :func:`~tigris_rules.testing.illegal_actions` draw from, for every installed variant.
        The default groups :meth:`encoded_inputs` of a two-player game on the classic board
        with this variant alone by class."""
        from tigris_rules.model.config import GameConfig

        by_class: dict[type, list[VariantAction]] = {}
        for action in cls.encoded_inputs(GameConfig(players=2, variants=(cls.name,))):
            by_class.setdefault(type(action), []).append(action)
        return tuple(tuple(actions) for actions in by_class.values())

    @classmethod
    def observation_segments(cls, config: GameConfig) -> tuple[ObservationSegment, ...]:
        """The variant's segments of the observation of a board game of ``config``
        (:func:`~tigris_rules.information.observation_layout`), each placed after the base
        segment it names (in canonical order among the variants placed there) or at the end.

        Called for every installed variant, played in ``config`` or not: the layout depends
        on the number of players and what is installed, so one network reads every mix of
        variants, and a variant not played observes zeros. Its names must differ from the
        base segments' and the other variants' (a :class:`~tigris_rules.ConfigError`
        otherwise). The default adds none."""
        return ()

    def observe(self, view: PlayerView, seat: int) -> tuple[Sequence[int], ...]:
        """What ``seat`` sees of the variant in ``view`` (his view of a game that plays the
        variant), as numbers: one sequence per segment of :meth:`observation_segments`, in
        its order and of its length. Seats in the values are relative to ``seat`` (seat k is
        ``(seat + k) % players``). Called by :func:`~tigris_rules.information.observation`;
        the default observes nothing."""
        return ()

    def sample_area(self, state: GameState, player: int, rng: random.Random) -> AreaT:
        """The variant's data in a sample of what ``player`` cannot see
        (:func:`~tigris_rules.information.sample_hidden`): its hidden parts drawn again with
        ``rng``, what ``player`` sees unchanged (``view_area`` equal). Called once the tiles
        are dealt again, in canonical order. The default: the area as it is (a variant's
        data is public)."""
        return self.area(state)


Hooked = tuple[tuple[int, Variant[Any]], ...]
"""The variants implementing one hook, each with its number in canonical order."""


class Hooks(NamedTuple):
    """For each hook, only the variants of a configuration that implement it (the others'
    do-nothing defaults are never called), in canonical order."""

    restrict_main: Hooked
    restrict_commit: Hooked
    keeps_in_war: Hooked
    covered: Hooked
    on_placement_vp: Hooked
    after_wars: Hooked
    structures: Hooked
    turn_income: Hooked


def hooks_of(variants: tuple[Variant[Any], ...]) -> Hooks:
    """The hooks of ``variants`` (in canonical order), each with the variants implementing
    it."""

    def implementing(hook: str) -> Hooked:
        default = getattr(Variant, hook)
        return tuple(
            (n, v) for n, v in enumerate(variants) if getattr(type(v), hook) is not default
        )

    return Hooks(*(implementing(hook) for hook in Hooks._fields))
