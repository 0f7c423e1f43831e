//! Werewolf in the binary: its commands (`play`, `sim`, `agent serve`, its part of
//! `resume`) and its view at the terminal (the night and the day, typed answers, the
//! ending and the scoreboard).

pub mod commands;
pub mod terminal;
