//! The Discord surface's own rows: one per channel with a lobby or a running game, so a
//! restarted bot picks its tables up again. The payload is the surface's JSON; the store
//! only keeps it. Saves go through the writer like every write: a table saves its row at
//! every step, and a thousand tables must not each hold a connection for it.

use super::writer::Write;
use super::{Store, StoreError};
use sqlx::Row;

/// One channel's table as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelRow {
    pub channel_id: u64,
    pub guild_id: u64,
    /// The game played at the table (its kind's name).
    pub game: String,
    /// `lobby` or `running`.
    pub state: String,
    pub session_id: Option<String>,
    pub data: serde_json::Value,
}

impl Store {
    /// Writes (inserts or replaces) a channel's table. `LeaseLost` (storing nothing) when
    /// its running session is one this process held and another process took: a table
    /// stores how far it has posted before posting, so it posts nothing more either.
    pub async fn save_channel(&self, row: &ChannelRow) -> Result<(), StoreError> {
        let fence = row.session_id.as_deref().and_then(|id| self.fence(id));
        self.write(Write::SaveChannel(row.clone(), fence)).await?;
        Ok(())
    }

    /// Forgets a channel's table (its game ended or was stopped), unless the channel holds
    /// another session than `session` by now (empty: whatever it holds).
    pub async fn delete_channel(&self, channel_id: u64, session: &str) -> Result<(), StoreError> {
        self.write(Write::DeleteChannel(channel_id, session.to_string()))
            .await?;
        Ok(())
    }

    /// Every stored channel table.
    pub async fn channels(&self) -> Result<Vec<ChannelRow>, StoreError> {
        self.channels_where(None).await
    }

    async fn channels_where(&self, channel: Option<u64>) -> Result<Vec<ChannelRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT channel_id, guild_id, game, state, session_id, data FROM discord_tables \
             WHERE ($1 = 0 OR channel_id = $1) ORDER BY updated_at, channel_id",
        )
        .bind(channel.unwrap_or(0) as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let channel_id = r.try_get::<i64, _>(0)? as u64;
                let data: String = r.try_get(5)?;
                Ok(ChannelRow {
                    channel_id,
                    guild_id: r.try_get::<i64, _>(1)? as u64,
                    game: r.try_get(2)?,
                    state: r.try_get(3)?,
                    session_id: r.try_get(4)?,
                    data: serde_json::from_str(&data).map_err(|e| {
                        super::corrupt(&format!("discord channel {channel_id}"), e.to_string())
                    })?,
                })
            })
            .collect()
    }
}

/// A channel's table as the cluster keeper scans them: where it is and who drives its
/// session, without its data.
#[derive(Debug, Clone, PartialEq)]
pub struct TablePlace {
    pub channel_id: u64,
    pub guild_id: u64,
    /// `lobby` or `running`.
    pub state: String,
    pub session_id: Option<String>,
    /// The session's status (`running`, `finished`, …), when the table has one.
    pub session_status: Option<String>,
    /// The session's lease holder, while it has one.
    pub lease_owner: Option<String>,
    pub lease_until: i64,
}

impl TablePlace {
    /// Whether this process may take the table over now: a lobby (no lease), or a running
    /// session nobody holds, whose lease ran out, or whose holder is a dead process of
    /// this machine.
    pub fn takeable(&self, me: &str, now: i64) -> bool {
        if self.session_id.is_some() && self.session_status.as_deref() != Some("running") {
            return false;
        }
        match (&self.session_id, &self.lease_owner) {
            (None, _) => true,
            (Some(_), None) => true,
            (Some(_), Some(o)) if o == me => false,
            (Some(_), Some(o)) => self.lease_until < now || super::owner::owner_is_dead_local(o),
        }
    }
}

impl Store {
    /// Where every stored table is and who drives it (the keeper's scan: no data read).
    pub async fn table_places(&self) -> Result<Vec<TablePlace>, StoreError> {
        let rows = sqlx::query(
            "SELECT dt.channel_id, dt.guild_id, dt.state, dt.session_id, s.status, s.lease_owner, COALESCE(s.lease_until, 0) \
             FROM discord_tables dt LEFT JOIN sessions s ON s.id = dt.session_id ORDER BY dt.channel_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(TablePlace {
                    channel_id: r.try_get::<i64, _>(0)? as u64,
                    guild_id: r.try_get::<i64, _>(1)? as u64,
                    state: r.try_get(2)?,
                    session_id: r.try_get(3)?,
                    session_status: r.try_get(4)?,
                    lease_owner: r.try_get(5)?,
                    lease_until: r.try_get(6)?,
                })
            })
            .collect()
    }

    /// One channel's stored table.
    pub async fn channel(&self, channel_id: u64) -> Result<Option<ChannelRow>, StoreError> {
        Ok(self
            .channels_where(Some(channel_id))
            .await?
            .into_iter()
            .next())
    }
}
