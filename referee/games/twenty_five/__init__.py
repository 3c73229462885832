"""Twenty-Five (Irish Twenty-Five): its ruleset, match and deal states, rule catalogue,
options and presets, contract, cards and view."""
