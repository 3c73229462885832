"""Avinas: its ruleset, deal model, dealing and view."""
