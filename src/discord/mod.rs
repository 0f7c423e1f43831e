//! The Discord surface (serenity + poise live here and nowhere else).
//!
//! - [`bot`]: the process: connection (optionally through `DISCORD_PROXY_URL`), the shared
//!   bot data, event routing, resume at startup, graceful shutdown; `commands` (the slash
//!   commands `/werewolf start|stop|status`, `/leaderboard werewolf`, `/stats`), `clicks`
//!   (buttons and menus) and `messages` (speeches typed in the channel, wolf chat).
//! - [`table`]: a channel's lobby or running game, and the driver that posts a session's
//!   notes: public events to the channel, each private event to the DMs of exactly the
//!   seats in its audience.
//! - [`private`]: a seat's private news and night controls, by DM or through the night
//!   panel when its DMs are closed (the same channel posts whatever the role).
//! - [`drive`]: the task that posts a running game's notes; [`plan`]: what to post for
//!   them (pure).
//! - [`lobby`]: joining, leaving, starting, and the start options (pure).
//! - [`render`]: every text the bot writes (pure).
//! - [`text`]: player text made safe to post; component `custom_id`s that carry the
//!   session and the ask's sequence number.
pub mod bot;
mod clicks;
mod commands;
pub mod drive;
pub mod lobby;
mod messages;
pub mod plan;
pub mod private;
pub mod render;
pub mod table;
pub mod text;

pub use bot::{run, BotError, BotSettings};
