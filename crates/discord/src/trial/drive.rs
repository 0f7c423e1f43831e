//! The trial's session at a Discord table: made from the lobby (people on the sides they
//! joined, an AI advocate on a side nobody took, the case's jurors), the juror threads
//! (each opened by the juror's first message), the table's task that posts what the
//! players may see (a juror's answer in its thread, evidence, deliberation and the verdict
//! in the channel), and resume at startup.

use super::lobby::{side_name, TrialLobby};
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
use agora_games::{Audience, Lang, Seat};
use serenity::all::{
    ChannelId, ChannelType, ComponentInteraction, CreateEmbed, CreateMessage, CreateThread,
    EditInteractionResponse,
};
use std::collections::HashMap;
use std::sync::Arc;

/// A trial's setup, and each player's shown name and user (`None`: an AI advocate).
type Seated = (TrialSessionSetup, Vec<String>, Vec<Option<u64>>);

/// The session's setup from the lobby, and each player's shown name and user.
fn setup_of(bot: &Bot, lobby: &TrialLobby) -> Result<Seated, String> {
    let book = &bot.kits.get::<TrialKit>().book;
    let case = book.case_in(&lobby.case, lobby.lang).ok_or_else(|| {
        let case = format!("{:?}", lobby.case);
        lobby.lang.text("dt-case-gone", &[("case", &case)])
    })?;
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
                let (n, side) = ((i + 1).to_string(), side_name(side, lobby.lang));
                names.push(
                    lobby
                        .lang
                        .text("dt-advocate", &[("n", &n), ("side", &side)]),
                );
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
async fn open_thread(bot: &Bot, channel: u64, id: &str, lang: Lang) -> u64 {
    let Some(card) = bot.kits.get::<TrialKit>().book.juror_in(id, lang) else {
        return 0;
    };
    let name = lang.text(
        "dt-thread-name",
        &[("name", &card.name), ("occupation", &card.occupation)],
    );
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
async fn first_message(bot: &Bot, thread: u64, case: &str, id: &str, turns: u32, lang: Lang) {
    let book = &bot.kits.get::<TrialKit>().book;
    let Some(card) = book.juror_in(id, lang) else {
        return;
    };
    let opening = book
        .case_in(case, lang)
        .map_or_else(|| card.first_message.clone(), |c| book.opening(c, id));
    let first = format!(
        "{}\n\n{}",
        lang.text(
            "dt-first-message",
            &[
                ("name", &card.name),
                ("age", &card.age.to_string()),
                ("occupation", &card.occupation),
                ("opening", &sanitize(&opening, 1200)),
            ],
        ),
        lang.text(
            "dt-first-how",
            &[("name", &card.name), ("turns", &turns.to_string())]
        )
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
            // Told to the one who pressed Start alone: in their language.
            let lang = crate::commands::settings::person_lang(&c.locale, lobby.lang);
            let why = lang.text("dt-could-not-start", &[("why", &e)]);
            return reopen(bot, &**table, c, lobby, why).await;
        }
    };
    let lang = lobby.lang;
    let mut jurors = Vec::new();
    for j in &setup.trial.jurors {
        let thread = open_thread(bot, table.channel, &j.id, lang).await;
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
        lang,
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
            first_message(bot, *thread, &shown.case, id, turns, lang).await;
        }
    }
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title(lang.text("dt-started-title", &[]))
                        .description(
                            lang.text("dt-started", &[("title", &sanitize(&lobby.title, 200))]),
                        ),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}

/// The case as the channel shows it: the text, the question, the jury and how to play.
async fn post_case(bot: &Bot, channel: u64, data: &RunningData) {
    let lang = data.lang;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let book = &bot.kits.get::<TrialKit>().book;
    let Some(case) = book.case_in(&data.case, lang) else {
        return;
    };
    let jury: Vec<String> = data
        .jurors
        .iter()
        .map(|(id, name, thread)| {
            let who = book.juror_in(id, lang).map_or_else(String::new, |c| {
                t("dt-juror-occupation", &[("occupation", &c.occupation)])
            });
            if *thread == 0 {
                t("dt-juror", &[("name", name), ("occupation", &who)])
            } else {
                t(
                    "dt-juror-thread",
                    &[
                        ("name", name),
                        ("occupation", &who),
                        ("thread", &thread.to_string()),
                    ],
                )
            }
        })
        .collect();
    let cards: Vec<String> = case
        .evidence
        .iter()
        .map(|e| t("dt-card", &[("id", &e.id), ("title", &e.title)]))
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
    let cards = if cards.is_empty() {
        t("dt-none", &[])
    } else {
        cards.join(&t("dt-cards-sep", &[]))
    };
    let description = [
        sanitize(&case.text, 1800),
        t(
            "dt-case-question",
            &[("question", &sanitize(&case.question, 300))],
        ),
        format!("{}\n{}", t("dt-case-jury", &[]), jury.join("\n")),
        t("dt-case-evidence", &[("cards", &cards)]),
        t(
            "dt-case-players",
            &[("players", &players.join(&t("dt-list", &[])))],
        ),
        t("dt-case-how", &[]),
    ]
    .join("\n\n");
    let embed = CreateEmbed::new()
        .title(t(
            "dt-case-title",
            &[("title", &sanitize(&case.title, 200))],
        ))
        .description(sanitize(&description, 4000));
    bot.post(
        ChannelId::new(channel),
        CreateMessage::new()
            .embed(embed)
            .allowed_mentions(no_pings()),
    )
    .await;
}

/// A juror's words as posted, where they go (its thread, or the channel) and the juror's
/// number (the key of its drafts): its answer to a player, or its statement and response in
/// deliberation.
fn juror_words(data: &RunningData, channel: u64, event: &Event) -> Option<(u64, String, u8)> {
    let lang = data.lang;
    let number = |juror: &str| data.jurors.iter().position(|j| j.0 == juror).unwrap_or(0) as u8;
    let said = |id: &str, juror: &str, text: &str| {
        lang.text(
            id,
            &[
                ("juror", &data.juror_name(juror)),
                ("text", &sanitize(text, 1700)),
            ],
        )
    };
    let (juror, place, line) = match event {
        Event::Replied {
            juror,
            player,
            text,
            hint,
        } => {
            let a_player = lang.text("dt-a-player", &[]);
            let player = data
                .names
                .get(*player as usize - 1)
                .map_or(a_player.as_str(), String::as_str);
            let mut line = lang.text(
                "dt-replied",
                &[
                    ("juror", &data.juror_name(juror)),
                    ("player", &sanitize(player, 60)),
                    ("text", &sanitize(text, 1700)),
                ],
            );
            if let Some(h) = hint {
                line.push('\n');
                line.push_str(&lang.text("dt-hint", &[("hint", h)]));
            }
            (juror, data.place_of(juror, channel), line)
        }
        Event::Stated { juror, text, .. } => (juror, channel, said("dt-stated", juror, text)),
        Event::Responded { juror, text, .. } => (juror, channel, said("dt-responded", juror, text)),
        _ => return None,
    };
    Some((place, line, number(juror)))
}

/// Posts one public event where it belongs (a juror's words in its thread, the rest in
/// the channel); the verdict is posted from the rebuilt game at the end.
async fn post_event(bot: &Bot, channel: u64, data: &RunningData, event: &Event) {
    let lang = data.lang;
    let t = |id: &str, args: &[(&str, &str)]| lang.text(id, args);
    let name = |seat: Seat| {
        let a_player = t("dt-a-player", &[]);
        sanitize(
            data.names
                .get(seat as usize - 1)
                .map_or(a_player.as_str(), String::as_str),
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
            let line = t(
                "dt-said",
                &[
                    ("player", &name(*player)),
                    ("juror", &data.juror_name(juror)),
                    ("text", &sanitize(text, 1700)),
                ],
            );
            bot.post_text(at(juror), &line).await
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
                .case_in(&data.case, lang)
                .and_then(|c| {
                    c.evidence
                        .iter()
                        .find(|e| e.id == *card)
                        .map(|e| (e.title.clone(), e.text.clone()))
                })
                .unwrap_or_else(|| (card.clone(), String::new()));
            let embed = CreateEmbed::new()
                .title(t("dt-evidence-title", &[("title", &sanitize(&title, 200))]))
                .description(format!(
                    "{}\n\n{}",
                    sanitize(&text, 3000),
                    t("dt-presented-by", &[("player", &name(*player))])
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
            let line = t("dt-rests", &[("player", &name(*player))]);
            bot.post_text(main, &line).await
        }
        Event::ArgumentClosed { called_by } => {
            let why = match called_by {
                Some(seat) => t("dt-called-verdict", &[("player", &name(*seat))]),
                None => t("dt-time-over", &[]),
            };
            let embed = CreateEmbed::new()
                .title(t("dt-closed-title", &[]))
                .description(t("dt-closed", &[("why", &why)]));
            bot.post(main, CreateMessage::new().embed(embed)).await;
        }
        Event::DeliberationRound { round, speaker } => {
            let line = t(
                "dt-round",
                &[
                    ("round", &round.to_string()),
                    ("juror", &data.juror_name(speaker)),
                ],
            );
            bot.post_text(main, &line).await
        }
        _ => {}
    }
}

/// The table's task: every note of its session, posted, until the session ends.
pub(super) async fn follow(bot: Arc<Bot>, table: Arc<TrialTable>, mut sub: Subscription<Trial>) {
    let channel = table.channel;
    let lang = super::table::lang_of(&*table.state.lock().await);
    if sub.backlog_len() > 0 {
        // Resumed (a restart, or another process took the trial over): said once.
        bot.post_text(ChannelId::new(channel), &lang.text("dt-restarted", &[]))
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
                    let at = (due_at / 1000).to_string();
                    let line = lang.text("dt-closes-at", &[("at", &at)]);
                    bot.post_text(ChannelId::new(channel), &line).await;
                }
            }
            Note::Paused { reason } => {
                let line = lang.text("dt-paused", &[("reason", reason)]);
                bot.post_text(ChannelId::new(channel), &line).await
            }
            Note::Resumed => {
                let line = lang.text("dt-goes-on", &[]);
                bot.post_text(ChannelId::new(channel), &line).await
            }
            Note::Ended { .. } => {
                super::verdict::post(&bot, &table).await;
                ended = true;
                break;
            }
            Note::Draft { .. } | Note::Seat { .. } => {}
            Note::Abandoned => {
                let line = lang.text("dt-stopped", &[]);
                bot.post_text(ChannelId::new(channel), &line).await;
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
