//! Rebuilds the crate when a Fluent file changes: `lang.rs` compiles `locales/` in with a
//! macro that reads the files itself, so Cargo would not otherwise see them.

fn main() {
    println!("cargo:rerun-if-changed=../../locales");
}
