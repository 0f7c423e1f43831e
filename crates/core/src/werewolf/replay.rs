//! Recorded werewolf games (`agora sim werewolf --record DIR` writes one JSON file per
//! game; a stored session is rebuilt from its inputs) and their replay as a story: the god
//! view (private lines tagged with who saw them), or exactly what one seat saw.

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
        }
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

fn tag(audience: Audience) -> String {
    match audience {
        Audience::Everyone => String::new(),
        Audience::Moderator => "[moderator] ".to_string(),
        Audience::Seats(s) if s.len() == 1 => format!("[seat {s} only] "),
        Audience::Seats(s) => format!("[seats {s}] "),
    }
}

/// The game as a story. `seat: None` is the god view (private lines tagged with who saw
/// them); `Some(n)` shows only what seat n saw. `detail` adds sealed ballots and GPP lines.
pub fn story(record: &Record, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    let mut out = String::new();
    match seat {
        Some(s) => {
            let role = record
                .roles
                .get(s as usize - 1)
                .filter(|_| s >= 1)
                .ok_or_else(|| anyhow::anyhow!("--seat {s}: seats are numbered 1 to 9"))?;
            writeln!(out, "Game {} as seen by seat {s} ({role}).", record.seed)?;
        }
        None => writeln!(out, "Game {} (god view).", record.seed)?,
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
            tag(logged.audience)
        } else {
            String::new()
        };
        writeln!(out, "{prefix}{}", logged.event.story())?;
    }
    if record.winner.is_some() {
        write!(out, "GPP:")?;
        for (i, role) in record.roles.iter().enumerate() {
            let points = record.gpp.get(&(i + 1).to_string()).copied().unwrap_or(0);
            write!(out, " {}({role})={points:+}", i + 1)?;
        }
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
    let game =
        crate::session::rebuild::<crate::werewolf::session::WerewolfSetup>(store, &row.id).await?;
    story(&Record::of(row.seed, &game), seat, detail)
}

/// Tells a recorded werewolf game file (`text`, read from `path`).
pub fn story_of_file(path: &Path, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    story(&read_record(path)?, seat, detail)
}
