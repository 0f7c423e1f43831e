//! The AI debaters' personalities: `content/personalities.toml` (logical, emotional,
//! data-driven, aggressive, diplomatic), each a style paragraph for the model prompt and
//! the sentences an offline debater opens, joins and closes its speeches with. Loaded and
//! checked at startup (errors name the file and the field); a built-in copy is compiled in.

use crate::config::ConfigError;
use crate::games::lang::Lang;
use serde::Deserialize;
use std::path::Path;
use std::sync::Arc;

/// The built-in copy of `content/personalities.toml`.
const BUILTIN: &str = include_str!("../../../../content/personalities.toml");
/// The built-in copy of `content/zh-CN/personalities.toml`: the same personalities (same
/// ids, stances and convictions), their words in Chinese.
const BUILTIN_ZH: &str = include_str!("../../../../content/zh-CN/personalities.toml");

/// Fewest openers, connectors and closers a personality may have.
pub const MIN_PHRASES: usize = 3;

/// One personality.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Personality {
    pub id: String,
    pub name: String,
    /// For the model prompt.
    pub style: String,
    pub openers: Vec<String>,
    pub connectors: Vec<String>,
    pub closers: Vec<String>,
    /// In a social debate, offline: lines that reach out to a listener (`{name}` is who),
    /// and lines that challenge one.
    #[serde(default)]
    pub appeals: Vec<String>,
    #[serde(default)]
    pub challenges: Vec<String>,
    /// In a social debate: how far from the middle it starts (its side is the seat's), 0–1.
    #[serde(default = "default_stance")]
    pub stance: f64,
    /// In a social debate: how firmly it holds its stance, 0–1.
    #[serde(default = "default_conviction")]
    pub conviction: f64,
}

fn default_stance() -> f64 {
    0.7
}
fn default_conviction() -> f64 {
    0.6
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    personality: Vec<Personality>,
}

/// Every personality, checked, in file order.
#[derive(Debug, Clone)]
pub struct Personalities {
    list: Vec<Arc<Personality>>,
    /// The same personalities speaking Chinese, in the same order.
    zh: Vec<Arc<Personality>>,
}

impl Personalities {
    /// `dir/personalities.toml` and `dir/zh-CN/personalities.toml`, else the built-in
    /// copies; the Chinese file must have the English file's personalities, in order (an
    /// English file of one's own with no Chinese copy: Chinese tables hear its words).
    pub fn load(dir: Option<&Path>) -> Result<Personalities, ConfigError> {
        let one = |path: Option<std::path::PathBuf>, name: &str, builtin: &str| match path
            .filter(|p| p.exists())
        {
            Some(path) => {
                let text = crate::content::read(&path)?;
                Personalities::parse(&path.display().to_string(), &text)
            }
            None => Personalities::parse(&format!("built-in content/{name}"), builtin),
        };
        let en_path = dir.map(|d| d.join("personalities.toml"));
        let custom = en_path.as_ref().is_some_and(|p| p.exists());
        let mut en = one(en_path, "personalities.toml", BUILTIN)?;
        let zh_path = dir
            .map(|d| d.join("zh-CN").join("personalities.toml"))
            .filter(|p| p.exists());
        if custom && zh_path.is_none() {
            // A set of one's own with no Chinese copy: a Chinese table hears its words.
            return Ok(en);
        }
        let zh_file = zh_path.as_ref().map_or_else(
            || "built-in content/zh-CN/personalities.toml".to_string(),
            |p| p.display().to_string(),
        );
        let zh = one(zh_path, "zh-CN/personalities.toml", BUILTIN_ZH)?;
        let ids = |p: &Personalities| p.ids().map(str::to_string).collect::<Vec<_>>();
        if ids(&en) != ids(&zh) {
            return Err(ConfigError::Invalid {
                file: zh_file,
                field: "personality".into(),
                message: format!(
                    "must be the English file's personalities, in order: {}",
                    ids(&en).join(", ")
                ),
            });
        }
        en.zh = zh.list;
        Ok(en)
    }

    pub fn builtin() -> Personalities {
        Personalities::load(None).expect("the built-in personalities are checked by the tests")
    }

    /// Reads and checks the file's text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Personalities, ConfigError> {
        let invalid = |field: String, message: String| ConfigError::Invalid {
            file: file.to_string(),
            field,
            message,
        };
        let raw: File = toml::from_str(text).map_err(|e| {
            invalid(
                "(file)".into(),
                e.to_string().replace('\n', " ").trim().to_string(),
            )
        })?;
        if raw.personality.is_empty() {
            return Err(invalid("personality".into(), "none is defined".into()));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, p) in raw.personality.iter().enumerate() {
            let at = format!("personality[{i}]");
            if p.id.is_empty()
                || !p
                    .id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
            {
                return Err(invalid(
                    format!("{at}.id"),
                    format!("{:?}: lower-case letters, digits and '_'", p.id),
                ));
            }
            if !seen.insert(p.id.clone()) {
                return Err(invalid(
                    format!("{at}.id"),
                    format!("{:?} is used twice", p.id),
                ));
            }
            for (field, list) in [("appeals", &p.appeals), ("challenges", &p.challenges)] {
                if let Some(bad) = list
                    .iter()
                    .find(|s| s.trim().is_empty() || s.replace("{name}", "").contains(['{', '}']))
                {
                    return Err(invalid(
                        format!("{at}.{field}"),
                        format!("{bad:?}: lines are non-empty; the one placeholder is {{name}}"),
                    ));
                }
            }
            for (field, value) in [("stance", p.stance), ("conviction", p.conviction)] {
                if !(0.0..=1.0).contains(&value) {
                    return Err(invalid(
                        format!("{at}.{field}"),
                        format!("{value}: must be between 0 and 1"),
                    ));
                }
            }
            for (field, value) in [("name", &p.name), ("style", &p.style)] {
                if value.trim().is_empty() {
                    return Err(invalid(format!("{at}.{field}"), "is empty".into()));
                }
            }
            for (field, list) in [
                ("openers", &p.openers),
                ("connectors", &p.connectors),
                ("closers", &p.closers),
            ] {
                if list.len() < MIN_PHRASES {
                    return Err(invalid(
                        format!("{at}.{field}"),
                        format!("has {}, needs at least {MIN_PHRASES}", list.len()),
                    ));
                }
                if let Some(bad) = list
                    .iter()
                    .find(|s| s.trim().is_empty() || s.contains(['{', '}']))
                {
                    return Err(invalid(
                        format!("{at}.{field}"),
                        format!("{bad:?}: phrases are non-empty, with no placeholders"),
                    ));
                }
            }
        }
        Ok(Personalities {
            list: raw.personality.into_iter().map(Arc::new).collect(),
            zh: Vec::new(),
        })
    }

    pub fn get(&self, id: &str) -> Option<&Arc<Personality>> {
        self.list.iter().find(|p| p.id == id)
    }

    /// `id`'s personality, else the first one (a stored debate whose personality was
    /// removed from the content since).
    pub fn get_or_first(&self, id: &str) -> &Arc<Personality> {
        self.get(id).unwrap_or(&self.list[0])
    }

    /// [`get_or_first`](Personalities::get_or_first), speaking `lang` (English when the
    /// file has no Chinese copy, as a file parsed alone).
    pub fn get_or_first_in(&self, id: &str, lang: Lang) -> &Arc<Personality> {
        let i = self.list.iter().position(|p| p.id == id).unwrap_or(0);
        match lang {
            Lang::ZhCn if !self.zh.is_empty() => &self.zh[i],
            _ => &self.list[i],
        }
    }

    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.list.iter().map(|p| p.id.as_str())
    }

    pub fn all(&self) -> &[Arc<Personality>] {
        &self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_file_has_the_five_personalities() {
        let p = Personalities::builtin();
        let ids: Vec<&str> = p.ids().collect();
        for id in [
            "logical",
            "emotional",
            "data_driven",
            "aggressive",
            "diplomatic",
        ] {
            assert!(ids.contains(&id), "{id} missing from {ids:?}");
        }
        let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let on_disk = Personalities::load(Some(&dir)).unwrap();
        assert_eq!(on_disk.all(), p.all());
        assert_eq!(p.get_or_first("nobody").id, p.all()[0].id);
    }

    #[test]
    fn bad_files_name_the_field() {
        for (text, field) in [
            ("[[personality]]\nid = \"x\"\nname = \"X\"\nstyle = \"s\"\nopeners = [\"a\", \"b\", \"c\"]\nconnectors = [\"a\", \"b\", \"c\"]\ncloser = [\"a\"]", "(file)"),
            ("[[personality]]\nid = \"x\"\nname = \"X\"\nstyle = \"s\"\nopeners = [\"a\", \"b\"]\nconnectors = [\"a\", \"b\", \"c\"]\nclosers = [\"a\", \"b\", \"c\"]", "personality[0].openers"),
            ("[[personality]]\nid = \"X y\"\nname = \"X\"\nstyle = \"s\"\nopeners = [\"a\", \"b\", \"c\"]\nconnectors = [\"a\", \"b\", \"c\"]\nclosers = [\"a\", \"b\", \"c\"]", "personality[0].id"),
            ("[[personality]]\nid = \"x\"\nname = \"X\"\nstyle = \"s\"\nopeners = [\"a\", \"b\", \"c {motion}\"]\nconnectors = [\"a\", \"b\", \"c\"]\nclosers = [\"a\", \"b\", \"c\"]", "personality[0].openers"),
            ("personality = []", "personality"),
        ] {
            let e = Personalities::parse("p.toml", text).unwrap_err().to_string();
            assert!(e.starts_with("p.toml: ") && e.contains(field), "{e}");
        }
    }
}
