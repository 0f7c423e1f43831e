//! [`DiscordGame`]: what the bot core asks of a game as a whole (not of one of its
//! tables): its kind, its slash commands, how a stored table of it is picked up at
//! startup, and how many AI players' names one of its tables may give out. Each game
//! implements it in its own folder; `commands::game` lists them, the one shared place
//! that names the games. Start-up builds the commands and resumes the stored tables
//! through that list.

use crate::types::BoxFuture;
use crate::types::{Bot, Error};
use agora_core::store::ChannelRow;
use std::sync::Arc;

/// A game as the Discord surface knows it.
pub trait DiscordGame: Sync {
    /// The game's slash commands (start-up gives each the same per-user cooldown).
    fn commands(&self) -> Vec<poise::Command<Arc<Bot>, Error>>;

    /// Picks up a stored table of this game at startup: a lobby as it was, a running game
    /// resumed where it stopped (a session that has ended frees its channel).
    fn resume<'a>(
        &'a self,
        bot: &'a Arc<Bot>,
        row: ChannelRow,
    ) -> BoxFuture<'a, anyhow::Result<()>>;

    /// How many AI players' names one table may give out (the names file must hold at
    /// least this many); a game whose AI players have names of their own needs none.
    fn ai_names(&self) -> usize {
        0
    }
}
