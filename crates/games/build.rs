//! The Fluent files under `locales/` are compiled into the crate by `lang.rs`'s loader:
//! a changed or added file must rebuild the crate (cargo does not see into the macro).

fn main() {
    println!("cargo:rerun-if-changed=../../locales");
}
