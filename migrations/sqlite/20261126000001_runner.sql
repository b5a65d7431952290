-- Several bot processes on one database: the process playing a game's AI turns (and
-- posting them, in order) holds them until `runner_until` (ms), renewing as it goes; when
-- it dies, the lease runs out and another process takes over.
ALTER TABLE games ADD COLUMN runner TEXT;
ALTER TABLE games ADD COLUMN runner_until BIGINT;
