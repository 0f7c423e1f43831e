//! Recorded games (`agora sim … --record DIR` writes one JSON file per game) and stored
//! sessions, told as a story: the god view, or exactly what one seat saw (`--seat N`).
//! Each game tells its own in its file here ([`werewolf`], [`debate`], [`trial`]); the
//! registry (`registry::dispatch::story_of_file`, `story_of_session`) picks the game: a
//! file by its `"game"` (a file without one is the untagged game's), a stored session by
//! its kind.
