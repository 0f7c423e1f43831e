//! A channel's moderated or social debate table ([`PanelTable`]): its stored data, its
//! state and how it is stored, and what its calls do as they change: a live word count,
//! a closed call's message, handing in a typed speech (by Done, a typed `done`, or just
//! before the deadline).

use super::call::{self, Call, Closed};
use super::formats::DiscordPanel;
use super::lobby::PanelLobby;
use super::progress::Progress;
use crate::tables::{self, Seated, TableState};
use crate::types::Bot;
use agora_core::debate::format::DebateFormat;
use agora_core::registry::GameKind;
use agora_core::session::{SessionHandle, SubmitError, Subscription};
use agora_games::{Lang, Localized, Seat};
use serde::{Deserialize, Serialize};
use serenity::all::CreateEmbed;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// A running panel debate's stored data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunningData {
    pub format: DebateFormat,
    pub session_id: String,
    pub host: u64,
    pub motion: String,
    /// Each participant's shown name and user (`None`: an AI).
    pub names: Vec<String>,
    pub users: Vec<Option<u64>>,
    /// Events posted so far (a resumed table posts none again).
    pub posted: usize,
    /// The table's language (its lobby's; a table stored before it was kept is English).
    #[serde(default)]
    pub lang: Lang,
}

impl tables::StoredData for RunningData {
    fn session_id(&self) -> &str {
        &self.session_id
    }
}

impl RunningData {
    pub fn seat_of(&self, user: u64) -> Option<Seat> {
        self.users
            .iter()
            .position(|u| *u == Some(user))
            .map(|i| i as Seat + 1)
    }
}

/// Shows `seat`'s word count on its call message (in the background). Edits are one at a
/// time per table and each reads the lines as they are when it runs, so the last edit
/// shows every line typed.
pub(super) fn show_count<G: DiscordPanel>(bot: &Arc<Bot>, table: &Arc<PanelTable<G>>, seat: Seat) {
    let (bot, table) = (bot.clone(), table.clone());
    tokio::spawn(async move {
        let _one_at_a_time = table.edits.lock().await;
        let count = match &*table.state.lock().await {
            PanelState::Running(PanelRunning { calls, .. }) => {
                calls.get(&seat).and_then(Call::count)
            }
            _ => None,
        };
        if let Some((message, note)) = count {
            let edit =
                serenity::all::EditMessage::new().embed(CreateEmbed::new().description(note));
            let _ = bot
                .edit(serenity::all::ChannelId::new(table.channel), message, edit)
                .await;
        }
    });
}

/// Closes a call's message (in the background, after any word-count edit): it says how
/// the call closed and loses its Done button and its count.
pub(super) fn close_call<G: DiscordPanel>(
    bot: &Arc<Bot>,
    table: &Arc<PanelTable<G>>,
    user: u64,
    call: &Call,
    how: Closed,
) {
    let Some(message) = call.message else {
        return;
    };
    let (bot, table, round, lang) = (bot.clone(), table.clone(), call.round, call.lang);
    tokio::spawn(async move {
        let _one_at_a_time = table.edits.lock().await;
        let edit = serenity::all::EditMessage::new()
            .content(call::closed_text(user, round, how, lang))
            .embeds(Vec::new())
            .components(Vec::new())
            .allowed_mentions(crate::send::no_pings());
        let _ = bot
            .edit(serenity::all::ChannelId::new(table.channel), message, edit)
            .await;
    });
}

/// Closes every open call (the time ran out, or the debate ended), as `how`.
pub(super) fn close_calls<G: DiscordPanel>(
    bot: &Arc<Bot>,
    table: &Arc<PanelTable<G>>,
    running: &mut PanelRunning<G>,
    how: Closed,
) {
    for (seat, call) in std::mem::take(&mut running.calls) {
        if let Some(Some(user)) = running.data.users.get(seat as usize - 1) {
            close_call(bot, table, *user, &call, how);
        }
    }
}

pub type PanelState<G> = TableState<PanelLobby, PanelRunning<G>>;

/// A running panel debate at its table: its session, its stored data, the open calls.
pub struct PanelRunning<G: DiscordPanel> {
    pub handle: SessionHandle<G>,
    pub data: RunningData,
    pub calls: BTreeMap<Seat, Call>,
    /// Where the debate stands (followed from every event, replayed ones included).
    pub progress: Progress,
}

impl tables::Hosted for PanelLobby {
    fn host(&self) -> u64 {
        self.host
    }
    fn message(&mut self) -> &mut Option<u64> {
        &mut self.message
    }
}

impl<G: DiscordPanel> tables::Live for PanelRunning<G> {
    type Game = G;
    fn handle(&self) -> &SessionHandle<G> {
        &self.handle
    }
    type Data = RunningData;
    fn host(&self) -> u64 {
        self.data.host
    }
    fn data(&self) -> &RunningData {
        &self.data
    }
}

/// A channel's moderated or social debate.
pub struct PanelTable<G: DiscordPanel> {
    pub channel: u64,
    pub guild: u64,
    pub state: tokio::sync::Mutex<PanelState<G>>,
    pub message: AtomicU64,
    pub notes: std::sync::Mutex<Option<Subscription<G>>>,
    /// Word-count edits, one at a time.
    pub(super) edits: tokio::sync::Mutex<()>,
}

impl<G: DiscordPanel> PanelTable<G> {
    pub fn new(channel: u64, guild: u64, state: PanelState<G>) -> PanelTable<G> {
        PanelTable {
            channel,
            guild,
            state: tokio::sync::Mutex::new(state),
            message: AtomicU64::new(0),
            notes: std::sync::Mutex::new(None),
            edits: tokio::sync::Mutex::new(()),
        }
    }
}

impl<G: DiscordPanel> Seated for PanelTable<G> {
    type Lobby = PanelLobby;
    type Running = PanelRunning<G>;
    const KIND: GameKind = GameKind::Debate;
    const WHAT: &'static str = "debate";
    fn channel(&self) -> u64 {
        self.channel
    }
    fn guild(&self) -> u64 {
        self.guild
    }
    fn state(&self) -> &tokio::sync::Mutex<PanelState<G>> {
        &self.state
    }
    fn message(&self) -> &std::sync::atomic::AtomicU64 {
        &self.message
    }
    fn notes(&self) -> &std::sync::Mutex<Option<Subscription<G>>> {
        &self.notes
    }
}

/// Hands in `seat`'s typed speech (with `done`: the lines written before that message),
/// and closes its call's message. Why not, in `lang` (the game's own refusal too).
pub(super) async fn hand_in<G: DiscordPanel>(
    bot: &Arc<Bot>,
    table: &Arc<PanelTable<G>>,
    seat: Seat,
    done: Option<u64>,
    lang: Lang,
) -> Result<(), String> {
    let (handle, call, user, text) = {
        let mut st = table.state.lock().await;
        let PanelState::Running(PanelRunning {
            handle,
            calls,
            data,
            ..
        }) = &mut *st
        else {
            return Err(lang.text("dp-why-ended", &[]));
        };
        let Some(call) = calls.get(&seat) else {
            return Err(lang.text("dp-why-not-your-turn", &[]));
        };
        let text = match done {
            Some(id) => call.text_before(id),
            None => call.text(),
        };
        if text.trim().is_empty() {
            return Err(lang.text("dp-why-nothing-typed", &[]));
        }
        let user = data.users.get(seat as usize - 1).copied().flatten();
        let call = calls.remove(&seat).expect("just found");
        (handle.clone(), call, user, text)
    };
    let words = agora_games::debate::words::count(&text);
    let submitted = handle.submit(seat, G::speak(text), Some(call.seq)).await;
    let how = match &submitted {
        Ok(()) => Closed::HandedIn(words),
        Err(SubmitError::Refused(why)) => {
            // Refused by the game (it changed nothing): the call stays open as it was.
            if let PanelState::Running(r) = &mut *table.state.lock().await {
                r.calls.entry(seat).or_insert(call);
            }
            return Err(why.text(lang));
        }
        Err(SubmitError::Stale) => Closed::TimedOut,
        Err(_) => Closed::Ended,
    };
    if let Some(user) = user {
        close_call(bot, table, user, &call, how);
    }
    submitted.map_err(|e| match e {
        SubmitError::Stale => lang.text("dp-why-too-late", &[]),
        SubmitError::Closed => lang.text("dp-why-ended", &[]),
        e => e.text(lang),
    })
}

/// The deadline of `seat`'s call `seq` is a second away: what was typed is handed in (a
/// call with nothing typed is left to time out, a skipped turn).
pub(super) async fn hand_in_at_deadline<G: DiscordPanel>(
    bot: &Arc<Bot>,
    table: &Arc<PanelTable<G>>,
    seat: Seat,
    seq: u32,
) {
    let typed = match &*table.state.lock().await {
        PanelState::Running(PanelRunning { calls, .. }) => calls
            .get(&seat)
            .is_some_and(|c| c.seq == seq && !c.lines.is_empty()),
        _ => false,
    };
    if typed {
        if let Err(e) = hand_in(bot, table, seat, None, Lang::En).await {
            tracing::info!("a speech typed before the deadline was not taken: {e}");
        }
    }
}
