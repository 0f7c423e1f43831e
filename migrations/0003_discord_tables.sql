-- The Discord surface's tables, one per channel: a lobby (who has joined, the options) or
-- a running game (its session, the status message to edit, whose DMs are closed), as JSON
-- text, so a restarted bot finds its lobbies and games again. The row goes when the game
-- ends; the session itself stays in `sessions`.
CREATE TABLE IF NOT EXISTS discord_tables (
    channel_id BIGINT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    state TEXT NOT NULL,
    session_id TEXT,
    data TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
