-- Classrooms: many games per channel, each in its own thread; class assignments with a
-- due date; what students did that the game log does not keep (hints asked, refused
-- moves); seasons for the leaderboards.

-- The channel a game's thread belongs to (the game's channel_id is then the thread);
-- NULL: the game is played in its channel itself.
ALTER TABLE games ADD COLUMN parent_channel_id BIGINT;
-- The class assignment (/class pair) that opened the game, if any.
ALTER TABLE games ADD COLUMN assignment_id BIGINT;
-- The end of the game was announced in the parent channel (claimed once, so one process
-- and one path announce it).
ALTER TABLE games ADD COLUMN end_announced BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX games_by_parent ON games (guild_id, parent_channel_id, status);

-- Server settings: games in threads (on unless the server turns it off), and how long a
-- leaderboard season lasts ('month', 'quarter', 'year').
ALTER TABLE guild_settings ADD COLUMN threads BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE guild_settings ADD COLUMN season TEXT NOT NULL DEFAULT 'month';

-- A class assignment: the games /class pair opened together, and when they are due.
CREATE TABLE assignments (
    id          INTEGER PRIMARY KEY,
    guild_id    BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,                 -- where the teacher asked
    teacher_id  BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,                 -- 'climb' | 'daifugo'
    created_at  BIGINT  NOT NULL,
    due_at      BIGINT,                           -- NULL: no due date
    due_told    BOOLEAN NOT NULL                  -- the games still open were listed
);
CREATE INDEX assignments_due ON assignments (due_told, due_at);

-- What a player did that the game log does not keep: a hint asked ('hint'), a move or
-- command refused ('refused', with its kind in detail, e.g. 'off_board').
CREATE TABLE activity (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    game_id  BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    detail   TEXT   NOT NULL,
    at       BIGINT NOT NULL
);
CREATE INDEX activity_by_guild ON activity (guild_id, at);
