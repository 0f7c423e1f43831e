-- Ratings (Weng-Lin): for every finished session, each seat's rating before and after
-- it, per rating key (werewolf: `village` or `wolf`; debate: `debate`; trial: `trial`,
-- and the case itself as `case`, seat 0). `seq` is the order they were applied in; the
-- latest row of a (community, game, key, player) is the current rating. `agora stats
-- rebuild` clears the table and applies every finished session again, oldest first.
CREATE TABLE ratings (
    seq BIGINT NOT NULL,
    session_id TEXT NOT NULL REFERENCES sessions (id),
    seat BIGINT NOT NULL,
    community TEXT NOT NULL,
    game TEXT NOT NULL,
    rkey TEXT NOT NULL,
    player_id TEXT NOT NULL,
    season BIGINT NOT NULL,
    mu_before DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after DOUBLE PRECISION NOT NULL,
    sigma_after DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (session_id, seat, rkey)
);

CREATE INDEX ratings_player ON ratings (community, game, rkey, player_id, seq);
CREATE INDEX ratings_seq ON ratings (seq);

-- Seasons a server manager started (`/season start`), beside the configured dates.
CREATE TABLE seasons (
    community TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    started_by TEXT NOT NULL,
    PRIMARY KEY (community, starts_at)
);

-- A person's choices about the community page (`/privacy web:off`: hidden there).
CREATE TABLE privacy (
    player_id TEXT PRIMARY KEY,
    web_hidden BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX sessions_finished ON sessions (status, community, game, finished_at);
