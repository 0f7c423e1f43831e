//! Tests of the debate text helpers.
use super::*;

#[test]
fn a_part_pushed_whole_is_kept_or_left_out_whole() {
    let mut d = Draft::new();
    d.push(0, "Cash reaches people fast.");
    d.push_whole(1, "You ask, \"Why cash?\" Here is the answer.");
    assert_eq!(d.fit(8, '.'), "Cash reaches people fast.");
    assert_eq!(
        d.fit(20, '.'),
        "Cash reaches people fast. You ask, \"Why cash?\" Here is the answer."
    );
}

#[test]
fn keywords_match_words_and_phrases() {
    let w = words_of("The Safety-net fails; taxes rise, and automation's reach grows.");
    assert!(mentions(&w, "safety net"));
    assert!(mentions(&w, "tax"));
    assert!(mentions(&w, "automation"));
    assert!(!mentions(&w, "net safety"));
    assert!(!mentions(&w, "cost"));
    assert!(!mentions(&words_of("the network"), "net"));
}

#[test]
fn sentences_split_at_marks() {
    assert_eq!(
        sentences("One. Two? \"Three!\" 3.5 stays. Four"),
        vec!["One.", "Two?", "\"Three!\"", "3.5 stays.", "Four"]
    );
    // Lines typed without a full stop: a line opening on a capital starts a sentence; a
    // line wrapped mid-sentence does not.
    assert_eq!(
        sentences("First, it gives security\nSecond, it frees people.\nIt costs less,\nThey say."),
        vec![
            "First, it gives security",
            "Second, it frees people.",
            "It costs less,\nThey say."
        ]
    );
    assert_eq!(
        sentences("A payment to every adult\nwould cost too much."),
        vec!["A payment to every adult\nwould cost too much."]
    );
    assert_eq!(summary("A b c d e. F.", 3), "A b c …");
    assert_eq!(summary("A b. F.", 3), "A b.");
}

#[test]
fn drafts_fit_whole_parts_by_priority() {
    let mut d = Draft::new();
    d.push(2, "Hello there friends.");
    d.push(0, "Our main point is this.");
    d.push(1, "A long piece of evidence that goes on and on.");
    d.push(3, "Bye.");
    assert_eq!(d.fit(100, '.'), "Hello there friends. Our main point is this. A long piece of evidence that goes on and on. Bye.");
    assert_eq!(
        d.fit(9, '.'),
        "Hello there friends. Our main point is this. Bye."
    );
    assert_eq!(d.fit(6, '.'), "Our main point is this. Bye.");
    assert_eq!(d.fit(2, '.'), "Bye.");
    let mut q = Draft::new();
    q.push(0, "Why would anyone do that, really?");
    // Not one sentence fits: a short whole question, never one cut short.
    assert_eq!(q.fit(3, '?'), "Why?");
    // Filling: whole sentences only, never one cut short, the words left closed with
    // one short whole sentence, never a pile of closers.
    let filled = d.fill(13, '.');
    assert!(filled.starts_with(&d.fit(13, '.')), "{filled}");
    assert_eq!(words::count(&filled), 13, "{filled}");
    assert_eq!(
        sentences(&filled).len(),
        sentences(&d.fit(13, '.')).len() + 1
    );
    assert!(words::count(&d.fill(12, '.')) <= 12);
    assert_eq!(d.fill(9, '.'), d.fit(9, '.'));
}

#[test]
fn evidence_whose_claim_is_left_out_stands_alone() {
    let mut d = Draft::new();
    d.push(0, "Their case has collapsed.");
    d.push(5, "Cash is dying fast.");
    d.push(
        1,
        "We know this because a 2023 survey found cash use fell by half.",
    );
    assert_eq!(
        d.fit(17, '.'),
        "Their case has collapsed. A 2023 survey found cash use fell by half."
    );
    assert!(d.fit(40, '.').contains("fast. We know this because a 2023"));
    let mut twice = d.clone();
    twice.push(
        2,
        "They say cash is safe, but a 2023 survey found cash use fell by half.",
    );
    twice.retain_unsaid(|_| false);
    assert!(
        !twice.fit(60, '.').contains("We know this"),
        "{}",
        twice.fit(60, '.')
    );
    d.retain_unsaid(|t| t.starts_with("Cash is"));
    assert_eq!(
        d.fit(40, '.'),
        "Their case has collapsed. A 2023 survey found cash use fell by half."
    );
}

#[test]
fn connectors_join() {
    assert_eq!(
        joined("Moreover,", "The taxes rise."),
        "Moreover, the taxes rise."
    );
    assert_eq!(joined("It follows that", "Taxes rise."), "Taxes rise.");
    assert_eq!(
        joined("Moreover,", "OECD studies say so."),
        "Moreover, OECD studies say so."
    );
    assert_eq!(
        joined("Make no mistake:", "I said so."),
        "Make no mistake: I said so."
    );
    assert_eq!(
        joined("In addition,", "Finland's trial found more."),
        "In addition, Finland's trial found more."
    );
    assert_eq!(
        joined("Worse still,", "Banning it fails."),
        "Worse still, banning it fails."
    );
}

#[test]
fn a_sentence_leaning_on_the_one_before_goes_where_it_went() {
    assert!(leans("That is an unworkable line."));
    assert!(!leans("That is why we will win this debate."));
    assert!(!leans(
        "It is plain that the trials were small, short and temporary, and proved little."
    ));
    let mut d = Draft::new();
    d.push(
        1,
        "Putting all AI work in the public domain strips protection from films. That is an \
         unworkable line.",
    );
    d.push(2, "Courts already judge originality every day.");
    let mut said_first = d.clone();
    said_first.retain_unsaid(|t| t.starts_with("Putting"));
    said_first.drop_said();
    assert_eq!(
        said_first.fit(60, '.'),
        "Courts already judge originality every day."
    );
    d.retain_unsaid(|_| false);
    assert!(d
        .fit(60, '.')
        .contains("films. That is an unworkable line."));
}
