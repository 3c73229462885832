"""Twenty-Five (Irish Twenty-Five): its ruleset, cards and view."""
