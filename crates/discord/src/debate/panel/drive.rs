//! The panel debate's session: made from the lobby (people in the seats they joined, AI
//! participants with personalities in the rest, the AI moderator or evaluator last),
//! followed by the table's task (each public event posted once, the moderator's posts and
//! the result as embeds, a call with a Done button to each person whose turn it is, the
//! chart attached to the scorecard). Launching and resuming are
//! [`crate::game_table`]'s.

use super::call::{Call, Closed};
use super::formats::DiscordPanel;
use super::lobby::PanelLobby;
use super::table::{self, PanelRunning, PanelState, PanelTable, RunningData};
use crate::commands::settings::server_lang;
use crate::drafts::{draft_line, Drafts};
use crate::game_table::{create, launch, new_seed, reopen};
use crate::send::no_pings;
use crate::tables::Seated;
use crate::text::{sanitize, Component};
use crate::types::{Bot, Error};
use agora_agents::debate::DebateKit;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::panel::{ModeratedSetup, SocialSetup};
use agora_core::debate::session::shown_names_in;
use agora_core::debate::session::DebateSeat;
use agora_core::debate::sim::panel::social_start;
use agora_core::session::{GameSetup, Note, Subscription};
use agora_core::store::PlayerRef;
use agora_games::debate::moderated::{ModeratedRules, Style};
use agora_games::debate::social::{SocialRules, Start};
use agora_games::Lang;
use serenity::all::{
    ButtonStyle, ChannelId, ComponentInteraction, CreateActionRow, CreateAttachment, CreateButton,
    CreateEmbed, CreateMessage, EditInteractionResponse, UserId,
};
use std::sync::Arc;
use std::time::Duration;

/// The setup of a panel debate from its lobby, as JSON (the format's own setup type reads
/// it), and each participant's user. A server whose language is `lang` holds it in that
/// language: a topic's motion in that language, or the motion typed (its AI participants
/// argue from the generic bank in that language, and models get that language's prompts);
/// only a topic with no bank in it (a lobby stored before `/debate start` refused one) is
/// held in English.
fn setup_of(
    bot: &Bot,
    lobby: &PanelLobby,
    seed: u64,
    lang: Lang,
) -> (serde_json::Value, Vec<Option<u64>>) {
    let kit = bot.kits.get::<DebateKit>();
    let held_in = match lobby.topic.as_deref() {
        Some(t) if lang != Lang::En => kit.motion_in(t, lang).ok(),
        Some(_) => None,
        None => Some(lobby.motion.clone()),
    };
    let (lang, motion) = match held_in {
        Some(motion) => (lang, motion),
        None => (Lang::En, lobby.motion.clone()),
    };
    let seated = lobby.format.participants();
    let n = lobby
        .participants
        .max(lobby.seats.len() as u8)
        .clamp(*seated.start(), *seated.end());
    let mut seats = Vec::new();
    let mut users = Vec::new();
    let mut starts = Vec::new();
    for s in 1..=n {
        match lobby.seats.get(s as usize - 1) {
            Some(j) => {
                seats.push(DebateSeat::human(&PlayerRef {
                    id: format!("discord:{}", j.user),
                    surface: "discord".into(),
                    name: j.name.clone(),
                    is_ai: false,
                }));
                users.push(Some(j.user));
                let side = if j.side < 0 { "against" } else { "for" };
                starts.push(
                    agora_core::debate::session::panel::human_start(side, j.firmness).unwrap_or(
                        Start {
                            stance: 0.7 * j.side as f64,
                            conviction: 0.6,
                        },
                    ),
                );
            }
            None => {
                let p = kit.panel_personality(seed, s);
                starts.push(social_start(kit, &p, s));
                seats.push(DebateSeat::debater(&p));
                users.push(None);
            }
        }
    }
    seats.push(DebateSeat::judge());
    let mut timers = bot.config.debate.timers.clone();
    // The lobby's pace scales every timer of the debate, as in a team debate.
    timers.pace = lobby.pace.unwrap_or(timers.pace).max(0.0);
    let length_scale = lobby
        .length_or(&bot.config.debate.settings.discord_length)
        .scale();
    let setup = match lobby.format {
        DebateFormat::Social => serde_json::to_value(SocialSetup {
            format: DebateFormat::Social,
            topic: lobby.topic.clone(),
            motion: motion.clone(),
            rules: SocialRules {
                rounds: lobby.rounds,
                length_scale,
            },
            timers,
            seats,
            starts,
            lang,
        }),
        DebateFormat::Moderated => serde_json::to_value(ModeratedSetup {
            format: DebateFormat::Moderated,
            topic: lobby.topic.clone(),
            motion,
            rules: ModeratedRules {
                rounds: lobby.rounds,
                style: Style::Structured,
                length_scale,
            },
            timers,
            seats,
            lang,
        }),
        // A team debate never sits at a panel table: no setup, which the session refuses.
        DebateFormat::Team => Ok(serde_json::Value::Null),
    };
    (setup.unwrap_or_default(), users)
}

/// Start was pressed (acknowledged; the table is `Starting`): creates the session and
/// follows it; if it cannot be made, the lobby is back.
pub(super) async fn start<G: DiscordPanel>(
    bot: &Arc<Bot>,
    table: &Arc<PanelTable<G>>,
    c: &ComponentInteraction,
    lobby: PanelLobby,
) -> Result<(), Error> {
    let seed = new_seed(bot, table.channel);
    // The table speaks the language its lobby opened in (a lobby stored before lobbies
    // kept one: the server's now).
    let lang = match lobby.lang {
        Some(lang) => lang,
        None => server_lang(bot, table.guild(), c.guild_locale.as_deref()).await,
    };
    let (value, users) = setup_of(bot, &lobby, seed, lang);
    let created = async {
        let setup: G::Setup = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
        setup.check()?;
        create(bot, &**table, &setup, seed).await
    }
    .await;
    let runner = match created {
        Ok(r) => r,
        Err(e) => {
            let why = lang.text("dp-could-not-start", &[("why", &e.to_string())]);
            return reopen(bot, &**table, c, lobby, why).await;
        }
    };
    let seats: Vec<DebateSeat> = serde_json::from_value(value["seats"].clone()).unwrap_or_default();
    let data = RunningData {
        format: G::FORMAT,
        session_id: runner.id().to_string(),
        host: lobby.host,
        // The motion the debate is held in (a topic's, in the table's language).
        motion: value["motion"]
            .as_str()
            .unwrap_or(&lobby.motion)
            .to_string(),
        names: shown_names_in(&seats, || &bot.kits.get::<DebateKit>().personalities, lang),
        users,
        posted: 0,
        lang,
    };
    let sides = G::sides(&value, data.names.len());
    let seating: Vec<String> = data
        .names
        .iter()
        .zip(&data.users)
        .zip(sides.iter().chain(std::iter::repeat(&"for")))
        .map(|((n, u), side)| {
            let who = match u {
                Some(u) => format!("{} · <@{u}>", sanitize(n, 60)),
                None => sanitize(n, 60),
            };
            let side = lang.text(&format!("panel-{side}"), &[]);
            lang.text("dp-seating", &[("who", &who), ("side", &side)])
        })
        .collect();
    let data_motion = data.motion.clone();
    let mut st = table.state.lock().await;
    launch(bot, table, &mut st, runner, data);
    table.save(bot, &st).await;
    drop(st);
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title(lang.text("dp-started-title", &[]))
                        .description(format!(
                            "{}\n\n{}\n\n{}",
                            lang.text("dp-motion", &[("motion", &sanitize(&data_motion, 300))]),
                            seating.join("\n"),
                            lang.text("dp-started-how", &[]),
                        )),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}

/// Posts a told event: a block (`== title ==` then lines) as an embed, a line as text.
async fn post_line(bot: &Bot, channel: ChannelId, line: &str) {
    if let Some(rest) = line.strip_prefix("== ") {
        let (title, body) = rest.split_once('\n').unwrap_or((rest, ""));
        // "== title ==" (English) or "== 标题==" (Chinese, no space before the marks).
        let title = title.trim_end_matches('=').trim_end();
        let title: String = title.chars().take(250).collect();
        let body = sanitize(body, 4000);
        let mut embed = CreateEmbed::new().title(title);
        if !body.trim().is_empty() {
            embed = embed.description(body);
        }
        bot.post(
            channel,
            CreateMessage::new()
                .embed(embed)
                .allowed_mentions(no_pings()),
        )
        .await;
    } else {
        bot.post_text(channel, &sanitize(line, 6000)).await;
    }
}

/// The table's task: every note of its session, posted, until the session ends.
pub(super) async fn follow<G: DiscordPanel>(
    bot: Arc<Bot>,
    table: Arc<PanelTable<G>>,
    mut sub: Subscription<G>,
) {
    let channel = ChannelId::new(table.channel);
    let lang = match &*table.state.lock().await {
        PanelState::Running(PanelRunning { data, .. }) => data.lang,
        _ => Lang::En,
    };
    if sub.backlog_len() > 0 {
        // Resumed (a restart, or another process took the debate over): said once.
        bot.post_text(channel, &lang.text("dp-restarted", &[]))
            .await;
    }
    let mut seen = 0usize;
    let mut ended = false;
    let drafts = Drafts::new(bot.clone(), table.channel);
    while let Some(note) = sub.next().await {
        match &*note {
            Note::Draft {
                seat,
                seq,
                audience,
                event,
                text,
            } => {
                let names = match &*table.state.lock().await {
                    PanelState::Running(PanelRunning { data, .. }) => data.names.clone(),
                    _ => Vec::new(),
                };
                let shown = || G::shown(event, *audience, &names, lang).map(|l| sanitize(&l, 6000));
                if let Some(line) = draft_line(text, shown) {
                    drafts.update((*seat, *seq), line);
                }
            }
            Note::Event { audience, event } => {
                seen += 1;
                let (names, fresh, session) = {
                    let mut st = table.state.lock().await;
                    match &mut *st {
                        PanelState::Running(PanelRunning { data, progress, .. }) => {
                            // Every event, replayed ones included, moves the progress on.
                            G::track(event, progress);
                            let fresh = seen > data.posted;
                            data.posted = data.posted.max(seen);
                            (data.names.clone(), fresh, data.session_id.clone())
                        }
                        _ => (Vec::new(), false, String::new()),
                    }
                };
                if fresh {
                    if let Some(line) = G::shown(event, *audience, &names, lang) {
                        let drafted = match G::speaker(event) {
                            Some(seat) => drafts.finish(seat, &sanitize(&line, 6000)).await,
                            None => false,
                        };
                        if !drafted {
                            // The event's number is its step: a post repeated after a
                            // takeover carries the same nonce, and shows once.
                            let post = post_line(&bot, channel, &line);
                            crate::send::at_step(&bot, &session, seen as u64, post).await;
                        }
                    }
                    let st = table.state.lock().await;
                    if !table.save(&bot, &st).await {
                        return;
                    }
                }
            }
            Note::Ask {
                seat,
                seq,
                ask,
                due_at,
            } => {
                let call = {
                    let mut st = table.state.lock().await;
                    let PanelState::Running(running) = &mut *st else {
                        continue;
                    };
                    // A call still open when the next one comes was never answered.
                    table::close_calls(&bot, &table, running, Closed::TimedOut);
                    let PanelRunning {
                        data,
                        calls,
                        handle,
                        ..
                    } = running;
                    match (
                        data.users.get(*seat as usize - 1).copied().flatten(),
                        G::speech(ask),
                    ) {
                        (Some(user), Some((round, limit))) => {
                            calls.insert(
                                *seat,
                                Call {
                                    seq: *seq,
                                    round,
                                    limit,
                                    due_at: *due_at,
                                    lang,
                                    ..Call::default()
                                },
                            );
                            Some((user, round, limit, handle.id().to_string()))
                        }
                        _ => None,
                    }
                };
                if let Some((user, round, limit, session)) = call {
                    let done = CreateButton::new(
                        Component::Ask {
                            session,
                            seat: *seat,
                            seq: *seq,
                            verb: "done".into(),
                        }
                        .id(),
                    )
                    .label(lang.text("dp-button-done", &[]))
                    .style(ButtonStyle::Primary);
                    let text = super::call::open_text(user, round, limit, *due_at, lang);
                    let posted = bot
                        .post(
                            channel,
                            CreateMessage::new()
                                .content(text)
                                .components(vec![CreateActionRow::Buttons(vec![done])])
                                .allowed_mentions(
                                    serenity::all::CreateAllowedMentions::new()
                                        .users([UserId::new(user)]),
                                ),
                        )
                        .await;
                    if let PanelState::Running(PanelRunning { calls, .. }) =
                        &mut *table.state.lock().await
                    {
                        if let Some(c) = calls.get_mut(seat).filter(|c| c.seq == *seq) {
                            c.message = posted.map(|m| m.get());
                            // Lines typed while the call was being posted show at once.
                            table::show_count(&bot, &table, *seat);
                        }
                    }
                    // What was typed counts when the time runs out (a second before it).
                    let (bot, table, seat, seq, due) =
                        (bot.clone(), table.clone(), *seat, *seq, *due_at);
                    tokio::spawn(async move {
                        let wait = (due - agora_core::store::now_ms() - 1000).max(0) as u64;
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                        table::hand_in_at_deadline(&bot, &table, seat, seq).await;
                    });
                }
            }
            Note::Paused { reason } => {
                bot.post_text(
                    channel,
                    &lang.text("dp-paused", &[("reason", &reason.to_string())]),
                )
                .await
            }
            Note::Resumed => bot.post_text(channel, &lang.text("dp-resumed", &[])).await,
            // Panels hand no seat over.
            Note::Seat { .. } => {}
            Note::Ended { .. } => {
                close_open_calls(&bot, &table).await;
                scorecard::<G>(&bot, &table, channel, lang).await;
                ended = true;
                break;
            }
            Note::Abandoned => {
                close_open_calls(&bot, &table).await;
                bot.post_text(channel, &lang.text("dp-stopped", &[])).await;
                ended = true;
                break;
            }
        }
    }
    if !ended {
        // Detached (the bot is stopping): the table stays stored and resumes on the next
        // start.
        return;
    }
    crate::tables::close(&bot, &*table).await;
}

/// The debate ended: any call still open closes.
async fn close_open_calls<G: DiscordPanel>(bot: &Arc<Bot>, table: &Arc<PanelTable<G>>) {
    if let PanelState::Running(running) = &mut *table.state.lock().await {
        table::close_calls(bot, table, running, Closed::Ended);
    }
}

/// The scorecard: each participant's final score, the verdict, and the chart attached.
async fn scorecard<G: DiscordPanel>(
    bot: &Bot,
    table: &PanelTable<G>,
    channel: ChannelId,
    lang: Lang,
) {
    let (id, names) = match &*table.state.lock().await {
        PanelState::Running(PanelRunning { data, .. }) => {
            (data.session_id.clone(), data.names.clone())
        }
        _ => return,
    };
    let game = match agora_core::session::rebuild::<G::Setup>(&bot.store, &id).await {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!("the scorecard of {id}: {e}");
            return;
        }
    };
    let Some(outcome) = game.outcome() else {
        return;
    };
    let mut lines: Vec<String> = outcome
        .seats
        .iter()
        .map(|s| {
            let name = names.get(s.seat as usize - 1).cloned().unwrap_or_default();
            let extra = match (&s.details["stance"], &s.details["surrendered"]) {
                (serde_json::Value::Number(st), sur) => lang.text(
                    "dp-score-social",
                    &[
                        ("stance", &format!("{:+.2}", st.as_f64().unwrap_or(0.0))),
                        (
                            "conviction",
                            &format!("{:.2}", s.details["conviction"].as_f64().unwrap_or(0.0)),
                        ),
                        (
                            "gave_in",
                            &if sur.is_null() {
                                String::new()
                            } else {
                                lang.text("dp-score-gave-in", &[])
                            },
                        ),
                    ],
                ),
                _ => lang.text(
                    "dp-score-moderated",
                    &[
                        (
                            "rounds",
                            &format!("{:.1}", s.details["round_mean"].as_f64().unwrap_or(0.0)),
                        ),
                        (
                            "evaluation",
                            &format!("{:.1}", s.details["evaluation"].as_f64().unwrap_or(0.0)),
                        ),
                    ],
                ),
            };
            format!(
                "{}**{}**{}{:.2}{extra}",
                if s.won { "🏆 " } else { "" },
                sanitize(&name, 60),
                if lang.is_english() { ": " } else { "：" },
                s.score
            )
        })
        .collect();
    // The verdict's name: as stored in English, its title in another language.
    let kind = match (
        outcome.details["victory"].as_str(),
        outcome.details["verdict"].as_str(),
    ) {
        (Some(v), _) if !lang.is_english() => lang.text(&format!("panel-victory-{v}"), &[]),
        (None, Some(v)) if !lang.is_english() => lang.text(&format!("panel-verdict-{v}"), &[]),
        (v, w) => v.or(w).unwrap_or("").to_string(),
    };
    let offline = if outcome.details["offline"] == true {
        lang.text("dp-offline", &[])
    } else {
        String::new()
    };
    lines.push(format!(
        "\n{}",
        lang.text("dp-verdict", &[("kind", &kind), ("offline", &offline)])
    ));
    let embed = CreateEmbed::new()
        .title(lang.text("dp-scorecard", &[]))
        .description(sanitize(&lines.join("\n"), 4000))
        .image("attachment://chart.png");
    let png = agora_core::debate::story::panel::chart_png(&names, &game as &dyn std::any::Any);
    let mut msg = CreateMessage::new()
        .embed(embed)
        .allowed_mentions(no_pings());
    if let Some(png) = png {
        msg = msg.add_file(CreateAttachment::bytes(png, "chart.png"));
    }
    bot.post(channel, msg).await;
}
