//! The slash commands' names and descriptions in every language but English, from the
//! Fluent files (`locales/*/commands.ftl`): each command, subcommand, option and choice
//! has a message keyed by its path, and [`localize`] sets the other languages' texts as
//! Discord localizations before the commands are registered. The English file holds the
//! English the code declares, and a test keeps the two the same, so a command renamed or
//! added without its Chinese fails the build's tests rather than showing English.
//!
//! Keys: `cmd-<command>[-<subcommand>]` (the name) and `…-desc` (the description);
//! `…-opt-<option>` and `…-opt-<option>-desc`; `…-opt-<option>-choice-<n>` (the `n`-th
//! choice's label, from 0). Option names are written with `_` as in the code.

use crate::types::{Bot, Error};
use agora_games::Lang;
use std::borrow::Cow;
use std::sync::Arc;

type Command = poise::Command<Arc<Bot>, Error>;

/// One localizable text of the command tree: its Fluent key and its English.
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub english: String,
}

/// Every name and description of `commands` (slash commands only), with its key.
#[cfg(test)]
pub fn entries(commands: &[Command]) -> Vec<Entry> {
    let mut out = Vec::new();
    for c in commands {
        walk(c, "cmd", &mut out);
    }
    out
}

#[cfg(test)]
fn walk(c: &Command, parent: &str, out: &mut Vec<Entry>) {
    if c.slash_action.is_none() && c.subcommands.is_empty() {
        return;
    }
    let key = format!("{parent}-{}", c.name);
    out.push(Entry {
        key: key.clone(),
        english: c.name.to_string(),
    });
    out.push(Entry {
        key: format!("{key}-desc"),
        english: c.description.as_deref().unwrap_or_default().to_string(),
    });
    for p in c.parameters.iter() {
        let opt = format!("{key}-opt-{}", p.name);
        out.push(Entry {
            key: opt.clone(),
            english: p.name.to_string(),
        });
        out.push(Entry {
            key: format!("{opt}-desc"),
            english: p.description.as_deref().unwrap_or_default().to_string(),
        });
        for (n, choice) in p.choices.iter().enumerate() {
            out.push(Entry {
                key: format!("{opt}-choice-{n}"),
                english: choice.name.to_string(),
            });
        }
    }
    for sub in c.subcommands.iter() {
        walk(sub, &key, out);
    }
}

/// Sets every other language's names and descriptions on `commands` (a message missing
/// from the files leaves that text unlocalized; a test keeps that from shipping).
pub fn localize(commands: &mut [Command]) {
    for c in commands.iter_mut() {
        apply(c, "cmd");
    }
}

fn apply(c: &mut Command, parent: &str) {
    if c.slash_action.is_none() && c.subcommands.is_empty() {
        return;
    }
    let key = format!("{parent}-{}", c.name);
    c.name_localizations = localized(&key, c.name_localizations.to_vec());
    c.description_localizations =
        localized(&format!("{key}-desc"), c.description_localizations.to_vec());
    for p in c.parameters.iter_mut() {
        let opt = format!("{key}-opt-{}", p.name);
        p.name_localizations = localized(&opt, p.name_localizations.to_vec());
        p.description_localizations =
            localized(&format!("{opt}-desc"), p.description_localizations.to_vec());
        for (n, choice) in p.choices.to_mut().iter_mut().enumerate() {
            choice.localizations =
                localized(&format!("{opt}-choice-{n}"), choice.localizations.to_vec());
        }
    }
    for sub in c.subcommands.iter_mut() {
        apply(sub, &key);
    }
}

type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// `have` with each non-English language's text of `key` set (replacing one given in the
/// code for that locale).
fn localized(key: &str, mut have: Vec<(Cow<'static, str>, Cow<'static, str>)>) -> Localizations {
    for lang in Lang::ALL.into_iter().filter(|l| !l.is_english()) {
        let Some(text) = lang.try_text(key) else {
            continue;
        };
        have.retain(|(locale, _)| locale != lang.locale());
        have.push((Cow::Borrowed(lang.locale()), Cow::Owned(text)));
    }
    Cow::Owned(have)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::all;

    /// A name Discord takes: 1–32 characters, lowercase, letters, digits, `-` and `_`.
    fn is_command_name(name: &str) -> bool {
        let n = name.chars().count();
        (1..=32).contains(&n)
            && name
                .chars()
                .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
    }

    #[test]
    fn every_command_text_is_in_the_files_and_the_english_is_the_code_s() {
        let entries = entries(&all(1.0));
        assert!(entries.len() > 50, "{} texts", entries.len());
        let mut wrong = Vec::new();
        for e in &entries {
            match Lang::En.try_text(&e.key) {
                Some(text) if text == e.english => {}
                Some(text) => wrong.push(format!(
                    "{} = {text}  (the code says {:?})",
                    e.key, e.english
                )),
                None => wrong.push(format!("{} = {}", e.key, e.english)),
            }
        }
        assert!(
            wrong.is_empty(),
            "locales/en-US/commands.ftl must hold the commands' English:\n{}",
            wrong.join("\n")
        );
    }

    #[test]
    fn localized_names_are_names_discord_takes_and_differ_among_siblings() {
        let mut commands = all(1.0);
        localize(&mut commands);
        let mut names: Vec<(String, String)> = Vec::new();
        fn names_of(c: &Command, parent: &str, out: &mut Vec<(String, String)>) {
            for (locale, name) in c.name_localizations.iter() {
                out.push((format!("{parent}/{locale}"), name.to_string()));
            }
            for p in c.parameters.iter() {
                for (locale, name) in p.name_localizations.iter() {
                    out.push((format!("{parent} {}/{locale}", c.name), name.to_string()));
                }
                for choice in p.choices.iter() {
                    for (_, label) in choice.localizations.iter() {
                        assert!((1..=100).contains(&label.chars().count()), "{label}");
                    }
                }
            }
            for sub in c.subcommands.iter() {
                names_of(sub, &format!("{parent} {}", c.name), out);
            }
            for (_, d) in c.description_localizations.iter() {
                assert!((1..=100).contains(&d.chars().count()), "{}: {d}", c.name);
            }
        }
        for c in &commands {
            names_of(c, "", &mut names);
            assert!(
                c.name_localizations.iter().any(|(l, _)| l == "zh-CN"),
                "/{} has no zh-CN name",
                c.name
            );
        }
        for (at, name) in &names {
            assert!(
                is_command_name(name),
                "{at}: {name:?} is not a command name"
            );
        }
        let mut seen = std::collections::BTreeSet::new();
        for (at, name) in &names {
            assert!(
                seen.insert((at.clone(), name.clone())),
                "{at}: {name} twice"
            );
        }
    }
}
