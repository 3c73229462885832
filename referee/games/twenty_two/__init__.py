"""Twenty-Two: its ruleset, model, play, record reading and view."""
