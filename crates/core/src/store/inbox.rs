//! The inbox: events one bot process received for a table another process drives (a DM
//! click arrives on shard 0; a message in a channel whose table moved). The receiver
//! acknowledges the event, stores it here addressed to the table's driver, and on
//! PostgreSQL tells it with `NOTIFY agora_inbox`; the driver takes its rows and handles
//! them as if they had reached it. A notification sent while the driver's listening
//! connection was down is lost, so the driver also reads the table after a reconnect and
//! every beat. A process that takes a table over takes its waiting events too.

use super::writer::Write;
use super::{now_ms, Backend, Store, StoreError};
use sqlx::Row;
use std::sync::Arc;
use tokio::sync::Notify;

/// The channel the inbox's notifications go on (the payload names the addressee).
pub const CHANNEL: &str = "agora_inbox";

/// An event waiting for the process that drives its table.
#[derive(Debug, Clone, PartialEq)]
pub struct InboxItem {
    /// Unique per event (the interaction's or message's id).
    pub id: String,
    pub owner: String,
    /// The table's channel.
    pub channel_id: u64,
    /// `component`, `modal` or `message`.
    pub kind: String,
    /// The event as Discord sent it.
    pub payload: serde_json::Value,
    pub received_at: i64,
}

impl Store {
    /// Stores an event for `owner` (committed before this returns) and tells it.
    pub async fn post_inbox(
        &self,
        owner: &str,
        channel_id: u64,
        kind: &str,
        id: &str,
        payload: &serde_json::Value,
    ) -> Result<(), StoreError> {
        self.write(Write::Inbox(InboxItem {
            id: id.to_string(),
            owner: owner.to_string(),
            channel_id,
            kind: kind.to_string(),
            payload: payload.clone(),
            received_at: now_ms(),
        }))
        .await?;
        Ok(())
    }

    /// Takes (deletes and answers) every event waiting for this process, oldest first.
    pub async fn take_inbox(&self) -> Result<Vec<InboxItem>, StoreError> {
        let rows = sqlx::query(
            "DELETE FROM inbox WHERE owner = $1 RETURNING id, owner, channel_id, kind, payload, received_at",
        )
        .bind(&self.owner)
        .fetch_all(&self.pool)
        .await?;
        let mut items = rows
            .iter()
            .map(|r| {
                let payload: String = r.try_get(4)?;
                let id: String = r.try_get(0)?;
                Ok(InboxItem {
                    payload: serde_json::from_str(&payload)
                        .map_err(|e| super::corrupt(&format!("inbox {id}"), e.to_string()))?,
                    id,
                    owner: r.try_get(1)?,
                    channel_id: r.try_get::<i64, _>(2)? as u64,
                    kind: r.try_get(3)?,
                    received_at: r.try_get(5)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        items.sort_by(|a, b| (a.received_at, &a.id).cmp(&(b.received_at, &b.id)));
        Ok(items)
    }

    /// Addresses the events waiting for the table at `channel_id` to this process (it took
    /// the table over); answers how many.
    pub async fn readdress_inbox(&self, channel_id: u64) -> Result<u64, StoreError> {
        let done = sqlx::query("UPDATE inbox SET owner = $1 WHERE channel_id = $2 AND owner <> $1")
            .bind(&self.owner)
            .bind(channel_id as i64)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// The events waiting for this process.
    pub async fn inbox_depth(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) FROM inbox WHERE owner = $1")
            .bind(&self.owner)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>(0)?)
    }

    /// Who drives a running session now, and its table's channel: (lease owner, or none
    /// when released; channel), if the session is running at a Discord table.
    pub async fn session_driver(
        &self,
        session: &str,
    ) -> Result<Option<(Option<String>, u64)>, StoreError> {
        let row = sqlx::query(
            "SELECT s.lease_owner, dt.channel_id FROM sessions s JOIN discord_tables dt ON dt.session_id = s.id \
             WHERE s.id = $1 AND s.status = 'running'",
        )
        .bind(session)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((r.try_get(0)?, r.try_get::<i64, _>(1)? as u64)))
            .transpose()
    }

    /// The running Discord sessions where `player` has a seat and another process drives
    /// them: (owner, channel), one per table.
    pub async fn seated_elsewhere(&self, player: &str) -> Result<Vec<(String, u64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT s.lease_owner, dt.channel_id FROM session_seats ss \
             JOIN sessions s ON s.id = ss.session_id JOIN discord_tables dt ON dt.session_id = s.id \
             WHERE ss.player_id = $1 AND s.status = 'running' AND s.lease_owner IS NOT NULL AND s.lease_owner <> $2",
        )
        .bind(player)
        .bind(&self.owner)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get::<i64, _>(1)? as u64)))
            .collect()
    }

    /// Wakes the returned [`Notify`] whenever an event may be waiting for this process: a
    /// notification for it, or a reconnect of the listening connection (notifications
    /// sent meanwhile are lost). PostgreSQL only; `None` on SQLite (one process).
    pub async fn listen_inbox(&self) -> Result<Option<Arc<Notify>>, StoreError> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url)
            .await
            .map_err(|source| StoreError::Connect {
                url: super::redact(&self.url),
                source,
            })?;
        listener.listen(CHANNEL).await?;
        let wake = Arc::new(Notify::new());
        let weak = Arc::downgrade(&wake);
        let me = self.owner.clone();
        tokio::spawn(async move {
            loop {
                let got = listener.try_recv().await;
                let Some(wake) = weak.upgrade() else {
                    return;
                };
                match got {
                    Ok(Some(n)) if n.payload() == me => wake.notify_one(),
                    Ok(Some(_)) => {}
                    // The connection was lost: it reconnects on the next call; what was
                    // sent meanwhile is read from the table.
                    Ok(None) => wake.notify_one(),
                    Err(e) => {
                        tracing::warn!("the inbox's listening connection: {e}; retrying");
                        wake.notify_one();
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
        });
        Ok(Some(wake))
    }
}
