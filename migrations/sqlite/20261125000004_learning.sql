-- Learning from every game: daily puzzles (each person's first answer of a day counts for
-- their streak and the server's puzzle standings), the day's puzzle posted once in a
-- server's puzzle channel, and how far each person has come in the guided first game.

CREATE TABLE puzzle_answers (
    guild_id    BIGINT  NOT NULL,
    user_id     BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,  -- 'climb' | 'daifugo'
    day         BIGINT  NOT NULL,  -- days since 1970-01-01 in the server's time zone
    correct     BOOLEAN NOT NULL,
    answered_at BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, user_id, kind, day)
);

CREATE TABLE puzzle_posts (
    guild_id  BIGINT NOT NULL,
    day       BIGINT NOT NULL,
    posted_at BIGINT NOT NULL,
    PRIMARY KEY (guild_id, day)
);

-- The channel that receives the day's puzzles (NULL: none), the local hour, the language.
ALTER TABLE guild_settings ADD COLUMN puzzle_channel BIGINT;
ALTER TABLE guild_settings ADD COLUMN puzzle_hour BIGINT NOT NULL DEFAULT 8;
ALTER TABLE guild_settings ADD COLUMN puzzle_lang TEXT NOT NULL DEFAULT 'en';

-- The guided first game (`/climb learn`): the next step of each person.
CREATE TABLE lessons (
    user_id    BIGINT PRIMARY KEY,
    step       BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
