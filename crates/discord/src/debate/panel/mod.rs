//! The moderated and social debates at a Discord table, one implementation for
//! both ([`PanelTable`] over a [`DiscordPanel`] game): the lobby (join, for or against in a
//! social debate; leave; the host starts; AI participants fill the empty seats), the calls
//! (a person's speech is what they type in the channel after their call, handed in with
//! Done or by typing `done`), the moderator's round posts and the result as embeds, the
//! chart attached to the scorecard, `/debate concede` (social), status, and resume (through
//! [`crate::game_table`]).
//!
//! - `lobby`: the lobby's stored state, its embed and controls.
//! - `table`: the table, its stored data and state, its calls' edits, handing a speech in.
//! - `drive`: the session from the lobby, the task that posts its notes.
//! - `formats`: how each format shows on Discord (`DiscordPanel`).
//! - `call`: a person's open call (typed lines in message order, each once) and its text.
//! - `progress`: where the debate stands and who is up, for status.

mod call;
mod drive;
mod formats;
mod lobby;
mod progress;
mod table;

use call::Closed;
pub use formats::DiscordPanel;
use lobby::default_firmness;
pub use lobby::{Joined, PanelLobby, FIRMNESS};
use table::{close_call, hand_in, show_count, PanelRunning, PanelState};
pub use table::{PanelTable, RunningData};

use crate::game_table::{self, GameTable};
use crate::send::{ephemeral, reply_ephemeral as refuse};
use crate::tables::Seated;
use crate::text::{sanitize, sentence, Component};
use crate::types::BoxFuture;
use crate::types::{Bot, Context, Error};
use agora_core::debate::format::DebateFormat;
use agora_core::session::{Runner, SessionHandle, SubmitError, Subscription};
use agora_core::store::ChannelRow;
use agora_games::debate::moderated::ModeratedDebate;
use agora_games::debate::social::SocialDebate;
use agora_games::{Lang, Localized};
use serenity::all::{ComponentInteraction, CreateInteractionResponse, Message};
use std::sync::Arc;

/// Picks up a stored moderated or social debate table at startup (its format says which).
pub async fn resume(bot: &Arc<Bot>, row: ChannelRow) -> anyhow::Result<()> {
    let format: DebateFormat = serde_json::from_value(row.data["format"].clone())
        .map_err(|e| anyhow::anyhow!("a stored debate's format: {e}"))?;
    match format {
        DebateFormat::Moderated => {
            game_table::resume::<PanelTable<ModeratedDebate>>(bot, row).await
        }
        DebateFormat::Social => game_table::resume::<PanelTable<SocialDebate>>(bot, row).await,
        DebateFormat::Team => anyhow::bail!("a stored panel table says it is a team debate"),
    }
}

/// Opens a panel lobby from `/debate start` (the command has checked the topic).
pub async fn open_lobby(ctx: Context<'_>, lobby: PanelLobby) -> Result<(), Error> {
    match lobby.format {
        DebateFormat::Moderated => open::<ModeratedDebate>(ctx, lobby).await,
        DebateFormat::Social => open::<SocialDebate>(ctx, lobby).await,
        DebateFormat::Team => Err(anyhow::anyhow!(
            "a team debate opens its own lobby, not a panel's"
        )),
    }
}

async fn open<G: DiscordPanel>(ctx: Context<'_>, lobby: PanelLobby) -> Result<(), Error> {
    let channel = ctx.channel_id().get();
    let state = PanelState::Lobby(lobby.clone());
    let table = Arc::new(PanelTable::<G>::new(channel, lobby.guild, state));
    let shown = poise::CreateReply::default()
        .embed(lobby.embed())
        .components(lobby.components(channel));
    game_table::open_lobby(ctx, table, shown, async {}).await
}

async fn answer(bot: &Bot, c: &ComponentInteraction, text: &str) -> Result<(), Error> {
    bot.respond(c, ephemeral(text)).await?;
    Ok(())
}

/// Answers the clicker alone with the text of `key`, in their language (else the table's).
async fn tell(bot: &Bot, c: &ComponentInteraction, table: Lang, key: &str) -> Result<(), Error> {
    let lang = crate::commands::settings::person_lang(&c.locale, table);
    answer(bot, c, &lang.text(key, &[])).await
}

/// A table's language, from its state (a lobby's, a running debate's; else English).
fn lang_of<G: DiscordPanel>(st: &PanelState<G>) -> Lang {
    match st {
        PanelState::Lobby(l) => l.lang(),
        PanelState::Running(PanelRunning { data, .. }) => data.lang,
        PanelState::Starting | PanelState::Closed => Lang::En,
    }
}

/// A lobby click: join (for or against), leave, start.
async fn on_lobby<G: DiscordPanel>(
    bot: &Arc<Bot>,
    c: &ComponentInteraction,
    table: &Arc<PanelTable<G>>,
    verb: &str,
) -> Result<(), Error> {
    let user = c.user.id.get();
    let mut st = table.state.lock().await;
    let table_lang = lang_of(&st);
    let PanelState::Lobby(lobby) = &mut *st else {
        let key = match &*st {
            PanelState::Closed => "dp-ended",
            _ => "dp-already-started",
        };
        return tell(bot, c, table_lang, key).await;
    };
    let person = crate::commands::settings::person_lang(&c.locale, table_lang);
    if lobby.message.is_some_and(|m| m != c.message.id.get()) {
        return answer(bot, c, &crate::tables::old_lobby(person)).await;
    }
    match verb {
        "join" | "for" | "against" => {
            if lobby.seats.iter().any(|j| j.user == user) {
                return tell(bot, c, table_lang, "dp-have-seat").await;
            }
            if lobby.seats.len() >= 8 {
                return tell(bot, c, table_lang, "dp-full").await;
            }
            lobby.seats.push(Joined {
                user,
                name: crate::text::display_name(&c.user),
                side: if verb == "against" { -1 } else { 1 },
                firmness: default_firmness(),
            });
        }
        "firmness" => {
            let picked = match &c.data.kind {
                serenity::all::ComponentInteractionDataKind::StringSelect { values } => {
                    values.first().and_then(|v| v.parse::<f64>().ok())
                }
                _ => None,
            };
            let Some(firmness) = picked.filter(|f| FIRMNESS.iter().any(|(_, x)| x == f)) else {
                return tell(bot, c, table_lang, "dp-pick-one").await;
            };
            let Some(me) = lobby.seats.iter_mut().find(|j| j.user == user) else {
                return tell(bot, c, table_lang, "dp-join-first").await;
            };
            me.firmness = firmness;
        }
        "leave" => {
            let before = lobby.seats.len();
            lobby.seats.retain(|j| j.user != user);
            if lobby.seats.len() == before {
                return tell(bot, c, table_lang, "dp-no-seat").await;
            }
        }
        "start" => {
            if user != lobby.host {
                return tell(bot, c, table_lang, "dp-only-host").await;
            }
            let lobby = lobby.clone();
            *st = PanelState::Starting;
            drop(st);
            bot.respond(c, CreateInteractionResponse::Acknowledge)
                .await?;
            return drive::start(bot, table, c, lobby).await;
        }
        _ => return tell(bot, c, table_lang, "dp-button-closed").await,
    }
    let (embed, components) = (lobby.embed(), lobby.components(table.channel));
    table.save(bot, &st).await;
    drop(st);
    crate::send::redraw_clicked(bot, c, embed, components).await
}

/// How many have joined a lobby, as a sentence in `lang`.
fn joined(n: usize, lang: Lang) -> String {
    match n {
        0 => lang.text("dp-joined-none", &[]),
        1 => lang.text("dp-joined-one", &[]),
        n => lang.text("dp-joined", &[("n", &n.to_string())]),
    }
}

impl<G: DiscordPanel> GameTable for PanelTable<G> {
    type Setup = G::Setup;

    fn closed(channel: u64, guild: u64) -> PanelTable<G> {
        PanelTable::new(channel, guild, PanelState::Closed)
    }

    fn on_click<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        c: &'a ComponentInteraction,
        what: Component,
    ) -> BoxFuture<'a, Result<(), Error>> {
        Box::pin(async move {
            match what {
                Component::Lobby { verb, .. } => on_lobby(bot, c, &self, &verb).await,
                Component::Ask {
                    seat, seq, verb, ..
                } if verb == "done" => {
                    let (refusal, lang) = {
                        let st = self.state.lock().await;
                        let lang = crate::commands::settings::person_lang(&c.locale, lang_of(&st));
                        let refusal = match &*st {
                            PanelState::Running(PanelRunning { data, calls, .. }) => {
                                if data.seat_of(c.user.id.get()) != Some(seat) {
                                    Some("dp-not-yours")
                                } else if calls.get(&seat).is_none_or(|k| k.seq != seq) {
                                    Some("dp-call-closed")
                                } else {
                                    None
                                }
                            }
                            PanelState::Closed => Some("dp-ended"),
                            _ => Some("dp-call-closed"),
                        };
                        (refusal, lang)
                    };
                    if let Some(key) = refusal {
                        return answer(bot, c, &lang.text(key, &[])).await;
                    }
                    match hand_in(bot, &self, seat, None, lang).await {
                        Ok(()) => answer(bot, c, &lang.text("dp-handed-in", &[])).await,
                        Err(e) => answer(bot, c, &sentence(&e, lang)).await,
                    }
                }
                _ => {
                    let lang = lang_of(&*self.state.lock().await);
                    tell(bot, c, lang, "dp-control-closed").await
                }
            }
        })
    }

    fn on_message<'a>(
        self: Arc<Self>,
        bot: &'a Arc<Bot>,
        m: &'a Message,
    ) -> BoxFuture<'a, Result<bool, Error>> {
        Box::pin(async move {
            if m.channel_id.get() != self.channel {
                return Ok(false);
            }
            let user = m.author.id.get();
            let (seat, lang) = {
                let mut st = self.state.lock().await;
                let PanelState::Running(PanelRunning { data, calls, .. }) = &mut *st else {
                    return Ok(false);
                };
                let Some(seat) = data.seat_of(user) else {
                    return Ok(false);
                };
                let lang = data.lang;
                let Some(call) = calls.get_mut(&seat) else {
                    return Ok(false);
                };
                if m.content.trim().eq_ignore_ascii_case("done") {
                    (seat, lang)
                } else {
                    // In message order, each message once, whatever order they arrive in.
                    if !m.content.trim().is_empty() && call.add(m.id.get(), &m.content) {
                        // The call keeps a live word count.
                        show_count(bot, &self, seat);
                    }
                    return Ok(true);
                }
            };
            // A typed `done` has no interaction to answer: why it was not taken is said in
            // the channel, to them, in the table's language.
            if let Err(e) = hand_in(bot, &self, seat, Some(m.id.get()), lang).await {
                let why = sentence(&e, lang);
                let text = lang.text(
                    "dp-typed-done-not-taken",
                    &[("user", &user.to_string()), ("why", &why)],
                );
                bot.post_to(m.channel_id, m.author.id, text).await;
            }
            Ok(true)
        })
    }

    fn drive(self: Arc<Self>, bot: Arc<Bot>, notes: Subscription<G>) -> BoxFuture<'static, ()> {
        Box::pin(drive::follow(bot, self, notes))
    }

    fn status(self: Arc<Self>) -> BoxFuture<'static, String> {
        Box::pin(async move {
            let st = self.state.lock().await;
            let lang = lang_of(&st);
            match &*st {
                PanelState::Lobby(l) => format!(
                    "{}\n{}",
                    lang.text(
                        "dp-status-lobby",
                        &[
                            ("title", &l.title()),
                            ("joined", &joined(l.seats.len(), lang))
                        ],
                    ),
                    lang.text("dp-status-motion", &[("motion", &sanitize(&l.motion, 300))]),
                ),
                PanelState::Running(PanelRunning {
                    data,
                    calls,
                    progress,
                    ..
                }) => {
                    let due = |s| calls.get(&s).map(|c| c.due_at);
                    let now = progress.describe(&data.names, due, G::REFEREE, lang);
                    let title = lobby::title_in(G::FORMAT, lang);
                    format!(
                        "{}\n{}",
                        lang.text(
                            "dp-status-running",
                            &[("title", &title), ("progress", &now)]
                        ),
                        lang.text(
                            "dp-status-motion",
                            &[("motion", &sanitize(&data.motion, 300))]
                        ),
                    )
                }
                PanelState::Starting => lang.text("dp-status-starting", &[]),
                PanelState::Closed => lang.text("dp-status-closed", &[]),
            }
        })
    }

    fn subscribe(runner: &mut Runner<G>, data: &RunningData) -> Subscription<G> {
        runner.subscribe(game_table::people(&data.users))
    }

    fn running(handle: SessionHandle<G>, data: RunningData) -> PanelRunning<G> {
        PanelRunning {
            handle,
            data,
            calls: Default::default(),
            progress: Default::default(),
        }
    }

    fn resuming<'a>(&'a self, bot: &'a Bot, data: &'a RunningData) -> BoxFuture<'a, ()> {
        // Its open calls are posted again as it resumes: every copy from before closes.
        Box::pin(async move {
            crate::restart::close_all(bot, self.channel, &data.session_id, data.lang).await;
        })
    }
}

/// `/debate concede` at the channel's table: a social debate's participant gives in; a
/// moderated debate has no conceding, and any other table none either.
pub async fn concede(
    ctx: Context<'_>,
    table: Arc<dyn std::any::Any + Send + Sync>,
) -> Result<(), Error> {
    let table = match table.downcast::<PanelTable<SocialDebate>>() {
        Ok(social) => return social.concede(ctx).await,
        Err(other) => other,
    };
    if let Ok(rounds) = table.downcast::<PanelTable<ModeratedDebate>>() {
        return rounds.concede(ctx).await;
    }
    let (_, person) = crate::commands::settings::command_langs(ctx).await;
    refuse(ctx, person.text("dp-concede-nothing", &[])).await
}

impl<G: DiscordPanel> PanelTable<G> {
    /// `/debate concede` here: the participant gives in (a social debate), or is told why
    /// not.
    async fn concede(self: Arc<Self>, ctx: Context<'_>) -> Result<(), Error> {
        let user = ctx.author().id.get();
        let (lang, found) = {
            let st = self.state.lock().await;
            let found = match &*st {
                PanelState::Running(PanelRunning { data, handle, .. }) => {
                    Ok(data.seat_of(user).map(|s| (s, handle.clone())))
                }
                PanelState::Lobby(_) | PanelState::Starting => Err("dp-concede-not-started"),
                PanelState::Closed => Err("dp-concede-ended"),
            };
            (lang_of(&st), found)
        };
        let lang = crate::commands::settings::person_lang(ctx.locale().unwrap_or_default(), lang);
        let say = |key: &str| lang.text(key, &[]);
        let Some(action) = G::concede() else {
            return refuse(ctx, say("dp-concede-moderated")).await;
        };
        let (seat, handle) = match found {
            Ok(Some(found)) => found,
            Ok(None) => return refuse(ctx, say("dp-concede-not-debating")).await,
            Err(key) => return refuse(ctx, say(key)).await,
        };
        match handle.submit(seat, action, None).await {
            Ok(()) => {
                // Their open call, if any, closes: they speak no more.
                let open = match &mut *self.state.lock().await {
                    PanelState::Running(r) => r.calls.remove(&seat),
                    _ => None,
                };
                if let Some(call) = open {
                    close_call(ctx.data(), &self, user, &call, Closed::Conceded);
                }
                // The channel is told by the concession itself, named.
                refuse(ctx, say("dp-concede-done")).await
            }
            Err(SubmitError::Closed) => refuse(ctx, say("dp-concede-ended")).await,
            Err(SubmitError::Refused(why)) if why.to_string().contains("already surrendered") => {
                refuse(ctx, say("dp-concede-again")).await
            }
            Err(e) => refuse(ctx, sentence(&e.text(lang), lang)).await,
        }
    }
}
