"""What referee says about its games and rules: rule ids and their meaning, did-you-mean lookups,
`referee rule` help, the generated game pages.
"""
