"""Is this a position the rules can reach? :func:`check_state`, asked of the state's ruleset.

States built by the library are always consistent. A state read from JSON, or assembled by
hand, may not be: :func:`tigris_rules.loads` runs this check on every state it reads (unless
told ``check=False``) and refuses a state with problems, so that the public functions can
trust every state they are given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tigris_rules.errors import NotAStateError
from tigris_rules.model.problems import StateProblem
from tigris_rules.model.ruleset import Ruleset, game_of

if TYPE_CHECKING:
    from tigris_rules.api import AnyState

__all__ = ["StateProblem", "check_state"]


def check_state(state: AnyState) -> list[StateProblem]:
    """Every promise of the rules ``state`` breaks, as :class:`StateProblem` values (stable
    ``code``, RULES.md ``rule`` where one applies, JSON ``path``, ``message``); ``[]`` for a
    position the rules can reach.

    Checked for the board game: the configuration is a board game's; seats, squares and
    colours exist; tiles add up to 153 and per colour to COMP-4, the bag is the one the
    setup leaves (SETUP-4); hands hold at most 6 tiles; blue tiles only on the river; each
    leader stands alone on land beside a temple; catastrophes (at most the 2 a player starts
    with, or what the variants' opening gives, CATA-1) on the board as played; treasures
    only on their start squares, on a tile, their count
    with the ones taken the board's (COMP-7); monuments on 2x2 blocks of flipped tiles;
    one area per variant, each holding what its variant promises (``Variant.state_problems``:
    the buildings on tiles of their colour, the ziggurat on its cross, say); scores
    non-negative and no more than the turns played can give; no kingdom with two leaders of
    one colour outside a conflict; the pending decision names the active player or the
    sides of the conflict, and squares, monuments and colours that fit the board; a game
    marked over has an end condition that holds (END-1 or END-2).

    For the card game: the configuration is a card game's; 193 cards, per colour as
    CARD-COMP-2 says; hands of at most 8; columns within the limit; set-aside and draw pile as
    the deal leaves them; leaders on face-up cards, one per card, one of a colour per
    kingdom outside a conflict; the decision and the steps in progress name existing seats,
    columns and gaps; a game marked over has for ``end_reason`` the first end condition that
    holds (CARD-END-4).

    Each game's ruleset checks its own states
    (:meth:`~tigris_rules.model.ruleset.Ruleset.state_problems`); a state whose
    configuration names another game than its own has the one problem ``config-game``
    (CONV-18). Anything but a state raises :class:`~tigris_rules.NotAStateError`.
    """
    ruleset: Any = getattr(state, "ruleset", None)
    if isinstance(ruleset, Ruleset) and type(state) is ruleset.state_type:
        return ruleset.state_problems(state)
    own = game_of(state)
    if own is None:
        raise NotAStateError.expected("state", "a GameState or a CardGameState", state)
    named = getattr(getattr(state, "config", None), "game", None)
    message = f"a state of the game {own!r} needs game {own!r}, not {named!r}"
    return [StateProblem("config-game", "$.config.game", message, "CONV-18")]
