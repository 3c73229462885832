"""``referee view``: self-contained HTML replay pages of records.

``adapter`` reads the replay (the only module that does), ``data`` turns it into what a page
shows step by step, ``page`` writes the HTML (style and script from ``assets``), ``site``
writes the pages and the index of a folder.
"""
