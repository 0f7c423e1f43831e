//! Guards in front of the handlers: the per-user cooldown of each slash command, the click
//! rate limit, and who counts as a moderator.
//!
//! - Commands use poise's own cooldowns: [`set_cooldowns`] gives every command a per-user
//!   cooldown of `[discord] command_cooldown_secs` (poise checks it before the command
//!   runs and starts it once the arguments are read); a hit is answered by
//!   `events::on_error` with [`cooldown_text`].
//! - Clicks that do work of their own (lobby changes, night panel views) are limited to
//!   `[discord] clicks_per_10s` per user in any ten seconds: a sliding window, written here
//!   because a token bucket (governor's GCRA) would let a slowed-down user back in after a
//!   fraction of the window instead of when the oldest click leaves it.

use serenity::all::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage, Http,
    Permissions,
};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The click rate limit's state.
pub struct Guards {
    clicks: Mutex<HashMap<u64, Vec<Instant>>>,
    per_10s: u32,
}

const WINDOW: Duration = Duration::from_secs(10);

impl Guards {
    pub fn new(clicks_per_10s: u32) -> Guards {
        Guards {
            clicks: Mutex::new(HashMap::new()),
            per_10s: clicks_per_10s,
        }
    }

    /// Whether `user` may click now (at most `clicks_per_10s` in ten seconds); an allowed
    /// click counts.
    pub fn click_allowed(&self, user: u64) -> bool {
        let mut map = self.clicks.lock().expect("lock");
        let now = Instant::now();
        let v = map.entry(user).or_default();
        v.retain(|t| now.duration_since(*t) < WINDOW);
        if v.len() >= self.per_10s as usize {
            return false;
        }
        v.push(now);
        true
    }

    /// Whether the clicker may click now; if not, they are told to slow down.
    pub async fn admit_click(
        &self,
        http: &Http,
        c: &ComponentInteraction,
    ) -> Result<bool, serenity::Error> {
        if self.click_allowed(c.user.id.get()) {
            return Ok(true);
        }
        // Built here rather than with `send::ephemeral`: `types` holds the guards and
        // `send` needs `types`, so this file imports neither.
        let lang = agora_games::Lang::of_locale(&c.locale).unwrap_or_default();
        let slow = CreateInteractionResponseMessage::new()
            .content(lang.text("table-slow-clicks", &[]))
            .ephemeral(true);
        c.create_response(http, CreateInteractionResponse::Message(slow))
            .await?;
        Ok(false)
    }
}

/// Gives every command (subcommands included) a per-user cooldown of `secs` (none at 0).
pub fn set_cooldowns<U, E>(commands: &mut [poise::Command<U, E>], secs: f64) {
    let wait = Some(Duration::from_secs_f64(secs)).filter(|d| !d.is_zero());
    for c in commands {
        if c.subcommands.is_empty() {
            c.cooldown_config.write().expect("lock").user = wait;
        }
        set_cooldowns(&mut c.subcommands, secs);
    }
}

/// What a user hitting a cooldown is told, in their language.
pub fn cooldown_text(remaining: Duration, lang: agora_games::Lang) -> String {
    let secs = format!("{:.1}", remaining.as_secs_f64());
    lang.text("table-slow-command", &[("secs", &secs)])
}

/// Whether the clicker may manage the channel's messages (a moderator).
pub fn member_manages(c: &ComponentInteraction) -> bool {
    c.member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.contains(Permissions::MANAGE_MESSAGES) || p.administrator())
}

/// Whether the caller of a slash command may manage the channel's messages.
pub fn ctx_manages<U: Send + Sync, E>(ctx: poise::Context<'_, U, E>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.contains(Permissions::MANAGE_MESSAGES) || p.administrator()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_are_limited_per_user() {
        let g = Guards::new(2);
        assert!(g.click_allowed(1));
        assert!(g.click_allowed(1));
        assert!(!g.click_allowed(1), "the third click in ten seconds");
        assert!(g.click_allowed(2), "another user has their own count");
    }

    #[test]
    fn cooldowns_go_on_every_leaf_command() {
        let mut parent = poise::Command::<(), ()> {
            subcommands: vec![poise::Command::default()],
            ..Default::default()
        };
        parent.name = "parent".into();
        let mut cmds = vec![parent];
        set_cooldowns(&mut cmds, 2.0);
        let leaf = cmds[0].subcommands[0].cooldown_config.read().unwrap().user;
        assert_eq!(leaf, Some(Duration::from_secs(2)));
        assert_eq!(cmds[0].cooldown_config.read().unwrap().user, None);
        set_cooldowns(&mut cmds, 0.0);
        let leaf = cmds[0].subcommands[0].cooldown_config.read().unwrap().user;
        assert_eq!(leaf, None, "0 is no cooldown");
    }
}
