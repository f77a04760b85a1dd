"""Extension points: where variants plug into the base rules (docs/variants.md).

A variant is one :class:`Variant` subclass; every hook has a do-nothing default, so a variant
implements only the moments it changes. The base rules call the hooks of every variant of the
configuration, in canonical variant order, and never name a variant.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from tigris_rules.model.actions import Action
from tigris_rules.model.config import GameConfig
from tigris_rules.model.decisions import CommitDecision, Decision
from tigris_rules.model.state import GameState

if TYPE_CHECKING:  # the working copy holds the hooks of its configuration
    from tigris_rules.rules.work import Position, Work

__all__ = ["Hooks", "Resume", "Variant", "hooks_for", "register", "variants_for"]


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


class Variant:
    """Base class of variants. Each hook says when the base rules call it."""

    name: ClassVar[str]
    decisions: ClassVar[tuple[type, ...]] = ()
    """Decision types this variant asks; it answers for their legality and resolution."""
    answers_types: ClassVar[tuple[type, ...]] = ()
    """Answer types this variant resolves itself, also under a base decision (the base checks
    such an answer against the options of its own decision, e.g. the ziggurat crosses of the
    structure decision)."""

    # --- legality ---------------------------------------------------------------------------

    def restrict_commit(self, state: Position, decision: CommitDecision, count: int) -> str | None:
        """Called for every commitment the base rules allow (REVOLT-4, REVOLT-5, WAR-8, WAR-9);
        returns the ID of the variant rule that forbids ``count``, or ``None``."""
        return None

    def answers(self, state: GameState, decision: Decision) -> list[Action]:
        """The legal answers of one of :attr:`decisions`, in a fixed order."""
        return []

    def check_answer(self, state: Position, decision: Decision, action: Action) -> None:
        """Raise the error of the first rule ``action`` breaks as an answer to ``decision``,
        one of :attr:`decisions` (CONV-15 when it is no answer to it at all)."""

    # --- consequences -----------------------------------------------------------------------

    def keeps_in_war(self, w: Work, square: int) -> bool:
        """Called for each tile a lost war would remove (WAR-13); True keeps it on the board."""
        return False

    def on_placement_vp(self, w: Work, square: int, color: int, player: int) -> None:
        """Called right after TILE-8 gave ``player`` 1 VP of ``color`` for the tile on
        ``square``."""

    def after_wars(self, w: Work) -> bool:
        """Called at TURN-6 step (4), after the wars of a tile action; may ask a decision
        (then returns True) whose answer resumes at :attr:`Resume.AFTER_WARS`."""
        return False

    def structure_crosses(self, w: Work) -> tuple[str, ...]:
        """Called at TURN-6 step (5): extra structures (ziggurat crosses, by centre square)
        the structure decision offers beside the monuments."""
        return ()

    def resolve(self, w: Work, action: Action) -> Resume:
        """Resolve one of this variant's answers; says where the base flow goes on."""
        raise NotImplementedError(type(action).__name__)

    def turn_income(self, w: Work) -> bool:
        """Called at TURN-11(b), after monument income; may ask a decision (then returns
        True) whose answer resumes at :attr:`Resume.INCOME`."""
        return False


_REGISTRY: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Make ``variant`` playable under its name (also in states made before)."""
    global generation
    _REGISTRY[variant.name] = variant
    _variants_named.cache_clear()
    _hooks_named.cache_clear()
    generation += 1
    return variant


generation = 0
"""How many times :func:`register` was called: hooks kept from an earlier generation are
looked up again."""


def variants_for(config: GameConfig) -> tuple[Variant, ...]:
    """The variants of ``config``, in canonical order."""
    return _variants_named(config.variants)


@cache
def _variants_named(names: tuple[str, ...]) -> tuple[Variant, ...]:
    return tuple(_REGISTRY[name] for name in names)


Hooked = tuple[tuple[int, Variant], ...]
"""The variants implementing one hook, each with its number in canonical order."""


class Hooks(NamedTuple):
    """For each hook, only the variants of a configuration that implement it (the others'
    do-nothing defaults are never called), in canonical order."""

    restrict_commit: Hooked
    keeps_in_war: Hooked
    on_placement_vp: Hooked
    after_wars: Hooked
    structure_crosses: Hooked
    turn_income: Hooked


def hooks_for(config: GameConfig) -> Hooks:
    """The hooks of ``config``'s variants, each with the variants that implement it."""
    return _hooks_named(config.variants)


@cache
def _hooks_named(names: tuple[str, ...]) -> Hooks:
    variants = _variants_named(names)

    def implementing(hook: str) -> Hooked:
        default = getattr(Variant, hook)
        return tuple(
            (n, v) for n, v in enumerate(variants) if getattr(type(v), hook) is not default
        )

    return Hooks(*(implementing(hook) for hook in Hooks._fields))
