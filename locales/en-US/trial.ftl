# The AI trial: its story (the terminal and replays), what a person at the terminal is told,
# the jurors' hints and the rules' refusals, the words the offline jurors fill in, and the
# small pieces of the model's prompts written in code. Arguments are names, numbers already
# formatted ("+3.00") and words given by other keys. Spacing around a line (indents, the
# blank line before an epilogue) is the code's.

## Words
trial-advocate-ai = Advocate { $n } (AI)
trial-player = Player { $n }
trial-mode-defense = defense
trial-mode-adversarial = adversarial
trial-side-defense = defense
trial-side-prosecution = prosecution
trial-vote-not-guilty = NOT GUILTY
trial-vote-guilty = GUILTY
trial-impact-positive = Positive
trial-impact-negative = Negative
trial-impact-neutral = Neutral
trial-offline = offline

## The story, one event a line
trial-title = == { $title } ==
trial-question = The question: { $question }
trial-mode-players = Mode: { $mode }; players: { $players }
trial-player-side = { $player } ({ $side })
trial-the-jury = The jury:
trial-juror-intro = { $name }, { $occupation }: “{ $first }”
# $who is "A → B" (a player to a juror, a juror to a player) or a juror's name.
trial-to = { $from } → { $to }
trial-spoken = { $who }: { $text }
# A juror's answer to a player with its hint (hints = labels).
trial-hint = { $line }  ({ $hint })
trial-presents = ** { $player } presents evidence: { $title }. { $text }
trial-rests = { $player } rests.
trial-closed-by = == { $player } calls for the verdict: the argument is closed ==
trial-closed = == The argument is closed ==
trial-round = -- Deliberation, round { $round }: { $juror } speaks --
trial-verdict = == The verdict: { $vote } ({ $n } of { $total } for NOT GUILTY) ==
trial-verdict-juror = { $juror }: { $vote } (stance { $from } → { $to }, moved { $moved })
# The moderator's lines (replay --detail): a message's labels, a card's and a statement's moves.
trial-heard = { $juror }{ $offline }: topics { $topics }{ $dropped }; moved { $moved } → { $stance }
trial-offline-labelled = , offline-labelled
trial-topics-none = none
trial-topic-impact = { $topic } ({ $impact })
trial-dropped = ; dropped { $dropped }
trial-weighed = { $card }: { $moves }

## The terminal
trial-started = Trial, session { $session } (seed { $seed }), offline jurors (the case's keywords label what is said).
trial-you-are = *** You are { $player } ({ $side }). Type quit to leave (the trial is saved), abandon to end it. ***
trial-you-watch = Every player is an AI advocate; you watch.
trial-resumed-as = session { $session } (seed { $seed }): a trial, resumed; you are { $player }
trial-resumed = session { $session } (seed { $seed }): a trial, resumed
trial-help = Type `<juror>: <message>` to speak to a juror, `evidence <card>`, `jurors`, `cards`, `rest` (you are done), `verdict` (close the argument now), `quit` or `abandon`.
trial-confirm-abandon = Type abandon again to be sure; anything else goes on.
trial-juror-line = { $name } ({ $occupation })
trial-juror-left = { $name } ({ $occupation }): { $n } messages left
trial-card-line = { $id } — { $title }
trial-card-presented = { $id } — { $title } (presented)
trial-no-card = No such card: type `cards` to see them.
# $who is the name typed, quoted.
trial-no-juror = No juror called { $who }: type `jurors` to see them.
trial-not-taken = Not taken: { $why }.
trial-chart = Chart: { $path }
trial-unfinished = The trial ended unfinished.
trial-kit = Trial AI: jurors { $jurors }, advocates { $advocates } ({ $cases } cases; set LLM_API_KEY, or JUROR_/ADVOCATE_LLM_API_KEY, for models)

## The rules' refusals
trial-refused-over = the trial is over
trial-refused-no-seat = there is no seat { $seat }
trial-refused-closed = the argument is closed: the jury is deliberating
trial-refused-no-juror = there is no juror "{ $juror }" in this trial
trial-refused-no-turns = you have used all { $turns } of your messages to { $juror }
trial-refused-no-card = there is no evidence card "{ $card }" in this case
trial-refused-presented = evidence "{ $card }" has already been presented
trial-refused-empty = an empty message: say something
trial-refused-rested = you have rested your case

## The source's five vague labels (hints = labels), from the player's side
trial-hint-disagrees = Doesn't seem to agree with you
trial-hint-doubts = Seems to have some doubts
trial-hint-neutral = Neutral attitude
trial-hint-considering = Seems to be considering your viewpoint
trial-hint-agrees = Seems to agree with you

## Where a juror stands, as its prompt says it (never a number)
trial-band-strongly-guilty = You currently strongly believe the AI is guilty, and it will take very compelling arguments to change your mind.
trial-band-leans-guilty = You currently lean toward believing the AI is guilty, but are willing to hear different opinions.
trial-band-undecided = You currently have no clear position, carefully weighing arguments from both sides.
trial-band-leans-not-guilty = You currently lean toward believing the AI is not guilty, but still have some doubts.
trial-band-strongly-not-guilty = You currently strongly believe the AI is not guilty, unless there's major counterevidence.

## What the offline jurors fill in when there is nothing else
# {second} of a "what would convince you" answer with one way only.
trial-nothing-else = nothing else
# A juror's topic when its case has none (a stored trial whose case has left the content).
trial-the-case = the case
# Whom a juror answers in deliberation when the speaker has no name.
trial-friend = friend
# The topic of an opening when the juror weighs none of the case's.
trial-what-happened = what happened

## The pieces of the models' prompts written in code
trial-prompt-first = (this is the first thing they say to you)
trial-prompt-nothing-held = nothing you could hold on to
trial-prompt-nothing-said = (nothing was said to you)
trial-prompt-a-juror = A juror
trial-prompt-said = - { $player }: { $text }
trial-prompt-to-you = - { $player } to you: { $text }
trial-prompt-you = - You: { $text }
trial-prompt-evidence = - Evidence, { $title }: { $text }
trial-prompt-juror-said = - { $juror } (juror): { $text }
trial-prompt-you-to = - You to { $juror }: { $text }
trial-prompt-player-to = - Player { $n } to { $juror }: { $text }
trial-prompt-juror-to = - { $juror } to Player { $n }: { $text }
trial-prompt-hint = ({ $hint })
trial-prompt-card = { $id } ({ $title }: { $text })
trial-prompt-presented = - Player { $n } presented { $card }
trial-prompt-nothing-yet = (nothing yet)
trial-prompt-none = none
trial-prompt-about = { $name }, { $age }, { $occupation }. { $background }
