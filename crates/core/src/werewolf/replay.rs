//! Recorded werewolf games (`agora sim werewolf --record DIR` writes one JSON file per
//! game; a stored session is rebuilt from its inputs) and their replay as a story: the god
//! view (private lines tagged with who saw them), or exactly what one seat saw. A game is
//! told in the language it was played in (its stored setup's `lang`; a record file
//! without one is English): the story's lines from `werewolf.ftl`, replay's own from
//! `replay.ftl`.

use crate::games::lang::Lang;
use crate::games::werewolf::{Audience, Event, Logged, Role, Rules, Seat, Werewolf};
use crate::werewolf::scenario::gpp_by_seat;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One recorded game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Record {
    pub seed: u64,
    pub roles: Vec<Role>,
    pub rules: Rules,
    pub winner: Option<String>,
    pub day: u32,
    pub dead: Vec<Seat>,
    /// The seat voted out on day 1 (after a PK revote too), if any.
    #[serde(default)]
    pub day1_voted_out: Option<Seat>,
    pub gpp: BTreeMap<String, i32>,
    pub log: Vec<Logged>,
    /// The language the game was played in (left out when English, as older files are).
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl Record {
    pub fn of(seed: u64, game: &Werewolf) -> Record {
        Record {
            seed,
            roles: game.roles().to_vec(),
            rules: game.rules().clone(),
            winner: game.winner().map(|w| w.name().to_string()),
            day: game.day(),
            dead: game.deaths().to_vec(),
            day1_voted_out: game.day1_voted_out(),
            gpp: gpp_by_seat(game.gpp()),
            log: game.log().to_vec(),
            lang: Lang::En,
        }
    }

    /// The same record, of a game played in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Record {
        self.lang = lang;
        self
    }
}

/// Writes `DIR/game-<seed>.json`.
pub fn write_record(dir: &Path, seed: u64, game: &Werewolf) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("game-{seed}.json"));
    let text = serde_json::to_string(&Record::of(seed, game))?;
    std::fs::write(&path, text)?;
    Ok(path)
}

pub fn read_record(path: &Path) -> anyhow::Result<Record> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))?;
    serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}: not a recorded game: {e}", path.display()))
}

fn tag(audience: Audience, lang: Lang) -> String {
    match audience {
        Audience::Everyone => String::new(),
        Audience::Moderator => lang.text("replay-ww-tag-moderator", &[]),
        Audience::Seats(s) if s.len() == 1 => {
            lang.text("replay-ww-tag-seat", &[("seats", &s.to_string())])
        }
        Audience::Seats(s) => lang.text("replay-ww-tag-seats", &[("seats", &s.to_string())]),
    }
}

/// The game as a story. `seat: None` is the god view (private lines tagged with who saw
/// them); `Some(n)` shows only what seat n saw. `detail` adds sealed ballots and GPP lines.
pub fn story(record: &Record, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    let lang = record.lang;
    let seed = record.seed.to_string();
    let mut out = String::new();
    match seat {
        Some(s) => {
            let role = record
                .roles
                .get(s as usize - 1)
                .filter(|_| s >= 1)
                .ok_or_else(|| anyhow::anyhow!("--seat {s}: seats are numbered 1 to 9"))?;
            let args = [
                ("seed", seed.as_str()),
                ("seat", &s.to_string()),
                ("role", &role.name_in(lang)),
            ];
            writeln!(out, "{}", lang.text("replay-ww-seat", &args))?;
        }
        None => writeln!(out, "{}", lang.text("replay-ww-god", &[("seed", &seed)]))?,
    }
    for logged in &record.log {
        if let Some(s) = seat {
            if !logged.audience.includes(s) {
                continue;
            }
        }
        if !detail && matches!(logged.event, Event::VoteCast { .. } | Event::Scored { .. }) {
            continue;
        }
        let prefix = if seat.is_none() {
            tag(logged.audience, lang)
        } else {
            String::new()
        };
        writeln!(out, "{prefix}{}", logged.event.story_in(lang))?;
    }
    if record.winner.is_some() {
        let seats: Vec<String> = record
            .roles
            .iter()
            .enumerate()
            .map(|(i, role)| {
                let points = record.gpp.get(&(i + 1).to_string()).copied().unwrap_or(0);
                let args = [
                    ("seat", (i + 1).to_string()),
                    ("role", role.name_in(lang)),
                    ("points", format!("{points:+}")),
                ];
                let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
                lang.text("replay-ww-gpp-seat", &args)
            })
            .collect();
        let seats = seats.join(&lang.text("replay-ww-gpp-sep", &[]));
        out.push_str(&lang.text("replay-ww-gpp", &[("seats", &seats)]));
        out.push('\n');
    }
    Ok(out)
}

/// Tells a stored werewolf session, rebuilt from its stored inputs.
pub async fn story_of_session(
    store: &crate::store::Store,
    row: &crate::store::SessionRow,
    seat: Option<Seat>,
    detail: bool,
) -> anyhow::Result<String> {
    use crate::werewolf::session::WerewolfSetup;
    let setup: WerewolfSetup = crate::session::setup_of(row)?;
    let game = crate::session::rebuild::<WerewolfSetup>(store, &row.id).await?;
    story(
        &Record::of(row.seed, &game).in_lang(setup.lang),
        seat,
        detail,
    )
}

/// Tells a recorded werewolf game file (`text`, read from `path`).
pub fn story_of_file(path: &Path, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    story(&read_record(path)?, seat, detail)
}
