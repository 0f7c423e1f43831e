//! Werewolf on the larger and smaller boards in Discord: a twelve-seat `zh12-guard` game
//! with three people and nine AI (the sheriff election, a person away for two actions taken
//! over by an AI and taking the seat back, the graveyard thread, a spectator, nothing hidden
//! leaking), a six-seat game to its end, and the bad board options refused. The twelve-seat
//! game is played in steps (`Zh12`), so a step can be put between two of them.

use crate::app::{TestApp, WAIT};
use crate::fake_discord::{FakeDiscord, Msg, APP_ID};
use crate::fake_players::{open_lobby, press, told_on_command, wait_for_post, Humans};
use serde_json::json;

/// A tenth of the real times (a missed speech and vote take seconds, not minutes), and
/// half-length wolves' and witch's steps: a full night (their sum) lasts 6 s; votes 6 s.
fn quick(app: crate::app::Builder) -> crate::app::Builder {
    app.env("AGORA_WEREWOLF_TIMERS_PACE", 0.1)
        .env("AGORA_WEREWOLF_TIMERS_WOLVES", 30)
        .env("AGORA_WEREWOLF_TIMERS_WITCH", 30)
        // A vote's 3 s at this pace is short for a person under a loaded machine: 6 s.
        .env("AGORA_WEREWOLF_TIMERS_VOTE", 60)
}

/// A twelve-seat table being played: its channel, its people and their player.
struct Zh12 {
    app: TestApp,
    channel: u64,
    people: [u64; 3],
    humans: Humans,
}

const SPECTATOR: u64 = 4199;

impl Zh12 {
    /// Opens a `zh12-guard` lobby, seats three people and starts it.
    async fn start(seed: u64) -> Zh12 {
        let app = quick(TestApp::builder().seed(seed)).spawn().await;
        let fake = app.fake.clone();
        let (channel, people) = (3101, [4101, 4102, 4103]);
        let board = json!([{"name": "board", "type": 3, "value": "zh12-guard"}]);
        let lobby = open_lobby(&fake, people[0], channel, board).await;
        let shown = lobby.text();
        assert!(
            shown.contains("12 seats: seer, witch, hunter, guard") && shown.contains("guard ×1"),
            "the lobby names the board and its deck: {shown}"
        );
        for u in &people[1..] {
            press(&fake, *u, &lobby, ":join").await;
        }
        crate::fake_players::wait_for_text(&fake, lobby.id, "3 of 12 seats taken").await;
        press(&fake, people[0], &lobby, ":start").await;
        wait_for_post(&fake, channel, "Werewolf — the table").await;
        let mut humans = Humans::new(channel, &people);
        // Two people run for sheriff (one candidate alone would be elected unopposed); the
        // third votes.
        humans.runners = vec![people[0], people[1]];
        Zh12 {
            app,
            channel,
            people,
            humans,
        }
    }

    fn fake(&self) -> FakeDiscord {
        self.app.fake.clone()
    }

    /// Plays until `done` holds (or the game ends); true if `done` held first.
    async fn play_until(&mut self, what: &str, done: impl Fn(&FakeDiscord) -> bool) -> bool {
        let fake = self.fake();
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(240);
        loop {
            if done(&fake) {
                return true;
            }
            if self.humans.step(&fake).await {
                return done(&fake);
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{what}: not in time\n{}",
                fake.dump_calls(60)
            );
            tokio::time::sleep(std::time::Duration::from_millis(self.humans.poll_ms)).await;
        }
    }

    /// A living person steps away after the sheriff's election: their next two actions are
    /// missed, an AI takes the seat (the table told, no role), and once the next phase has
    /// begun they press the DM's button and have the seat back. Returns their user id.
    async fn away_and_back(&mut self) -> u64 {
        let fake = self.fake();
        let channel = self.channel;
        // Day 1's deaths are told after the election: whoever is still alive steps away.
        self.play_until("day 1's news", |f| {
            post_with_text(f, channel, "Died in the night")
                || post_with_text(f, channel, "nobody died")
        })
        .await;
        let dead = self.dead_people();
        let away = *(self.people[1..].iter().rev())
            .find(|u| !dead.contains(u))
            .expect("a living person");
        self.humans.away(away);
        let name = format!("user{away}'s seat is now played by an AI");
        assert!(
            self.play_until("the takeover", |f| post_with_text(f, channel, &name))
                .await,
            "the game ended before the takeover"
        );
        let taken = crate::fake_players::post_with(&fake, channel, &name).unwrap();
        for role in ["wolf", "seer", "witch", "hunter", "guard", "villager"] {
            assert!(!taken.contains(role), "the takeover names no role: {taken}");
        }
        let misses = |f: &FakeDiscord| {
            (f.dms(away).iter())
                .filter(|m| m.text().contains("the default was taken"))
                .count()
        };
        assert!(misses(&fake) >= 2, "two missed actions before the takeover");
        fake.wait_until("the take-back DM", WAIT, |f| {
            f.dms(away)
                .iter()
                .any(|m| m.find_custom_id(":back").is_some())
        })
        .await;
        let dm = (fake.dms(away).into_iter())
            .find(|m| m.find_custom_id(":back").is_some())
            .unwrap();
        // The next phase: the next night or day line after the takeover's.
        let phase = |f: &FakeDiscord| {
            let msgs = f.messages(channel);
            let at = msgs.iter().position(|m| m.text().contains(&name));
            at.is_some_and(|at| {
                msgs[at + 1..].iter().any(|m| {
                    let t = m.text();
                    t.contains("falls.**") || t.starts_with("☀️ **Day ")
                })
            })
        };
        assert!(
            self.play_until("the next phase", phase).await,
            "the game ended before the next phase"
        );
        let i = press(&fake, away, &dm, ":back").await;
        let said = crate::fake_players::ephemeral_reply(&fake, i).await;
        assert!(said.contains("yours again"), "{said}");
        self.humans.back(away);
        wait_for_post(&fake, channel, &format!("user{away} takes their seat back")).await;
        away
    }

    /// The graveyard thread, once opened: (id, members).
    fn graveyard(&self) -> Option<(u64, Vec<u64>)> {
        graveyard(&self.fake(), self.channel)
    }

    /// The people told they are out of the game.
    fn dead_people(&self) -> Vec<u64> {
        let fake = self.fake();
        (self.people.iter().copied())
            .filter(|u| {
                fake.dms(*u)
                    .iter()
                    .any(|m| m.text().contains("out of the game"))
            })
            .collect()
    }
}

/// The bot's messages everyone in `channel` sees, before the scorecard.
fn before_the_end(fake: &FakeDiscord, channel: u64) -> Vec<Msg> {
    let msgs = fake.messages(channel);
    let end = (msgs.iter())
        .position(|m| m.text().contains("Roles revealed"))
        .unwrap_or(msgs.len());
    msgs[..end]
        .iter()
        .filter(|m| m.author_id == APP_ID && !m.is_ephemeral())
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_people_and_nine_ai_play_zh12_guard_with_a_sheriff_and_a_graveyard() {
    let mut t = Zh12::start(21).await;
    let fake = t.fake();
    let (channel, host) = (t.channel, t.people[0]);
    let status = wait_for_post(&fake, channel, "Werewolf — the table").await;
    assert_eq!(status.matches("(AI)").count(), 9, "{status}");
    assert!(
        status.contains("Seat 12 ·"),
        "twelve seats on the board: {status}"
    );
    // The board is named in the channel (posted as the night falls: waited for).
    let line = wait_for_post(
        &fake,
        channel,
        "This game is played on the board **12 seats: seer, witch, hunter, guard**",
    )
    .await;
    assert!(
        line.contains("Nights on this board take their full time"),
        "{line}"
    );

    // A spectator joins the graveyard; a living player may not.
    let said = spectate(&fake, SPECTATOR, channel).await;
    assert!(
        said.contains("You are watching from the graveyard"),
        "{said}"
    );
    let said = spectate(&fake, host, channel).await;
    assert!(said.contains("still playing"), "{said}");
    let (thread, members) = t.graveyard().expect("the graveyard thread");
    assert_eq!(members, vec![SPECTATOR]);
    assert!(
        fake.messages(thread).iter().any(|m| m
            .text()
            .contains("watches from the graveyard. Spectators: 1")),
        "the graveyard counts its spectators"
    );

    // The sheriff election: the host and a second person run, the third votes.
    t.play_until("the sheriff's runners", |f| {
        post_with_text(f, channel, "Running for sheriff")
    })
    .await;
    let runners = crate::fake_players::post_with(&fake, channel, "Running for sheriff").unwrap();
    assert!(runners.contains("user4101"), "the host ran: {runners}");
    assert!(
        t.humans.signups.contains(&(host, true)),
        "{:?}",
        t.humans.signups
    );
    assert!(
        t.humans.signups.contains(&(t.people[2], false)),
        "{:?}",
        t.humans.signups
    );
    t.play_until("the sheriff's election", |f| {
        post_with_text(f, channel, "is elected sheriff")
            || post_with_text(f, channel, "No sheriff is elected")
    })
    .await;
    // The third person voted on the shared message and was told so (its edits may be
    // folded into the closing one when the votes come fast).
    assert!(t.humans.votes >= 1, "a person voted for sheriff");
    let told = (fake.calls().into_iter()).any(|c| {
        let text = c.body["content"].as_str().unwrap_or("");
        text.contains("your sealed vote") && c.path.contains("/webhooks/")
    });
    assert!(told, "the sheriff's voter was told their vote was taken");

    // A person steps away for two actions: an AI plays the seat until they take it back.
    let away = t.away_and_back().await;

    // A person dies: they land in the graveyard and are told where it is.
    let died = t
        .play_until("a person's death", |f| {
            [4101, 4102, 4103].iter().any(|u| {
                f.dms(*u)
                    .iter()
                    .any(|m| m.text().contains("out of the game"))
            })
        })
        .await;
    assert!(died, "a person died before the end");
    let dead = t.dead_people()[0];
    fake.wait_until("the dead person in the graveyard", WAIT, |f| {
        f.threads()
            .iter()
            .any(|(id, _, _, members)| *id == thread && members.contains(&dead))
            && f.dms(dead)
                .iter()
                .any(|m| m.text().contains(&format!("<#{thread}>")))
    })
    .await;
    // What they type in the table's channel is not heard; they are pointed to the graveyard.
    let said = fake
        .say(dead, channel, "I was the seer, seat 5 is a wolf!")
        .await;
    fake.wait_until("the dead person is hushed", WAIT, |f| {
        f.dms(dead).iter().any(|m| m.text().starts_with("🤫"))
    })
    .await;
    fake.wait_until("the dead person's message is taken down", WAIT, |f| {
        f.message(said).is_some_and(|m| m.deleted)
    })
    .await;

    t.play_until("the end", |_| false).await;
    fake.save_transcript("zh12-guard");

    // Nothing hidden reached the graveyard or the channel while the game ran.
    for m in fake
        .messages(thread)
        .iter()
        .filter(|m| m.author_id == APP_ID)
    {
        let text = m.text();
        assert!(
            text.starts_with("🪦") || text.starts_with("👀"),
            "only who joins is posted in the graveyard: {text}"
        );
    }
    for m in before_the_end(&fake, channel) {
        let text = m.text();
        for secret in [
            "You are",
            " picks ",
            "is **a WOLF**",
            "attacked **",
            "The wolves are",
            "guard **",
            "You guard",
        ] {
            assert!(
                !text.contains(secret),
                "{secret:?} leaked into the channel: {text}"
            );
        }
    }
    let card = wait_for_post(&fake, channel, "Roles revealed").await;
    assert_eq!(card.matches("Seat ").count(), 12, "{card}");
    let s = t.app.store().await;
    let sessions = s.sessions().await.unwrap();
    assert_eq!(sessions[0].session.status, "finished");
    assert_eq!(sessions[0].seats.len(), 12);
    // The two missed actions are the only ones a person let time out.
    let inputs = s.inputs(&sessions[0].session.id).await.unwrap();
    let seat = (sessions[0].seats.iter())
        .find(|x| x.player == format!("discord:{away}"))
        .unwrap()
        .seat;
    let timeouts = |seat: u8| {
        (inputs.iter())
            .filter(|x| x.source == agora::store::InputSource::Timeout && x.seat == seat)
            .count()
    };
    assert_eq!(timeouts(seat), 2);
    for other in sessions[0]
        .seats
        .iter()
        .filter(|x| x.player.starts_with("discord:"))
    {
        if other.seat != seat {
            assert_eq!(timeouts(other.seat), 0, "seat {} timed out", other.seat);
        }
    }
}

/// `channel`'s graveyard thread, once opened: (id, members).
fn graveyard(fake: &FakeDiscord, channel: u64) -> Option<(u64, Vec<u64>)> {
    (fake.threads().into_iter())
        .find(|(_, parent, name, _)| *parent == channel && name == "graveyard")
        .map(|(id, _, _, members)| (id, members))
}

/// `user` types `/werewolf spectate` in `channel`: what they are told.
async fn spectate(fake: &FakeDiscord, user: u64, channel: u64) -> String {
    told_on_command(fake, user, channel, "werewolf", Some("spectate"), json!([])).await
}

fn post_with_text(fake: &FakeDiscord, channel: u64, needle: &str) -> bool {
    crate::fake_players::post_with(fake, channel, needle).is_some()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_seat_game_is_played_to_its_end() {
    let app = quick(TestApp::builder().seed(5)).spawn().await;
    let fake = app.fake.clone();
    let (channel, host) = (3201, 4201);
    let lobby = open_lobby(
        &fake,
        host,
        channel,
        json!([{"name": "seats", "type": 4, "value": 6}]),
    )
    .await;
    assert!(
        lobby.text().contains("1 of 6 seats taken"),
        "{}",
        lobby.text()
    );
    press(&fake, host, &lobby, ":start").await;
    let status = wait_for_post(&fake, channel, "Werewolf — the table").await;
    assert_eq!(status.matches("(AI)").count(), 5, "{status}");
    let mut humans = Humans::new(channel, &[host]);
    humans.play_to_the_end(&fake).await;
    let card = wait_for_post(&fake, channel, "Roles revealed").await;
    assert_eq!(card.matches("Seat ").count(), 6, "{card}");
    let s = app.store().await;
    assert_eq!(s.sessions().await.unwrap()[0].session.status, "finished");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_and_seats_that_disagree_open_no_lobby() {
    let app = TestApp::builder().spawn().await;
    let fake = app.fake.clone();
    let channel = 3301;
    let both = json!([
        {"name": "board", "type": 3, "value": "six"},
        {"name": "seats", "type": 4, "value": 12}
    ]);
    let said = told_on_command(&fake, 4301, channel, "werewolf", Some("start"), both).await;
    assert!(
        said.contains("has 6 seats, not 12") && said.contains("zh12-guard"),
        "{said}"
    );
    let unknown = json!([{"name": "board", "type": 3, "value": "thirteen"}]);
    let said = told_on_command(&fake, 4301, channel, "werewolf", Some("start"), unknown).await;
    assert!(said.contains("no board \"thirteen\""), "{said}");
    let said = spectate(&fake, 4301, channel).await;
    assert!(said.contains("no werewolf game running"), "{said}");
    // Nothing was opened: the channel is empty and a plain start still works.
    assert!(fake.messages(channel).iter().all(|m| m.is_ephemeral()));
    let lobby = open_lobby(&fake, 4301, channel, json!([])).await;
    assert!(lobby.text().contains("1 of 9 seats taken"));
}

/// The host's choice: the graveyard sees every seat's role one phase behind — nothing in it
/// during the first night, every role once the first day dawns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_graveyard_sees_the_roles_one_phase_behind_when_the_host_chose_it() {
    let app = quick(TestApp::builder().seed(5)).spawn().await;
    let fake = app.fake.clone();
    let (channel, host) = (3401, 4401);
    let options = json!([
        {"name": "seats", "type": 4, "value": 6},
        {"name": "graveyard_roles", "type": 5, "value": true}
    ]);
    let lobby = open_lobby(&fake, host, channel, options).await;
    assert!(
        lobby.text().contains("The graveyard will see every role"),
        "{}",
        lobby.text()
    );
    press(&fake, host, &lobby, ":start").await;
    wait_for_post(&fake, channel, "Night 1 falls").await;
    // A spectator during the first night: the graveyard says what will come, not yet the roles.
    let said = spectate(&fake, SPECTATOR, channel).await;
    assert!(said.contains("watching from the graveyard"), "{said}");
    let thread = graveyard(&fake, channel).expect("the graveyard").0;
    let texts =
        |f: &FakeDiscord| -> Vec<String> { f.messages(thread).iter().map(|m| m.text()).collect() };
    assert!(
        texts(&fake)[0].contains("one phase behind"),
        "{:?}",
        texts(&fake)
    );
    assert!(
        !post_with_text(&fake, channel, "☀️ **Day 1.**")
            && texts(&fake).iter().all(|t| !t.contains("The roles")),
        "no role before the first night is over: {:?}",
        texts(&fake)
    );
    let mut humans = Humans::new(channel, &[host]);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(120);
    while !texts(&fake).iter().any(|t| t.contains("The roles")) {
        assert!(!humans.step(&fake).await, "the game ended first");
        assert!(tokio::time::Instant::now() < deadline, "no roles in time");
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    }
    assert!(post_with_text(&fake, channel, "☀️ **Day 1.**"));
    let roles = texts(&fake)
        .into_iter()
        .find(|t| t.contains("The roles"))
        .unwrap();
    // Every seat's real role, as the session deals it.
    let s = app.store().await;
    let id = s.sessions().await.unwrap()[0].session.id.clone();
    let game = agora::session::rebuild::<agora_core::werewolf::session::WerewolfSetup>(&s, &id)
        .await
        .unwrap();
    let lines: Vec<&str> = roles.lines().filter(|l| l.starts_with("• ")).collect();
    assert_eq!(lines.len(), 6, "{roles}");
    for (i, line) in lines.iter().enumerate() {
        let role = game.role(i as u8 + 1).name();
        assert!(
            line.starts_with(&format!("• Seat {} ·", i + 1))
                && line.ends_with(&format!("**{role}**")),
            "{line} (seat {} is the {role})",
            i + 1
        );
    }
    // Nothing of it reached the table's channel.
    for m in before_the_end(&fake, channel) {
        assert!(!m.text().contains("The roles"), "{}", m.text());
    }
    humans.play_to_the_end(&fake).await;
}
