//! The social debate's offline evaluator: the source's keyword indicators. A speech's
//! persuasion is 0.3 for each persuasion word it contains (at most 1), its attack 0.4 for
//! each attack word, its evidence 0.35 for each evidence word; every target gets the same
//! rating. Words are matched as the source does, as lower-case substrings of the speech.
//! Beyond the source's words, evidence and reasons are read as the offline judge reads
//! it (see [`super::reading`]): each piece of evidence (a figure, a source named) is worth
//! an evidence word, so a speech citing statistics is not rated as having no evidence. A debate rated this way is marked
//! offline-scored.

use crate::games::debate::social::Rating;

pub const PERSUASION: [&str; 5] = ["however", "consider", "but", "think about", "understand"];
pub const ATTACK: [&str; 5] = ["wrong", "flawed", "incorrect", "mistaken", "fallacious"];
pub const EVIDENCE: [&str; 5] = ["research", "data", "study", "evidence", "statistics"];

/// The same words in Chinese (a Chinese speech is rated by these, matched as substrings;
/// an English one never holds them, so its rating is as before).
pub const PERSUASION_ZH: [&str; 5] = ["然而", "请考虑", "但是", "想想", "理解"];
pub const ATTACK_ZH: [&str; 5] = ["错误", "漏洞", "不对", "站不住", "谬误"];
pub const EVIDENCE_ZH: [&str; 5] = ["研究", "数据", "调查", "证据", "统计"];

fn present(text: &str, words: &[&str]) -> f64 {
    words.iter().filter(|w| text.contains(*w)).count() as f64
}

/// The rating of `speech` for any target.
pub fn rate(speech: &str) -> Rating {
    let lower = speech.to_lowercase();
    let read = super::reading::read(speech, &[]);
    let pieces = read.iter().map(|s| s.evidence).sum::<usize>() as f64;
    Rating {
        persuasion: ((present(&lower, &PERSUASION) + present(speech, &PERSUASION_ZH)) * 0.3)
            .min(1.0),
        attack: ((present(&lower, &ATTACK) + present(speech, &ATTACK_ZH)) * 0.4).min(1.0),
        evidence: ((present(&lower, &EVIDENCE) + present(speech, &EVIDENCE_ZH)).max(pieces) * 0.35)
            .min(1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_counts_once_and_ratings_cap_at_one() {
        let r = rate("However, consider this, but think about it: you are WRONG, wrong, wrong.");
        assert!((r.persuasion - 1.0).abs() < 1e-12);
        assert!((r.attack - 0.4).abs() < 1e-12);
        assert_eq!(r.evidence, 0.0);
        let r = rate("The research data and one study show it.");
        assert!((r.evidence - 1.0).abs() < 1e-12);
        assert_eq!(rate("Plain words.").persuasion, 0.0);
        // Statistics are evidence, with none of the source's words.
        let r = rate("Unemployment fell by 13 percent in 2021, because firms hired.");
        assert!(r.evidence >= 0.7, "{r:?}");
    }

    #[test]
    fn a_chinese_speech_is_rated_by_the_chinese_words() {
        let r = rate("然而，请考虑这一点：你的说法是错误的，研究和数据都表明了这一点。");
        assert!((r.persuasion - 0.6).abs() < 1e-12, "{r:?}");
        assert!((r.attack - 0.4).abs() < 1e-12, "{r:?}");
        assert!((r.evidence - 0.7).abs() < 1e-12, "{r:?}");
    }
}
