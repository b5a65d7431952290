-- Play that respects people's time: who is to move (for the clock's per-person rules),
-- reminders repeated at a server's interval, the last turn message (its buttons are
-- removed when the turn moves on), rematches; each person's notification preferences,
-- time zone, quiet hours and digest; time away; a server's calendar and tidying rules.

-- The person to move (NULL: an AI seat, a lobby, a game over).
ALTER TABLE games ADD COLUMN to_move_user BIGINT;
-- When the player to move was last reminded (NULL: not this turn).
ALTER TABLE games ADD COLUMN reminded_at BIGINT;
-- The last turn message posted with buttons (they are removed when the turn moves on).
ALTER TABLE games ADD COLUMN post_channel BIGINT;
ALTER TABLE games ADD COLUMN post_message BIGINT;
-- The game a finished game's rematch opened (-1 while it is being opened).
ALTER TABLE games ADD COLUMN rematch_id BIGINT;
-- The turn (its start) whose player was last told by direct message.
ALTER TABLE games ADD COLUMN notified_turn BIGINT;

-- A server's clock: reminders every so often (NULL: once, at half time), its time zone
-- (weekends and holidays are its days), clocks paused at weekends and on holidays
-- ('2026-12-24,2026-12-25'), days away allowed per month, and tidying: a lobby not
-- started closes after so many hours, a game nobody touches ends after so many days.
ALTER TABLE guild_settings ADD COLUMN remind_every_secs BIGINT;
ALTER TABLE guild_settings ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';
ALTER TABLE guild_settings ADD COLUMN weekends_off BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE guild_settings ADD COLUMN holidays TEXT NOT NULL DEFAULT '';
ALTER TABLE guild_settings ADD COLUMN away_days BIGINT NOT NULL DEFAULT 7;
ALTER TABLE guild_settings ADD COLUMN lobby_hours BIGINT NOT NULL DEFAULT 48;
ALTER TABLE guild_settings ADD COLUMN idle_days BIGINT NOT NULL DEFAULT 14;

-- A person's notifications: 'ping' (in the game's channel), 'dm' or 'none'; their time
-- zone; quiet hours (minutes after local midnight, from and to; pings are silent then and
-- reminders wait); the hour of a daily digest by DM (NULL: none) and when it last went;
-- DMs found closed (notifications fall back to the channel); their language.
ALTER TABLE user_settings ADD COLUMN notify TEXT NOT NULL DEFAULT 'ping';
ALTER TABLE user_settings ADD COLUMN time_zone TEXT;
ALTER TABLE user_settings ADD COLUMN quiet_from BIGINT;
ALTER TABLE user_settings ADD COLUMN quiet_to BIGINT;
ALTER TABLE user_settings ADD COLUMN digest_hour BIGINT;
ALTER TABLE user_settings ADD COLUMN digest_sent BIGINT;
ALTER TABLE user_settings ADD COLUMN dm_closed BOOLEAN NOT NULL DEFAULT FALSE;
-- The language the person last spoke to the bot in (their direct messages use it).
ALTER TABLE user_settings ADD COLUMN lang TEXT;

-- Time away: the turn clocks of this person's games in this server stop meanwhile.
CREATE TABLE aways (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    from_at    BIGINT NOT NULL,
    until_at   BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX aways_by_user ON aways (guild_id, user_id, until_at);

-- Who asked for a finished game's rematch (every person seated must).
CREATE TABLE rematch_votes (
    game_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
