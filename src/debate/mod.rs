//! The debates in the binary: their commands (`play`, `sim`, their part of `resume`) and
//! their view at the terminal (the moderator's calls, speeches typed over several lines
//! with their word count, the free-debate floor, the scorecard; the moderated and social
//! formats' panel).

pub mod commands;
pub mod terminal;
