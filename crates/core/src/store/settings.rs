//! A community's settings in the store: the language its community pages and boards are
//! shown in, with when it was set. A community with none stored reads as `None` (its
//! readers then show English). Its AFK setting (what a person's seat becomes after missed
//! actions, [`AfkMode`]) likewise, the takeover when none is stored. The Discord command
//! that sets them is a server manager's.

use super::{Store, StoreError};
use crate::games::Lang;
use serde::{Deserialize, Serialize};
use sqlx::Row;

/// What a server does with a person who missed two actions in a row.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfkMode {
    /// The table's AI plays the seat; the person can take it back.
    #[default]
    Takeover,
    /// The seat leaves the game by the rules (werewolf: it dies, no last words, no shot).
    Idle,
    /// Nothing happens: the person's actions keep taking the rules' defaults.
    Nothing,
}

impl AfkMode {
    pub const ALL: [AfkMode; 3] = [AfkMode::Takeover, AfkMode::Idle, AfkMode::Nothing];

    /// The name settings and scenario files use: `takeover`, `idle`, `nothing`.
    pub fn as_str(self) -> &'static str {
        match self {
            AfkMode::Takeover => "takeover",
            AfkMode::Idle => "idle",
            AfkMode::Nothing => "nothing",
        }
    }

    pub fn parse(s: &str) -> Option<AfkMode> {
        AfkMode::ALL.into_iter().find(|m| m.as_str() == s)
    }
}

impl Store {
    /// The language `community` chose (`None`: never set). A code this build does not
    /// know (stored by a later build) reads as `None` too, not as an error: the page is
    /// then shown in English rather than not at all.
    pub async fn community_lang(&self, community: &str) -> Result<Option<Lang>, StoreError> {
        let row = sqlx::query("SELECT lang FROM community_settings WHERE community = $1")
            .bind(community)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => Lang::parse(&r.try_get::<String, _>(0)?).ok(),
            None => None,
        })
    }

    /// Sets `community`'s language, as of `at_ms` (epoch milliseconds); setting it again
    /// replaces it.
    pub async fn set_community_lang(
        &self,
        community: &str,
        lang: Lang,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO community_settings (community, lang, lang_set_at) VALUES ($1, $2, $3) \
             ON CONFLICT (community) DO UPDATE SET lang = $2, lang_set_at = $3",
        )
        .bind(community)
        .bind(lang.code())
        .bind(at_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Every community's chosen language with when it was set: (community, language,
    /// set at), by community. Codes this build does not know are left out.
    pub async fn community_langs(&self) -> Result<Vec<(String, Lang, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT community, lang, lang_set_at FROM community_settings ORDER BY community",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in &rows {
            if let Ok(lang) = Lang::parse(&r.try_get::<String, _>(1)?) {
                out.push((r.try_get(0)?, lang, r.try_get(2)?));
            }
        }
        Ok(out)
    }

    /// `community`'s AFK setting (the takeover when never set, or set to a mode this build
    /// does not know).
    pub async fn community_afk(&self, community: &str) -> Result<AfkMode, StoreError> {
        let row = sqlx::query("SELECT afk FROM community_afk WHERE community = $1")
            .bind(community)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(r) => AfkMode::parse(&r.try_get::<String, _>(0)?).unwrap_or_default(),
            None => AfkMode::default(),
        })
    }

    /// Sets `community`'s AFK setting, as of `at_ms`; setting it again replaces it.
    pub async fn set_community_afk(
        &self,
        community: &str,
        afk: AfkMode,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO community_afk (community, afk, afk_set_at) VALUES ($1, $2, $3) \
             ON CONFLICT (community) DO UPDATE SET afk = $2, afk_set_at = $3",
        )
        .bind(community)
        .bind(afk.as_str())
        .bind(at_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
