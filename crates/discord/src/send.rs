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
//!
//! Every post and DM passes a crash point of the restart tests on its way (debug builds
//! only: [`super::restart::crash_point`]).

use super::restart::Crash;
use super::types::{Bot, Context, Error};
use serenity::all::{
    ChannelId, ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditMessage, MessageId, UserId,
};
use std::time::Duration;

tokio::task_local! {
    /// The session step a table's driver is posting: its session, the lease epoch and how
    /// far it had posted (stored before the posts). Every channel post and DM made within
    /// it carries a nonce derived from the step and the message, with `enforce_nonce`, so a
    /// retried post is shown once.
    static STEP: Step;
}

#[derive(Clone)]
struct Step {
    session: String,
    epoch: i64,
    progress: u64,
}

/// Runs `posts` as the posts of one session step (see [`STEP`]): the session, the epoch
/// this process holds its lease at, and the progress.
pub async fn at_step<F: std::future::Future>(
    bot: &Bot,
    session: &str,
    progress: u64,
    posts: F,
) -> F::Output {
    let step = Step {
        session: session.to_string(),
        epoch: bot.store.epoch(session).unwrap_or(0),
        progress,
    };
    STEP.scope(step, posts).await
}

/// A post's nonce within a step: 16 hex digits (Discord allows 25) of a stable hash of
/// the step, the channel and the message; none outside a step.
///
/// A message with controls also hashes the lease epoch: after a restart or a takeover
/// (a new epoch) its earlier copy has been closed, and the one posted again must be a new
/// message with live controls. A message without controls is never posted again on
/// purpose, so the same step makes the same nonce in any process: one that was shown
/// just before its driver died, and not yet marked as shown, is not shown twice.
fn nonce(channel: ChannelId, msg: &CreateMessage) -> Option<String> {
    let step = STEP.try_with(Clone::clone).ok()?;
    let body = serde_json::to_value(msg).ok()?;
    let controls =
        (body.get("components").and_then(|c| c.as_array())).is_some_and(|c| !c.is_empty());
    let epoch = if controls { step.epoch } else { 0 };
    let key = format!("{}@{epoch}:{}", step.session, step.progress);
    // FNV-1a, 64 bits: the same in every process and build.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key
        .bytes()
        .chain(channel.get().to_le_bytes())
        .chain(body.to_string().bytes())
    {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    Some(format!("{h:016x}"))
}

/// The message with its step's nonce, Discord told to enforce it.
fn with_nonce(channel: ChannelId, msg: CreateMessage) -> CreateMessage {
    match nonce(channel, &msg) {
        Some(n) => msg
            .nonce(serenity::all::Nonce::String(n))
            .enforce_nonce(true),
        None => msg,
    }
}

/// The answer to a stale, foreign or unknown click, in `lang`.
pub fn closed(lang: agora_games::Lang) -> String {
    lang.text("table-choice-closed", &[])
}

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

/// The most characters a piece of text takes in one message (Discord allows 2,000).
const CHUNK: usize = 1900;

/// Splits text into messages Discord accepts (2,000 characters), at line ends; a line
/// longer than a message is cut between words, never dropped. Once a `>>> ` quote has
/// begun (it quotes the rest of its message), each following message quotes again.
pub fn chunks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoting = false;
    for line in text.lines() {
        let mut rest = line;
        loop {
            let fits = CHUNK.saturating_sub(cur.chars().count() + 1);
            if rest.chars().count() <= fits || (cur.is_empty() && rest.chars().count() <= CHUNK) {
                push_line(&mut cur, rest);
                break;
            }
            if !cur.is_empty() && fits < 200 {
                // Too little room left here: the line starts the next message.
                out.push(std::mem::take(&mut cur));
                if quoting {
                    cur.push_str(">>> ");
                }
                continue;
            }
            let room = if cur.is_empty() { CHUNK } else { fits };
            let cut = cut_at(rest, room);
            push_line(&mut cur, &rest[..cut]);
            out.push(std::mem::take(&mut cur));
            quoting |= line.starts_with(">>> ");
            if quoting {
                cur.push_str(">>> ");
            }
            rest = rest[cut..].trim_start();
            if rest.is_empty() {
                break;
            }
        }
        quoting |= line.starts_with(">>> ");
    }
    if !cur.is_empty() && cur != ">>> " {
        out.push(cur);
    }
    out
}

fn push_line(cur: &mut String, line: &str) {
    if !cur.is_empty() && !cur.ends_with(">>> ") {
        cur.push('\n');
    }
    cur.push_str(line);
}

/// The byte index at which to cut `s` so that at most `room` characters come first: the
/// last space within them, else exactly there.
fn cut_at(s: &str, room: usize) -> usize {
    let hard = s.char_indices().nth(room).map_or(s.len(), |(i, _)| i);
    match s[..hard].rfind(char::is_whitespace) {
        Some(i) if i > 0 => i,
        _ => hard,
    }
}

/// The last message's worth of `text` (an ephemeral answer is one message).
pub fn last_chunk(text: &str) -> String {
    chunks(text).into_iter().last().unwrap_or_default()
}

/// The window of Discord's per-channel limit on posts and edits (five in five seconds).
const WINDOW: Duration = Duration::from_secs(5);

impl Bot {
    /// Counts a post or edit in `channel` (see [`Bot::room_to_edit`]).
    fn spent(&self, channel: ChannelId) {
        let now = std::time::Instant::now();
        let mut sent = self.sent.lock().expect("lock");
        let times = sent.entry(channel.get()).or_default();
        while times
            .front()
            .is_some_and(|t| now.duration_since(*t) > WINDOW)
        {
            times.pop_front();
        }
        times.push_back(now);
    }

    /// Whether an edit that can wait (a speech's draft) may be made in `channel` now:
    /// fewer than four posts and edits in the last five seconds, so the game's own (a
    /// speech call, a vote board) find room within Discord's five.
    pub fn room_to_edit(&self, channel: ChannelId) -> bool {
        let now = std::time::Instant::now();
        let sent = self.sent.lock().expect("lock");
        let recent = sent.get(&channel.get()).map_or(0, |times| {
            times
                .iter()
                .filter(|t| now.duration_since(**t) <= WINDOW)
                .count()
        });
        recent < 4
    }

    /// Posts in a channel; a failure is logged (a 429 waits a moment and tries once more).
    pub async fn post(&self, channel: ChannelId, msg: CreateMessage) -> Option<MessageId> {
        self.spent(channel);
        super::restart::crash_point(&msg, Crash::Before);
        // A retry carries the same nonce: Discord shows the message once.
        let msg = with_nonce(channel, msg);
        for attempt in 0..2 {
            match channel.send_message(&self.http, msg.clone()).await {
                Ok(m) => {
                    super::restart::crash_point(&msg, Crash::After);
                    return Some(m.id);
                }
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
        self.spent(channel);
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
        super::restart::crash_point(&msg, Crash::Before);
        let msg = with_nonce(channel, msg);
        let sent = channel.send_message(&self.http, msg.clone()).await?;
        super::restart::crash_point(&msg, Crash::After);
        Ok(sent.id)
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

/// An interaction a handler answers (a click, a submitted form).
pub trait Answer: Sync {
    fn answer_to(&self) -> (serenity::all::InteractionId, &str);
    /// The language of the person who sent it (their Discord locale, when one of ours).
    fn person(&self) -> agora_games::Lang;
}

impl Answer for ComponentInteraction {
    fn answer_to(&self) -> (serenity::all::InteractionId, &str) {
        (self.id, &self.token)
    }
    fn person(&self) -> agora_games::Lang {
        agora_games::Lang::of_locale(&self.locale).unwrap_or_default()
    }
}

impl Answer for serenity::all::ModalInteraction {
    fn answer_to(&self) -> (serenity::all::InteractionId, &str) {
        (self.id, &self.token)
    }
    fn person(&self) -> agora_games::Lang {
        agora_games::Lang::of_locale(&self.locale).unwrap_or_default()
    }
}

impl Bot {
    /// Answers an interaction: its first answer, as a handler writes it. For an interaction
    /// another process acknowledged and handed over (see `inbox`), a message becomes a
    /// follow-up, an update edits the clicked message, and an acknowledgement or a defer is
    /// already done.
    pub async fn respond(
        &self,
        i: &impl Answer,
        r: CreateInteractionResponse,
    ) -> Result<(), serenity::Error> {
        use serenity::builder::Builder as _;
        let (id, token) = i.answer_to();
        if !self.is_preacked(id.get()) {
            let sent = r.execute(&self.http, (id, token)).await;
            self.answered(id.get());
            return sent;
        }
        let json = serde_json::to_value(&r)?;
        let data = json.get("data").cloned().unwrap_or(serde_json::Value::Null);
        match json["type"].as_u64() {
            Some(4) => {
                self.http
                    .create_followup_message(token, &data, vec![])
                    .await?;
            }
            Some(7) => {
                self.http
                    .edit_original_interaction_response(token, &data, vec![])
                    .await?;
            }
            Some(9) => {
                // A form that cannot open (a click handed over from another process was
                // acknowledged already, and only a first answer can open a form).
                let msg = CreateInteractionResponseFollowup::new()
                    .content(i.person().text("table-form-moved", &[]))
                    .ephemeral(true);
                self.http
                    .create_followup_message(token, &msg, vec![])
                    .await?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Acknowledges an interaction without answering it yet (type 6).
    pub async fn ack(&self, id: u64, token: &str) -> Result<(), serenity::Error> {
        use serenity::builder::Builder as _;
        let sent = CreateInteractionResponse::Acknowledge
            .execute(&self.http, (serenity::all::InteractionId::new(id), token))
            .await;
        self.answered(id);
        sent
    }
}

/// Answers a click by redrawing the clicked message (a lobby after a join or a leave).
pub async fn redraw_clicked(
    bot: &Bot,
    c: &ComponentInteraction,
    embed: serenity::all::CreateEmbed,
    components: Vec<serenity::all::CreateActionRow>,
) -> Result<(), Error> {
    bot.respond(
        c,
        CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new()
                .embed(embed)
                .components(components),
        ),
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

    #[test]
    fn a_long_quoted_speech_is_cut_between_words_and_every_part_stays_quoted() {
        let body: Vec<String> = (0..900).map(|i| format!("w{i}")).collect();
        let text = format!(
            "**Pro 2 · Ann** — Summary (900/500 words)\n>>> {}",
            body.join(" ")
        );
        let parts = chunks(&text);
        assert!(parts.len() >= 3, "{}", parts.len());
        assert!(parts.iter().all(|p| p.chars().count() <= 2000));
        assert!(parts[0].starts_with("**Pro 2"));
        assert!(
            parts[1..].iter().all(|p| p.starts_with(">>> ")),
            "{parts:?}"
        );
        let words: Vec<&str> = parts
            .iter()
            .flat_map(|p| p.split_whitespace())
            .filter(|w| w.starts_with('w') && w[1..].parse::<u32>().is_ok())
            .collect();
        assert_eq!(words, body.iter().map(String::as_str).collect::<Vec<_>>());
        // One word longer than a message is cut, not dropped.
        let long = "y".repeat(4000);
        assert_eq!(chunks(&long).concat(), long);
    }
}
