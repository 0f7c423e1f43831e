//! The environment over the files. Every key the built-in defaults have gets a variable:
//! `AGORA_` and the key's path in upper case, each dot written `_`
//! (`werewolf.timers.pace` → `AGORA_WEREWOLF_TIMERS_PACE`, `llm.model` →
//! `AGORA_LLM_MODEL`). A set variable replaces the key's value, or adds the key when the
//! user's file leaves it (or its whole section) out. The value is read as the default's type.
//!
//! Written here rather than with a layered-config crate (figment's `Env` provider) because
//! the names come from the defaults: only known keys are read (the many other `AGORA_*`
//! variables, `AGORA_CONFIG_DIR`, `AGORA_BENCH_*`, are never mistaken for keys), the names
//! from before a key moved keep working, and an error names the variable it came from.

use super::ConfigError;

/// The variables of every key, walking `defaults`: (field path, variable names, default).
/// The first name is the rule's; later ones are names from before a key moved, still read.
pub(super) fn variables(defaults: &toml::Table) -> Vec<(String, Vec<String>, toml::Value)> {
    let mut leaves = Vec::new();
    walk(defaults, "", &mut leaves);
    leaves
        .into_iter()
        .map(|(path, value)| {
            let mut names = vec![name(&path)];
            // Before per-game sections, the timers were `[timers]` (`AGORA_TIMERS_*`) and held
            // the resume minimum too.
            names.extend(super::WerewolfConfig::former_variable(&path));
            if path == "session.resume_min_s" {
                names.push("AGORA_TIMERS_RESUME_MIN_S".into());
            }
            (path, names, value)
        })
        .collect()
}

/// The variable of the key at `path` (dots between sections and keys).
pub fn name(path: &str) -> String {
    format!("AGORA_{}", path.replace('.', "_").to_uppercase())
}

fn walk(table: &toml::Table, prefix: &str, out: &mut Vec<(String, toml::Value)>) {
    for (key, value) in table {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Table(t) => walk(t, &path, out),
            leaf => out.push((path, leaf.clone())),
        }
    }
}

/// Writes every set variable into `table` (the user's file, named `file`). Returns the
/// (field, variable) pairs it wrote, so errors about those fields name the variable.
pub(super) fn apply(
    table: &mut toml::Table,
    defaults: &toml::Table,
    file: &str,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<(String, String)>, ConfigError> {
    let mut replaced = Vec::new();
    for (path, names, default) in variables(defaults) {
        let Some((var, raw)) = names
            .into_iter()
            .find_map(|var| env(&var).map(|raw| (var, raw)))
        else {
            continue;
        };
        let bad = |allowed: &str| ConfigError::Invalid {
            file: format!("environment variable {var} (over {file})"),
            field: path.clone(),
            message: format!("{raw:?} is not allowed: expected {allowed}"),
        };
        let raw_t = raw.trim();
        let value = match default {
            toml::Value::Integer(_) => {
                toml::Value::Integer(raw_t.parse().map_err(|_| bad("a whole number"))?)
            }
            toml::Value::Float(_) => {
                toml::Value::Float(raw_t.parse().map_err(|_| bad("a number"))?)
            }
            toml::Value::Boolean(_) => match raw_t {
                "true" | "1" | "on" | "yes" => toml::Value::Boolean(true),
                "false" | "0" | "off" | "no" => toml::Value::Boolean(false),
                _ => return Err(bad("true or false")),
            },
            toml::Value::String(_) => toml::Value::String(raw_t.to_string()),
            _ => return Err(bad("a value of the default's type")),
        };
        set(table, &path, value).map_err(|section| ConfigError::Invalid {
            file: file.to_string(),
            field: section,
            message: format!("must be a [section] of keys (to take {var})"),
        })?;
        replaced.push((path, var));
    }
    Ok(replaced)
}

/// Sets the key at `path`, making the sections on the way; `Err(section)` when a section
/// on the way is a plain value in the file.
fn set(table: &mut toml::Table, path: &str, value: toml::Value) -> Result<(), String> {
    let mut parts: Vec<&str> = path.split('.').collect();
    let key = parts.pop().expect("a path has a key");
    let mut here = table;
    for (i, part) in parts.iter().enumerate() {
        let next = here
            .entry(part.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        here = next.as_table_mut().ok_or_else(|| parts[..=i].join("."))?;
    }
    here.insert(key.to_string(), value);
    Ok(())
}
