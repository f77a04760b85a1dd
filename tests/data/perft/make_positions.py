"""Write the positions of tests/test_perft.py as JSON (run once; the files are committed).

Usage: ``python tests/data/perft/make_positions.py``

Each position is the state after ``index`` inputs of a game where every decision takes
``actions[rng.randrange(len(actions))]`` with ``rng = random.Random(seed)``. The tests read
the JSON files only, so they depend on neither the bots nor a random number generator;
running this script again after a change to the rules may give other positions.
"""

from __future__ import annotations

import random
from pathlib import Path

import tigris_rules as tr

HERE = Path(__file__).parent

POSITIONS: dict[str, tuple[tr.GameConfig, int, int]] = {
    # 4 players, classic board: 109 occupied squares and 12 leaders on the board, no decision
    # pending (the most crowded such position of that game).
    "crowded.json": (tr.GameConfig(players=4), 5, 179),
    # 4 players, classic board: a war in progress, the attacker must commit (6 choices).
    "war_commit.json": (tr.GameConfig(players=4), 3, 83),
    # 4 players, alternative board, every variant: half-way through the game, two
    # civilization buildings on the board, no decision pending.
    "all_variants.json": (
        tr.GameConfig(
            players=4, board="alternative", variants=("english", "buildings", "ziggurat")
        ),
        2,
        102,
    ),
}


def position(config: tr.GameConfig, seed: int, index: int) -> tr.GameState:
    """The state after ``index`` uniformly random inputs of the game dealt from ``seed``."""
    rng = random.Random(seed)
    state = tr.new_game(config, seed=seed)
    for _ in range(index):
        actions = tr.legal_actions(state)
        state = tr.apply(state, actions[rng.randrange(len(actions))])
    return state


def main() -> None:
    """Write every position next to this script."""
    for name, (config, seed, index) in POSITIONS.items():
        state = position(config, seed, index)
        if tr.loads(tr.dumps(state), tr.GameState) != state:
            raise RuntimeError(f"{name}: the state does not read back equal")
        (HERE / name).write_text(tr.dumps(state, indent=2) + "\n", encoding="utf-8")
        print(name, len(tr.legal_actions(state)), "legal inputs")


if __name__ == "__main__":
    main()
