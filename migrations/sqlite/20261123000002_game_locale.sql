-- The language of a game's channel messages (AI turns, reminders, timeouts), taken from
-- the server's or the creator's Discord locale when the game was created. NULL: English.
ALTER TABLE games ADD COLUMN locale TEXT;
