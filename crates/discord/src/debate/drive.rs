//! The driver of a running debate: one task follows the session's notes and does what
//! [`super::plan`] says — moderator lines in the channel (those that come together in one
//! message), AI speeches paced apart, people's calls with their controls, team lines in
//! the team threads, the scorecard at the end. How far it has posted is stored with the
//! table (before posting), so a restart repeats nothing. A person's call also gets a
//! timer: just before their time runs out, what they typed is handed in as their speech.

use super::plan::{plan, Out};
use super::render;
use super::table::{DebateTable, Desk, TableState};
use super::views::{call_components, floor_components, scorecard};
use crate::drafts::Drafts;
use crate::restart::ReadBack;
use crate::send::{chunks, no_pings};
use crate::tables::Seated;
use crate::text::Component;
use crate::types::Bot;
use agora_core::session::Subscription;
use agora_games::debate::team::{Action, Ask, Side, TeamDebate};
use agora_games::Seat;
use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, EditMessage, UserId};
use std::sync::Arc;
use std::time::Duration;

/// Follows a running debate until it ends or the bot stops.
pub async fn drive(bot: Arc<Bot>, table: Arc<DebateTable>, mut sub: Subscription<TeamDebate>) {
    // A resumed debate's notes so far come first, all in one batch.
    let backlog = sub.backlog_len();
    let mut restarted = backlog > 0;
    let drafts = Drafts::new(bot.clone(), table.channel);
    loop {
        let Some(first) = sub.next().await else {
            return;
        };
        let mut notes = vec![first];
        while notes.len() < backlog.max(64) {
            match sub.try_next() {
                Some(n) => notes.push(n),
                None => break,
            }
        }
        // After a restart, the channel read back: a call found there is not posted again.
        let reads = match restarted {
            true => Some(ReadBack::read(&bot, table.channel).await),
            false => None,
        };
        let (mut outs, row, live) = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                return;
            };
            if let Some(read) = &reads {
                super::start::adopt_calls(&mut r.desk, read, bot.me);
            }
            let mut outs = plan(&mut r.desk, &notes);
            let restart = std::mem::take(&mut restarted);
            // After a restart, the calls' messages (and the floor button) stay live.
            let live = restart.then(|| {
                (
                    super::start::live_calls(&r.desk),
                    r.desk.data.session_id.clone(),
                    r.desk.data.lang,
                )
            });
            if restart {
                let line = (r.desk.data.lang).text("dd-restarted", &[("turn", &r.desk.turn())]);
                outs.insert(0, Out::Line(line));
            }
            r.desk.data.posted = r.desk.events;
            (outs, table.row(&st), live)
        };
        // Stored before posting: a crash in between loses a line rather than repeating one.
        if let Some(row) = row {
            if !crate::tables::stored(bot.store.save_channel(&row).await, table.channel) {
                return;
            }
        }
        if let (Some(read), Some((keep, session, lang))) = (&reads, live) {
            // Any other copy of a call (posted again, or answered with its close lost) closes.
            let live =
                |m: u64, c: &Component| keep.contains(&m) || matches!(c, Component::Board { .. });
            read.close(&bot, &session, Some(table.channel), &live, lang)
                .await;
        }
        let step = {
            match &*table.state.lock().await {
                TableState::Running(r) => (r.desk.data.session_id.clone(), r.desk.events as u64),
                _ => (String::new(), 0),
            }
        };
        let posts = execute(&bot, &table, &drafts, std::mem::take(&mut outs));
        if crate::send::at_step(&bot, &step.0, step.1, posts).await {
            return;
        }
        // The session waits for this before its next AI speech (or timeout).
        if let Some(mark) = sub.mark() {
            if let TableState::Running(r) = &mut *table.state.lock().await {
                r.mark = Some(mark);
            }
            match reading_until(&bot, &table).await {
                Some(until) if until > tokio::time::Instant::now() => {
                    let (bot, table) = (bot.clone(), table.clone());
                    tokio::spawn(async move {
                        tokio::time::sleep_until(until).await;
                        release(&bot, &table).await;
                    });
                }
                _ => release(&bot, &table).await,
            }
        }
    }
}

/// Lets the session go on past what the channel shows — once the last AI speech has been
/// up long enough to read, and while no person holds the free-debate floor (they took it
/// to speak: nobody else speaks, and no clock runs, until their speech is in or their
/// time to write it is over).
pub(super) async fn release(bot: &Bot, table: &Arc<DebateTable>) {
    let until = reading_until(bot, table).await;
    let mut st = table.state.lock().await;
    let TableState::Running(r) = &mut *st else {
        return;
    };
    let floor_held = r
        .desk
        .open
        .values()
        .any(|c| c.seq == agora_core::session::UNASKED);
    let reading = until.is_some_and(|u| u > tokio::time::Instant::now());
    if !floor_held && !reading {
        if let Some(mark) = r.mark.take() {
            mark.set();
        }
    }
}

/// Posts the plan; true once the debate has ended (the table is closed).
async fn execute(
    bot: &Arc<Bot>,
    table: &Arc<DebateTable>,
    drafts: &Drafts,
    outs: Vec<Out>,
) -> bool {
    let channel = ChannelId::new(table.channel);
    let mut lines: Vec<String> = Vec::new();
    for out in outs {
        if !matches!(out, Out::Line(_)) && !lines.is_empty() {
            bot.post_text(channel, &std::mem::take(&mut lines).join("\n\n"))
                .await;
        }
        match out {
            Out::Line(l) => lines.push(l),
            Out::AiSpeech(seat, text) => {
                after_ai_speech(bot, table).await;
                if !drafts.finish(seat, &text).await {
                    bot.post_text(channel, &text).await;
                }
                if let TableState::Running(r) = &mut *table.state.lock().await {
                    r.last_ai_speech = Some(tokio::time::Instant::now());
                }
            }
            Out::Speech(text) => bot.post_text(channel, &text).await,
            Out::Draft(key, text) => drafts.update(key, text),
            Out::Call { seat, seq } => call(bot, table, seat, seq).await,
            Out::Timer { seat, seq } => {
                let due = match &*table.state.lock().await {
                    TableState::Running(r) => r.desk.open.get(&seat).map(|o| o.due_at),
                    _ => None,
                };
                if let Some(due_at) = due {
                    tokio::spawn(hand_in_at_deadline(
                        bot.clone(),
                        table.clone(),
                        seat,
                        seq,
                        due_at,
                    ));
                }
            }
            Out::CloseCall { message, text, .. } => {
                let _after_any_count = table.edits.lock().await;
                let edit = EditMessage::new().content(text).components(vec![]);
                let _ = bot.edit(channel, message, edit).await;
            }
            Out::Thread(side, line) => to_team(bot, table, side, &line).await,
            Out::FloorButton => floor(bot, table).await,
            Out::CloseFloor => {
                let message = match &mut *table.state.lock().await {
                    TableState::Running(r) => (r.desk.data.floor_message.take())
                        .map(|m| (m, r.desk.data.lang.text("dd-floor-over", &[]))),
                    _ => None,
                };
                if let Some((message, over)) = message {
                    let edit = EditMessage::new().content(over).components(vec![]);
                    let _ = bot.edit(channel, message, edit).await;
                }
            }
            Out::Scorecard => {
                end(bot, table, true).await;
                return true;
            }
            Out::Stopped => {
                end(bot, table, false).await;
                return true;
            }
        }
    }
    if !lines.is_empty() {
        bot.post_text(channel, &lines.join("\n\n")).await;
    }
    false
}

/// When the last AI speech will have been up for `[discord] ai_speech_ms` (times the
/// debate's pace), so people can read it before the next.
async fn reading_until(bot: &Bot, table: &Arc<DebateTable>) -> Option<tokio::time::Instant> {
    match &*table.state.lock().await {
        TableState::Running(r) => {
            let gap = Duration::from_secs_f64(
                bot.config.discord.ai_speech_ms as f64 * r.desk.data.pace.max(0.0) / 1000.0,
            );
            r.last_ai_speech.map(|t| t + gap)
        }
        _ => None,
    }
}

/// Waits until the last AI speech has been read (two in one batch are still paced apart).
async fn after_ai_speech(bot: &Arc<Bot>, table: &Arc<DebateTable>) {
    if let Some(until) = reading_until(bot, table).await {
        tokio::time::sleep_until(until).await;
    }
}

/// Posts the free debate's "Take the floor" button.
async fn floor(bot: &Arc<Bot>, table: &Arc<DebateTable>) {
    let (session, lang) = match &*table.state.lock().await {
        TableState::Running(r) => (r.desk.data.session_id.clone(), r.desk.data.lang),
        _ => return,
    };
    let msg = CreateMessage::new()
        .content(lang.text("dd-floor", &[]))
        .components(floor_components(&session, lang))
        .allowed_mentions(no_pings());
    let id = bot.post(ChannelId::new(table.channel), msg).await;
    let mut st = table.state.lock().await;
    if let TableState::Running(r) = &mut *st {
        r.desk.data.floor_message = id.map(|m| m.get());
        table.save(bot, &st).await;
    }
}

/// Posts a person's call (pinging them only) and starts its timer.
pub(super) async fn call(bot: &Arc<Bot>, table: &Arc<DebateTable>, seat: Seat, seq: u32) {
    let (msg, lines_shown) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        let Some(open) = r.desk.open.get(&seat).filter(|o| o.seq == seq) else {
            return;
        };
        let d = &r.desk.data;
        let draft = d.drafts.get(&seat).cloned().unwrap_or_default();
        let user = d.user(seat);
        let msg = CreateMessage::new()
            .content(render::call_text(seat, &open.ask, open.due_at, d, &draft))
            .components(call_components(&d.session_id, seat, seq, &open.ask, d.lang))
            .allowed_mentions(CreateAllowedMentions::new().users(user.map(UserId::new)));
        (msg, draft.lines.len())
    };
    let Some(id) = bot.post(ChannelId::new(table.channel), msg).await else {
        return;
    };
    let (due_at, typed_meanwhile) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        // Lines typed while the call was being posted: its word count is refreshed below.
        let typed_meanwhile = r
            .desk
            .data
            .drafts
            .get(&seat)
            .is_some_and(|d| d.seq == seq && d.lines.len() != lines_shown);
        r.desk.data.called.retain(|(s, _, _)| *s != seat);
        r.desk.data.called.push((seat, seq, id.get()));
        let due = r
            .desk
            .open
            .get_mut(&seat)
            .filter(|o| o.seq == seq)
            .map(|o| {
                o.message = Some(id.get());
                o.due_at
            });
        table.save(bot, &st).await;
        (due, typed_meanwhile)
    };
    if typed_meanwhile {
        refresh_call(bot, table, seat).await;
    }
    if let Some(due_at) = due_at {
        tokio::spawn(hand_in_at_deadline(
            bot.clone(),
            table.clone(),
            seat,
            seq,
            due_at,
        ));
    }
}

/// Just before a call's time runs out, what the person typed is handed in as their
/// speech (a cross-examiner who typed but picked nobody: the first they may pick). With
/// nothing typed, the turn is left to run out (a skipped speech). A floor taken unasked
/// has no turn in the session to run out: at its end it closes and the floor is free.
async fn hand_in_at_deadline(
    bot: Arc<Bot>,
    table: Arc<DebateTable>,
    seat: Seat,
    seq: u32,
    due_at: i64,
) {
    let left = (due_at - agora_core::store::now_ms()).max(0) as u64;
    let margin = (left / 10).clamp(300, 2_000).min(left / 2);
    tokio::time::sleep(Duration::from_millis(left - margin)).await;
    hand_in(&table, seat, seq).await;
    if seq == agora_core::session::UNASKED {
        // The speech handed in closes the call as it is posted; if nothing was typed (or
        // the rules refused it), the floor is given back once its time is over.
        tokio::time::sleep(Duration::from_millis(margin + 1_000)).await;
        let message = {
            let mut st = table.state.lock().await;
            let TableState::Running(r) = &mut *st else {
                return;
            };
            if r.desk.open.get(&seat).is_none_or(|o| o.seq != seq) {
                return;
            }
            r.desk.data.drafts.remove(&seat);
            r.desk
                .open
                .remove(&seat)
                .and_then(|o| o.message)
                .map(|m| (m, render::closed_call(seat, &r.desk.data, "dd-closed-time")))
        };
        if let Some((message, text)) = message {
            let _after_any_count = table.edits.lock().await;
            let edit = EditMessage::new().content(text).components(vec![]);
            let _ = bot.edit(ChannelId::new(table.channel), message, edit).await;
        }
        release(&bot, &table).await;
    }
}

/// Hands in what `seat` typed for its call `seq`, if anything.
async fn hand_in(table: &DebateTable, seat: Seat, seq: u32) {
    let (handle, action) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        let Some(open) = r.desk.open.get(&seat).filter(|o| o.seq == seq) else {
            return;
        };
        let Some(draft) = r.desk.data.drafts.get(&seat).filter(|d| d.seq == seq) else {
            return;
        };
        if draft.lines.is_empty() {
            return;
        }
        let text = draft.text();
        let action = match &open.ask {
            Ask::Question { targets, .. } => Action::Ask {
                target: draft.target.unwrap_or(targets[0]),
                text,
            },
            _ => Action::Speak { text },
        };
        (r.handle.clone(), action)
    };
    let seq = Some(seq).filter(|s| *s != agora_core::session::UNASKED);
    if let Err(e) = handle.submit(seat, action, seq).await {
        tracing::info!("handing in a speech at its deadline: {e}");
    }
}

/// A line for `side`'s team: in its thread, else by DM to each of its people.
async fn to_team(bot: &Arc<Bot>, table: &Arc<DebateTable>, side: Side, line: &str) {
    let (thread, people) = match &*table.state.lock().await {
        TableState::Running(r) => {
            let d = &r.desk.data;
            let people: Vec<u64> = side.seats().iter().filter_map(|s| d.user(*s)).collect();
            (d.thread(side), people)
        }
        _ => return,
    };
    match thread {
        Some(t) => bot.post_text(ChannelId::new(t), line).await,
        None => {
            for user in people {
                for c in chunks(line) {
                    let msg = CreateMessage::new().content(c).allowed_mentions(no_pings());
                    if let Err(e) = bot.dm(user, msg).await {
                        tracing::info!("a team line by DM failed: {e}");
                        break;
                    }
                }
            }
        }
    }
}

/// The debate ended (`finished`) or was stopped: the scorecard and the judge's review, or
/// the stop line; the channel is free again.
async fn end(bot: &Arc<Bot>, table: &Arc<DebateTable>, finished: bool) {
    let channel = ChannelId::new(table.channel);
    let desk: Option<Desk> = {
        let mut st = table.state.lock().await;
        let desk = match &*st {
            TableState::Running(r) => Some(r.desk.clone()),
            _ => None,
        };
        *st = TableState::Closed;
        desk
    };
    let Some(desk) = desk else {
        return;
    };
    if finished {
        bot.post(
            channel,
            CreateMessage::new()
                .embed(scorecard(&desk))
                .allowed_mentions(no_pings()),
        )
        .await;
        if !desk.record.scores.is_empty() {
            bot.post_text(channel, &render::judge_notes(&desk.record, &desk.data))
                .await;
        }
        if let Some((review, offline)) = &desk.record.review {
            let title = if *offline {
                "dd-review-offline"
            } else {
                "dd-review"
            };
            bot.post_text(
                channel,
                &format!(
                    "{}\n{}",
                    desk.data.lang.text(title, &[]),
                    crate::text::sanitize(review, 12_000)
                ),
            )
            .await;
        }
    } else {
        bot.post_text(channel, &desk.data.lang.text("dd-stopped", &[]))
            .await;
    }
    bot.forget(table.channel, &desk.data.session_id).await;
}

/// Refreshes a call's live word count (after a message or a pick). One edit at a time per
/// table, each reading the draft when its turn comes: two messages typed at once were
/// counted by two edits that could reach Discord in the wrong order (20 words, then 9).
pub async fn refresh_call(bot: &Arc<Bot>, table: &Arc<DebateTable>, seat: Seat) {
    let _one_at_a_time = table.edits.lock().await;
    let edit = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else {
            return;
        };
        let Some(open) = r.desk.open.get(&seat) else {
            return;
        };
        let d = &r.desk.data;
        let draft = d.drafts.get(&seat).cloned().unwrap_or_default();
        open.message.map(|m| {
            (
                m,
                EditMessage::new()
                    .content(render::call_text(seat, &open.ask, open.due_at, d, &draft))
                    .allowed_mentions(CreateAllowedMentions::new()),
            )
        })
    };
    if let Some((message, edit)) = edit {
        let _ = bot.edit(ChannelId::new(table.channel), message, edit).await;
    }
}
