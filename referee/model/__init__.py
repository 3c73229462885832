"""Words and data: the lexicon, cards, seats, the record, errors, limits and spelling suggestions.
Imports nothing else of referee.
"""
