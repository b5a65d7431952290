-- How pictures are drawn (the factor palette, and marks on the factors): a server's
-- default, copied to each game it opens (and to its open games when it changes), and each
-- person's own choice for the pictures only they see. Words such as 'colour-blind+marks';
-- NULL: the standard colours without marks.
ALTER TABLE games ADD COLUMN look TEXT;
ALTER TABLE guild_settings ADD COLUMN look TEXT;

CREATE TABLE user_settings (
    user_id    BIGINT PRIMARY KEY,
    look       TEXT,
    updated_at BIGINT NOT NULL
);
