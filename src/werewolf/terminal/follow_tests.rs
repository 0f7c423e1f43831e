//! Tests of the one terminal follow loop (`terminal/follow.rs`), on stored werewolf games
//! with a probing table: what the loop asks of a game's table, and what it leaves stored.

use crate::terminal::follow::{follow, Flow, Screen, Words};
use crate::terminal::{Keyboard, Typed};
use agora_agents::werewolf::{Strategy, WerewolfKit};
use agora_core::session::{GameSetup, Place};
use agora_core::session::{Note, Runner, SessionHandle};
use agora_core::store::PlayerRef;
use agora_core::store::{Outcome, Store};
use agora_core::werewolf::session::{SeatSpec, WerewolfSetup};
use agora_games::werewolf::Werewolf;
use agora_games::Lang;
use agora_games::Viewer;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// A table that records what the shared loop asked of it.
#[derive(Default)]
struct Probe {
    human: Option<u8>,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Probe {
    fn said(&self, what: String) {
        self.seen.lock().unwrap().push(what);
    }
}

impl Screen for Probe {
    type Game = Werewolf;
    fn words(&self) -> Words {
        Words::new(Lang::En, "game")
    }
    fn viewer(&self) -> Viewer {
        self.human.map_or(Viewer::Public, Viewer::Seat)
    }
    fn reads_keyboard(&self) -> bool {
        self.human.is_some()
    }
    async fn note(&mut self, _: &SessionHandle<Werewolf>, note: &Note<Werewolf>, _: bool) {
        if let Note::Ask { seat, .. } = note {
            self.said(format!("ask {seat}"));
        }
    }
    async fn typed(&mut self, _: &SessionHandle<Werewolf>, typed: &Typed) -> Flow {
        match typed.text.as_str() {
            "quit" => Flow::Quit,
            "abandon" => Flow::Abandon,
            _ => Flow::Stay,
        }
    }
    fn leaving(&self) {
        self.said("leaving".into());
    }
    async fn finished(&self, _: &Store, _: &str, outcome: &Outcome) -> anyhow::Result<()> {
        self.said(format!("finished: {}", outcome.winner));
        Ok(())
    }
}

/// A stored werewolf game with no waiting: seat 1 `human` (else AI), the rest AI.
async fn session(human: bool) -> (Store, Runner<Werewolf>) {
    let dir = std::env::temp_dir().join(format!(
        "agora-follow-{}-{}",
        std::process::id(),
        agora_core::session::new_id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("agora.db").display());
    let store = Store::open(&url, Duration::from_secs(30)).await.unwrap();
    let config = agora_agents::config::Config::load().expect("the configuration");
    let mut rules = (*config.werewolf.rules).clone();
    let gpp = std::mem::take(&mut rules.gpp);
    let mut timers = config.werewolf.timers.clone();
    timers.pace = 0.0;
    let seats = (1..=9)
        .map(|s| match s {
            1 if human => SeatSpec::human(&PlayerRef::terminal("tester")),
            _ => SeatSpec::ai(Strategy::Heuristic),
        })
        .collect();
    let setup = WerewolfSetup {
        rules,
        gpp,
        timers,
        seats,
        lang: agora_games::Lang::En,
        afk: Default::default(),
        board: None,
    };
    let place = Place {
        surface: "terminal".into(),
        community: "terminal".into(),
        channel: "terminal".into(),
    };
    let runner = setup
        .create(
            store.clone(),
            7,
            &place,
            Duration::ZERO,
            &WerewolfKit::default(),
        )
        .await
        .unwrap();
    (store, runner)
}

fn keyboard(lines: &[&str]) -> Keyboard {
    let (tx, rx) = mpsc::unbounded_channel();
    for text in lines {
        let at = Instant::now();
        tx.send(Typed {
            text: text.to_string(),
            at,
        })
        .unwrap();
    }
    std::mem::forget(tx); // the keyboard stays open
    Keyboard::from_channel(rx)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_game_is_followed_to_the_games_ending() {
    let (store, runner) = session(false).await;
    let id = runner.id().to_string();
    let probe = Probe::default();
    let seen = probe.seen.clone();
    follow(&store, runner, probe, &mut Keyboard::none())
        .await
        .unwrap();
    let seen = seen.lock().unwrap().clone();
    assert!(
        matches!(&seen[..], [only] if only.starts_with("finished: ")),
        "{seen:?}"
    );
    assert_eq!(store.session(&id).await.unwrap().status, "finished");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quit_leaves_the_session_stored_and_abandon_ends_it() {
    let (store, runner) = session(true).await;
    let id = runner.id().to_string();
    let probe = Probe {
        human: Some(1),
        ..Probe::default()
    };
    let seen = probe.seen.clone();
    follow(&store, runner, probe, &mut keyboard(&["quit"]))
        .await
        .unwrap();
    assert_eq!(seen.lock().unwrap().last().unwrap(), "leaving");
    assert_eq!(store.session(&id).await.unwrap().status, "running");

    let (store, runner) = session(true).await;
    let id = runner.id().to_string();
    let probe = Probe {
        human: Some(1),
        ..Probe::default()
    };
    let seen = probe.seen.clone();
    follow(&store, runner, probe, &mut keyboard(&["hello", "abandon"]))
        .await
        .unwrap();
    assert!(
        !seen.lock().unwrap().iter().any(|s| s == "leaving"),
        "abandoning is not leaving"
    );
    assert_eq!(store.session(&id).await.unwrap().status, "abandoned");
}
