-- Sessions, their append-only input logs, armed deadlines, seats and results.
-- Portable SQL for SQLite and PostgreSQL: TEXT ids, BIGINT numbers (epoch milliseconds,
-- Discord ids, seeds as signed 64-bit), INTEGER-free so both backends decode the same.

CREATE TABLE players (
    id TEXT PRIMARY KEY,
    surface TEXT NOT NULL,
    name TEXT NOT NULL,
    is_ai BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    surface TEXT NOT NULL,
    community TEXT NOT NULL,
    channel TEXT NOT NULL,
    config TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT NOT NULL,
    winner TEXT,
    finished_at BIGINT
);

CREATE INDEX sessions_status ON sessions (status);
CREATE INDEX sessions_channel ON sessions (surface, channel, status);

CREATE TABLE session_seats (
    session_id TEXT NOT NULL REFERENCES sessions (id),
    seat BIGINT NOT NULL,
    player_id TEXT NOT NULL REFERENCES players (id),
    agent TEXT,
    role TEXT,
    score BIGINT,
    won BIGINT,
    PRIMARY KEY (session_id, seat)
);

CREATE INDEX session_seats_player ON session_seats (player_id);

CREATE TABLE inputs (
    session_id TEXT NOT NULL REFERENCES sessions (id),
    n BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    ask_seq BIGINT NOT NULL,
    source TEXT NOT NULL,
    payload TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (session_id, n)
);

CREATE TABLE deadlines (
    session_id TEXT NOT NULL REFERENCES sessions (id),
    seat BIGINT NOT NULL,
    ask_seq BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    PRIMARY KEY (session_id, seat, ask_seq)
);
