"""Adapters to game-playing frameworks, each an optional extra.

- :mod:`tigris_rules.ai.integrations.openspiel` registers both games with OpenSpiel, as
  ``tigris_euphrates`` and ``tigris_euphrates_cards`` (``pip install
  'tigris-rules[openspiel]'``), asking each game's ruleset for its chance and text through
  :class:`~tigris_rules.ai.integrations.spiel_game.GameSpiel`;
- :mod:`tigris_rules.ai.integrations.pettingzoo` is a PettingZoo AEC environment
  (``pip install 'tigris-rules[pettingzoo]'``);
- :mod:`tigris_rules.ai.integrations.gymnasium_env` is a single-agent Gymnasium environment,
  bots playing the other seats (``pip install 'tigris-rules[gymnasium]'``);
- :mod:`tigris_rules.ai.integrations.openspiel_prior` lends OpenSpiel's MCTS the library's
  move ranking as a prior (``pip install 'tigris-rules[openspiel]'``);
- :mod:`tigris_rules.ai.integrations.returns` maps a ranking to the rewards both report.

Importing this package imports neither framework nor numpy: each adapter imports its
framework when it is itself imported. docs/integrations.md shows them at work.
"""
