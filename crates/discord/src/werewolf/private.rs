//! A human seat's private news and night controls: by DM, or through the night panel when
//! the seat's DMs are closed.
//!
//! Hidden information stays hidden from the channel. A seat whose DMs are closed gets its
//! night panel button in the channel at the same moments whatever its role (each
//! nightfall, and when it dies), never when it happens to have news or an ask: what the
//! table sees does not depend on the role. The panel's answer is ephemeral (the clicker
//! only): the seat's role, its news since it last looked, and its open night ask's
//! controls, or that there is nothing to do right now. News and controls that come
//! later reach the seat as ephemeral follow-ups on its last press while Discord keeps
//! that interaction's token (15 minutes).
//!
//! With DMs open, a batch of news and the controls of the ask that follows it are one DM.
//! A player who joins a lobby is welcomed by DM, which is how closed DMs are found first.

use super::plan::Post;
use super::render;
use super::table::{OpenAsk, Running, TableState, WerewolfTable};
use super::views::controls;
use crate::send::{chunks, dm_refused, last_chunk, no_pings};
use crate::tables::Seated;
use crate::text::Component;
use crate::types::Bot;
use agora_core::store::now_ms;
use agora_games::werewolf::{AskKind, Seat};
use agora_games::Lang;
use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, CreateActionRow, CreateButton,
    CreateInteractionResponseFollowup, CreateMessage, UserId,
};
use std::sync::Arc;

/// The night panel button's label in the table's language `lang` (the closed-DM note
/// names it).
pub fn panel_label(lang: Lang) -> String {
    lang.text("wwd-panel", &[])
}

/// How long an interaction token may carry follow-ups: Discord keeps it 15 minutes.
const TOKEN_LIFE_MS: i64 = 14 * 60 * 1000;

/// What the seat sees for one batch: its news lines, then its open ask's controls (and
/// that ask's sequence number).
fn compose(
    r: &Running,
    seat: Seat,
    posts: Vec<Post>,
) -> (String, Vec<CreateActionRow>, Option<u32>) {
    let open: Option<OpenAsk> = posts.iter().find_map(|p| match p {
        Post::Controls { seq } => r.open.get(&seat).filter(|o| o.seq == *seq).copied(),
        _ => None,
    });
    let witch_controls = open.is_some_and(|o| o.ask.kind == AskKind::Witch);
    let mut lines: Vec<String> = Vec::new();
    for p in posts {
        match p {
            Post::Text(t) => lines.push(t),
            // The witch's controls say the attack: it is not told twice.
            Post::WitchNews(t) if !witch_controls => lines.push(t),
            _ => {}
        }
    }
    let mut comps = Vec::new();
    if let Some(o) = open {
        let names = r.names_of(seat);
        lines.push(render::ask_prompt(&o.ask, &names, o.due_at));
        comps = controls(&r.data.session_id, &names, &o.ask);
    }
    (lines.join("\n"), comps, open.map(|o| o.seq))
}

/// Sends one batch of a seat's private news and controls, then the offers of unasked
/// actions in it (each its own DM: see [`super::unasked`]).
pub(super) async fn send_private(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    channel: ChannelId,
    seat: Seat,
    posts: Vec<Post>,
) {
    let offers: Vec<_> = (posts.iter())
        .filter_map(|p| match p {
            Post::Offer(o) => Some(*o),
            _ => None,
        })
        .collect();
    send_batch(bot, table, channel, seat, posts).await;
    super::unasked::send(bot, table, seat, offers).await;
}

/// Sends one batch of a seat's private news and controls: one DM, or, with DMs closed, an
/// ephemeral follow-up on the seat's last panel press if it is still fresh (otherwise the
/// next press shows it).
async fn send_batch(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    channel: ChannelId,
    seat: Seat,
    posts: Vec<Post>,
) {
    let (user, closed, token, text, comps, asked) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        let Some(user) = r.data.user(seat) else {
            return;
        };
        let i = seat as usize - 1;
        let closed = r.data.seats[i].dm_closed;
        let (text, comps, asked) = compose(r, seat, posts);
        let token = match &r.panel[i] {
            Some((token, at)) if closed && now_ms() - at < TOKEN_LIFE_MS => {
                r.seen[i] = r.private[i].len();
                Some(token.clone())
            }
            _ => None,
        };
        (user, closed, token, text, comps, asked)
    };
    if text.is_empty() {
        return;
    }
    if closed {
        if let Some(token) = token {
            let msg = CreateInteractionResponseFollowup::new()
                .content(last_chunk(&text))
                .components(comps)
                .ephemeral(true);
            bot.followup_token(&token, msg).await;
        }
        return;
    }
    let parts = chunks(&text);
    let last = parts.len().saturating_sub(1);
    for (n, part) in parts.into_iter().enumerate() {
        let mut msg = CreateMessage::new()
            .content(part)
            .allowed_mentions(no_pings());
        if n == last {
            msg = msg.components(comps.clone());
        }
        match bot.dm(user, msg).await {
            Ok(m) => {
                if let Some(seq) = asked.filter(|_| n == last) {
                    table.shown(bot, seat, seq, m.get()).await;
                }
            }
            Err(e) if dm_refused(&e) => {
                // Found out mid-game (the seat closed its DMs): from now on the night
                // panel carries everything; it is posted at once so the open ask is not
                // missed.
                mark_dm_closed(bot, table, seat).await;
                post_panel(bot, table, channel, seat).await;
                return;
            }
            Err(e) => {
                tracing::warn!(seat, "DM failed: {e}");
                // Our side failed the person: a miss of this ask is not their strike.
                super::afk::unreached(table, seat).await;
                return;
            }
        }
    }
}

/// Posts a closed-DM seat's night panel button in the channel.
pub(super) async fn post_panel(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    channel: ChannelId,
    seat: Seat,
) {
    let (user, session, lang) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        let Some(user) = r.data.user(seat) else {
            return;
        };
        (user, r.data.session_id.clone(), r.data.lang)
    };
    let label = panel_label(lang);
    let id = Component::Ask {
        session,
        seat,
        seq: 0,
        verb: "open".into(),
    }
    .id();
    bot.post(
        channel,
        CreateMessage::new()
            .content(lang.text(
                "wwd-panel-call",
                &[("user", &user.to_string()), ("label", &label)],
            ))
            .components(vec![CreateActionRow::Buttons(vec![CreateButton::new(id)
                .label(label)
                .style(ButtonStyle::Primary)])])
            .allowed_mentions(no_pings().users([UserId::new(user)])),
    )
    .await;
}

/// Marks a seat's DMs closed and stores it.
pub(super) async fn mark_dm_closed(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, seat: Seat) {
    let row = {
        let mut st = table.state.lock().await;
        if let TableState::Running(r) = &mut *st {
            r.data.seats[seat as usize - 1].dm_closed = true;
        }
        table.row(&st)
    };
    if let Some(row) = row {
        if let Err(e) = bot.store.save_channel(&row).await {
            tracing::warn!("storing the channel: {e}");
        }
    }
}

/// What a press of the night panel shows its seat (ephemeral): the role, the news since
/// the seat last looked, and the open night ask's controls, or that there is nothing to
/// do right now. Also says which opening of the ask it showed (its generation).
pub(super) fn panel_view(
    r: &mut Running,
    seat: Seat,
) -> (String, (Vec<CreateActionRow>, Option<u64>)) {
    let i = seat as usize - 1;
    let news = &r.private[i];
    let from = r.seen[i].max(1).max(news.len().saturating_sub(12));
    let mut lines: Vec<&str> = news.first().map(|s| s.as_str()).into_iter().collect();
    lines.extend(news.iter().skip(from).map(|s| s.as_str()));
    let mut text = lines.join("\n");
    r.seen[i] = news.len();
    let mut comps = Vec::new();
    let mut shown = None;
    let names = r.names_of(seat);
    text.push_str("\n\n");
    match night_ask(r, seat) {
        Some(o) => {
            text.push_str(&render::ask_prompt(&o.ask, &names, o.due_at));
            comps = controls(&r.data.session_id, &names, &o.ask);
            shown = Some(o.gen);
        }
        None => text.push_str(&names.t("wwd-panel-nothing", &[])),
    }
    (last_chunk(text.trim_start()), (comps, shown))
}

/// The seat's open night (or hunter's) ask, if any.
fn night_ask(r: &Running, seat: Seat) -> Option<OpenAsk> {
    r.open
        .get(&seat)
        .filter(|o| !o.ask.kind.is_speech() && !super::sheriff::on_shared_message(o.ask.kind))
        .copied()
}

/// The panel's answer was sent: later news follows this press (its token). What came
/// while the answer was on its way (news, or an ask opened since) follows at once.
pub(super) async fn panel_answered(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    seat: Seat,
    token: &str,
    shown: Option<u64>,
) {
    let catch_up = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        let i = seat as usize - 1;
        r.panel[i] = Some((token.to_string(), now_ms()));
        let news: Vec<String> = r.private[i][r.seen[i].min(r.private[i].len())..].to_vec();
        r.seen[i] = r.private[i].len();
        let ask = night_ask(r, seat).filter(|o| Some(o.gen) != shown);
        if news.is_empty() && ask.is_none() {
            return;
        }
        let mut lines = news;
        let mut comps = Vec::new();
        if let Some(o) = ask {
            let names = r.names_of(seat);
            lines.push(render::ask_prompt(&o.ask, &names, o.due_at));
            comps = controls(&r.data.session_id, &names, &o.ask);
        }
        (lines.join("\n"), comps)
    };
    let msg = CreateInteractionResponseFollowup::new()
        .content(last_chunk(&catch_up.0))
        .components(catch_up.1)
        .ephemeral(true);
    bot.followup_token(token, msg).await;
}

/// DMs a player who joined; if their DMs are closed, marks it and tells them (ephemeral,
/// when there is an interaction to answer) how they will play instead.
pub async fn welcome_dm(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    user: u64,
    c: Option<&ComponentInteraction>,
) {
    // Only a player still seated is told so (a quick Leave may have come first), in their
    // own language; the button is named as the channel will show it.
    let (lang, table_lang) = match &*table.state.lock().await {
        TableState::Lobby(l) => match l.seat_of(user) {
            Some(i) => {
                let table_lang = l.lang.unwrap_or_default();
                (l.seats[i].lang.unwrap_or(table_lang), table_lang)
            }
            None => return,
        },
        _ => return,
    };
    let channel = format!("<#{}>", table.channel);
    let text = lang.text("wwd-welcome", &[("channel", &channel)]);
    match bot.dm(user, CreateMessage::new().content(text)).await {
        Ok(_) => {}
        Err(e) if dm_refused(&e) => {
            {
                let mut st = table.state.lock().await;
                if let TableState::Lobby(l) = &mut *st {
                    if let Some(i) = l.seat_of(user) {
                        l.seats[i].dm_closed = true;
                    }
                }
                table.save(bot, &st).await;
            }
            let label = panel_label(table_lang);
            // Said in the channel when there is no click to answer: the table's language.
            let lang = if c.is_some() { lang } else { table_lang };
            let note = lang.text("wwd-dms-closed", &[("label", &label)]);
            if let Some(c) = c {
                let _ = c
                    .create_followup(
                        &bot.http,
                        CreateInteractionResponseFollowup::new()
                            .content(note)
                            .ephemeral(true),
                    )
                    .await;
            } else {
                bot.post_to(
                    ChannelId::new(table.channel),
                    UserId::new(user),
                    format!("<@{user}>: {note}"),
                )
                .await;
            }
        }
        Err(e) => tracing::warn!("welcome DM failed: {e}"),
    }
}
