"""Avinas: its ruleset, match and deal states, rule catalogue, options and presets, contract,
card data and pure rules (model), dealing and view."""
