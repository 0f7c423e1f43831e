//! The built-in offline player. It keeps a memory of what its seat saw (claims, reports,
//! votes, night deaths) and decides from that alone:
//!
//! - **Seer** checks the most suspicious unchecked seat, claims once she has found a wolf
//!   (or from day 2, or at once when someone else claims seer) and reports every check.
//! - **Witch** saves the first night's victim and later only a trusted seer; poisons a seat
//!   only on strong evidence (a reported wolf who survived the vote, a fake seer).
//! - **Hunter** shoots the most suspicious seat when he is sure enough, else declines.
//! - **Villagers** trust the most credible seer claim (one killed at night, one who did
//!   not frame them, else the first), follow her reports, and read vote records.
//! - **Wolves** follow the first wolf's pick, kill claimed seers and witches first (never
//!   the hunter if they can help it), vote together on the table's favourite good target,
//!   and one of them may claim seer to frame a good seat.
//!
//! `mind` holds the memory and the reasoning; `speech` turns a plan into words the claims
//! reader understands.

mod mind;
mod speech;

pub use mind::Heuristic;
