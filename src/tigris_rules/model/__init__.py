"""Data of the game: squares, colours, pieces, configuration, state, actions and events.

Nothing here knows the rules; the model imports nothing from the layers above it.
"""
