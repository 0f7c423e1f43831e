//! The Discord surface's own rows: one per channel with a lobby or a running game, so a
//! restarted bot picks its tables up again. The payload is the surface's JSON; the store
//! only keeps it.

use super::{now_ms, Store, StoreError};
use sqlx::Row;

/// One channel's table as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ChannelRow {
    pub channel_id: u64,
    pub guild_id: u64,
    /// `lobby` or `running`.
    pub state: String,
    pub session_id: Option<String>,
    pub data: serde_json::Value,
}

impl Store {
    /// Writes (inserts or replaces) a channel's table.
    pub async fn save_channel(&self, row: &ChannelRow) -> Result<(), StoreError> {
        let data = row.data.to_string();
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM discord_tables WHERE channel_id = $1")
            .bind(row.channel_id as i64)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO discord_tables (channel_id, guild_id, state, session_id, data, updated_at) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(row.channel_id as i64)
        .bind(row.guild_id as i64)
        .bind(&row.state)
        .bind(row.session_id.as_deref())
        .bind(&data)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets a channel's table (its game ended or was stopped).
    pub async fn delete_channel(&self, channel_id: u64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM discord_tables WHERE channel_id = $1")
            .bind(channel_id as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Every stored channel table.
    pub async fn channels(&self) -> Result<Vec<ChannelRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT channel_id, guild_id, state, session_id, data FROM discord_tables ORDER BY updated_at, channel_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                let channel_id = r.try_get::<i64, _>(0)? as u64;
                let data: String = r.try_get(4)?;
                Ok(ChannelRow {
                    channel_id,
                    guild_id: r.try_get::<i64, _>(1)? as u64,
                    state: r.try_get(2)?,
                    session_id: r.try_get(3)?,
                    data: serde_json::from_str(&data).map_err(|e| {
                        super::corrupt(&format!("discord channel {channel_id}"), e.to_string())
                    })?,
                })
            })
            .collect()
    }
}
