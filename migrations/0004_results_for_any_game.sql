-- Results for any game: decimal scores (a judge's 7.5; werewolf's GPP stay whole numbers),
-- the game's own details per seat and per game (JSON text), and the game played at each
-- Discord table. The score column is rebuilt as a decimal, its values kept.
ALTER TABLE sessions ADD COLUMN details TEXT;
ALTER TABLE session_seats ADD COLUMN details TEXT;
ALTER TABLE session_seats ADD COLUMN points DOUBLE PRECISION;
UPDATE session_seats SET points = score;
ALTER TABLE session_seats DROP COLUMN score;
ALTER TABLE session_seats RENAME COLUMN points TO score;
ALTER TABLE discord_tables ADD COLUMN game TEXT NOT NULL DEFAULT 'werewolf';
