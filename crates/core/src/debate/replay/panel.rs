//! Recorded moderated and social debates (`agora sim debate --format moderated|social
//! --record DIR` writes one JSON file per debate; a stored session is rebuilt from its
//! inputs) told as a story: the god view (the evaluator's notes tagged), or what one
//! participant saw (`--seat N`), in the terminal's words and the language the debate was
//! held in (its stored setup's `lang`; a record file without one is English): the story's
//! lines from `panel.ftl`, replay's own from `misc.ftl`.

use crate::debate::format::DebateFormat;
use crate::debate::story::panel::Panel;
use crate::games::debate::moderated::ModeratedDebate;
use crate::games::debate::social::SocialDebate;
use crate::games::{Audience, Game, Lang, Logged, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// One recorded moderated or social debate.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FormatRecord {
    /// Always `"debate"`.
    pub game: String,
    /// `rounds` or `social`.
    pub format: String,
    pub seed: u64,
    pub topic: Option<String>,
    pub motion: String,
    /// The participants' shown names, seat 1 first.
    pub names: Vec<String>,
    /// The outcome (scores, winner, verdict), `null` if unfinished.
    pub result: Value,
    pub log: Value,
    /// The language the debate was held in (left out when English, as older files are).
    #[serde(default, skip_serializing_if = "Lang::is_english")]
    pub lang: Lang,
}

impl FormatRecord {
    pub fn of<G: Panel>(
        format: &str,
        seed: u64,
        topic: Option<&str>,
        motion: &str,
        names: &[String],
        game: &G,
    ) -> FormatRecord
    where
        G::Event: Serialize,
    {
        FormatRecord {
            game: "debate".into(),
            format: format.into(),
            seed,
            topic: topic.map(str::to_string),
            motion: motion.into(),
            names: names.to_vec(),
            result: serde_json::to_value(game.outcome()).unwrap_or(Value::Null),
            log: serde_json::to_value(game.log()).unwrap_or(Value::Null),
            lang: Lang::En,
        }
    }

    /// The same record, of a debate held in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> FormatRecord {
        self.lang = lang;
        self
    }
}

/// Writes `DIR/<format>-<seed>.json`.
pub fn write_record(dir: &Path, record: &FormatRecord) -> anyhow::Result<PathBuf> {
    let path = dir.join(format!("{}-{}.json", record.format, record.seed));
    std::fs::write(&path, serde_json::to_string(record)?)?;
    Ok(path)
}

fn tell<G: Panel>(
    log: &[Logged<G::Event>],
    names: &[String],
    seat: Option<Seat>,
    lang: Lang,
    out: &mut String,
) -> anyhow::Result<()> {
    let notes = lang.text("replay-panel-notes", &[]);
    for logged in log {
        if let Some(s) = seat {
            if !logged.audience.includes(s) {
                continue;
            }
        }
        let shown = if seat.is_none() {
            Audience::Moderator
        } else {
            logged.audience
        };
        if let Some(line) = G::line_in(&logged.event, shown, names, lang) {
            let tag = if seat.is_none() && logged.audience == Audience::Moderator {
                notes.as_str()
            } else {
                ""
            };
            // A Chinese tag is a bracket of its own: the line's indent would float after it.
            let line = match lang {
                Lang::ZhCn if !tag.is_empty() => line.trim_start(),
                _ => &line,
            };
            writeln!(out, "{tag}{line}")?;
        }
    }
    Ok(())
}

/// The story of a log of `format`, god view or one participant's, in `lang`.
pub fn story_of_log(
    format: &str,
    names: &[String],
    log: &Value,
    seat: Option<Seat>,
    lang: Lang,
) -> anyhow::Result<String> {
    if let Some(s) = seat {
        anyhow::ensure!(
            (1..=names.len() as Seat).contains(&s),
            "--seat {s}: participants are numbered 1 to {}",
            names.len()
        );
    }
    let mut out = String::new();
    match DebateFormat::parse(format) {
        Some(DebateFormat::Moderated) => {
            let log: Vec<Logged<<ModeratedDebate as Game>::Event>> =
                serde_json::from_value(log.clone())?;
            tell::<ModeratedDebate>(&log, names, seat, lang, &mut out)?;
        }
        Some(DebateFormat::Social) => {
            let log: Vec<Logged<<SocialDebate as Game>::Event>> =
                serde_json::from_value(log.clone())?;
            tell::<SocialDebate>(&log, names, seat, lang, &mut out)?;
        }
        Some(DebateFormat::Team) => {
            anyhow::bail!("a team debate's log is told by its record, not as a panel's")
        }
        None => {
            anyhow::bail!("a debate of format {format:?}: this build tells team, rounds and social")
        }
    }
    Ok(out)
}

/// Tells a recorded debate file of these formats, in the language it was held in.
pub fn story(record: &FormatRecord, seat: Option<Seat>) -> anyhow::Result<String> {
    let lang = record.lang;
    let seed = record.seed.to_string();
    let mut args = vec![
        ("format", record.format.as_str()),
        ("seed", &seed),
        ("motion", &record.motion),
    ];
    let seat_shown = seat.map(|s| s.to_string());
    let head = match &seat_shown {
        Some(s) => {
            args.push(("seat", s));
            lang.text("replay-panel-seat", &args)
        }
        None => lang.text("replay-panel-all", &args),
    };
    let mut out = format!("{head}\n");
    out.push_str(&story_of_log(
        &record.format,
        &record.names,
        &record.log,
        seat,
        lang,
    )?);
    Ok(out)
}
