# A person debating at the terminal in a team debate: the desk's prompts, what to type, and
# why a line was not taken.
desk-help = How to play: when you are called, type your speech over one or more lines and end it with an empty line or a line `.` (what you have typed when the time runs out is handed in). `pass` gives up your turn (no score). A cross-examiner names who answers on a line of its own. In free debate `floor` asks your team for the floor (start typing at once: it goes in when your captain hands it to you); offered the floor, `hand pro3 <direction>` gives it to a teammate. `note <text>` writes to your team at any time. `help` shows this; `quit` leaves (the debate is saved); `abandon`, twice, ends it.
desk-floor-note = I would like the floor: please hand it to me at our next turn.
desk-unfinished = { $n ->
    [1] Your unfinished { $what } (1 word) was not handed in. It read:
   *[other] Your unfinished { $what } ({ $n } words) was not handed in. It read:
}
desk-what-questions = questions
desk-what-speech = speech
desk-end = type it over one or more lines and end it with an empty line or a line `.` (or `pass`)
desk-ask-question = >> { $me }, cross-examine: name who answers ({ $a } or { $b }) on a line of its own, and type your questions (at most { $limit } words; over is kept but penalised). Only ask: a cross-examiner who answers for the other side loses 2 points; { $end }. [{ $secs } s]
desk-direction = Your captain's direction: { $direction }
desk-ask-speak = >> { $me }, your { $part }: at most { $limit } words (over is kept but penalised); { $end }. [{ $secs } s]
desk-or-hand = Or type `hand { $mate } <direction>` to give the floor to a teammate.
desk-note-empty = Not sent: write the note after `note`.
desk-name-first = Not taken: name who answers first: { $who }.
desk-answers-now = { $seat } answers. Now your questions (at most { $limit } words), then an empty line or `.`:
desk-answers = { $seat } answers.
desk-nothing-written = Nothing written yet: type your speech, or `pass` to give up the turn.
desk-name-on-a-line = Name who answers first, on a line of its own: { $who }.
desk-ready = Ready: your speech goes in as soon as your team hands you the floor (type more to add to it).
desk-count = ({ $words } of { $limit } words{ $over }{ $name })
desk-count-over = { " " }— over the limit: it will be kept and penalised
desk-count-name = ; name who answers on a line of its own: { $who }
desk-typed-before = Not taken: '{ $text }' was typed before this prompt; answer it now.
desk-not-a-seat = Not taken: '{ $who }' is not a seat; e.g. hand { $mate } <direction>.
desk-not-your-turn = Not your turn: wait (in free debate `floor` asks your team for the floor; `note <text>` writes to your team; `help` lists the commands).
desk-floor-only-free = The floor is asked for only in free debate.
desk-floor-yours = The floor is yours already: type your speech.
desk-clock-spent = Your team's free-debate clock is spent.
desk-floor-asked = You have asked for the floor already: type your speech; it goes in when your team hands you the floor.
desk-floor-ask = You ask your team for the floor: your captain hands it to you at your team's next turn, and you are called then. Type your speech now if you like ({ $left } words left on your team's clock); end it with an empty line or `.`.
desk-or = { " " }or{ " " }
desk-team-note = [team { $side }] { $seat } (you): { $text }
desk-too-late = Too late: that turn has closed.
desk-not-taken = Not taken: { $error }.
desk-free-over = Free debate is over before your team handed you the floor.
desk-you-pass = You pass: the turn goes on without you (no score).
desk-time-up = Time is up: your turn was skipped.
desk-floor-goes-in = Your floor speech goes in.
desk-floor-kept = Your floor speech so far ({ $words } of { $limit } words) is kept: go on, and end it with an empty line or `.`.
desk-handed-in = { $words ->
    [1] Time is nearly up: what you typed (1 word) is handed in.
   *[other] Time is nearly up: what you typed ({ $words } words) is handed in.
}
desk-confirm-abandon = Type abandon again to end this debate for good (it cannot be resumed); anything else goes on.
desk-resumed-as = session { $id } (seed { $seed }): a debate, resumed; you are { $seat } ({ $side } the motion)
