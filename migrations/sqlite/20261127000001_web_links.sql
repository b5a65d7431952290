-- The web's links to a class or a server (issue 26): each names the generation of its
-- server's links; `/class view revoke:true` moves the generation on, so every link made
-- before shows nothing any more. A server without a row is at generation 0.
CREATE TABLE IF NOT EXISTS web_links (
    guild_id BIGINT PRIMARY KEY NOT NULL,
    generation BIGINT NOT NULL DEFAULT 0
);
