//! The Discord surface (serenity + poise live here and nowhere else).
//!
//! - [`text`]: player text made safe to post; component `custom_id`s that carry the
//!   session and the ask's sequence number.
pub mod text;
