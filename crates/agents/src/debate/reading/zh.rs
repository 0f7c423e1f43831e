//! Chinese sources named. Chinese has no capitals to show a name, so a source is read from
//! its shape: a name before a source head ("芬兰的试点", "阿拉斯加永久基金", "斯坦福的研究"),
//! as "the Stanford study" or "in Finland" is in English, or an attribution ("根据拉扎德的
//! 分析", "据统计"), as "according to" is. The word lists are in
//! `content/debate/reading.toml` (`source_heads_zh`, `not_name_ends_zh`, `name_starts_zh`,
//! `according_zh`, `hearsay_zh`).

use super::{is_cjk, list, WORDS};

/// The most characters of a name a mark keeps, a Latin word counting as one (Chinese runs
/// on: what stands before a name is often the rest of its clause).
const NAME_CHARS: usize = 6;

/// A character a name is written in: Han, or a Latin letter or digit ("GiveDirectly项目").
fn in_name(c: char) -> bool {
    is_cjk(c) || c.is_ascii_alphanumeric()
}

/// Whether a word ending in `c` names nothing (a pronoun, a measure word, a verb's ending).
fn ends_no_name(c: char) -> bool {
    list(&WORDS.not_name_ends_zh).any(|e| e.chars().eq([c]))
}

/// Where the name ending at `end` begins: at most [`NAME_CHARS`] characters back, within
/// its run of name characters.
fn name_start(chars: &[char], end: usize) -> usize {
    let mut start = end;
    for _ in 0..NAME_CHARS {
        match start.checked_sub(1).map(|k| chars[k]) {
            Some(c) if c.is_ascii_alphanumeric() => {
                while start > 0 && chars[start - 1].is_ascii_alphanumeric() {
                    start -= 1;
                }
            }
            Some(c) if is_cjk(c) => start -= 1,
            _ => break,
        }
    }
    start
}

/// `name` less the prepositions and conjunctions it begins with ("在芬兰" → "芬兰").
fn bare(mut name: &[char]) -> &[char] {
    loop {
        let start = list(&WORDS.name_starts_zh)
            .filter(|s| name.starts_with(&s.chars().collect::<Vec<_>>()))
            .map(|s| s.chars().count())
            .max();
        match start {
            Some(n) if n < name.len() => name = &name[n..],
            _ => return name,
        }
    }
}

/// Each source the sentence `own` (less what it quotes) names, once: the name and its
/// head ("芬兰试点"), or the attribution and what follows it ("根据拉扎德").
pub(super) fn sources(own: &str) -> Vec<String> {
    let chars: Vec<char> = own.chars().collect();
    let mut out: Vec<String> = Vec::new();
    let mut add = |m: String| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    for head in list(&WORDS.source_heads_zh) {
        let head_chars: Vec<char> = head.chars().collect();
        for at in (0..chars.len()).filter(|&i| chars[i..].starts_with(&head_chars)) {
            let end = match at.checked_sub(1) {
                Some(j) if chars[j] == '的' => j,
                _ => at,
            };
            let name = bare(&chars[name_start(&chars, end)..end]);
            let Some(&last) = name.last() else { continue };
            // "研究报告": a head before a head is no name.
            let after_head = list(&WORDS.source_heads_zh)
                .any(|h| name.ends_with(&h.chars().collect::<Vec<_>>()));
            if name.len() >= 2 && !ends_no_name(last) && !after_head {
                add(name.iter().chain(&head_chars).collect());
            }
        }
    }
    for by in list(&WORDS.according_zh) {
        let by_chars: Vec<char> = by.chars().collect();
        for at in (0..chars.len()).filter(|&i| chars[i..].starts_with(&by_chars)) {
            let clause_start = at == 0 || !in_name(chars[at - 1]);
            if by_chars.len() == 1 && !clause_start {
                continue;
            }
            let next = at + by_chars.len();
            let named: String = chars[next..].iter().take_while(|c| in_name(**c)).collect();
            let named: String = named.chars().take(NAME_CHARS).collect();
            let said: String = chars[at..(at + 2).min(chars.len())].iter().collect();
            let Some(first) = named.chars().next() else {
                continue;
            };
            if !ends_no_name(first) && !list(&WORDS.hearsay_zh).any(|h| h == said) {
                add(format!("{by}{named}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sources;

    #[test]
    fn a_name_before_a_source_head_is_a_source() {
        assert_eq!(
            sources("芬兰的试点和阿拉斯加永久基金都说明了这一点。"),
            ["芬兰试点", "阿拉斯加永久基金"]
        );
        assert_eq!(sources("在芬兰的试点中，领取者更健康。"), ["芬兰试点"]);
        assert_eq!(
            sources("斯坦福大学的研究发现了同样的结果。"),
            ["斯坦福大学研究"]
        );
        assert_eq!(
            sources("肯尼亚GiveDirectly项目覆盖的村庄"),
            ["肯尼亚GiveDirectly项目"]
        );
        // A head after a head names nothing more: one source.
        assert_eq!(sources("斯坦福研究报告指出"), ["斯坦福研究"]);
    }

    #[test]
    fn a_pronoun_a_quantity_or_a_verb_before_a_head_names_nothing() {
        for text in [
            "这项研究说明不了什么。",
            "很多调查都这么说。",
            "我们的数据更可靠。",
            "你方的报告站不住。",
            "我们做过实验。",
            "最新的研究表明如此。",
            "两年的试点太短了。",
            "研究表明，基本收入有用。",
            "没有任何数据。",
        ] {
            assert!(sources(text).is_empty(), "{text}: {:?}", sources(text));
        }
    }

    #[test]
    fn an_attribution_names_a_source_but_hearsay_and_pronouns_do_not() {
        assert_eq!(
            sources("根据拉扎德（Lazard）的成本分析，核电更贵。"),
            ["根据拉扎德"]
        );
        assert_eq!(sources("据统计，失业率下降了。"), ["据统计"]);
        assert_eq!(sources("据Our World in Data估算，核电很安全。"), ["据Our"]);
        for text in [
            "据说这样不行。",
            "据了解，情况复杂。",
            "根据你的逻辑，谁都不用工作。",
            "这些数据和证据都不够。",
            "这话毫无根据。",
        ] {
            assert!(sources(text).is_empty(), "{text}: {:?}", sources(text));
        }
    }
}
