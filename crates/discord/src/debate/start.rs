//! Starting a team debate at a table: the session is created from the lobby (people where
//! they sat, AI debaters in the empty seats, the AI judge), each team with people gets a
//! private thread, and the session is launched ([`crate::game_table::launch`]); after a
//! restart, the calls posted but never stored are adopted.

use super::lobby::DebateLobby;
use super::table::{DebateTable, Desk, RunningData, SeatInfo};
use super::views::seating;
use crate::game_table::{create, launch, new_seed, reopen};
use crate::restart::ReadBack;
use crate::tables::Seated;
use crate::types::{Bot, Error};
use agora_agents::debate::{DebateKit, Role};
use agora_core::debate::format::DebateFormat;
use agora_core::debate::session::{DebateSeat, DebateSetup};
use agora_core::session::GameSetup;
use agora_core::store::PlayerRef;
use agora_games::debate::team::{Side, TeamRules, DEBATERS};
use agora_games::Seat;
use serenity::all::{
    ChannelId, ChannelType, ComponentInteraction, CreateEmbed, CreateThread,
    EditInteractionResponse, UserId,
};
use std::sync::Arc;

/// The seats and the setup of a debate from its lobby: people where they sat, AI
/// debaters (their personalities drawn from the seed) elsewhere, the judge in seat 9.
pub fn setup_of(bot: &Bot, lobby: &DebateLobby, seed: u64) -> (DebateSetup, Vec<SeatInfo>) {
    let kit = bot.kits.get::<DebateKit>();
    let lang = lobby.options.lang;
    let mut timers = bot.config.debate.timers.clone();
    if let Some(p) = lobby.options.pace {
        timers.pace = p;
    }
    let mut seats = Vec::with_capacity(9);
    let mut infos = Vec::with_capacity(8);
    for seat in 1..=DEBATERS {
        match lobby.seats.get(&seat) {
            Some(p) => {
                seats.push(DebateSeat::human(&PlayerRef {
                    id: format!("discord:{}", p.user),
                    surface: "discord".into(),
                    name: p.name.clone(),
                    is_ai: false,
                }));
                infos.push(SeatInfo {
                    user: Some(p.user),
                    name: p.name.clone(),
                });
            }
            None => {
                let id = kit.team_personality(seed, seat);
                let name = kit.personalities.get_or_first_in(&id, lang).name.clone();
                let shown = if kit.is_offline_role(Role::of_seat(seat)) {
                    "dd-ai-seat-offline"
                } else {
                    "dd-ai-seat"
                };
                seats.push(DebateSeat::debater(&id));
                infos.push(SeatInfo {
                    user: None,
                    name: lang.text(shown, &[("name", &name)]),
                });
            }
        }
    }
    seats.push(DebateSeat::judge());
    let people: Vec<Seat> = (1..=DEBATERS)
        .filter(|&seat| seats[seat as usize - 1].agent.is_none())
        .collect();
    let setup = DebateSetup {
        format: DebateFormat::Team,
        topic: lobby.options.topic.clone(),
        motion: lobby.options.motion.clone(),
        rules: TeamRules {
            length_scale: lobby.options.length.scale(),
            live_scores: lobby.options.live_scores,
            ..TeamRules::default()
        }
        .captained_for(&people),
        timers,
        seats,
        lang,
    };
    (setup, infos)
}

/// Start was pressed (the click is acknowledged, the table is `Starting`): creates the
/// session, opens the team threads and starts following. If the session cannot be
/// created, the lobby is back.
pub(super) async fn start_debate(
    bot: &Arc<Bot>,
    table: &Arc<DebateTable>,
    c: &ComponentInteraction,
    lobby: DebateLobby,
) -> Result<(), Error> {
    let seed = new_seed(bot, table.channel);
    let (setup, infos) = setup_of(bot, &lobby, seed);
    let created = match setup.check() {
        Ok(()) => create(bot, &**table, &setup, seed).await,
        Err(e) => Err(e),
    };
    let runner = match created {
        Ok(r) => r,
        Err(e) => {
            // Told to the one who pressed Start alone: in their language.
            let lang = crate::commands::settings::person_lang(&c.locale, lobby.options.lang);
            let why = lang.text("dd-could-not-start", &[("why", &e.to_string())]);
            return reopen(bot, &**table, c, lobby, why).await;
        }
    };
    let mut data = RunningData {
        session_id: runner.id().to_string(),
        host: lobby.host,
        motion: lobby.options.motion.clone(),
        seats: infos,
        threads: [None, None],
        posted: 0,
        called: Vec::new(),
        drafts: Default::default(),
        pace: setup.timers.pace,
        live_scores: lobby.options.live_scores,
        floor_message: None,
        lang: lobby.options.lang,
    };
    let lang = data.lang;
    for side in Side::BOTH {
        data.threads[side.index()] = open_thread(bot, table.channel, &data, side).await;
    }
    let threads: Vec<String> = Side::BOTH
        .into_iter()
        .filter_map(|s| {
            data.thread(s).map(|t| {
                let side = data.side(s);
                lang.text(
                    "dd-started-thread",
                    &[("side", &side), ("thread", &t.to_string())],
                )
            })
        })
        .collect();
    let seated = seating(&data);
    let mut st = table.state.lock().await;
    launch(bot, table, &mut st, runner, data);
    table.save(bot, &st).await;
    drop(st);
    let threads = if threads.is_empty() {
        String::new()
    } else {
        let threads = threads.join(" · ");
        format!(
            "\n\n{}",
            lang.text("dd-started-threads", &[("threads", &threads)])
        )
    };
    let motion = crate::text::sanitize(&lobby.options.motion, 300);
    let description = format!(
        "{}\n\n{seated}{threads}\n\n{}",
        lang.text("dd-motion", &[("motion", &motion)]),
        lang.text("dd-started-how", &[])
    );
    let _ = c
        .edit_response(
            &bot.http,
            EditInteractionResponse::new()
                .embed(
                    CreateEmbed::new()
                        .title(lang.text("dd-started-title", &[]))
                        .description(description),
                )
                .components(vec![]),
        )
        .await;
    Ok(())
}

/// Opens `side`'s private thread with its people in it (`None` when it has none, or the
/// thread could not be made: its lines then go to its people by DM).
async fn open_thread(bot: &Arc<Bot>, channel: u64, data: &RunningData, side: Side) -> Option<u64> {
    let people: Vec<u64> = side.seats().iter().filter_map(|s| data.user(*s)).collect();
    if people.is_empty() {
        return None;
    }
    let name = (data.lang).text("dd-thread-name", &[("side", &data.side(side))]);
    let thread = match ChannelId::new(channel)
        .create_thread(
            &bot.http,
            CreateThread::new(name)
                .kind(ChannelType::PrivateThread)
                .invitable(false),
        )
        .await
    {
        Ok(t) => t.id,
        Err(e) => {
            tracing::warn!(
                channel,
                "opening the {} team's thread failed: {e}",
                side.name()
            );
            return None;
        }
    };
    for user in people {
        if let Err(e) = thread.add_thread_member(&bot.http, UserId::new(user)).await {
            tracing::warn!("adding a debater to their team's thread failed: {e}");
        }
    }
    let intro = (data.lang).text("dd-thread-intro", &[("side", &data.side(side))]);
    bot.post_text(thread, &intro).await;
    Some(thread.get())
}

/// After a restart, before the first batch is planned: a person's newest call read back
/// from the channel (a message with its controls) whose id was never stored (the bot died
/// just after posting it) is taken as posted, so it is not posted again.
pub(super) fn adopt_calls(desk: &mut Desk, read: &ReadBack, me: u64) {
    let session = desk.data.session_id.clone();
    // Newest first: the first message found for a seat is its latest call.
    let mut seen: Vec<Seat> = Vec::new();
    for o in read.own(me, &session) {
        let id = o.id;
        for (seat, seq) in o.asks {
            if seen.contains(&seat) || desk.data.user(seat).is_none() {
                continue;
            }
            seen.push(seat);
            let stored = desk.data.called.iter().find(|(s, _, _)| *s == seat);
            if stored.is_none_or(|(_, q, m)| *m < id && *q != seq) {
                desk.data.called.retain(|(s, _, _)| *s != seat);
                desk.data.called.push((seat, seq, id));
            }
        }
    }
}

/// After a restart: the messages a sweep keeps live, the open calls and each person's
/// latest call (its ask may come again only after the backlog).
pub(super) fn live_calls(desk: &Desk) -> Vec<u64> {
    let open = desk.open.values().filter_map(|c| c.message);
    open.chain(desk.data.called.iter().map(|(_, _, m)| *m))
        .collect()
}

#[cfg(test)]
mod restart_tests {
    use super::*;

    fn desk() -> Desk {
        Desk::new(RunningData {
            session_id: "s1".into(),
            host: 1,
            motion: "m".into(),
            seats: (1..=8)
                .map(|s| SeatInfo {
                    user: (s == 8).then_some(400),
                    name: format!("n{s}"),
                })
                .collect(),
            threads: [None, None],
            posted: 0,
            called: vec![(8, 4, 50)],
            drafts: Default::default(),
            pace: 1.0,
            live_scores: false,
            floor_message: None,
            lang: agora_games::Lang::En,
        })
    }

    fn read(messages: &[(u64, &str)]) -> ReadBack {
        let messages = messages
            .iter()
            .map(|(id, custom)| {
                serde_json::json!({"id": id.to_string(), "author": {"id": "1000"},
                    "content": "🎤 call", "components": [{"type": 1, "components":
                    [{"type": 2, "style": 1, "label": "Done", "custom_id": custom}]}]})
            })
            .collect();
        ReadBack {
            channel: 3000,
            messages,
        }
    }

    #[test]
    fn a_tables_language_is_stored_with_it_and_older_rows_read_as_english() {
        let mut data = desk().data;
        data.lang = agora_games::Lang::ZhCn;
        let stored = serde_json::to_value(&data).unwrap();
        assert_eq!(stored["lang"], "zh-CN");
        let back: RunningData = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(back.lang, agora_games::Lang::ZhCn);
        assert_eq!(back.title(8), "反方四辩 · n8");
        let mut old = stored;
        old.as_object_mut().unwrap().remove("lang");
        let back: RunningData = serde_json::from_value(old).unwrap();
        assert_eq!(back.lang, agora_games::Lang::En);
        assert_eq!(back.title(8), "Con 4 · n8");
    }

    #[test]
    fn a_call_posted_before_a_crash_but_never_stored_is_taken_as_posted() {
        let mut d = desk();
        // Newest first: the call of seq 6 (never stored), then the stored one of seq 4.
        adopt_calls(
            &mut d,
            &read(&[(60, "ask:s1:8:6:done"), (50, "ask:s1:8:4:done")]),
            1000,
        );
        assert_eq!(d.data.called, vec![(8, 6, 60)]);
        assert_eq!(live_calls(&d), vec![60]);
        // What is stored already stays; another session's or an AI seat's controls count not.
        let mut d = desk();
        let r = read(&[
            (70, "ask:s2:8:9:done"),
            (65, "ask:s1:3:9:done"),
            (50, "ask:s1:8:4:done"),
        ]);
        adopt_calls(&mut d, &r, 1000);
        assert_eq!(d.data.called, vec![(8, 4, 50)]);
    }
}
