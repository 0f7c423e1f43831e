-- A community's settings (a Discord server, or `terminal`): the language its pages and
-- boards are shown in (`en`, `zh-CN`), set by a server manager (`/settings language`),
-- and when. A community without a row is shown in English.
CREATE TABLE community_settings (
    community TEXT PRIMARY KEY,
    lang TEXT NOT NULL,
    lang_set_at BIGINT NOT NULL
);
