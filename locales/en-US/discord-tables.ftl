# What every game's table on Discord says alike (crates/discord/src/tables.rs, game_table.rs,
# events.rs, guards.rs, send.rs): stop and status, refusals, stale and failed clicks.

table-what-game = game
table-what-debate = debate
table-what-trial = trial
table-none = There is no game in this channel.
table-none-open = There is no game in this channel. Open one with { $open }.
table-none-what = There is no { $what } in this channel.
table-starting = The { $what } is starting; try again in a moment.
table-stop-who = Only the host or a moderator (Manage Messages) can stop this { $what }.
table-stopped-abandoned = 🛑 { $user } stopped the { $what } (recorded as abandoned).
table-stopped = 🛑 { $user } stopped the { $what }.
table-lobby-closed = 🛑 The { $what } lobby is closed.
table-taken = A game is already open in this channel (one per channel): { $link }
table-old-lobby = That lobby has closed: this button belongs to an earlier game in this channel.
table-lobby-ended = That lobby has closed: its game has ended.
table-choice-closed = That choice has closed.
table-form-moved = That form could not open just now (the game moved to another bot process): press the button again.
table-form-failed = Something went wrong with that form: check the game's messages and try again if needed.
table-click-failed = Something went wrong with that click: check the game's messages and try again if needed.
table-command-failed = Something went wrong: { $error }. Nothing was changed; try again.
table-slow-clicks = Slow down: too many clicks. Try again in a few seconds.
table-slow-command = Slow down: try again in { $secs } s.
