-- The indexes PostgreSQL's schema was written with that SQLite lacked: the games waiting
-- on a person (/mygames, digests), an assignment's games, a person's seats, and results
-- by time (reports, seasons). The two schemas now match index for index.
CREATE INDEX IF NOT EXISTS games_by_to_move ON games (to_move_user) WHERE status = 'active';
CREATE INDEX IF NOT EXISTS games_by_assignment ON games (assignment_id);
CREATE INDEX IF NOT EXISTS seats_by_user ON seats (user_id);
CREATE INDEX IF NOT EXISTS results_by_time ON results (guild_id, kind, finished_at);
