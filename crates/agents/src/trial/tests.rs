use super::content::{JurorCard, BUILTIN_CASES, BUILTIN_JURORS};
use super::*;
use crate::games::trial::{Impact, Side};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo_content() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

fn stems(dir: &Path, ext: &str) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect()
}

#[test]
fn the_builtin_lists_are_the_content_folders() {
    let cases: BTreeSet<String> = BUILTIN_CASES.iter().map(|c| c.0.to_string()).collect();
    assert_eq!(cases, stems(&repo_content().join("cases"), "toml"));
    let jurors: BTreeSet<String> = BUILTIN_JURORS.iter().map(|c| c.0.to_string()).collect();
    assert_eq!(jurors, stems(&repo_content().join("jurors"), "json"));
    let book = TrialBook::load(Some(&repo_content())).unwrap();
    assert!(book.cases().count() >= 2);
}

#[test]
fn the_sources_jurors_are_as_the_source_has_them() {
    let book = TrialBook::builtin();
    let wang = book.juror("juror_wang").unwrap();
    let w = |t: &str| wang.topic_weights[t];
    assert_eq!(
        (
            w("technical_responsibility"),
            w("external_attack"),
            w("ai_autonomy")
        ),
        (15.0, 20.0, -10.0)
    );
    assert_eq!(
        (
            w("emotional_appeal"),
            w("legal_precedent"),
            w("victim_position")
        ),
        (-5.0, 10.0, 5.0)
    );
    assert_eq!(wang.initial_stance, 0.0);
    assert_eq!(book.juror("juror_liu").unwrap().initial_stance, -20.0);
    assert_eq!(book.juror("juror_chen").unwrap().initial_stance, 15.0);
    let case = book.case("robot_prompt_injection").unwrap();
    assert_eq!(case.topics.len(), 10);
    assert_eq!(case.jurors.len(), 5);
    for j in ["juror_wang", "juror_liu", "juror_chen"] {
        assert!(case.jurors.iter().any(|x| x == j));
    }
}

#[test]
fn each_bank_argument_reads_as_its_topic_offline() {
    let kit = TrialKit::default();
    for case in kit.book.cases() {
        let words = kit.words(case);
        for a in &case.arguments {
            let labels = words.label(&a.text);
            let first = labels.topics.first().map(|t| t.topic.as_str());
            assert_eq!(
                first,
                Some(a.topic.as_str()),
                "{}: {:?} read as {:?}",
                case.id,
                a.text,
                labels.topics
            );
            let impact = labels.topics[0].impact;
            // The defense argues a topic's point; the prosecution argues against it, or
            // argues the topics that cut against the AI (its autonomy, the victim).
            match (a.side, a.topic.as_str()) {
                (Side::Defense, _) => assert_eq!(impact, Impact::Positive, "{}", a.text),
                (Side::Prosecution, "ai_autonomy" | "victim_position") => {
                    assert_eq!(impact, Impact::Positive, "{}", a.text)
                }
                (Side::Prosecution, _) => assert_eq!(impact, Impact::Negative, "{}", a.text),
            }
        }
    }
}

#[test]
fn a_bad_card_names_its_file_and_field() {
    let text = BUILTIN_JURORS
        .iter()
        .find(|j| j.0 == "juror_wang")
        .unwrap()
        .1
        .replace("\"speaker_power\": 1.2", "\"speaker_power\": -1");
    let err = JurorCard::parse("juror_wang", "content/jurors/juror_wang.json", &text).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("juror_wang.json") && msg.contains("speaker_power"),
        "{msg}"
    );

    let dir = std::env::temp_dir().join(format!("agora-trial-content-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cases")).unwrap();
    let case = BUILTIN_CASES[0]
        .1
        .replace("jurors = [\"juror_wang\", ", "jurors = [");
    std::fs::write(dir.join("cases").join("robot_prompt_injection.toml"), case).unwrap();
    let msg = TrialBook::load(Some(&dir)).unwrap_err().to_string();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        msg.contains("robot_prompt_injection.toml") && msg.contains("jurors"),
        "{msg}"
    );
}

#[test]
fn epilogues_follow_the_vote_pattern() {
    let book = TrialBook::builtin();
    let case = book.case("robot_prompt_injection").unwrap();
    assert!(case
        .epilogue(5, 5)
        .starts_with("The jury is unanimous: NOT GUILTY"));
    assert!(case.epilogue(3, 5).starts_with("NOT GUILTY, by a majority"));
    assert!(case.epilogue(2, 5).starts_with("GUILTY, by a majority"));
    assert!(case
        .epilogue(0, 5)
        .starts_with("The jury is unanimous: GUILTY"));
}

/// Offline jurors in deliberation cite only the cards presented, and two jurors do not give
/// the same reason.
#[test]
fn jurors_deliberate_from_what_was_presented_each_in_their_own_words() {
    use crate::games::trial::{Action, Ask, Band, Event, TrialRules};
    use crate::{Agent, Decision};
    let kit = TrialKit::default();
    let case = kit.book.cases().next().unwrap().clone();
    let setup = kit
        .book
        .setup(&case, vec![Side::Defense], TrialRules::default());
    let presented = &case.evidence[0];
    let unshown: Vec<&str> = case.evidence[1..]
        .iter()
        .map(|e| e.title.as_str())
        .collect();
    let mut statements: Vec<String> = Vec::new();
    for index in 0..setup.jurors.len().min(3) {
        let mut juror = offline::OfflineJuror::new(kit.words(&case), &setup, index);
        juror.observe(&Event::Presented {
            player: 1,
            card: presented.id.clone(),
        });
        for (i, text) in statements.iter().enumerate() {
            juror.observe(&Event::Stated {
                round: i as u8 + 1,
                juror: "someone".into(),
                text: text.clone(),
            });
        }
        let ask = Ask::Deliberate {
            round: index as u8 + 1,
            band: Band::Undecided,
        };
        let Decision::Now(Action::Statement { text, .. }) = juror.decide(&ask) else {
            panic!("a statement");
        };
        for title in &unshown {
            assert!(!text.contains(title), "cites {title}, never shown: {text}");
        }
        assert!(!statements.contains(&text), "said twice: {text}");
        statements.push(text);
    }
    assert!(
        statements
            .iter()
            .any(|s| s.to_lowercase().contains(&presented.title.to_lowercase())),
        "{statements:?}"
    );
}
