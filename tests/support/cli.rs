//! The `agora` binary as every test runs it: from the repository's root (so it reads the
//! real `config/` and `content/`), with none of the developer's own settings leaking in (a
//! store URL, model keys, a Discord token or seed). Each test adds what it means to set.
//! Shared by the tests and the Discord benchmark (which uses only a part).
#![allow(dead_code)]

use std::process::Command;

/// Settings a developer's shell may hold that would change what the binary does.
const OWN_SETTINGS: [&str; 12] = [
    "DATABASE_URL",
    "LLM_API_KEY",
    "LLM_BASE_URL",
    "LLM_MODEL",
    "WEREWOLF_LLM_API_KEY",
    "WEREWOLF_LLM_BASE_URL",
    "WEREWOLF_LLM_MODEL",
    "DISCORD_TOKEN",
    "DISCORD_GUILD_ID",
    "AGORA_DISCORD_SEED",
    "AGORA_CONTENT_DIR",
    "AGORA_LANG",
];

/// `agora`, not started yet: add arguments, variables and pipes, then run or spawn it.
pub fn agora_cmd() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_agora"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    for var in OWN_SETTINGS {
        cmd.env_remove(var);
    }
    cmd
}

/// `agora <args>` with these variables set, run to its end: whether it succeeded, its
/// standard output and its standard error.
pub fn agora_env(args: &[&str], env: &[(&str, &str)]) -> (bool, String, String) {
    let mut cmd = agora_cmd();
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the agora binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `agora <args>`, run to its end: whether it succeeded, its standard output and error.
pub fn agora(args: &[&str]) -> (bool, String, String) {
    agora_env(args, &[])
}
