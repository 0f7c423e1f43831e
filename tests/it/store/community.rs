//! A community's language in the store, on every backend: none until set, set and set
//! again (the last wins, with its time), kept apart per community, and read back by a
//! second handle (another process).

use super::{backends, open, rt};
use agora_games::Lang;

async fn language_round_trip(url: &str) {
    let store = open(url).await;
    // The PostgreSQL test database is shared by runs: communities of this run only.
    let run = agora::session::new_id();
    let guild = format!("guild-{run}");
    let other = format!("other-{run}");
    assert_eq!(store.community_lang(&guild).await.unwrap(), None);
    store
        .set_community_lang(&guild, Lang::ZhCn, 1_700_000_000_000)
        .await
        .unwrap();
    assert_eq!(
        store.community_lang(&guild).await.unwrap(),
        Some(Lang::ZhCn)
    );
    assert_eq!(store.community_lang(&other).await.unwrap(), None);
    store
        .set_community_lang(&other, Lang::ZhCn, 1_700_000_000_001)
        .await
        .unwrap();
    store
        .set_community_lang(&guild, Lang::En, 1_700_000_000_500)
        .await
        .unwrap();
    let again = open(url).await;
    assert_eq!(again.community_lang(&guild).await.unwrap(), Some(Lang::En));
    assert_eq!(
        again.community_lang(&other).await.unwrap(),
        Some(Lang::ZhCn)
    );
    let all = again.community_langs().await.unwrap();
    let mine: Vec<&(String, Lang, i64)> = all.iter().filter(|(c, ..)| c.ends_with(&run)).collect();
    assert_eq!(
        mine,
        [
            &(guild.clone(), Lang::En, 1_700_000_000_500),
            &(other.clone(), Lang::ZhCn, 1_700_000_000_001),
        ]
    );
    store.close().await;
    again.close().await;
}

#[test]
fn a_communitys_language_is_stored_on_every_backend() {
    for url in backends("community-lang") {
        rt().block_on(language_round_trip(&url));
    }
}
