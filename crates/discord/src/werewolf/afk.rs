//! AFK seats at a Discord werewolf table: a DM reminder at half and at four fifths of a
//! person's time; the table told when an AI takes a seat over, a person takes it back or
//! leaves (never the seat's role); the person's DM with the take-back button, which works
//! from the next phase (an early or stale press gets a clear answer); `/werewolf leave`.
//! A DM to a seat that fails to send tells the session, so that seat's miss is forgiven.
//! The strikes and the takeover themselves are the session's (`agora_core::session::afk`).

use super::plan::{push_text, Plan};
use super::table::{Running, TableState, WerewolfTable};
use crate::send::{ephemeral, no_pings, reply_ephemeral};
use crate::text::Component;
use crate::types::{Bot, Context, Error};
use agora_core::session::afk::{Control, Why};
use agora_core::session::{Note, SubmitError};
use agora_games::werewolf::{Seat, Werewolf};
use agora_games::{Lang, Localized};
use serenity::all::{
    ButtonStyle, ComponentInteraction, CreateActionRow, CreateButton, CreateMessage,
};
use std::sync::Arc;
use std::time::Duration;

/// The verb of the take-back button (an `ask:` component with sequence 0).
pub(super) const BACK: &str = "back";

/// A seat changed hands: who plays it now, and what the channel reads (no role).
pub(super) fn on_seat(r: &mut Running, p: &mut Plan, seat: Seat, to: Control, why: Why) {
    let name = (r.data.seats.get(seat as usize - 1))
        .map(|s| crate::text::sanitize(&s.name, 40))
        .unwrap_or_else(|| r.names.seat(seat));
    let line = match (to, why) {
        (Control::Ai, Why::Leave) => "wwd-afk-left-table",
        (Control::Ai, _) => "wwd-afk-taken-table",
        (Control::Person, _) => "wwd-afk-back-table",
        // The rules tell an idle-out themselves.
        (Control::Idle, _) => "",
    };
    match to {
        Control::Person => r.data.held.retain(|s| *s != seat),
        _ => {
            if !r.data.held.contains(&seat) {
                r.data.held.push(seat);
            }
            r.open.remove(&seat);
        }
    }
    if !line.is_empty() {
        push_text(&mut p.channel, r.names.t(line, &[("name", &name)]));
    }
    p.status_changed = true;
}

/// After a batch of notes is posted: the DMs of seats that changed hands, and reminders
/// for each new ask of a person.
pub(super) async fn follow(
    bot: &Arc<Bot>,
    table: &Arc<WerewolfTable>,
    notes: &[Arc<Note<Werewolf>>],
) {
    for note in notes {
        match &**note {
            Note::Seat { seat, to, why } => seat_dm(bot, table, *seat, *to, *why).await,
            Note::Ask {
                seat, seq, due_at, ..
            } => remind(bot, table, *seat, *seq, *due_at).await,
            _ => {}
        }
    }
}

/// The person's DM when an AI took their seat over: the take-back button.
/// (Taking the seat back is the person's own press, answered where they pressed.)
async fn seat_dm(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, seat: Seat, to: Control, why: Why) {
    if (to, why) != (Control::Ai, Why::Strikes) {
        return;
    }
    let (user, lang, session) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else { return };
        let Some(user) = r.data.user(seat) else {
            return;
        };
        (user, r.data.lang_of(seat), r.data.session_id.clone())
    };
    let msg = CreateMessage::new()
        .content(lang.text("wwd-afk-taken-dm", &[]))
        .components(vec![back_button(&session, seat, lang)]);
    if let Err(e) = bot.dm(user, msg.allowed_mentions(no_pings())).await {
        tracing::warn!(seat, "the takeover DM failed: {e}");
    }
}

/// The take-back button of `seat`'s DM.
pub(super) fn back_button(session: &str, seat: Seat, lang: Lang) -> CreateActionRow {
    let id = Component::Ask {
        session: session.to_string(),
        seat,
        seq: 0,
        verb: BACK.into(),
    }
    .id();
    CreateActionRow::Buttons(vec![CreateButton::new(id)
        .label(lang.text("wwd-afk-back-button", &[]))
        .style(ButtonStyle::Primary)])
}

/// The times of a person's reminders: at half and at four fifths of the time from `now`
/// to `due` (epoch ms), with the seconds left at each.
pub(super) fn reminder_times(now: i64, due: i64) -> [(i64, u64); 2] {
    let span = (due - now).max(0);
    let at = |num: i64, den: i64| {
        let t = now + span * num / den;
        (t, ((due - t).max(0) as u64).div_ceil(1000))
    };
    [at(1, 2), at(4, 5)]
}

/// Reminds the person of `seat` of their open ask `seq`, in a task of its own: a DM at half
/// and at four fifths of their time, each only while the ask is still open and theirs.
async fn remind(bot: &Arc<Bot>, table: &Arc<WerewolfTable>, seat: Seat, seq: u32, due: i64) {
    let (user, lang) = {
        let st = table.state.lock().await;
        let TableState::Running(r) = &*st else { return };
        let person = r.data.humans().contains(seat) && !r.data.seats[seat as usize - 1].dm_closed;
        match r.data.user(seat).filter(|_| person) {
            Some(user) => (user, r.data.lang_of(seat)),
            None => return,
        }
    };
    let (bot, table) = (bot.clone(), table.clone());
    let times = reminder_times(agora_core::store::now_ms(), due);
    tokio::spawn(async move {
        for (i, (at, left)) in times.into_iter().enumerate() {
            let wait = (at - agora_core::store::now_ms()).max(0) as u64;
            tokio::time::sleep(Duration::from_millis(wait)).await;
            let open = {
                let st = table.state.lock().await;
                match &*st {
                    TableState::Running(r) => {
                        r.open.get(&seat).is_some_and(|o| o.seq == seq)
                            && !r.data.held.contains(&seat)
                    }
                    _ => false,
                }
            };
            if !open || left == 0 {
                return;
            }
            let id = if i == 0 {
                "wwd-afk-reminder-half"
            } else {
                "wwd-afk-reminder-late"
            };
            let text = lang.text(id, &[("left", &left.to_string())]);
            if let Err(e) = bot.dm(user, CreateMessage::new().content(text)).await {
                tracing::warn!(seat, "a reminder DM failed: {e}");
                unreached(&table, seat).await;
                return;
            }
        }
    });
}

/// A DM to `seat` failed to send: when it has an open ask, its miss is not a strike.
pub(super) async fn unreached(table: &Arc<WerewolfTable>, seat: Seat) {
    let handle = {
        let st = table.state.lock().await;
        match &*st {
            TableState::Running(r) if r.open.contains_key(&seat) => Some(r.handle.clone()),
            _ => None,
        }
    };
    if let Some(handle) = handle {
        handle.unreached(seat).await;
    }
}

/// The take-back button: only the seat's person, and only from the phase after the
/// takeover; anything else is answered and changes nothing.
pub(super) async fn on_back(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<WerewolfTable>,
    seat: Seat,
) -> Result<(), Error> {
    let lang = table.lang_for(c).await;
    let handle = {
        let st = table.state.lock().await;
        match &*st {
            TableState::Running(r) if r.data.user(seat) == Some(c.user.id.get()) => {
                Some(r.handle.clone())
            }
            _ => None,
        }
    };
    let said = match handle {
        None => lang.text("wwd-closed", &[]),
        Some(h) => match h.take_back(seat).await {
            Ok(()) => lang.text("wwd-afk-back-done", &[]),
            Err(e) => refusal(e, lang),
        },
    };
    bot.respond(c, ephemeral(said)).await?;
    Ok(())
}

fn refusal(e: SubmitError, lang: Lang) -> String {
    match e {
        SubmitError::Closed => lang.text("wwd-closed", &[]),
        e => e.text(lang),
    }
}

// `/werewolf leave`: the asker leaves the game in this channel; the table's AI plays their
// seat to the end, and it counts as a game left.
/// Leaves the game in this channel: an AI plays your seat to the end.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    let bot = ctx.data().clone();
    let user = ctx.author().id.get();
    let found = bot
        .table(ctx.channel_id().get())
        .and_then(|t| t.into_any().downcast::<WerewolfTable>().ok());
    let Some(table) = found else {
        let lang = crate::commands::settings::command_langs(ctx).await.1;
        return reply_ephemeral(ctx, lang.text("wwd-afk-leave-no-game", &[])).await;
    };
    let own = ctx
        .locale()
        .and_then(crate::commands::settings::lang_of_locale);
    let (seat, handle, lang) = {
        let st = table.state.lock().await;
        match &*st {
            TableState::Running(r) => {
                let lang = own.unwrap_or(r.data.lang);
                (r.data.seat_of(user), Some(r.handle.clone()), lang)
            }
            _ => (None, None, own.unwrap_or_default()),
        }
    };
    let (Some(seat), Some(handle)) = (seat, handle) else {
        return reply_ephemeral(ctx, lang.text("wwd-afk-leave-no-game", &[])).await;
    };
    let said = match handle.leave(seat).await {
        Ok(()) => lang.text("wwd-afk-leave-done", &[]),
        Err(e) => refusal(e, lang),
    };
    reply_ephemeral(ctx, said).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminders_come_at_half_and_four_fifths_of_the_time() {
        let [(half, left_half), (late, left_late)] = reminder_times(1_000, 101_000);
        assert_eq!((half, left_half), (51_000, 50));
        assert_eq!((late, left_late), (81_000, 20));
        // A deadline already passed: both at once, nothing left (no DM is sent).
        assert_eq!(reminder_times(5_000, 4_000), [(5_000, 0), (5_000, 0)]);
    }
}
