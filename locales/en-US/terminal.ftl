# The lines every game's terminal says alike. $kind: game, debate or trial.
term-paused = { $kind ->
    [debate] !! The debate is paused: { $reason }. Retrying…
    [trial] !! The trial is paused: { $reason }. Retrying…
   *[game] !! The game is paused: { $reason }. Retrying…
}
term-store-back = { $kind ->
    [debate] !! The store is back; the debate goes on.
    [trial] !! The store is back; the trial goes on.
   *[game] !! The game store is back; the game goes on.
}
term-interrupted = { $kind ->
    [debate] Interrupted: the debate is saved; continue it with `agora resume`.
    [trial] Interrupted: the trial is saved; continue it with `agora resume`.
   *[game] Interrupted: the session is saved; continue it with `agora resume`.
}
term-leaving = { $kind ->
    [trial] Leaving: the trial is saved; continue it with `agora resume`.
   *[other] Leaving: the session is saved; continue it with `agora resume`.
}
term-input-closed = { $kind ->
    [trial] Input closed: the trial is saved; continue it with `agora resume`.
   *[other] Input closed: the session is saved; continue it with `agora resume`.
}
term-abandoned = { $kind ->
    [debate] The debate was abandoned.
    [trial] The trial was abandoned.
   *[game] The game was abandoned.
}
