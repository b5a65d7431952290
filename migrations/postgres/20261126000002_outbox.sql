-- The outbox of a game's public turn message (the AI's turn, a timeout, the game's end):
-- the version whose message Discord has not yet taken, and when to try it again. Set in
-- the transaction of the change itself, cleared when the message is posted or a person's
-- own answer supersedes it, so no turn message (and its ping) is lost to an outage.
ALTER TABLE games ADD COLUMN post_pending BIGINT;
ALTER TABLE games ADD COLUMN post_try_at BIGINT;
CREATE INDEX IF NOT EXISTS games_by_post_pending ON games (post_try_at) WHERE post_pending IS NOT NULL;
