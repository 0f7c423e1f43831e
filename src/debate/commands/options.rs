//! The debate commands' options and their checks, shared by the team debate
//! (`mod.rs`) and the moderated and social ones (`panel.rs`): `agora play
//! debate` and `agora sim debate` as parsed from the command line, the topic's motion,
//! the timers and length scale, and the options a format does not use.

use agora_agents::config::Config;
use agora_agents::debate::DebateKit;
use agora_core::debate::format::DebateFormat;
use std::path::PathBuf;

/// `agora play debate`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct DebatePlayOptions {
    /// The debate's format.
    #[arg(long, value_enum, default_value = "team")]
    pub format: DebateFormat,
    /// The topic: a file stem of content/topics/ (listed below).
    #[arg(long)]
    pub topic: String,
    /// Your seat: team pro1–pro4 or con1–con4 (default pro1); moderated and social a
    /// participant's number (default 1).
    #[arg(long)]
    pub seat: Option<String>,
    /// 1 (you, in --seat) or 0 (watch an all-AI debate).
    #[arg(long, default_value_t = 1)]
    pub humans: u8,
    /// Multiplies every word limit and the free-debate clock (default: `[debate]
    /// length_scale`), e.g. 0.2 for a short debate.
    #[arg(long)]
    pub length: Option<f64>,
    /// team: show each speech's score as soon as it is judged.
    #[arg(long)]
    pub live_scores: bool,
    /// The debate's seed: the AI debaters' personalities and choices (default: the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Scales every timer (1 = the configured seconds, 0 = no waiting).
    #[arg(long)]
    pub pace: Option<f64>,
    /// Milliseconds between AI moves, so a person can follow; an AI's speech also waits an
    /// eighth of it for each word of the speech before (a reading time, at most 25 of them).
    #[arg(long, default_value_t = 800)]
    pub step_delay: u64,
    /// Database URL (default: DATABASE_URL, else `[store] url` in config).
    #[arg(long)]
    pub db: Option<String>,
    /// Your player name (default: $USER).
    #[arg(long)]
    pub name: Option<String>,
    /// moderated, social: participants (moderated 2–8, default 2; social 3–8, default 3);
    /// your seat is a participant's number (default 1).
    #[arg(long)]
    pub participants: Option<u8>,
    /// moderated, social: how many rounds (default 3 and 4).
    #[arg(long)]
    pub rounds: Option<u8>,
    /// moderated: structured, semi_structured or free_flowing.
    #[arg(long)]
    pub style: Option<String>,
    /// social: your side, for or against the motion (default for).
    #[arg(long)]
    pub side: Option<String>,
    /// social: how firmly you hold it, 0 (open) to 1 (immovable); default 0.6.
    #[arg(long)]
    pub firmness: Option<f64>,
    /// The debate's language: en or zh-CN (default: AGORA_LANG, else en); the topic must
    /// have a bank in it. Kept when the debate is resumed.
    #[arg(long, env = "AGORA_LANG", default_value = "en")]
    pub lang: agora_games::Lang,
}

/// `agora sim debate`'s options.
#[derive(Debug, Clone, clap::Args)]
pub struct SimArgs {
    /// The debates' format.
    #[arg(long, value_enum, default_value = "team")]
    pub format: DebateFormat,
    /// How many debates (N).
    #[arg(long, default_value_t = 100)]
    pub debates: u64,
    /// The first debate's seed (S).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only this topic (default: every topic of content/topics/, in turn).
    #[arg(long)]
    pub topic: Option<String>,
    /// Multiplies every word limit and the free-debate clock (default: `[debate]
    /// length_scale`).
    #[arg(long)]
    pub length: Option<f64>,
    /// Worker threads (default: `[sim] threads` in config, 0 = one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write one JSON file per debate into this directory (for `agora replay`).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Seat the language model (every debater, captain and the judge, as configured per
    /// role); needs LLM_API_KEY and a server that answers, else it stops with an error.
    #[arg(long)]
    pub llm: bool,
    /// Debates played at once (with models).
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
    /// Participants (moderated: 2–8, default 2; social: 3–8, default 3).
    #[arg(long)]
    pub participants: Option<u8>,
    /// Rounds (moderated: default 3; social: default 4).
    #[arg(long)]
    pub rounds: Option<u8>,
    /// The moderated debate's style: structured, semi_structured, free_flowing.
    #[arg(long, default_value = "structured")]
    pub style: String,
    /// Write a PNG chart of each debate (moderated, social) into this directory.
    #[arg(long)]
    pub charts: Option<PathBuf>,
    /// Where the debates are stored (with models; default: a temporary file, not
    /// DATABASE_URL).
    #[arg(long)]
    pub db: Option<String>,
}

/// The motion of a topic id, as the `--topic` option's answer.
pub fn motion_of(kit: &DebateKit, topic: &str, lang: agora_games::Lang) -> anyhow::Result<String> {
    kit.motion_in(topic, lang)
        .map_err(|e| anyhow::anyhow!("--topic: {e}"))
}

/// Every topic id of the kit, sorted.
pub fn topic_ids(kit: &DebateKit) -> Vec<String> {
    kit.topics.ids().map(str::to_string).collect()
}

/// A terminal debate's timers (`--pace` applied) and length scale (`--length`, else
/// `[debate] length_scale`), checked.
pub fn timers_and_length(
    config: &Config,
    opts: &DebatePlayOptions,
) -> anyhow::Result<(agora_agents::config::DebateTimers, f64)> {
    let mut timers = config.debate.timers.clone();
    if let Some(pace) = opts.pace {
        timers.pace = agora_agents::config::ranges::PACE
            .check(pace)
            .map_err(|m| anyhow::anyhow!("--pace: {m}"))?;
    }
    let length_scale = match opts.length {
        Some(l) => agora_agents::config::LENGTH_SCALE
            .check(l)
            .map_err(|m| anyhow::anyhow!("--length: {m}"))?,
        None => config.debate.settings.length_scale,
    };
    Ok((timers, length_scale))
}

/// The options given that `format` does not use (each named as typed), so a
/// misdirected option is refused rather than ignored.
pub fn foreign_options(opts: &DebatePlayOptions) -> Vec<&'static str> {
    let mut given = Vec::new();
    let team = opts.format == DebateFormat::Team;
    let social = opts.format == DebateFormat::Social;
    let moderated = opts.format == DebateFormat::Moderated;
    if !team && opts.live_scores {
        given.push("--live-scores");
    }
    if team && opts.participants.is_some() {
        given.push("--participants");
    }
    if team && opts.rounds.is_some() {
        given.push("--rounds");
    }
    if !moderated && opts.style.is_some() {
        given.push("--style");
    }
    if !social && opts.side.is_some() {
        given.push("--side");
    }
    if !social && opts.firmness.is_some() {
        given.push("--firmness");
    }
    given
}

/// Refuses options the chosen format does not use, naming them and the formats that do.
pub fn check_options(opts: &DebatePlayOptions) -> anyhow::Result<()> {
    let foreign = foreign_options(opts);
    if foreign.is_empty() {
        return Ok(());
    }
    let whose = |o: &str| match o {
        "--live-scores" => "team",
        "--participants" | "--rounds" => "moderated and social",
        "--style" => "moderated",
        _ => "social",
    };
    anyhow::bail!(
        "{} {} not apply to a {} ({}); leave {} out",
        foreign.join(", "),
        if foreign.len() == 1 { "does" } else { "do" },
        opts.format.title(),
        foreign
            .iter()
            .map(|o| format!("{o} is for {}", whose(o)))
            .collect::<Vec<_>>()
            .join(", "),
        if foreign.len() == 1 { "it" } else { "them" }
    )
}
