"""The games this package ships, each a ruleset with every surface of its game.

A game's rules live in its own package (:mod:`tigris_rules.rules` for the board game,
:mod:`tigris_rules.cards` for the card game); the class here is that ruleset made whole for
the adapters: its view, JSON, pictures, notation, encoding and observation, each asked of the
ruleset by the adapter that needs it (:mod:`tigris_rules.model.facets`). Both are registered
in code (:data:`tigris_rules.model.plugins.BUILT_IN`).
"""
