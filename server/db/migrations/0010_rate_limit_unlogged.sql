-- Rate-limit counters are short-lived state, not data: UNLOGGED spares every write (one per limited call)
-- its WAL record and flush, about a third of its time. A crash empties the table, which only restarts
-- the windows; standbys do not get it, so a failover does the same.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
