//! The players' kits, built from the configuration and the environment:
//! what `agora` commands, the Discord bot and `agora replay` all open before a game (the
//! model clients of each role when a provider is configured, else the built-in players,
//! said in one line unless `quiet`). Each game's kit is built in its own file; [`Kits`]
//! holds one of every registered game's (the registry's `dispatch::open_kits` opens them).

use crate::config::Config;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Arc;

/// One game's players' kit, of the type that game's players take.
pub type AnyKit = Arc<dyn Any + Send + Sync>;

/// Every registered game's players' kit, opened once per process and looked up by type.
#[derive(Clone, Default)]
pub struct Kits {
    kits: HashMap<TypeId, AnyKit>,
}

impl Kits {
    /// Adds (or replaces) the kit of its type.
    pub fn insert(&mut self, kit: AnyKit) {
        self.kits.insert((*kit).type_id(), kit);
    }

    /// The kit of type `K`, if one was opened.
    pub fn find<K: Any + Send + Sync>(&self) -> Option<&K> {
        self.kits.get(&TypeId::of::<K>())?.downcast_ref()
    }

    /// The kit of type `K`. Panics if no registered game opened one: a game's code asks
    /// only for its own kit, which opening every registered game's kits always opens.
    pub fn get<K: Any + Send + Sync>(&self) -> &K {
        self.find().unwrap_or_else(|| {
            panic!(
                "no kit of type {} was opened: is its game in the registry?",
                std::any::type_name::<K>()
            )
        })
    }
}

/// The database to use: `--db`, else `DATABASE_URL`, else `[store] url`.
pub fn database_url(flag: Option<&str>, config: &Config) -> String {
    flag.map(str::to_string)
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| config.store.url.clone())
}
