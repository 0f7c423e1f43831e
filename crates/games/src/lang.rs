//! The languages a table is played in, and every player-facing string looked up in them:
//! Fluent files under `locales/<code>/` (`en-US`, `zh-CN`), compiled into the binary, with
//! Unicode isolation marks off (Discord and terminals show them). A message missing in one
//! language is a failing test (see the tests below), not a runtime fallback.

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

fluent_templates::static_loader! {
    static LOCALES = {
        locales: "../../locales",
        fallback_language: "en-US",
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language a table can be played in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "zh-CN")]
    ZhCn,
}

/// The language identifiers of [`Lang::ALL`], parsed once.
static IDS: LazyLock<[LanguageIdentifier; 2]> = LazyLock::new(|| {
    Lang::ALL.map(|l| {
        l.locale()
            .parse()
            .expect("the locale codes are valid identifiers")
    })
});

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhCn];

    /// English, the default (a stored setup leaves it out, so older rows read as English).
    pub fn is_english(&self) -> bool {
        *self == Lang::En
    }

    /// The code people type and files store: `en`, `zh-CN`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// The folder of its Fluent files under `locales/`.
    pub fn locale(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// The language of a Discord or browser locale (`zh-CN` → Chinese, `en-GB` → English),
    /// when it is one of ours.
    pub fn of_locale(locale: &str) -> Option<Lang> {
        match locale {
            "zh-CN" | "zh-TW" => Some(Lang::ZhCn),
            l if l.starts_with("en") => Some(Lang::En),
            _ => None,
        }
    }

    /// Reads a language code as people write it (`en`, `en-US`, `zh-CN`, `zh`, `zh-Hans`;
    /// any case); the error lists the codes there are.
    pub fn parse(code: &str) -> Result<Lang, String> {
        match code.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "en" | "en-us" | "en-gb" | "english" => Ok(Lang::En),
            "zh" | "zh-cn" | "zh-hans" | "zh-hans-cn" | "简体中文" => Ok(Lang::ZhCn),
            _ => Err(format!(
                "unknown language {code:?} (the languages are: {})",
                Lang::ALL.map(Lang::code).join(", ")
            )),
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        &IDS[self as usize]
    }

    /// The message `id` in this language, when a file has it (no arguments).
    pub fn try_text(self, id: &str) -> Option<String> {
        LOCALES.try_lookup(self.id(), id)
    }

    /// The message `id` in this language with its arguments (each a text); the message id
    /// itself when no file has it (a test keeps that from shipping).
    pub fn text(self, id: &str, args: &[(&str, &str)]) -> String {
        if args.is_empty() {
            return LOCALES.lookup(self.id(), id);
        }
        let args: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(k, v)| (Cow::Owned(k.to_string()), FluentValue::from(v.to_string())))
            .collect();
        LOCALES.lookup_with_args(self.id(), id, &args)
    }
}

/// A full-width form or the ideographic space (what Chinese text is typed with, and what a
/// look-alike of an ASCII control shape is made of).
pub fn is_wide(c: char) -> bool {
    matches!(c, '\u{FF01}'..='\u{FF5E}' | '\u{3000}')
}

/// A full-width form as its ASCII letter or sign (`Ａ` → `A`, `｜` → `|`, `：` → `:`), the
/// ideographic space as a space; any other character as it is.
pub fn fold_wide(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// `strip` (a control-shape stripper) made to catch full-width look-alikes too
/// (`ＳＹＳＴＥＭ：`, `<｜…｜>`): a text with full-width forms is also read folded to ASCII,
/// and when that reading holds a control shape the folded text is what is kept, stripped;
/// otherwise the text keeps its full-width punctuation as written.
pub fn strip_look_alikes(text: &str, strip: impl Fn(&str) -> String) -> String {
    let plain = strip(text);
    if !plain.chars().any(is_wide) {
        return plain;
    }
    let folded: String = plain.chars().map(fold_wide).collect();
    let stripped = strip(&folded);
    if stripped.trim() == folded.trim() {
        plain
    } else {
        stripped
    }
}

/// Columns `text` takes at a terminal: two for a wide (East Asian) character.
pub fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let wide = matches!(c as u32,
                0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
                | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
            if wide {
                2
            } else {
                1
            }
        })
        .sum()
}

/// `text` followed by spaces to fill `width` columns (as `{:<width}` does for ASCII).
pub fn pad_to(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns(text))))
}

/// `text` after spaces that fill `width` columns (as `{:>width}` does for ASCII).
pub fn pad_left(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(columns(text))))
}

/// A Han (CJK ideograph) character.
pub fn is_han(c: char) -> bool {
    matches!(c as u32,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F)
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::parse(s)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// Every message of a language's files, with the variables it uses.
    fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../locales")
            .join(lang.locale());
        let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let mut current = None;
            for line in text.lines() {
                if line.starts_with('#') || line.trim().is_empty() {
                    continue;
                }
                let body = match line.split_once('=') {
                    Some((id, body)) if !line.starts_with(' ') => {
                        let id = id.trim().to_string();
                        assert!(
                            out.insert(id.clone(), BTreeSet::new()).is_none(),
                            "{}: {id} twice",
                            file.display()
                        );
                        current = Some(id);
                        body
                    }
                    _ => line,
                };
                let vars = out.get_mut(current.as_ref().unwrap()).unwrap();
                for part in body.split('$').skip(1) {
                    let name: String = part
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                        .collect();
                    vars.insert(name);
                }
            }
        }
        out
    }

    #[test]
    fn every_message_is_in_every_language_with_the_same_arguments() {
        let en = messages(Lang::En);
        assert!(en.len() > 20, "{}", en.len());
        for lang in Lang::ALL {
            let other = messages(lang);
            let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{lang}: missing {missing:?}");
            assert!(extra.is_empty(), "{lang}: not in English {extra:?}");
            for (id, vars) in &en {
                assert_eq!(&other[id], vars, "{lang}: {id} takes other arguments");
            }
        }
    }

    #[test]
    fn messages_are_looked_up_without_isolation_marks() {
        let en = Lang::En.text("ww-voted-out", &[("seat", "3")]);
        assert_eq!(en, "Seat 3 is voted out.");
        let zh = Lang::ZhCn.text("ww-voted-out", &[("seat", "3")]);
        assert_eq!(zh, "3 号被放逐。");
        assert!(!zh.contains(['\u{2068}', '\u{2069}']));
    }

    #[test]
    fn codes_are_read_as_people_write_them() {
        assert_eq!(Lang::parse("zh-CN"), Ok(Lang::ZhCn));
        assert_eq!(Lang::parse("zh_cn"), Ok(Lang::ZhCn));
        assert_eq!(Lang::parse("EN"), Ok(Lang::En));
        let e = Lang::parse("fr").unwrap_err();
        assert!(e.contains("en, zh-CN"), "{e}");
        assert_eq!(serde_json::to_string(&Lang::ZhCn).unwrap(), "\"zh-CN\"");
    }
}
