//! The reader's unit tests.

use super::*;

#[test]
fn the_word_lists_read_and_none_is_empty_or_spaced() {
    for (name, words) in [
        ("common", &WORDS.common),
        ("reasons", &WORDS.reasons),
        ("sources", &WORDS.sources),
        ("contrast", &WORDS.contrast),
        ("signposts", &WORDS.signposts),
        ("frame", &WORDS.frame),
        ("attribution_verbs", &WORDS.attribution_verbs),
        ("attribution_speakers", &WORDS.attribution_speakers),
        ("evidence_zh", &WORDS.evidence_zh),
        ("source_heads_zh", &WORDS.source_heads_zh),
        ("not_name_ends_zh", &WORDS.not_name_ends_zh),
        ("name_starts_zh", &WORDS.name_starts_zh),
        ("according_zh", &WORDS.according_zh),
        ("hearsay_zh", &WORDS.hearsay_zh),
    ] {
        assert!(
            list(words).all(|w| !w.is_empty() && w.trim() == w),
            "{name}: {words:?}"
        );
    }
    assert!(list(&WORDS.sources).any(|w| w == "according to"));
}

fn m(motion: &str) -> Vec<String> {
    keys(motion)
}

#[test]
fn keys_stem_drop_common_words_and_pair_chinese() {
    assert_eq!(keys("Taxes and taxing the tax"), vec!["tax"]);
    assert_eq!(
        keys("This is a really complicated question"),
        Vec::<String>::new()
    );
    assert_eq!(keys("基本收入"), vec!["基本", "本收", "收入"]);
    assert!(keys("In 2022 nearly 13 percent").contains(&"2022".to_string()));
}

#[test]
fn reasons_evidence_and_quotes() {
    let motion = m("This house believes remote work is better than working in an office");
    let s = Sentence::read(
        "Commuting costs an hour a day, which means 200 hours a year.",
        &motion,
    );
    assert!(s.reason && s.evidence == 1);
    let s = Sentence::read(
        "A Stanford experiment found staff were more productive.",
        &motion,
    );
    assert!(s.evidence > 0 && !s.reason);
    // Testimony and cases observed are evidence too.
    let s = Sentence::read(
        "Carers have described remote work as the first job they could keep.",
        &motion,
    );
    assert!(s.evidence > 0, "{s:?}");
    let s = Sentence::read("There are good points on both sides of this.", &motion);
    assert!(!s.reason && s.evidence == 0 && s.keys.is_empty());
    let s = Sentence::read(
        "You ask \"why should carers commute daily?\" Fine.",
        &motion,
    );
    assert!(!s.keys.iter().any(|k| k == "carer"), "{:?}", s.keys);
    assert!(Sentence::read("四分之一的人因为通勤而辞职。", &motion).reason);
}

#[test]
fn their_figures_restated_are_not_evidence_of_ones_own() {
    let motion = m("This house believes remote work is better than working in an office");
    let theirs = read(
        "A Stanford study found staff were 13 percent more productive at home.",
        &motion,
    );
    let text = "They say that staff were 13 percent more productive at home, but that \
                was call-centre work. Commuting costs each worker 200 hours a year.";
    let r = Reading::of(text, &motion, &[], &theirs, &[], &[]);
    assert_eq!(r.evidence, 1, "{r:?}");
    let r = Reading::of(text, &motion, &[], &[], &[], &[]);
    assert_eq!(r.evidence, 3, "{r:?}");
}

#[test]
fn weighing_one_point_against_another_is_reasoning() {
    let motion = m("This house believes remote work is better than working in an office");
    let weighed = Sentence::read(
        "Whatever weight they give to lost mentoring, it does not outweigh two hours a \
         day given back to every worker.",
        &motion,
    );
    assert!(weighed.reason, "{weighed:?}");
}

#[test]
fn taking_up_answering_and_repeats() {
    let motion = m("This house believes remote work is better than working in an office");
    let point = Sentence::read(
        "Juniors learn far less from mentors they never meet.",
        &motion,
    );
    let q = Sentence::read(
        "How will juniors learn from mentors on video calls?",
        &motion,
    );
    let earlier = read(
        "Offices cost firms a fortune in rent every single month.",
        &motion,
    );
    let r = Reading::of(
        "Juniors learn from mentors through weekly calls, because structure matters more \
         than a shared desk. Offices cost firms a fortune in rent every month.",
        &motion,
        &earlier,
        &[],
        std::slice::from_ref(&point),
        std::slice::from_ref(&q),
    );
    assert_eq!(
        (r.taken_up, r.answered, r.repeated, r.reasons),
        (1, 1, 1, 1)
    );
    let r = Reading::of("Remote work is better.", &motion, &[], &[], &[point], &[q]);
    assert_eq!((r.taken_up, r.answered, r.substantive), (0, 0, 0));
}

#[test]
fn a_why_question_is_answered_by_a_reason_on_its_subject_and_signposts_are_brief() {
    let motion = m("This house would ban social media for children under 16");
    let q = Sentence::read(
        "Even granting that children need to learn to use social media safely, and a ban \
         simply delays that learning, why should that decide this debate?",
        &motion,
    );
    let answer = "Here is the answer. It decides it because a ban teaches nothing: at \
                  sixteen a child meets the same feeds with no practice.";
    let r = Reading::of(answer, &motion, &[], &[], &[], std::slice::from_ref(&q));
    assert_eq!((r.answered, r.brief, r.substantive), (1, 1, 1));
    // Without a reason it does not answer why.
    let r = Reading::of(
        "It decides a great deal at sixteen.",
        &motion,
        &[],
        &[],
        &[],
        &[q],
    );
    assert_eq!(r.answered, 0);
    // Two key words about the motion's own subject make a claim of its own.
    let s = Sentence::read("Social media steals sleep.", &motion);
    assert!(s.claims(), "{s:?}");
    assert!(!Sentence::read("The evidence points one way.", &motion).claims());
}

/// A Chinese speech naming its sources counts them as an English one does: "芬兰的试点"
/// and "阿拉斯加永久基金" as "the pilot in Finland" and "the Alaska Permanent Fund", an
/// attribution ("根据…", "据…报道") as "according to"; a sentence naming none counts none,
/// in either language.
#[test]
fn chinese_sources_named_count_as_english_ones_do() {
    let evidence = |text: &str| Reading::of(text, &[], &[], &[], &[], &[]).evidence;
    let zh = "芬兰的试点和阿拉斯加永久基金都说明，无条件发钱并不会让人们停止工作。";
    let en = "The pilot in Finland and the Alaska Permanent Fund both show that \
              unconditional cash does not stop people working.";
    assert_eq!(evidence(zh), 2, "{:?}", read(zh, &[]));
    assert_eq!(evidence(en), 2, "{:?}", read(en, &[]));
    let zh = "根据斯坦福大学的研究，领取者更愿意创业。据媒体报道，阿拉斯加的居民支持这项分红。";
    let en = "According to a Stanford study, recipients start more businesses. \
              Reports say residents of Alaska support the dividend.";
    assert!(evidence(zh) >= 3, "{:?}", read(zh, &[]));
    assert!(evidence(en) >= 3, "{:?}", read(en, &[]));
    for text in [
        "我们认为这个方案行不通，因为人们会停止工作。",
        "We think the plan fails, because people will stop working.",
        "据说这样不行，你方的说法站不住。",
    ] {
        assert_eq!(evidence(text), 0, "{text}: {:?}", read(text, &[]));
    }
}
