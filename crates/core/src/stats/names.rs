//! Names and numbers as people read them on the boards (`agora stats`, `/leaderboard`,
//! `/stats`) and in `agora sessions`: an AI player named the way the table showed it (a
//! debater by its personality's name, `AI · Logical`), never by its internal id
//! (`ai:debater-logical@0.1.0`); numbers rounded, without float noise, never `-0.0`.

use crate::games::Lang;

/// The message `id` in `lang`, if the Fluent files have it (`None`: they do not, so the
/// caller shows the word as stored). The loader answers a missing id with a sentence
/// saying so, which is never a word to show.
pub fn known(lang: Lang, id: &str) -> Option<String> {
    let text = lang.text(id, &[]);
    (text != id && !text.starts_with("Unknown localization key")).then_some(text)
}

/// A stored word (a role, a side, a format: `seer`, `pro`, `defense`) in `lang`: English
/// as stored; another language by its message `stats-group-<word>`, a numbered seat's
/// number kept (`pro2` → `正方 2`); a word without a message as stored.
pub fn word_in(word: &str, lang: Lang) -> String {
    if lang.is_english() {
        return word.to_string();
    }
    let base = word.trim_end_matches(|c: char| c.is_ascii_digit());
    let number = &word[base.len()..];
    match known(lang, &format!("stats-group-{base}")) {
        Some(said) if number.is_empty() => said,
        Some(said) => format!("{said} {number}"),
        None => word.to_string(),
    }
}

/// How the tables showed AI players: the characters they took (a debater's personality:
/// `logical` → `Logical`) and each game's own AI players (`heuristic` → `built-in
/// player`), so that a board names them as the table showed them. The registry's
/// (`registry::stats`: the kits, the content directory) know every registered game's.
pub trait Personas {
    /// The shown name of the character `id`; `None`: not one this build knows.
    fn persona_name(&self, id: &str) -> Option<String>;
    /// The AI agent `agent` (without its version: `heuristic`) as its game's tables
    /// showed it; `None` (the default): no game these know of names it.
    fn ai_name(&self, _agent: &str) -> Option<String> {
        None
    }
}

/// How a board names a player: a person by their stored name; an AI player by what it
/// was at the table, `AI · <name>`: as its game showed it ([`Personas::ai_name`]: a
/// debater by its personality's shown name, the built-in werewolf players as `built-in
/// player`), else a model as `AI · model <model>`, an outside agent by its address.
pub fn shown_name(player: &str, stored: &str, personas: &dyn Personas) -> String {
    let Some(rest) = player.strip_prefix("ai:") else {
        return stored.to_string();
    };
    // `<agent>@<version>`: the version is the build's, not part of the name.
    let agent = rest.rsplit_once('@').map_or(rest, |(a, _)| a);
    let what = if let Some(name) = personas.ai_name(agent) {
        name
    } else if let Some(model) = agent.strip_prefix("llm:") {
        format!("model {model}")
    } else if let Some(url) = agent.strip_prefix("remote:") {
        format!("outside agent at {url}")
    } else {
        agent.replace(['-', '_'], " ")
    };
    format!("AI · {what}")
}

/// How a board names a player in `lang`: English as [`shown_name`]; in another language
/// an AI player by its message `stats-ai-<agent>` when there is one (the built-in
/// players, the built-in debaters' characters: `AI · 内置玩家`), else as in English.
pub fn shown_name_in(player: &str, stored: &str, personas: &dyn Personas, lang: Lang) -> String {
    if !lang.is_english() {
        let agent = player
            .strip_prefix("ai:")
            .map(|rest| rest.rsplit_once('@').map_or(rest, |(a, _)| a));
        if let Some(said) = agent.and_then(|a| known(lang, &format!("stats-ai-{a}"))) {
            return format!("AI · {said}");
        }
    }
    shown_name(player, stored, personas)
}

/// How a person who hid their name (`/privacy web:off`) is shown on the community page:
/// "Player" and four characters of the id's FNV-1a hash, the same on every page.
pub fn hidden_name(player: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in player.bytes() {
        h ^= b as u32;
        h = h.wrapping_mul(0x0100_0193);
    }
    format!("Player {:04x}", h & 0xffff)
}

/// [`hidden_name`] in `lang` (`玩家 1a2b`): the same code, the word in the reader's
/// language.
pub fn hidden_name_in(player: &str, lang: Lang) -> String {
    let name = hidden_name(player);
    match name.strip_prefix("Player ") {
        Some(code) if !lang.is_english() => lang.text("stats-hidden-player", &[("code", code)]),
        _ => name,
    }
}

/// `s` with its first letter upper-cased.
pub fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `x` with `decimals` places as people read it: rounded, no float noise, never `-0.0`;
/// with a `+` when `signed` and above zero (a shift).
pub fn number(x: f64, decimals: usize, signed: bool) -> String {
    let scale = 10f64.powi(decimals as i32);
    let mut r = (x * scale).round() / scale;
    if r == 0.0 || !r.is_finite() {
        r = 0.0; // also turns -0.0 into 0.0
    }
    if signed && r > 0.0 {
        format!("+{r:.decimals$}")
    } else {
        format!("{r:.decimals$}")
    }
}

/// A score as people read it: a whole number as one (`12`), else one decimal (`7.3`).
pub fn amount(x: f64, signed: bool) -> String {
    if (x * 10.0).round() % 10.0 == 0.0 {
        number(x, 0, signed)
    } else {
        number(x, 1, signed)
    }
}

/// A share as a whole percentage: `50%`.
pub fn percent(share: f64) -> String {
    format!("{}%", number(share * 100.0, 0, false))
}

/// `1 game`, `2 games`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// No characters: what a build without personalities shows.
    pub(crate) struct NoPersonas;

    impl Personas for NoPersonas {
        fn persona_name(&self, _id: &str) -> Option<String> {
            None
        }
    }

    #[test]
    fn people_keep_their_names_and_other_ai_players_say_what_they_are() {
        let p = NoPersonas;
        assert_eq!(
            shown_name("ai:llm:gpt-4o@0.1.0", "x", &p),
            "AI · model gpt-4o"
        );
        assert_eq!(
            shown_name("ai:remote:http://x@0.1.0", "x", &p),
            "AI · outside agent at http://x"
        );
        assert_eq!(shown_name("ai:odd_bot-2", "x", &p), "AI · odd bot 2");
        assert_eq!(shown_name("terminal:ann", "ann", &p), "ann");
        assert_eq!(shown_name("discord:42", "Bob", &p), "Bob");
    }

    #[test]
    fn stored_words_are_said_in_the_readers_language() {
        assert_eq!(word_in("seer", Lang::En), "seer");
        assert_eq!(word_in("seer", Lang::ZhCn), "预言家");
        assert_eq!(word_in("pro2", Lang::ZhCn), "正方 2");
        assert_eq!(word_in("pro2", Lang::En), "pro2");
        assert_eq!(
            word_in("jester", Lang::ZhCn),
            "jester",
            "unknown: as stored"
        );
        assert_eq!(known(Lang::ZhCn, "stats-no-such-message"), None);
        let p = NoPersonas;
        let zh = |id: &str| shown_name_in(id, "x", &p, Lang::ZhCn);
        assert_eq!(zh("ai:heuristic@0.1.0"), "AI · 内置玩家");
        assert_eq!(zh("ai:debater-logical@0.1.0"), "AI · 逻辑型");
        assert_eq!(zh("ai:llm:gpt-4o@0.1.0"), "AI · model gpt-4o");
        assert_eq!(zh("terminal:张三"), "x");
        assert_eq!(
            shown_name_in("ai:heuristic@0.1.0", "x", &p, Lang::En),
            "AI · heuristic"
        );
    }

    #[test]
    fn numbers_have_no_float_noise() {
        assert_eq!(number(34.59088784204802, 1, true), "+34.6");
        assert_eq!(number(-2.279999999999987, 1, true), "-2.3");
        assert_eq!(number(-0.01, 1, true), "0.0");
        assert_eq!(number(-0.01, 1, false), "0.0");
        assert_eq!(number(7.25, 2, false), "7.25");
        assert_eq!(amount(12.0, false), "12");
        assert_eq!(amount(-3.0000000001, false), "-3");
        assert_eq!(amount(72.349, false), "72.3");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(2.0 / 3.0), "67%");
        assert_eq!(count(1, "game", "games"), "1 game");
        assert_eq!(count(2, "game", "games"), "2 games");
    }
}
