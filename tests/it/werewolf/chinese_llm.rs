//! Nine model seats at a Chinese table against the mock LLM: every prompt the model is
//! sent is Chinese outside the players' quoted words (the rules, the public record, the
//! claims record, each seat's private line and night notes, the ask); the only ASCII words
//! are those the Chinese prompt files themselves use (JSON keys and values, `PK`, `AI`).

use agora::agents::werewolf::llm::load_prompts;
use agora::agents::werewolf::WerewolfKit;
use agora::config::Config;
use agora::llm::mock::{MockLlm, MockOptions};
use agora::llm::{Client, Provider};
use agora_core::session::GameSetup;
use agora_core::werewolf::session::SeatSpec;
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// `text` without its double-quoted stretches (fenced speeches, quoted JSON words).
fn outside_quotes(text: &str) -> String {
    let (mut out, mut quoted, mut escaped) = (String::new(), false, false);
    for c in text.chars() {
        match (quoted, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, '"') => quoted = false,
            (true, ..) => {}
            (false, _, '"') => quoted = true,
            (false, ..) => out.push(c),
        }
    }
    out
}

fn ascii_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The ASCII words of the Chinese prompt files, placeholders left out.
fn prompt_words() -> BTreeSet<String> {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/prompts/werewolf/zh-CN");
    let mut words = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let text: String = text.split(['{', '}']).step_by(2).collect();
        words.extend(ascii_words(&text));
    }
    words
}

#[test]
fn a_chinese_tables_model_prompts_hold_no_english_game_word() {
    crate::store::rt().block_on(async {
        let mock = MockLlm::start(MockOptions::default()).await.unwrap();
        let config = Config::load_from(None, &|_| None).unwrap();
        let mut provider = Provider::fixed("werewolf", &mock.base_url(), "mock-model", &config.llm);
        provider.max_concurrency = 16;
        let kit = WerewolfKit {
            llm: Some((Client::new(provider), Arc::new(load_prompts(None).unwrap()))),
            agent_timeout: Duration::from_secs(5),
        };
        let store = crate::store::open(&crate::store::sqlite_url("zh-llm")).await;
        let mut setup = crate::store::ai_setup(1.0);
        setup.seats = (0..9).map(|_| SeatSpec::llm("mock-model")).collect();
        setup.lang = agora_games::Lang::ZhCn;
        let runner = setup
            .create(store, 8, &crate::store::place(), Duration::ZERO, &kit)
            .await
            .unwrap();
        runner.start().wait().await.unwrap();
        let allowed = prompt_words();
        assert!(allowed.contains("target") && !allowed.contains("seat"));
        let bodies = mock.recent_requests();
        assert!(bodies.len() >= 40, "{}", bodies.len());
        let mut private = 0;
        for body in &bodies {
            for message in body["messages"].as_array().unwrap() {
                let text = message["content"].as_str().unwrap();
                let english: Vec<_> = ascii_words(&outside_quotes(text))
                    .difference(&allowed)
                    .cloned()
                    .collect();
                assert!(english.is_empty(), "{english:?} in:\n{text}");
                private += usize::from(text.contains("你知道的：你是 "));
            }
        }
        assert!(private >= 40, "{private} prompts with a private line");
    });
}
