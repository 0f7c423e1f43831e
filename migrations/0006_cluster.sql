-- Several processes on one PostgreSQL (issue 27).
--
-- Every claim of a session's lease raises its epoch; every write of a session carries the
-- epoch its writer claimed, and is refused once another claim raised it, so a process
-- that lost a session can never store (nor post, which is stored first) for it again.
ALTER TABLE sessions ADD COLUMN lease_epoch BIGINT NOT NULL DEFAULT 0;

-- Discord gateway shards, leased like sessions: the process holding a shard runs its
-- gateway connection; a shard whose lease ran out is started by a surviving process.
CREATE TABLE shard_leases (
    total BIGINT NOT NULL,
    shard BIGINT NOT NULL,
    owner TEXT,
    epoch BIGINT NOT NULL DEFAULT 0,
    lease_until BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (total, shard)
);

-- Events received by one process for a table another process drives (a DM click arrives
-- on shard 0): acknowledged by the receiver, stored here, and taken by the owner (told by
-- NOTIFY on PostgreSQL; the table is read again after a reconnect).
CREATE TABLE inbox (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_at BIGINT NOT NULL
);

CREATE INDEX inbox_owner ON inbox (owner, received_at);
