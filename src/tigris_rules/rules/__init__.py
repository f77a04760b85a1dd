"""The base game's rules: pure functions over the model."""
