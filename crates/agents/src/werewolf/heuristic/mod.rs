//! The built-in offline player. It keeps a memory of what its seat saw (claims, reports,
//! votes, night deaths) and decides from that alone:
//!
//! - **Seer** checks the most suspicious unchecked seat, claims once she has found a wolf
//!   (or from day 2, or at once when someone else claims seer) and reports every check.
//! - **Witch** saves the first night's victim and later only a trusted seer; poisons a seat
//!   only on strong evidence (a reported wolf who survived the vote, a fake seer).
//! - **Hunter** shoots the most suspicious seat when he is sure enough, else declines.
//! - **Villagers** weigh rival seer claims on evidence (`reason::seer_credit`): killed at
//!   night or seen attacked by the witch, reports that fit the deaths and each other, a
//!   counter-claim whose "check" is the rival who claimed first, an accusation left
//!   unanswered though the claimer had a turn to answer; never who spoke last. Too close
//!   to call, each seat leans its own way and says so, and does not vote a claimer out
//!   on a lean. They follow the trusted seer's reports (saying whose they are) and read
//!   vote records; saying nothing counts against a seat only when there was something
//!   to answer.
//! - **Wolves** follow the first wolf's pick, kill claimed seers and witches first (never
//!   the hunter if they can help it), vote together on the table's favourite good target,
//!   and one of them may claim seer first to frame a good seat, or counter-claim a good
//!   seat's seer claim (rarely naming her as his "check": that is easily read).
//!
//! - On the larger boards (`boards`): the **guard** guards the trusted seer, else
//!   himself, never one seat twice running; the **wolf king** shoots like a sure hunter
//!   turned round (the most trusted good seat); the **white wolf king** explodes to take a
//!   trusted seer who has named him; seers and a wolf or two run for **sheriff**, the
//!   others elect the seat they trust most; a dying sheriff passes the badge to the seat
//!   he trusts most (a wolf tears it); the sheriff calls the vote he would cast.
//!
//! Every choice between equals is drawn with the seat's seeded RNG, never by seat order.
//!
//! `mind` holds the memory, `reason` the suspicion and the choices, `talk` plans speeches,
//! `speech` puts a plan into words from the phrasebook that `phrases` loads and checks
//! (`content/werewolf/speeches.toml`), part by part (`slots`).

mod boards;
mod campaign;
mod mind;
pub mod phrases;
mod reason;
mod slots;
pub mod speech;
mod talk;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_boards;
#[cfg(test)]
mod tests_nine;
#[cfg(test)]
mod tests_person;

pub use mind::{Heuristic, Mind, NineSeats};
pub use phrases::{install_from_env as install_speeches, phrasebook, phrasebook_in, Phrasebook};
