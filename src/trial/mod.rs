//! The trial in the binary: its commands (`play`, `sim`, its part of `resume`) and its
//! view at the terminal (the case, messages to jurors by name, evidence, deliberation,
//! the verdict).

pub mod commands;
pub mod terminal;
