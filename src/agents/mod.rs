//! Deciders for AI seats.
