//! The driver of a running werewolf game (how its session's notes are applied): one task per game follows one subscription (the public
//! events and the human seats' own, in the game's order) and posts what [`super::plan`]
//! says. Notes that arrive together are posted together (one message per destination),
//! so a busy night costs few REST calls. How far it has posted is stored with the table,
//! and each ask's call or controls once posted, so a restart repeats nothing and loses no
//! open ask (see [`crate::restart`]).

use super::plan::{plan, Plan, Post};
use super::private::{post_panel, send_private};
use super::render;
use super::table::{Running, TablePhase, TableState, WerewolfTable};
use super::views::{board_components, board_text, refresh_board, update_status};
use crate::drafts::Drafts;
use crate::restart::{self, ReadBack};
use crate::send::{self, no_pings};
use crate::tables::{self, Seated};
use crate::text::Component;
use crate::types::Bot;
use agora_core::session::{Note, Subscription};
use agora_core::store::Outcome;
use agora_games::werewolf::{Event, Seat, Werewolf};
use agora_games::Lang;
use serenity::all::{ChannelId, CreateEmbed, CreateMessage, EditMessage, UserId};
use std::sync::Arc;

/// Follows a running game until it ends or the bot stops. A resumed game's notes rebuild
/// the table's state; what was posted before the restart (events up to the stored
/// cursor, asks known on screen: stored, or found when the channel and DMs are read back)
/// is not posted again: only the restart line, what is new and an open ask the crash cut
/// off. Any other copy of the game's controls is closed.
pub async fn drive(bot: Arc<Bot>, table: Arc<WerewolfTable>, mut sub: Subscription<Werewolf>) {
    let channel = ChannelId::new(table.channel);
    let drafts = Drafts::new(bot.clone(), table.channel);
    let backlog = sub.backlog_len();
    if backlog > 0 {
        let mut notes = Vec::with_capacity(backlog);
        for _ in 0..backlog {
            if let Some(n) = sub.try_next() {
                notes.push(n);
            }
        }
        let reads = read_back(&bot, &table).await;
        let plan = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                return;
            };
            if r.data.posted.is_none() {
                // A row stored before the cursor was: the backlog was all posted.
                r.quiet_until = notes
                    .iter()
                    .filter(|n| matches!(&***n, Note::Event { .. }))
                    .count();
                r.asked_before = notes
                    .iter()
                    .filter_map(|n| match &**n {
                        Note::Ask { seat, seq, .. } => Some((*seat, *seq)),
                        _ => None,
                    })
                    .collect();
                // Its asks were on screen too (their ids unknown: nothing is swept).
                r.data.shown = r.asked_before.iter().map(|(s, q)| (*s, *q, 0)).collect();
            }
            adopt(r, &reads, bot.me);
            let mut p = plan(r, &notes);
            p.status_changed = true;
            missing_panels(r, &mut p, &reads, bot.me);
            let restarted = r.names.t("wwd-restarted", &[("turn", &r.turn())]);
            p.channel.insert(0, Post::Text(restarted));
            p
        };
        if !remember(&bot, &table).await {
            return;
        }
        sweep(&bot, &table, &reads).await;
        let (session, step) = step_of(&table).await;
        if send::at_step(
            &bot,
            &session,
            step,
            execute(&bot, &table, &drafts, channel, plan),
        )
        .await
        {
            return;
        }
        remember(&bot, &table).await;
        super::afk::follow(&bot, &table, &notes).await;
        on_screen(&bot, &table, &sub).await;
    }
    loop {
        let Some(first) = sub.next().await else {
            return;
        };
        let mut notes = vec![first];
        while notes.len() < 64 {
            match sub.try_next() {
                Some(n) => notes.push(n),
                None => break,
            }
        }
        let plan = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                return;
            };
            plan(r, &notes)
        };
        // Stored before posting: a crash in between loses a message rather than
        // repeating one (what is lost is an open ask's call, and the asks are kept open).
        if !remember(&bot, &table).await {
            return;
        }
        let (session, step) = step_of(&table).await;
        if send::at_step(
            &bot,
            &session,
            step,
            execute(&bot, &table, &drafts, channel, plan),
        )
        .await
        {
            return;
        }
        remember(&bot, &table).await;
        super::afk::follow(&bot, &table, &notes).await;
        on_screen(&bot, &table, &sub).await;
    }
}

/// Tells the session that what the table took is on screen, once the last AI speech has
/// been up long enough to read: only then does it apply its next AI answer or timeout, so
/// it never runs ahead of the channel (a vote or a speech call starts its clock when it is
/// posted, not while earlier speeches are still being read).
async fn on_screen(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, sub: &Subscription<Werewolf>) {
    let Some(mark) = sub.mark() else {
        return;
    };
    match reading_until(bot, table).await {
        Some(until) if until > tokio::time::Instant::now() => {
            tokio::spawn(async move {
                tokio::time::sleep_until(until).await;
                mark.set();
            });
        }
        _ => mark.set(),
    }
}

/// Stores how far the channel and DMs have been posted (the event cursor, the asks
/// called, the vote message), so a restart repeats none of it. False when another process
/// took the game over: nothing more is posted from here.
async fn remember(bot: &Arc<Bot>, table: &Arc<WerewolfTable>) -> bool {
    let row = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return true;
        };
        // Asks from before a restart that the session has not dispatched again yet count.
        let mut asks: Vec<(Seat, u32)> = r.open.iter().map(|(s, o)| (*s, o.seq)).collect();
        for a in &r.asked_before {
            if !asks.contains(a) {
                asks.push(*a);
            }
        }
        let board = r.board.as_ref().and_then(|b| b.message.map(|m| (b.key, m)));
        let shown: Vec<(Seat, u32, u64)> = (r.data.shown.iter())
            .filter(|(s, q, _)| asks.contains(&(*s, *q)))
            .copied()
            .collect();
        if r.data.posted == Some(r.events)
            && r.data.asks == asks
            && r.data.board == board
            && r.data.shown == shown
        {
            return true;
        }
        r.data.posted = Some(r.events);
        r.data.asks = asks;
        r.data.board = board;
        r.data.shown = shown;
        table.row(&st)
    };
    match row {
        Some(row) => tables::stored(bot.store.save_channel(&row).await, table.channel),
        None => true,
    }
}

/// The session and how far its events are posted (stored before these posts): the step
/// whose posts carry one nonce each (see `send::at_step`).
async fn step_of(table: &Arc<WerewolfTable>) -> (String, u64) {
    match &*table.state.lock().await {
        TableState::Running(r) => (r.data.session_id.clone(), r.events as u64),
        _ => (String::new(), 0),
    }
}

/// After a restart, before the backlog is planned: the channel and the human seats' DMs
/// read back (none for a row stored before the table knew what it had shown).
async fn read_back(bot: &Arc<Bot>, table: &Arc<WerewolfTable>) -> Vec<ReadBack> {
    let dms: Vec<u64> = match &*table.state.lock().await {
        TableState::Running(r) if r.data.posted.is_some() => (r.data.seats.iter())
            .filter(|s| !s.dm_closed)
            .filter_map(|s| s.user)
            .collect(),
        _ => return Vec::new(),
    };
    let mut reads = vec![ReadBack::read(bot, table.channel).await];
    for user in dms {
        match restart::dm_channel(bot, user).await {
            Ok(c) => reads.push(ReadBack::read(bot, c.get()).await),
            Err(e) => tracing::info!("a DM channel after a restart: {e}"),
        }
    }
    reads
}

/// An ask marked before the restart but not known on screen is on screen after all when a
/// message read back holds its controls, or (a speech call) its very text: its id is
/// stored, and it is not posted again.
fn adopt(r: &mut Running, reads: &[ReadBack], me: u64) {
    let session = r.data.session_id.clone();
    let own: Vec<restart::Own> = reads.iter().flat_map(|b| b.own(me, &session)).collect();
    let shown =
        |r: &Running, key: (Seat, u32)| r.data.shown.iter().any(|(s, q, _)| (*s, *q) == key);
    // Controls: whatever the ask (it may come again only after the backlog).
    for key in r.data.asks.clone() {
        if shown(r, key) {
            continue;
        }
        if let Some(o) = own.iter().find(|o| o.asks.contains(&key)) {
            r.data.shown.push((key.0, key.1, o.id));
        }
    }
    // Speech calls: their very text, looked up as their ask comes (see `plan`).
    r.calls_read_back = (reads.first().map(|b| b.own(me, &session)))
        .unwrap_or_default()
        .into_iter()
        .filter(|o| o.text.starts_with("🎤"))
        .map(|o| (o.id, o.text.to_string()))
        .collect();
}

/// After a restart, a seat with closed DMs whose night panel button is not in the channel
/// (the crash came between the nightfall and its post) gets one, whatever its role, so
/// its night asks stay in reach.
fn missing_panels(r: &Running, p: &mut Plan, reads: &[ReadBack], me: u64) {
    let Some(channel) = reads.first() else {
        return;
    };
    for seat in r.data.humans().iter() {
        let panel = Component::Ask {
            session: r.data.session_id.clone(),
            seat,
            seq: 0,
            verb: "open".into(),
        }
        .id();
        let planned = p
            .channel
            .iter()
            .any(|x| matches!(x, Post::Panel { seat: s } if *s == seat));
        if r.data.seats[seat as usize - 1].dm_closed && !planned && !channel.has(me, &panel) {
            p.channel.push(Post::Panel { seat });
        }
    }
}

/// After a restart: the game's controls read back in the channel and the human seats' DMs
/// that are not the open ones (a copy posted again, an answered ask whose close was lost,
/// an old vote message) are closed; the night panel buttons (they show whatever is open)
/// stay. What closed says so in the table's language, a DM in its reader's.
async fn sweep(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, reads: &[ReadBack]) {
    let (session, keep, langs) = match &*table.state.lock().await {
        TableState::Running(r) => {
            let dms = bot.dm_channels.lock().expect("lock");
            let lang_of = |channel: u64| {
                let dm = |u: &u64| dms.get(u).is_some_and(|c| c.get() == channel);
                let reader = r
                    .data
                    .seats
                    .iter()
                    .find(|s| s.user.as_ref().is_some_and(dm));
                reader.and_then(|s| s.lang).unwrap_or(r.data.lang)
            };
            let langs: Vec<Lang> = reads.iter().map(|b| lang_of(b.channel)).collect();
            (r.data.session_id.clone(), r.live_messages(), langs)
        }
        _ => return,
    };
    let live = |m: u64, c: &Component| {
        keep.contains(&m) || matches!(c, Component::Ask { verb, .. } if verb == "open")
    };
    for (read, lang) in reads.iter().zip(langs) {
        let lobby = Some(table.channel).filter(|c| *c == read.channel);
        read.close(bot, &session, lobby, &live, lang).await;
    }
}

/// Waits until the last AI speech has been up for `[discord] ai_speech_ms` (times the
/// game's pace), so people can read it before the next speech or the vote.
async fn after_ai_speech(bot: &Arc<Bot>, table: &Arc<WerewolfTable>) {
    if let Some(until) = reading_until(bot, table).await {
        tokio::time::sleep_until(until).await;
    }
}

/// When the last AI speech will have been up for `[discord] ai_speech_ms` × pace.
async fn reading_until(bot: &Arc<Bot>, table: &Arc<WerewolfTable>) -> Option<tokio::time::Instant> {
    let st = table.state.lock().await;
    match &*st {
        TableState::Running(r) => {
            let gap = std::time::Duration::from_secs_f64(
                bot.config.discord.ai_speech_ms as f64 * r.data.pace.max(0.0) / 1000.0,
            );
            r.last_ai_speech.map(|t| t + gap)
        }
        _ => None,
    }
}

/// Posts a plan; true once the game has ended.
async fn execute(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    drafts: &Drafts,
    channel: ChannelId,
    plan: Plan,
) -> bool {
    // The status board first: once anything else of this batch is seen, the board's
    // message is stored, so a crash afterwards never posts a second board.
    if plan.status_changed && plan.ended.is_none() {
        update_status(bot, table, channel).await;
    }
    for post in plan.channel {
        match post {
            Post::Text(t) => {
                bot.post_text(channel, &t).await;
            }
            Post::SpeechCall {
                seat,
                seq,
                user,
                text,
            } => {
                let msg = CreateMessage::new()
                    .content(text)
                    .allowed_mentions(no_pings().users([UserId::new(user.max(1))]));
                if let Some(m) = bot.post(channel, msg).await {
                    table.shown(bot, seat, seq, m.get()).await;
                }
            }
            Post::Board => {
                after_ai_speech(bot, table).await;
                let built = {
                    let st = table.state.lock().await;
                    match &*st {
                        TableState::Running(r) => {
                            r.board.as_ref().filter(|b| b.message.is_none()).map(|b| {
                                let waiting: Vec<UserId> = b
                                    .voters
                                    .minus(b.voted)
                                    .iter()
                                    .filter_map(|s| r.data.user(s))
                                    .map(UserId::new)
                                    .collect();
                                (b.key, board_text(r, b), board_components(r, b), waiting)
                            })
                        }
                        _ => None,
                    }
                };
                if let Some((key, text, comps, waiting)) = built {
                    let msg = bot
                        .post(
                            channel,
                            CreateMessage::new()
                                .content(text)
                                .components(comps)
                                .allowed_mentions(no_pings().users(waiting)),
                        )
                        .await;
                    let mut st = table.state.lock().await;
                    if let (TableState::Running(r), Some(m)) = (&mut *st, msg) {
                        if let Some(b) = r.board.as_mut().filter(|b| b.key == key) {
                            b.message = Some(m.get());
                        }
                    }
                }
            }
            Post::AiSpeech { seat, text } => {
                after_ai_speech(bot, table).await;
                if !drafts.finish(seat, &text).await {
                    bot.post_text(channel, &text).await;
                }
                if let TableState::Running(r) = &mut *table.state.lock().await {
                    r.last_ai_speech = Some(tokio::time::Instant::now());
                }
            }
            Post::Panel { seat } => post_panel(bot, table, channel, seat).await,
            Post::Controls { .. } | Post::WitchNews(_) | Post::Offer(_) => {}
        }
    }
    for (key, text) in plan.drafts {
        drafts.update(key, text);
    }
    for (seat, posts) in plan.dms {
        send_private(bot, table, channel, seat, posts).await;
    }
    for seat in plan.graves {
        super::graveyard::bury(bot, table, seat).await;
    }
    if plan.roles_due {
        super::graveyard::show_roles(bot, table).await;
    }
    if plan.board_dirty {
        refresh_board(bot, table, channel).await;
    }
    if let Some((m, text)) = plan.close_board {
        let _ = bot
            .edit(
                channel,
                m,
                EditMessage::new().content(text).components(vec![]),
            )
            .await;
    }
    if let Some(ended) = plan.ended {
        finish(bot, table, channel, ended).await;
        return true;
    }
    false
}

/// The game ended (a result) or was stopped (`None`): roles and scorecard, then the
/// channel is free again.
async fn finish(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    channel: ChannelId,
    outcome: Option<Outcome>,
) {
    let (names, session, seats) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        if let Some(b) = r.board.take() {
            if let Some(m) = b.message {
                let closed = r.names.t("wwd-board-ended", &[]);
                let _ = bot
                    .edit(
                        channel,
                        m,
                        EditMessage::new().content(closed).components(vec![]),
                    )
                    .await;
            }
        }
        r.phase = match &outcome {
            Some(_) => TablePhase::Over,
            None => TablePhase::Stopped,
        };
        r.speaker = None;
        (
            r.names.clone(),
            r.data.session_id.clone(),
            r.data.seats.len(),
        )
    };
    update_status(bot, table, channel).await;
    match outcome {
        Some(outcome) => {
            let mut breakdown = vec![Vec::new(); seats];
            match agora_core::session::rebuild::<agora_core::werewolf::session::WerewolfSetup>(
                &bot.store, &session,
            )
            .await
            {
                Ok(game) => {
                    for l in game.log() {
                        if let Event::Scored {
                            seat,
                            points,
                            reason,
                        } = l.event
                        {
                            breakdown[seat as usize - 1].push((reason, points));
                        }
                    }
                }
                Err(e) => tracing::warn!("scorecard breakdown: {e}"),
            }
            let (title, body) = render::scorecard(&outcome, &names, &breakdown);
            bot.post(
                channel,
                CreateMessage::new()
                    .embed(CreateEmbed::new().title(title).description(body).footer(
                        serenity::all::CreateEmbedFooter::new(names.t("wwd-roles-revealed", &[])),
                    ))
                    .allowed_mentions(no_pings()),
            )
            .await;
        }
        None => {
            bot.post(
                channel,
                CreateMessage::new()
                    .content(names.t("wwd-stopped", &[]))
                    .allowed_mentions(no_pings()),
            )
            .await;
        }
    }
    tables::close(bot, &**table).await;
}
