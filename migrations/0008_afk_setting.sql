-- A community's AFK setting: what happens to a person's seat after two missed actions in
-- a row (`takeover`: the table's AI plays it; `idle`: it idles out by the rules;
-- `nothing`), set by a server manager (`/settings afk`), and when. A community without a
-- row takes over.
CREATE TABLE community_afk (
    community TEXT PRIMARY KEY,
    afk TEXT NOT NULL,
    afk_set_at BIGINT NOT NULL
);
