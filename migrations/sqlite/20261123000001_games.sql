-- The first schema: games with their seats and event log, finished-game results,
-- ratings, per-server settings and custom cards.
--
-- Portable where it costs nothing: BIGINT ids and times (unix milliseconds), no SQLite
-- functions in queries. Only `INTEGER PRIMARY KEY` (SQLite's auto-numbered row id) is
-- SQLite's own; a PostgreSQL migration set would write BIGINT GENERATED ALWAYS AS IDENTITY.

-- One row per game, from lobby to end. `state` is the engine's game as JSON (NULL in the
-- lobby); `version` counts changes, and every write checks it (UPDATE … WHERE version = $n),
-- so two requests racing on one board cannot both apply.
CREATE TABLE games (
    id                INTEGER PRIMARY KEY,
    kind              TEXT    NOT NULL,            -- 'climb' | 'daifugo'
    guild_id          BIGINT  NOT NULL,            -- 0: a local (terminal) game
    channel_id        BIGINT  NOT NULL,            -- a Discord channel or thread; 0: local
    status            TEXT    NOT NULL,            -- 'lobby' | 'active' | 'finished' | 'ended'
    creator_id        BIGINT,                      -- NULL: local
    options           TEXT    NOT NULL,            -- JSON of the engine's options
    seed              BIGINT  NOT NULL,            -- the engine's seed: with the log, replays the game
    state             TEXT,
    version           BIGINT  NOT NULL,
    turn_timeout_secs BIGINT,                      -- NULL: turns never time out
    created_at        BIGINT  NOT NULL,
    updated_at        BIGINT  NOT NULL,
    turn_started_at   BIGINT,                      -- when the player to move got their turn
    reminded          BOOLEAN NOT NULL,            -- the half-time reminder of this turn was sent
    message_id        BIGINT                       -- the Discord message showing the lobby or board
);

-- One open game (lobby or active) per channel.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (guild_id, channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_status ON games (status);
-- The games of a channel, newest first (the board of a game that just finished).
CREATE INDEX games_by_channel ON games (guild_id, channel_id, id);

-- The players of a game in turn order (join order, §2). During the lobby, seat numbers
-- may have gaps (players leave); starting the game numbers them 0, 1, 2…
CREATE TABLE seats (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     BIGINT NOT NULL,
    user_id  BIGINT,                               -- NULL: an AI seat or a local player
    name     TEXT   NOT NULL,
    ai_level TEXT,                                 -- 'easy' | 'medium' | 'hard' for an AI seat
    PRIMARY KEY (game_id, seat)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

-- What was asked and what happened, one row per change of the engine's state. Replaying
-- `actions` in `version` order from the seed rebuilds `games.state` exactly.
CREATE TABLE game_log (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version BIGINT NOT NULL,                       -- the game's version this change produced
    turn    BIGINT NOT NULL,                       -- the engine's turn number before the change
    seat    BIGINT NOT NULL,
    user_id BIGINT,
    actions TEXT   NOT NULL,                       -- JSON array of engine actions
    events  TEXT   NOT NULL,                       -- JSON array of engine events (a cache: at the
                                                   -- end of a game, cleared but for the last turns)
    at      BIGINT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Where each seat of a finished game placed.
CREATE TABLE results (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        BIGINT  NOT NULL,
    guild_id    BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,
    mode        TEXT    NOT NULL,                  -- 'standard' | 'solitaire1' | 'solitaire2'
    user_id     BIGINT,
    ai_level    TEXT,
    name        TEXT    NOT NULL,
    place       BIGINT  NOT NULL,                  -- 1 = first; equal players share a place
    won         BOOLEAN NOT NULL,
    turns       BIGINT  NOT NULL,                  -- turns the game lasted (the solitaire score)
    finished_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_player ON results (guild_id, kind, user_id);

-- Weng-Lin ratings per server and game kind. AI seats are rated too, by level, under
-- negative ids (-1 easy, -2 medium, -3 hard), so beating the hard AI counts.
CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    kind       TEXT             NOT NULL,
    user_id    BIGINT           NOT NULL,
    name       TEXT             NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      BIGINT           NOT NULL,
    wins       BIGINT           NOT NULL,
    updated_at BIGINT           NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);

-- Per-server settings, set by moderators with /settings.
CREATE TABLE guild_settings (
    guild_id          BIGINT PRIMARY KEY,
    turn_timeout_secs BIGINT,                      -- NULL: off
    on_timeout        TEXT   NOT NULL,             -- 'ai': an AI plays the idle turn | 'skip'
    default_variant   TEXT   NOT NULL,             -- variant words, e.g. 'sprint,double-time'
    teacher_role_id   BIGINT,                      -- may end any game and change settings
    updated_at        BIGINT NOT NULL
);

-- Fill in the Blanks (§7): up to four custom cards per server.
CREATE TABLE custom_cards (
    guild_id BIGINT NOT NULL,
    slot     BIGINT NOT NULL,                      -- 1 to 4
    card     TEXT   NOT NULL,                      -- JSON of the engine's CustomCard
    PRIMARY KEY (guild_id, slot)
);
