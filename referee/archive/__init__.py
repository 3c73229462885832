"""What an archive of records needs beyond one check: keys that name a record and a deal
whatever their layout (keys), a baseline of accepted findings (baseline), duplicate deals
across files (duplicates), and the run-wide filter that applies both as the matches come out
(run)."""
