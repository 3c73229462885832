"""The `referee check` pipeline: reading files with their options and settings, checking them one
by one, in worker processes or on a Dask cluster, and the conversions and annotation that read
files the same way.
"""
