//! The registry's rater: each game rates its own finished results (its stats'
//! `GameStats::rated`) with `[stats]`'s model, and the store opened with it. Here, above
//! the ratings and the kits, because it picks a game's stats by its kind.

use super::GameKind;
use crate::config::Config;
use crate::ratings::model::{Model, RatedGame};
use crate::store::{FinishedGame, Rater, Store, StoreError};
use std::time::Duration;

/// The registry's rater: each game rates its own results, with `[stats]`'s model.
pub struct RegistryRater {
    model: Model,
    starts: Vec<i64>,
}

impl RegistryRater {
    /// The rater of `config` (`[stats] tau`, `season_sigma`, `season`; the loader has
    /// checked the dates).
    pub fn new(config: &Config) -> RegistryRater {
        RegistryRater {
            model: Model {
                tau: config.stats.tau,
                season_sigma: config.stats.season_sigma,
            },
            starts: config.stats.season_starts().unwrap_or_default(),
        }
    }
}

impl Rater for RegistryRater {
    fn rated(&self, game: &FinishedGame) -> Option<RatedGame> {
        let kind = GameKind::parse(&game.game)?;
        super::stats::of(kind).rated(game)
    }
    fn model(&self) -> Model {
        self.model
    }
    fn season_starts(&self) -> &[i64] {
        &self.starts
    }
}

/// Opens the store with the registry's rater (`[stats]`): finished sessions are rated as
/// they are stored. A store whose finished games have no ratings yet (made by an earlier
/// build) is rated once, from its results.
pub async fn open_store(url: &str, config: &Config) -> Result<Store, StoreError> {
    let rater = std::sync::Arc::new(RegistryRater::new(config));
    let store = Store::open(url, Duration::from_secs(config.store.lease_secs as u64))
        .await?
        .with_rater(rater.clone());
    if store.ratings_missing().await? {
        store.rebuild_ratings(rater).await?;
    }
    Ok(store)
}
