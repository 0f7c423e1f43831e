//! A community's settings in the store: the language its community pages and boards are
//! shown in, with when it was set. A community with none stored reads as `None` (its
//! readers then show English). The Discord command that sets it is a server manager's.

use super::{Store, StoreError};
use crate::games::Lang;
use sqlx::Row;

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
}
