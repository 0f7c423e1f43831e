//! Everything the bot sends to Discord, in one place: channel posts, edits, DMs (the DM
//! channel opened once per user), follow-ups on an interaction's token, ephemeral answers
//! to clicks and commands,
//! and long text cut into messages Discord accepts (2,000 characters).
//!
//! Failures: a post that hits a 429 (rate limited) waits a moment and is tried once more;
//! anything else is logged and not retried, a 10062 (unknown interaction: its answer came
//! too late) included, since retrying cannot bring the interaction back. Messages that
//! carry player text or game news are posted with pings off ([`no_pings`]), allowing only
//! the users a message calls.

use super::types::{Bot, Context, Error};
use serenity::all::{
    ChannelId, ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditMessage, MessageId, UserId,
};
use std::time::Duration;

/// The answer to a stale, foreign or unknown click.
pub const CLOSED: &str = "That choice has closed.";

/// The Discord error code of a failed call (50007: cannot DM; 10062: unknown
/// interaction; 10008: unknown message), if any.
pub fn api_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// The HTTP status of a failed call, if any.
pub fn api_status(e: &serenity::Error) -> Option<u16> {
    match e {
        serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.status_code.as_u16())
        }
        _ => None,
    }
}

/// Whether a DM failed because the user does not accept DMs from the bot (50007, or any
/// 403): the seat then plays through the channel's button.
pub fn dm_refused(e: &serenity::Error) -> bool {
    api_code(e) == Some(50007) || api_status(e) == Some(403)
}

/// No `@everyone`, no roles, no users: add the users a message should ping.
pub fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
        .everyone(false)
        .all_roles(false)
        .all_users(false)
}

/// An answer only the clicker or caller sees.
pub fn ephemeral(text: impl Into<String>) -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

/// Splits text into messages Discord accepts (2,000 characters), at line ends.
pub fn chunks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        if cur.chars().count() + line.chars().count() + 1 > 1900 && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push('\n');
        }
        cur.push_str(&line.chars().take(1900).collect::<String>());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The last message's worth of `text` (an ephemeral answer is one message).
pub fn last_chunk(text: &str) -> String {
    chunks(text).into_iter().last().unwrap_or_default()
}

impl Bot {
    /// Posts in a channel; a failure is logged (a 429 waits a moment and tries once more).
    pub async fn post(&self, channel: ChannelId, msg: CreateMessage) -> Option<MessageId> {
        for attempt in 0..2 {
            match channel.send_message(&self.http, msg.clone()).await {
                Ok(m) => return Some(m.id),
                Err(e) if api_status(&e) == Some(429) && attempt == 0 => {
                    tokio::time::sleep(Duration::from_millis(1000)).await;
                }
                Err(e) => {
                    tracing::warn!(channel = channel.get(), "posting failed: {e}");
                    return None;
                }
            }
        }
        None
    }

    /// Posts long text as as many messages as it takes, pings off.
    pub async fn post_text(&self, channel: ChannelId, text: &str) {
        for c in chunks(text) {
            self.post(
                channel,
                CreateMessage::new().content(c).allowed_mentions(no_pings()),
            )
            .await;
        }
    }

    /// Posts `text` pinging `user` only.
    pub async fn post_to(&self, channel: ChannelId, user: UserId, text: String) {
        self.post(
            channel,
            CreateMessage::new()
                .content(text)
                .allowed_mentions(CreateAllowedMentions::new().users([user])),
        )
        .await;
    }

    /// Edits one of the bot's messages; a failure is logged and returned.
    pub async fn edit(
        &self,
        channel: ChannelId,
        message: u64,
        edit: EditMessage,
    ) -> Result<(), serenity::Error> {
        channel
            .edit_message(&self.http, MessageId::new(message), edit)
            .await
            .map(|_| ())
            .inspect_err(|e| tracing::warn!("editing failed: {e}"))
    }

    /// DMs a user (the DM channel is opened once and remembered).
    pub async fn dm(&self, user: u64, msg: CreateMessage) -> Result<MessageId, serenity::Error> {
        let known = self.dm_channels.lock().expect("lock").get(&user).copied();
        let channel = match known {
            Some(c) => c,
            None => {
                let c = UserId::new(user).create_dm_channel(&self.http).await?.id;
                self.dm_channels.lock().expect("lock").insert(user, c);
                c
            }
        };
        channel.send_message(&self.http, msg).await.map(|m| m.id)
    }

    /// A follow-up on an interaction by its token (valid for 15 minutes); a failure is
    /// logged.
    pub async fn followup_token(&self, token: &str, msg: CreateInteractionResponseFollowup) {
        if let Err(e) = self.http.create_followup_message(token, &msg, vec![]).await {
            tracing::warn!("follow-up failed: {e}");
        }
    }
}

/// Tells a clicker something once their click was acknowledged (ephemeral).
pub async fn followup(bot: &Bot, c: &ComponentInteraction, text: &str) -> Result<(), Error> {
    c.create_followup(
        &bot.http,
        CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Answers a slash command so only its caller sees it (a refusal, or a status).
pub async fn reply_ephemeral(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    ctx.send(
        poise::CreateReply::default()
            .content(text.into())
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_split_for_discord() {
        let text = (0..100)
            .map(|i| format!("line {i} {}", "x".repeat(50)))
            .collect::<Vec<_>>()
            .join("\n");
        let parts = chunks(&text);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= 1900));
        assert_eq!(parts.join("\n"), text);
        assert_eq!(last_chunk(&text), *parts.last().unwrap());
    }
}
