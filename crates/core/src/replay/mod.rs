//! Recorded games (`agora sim --record DIR` writes one JSON file per game) and their
//! replay as a story: the god view, or exactly what one seat saw (`--seat N`). Werewolf's
//! records are here; a debate's (a file with `"game": "debate"`) are in [`debate`].

pub mod debate;
pub mod formats;

use crate::games::werewolf::{Audience, Event, Logged, Role, Rules, Seat, Werewolf};
use crate::scenario::gpp_by_seat;
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

/// `--detail` on a moderated or social debate: their story already tells everything.
const DETAIL_NOT_HERE: &str = "--detail does not apply to a moderated or social debate: its story already shows every score and note; leave it out";

/// Tells a recorded game of either kind, picked by the file's `"game"`.
pub fn story_of_file(path: &Path, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", path.display()))?;
    let head: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{}: not a recorded game: {e}", path.display()))?;
    if head["game"] == "debate" && matches!(head["format"].as_str(), Some("rounds" | "social")) {
        anyhow::ensure!(!detail, "{DETAIL_NOT_HERE}");
        let record: formats::FormatRecord = serde_json::from_value(head)
            .map_err(|e| anyhow::anyhow!("{}: not a recorded debate: {e}", path.display()))?;
        return formats::story(&record, seat);
    }
    if head["game"] == "debate" {
        let record = debate::read_record(path, &text)?;
        return debate::story(&record, seat, detail);
    }
    story(&read_record(path)?, seat, detail)
}

/// Tells a stored session (a debate or a werewolf game) from its log, rebuilt from its
/// stored inputs.
pub async fn story_of_session(
    store: &crate::store::Store,
    id: &str,
    seat: Option<Seat>,
    detail: bool,
) -> anyhow::Result<String> {
    use crate::games::GameKind;
    use crate::session::debate::DebateSetup;
    let row = store.session(id).await?;
    match GameKind::parse(&row.game) {
        Some(GameKind::Debate)
            if crate::session::debate::formats::format_of(&row)
                != crate::session::debate::DebateFormat::Team =>
        {
            use crate::session::debate::formats::{RoundsSetup, SocialSetup};
            let seats: Vec<crate::session::debate::DebateSeat> =
                serde_json::from_value(row.config["seats"].clone())?;
            let names = crate::session::debate::shown_names(&seats);
            let format = crate::session::debate::formats::format_of(&row).name();
            let log = match format {
                "social" => serde_json::to_value(
                    crate::session::rebuild::<SocialSetup>(store, id)
                        .await?
                        .log(),
                )?,
                _ => serde_json::to_value(
                    crate::session::rebuild::<RoundsSetup>(store, id)
                        .await?
                        .log(),
                )?,
            };
            anyhow::ensure!(!detail, "{DETAIL_NOT_HERE}");
            formats::story_of_log(format, &names, &log, seat)
        }
        Some(GameKind::Debate) => {
            let setup: DebateSetup = crate::session::setup_of(&row)?;
            let game = crate::session::rebuild::<DebateSetup>(store, id).await?;
            let record =
                debate::DebateRecord::of(row.seed, setup.topic.as_deref(), &setup.rules, &game);
            debate::story(&record, seat, detail)
        }
        Some(GameKind::Trial) => {
            use crate::session::trial::TrialSessionSetup;
            let kit = crate::kits::trial_content_kit()?;
            let setup: TrialSessionSetup = crate::session::setup_of(&row)?;
            let view = crate::kits::trial_view_of(&kit, &setup)?;
            let game = crate::session::rebuild::<TrialSessionSetup>(store, id).await?;
            Ok(view.story(game.log(), seat, detail))
        }
        Some(GameKind::Werewolf) => {
            let game =
                crate::session::rebuild::<crate::session::werewolf::Setup>(store, id).await?;
            story(&Record::of(row.seed, &game), seat, detail)
        }
        None => anyhow::bail!(
            "session {id}: a {} session, a game this build does not know",
            row.game
        ),
    }
}
