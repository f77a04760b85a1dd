"""Extension points: where variants plug into the base rules (docs/variants.md).

A variant is one :class:`Variant` subclass in a module (or small package) of its own,
declared as an entry point of the group ``tigris_rules.variants``
(:mod:`tigris_rules.model.plugins`). It owns its data (a frozen value in its own slot of the
state, :meth:`Variant.area`), its inputs, decisions and events, and every surface of them.
Every hook has a do-nothing default, so a variant implements only the moments it changes.
The base rules call the hooks of the configuration's variants, in canonical order, and never
name a variant. What the adapters need beyond the rules is asked of a variant through their
own facets (its pictures: :mod:`tigris_rules.render`).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, Self, TypeVar

import attrs

from tigris_rules.model.actions import Action, VariantAction
from tigris_rules.model.decisions import CommitDecision, Decision
from tigris_rules.model.state import GameState

if TYPE_CHECKING:  # the working copy holds the hooks of its configuration
    from tigris_rules.model.config import GameConfig
    from tigris_rules.rules.work import Position, Work

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
    rule_texts: ClassVar[Mapping[str, str]] = {}
    """The text of each of this variant's own rules by ID, for the rules RULES.md does not
    define (a plug-in's): what :func:`tigris_rules.rulebook.describe` and
    :attr:`~tigris_rules.IllegalActionError.rule_text` give for them."""
    score_causes: ClassVar[tuple[str, ...]] = ()
    """The causes of the VP this variant gives (``PointsScored.cause``), beside the base
    :class:`~tigris_rules.model.events.ScoreCause` members."""

    def __init__(self, slot: int = 0) -> None:
        self.slot = slot
        """The variant's number in the canonical order of its configuration: the index of its
        area in ``state.areas``."""

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
