//! The moderated and social debates' store-backed commands: `agora play debate
//! --format moderated|social` (one participant's seat at the keyboard, or watching), their
//! half of `agora resume`, and the scorecard with its chart written to a file.

use super::options::{motion_of, timers_and_length, DebatePlayOptions};
use crate::commands::{terminal_name, Background, Local, ToResume};
use crate::debate::terminal::panel::{help, Panel, PanelScreen};
use crate::terminal::follow::follow;
use crate::terminal::Keyboard;
use agora_agents::config::Config;
use agora_agents::debate::DebateKit;
use agora_core::debate::format::DebateFormat;
use agora_core::debate::kit::debate_kit;
use agora_core::debate::session::panel::human_start;
use agora_core::debate::session::panel::{format_of, ModeratedSetup, SocialSetup};
use agora_core::debate::session::shown_names_in;
use agora_core::debate::session::DebateSeat;
use agora_core::debate::sim::panel::social_start;
use agora_core::kits::database_url;
use agora_core::registry::open_store;
use agora_core::session::GameSetup;
use agora_core::store::{PlayerRef, SessionRow};
use agora_games::debate::moderated::{ModeratedRules, Style};
use agora_games::debate::social::SocialRules;
use agora_games::{Lang, Seat};
use std::time::Duration;

/// The seats: participant `human` a person (if any), the others AI with personalities, and
/// the referee last.
fn seats(
    kit: &DebateKit,
    n: Seat,
    human: Option<(Seat, &PlayerRef)>,
    seed: u64,
) -> Vec<DebateSeat> {
    let mut seats: Vec<DebateSeat> = (1..=n)
        .map(|s| match human {
            Some((h, p)) if h == s => DebateSeat::human(p),
            _ => DebateSeat::debater(&kit.panel_personality(seed, s)),
        })
        .collect();
    seats.push(DebateSeat::judge());
    seats
}

/// `agora play debate --format moderated|social`.
pub async fn play(config: &Config, opts: DebatePlayOptions) -> anyhow::Result<()> {
    let kit = debate_kit(config, true)?;
    eprintln!(
        "{}",
        agora_core::debate::kit::describe_debate_kit_in(&kit, opts.lang)
    );
    let social = match opts.format {
        DebateFormat::Social => true,
        DebateFormat::Moderated => false,
        DebateFormat::Team => anyhow::bail!("the team debate is played by its own screen"),
    };
    let n = opts
        .participants
        .unwrap_or(opts.format.default_participants());
    let human: Option<Seat> = match (opts.humans, &opts.seat) {
        (0, None) => None,
        (0, Some(_)) => anyhow::bail!("--seat names a human seat: leave it out with --humans 0"),
        (1, seat) => {
            let s = seat.as_deref().unwrap_or("1");
            match s.trim().parse::<Seat>() {
                Ok(k) if (1..=n).contains(&k) => Some(k),
                _ => anyhow::bail!("--seat {s}: a participant's number, 1–{n}"),
            }
        }
        (k, _) => anyhow::bail!("--humans {k}: one human seat (--seat) or none (--humans 0)"),
    };
    let seed = opts
        .seed
        .unwrap_or_else(|| agora_core::store::now_ms() as u64);
    let step_delay = Duration::from_millis(opts.step_delay);
    let player = PlayerRef::terminal(&terminal_name(opts.name.as_deref()));
    let (timers, length_scale) = timers_and_length(config, &opts)?;
    let motion = motion_of(&kit, &opts.topic, opts.lang)?;
    let seats = seats(&kit, n, human.map(|s| (s, &player)), seed);
    let lang = opts.lang;
    let names = names_in(&kit, &seats, lang);
    let store = open_store(&database_url(opts.db.as_deref(), config), config).await?;
    let place = crate::terminal::terminal_place(&store, opts.lang).await?;
    let you = |sides: &[(String, String)]| {
        let shown: Vec<&str> = sides.iter().map(|(line, _)| line.as_str()).collect();
        let sep = if lang == Lang::En { "; " } else { "；" };
        println!(
            "{}",
            lang.text("panel-sides", &[("sides", &shown.join(sep))])
        );
        match human {
            Some(s) => {
                println!(
                    "{}",
                    lang.text(
                        "panel-you-are",
                        &[
                            ("seat", &s.to_string()),
                            ("name", &names[s as usize - 1]),
                            ("side", &sides[s as usize - 1].1),
                        ],
                    )
                );
                println!("{}", help(social, lang));
            }
            None => println!("{}", lang.text("panel-you-watch", &[])),
        }
    };
    if social {
        let mut starts = Vec::new();
        for s in 1..=n {
            starts.push(match (&seats[s as usize - 1].agent, human) {
                (None, Some(_)) => human_start(
                    opts.side.as_deref().unwrap_or("for"),
                    opts.firmness.unwrap_or(0.6),
                )?,
                _ => social_start(&kit, &kit.panel_personality(seed, s), s),
            });
        }
        let setup = SocialSetup {
            format: DebateFormat::Social,
            topic: Some(opts.topic.clone()),
            motion,
            rules: SocialRules {
                rounds: opts.rounds.unwrap_or(SocialRules::default().rounds),
                length_scale,
            },
            timers,
            seats,
            starts,
            lang: opts.lang,
        };
        setup.check().map_err(|e| anyhow::anyhow!("{e}"))?;
        let runner = setup
            .create(store.clone(), seed, &place, step_delay, &kit)
            .await?;
        println!(
            "{}",
            lang.text(
                "panel-social-session",
                &[
                    ("id", runner.id()),
                    ("seed", &seed.to_string()),
                    ("motion", &setup.motion),
                ],
            )
        );
        you(&side_lines_in(
            &names,
            |p| setup.starts[p as usize - 1].stance >= 0.0,
            lang,
        ));
        let table = PanelScreen::<SocialSetup>::new(human, &names, lang);
        follow(&store, runner, table, &mut keyboard_for(human)).await
    } else {
        let style = match &opts.style {
            Some(s) => Style::parse(s).ok_or_else(|| {
                anyhow::anyhow!("--style {s:?}: structured, semi_structured or free_flowing")
            })?,
            None => Style::Structured,
        };
        let setup = ModeratedSetup {
            format: DebateFormat::Moderated,
            topic: Some(opts.topic.clone()),
            motion,
            rules: ModeratedRules {
                rounds: opts.rounds.unwrap_or(3),
                style,
                length_scale,
            },
            timers,
            seats,
            lang: opts.lang,
        };
        setup.check().map_err(|e| anyhow::anyhow!("{e}"))?;
        let runner = setup
            .create(store.clone(), seed, &place, step_delay, &kit)
            .await?;
        println!(
            "{}",
            lang.text(
                "panel-mod-session",
                &[
                    ("id", runner.id()),
                    ("seed", &seed.to_string()),
                    ("motion", &setup.motion),
                ],
            )
        );
        you(&side_lines_in(
            &names,
            |p| agora_agents::debate::moderated::side_of(p) == agora_games::debate::team::Side::Pro,
            lang,
        ));
        let table = PanelScreen::<ModeratedSetup>::new(human, &names, lang);
        follow(&store, runner, table, &mut keyboard_for(human)).await
    }
}

/// Each participant's side, as shown at the start: `P1 (logical AI): for the motion`. In
/// a moderated debate the sides follow the seats (odd for, even against: as even as the
/// number of participants allows, the same on every resume); in a social debate a stance's
/// sign. In `lang`, each with the side as the person is told it ("for the motion",
/// "支持辩题").
fn side_lines_in(
    names: &[String],
    for_motion: impl Fn(Seat) -> bool,
    lang: Lang,
) -> Vec<(String, String)> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let side = lang.text(
                if for_motion(i as Seat + 1) {
                    "panel-for"
                } else {
                    "panel-against"
                },
                &[],
            );
            let line = lang.text("panel-side", &[("name", n), ("side", &side)]);
            let told = line
                .split_once([':', '：'])
                .map_or(String::new(), |(_, s)| s.trim().to_string());
            (line, told)
        })
        .collect()
}

/// The participants' shown names in `lang` (see [`shown_names_in`]).
pub fn names_in(kit: &DebateKit, seats: &[DebateSeat], lang: Lang) -> Vec<String> {
    shown_names_in(seats, || &kit.personalities, lang)
}

/// A stored debate's language (English when the row names none).
fn lang_of(row: &SessionRow) -> Lang {
    serde_json::from_value(row.config["lang"].clone()).unwrap_or_default()
}

fn keyboard_for(human: Option<Seat>) -> Keyboard {
    if human.is_some() {
        Keyboard::open()
    } else {
        Keyboard::none()
    }
}

/// The human seats of a stored moderated or social debate.
pub fn human_seats(row: &SessionRow) -> anyhow::Result<Vec<Seat>> {
    let seats: Vec<DebateSeat> = serde_json::from_value(row.config["seats"].clone())?;
    Ok((1..=seats.len() as Seat)
        .filter(|&s| seats[s as usize - 1].is_human())
        .collect())
}

/// Resumes one stored moderated or social debate: followed at the terminal (its human
/// seat, or watched), else run in the background.
pub fn resume_one<'a>(
    at: ToResume<'a>,
    keyboard: &'a mut Keyboard,
) -> Local<'a, anyhow::Result<Option<Background>>> {
    match format_of(at.row) {
        DebateFormat::Moderated => Box::pin(resume_panel::<ModeratedSetup>(at, keyboard)),
        DebateFormat::Social => Box::pin(resume_panel::<SocialSetup>(at, keyboard)),
        DebateFormat::Team => Box::pin(async { anyhow::bail!("a team debate is not a panel's") }),
    }
}

async fn resume_panel<S>(
    at: ToResume<'_>,
    keyboard: &mut Keyboard,
) -> anyhow::Result<Option<Background>>
where
    S: GameSetup<Kit = DebateKit>,
    S::Game: Panel,
{
    let row = at.row;
    let seats: Vec<DebateSeat> = serde_json::from_value(row.config["seats"].clone())?;
    let lang = lang_of(row);
    let Some(runner) = at.runner::<S>().await else {
        return Ok(None);
    };
    let names = names_in(at.kits.get::<DebateKit>(), &seats, lang);
    let human = at.humans.first().copied();
    let (id, seed) = (row.id.to_string(), row.seed.to_string());
    match human {
        Some(seat) => {
            println!(
                "{}",
                lang.text(
                    "panel-resumed-as",
                    &[
                        ("id", &id),
                        ("seed", &seed),
                        ("seat", &seat.to_string()),
                        ("name", &names[seat as usize - 1]),
                    ],
                )
            );
            println!("{}", help(format_of(row) == DebateFormat::Social, lang));
        }
        None => println!(
            "{}",
            lang.text("panel-resumed", &[("id", &id), ("seed", &seed)])
        ),
    }
    at.go_on(runner, PanelScreen::<S>::new(human, &names, lang), keyboard)
        .await
}
