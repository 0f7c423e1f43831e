//! The trial's session at a Discord table: made from the lobby (people on the sides they
//! joined, an AI advocate on a side nobody took, the case's jurors), the juror threads
//! (each opened by the juror's first message), the table's task that posts what the
//! players may see (a juror's answer in its thread, evidence, deliberation and the verdict
//! in the channel), and resume at startup.

use super::lobby::TrialLobby;
use super::table::{RunningData, TrialRunning, TrialState, TrialTable};
use crate::drafts::Drafts;
use crate::game_table::{create, launch, new_seed, reopen};
use crate::send::no_pings;
use crate::tables::Seated as _;
use crate::text::sanitize;
use crate::types::{Bot, Error};
use agora_agents::trial::TrialKit;
use agora_core::session::{GameSetup, Note, Subscription};
use agora_core::store::PlayerRef;
use agora_core::trial::session::{TrialSeat, TrialSessionSetup};
use agora_games::trial::{Event, Trial};
use agora_games::{Audience, Game, Seat};
use serenity::all::{
    ChannelId, ChannelType, ComponentInteraction, CreateAttachment, CreateEmbed, CreateMessage,
    CreateThread, EditInteractionResponse,
};
use std::collections::HashMap;
use std::sync::Arc;

/// A trial's setup, and each player's shown name and user (`None`: an AI advocate).
type Seated = (TrialSessionSetup, Vec<String>, Vec<Option<u64>>);

/// The session's setup from the lobby, and each player's shown name and user.
fn setup_of(bot: &Bot, lobby: &TrialLobby) -> Result<Seated, String> {
    let book = &bot.kits.get::<TrialKit>().book;
    let case = book
        .case(&lobby.case)
        .ok_or_else(|| format!("the case {:?} is gone from the content", lobby.case))?;
    let mut players = Vec::new();
    let mut sides = Vec::new();
    let mut names = Vec::new();
    let mut users = Vec::new();
    for (i, (joined, side)) in lobby.sides().into_iter().enumerate() {
        match joined {
            Some(j) => {
                players.push(TrialSeat::human(&PlayerRef {
                    id: format!("discord:{}", j.user),
                    surface: "discord".into(),
                    name: j.name.clone(),
                    is_ai: false,
                }));
                names.push(j.name.clone());
                users.push(Some(j.user));
            }
            None => {
                players.push(TrialSeat::advocate());
                names.push(format!("Advocate {} (AI, {})", i + 1, side.name()));
                users.push(None);
            }
        }
        sides.push(side);
    }
    let timers = bot.config.trial.clone();
    let rules = timers.rules(lobby.mode);
    let setup = TrialSessionSetup {
        trial: book.setup(case, sides, rules),
        players,
        timers,
    };
    setup.check()?;
    Ok((setup, names, users))
}

/// Opens juror `id`'s public thread (empty: the juror's first message opens it once the
/// session follows it); 0 when it cannot be opened.
async fn open_thread(bot: &Bot, channel: u64, id: &str) -> u64 {
    let Some(card) = bot.kits.get::<TrialKit>().book.juror(id) else {
        return 0;
    };
    let name = format!("⚖️ {} — {}", card.name, card.occupation);
    let thread = match ChannelId::new(channel)
        .create_thread(
            &bot.http,
            CreateThread::new(name.chars().take(95).collect::<String>())
                .kind(ChannelType::PublicThread),
        )
        .await
    {
        Ok(t) => t.id,
        Err(e) => {
            tracing::warn!(channel, "opening juror {id}'s thread failed: {e}");
            return 0;
        }
    };
    bot.register_thread(thread.get(), channel);
    thread.get()
}

/// Juror `id`'s first words in `case` (the case's own line for it), which open its thread.
async fn first_message(bot: &Bot, thread: u64, case: &str, id: &str, turns: u32) {
    let book = &bot.kits.get::<TrialKit>().book;
    let Some(card) = book.juror(id) else {
        return;
    };
    let opening = book
        .case(case)
        .map_or_else(|| card.first_message.clone(), |c| book.opening(c, id));
    let first = format!(
        "**{}** ({}, {}): {}\n\n*Write here to speak to {}: each player has {turns} messages for this juror.*",
        card.name,
        card.age,
        card.occupation,
        sanitize(&opening, 1200),
        card.name
    );
    bot.post_text(ChannelId::new(thread), &first).await;
}

/// Start was pressed (acknowledged; the table is `Starting`): creates the session, opens
/// the juror threads, posts the case and follows; if it cannot be made, the lobby is back.
pub(super) async fn start(
    bot: &Arc<Bot>,
    table: &Arc<TrialTable>,
    c: &ComponentInteraction,
    lobby: TrialLobby,
) -> Result<(), Error> {
    let seed = new_seed(bot, table.channel);
    let created = async {
        let (setup, names, users) = setup_of(bot, &lobby)?;
        let runner = create(bot, &**table, &setup, seed).await?;
        Ok::<_, String>((setup, names, users, runner))
    }
    .await;
    let (setup, names, users, runner) = match created {
        Ok(x) => x,
        Err(e) => {
            let why = format!("The trial could not start: {e}.");
            return reopen(bot, &**table, c, lobby, why).await;
        }
    };
    let mut jurors = Vec::new();
    for j in &setup.trial.jurors {
        let thread = open_thread(bot, table.channel, &j.id).await;
        jurors.push((j.id.clone(), j.name.clone(), thread));
    }
    let turns = setup.trial.rules.turns_per_juror;
    let data = RunningData {
        session_id: runner.id().to_string(),
        host: lobby.host,
        case: lobby.case.clone(),
        names,
        users,
        jurors,
        posted: 0,
        deadline_told: false,
    };
    // The session follows before anything invites a message: a message written in a
    // thread as soon as it shows is said to its juror, never dropped.
    let shown = data.clone();
    let mut st = table.state.lock().await;
    launch(bot, table, &mut st, runner, data);
    table.save(bot, &st).await;
    drop(st);
    post_case(bot, table.channel, &shown).await;
    for (id, _, thread) in &shown.jurors {
        if *thread != 0 {
            first_message(bot, *thread, &shown.case, id, turns).await;
        }
    }
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title("⚖️ The trial has started")
                        .description(format!(
                            "**{}** — the case is below; each juror has a thread.",
                            sanitize(&lobby.title, 200)
                        )),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}

/// The case as the channel shows it: the text, the question, the jury and how to play.
async fn post_case(bot: &Bot, channel: u64, data: &RunningData) {
    let Some(case) = bot.kits.get::<TrialKit>().book.case(&data.case) else {
        return;
    };
    let jury: Vec<String> = data
        .jurors
        .iter()
        .map(|(id, name, thread)| {
            let who = bot
                .kits
                .get::<TrialKit>()
                .book
                .juror(id)
                .map_or_else(String::new, |c| format!(", {}", c.occupation));
            if *thread == 0 {
                format!("**{name}**{who}")
            } else {
                format!("**{name}**{who} — <#{thread}>")
            }
        })
        .collect();
    let cards: Vec<String> = case
        .evidence
        .iter()
        .map(|e| format!("`{}` — {}", e.id, e.title))
        .collect();
    let players: Vec<String> = data
        .names
        .iter()
        .zip(&data.users)
        .map(|(n, u)| match u {
            Some(u) => format!("<@{u}>"),
            None => sanitize(n, 60),
        })
        .collect();
    let description = format!(
        "{}\n\n**The question:** {}\n\n**The jury:**\n{}\n\n**Evidence** (`/trial evidence`, once each): {}\n\n**Players:** {}\n\nTalk to a juror in their thread; their minds are hidden — read their tone. The host ends the argument with `/trial verdict`.",
        sanitize(&case.text, 1800),
        sanitize(&case.question, 300),
        jury.join("\n"),
        if cards.is_empty() { "none".into() } else { cards.join("; ") },
        players.join(", ")
    );
    let embed = CreateEmbed::new()
        .title(format!("⚖️ {}", sanitize(&case.title, 200)))
        .description(sanitize(&description, 4000));
    bot.post(
        ChannelId::new(channel),
        CreateMessage::new()
            .embed(embed)
            .allowed_mentions(no_pings()),
    )
    .await;
}

/// Posts one public event where it belongs (a juror's words in its thread, the rest in
/// the channel); the verdict is posted from the rebuilt game at the end.
/// A juror's words (an answer to a player, a statement or response in deliberation): where
/// they are said (the juror's thread for an answer), their line, and the juror's number
/// (its drafts' seat).
fn juror_words(data: &RunningData, channel: u64, event: &Event) -> Option<(u64, String, u8)> {
    let number = |juror: &str| data.jurors.iter().position(|j| j.0 == juror).unwrap_or(0) as u8;
    let (juror, place, line) = match event {
        Event::Replied {
            juror,
            player,
            text,
            hint,
        } => {
            let hint = hint
                .as_ref()
                .map_or(String::new(), |h| format!("\n*({h})*"));
            let player = data
                .names
                .get(*player as usize - 1)
                .map_or("a player", String::as_str);
            let line = format!(
                "**{}** → {}: {}{hint}",
                data.juror_name(juror),
                sanitize(player, 60),
                sanitize(text, 1700)
            );
            (juror, data.place_of(juror, channel), line)
        }
        Event::Stated { juror, text, .. } => {
            let line = format!("**{}:** {}", data.juror_name(juror), sanitize(text, 1700));
            (juror, channel, line)
        }
        Event::Responded { juror, text, .. } => {
            let line = format!("↳ **{}:** {}", data.juror_name(juror), sanitize(text, 1700));
            (juror, channel, line)
        }
        _ => return None,
    };
    Some((place, line, number(juror)))
}

async fn post_event(bot: &Bot, channel: u64, data: &RunningData, event: &Event) {
    let name = |seat: Seat| {
        sanitize(
            data.names
                .get(seat as usize - 1)
                .map_or("a player", String::as_str),
            60,
        )
    };
    let at = |juror: &str| ChannelId::new(data.place_of(juror, channel));
    let main = ChannelId::new(channel);
    match event {
        Event::Said {
            player,
            juror,
            text,
        } if data
            .users
            .get(*player as usize - 1)
            .is_some_and(Option::is_none) =>
        {
            bot.post_text(
                at(juror),
                &format!(
                    "**{}** to {}: {}",
                    name(*player),
                    data.juror_name(juror),
                    sanitize(text, 1700)
                ),
            )
            .await
        }
        Event::Replied { .. } | Event::Stated { .. } | Event::Responded { .. } => {
            if let Some((place, line, _)) = juror_words(data, channel, event) {
                bot.post_text(ChannelId::new(place), &line).await
            }
        }
        Event::Presented { player, card } => {
            let (title, text) = bot
                .kits
                .get::<TrialKit>()
                .book
                .case(&data.case)
                .and_then(|c| {
                    c.evidence
                        .iter()
                        .find(|e| e.id == *card)
                        .map(|e| (e.title.clone(), e.text.clone()))
                })
                .unwrap_or_else(|| (card.clone(), String::new()));
            let embed = CreateEmbed::new()
                .title(format!("📄 Evidence: {}", sanitize(&title, 200)))
                .description(format!(
                    "{}\n\n*Presented by {}.*",
                    sanitize(&text, 3000),
                    name(*player)
                ));
            bot.post(
                main,
                CreateMessage::new()
                    .embed(embed)
                    .allowed_mentions(no_pings()),
            )
            .await;
        }
        Event::Rested { player } => {
            bot.post_text(main, &format!("{} rests.", name(*player)))
                .await
        }
        Event::ArgumentClosed { called_by } => {
            let why = match called_by {
                Some(seat) => format!("{} called for the verdict.", name(*seat)),
                None => "The time for argument is over.".to_string(),
            };
            let embed = CreateEmbed::new()
                .title("🔔 The argument is closed")
                .description(format!(
                    "{why} The jurors now deliberate among themselves, then vote."
                ));
            bot.post(main, CreateMessage::new().embed(embed)).await;
        }
        Event::DeliberationRound { round, speaker } => {
            bot.post_text(
                main,
                &format!(
                    "🗣️ Deliberation, round {round}: **{}** speaks.",
                    data.juror_name(speaker)
                ),
            )
            .await
        }
        _ => {}
    }
}

/// The table's task: every note of its session, posted, until the session ends.
pub(super) async fn follow(bot: Arc<Bot>, table: Arc<TrialTable>, mut sub: Subscription<Trial>) {
    let channel = table.channel;
    if sub.backlog_len() > 0 {
        // Resumed (a restart, or another process took the trial over): said once.
        bot.post_text(
            ChannelId::new(channel),
            "♻️ The bot restarted: the trial goes on where it was.",
        )
        .await;
    }
    let mut seen = 0usize;
    let mut ended = false;
    // Each place's drafts (the channel, a juror's thread).
    let mut drafts: HashMap<u64, Drafts> = HashMap::new();
    while let Some(note) = sub.next().await {
        match &*note {
            Note::Draft {
                seq,
                audience: Audience::Everyone,
                event,
                text,
                ..
            } => {
                let data = match &*table.state.lock().await {
                    TrialState::Running(TrialRunning { data, .. }) => Some(data.clone()),
                    _ => None,
                };
                if let Some((place, line, juror)) =
                    data.and_then(|d| juror_words(&d, channel, event))
                {
                    // No text yet: the juror has begun (shown as the bot typing).
                    let line = if text.is_empty() { String::new() } else { line };
                    (drafts.entry(place))
                        .or_insert_with(|| Drafts::new(bot.clone(), place))
                        .update((juror, *seq), line);
                }
            }
            Note::Event { event, .. } => {
                seen += 1;
                let data = {
                    let mut st = table.state.lock().await;
                    match &mut *st {
                        TrialState::Running(TrialRunning { data, stage, .. }) => {
                            // Every event, replayed ones included, moves the stage on.
                            stage.follow(event);
                            (seen > data.posted).then(|| {
                                data.posted = seen;
                                data.clone()
                            })
                        }
                        _ => None,
                    }
                };
                if let Some(data) = data {
                    // Words shown as they were written get their last edit instead.
                    let drafted = match juror_words(&data, channel, event) {
                        Some((place, line, juror)) => match drafts.get(&place) {
                            Some(d) => d.finish(juror, &line).await,
                            None => false,
                        },
                        None => false,
                    };
                    if !drafted {
                        // The event's number is its step (see `send::at_step`).
                        let post = post_event(&bot, channel, &data, event);
                        crate::send::at_step(&bot, &data.session_id, seen as u64, post).await;
                    }
                    let st = table.state.lock().await;
                    if !table.save(&bot, &st).await {
                        return;
                    }
                }
            }
            Note::Ask { seat, due_at, .. } => {
                let tell = {
                    let mut st = table.state.lock().await;
                    match &mut *st {
                        TrialState::Running(TrialRunning {
                            data, closes_at, ..
                        }) if data
                            .users
                            .get(*seat as usize - 1)
                            .is_some_and(Option::is_some) =>
                        {
                            *closes_at = Some(*due_at);
                            !std::mem::replace(&mut data.deadline_told, true)
                        }
                        _ => false,
                    }
                };
                if tell {
                    bot.post_text(
                        ChannelId::new(channel),
                        &format!("⏳ The argument closes <t:{}:R>, when everyone has used their messages, or when the host calls `/trial verdict`.", due_at / 1000),
                    )
                    .await;
                }
            }
            Note::Paused { reason } => {
                bot.post_text(
                    ChannelId::new(channel),
                    &format!("⏸️ The trial is paused: {reason}. Retrying…"),
                )
                .await
            }
            Note::Resumed => {
                bot.post_text(ChannelId::new(channel), "▶️ The trial goes on.")
                    .await
            }
            Note::Ended { .. } => {
                verdict(&bot, &table).await;
                ended = true;
                break;
            }
            Note::Draft { .. } => {}
            Note::Abandoned => {
                bot.post_text(ChannelId::new(channel), "🛑 The trial was stopped.")
                    .await;
                ended = true;
                break;
            }
        }
    }
    if !ended {
        // Detached (the bot is stopping): the table stays stored and resumes on the next start.
        return;
    }
    crate::tables::close(&bot, &*table).await;
}

/// A stance or a shift as a whole number with its sign ("+30", "-19", "0").
fn signed(x: f64) -> String {
    match x.round() as i64 {
        0 => "0".into(),
        n => format!("{n:+}"),
    }
}

/// The verdict embed: each juror's vote, each stance and how it moved, the epilogue, and
/// the chart of the stances over the session attached.
async fn verdict(bot: &Bot, table: &TrialTable) {
    let data = match &*table.state.lock().await {
        TrialState::Running(TrialRunning { data, .. }) => data.clone(),
        _ => return,
    };
    let game = match agora_core::session::rebuild::<TrialSessionSetup>(&bot.store, &data.session_id)
        .await
    {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!("the verdict of {}: {e}", data.session_id);
            return;
        }
    };
    let Some(outcome) = game.outcome() else {
        return;
    };
    let not_guilty = game.not_guilty();
    let votes = game.jurors().iter().filter(|j| j.not_guilty()).count();
    let mut lines: Vec<String> = game
        .jurors()
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let (a, b) = (game.initial()[i], j.stance);
            format!(
                "**{}**: {} — stance {} → {} ({})",
                data.juror_name(&j.id),
                if j.not_guilty() {
                    "NOT GUILTY"
                } else {
                    "GUILTY"
                },
                signed(a),
                signed(b),
                signed(b - a)
            )
        })
        .collect();
    let winners: Vec<String> = outcome
        .seats
        .iter()
        .filter(|s| s.won)
        .filter_map(|s| data.names.get(s.seat as usize - 1).map(|n| sanitize(n, 40)))
        .collect();
    if !winners.is_empty() {
        lines.push(format!("\n🏆 {}", winners.join(", ")));
    }
    if let Some(case) = bot.kits.get::<TrialKit>().book.case(&data.case) {
        lines.push(format!("\n{}", case.epilogue(votes, game.jurors().len())));
    }
    if outcome.details["offline"] == true {
        lines.push("\n*Offline jurors: what was said was labelled by the case's keywords.*".into());
    }
    let embed = CreateEmbed::new()
        .title(verdict_title(not_guilty, votes, game.jurors().len()))
        .description(sanitize(&lines.join("\n"), 4000))
        .image("attachment://stances.png");
    let names: Vec<String> = game
        .jurors()
        .iter()
        .map(|j| data.juror_name(&j.id))
        .collect();
    let mut msg = CreateMessage::new()
        .embed(embed)
        .allowed_mentions(no_pings());
    match agora_core::trial::charts::stances(&names, game.trail()) {
        Ok(png) => msg = msg.add_file(CreateAttachment::bytes(png, "stances.png")),
        Err(e) => tracing::warn!("the trial's chart: {e}"),
    }
    bot.post(ChannelId::new(table.channel), msg).await;
}

#[cfg(test)]
mod tests {
    #[test]
    fn stances_read_as_whole_numbers_with_their_sign() {
        assert_eq!(super::signed(30.0), "+30");
        assert_eq!(super::signed(-19.1), "-19");
        assert_eq!(super::signed(-0.4), "0");
        assert_eq!(super::signed(10.9), "+11");
    }
}

/// The verdict's heading: `🔨 The verdict: GUILTY, 3 votes to 2` (`votes`: the jurors
/// who voted NOT GUILTY).
fn verdict_title(not_guilty: bool, votes: usize, jurors: usize) -> String {
    let against = jurors.saturating_sub(votes);
    let (verdict, won, lost) = match not_guilty {
        true => ("NOT GUILTY", votes, against),
        false => ("GUILTY", against, votes),
    };
    format!(
        "🔨 The verdict: {verdict}, {won} vote{} to {lost}",
        if won == 1 { "" } else { "s" }
    )
}

#[cfg(test)]
mod verdict_tests {
    #[test]
    fn the_verdict_heading_counts_the_votes_for_it_first() {
        assert_eq!(
            super::verdict_title(false, 2, 5),
            "🔨 The verdict: GUILTY, 3 votes to 2"
        );
        assert_eq!(
            super::verdict_title(true, 4, 5),
            "🔨 The verdict: NOT GUILTY, 4 votes to 1"
        );
        assert_eq!(
            super::verdict_title(true, 5, 5),
            "🔨 The verdict: NOT GUILTY, 5 votes to 0"
        );
    }
}
