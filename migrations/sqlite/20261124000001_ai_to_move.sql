-- Whether an AI seat is to move in a game: the turn clock plays it if nobody has for a
-- while (its runner was lost to a failed post or a crash), without reading every state.
ALTER TABLE games ADD COLUMN ai_to_move BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX games_ai_to_move ON games (ai_to_move) WHERE status = 'active';
