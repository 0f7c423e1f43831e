//! The debates told in lines: `team` for the four-stage team debate (its lines and
//! scorecard), `panel` for the moderated and social debates (their lines and
//! charts).

pub mod panel;
pub mod team;
