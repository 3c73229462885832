"""Twenty-Two: its ruleset, match and deal states, rule catalogue, options and presets,
contract, card data and pure rules (model), play, record reading and view."""
