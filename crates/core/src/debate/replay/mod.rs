//! Recorded debates (`agora sim debate --record DIR` writes one JSON file per debate; a
//! stored session is read back from its inputs) and their replay as a story: the stages,
//! each speech (shortened unless `detail`), the judge's scores, the penalties and the
//! result. Moderated and social debates' records are in [`panel`]. A debate is told in the
//! language it was held in (its stored setup's `lang`; a record file without one is
//! English): a team debate's story lines from `debate.ftl`, replay's own from `replay.ftl`
//! (a panel debate's from `panel.ftl` and `misc.ftl`).

pub mod panel;

use crate::debate::story::team as story;
use crate::games::debate::team::{Event, TeamDebate, TeamRules};
use crate::games::lang::Lang;
use crate::games::{Logged, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Words of a speech a replay shows unless asked for the whole text.
pub const SHORT_WORDS: usize = 30;

/// One recorded debate.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DebateRecord {
    /// Always `"debate"`: tells a debate record from a werewolf one.
    pub game: String,
    pub format: String,
    pub seed: u64,
    pub topic: Option<String>,
    pub motion: String,
    pub rules: TeamRules,
    /// The result in the scenario's shape (stage, winner, team, individual, speeches,
    /// penalties, best_debater).
    pub result: Value,
    pub log: Vec<Logged<Event>>,
    /// The language the debate was held in (left out when English, as older files are).
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl DebateRecord {
    pub fn of(
        seed: u64,
        topic: Option<&str>,
        rules: &TeamRules,
        game: &TeamDebate,
    ) -> DebateRecord {
        let result = serde_json::to_value(crate::debate::scenario::report(game, Vec::new()))
            .expect("a report serializes");
        DebateRecord {
            game: "debate".into(),
            format: "team".into(),
            seed,
            topic: topic.map(str::to_string),
            motion: game.motion().to_string(),
            rules: rules.clone(),
            result,
            log: game.log().to_vec(),
            lang: Lang::En,
        }
    }

    /// The same record, of a debate held in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> DebateRecord {
        self.lang = lang;
        self
    }
}

/// Writes `DIR/debate-<seed>.json`.
pub fn write_record(dir: &Path, record: &DebateRecord) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("debate-{}.json", record.seed));
    std::fs::write(&path, serde_json::to_string(record)?)?;
    Ok(path)
}

/// The debate as a story. `seat: None` is the god view (team and judge's lines tagged);
/// `Some(n)` shows only what seat n saw. `detail` shows every speech whole.
pub fn story(record: &DebateRecord, seat: Option<Seat>, detail: bool) -> anyhow::Result<String> {
    let lang = record.lang;
    let seed = record.seed.to_string();
    let mut out = String::new();
    match seat {
        Some(s @ 1..=9) => {
            let seat = story::seat_name(s, lang);
            let args = [("seed", seed.as_str()), ("seat", &seat)];
            writeln!(out, "{}", lang.text("replay-debate-seat", &args))?
        }
        Some(s) => anyhow::bail!(
            "--seat {s}: a debate's seats are 1 to 8 (Pro 1–4, Con 1–4) and 9 (the judge)"
        ),
        None => writeln!(
            out,
            "{}",
            lang.text("replay-debate-all", &[("seed", &seed)])
        )?,
    }
    let words = (!detail).then_some(SHORT_WORDS);
    for logged in &record.log {
        if let Some(s) = seat {
            if !logged.audience.includes(s) {
                continue;
            }
        }
        // The clock after every free-debate speech is detail.
        if !detail && matches!(logged.event, Event::Clock { .. }) {
            continue;
        }
        if let Some(line) = story::line_in(&logged.event, logged.audience, words, lang) {
            writeln!(out, "{line}")?;
        }
    }
    if record.result["winner"].is_null() {
        writeln!(out, "{}", lang.text("replay-debate-unfinished", &[]))?;
    }
    Ok(out)
}

/// Reads a recorded debate file.
pub fn read_record(path: &Path, text: &str) -> anyhow::Result<DebateRecord> {
    serde_json::from_str(text)
        .map_err(|e| anyhow::anyhow!("{}: not a recorded debate: {e}", path.display()))
}

/// `--detail` on a moderated or social debate: their story already tells everything.
const DETAIL_NOT_HERE: &str = "--detail does not apply to a moderated or social debate: its story already shows every score and note; leave it out";

/// Tells a recorded debate file of any format (`text`, read from `path`, is `head`).
pub fn story_of_file(
    path: &Path,
    text: &str,
    head: Value,
    seat: Option<Seat>,
    detail: bool,
) -> anyhow::Result<String> {
    if matches!(head["format"].as_str(), Some("rounds" | "social")) {
        anyhow::ensure!(!detail, "{DETAIL_NOT_HERE}");
        let record: panel::FormatRecord = serde_json::from_value(head)
            .map_err(|e| anyhow::anyhow!("{}: not a recorded debate: {e}", path.display()))?;
        return panel::story(&record, seat);
    }
    let record = read_record(path, text)?;
    story(&record, seat, detail)
}

/// Tells a stored debate session of any format, rebuilt from its stored inputs.
pub async fn story_of_session(
    store: &crate::store::Store,
    row: &crate::store::SessionRow,
    seat: Option<Seat>,
    detail: bool,
) -> anyhow::Result<String> {
    use crate::agents::debate::Personalities;
    use crate::debate::format::DebateFormat;
    use crate::debate::session::panel::{format_of, ModeratedSetup, SocialSetup};
    use crate::debate::session::{DebateSeat, DebateSetup};
    use crate::session::rebuild;
    let id = row.id.as_str();
    let format = format_of(row);
    let (log, lang) = match format {
        DebateFormat::Team => {
            let setup: DebateSetup = crate::session::setup_of(row)?;
            let game = rebuild::<DebateSetup>(store, id).await?;
            let record = DebateRecord::of(row.seed, setup.topic.as_deref(), &setup.rules, &game)
                .in_lang(setup.lang);
            return story(&record, seat, detail);
        }
        DebateFormat::Moderated => {
            let setup: ModeratedSetup = crate::session::setup_of(row)?;
            let game = rebuild::<ModeratedSetup>(store, id).await?;
            (serde_json::to_value(game.log())?, setup.lang)
        }
        DebateFormat::Social => {
            let setup: SocialSetup = crate::session::setup_of(row)?;
            let game = rebuild::<SocialSetup>(store, id).await?;
            (serde_json::to_value(game.log())?, setup.lang)
        }
    };
    let seats: Vec<DebateSeat> = serde_json::from_value(row.config["seats"].clone())?;
    // The names the table showed, in its language (the personalities' own names).
    let content = crate::agents::content::content_dir();
    let personalities = std::sync::OnceLock::new();
    let names = crate::debate::session::shown_names_in(
        &seats,
        || {
            personalities.get_or_init(|| {
                Personalities::load(Some(&content)).unwrap_or_else(|_| Personalities::builtin())
            })
        },
        lang,
    );
    anyhow::ensure!(!detail, "{DETAIL_NOT_HERE}");
    panel::story_of_log(format.key(), &names, &log, seat, lang)
}
