use super::*;
use std::collections::BTreeSet;
use std::time::Duration;

pub(super) fn no_env(_: &str) -> Option<String> {
    None
}

pub(super) fn err(env: &dyn Fn(&str) -> Option<String>) -> String {
    Config::load_from(None, env).unwrap_err().to_string()
}

/// A config directory of its own for one test, removed at the end.
pub(super) struct Dir(pub(super) PathBuf);

impl Dir {
    pub(super) fn new(name: &str, agora: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("agora-config-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("agora.toml"), agora).unwrap();
        Dir(dir)
    }
    pub(super) fn load(&self, env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        Config::load_from(Some(&self.0), env)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn leaf_paths(table: &toml::Table) -> BTreeSet<String> {
    env::variables(table)
        .into_iter()
        .map(|(p, _, _)| p)
        .collect()
}

#[test]
fn the_built_in_defaults_are_config_agora_toml() {
    // The file in the repository, read from disk, and the copy built into the binary.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config");
    assert_eq!(
        Config::load_from(Some(&dir), &no_env).unwrap(),
        Config::default()
    );
    assert_eq!(Config::load_from(None, &no_env).unwrap(), Config::default());
    // Every key of the file is a default, and every default is written in the file.
    let file = parse_table("agora.toml", DEFAULT_AGORA).unwrap();
    assert_eq!(leaf_paths(&file), leaf_paths(&default_table()));
}

#[test]
fn every_key_has_its_own_variable() {
    let vars = env::variables(&default_table());
    let names: BTreeSet<&String> = vars.iter().flat_map(|(_, names, _)| names).collect();
    let count: usize = vars.iter().map(|(_, names, _)| names.len()).sum();
    assert_eq!(names.len(), count, "two keys share a variable");
    assert!(vars
        .iter()
        .any(|(p, n, _)| p == "werewolf.timers.speech" && n[0] == "AGORA_WEREWOLF_TIMERS_SPEECH"));
}

#[test]
fn a_key_missing_from_the_users_file_is_still_set_from_the_environment() {
    let dir = Dir::new("sparse", "[werewolf]\nmax_days = 9\n");
    let env = |k: &str| match k {
        "AGORA_WEREWOLF_TIMERS_SPEECH" => Some("45".to_string()),
        "AGORA_DISCORD_OFF_TURN_MESSAGES" => Some("delete".to_string()),
        "AGORA_LLM_TIMEOUT_SECS" => Some("3".to_string()),
        _ => None,
    };
    let c = dir.load(&env).unwrap();
    assert_eq!(c.werewolf.rules.max_days, 9);
    assert_eq!(c.werewolf.timers.speech, 45);
    assert_eq!(c.werewolf.timers.vote, Timers::default().vote);
    assert_eq!(c.discord.off_turn_messages, OffTurnMessages::Delete);
    assert_eq!(c.llm.timeout_secs, 3.0);
}

#[test]
fn the_names_from_before_timers_moved_still_work() {
    let env = |k: &str| match k {
        "AGORA_TIMERS_PACE" => Some("0.5".to_string()),
        "AGORA_TIMERS_RESUME_MIN_S" => Some("100".to_string()),
        _ => None,
    };
    let c = Config::load_from(None, &env).unwrap();
    assert_eq!(c.werewolf.timers.pace, 0.5);
    assert_eq!(c.session.resume_min_s, 100);
    // The rule's name wins over the old one.
    let env = |k: &str| match k {
        "AGORA_TIMERS_PACE" => Some("0.5".to_string()),
        "AGORA_WEREWOLF_TIMERS_PACE" => Some("2".to_string()),
        _ => None,
    };
    assert_eq!(
        Config::load_from(None, &env).unwrap().werewolf.timers.pace,
        2.0
    );
}

#[test]
fn an_old_style_file_says_where_its_keys_went() {
    let old = DEFAULT_AGORA.replace("[werewolf.timers]", "[timers]");
    let dir = Dir::new("old", &old);
    let e = dir.load(&no_env).unwrap_err().to_string();
    assert!(
        e.contains("agora.toml") && e.contains("[timers] moved to [werewolf.timers]"),
        "{e}"
    );
    let dir = Dir::new(
        "old-resume",
        "[werewolf.timers]\nvote = 20\nresume_min_s = 10\n",
    );
    let e = dir.load(&no_env).unwrap_err().to_string();
    assert!(
        e.contains("werewolf.timers.resume_min_s") && e.contains("moved to [session]"),
        "{e}"
    );
}

#[test]
fn a_string_setting_outside_its_choices_names_the_choices() {
    for (var, field, allowed) in [
        (
            "AGORA_DISCORD_OFF_TURN_MESSAGES",
            "discord.off_turn_messages",
            "`delete`",
        ),
        (
            "AGORA_LLM_RESPONSE_FORMAT",
            "llm.response_format",
            "`json_object`",
        ),
        (
            "AGORA_WEREWOLF_WOLF_CHAT",
            "werewolf.wolf_chat",
            "`targets_only`",
        ),
    ] {
        let env = |k: &str| (k == var).then(|| "sideways".to_string());
        let e = err(&env);
        assert!(
            e.contains(var) && e.contains(field) && e.contains(allowed) && e.contains("sideways"),
            "{e}"
        );
    }
    let dir = Dir::new("enum", "[discord]\noff_turn_messages = \"shred\"\n");
    let e = dir.load(&no_env).unwrap_err().to_string();
    assert!(
        e.contains("agora.toml")
            && e.contains("discord.off_turn_messages")
            && e.contains("`ignore`"),
        "{e}"
    );
}

#[test]
fn the_resume_minimum_is_read_and_checked() {
    let c = Config::load_from(None, &no_env).unwrap();
    assert_eq!(c.session.resume_min_s, 30);
    assert_eq!(c.werewolf.timers.resume_min(), Duration::from_secs(30));
    let env = |k: &str| (k == "AGORA_SESSION_RESUME_MIN_S").then(|| "100".to_string());
    let c = Config::load_from(None, &env).unwrap();
    assert_eq!(c.werewolf.timers.resume_min(), Duration::from_secs(100));
    for bad in ["7200", "-1", "soon"] {
        let env = |k: &str| (k == "AGORA_SESSION_RESUME_MIN_S").then(|| bad.to_string());
        let e = err(&env);
        assert!(e.contains("session.resume_min_s"), "{bad}: {e}");
    }
    // A session stored before the key existed still reads its timers.
    let old: Timers = serde_json::from_str(r#"{"vote": 10, "pace": 0.5}"#).unwrap();
    assert_eq!(old.resume_min(), Duration::from_secs(15));
    // And one stored while the key was under [timers] keeps its own minimum.
    let old: Timers = serde_json::from_str(r#"{"pace": 1.0, "resume_min_s": 7}"#).unwrap();
    assert_eq!(old.resume_min(), Duration::from_secs(7));
}

#[test]
fn ranges_are_checked_with_the_field_and_the_source() {
    for (var, value, field, allowed) in [
        (
            "AGORA_WEREWOLF_TIMERS_PACE",
            "101",
            "werewolf.timers.pace",
            "0 to 100",
        ),
        (
            "AGORA_WEREWOLF_TIMERS_PACE",
            "NaN",
            "werewolf.timers.pace",
            "0 to 100",
        ),
        (
            "AGORA_DISCORD_AI_SPEECH_MS",
            "60000",
            "discord.ai_speech_ms",
            "0 to 10000",
        ),
        ("AGORA_STORE_LEASE_SECS", "1", "store.lease_secs", "2 to"),
        (
            "AGORA_LLM_MAX_CONCURRENCY",
            "0",
            "llm.max_concurrency",
            "1 to",
        ),
        (
            "AGORA_DISCORD_CLICKS_PER_10S",
            "0",
            "discord.clicks_per_10s",
            "1 to",
        ),
    ] {
        let env = |k: &str| (k == var).then(|| value.to_string());
        let e = err(&env);
        assert!(
            e.contains(var) && e.contains(field) && e.contains(allowed),
            "{var}={value}: {e}"
        );
    }
    let env = |k: &str| (k == "AGORA_DISCORD_AI_SPEECH_MS").then(|| "0".to_string());
    assert_eq!(
        Config::load_from(None, &env).unwrap().discord.ai_speech_ms,
        0
    );
    let dir = Dir::new("range", "[werewolf.timers]\npace = -1\n");
    let e = dir.load(&no_env).unwrap_err().to_string();
    assert!(
        e.contains("agora.toml") && e.contains("werewolf.timers.pace"),
        "{e}"
    );
}

#[test]
fn broken_file_names_file_and_field() {
    let dir = Dir::new(
        "broken",
        &DEFAULT_AGORA.replace("max_days = 12", "max_dayz = 12"),
    );
    let e = dir.load(&no_env).unwrap_err().to_string();
    assert!(e.contains("agora.toml") && e.contains("max_dayz"), "{e}");
    let dir = Dir::new("broken-timer", "[werewolf.timers]\nvotes = 3\n");
    let e = dir.load(&no_env).unwrap_err().to_string();
    assert!(e.contains("werewolf.timers.votes"), "{e}");
}
