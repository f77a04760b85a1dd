"""Every build plays the same games: the legal-action lists, the state JSON, the events and
the results of 100 seeded random games of every configuration agree with the digests of the
pure-Python build recorded in ``tests/data/agreement.json``.

The suite runs against the pure build and against the compiled one (mypyc, the CI's second
run), so this one file checks the compiled build against the pure one. Each game is played
by a seeded random choice among the legal inputs; its digest covers, at every decision, the
number of legal inputs, the input chosen and the events it caused, and at every
``FULL_EVERY``-th decision and at the end the whole list and the state JSON; then the result.
A game stops after ``DECISIONS`` decisions unless its number is a multiple of
``WHOLE_EVERY``, which are played to the end, so that the run stays short.

After a deliberate change of the rules or the formats, write the digests again with
``python tests/test_build_agreement.py`` (pure build) and say why in the commit.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import tigris_rules as tr

DIGESTS = Path(__file__).parent / "data" / "agreement.json"
GAMES = 100
DECISIONS = 40
WHOLE_EVERY = 20
FULL_EVERY = 10
SHIPPED_VARIANTS = ("english", "buildings", "ziggurat")


def configurations() -> dict[str, list[tr.GameConfig]]:
    """Every configuration of the shipped games, by name: the board game with each set of
    the shipped variants, the card game; the seats and the board taken in turn per game."""
    found: dict[str, list[tr.GameConfig]] = {}
    for size in range(len(SHIPPED_VARIANTS) + 1):
        for variants in itertools.combinations(SHIPPED_VARIANTS, size):
            found["board:" + "+".join(variants)] = [
                tr.GameConfig(
                    players=2 + game % 3,
                    board=("classic", "alternative")[game // 3 % 2],
                    variants=variants,
                )
                for game in range(GAMES)
            ]
    found["cards"] = [tr.GameConfig(players=2 + game % 3, game="cards") for game in range(GAMES)]
    return found


def game_digest(config: tr.GameConfig, seed: int) -> str:
    """The digest of the game :mod:`this module <tests.test_build_agreement>` plays."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    state: Any = tr.new_game(config, seed=seed)
    limit = None if seed % WHOLE_EVERY == 0 else DECISIONS
    for decision in itertools.count():
        if tr.is_over(state) or decision == limit:
            break
        legal = tr.legal_actions(state)
        if decision % FULL_EVERY == 0:
            digest.update(repr(list(legal)).encode())
            digest.update(tr.dumps(state).encode())
        action = legal[rng.randrange(len(legal))]
        state, events = tr.step(state, action)
        digest.update(f"{len(legal)} {action!r} {events!r}".encode())
    digest.update(repr(list(tr.legal_actions(state))).encode())
    digest.update(tr.dumps(state).encode())
    digest.update(repr(tr.result(state)).encode())
    return digest.hexdigest()[:16]


def digests(name: str) -> list[str]:
    """The digests of the games of the configuration ``name``, by seed."""
    return [game_digest(config, seed) for seed, config in enumerate(configurations()[name])]


def _recorded() -> dict[str, list[str]]:
    recorded: dict[str, list[str]] = json.loads(DIGESTS.read_text(encoding="utf-8"))
    return recorded


@pytest.mark.parametrize("name", sorted(configurations()))
def test_this_build_plays_the_recorded_games(name: str) -> None:
    recorded = _recorded()[name]
    played = digests(name)
    differ = [seed for seed, (a, b) in enumerate(zip(recorded, played, strict=True)) if a != b]
    assert not differ, f"{name}: the games of the seeds {differ} differ from the pure build's"


def test_the_digests_cover_every_configuration() -> None:
    recorded = _recorded()
    assert sorted(recorded) == sorted(configurations())
    assert all(len(games) == GAMES for games in recorded.values())


if __name__ == "__main__":
    from tigris_rules.rules import legality

    if not legality.__file__ or not legality.__file__.endswith(".py"):
        sys.exit("write the digests with the pure-Python build")
    written = {name: digests(name) for name in sorted(configurations())}
    DIGESTS.write_text(json.dumps(written, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DIGESTS}")
