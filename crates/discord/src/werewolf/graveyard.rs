//! The graveyard: a private thread of the table for the people out of the game and the
//! spectators. A person whose seat dies is added to it (and told by DM where it is); a
//! person not seated, or dead, joins it with `/werewolf spectate`. The thread is opened the
//! first time someone needs it and stored with the table, so a restart keeps it.
//!
//! What the graveyard is told is decided here and only here: who joins it and how many
//! spectators there are, and — only when the host chose it — every seat's role, one phase
//! behind (posted once the first night is over). Nothing the table follows (no event, no
//! ask) is posted into it, so the wolves' talk and the night actions never reach it while
//! the game runs, nor the roles unless the host chose so.
//!
//! A dead person's messages in the table's channel are not speeches (only the current
//! speaker's message is): the table's AI never reads them. The first one gets a DM
//! pointing to the graveyard, once per game, so the person knows where to talk instead.

use super::table::{TableState, WerewolfTable};
use crate::send::no_pings;
use crate::tables::Seated;
use crate::types::Bot;
use agora_games::werewolf::Seat;
use agora_games::Lang;
use serenity::all::{ChannelId, ChannelType, CreateMessage, CreateThread, UserId};
use std::sync::Arc;

/// One thread opened at a time, so two deaths at once cannot open two graveyards.
static OPENING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The table's graveyard thread, opened now if it has none (`None` when Discord refused).
async fn thread(bot: &Arc<Bot>, table: &Arc<WerewolfTable>) -> Result<u64, String> {
    let _one = OPENING.lock().await;
    let (lang, roles) = match &*table.state.lock().await {
        TableState::Running(r) => match r.data.graveyard.thread {
            Some(t) => return Ok(t),
            None => (r.data.lang, r.data.graveyard.roles.is_some()),
        },
        _ => return Err("the game is over".into()),
    };
    let made = ChannelId::new(table.channel)
        .create_thread(
            &bot.http,
            CreateThread::new(lang.text("wwb-graveyard-name", &[]))
                .kind(ChannelType::PrivateThread)
                .invitable(false),
        )
        .await
        .map_err(|e| e.to_string())?;
    let id = made.id.get();
    {
        let mut st = table.state.lock().await;
        if let TableState::Running(r) = &mut *st {
            r.data.graveyard.thread = Some(id);
        }
        table.save(bot, &st).await;
    }
    let intro = if roles {
        "wwb-graveyard-intro-roles"
    } else {
        "wwb-graveyard-intro"
    };
    bot.post_text(made.id, &lang.text(intro, &[])).await;
    show_roles(bot, table).await;
    Ok(id)
}

/// Posts every seat's role in the graveyard, once, when the host chose it, the first
/// night is over and the thread is open (else when it opens).
pub(super) async fn show_roles(bot: &Arc<Bot>, table: &Arc<WerewolfTable>) {
    let (thread, text) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        let g = &r.data.graveyard;
        let (Some(thread), Some(roles), true, false) =
            (g.thread, g.roles.as_ref(), g.roles_due, g.roles_shown)
        else {
            return;
        };
        let mut text = r.names.t("wwb-graveyard-roles", &[]);
        for (i, role) in roles.iter().enumerate() {
            let seat = r.names.seat(i as Seat + 1);
            let role = role.name_in(r.names.lang);
            text.push_str(&format!("\n• {seat} — **{role}**"));
        }
        r.data.graveyard.roles_shown = true;
        table.save(bot, &st).await;
        (thread, text)
    };
    bot.post_text(ChannelId::new(thread), &text).await;
}

/// Adds `user` to the thread and tells it who came.
async fn admit(bot: &Arc<Bot>, thread: u64, user: u64, line: &str) {
    if let Err(e) = ChannelId::new(thread)
        .add_thread_member(&bot.http, UserId::new(user))
        .await
    {
        tracing::warn!("adding someone to the graveyard failed: {e}");
    }
    bot.post_text(ChannelId::new(thread), line).await;
}

/// A person's seat died: they join the graveyard and are told where it is, once.
pub(super) async fn bury(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, seat: Seat) {
    let known = match &*table.state.lock().await {
        TableState::Running(r) => {
            r.data.user(seat).is_some() && !r.data.graveyard.dead.contains(&seat)
        }
        _ => false,
    };
    if !known {
        return;
    }
    let thread = match thread(bot, table).await {
        Ok(t) => t,
        Err(e) => {
            tracing::warn!(channel = table.channel, "opening the graveyard failed: {e}");
            return;
        }
    };
    let (user, line, dm) = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return;
        };
        let Some(user) = r.data.user(seat) else {
            return;
        };
        r.data.graveyard.dead.push(seat);
        let count = r.data.graveyard.spectators.len().to_string();
        let line = r.names.t(
            "wwb-graveyard-dead",
            &[("seat", &r.names.seat(seat)), ("count", &count)],
        );
        let dm = (r.data.lang_of(seat))
            .text("wwb-graveyard-welcome", &[("thread", &thread.to_string())]);
        table.save(bot, &st).await;
        (user, line, dm)
    };
    admit(bot, thread, user, &line).await;
    if let Err(e) = bot
        .dm(
            user,
            CreateMessage::new()
                .content(dm)
                .allowed_mentions(no_pings()),
        )
        .await
    {
        tracing::info!("telling a dead seat of the graveyard: {e}");
    }
}

/// `/werewolf spectate`: `user` (not seated, or dead) joins the graveyard. The answer, in
/// `lang`, is what only they see.
pub(super) async fn spectate(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    user: u64,
    lang: Lang,
) -> String {
    let seated = match &*table.state.lock().await {
        TableState::Running(r) => r.data.seat_of(user),
        _ => return lang.text("wwb-spectate-none", &[]),
    };
    let living = match &*table.state.lock().await {
        TableState::Running(r) => seated.is_some_and(|s| r.alive.contains(s)),
        _ => false,
    };
    if living {
        return lang.text("wwb-spectate-playing", &[]);
    }
    let thread = match thread(bot, table).await {
        Ok(t) => t,
        Err(why) => return lang.text("wwb-spectate-failed", &[("why", &why)]),
    };
    let line = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return lang.text("wwb-spectate-none", &[]);
        };
        let new = seated.is_none() && !r.data.graveyard.spectators.contains(&user);
        if new {
            r.data.graveyard.spectators.push(user);
        }
        let count = r.data.graveyard.spectators.len().to_string();
        let line = new.then(|| {
            r.names.t(
                "wwb-graveyard-spectator",
                &[("user", &user.to_string()), ("count", &count)],
            )
        });
        if new {
            table.save(bot, &st).await;
        }
        line
    };
    match line {
        Some(line) => admit(bot, thread, user, &line).await,
        // A dead person (or a spectator again) is only added back, quietly.
        None => {
            let _ = ChannelId::new(thread)
                .add_thread_member(&bot.http, UserId::new(user))
                .await;
        }
    }
    lang.text("wwb-spectate-ok", &[("thread", &thread.to_string())])
}

/// A message in the table's channel from a person whose seat is dead: not heard by the
/// table; the first one gets a DM pointing to the graveyard. True when it was theirs.
pub(super) async fn hush(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, user: u64) -> bool {
    let dm = {
        let mut st = table.state.lock().await;
        let TableState::Running(r) = &mut *st else {
            return false;
        };
        let Some(seat) = r.data.seat_of(user) else {
            return false;
        };
        if r.alive.contains(seat) {
            return false;
        }
        let (Some(thread), false) = (r.data.graveyard.thread, r.known.hushed.contains(&user))
        else {
            return true;
        };
        r.known.hushed.push(user);
        (r.data.lang_of(seat)).text("wwb-hushed", &[("thread", &thread.to_string())])
    };
    let _ = bot
        .dm(
            user,
            CreateMessage::new()
                .content(dm)
                .allowed_mentions(no_pings()),
        )
        .await;
    true
}
