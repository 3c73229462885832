"""The loop over records: replaying deals, the legal moves at a position, the simulator, canonical
text, hints, expectations, fmt refusals, JSON text.
"""
