//! Tests of how an offline debater presses, challenges and rejoins.

use super::*;
use crate::debate::forms::claim_of;

/// The point of ours a question sets against evidence of theirs.
fn ours(_: &str) -> Option<String> {
    Some("human authors deserve protection".into())
}

#[test]
fn a_rejoinder_states_their_point_answers_it_and_reads_back_as_the_answer() {
    let motion = motion_keys("This house would ban homework");
    let theirs = [
        "Moreover, homework builds discipline that pupils carry into adult life. \
         We rest. Clubs teach more, but not for all.",
    ];
    let reply = |_: &Sentence| Some("Discipline grows from clubs and chores.".to_string());
    let out = rejoinders(&theirs, &motion, &|_| false, &|_| false, &reply, 3, 0);
    assert_eq!(
        out,
        [
            "They say that homework builds discipline that pupils carry into adult life, \
          but discipline grows from clubs and chores."
        ]
    );
    // What their rejoinder to it claims is only its answer; a challenge claims nothing.
    assert_eq!(
        claim_of(&out[0]),
        Some("discipline grows from clubs and chores.")
    );
    assert_eq!(
        claim_of("They say that homework works, yet they have shown no evidence for it."),
        None
    );
    // An ordinal a person opens with is no part of the claim.
    assert_eq!(
        claim_of("First, basic income gives every citizen security."),
        Some("basic income gives every citizen security.")
    );
    // A cross-examiner quoting the other side's claim claims nothing of its own.
    assert_eq!(claim_of("You told us: Homework builds habits."), None);
    // A point this side answered before is not answered again.
    let answered = |p: &str| p.starts_with("homework builds");
    assert!(rejoinders(&theirs, &motion, &answered, &|_| false, &reply, 3, 0).is_empty());
    // A granted claim of ours, in either form, claims the claim.
    for head in crate::debate::forms::GRANTED_CLAIMS {
        assert_eq!(
            claim_of(&format!(
                "{head}homework builds habits, because a study found so."
            )),
            Some("homework builds habits")
        );
    }
    assert_eq!(
        claim_of("Summing up, homework builds habits."),
        Some("homework builds habits.")
    );
    assert_eq!(
        claim_of("Sweden, where cash is rare, saw robberies fall."),
        Some("Sweden, where cash is rare, saw robberies fall.")
    );
    // An answer tying a claim to its evidence claims the claim.
    assert_eq!(
        claim_of("We know that homework builds habits, because a study found it."),
        Some("homework builds habits")
    );
    assert_eq!(
        claim_of(
            "The evidence is plain: a study found it, which is why we say that homework \
             builds habits."
        ),
        Some("homework builds habits.")
    );
    let unfinished = ["Summing up, homework gives every pupil discipline and freedom to"];
    assert!(rejoinders(&unfinished, &motion, &|_| false, &|_| false, &reply, 3, 0).is_empty());
    assert_eq!(
        rejoinder(1, "homework works", "it does not."),
        "Even if homework works, the fact remains that it does not."
    );
}

#[test]
fn a_weighed_clash_reads_back_as_our_answer_in_every_form() {
    for (closing, outweighs) in [(true, false), (false, false), (false, true)] {
        for turn in 0..5 {
            let line = weighed(
                turn,
                "homework builds habits.",
                "clubs do it better.",
                closing,
                outweighs,
            );
            assert!(line.starts_with(char::is_uppercase), "{line}");
            assert!(line.contains("homework builds habits"), "{line}");
            assert_eq!(claim_of(&line), Some("clubs do it better."), "{line}");
            let line = weighed(
                turn,
                "homework works",
                "it is real, but clubs help",
                closing,
                outweighs,
            );
            assert!(!line.contains(", but it is real"), "{line}");
            let line = weighed(
                turn,
                "it works because it is set",
                "pupils rest",
                closing,
                outweighs,
            );
            assert_eq!(line.matches("because").count(), 1, "{line}");
        }
    }
}

#[test]
fn a_point_they_backed_anywhere_is_not_one_without_evidence() {
    let motion = motion_keys("This house would ban homework");
    let claim = "Homework builds lasting reading habits in younger pupils.";
    // (A name keeps its capital: "homework" is shown to be a common word.)
    let alone =
        ["Homework builds lasting reading habits in younger pupils. Pupils enjoy homework."];
    let unbacked = challenge(&alone, &motion, &|_| false, &|_| true).unwrap();
    assert!(unbacked.contains("no evidence"), "{unbacked}");
    let backed_earlier = [
        alone[0].to_string(),
        format!("{claim} We know this because a survey of 3,000 pupils found it."),
    ];
    let theirs: Vec<&str> = backed_earlier.iter().map(String::as_str).collect();
    let backed = challenge(&theirs, &motion, &|_| false, &|_| true).unwrap();
    assert!(backed.contains("one finding does not decide"), "{backed}");
}

#[test]
fn presses_their_own_sentence_and_skips_what_was_pressed() {
    let motion = motion_keys("This house would ban homework");
    let theirs =
        ["Homework builds discipline that pupils carry into adult life. Why? Set homework."];
    let q = pressing_questions(&theirs, &motion, &|_| false, &|_| true, &ours, 2)
        .pop()
        .unwrap();
    assert_eq!(
        q,
        "What evidence shows that homework builds discipline that pupils carry into adult life?"
    );
    let again = pressing_questions(&theirs, &motion, &|t| t == q, &|_| true, &ours, 2);
    assert_eq!(again, Vec::<String>::new());
    // Two claims pressed, the same claim said twice pressed once.
    let two = [
        "Homework builds discipline that pupils carry into adult life. \
                Homework builds discipline that pupils carry into later adult life. \
                Tired pupils learn less in lessons the next morning. \
                Why set homework to tired pupils?",
    ];
    let got = pressing_questions(&two, &motion, &|_| false, &|_| true, &ours, 2);
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[1].contains("tired pupils learn less"), "{got:?}");
    let on_homework = |t: &str| t.contains("homework");
    let stock = ["The data on this question is clearer than my opponents admit."];
    assert_eq!(
        pressing_questions(&stock, &motion, &|_| false, &on_homework, &ours, 2),
        Vec::<String>::new()
    );
    assert_eq!(
        linked("A study found more.", 0, &[]),
        "We know this because a study found more."
    );
    // A word the topic writes in lower case is lower-cased; a name keeps its capital.
    let context = [
        "Empty office blocks cost money.",
        "Voters in Australia are fined.",
    ];
    assert_eq!(
        linked("Office rents rose.", 0, &context),
        "We know this because office rents rose."
    );
    assert_eq!(
        linked("Australia fines non-voters.", 1, &context),
        "We say so because Australia fines non-voters."
    );
    // A name the topic writes only as a possessive mid-sentence keeps its capital.
    let context = ["Some outputs even reproduced Getty's watermark."];
    assert_eq!(
        linked("Getty Images sued Stability AI.", 0, &context),
        "We know this because Getty Images sued Stability AI."
    );
    // A capitalised word the topic never writes in lower case: a name when it is
    // capitalised mid-sentence there, else a common word by its ending.
    let context = ["Voting is compulsory in Australia.", "Security matters."];
    assert_eq!(
        attached("In addition,", "Security improves health.", &context),
        "In addition, security improves health."
    );
    assert_eq!(
        attached("Moreover,", "Australia fines non-voters.", &context),
        "Moreover, Australia fines non-voters."
    );
    // A point that opens with its reason is stated with the reason last.
    assert_eq!(
        rejoinder(1, "because it is never withdrawn, the payment removes the trap", "it does not."),
        "Even if the payment removes the trap, because it is never withdrawn, the fact remains that it does not."
    );
}

#[test]
fn presses_a_sentence_opening_on_a_name_or_a_common_word_it_never_lowers() {
    let motion = motion_keys("This house would protect AI art by copyright");
    // "AI" is an acronym and keeps its capital; "Contracts" is a common word, lower-cased,
    // though they never wrote it in lower case. Neither sentence is skipped.
    let theirs = [
        "AI companies are investing billions without copyright on outputs. \
         Contracts, trademarks and trade secrets already protect businesses.",
    ];
    let got = pressing_questions(&theirs, &motion, &|_| false, &|_| true, &ours, 2);
    assert_eq!(
        got,
        [
            "You say that AI companies are investing billions without copyright on outputs: \
             how does that answer the point that human authors deserve protection?",
            "What evidence shows that contracts, trademarks and trade secrets already protect \
             businesses?"
        ]
    );
}

#[test]
fn never_presses_a_sentence_about_the_debaters() {
    let motion = motion_keys("This house would protect AI art by copyright");
    let theirs = [
        "My opponents raise fair concerns about artists and copyright. \
         We would protect works with real human input and creative editing. \
         Machines can produce millions of works a day and swamp the copyright system.",
    ];
    let got = pressing_questions(&theirs, &motion, &|_| false, &|_| true, &ours, 2);
    assert_eq!(got.len(), 1, "{got:?}");
    assert!(got[0].contains("machines can produce millions"), "{got:?}");
}

#[test]
fn a_report_of_what_was_said_is_not_a_claim() {
    assert!(super::reports_speech(
        "Your side says the pilots were small."
    ));
    assert!(super::reports_speech(
        "Con also claimed that jobs would vanish."
    ));
    assert!(super::reports_speech("P2 mentioned the Iceland trial."));
    assert!(!super::reports_speech("Automation will replace many jobs."));
    assert!(!super::reports_speech(
        "A basic income says nothing about work."
    ));
}
