"""Draw the pictures of the documentation: boards, views, a card table and a result.

Usage::

    python docs/images/make_images.py [OUT_DIR]

Every picture comes from a game played by bots from a fixed seed, so the same command
always writes the same files; OUT_DIR defaults to the folder of this script.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import tigris_rules as tr
from tigris_rules.ai.bots import Bot, CardBot, make_bots, make_card_bots, play_game
from tigris_rules.cards.render_svg import render_card_svg
from tigris_rules.render.svg import render_svg
from tigris_rules.variants.buildings import building_squares
from tigris_rules.variants.ziggurat import ziggurat_centre

State = TypeVar("State", tr.GameState, tr.CardGameState)


def play_until(
    state: State,
    bots: Sequence[Bot] | Sequence[CardBot],
    done: Callable[[State], bool],
    limit: int = 2000,
) -> tuple[State, tr.AnyAction | None]:
    """Let ``bots`` play from ``state`` until ``done`` holds (or the game ends, or ``limit``
    inputs were played); the state reached and the last input played."""
    last: tr.AnyAction | None = None
    for _ in range(limit):
        if done(state) or tr.is_over(state):
            break
        seat = tr.to_move(state)
        assert seat is not None
        last = bots[seat].choose(state)  # type: ignore[arg-type]
        state = tr.apply(state, last, player=seat)
    return state, last


def board_pictures() -> dict[str, str]:
    """The board game's pictures, by file name."""
    pictures: dict[str, str] = {}
    config = tr.GameConfig(players=4)
    state, last = play_until(
        tr.new_game(config, seed=3), make_bots("greedy", 4, 3), lambda s: s.turn >= 24
    )
    pictures["board-classic.svg"] = render_svg(
        state, last=last, caption=f"Classic board, turn {state.turn + 1}, four greedy players"
    )

    config = tr.GameConfig(players=3, board="alternative", variants=("buildings", "ziggurat"))
    state, last = play_until(
        tr.new_game(config, seed=4),
        make_bots("greedy", 3, 4),
        lambda s: ziggurat_centre(s) != -1 and sum(b != -1 for b in building_squares(s)) >= 2,
    )
    pictures["board-alternative.svg"] = render_svg(
        state,
        last=last,
        caption="Alternative board with the civilization buildings and the ziggurat",
    )

    state, last = play_until(
        tr.new_game(tr.GameConfig(players=3), seed=2),
        make_bots("greedy", 3, 2),
        lambda s: isinstance(s.pending, tr.CommitDecision) and s.turn > 12,
    )
    assert isinstance(state.pending, tr.CommitDecision)
    pictures["view-conflict.svg"] = render_svg(tr.view(state, state.pending.player), last=last)
    pictures["view-spectator.svg"] = render_svg(tr.view(state, None), last=last)
    final, _ = play_until(state, make_bots("greedy", 3, 2), lambda s: False, limit=5000)
    pictures["view-final.svg"] = render_svg(tr.view(final, 0))
    return pictures


def card_pictures() -> dict[str, str]:
    """The card game's pictures, by file name."""
    config = tr.GameConfig(players=3, game="cards")
    state, last = play_until(
        tr.new_card_game(config, seed=4), make_card_bots("random", 3, 4), lambda s: s.turn >= 30
    )
    return {
        "cards-table.svg": render_card_svg(state),
        "cards-view.svg": render_card_svg(tr.view(state, tr.to_move(state)), last=last),
    }


def result_html() -> str:
    """The HTML a notebook shows for a result."""
    final, _ = play_game(tr.GameConfig(players=4), make_bots("greedy", 4, 1), 1)
    return tr.result(final)._repr_html_()


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).parent
    out.mkdir(parents=True, exist_ok=True)
    pictures = {**board_pictures(), **card_pictures()}
    for name, svg in pictures.items():
        (out / name).write_text(svg + "\n", encoding="utf-8")
    (out / "result.html").write_text(result_html() + "\n", encoding="utf-8")
    print(f"wrote {len(pictures) + 1} files to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
