# The moderated and social debates told in lines (terminal, replay), their moderator's and
# evaluator's offline notes, the words their model prompts fill in, and the terminal's
# prompts for a person at one of their seats.

## Names and lists
panel-participant = Participant { $seat }
panel-list-empty = —
panel-for = for
panel-against = against

## The moderated debate's story
panel-mod-opened = Moderated debate ({ $style }, { $rounds } rounds, { $participants } participants): { $motion }
panel-style-structured = Structured
panel-style-semi_structured = Semi-structured
panel-style-free_flowing = Free-flowing
panel-round-started = -- Round { $round }: { $order } --
panel-spoke = { $name } (round { $round }, { $words }/{ $limit } words): { $text }
panel-speaking = { $name } (round { $round }): { $text }
panel-skipped = { $name } gave no speech in round { $round } (passed, or the time ran out).
panel-post-head = == The moderator on round { $round } ==
panel-post-head-offline = == The moderator on round { $round } (offline-scored) ==
panel-clashes = Clashes: { $list }
panel-clashes-none = none this round (no one took up a point of the other side)
panel-consensus = Consensus: { $list }
panel-consensus-none = none this round
panel-sources = Sources: { $list }
panel-scores-head = Scores (of 30, the mean of two passes):
panel-score = { $name }: { $mean } — { $reason }
panel-final-head = == Final evaluation (of 100, the mean of two passes) ==
panel-final-head-offline = == Final evaluation (offline-scored) (of 100, the mean of two passes) ==
panel-total = { $name }: { $total }
panel-category = { $title }: { $reason }
panel-category-argument_quality = Argument quality
panel-category-rebuttal = Rebuttal effectiveness
panel-category-strategy = Strategic positioning
panel-category-rhetoric = Rhetorical effectiveness
panel-category-integrity = Intellectual integrity
panel-result = == Result: { $scores } — { $outcome }{ $disagreed } ==
panel-result-score = { $name } { $score }
panel-result-win = { $verdict } for { $name }
panel-result-draw = a draw
panel-result-tie = a tie at the top
panel-passes-disagreed = { " " }(the two final passes disagreed on who led: never clear)
panel-victory-clear = Clear victory
panel-victory-narrow = Narrow victory
panel-victory-draw = Draw

## The social debate's story
panel-social-opened = Social debate ({ $rounds } rounds): { $motion }
panel-social-start = { $name } (stance { $stance }, conviction { $conviction })
panel-social-round = -- Round { $round } --
panel-standing = Where each stands after round { $round }: { $minds }.
panel-mind = { $name } { $side } ({ $stance }, conviction { $conviction })
panel-mind-gave-in = { $name } has given in
panel-scored-head = What scored:
panel-scored = { $name } { $total }: { $parts }
panel-part-held = holding its side { $x }
panel-part-influence = persuading others { $x }
panel-part-won-over = winning others over { $x }
panel-part-composure = composure under attack { $x }
panel-part-gave-in = giving in { $x }
panel-rated = (evaluator on { $name }: { $ratings })
panel-rated-offline = (evaluator, offline on { $name }: { $ratings })
panel-rating = { $name } p{ $p } a{ $a } e{ $e }
panel-surrendered = ** { $name } gives in ({ $why }).
panel-surrendered-bonus = ** { $name } gives in ({ $why }); { $to } takes the +20.
panel-why-persuaded = persuaded while its conviction was low
panel-why-wavering = drawn to the middle with little conviction left
panel-why-worn = persuaded three times in a row
panel-why-conceded = conceded
panel-verdict-overwhelming = Overwhelming victory
panel-verdict-clear = Clear advantage
panel-verdict-narrow = Narrow victory

## The offline moderator's notes ([P1] is a participant's label, shown as their name)
panel-note-skipped = Skipped the turn.
panel-note-argued = [P{ $seat }] argued { $claim }
panel-note-claim-quoted = “{ $claim }”
panel-note-no-claim = [P{ $seat }] made no claim of substance.
panel-note-no-sources = No sources were cited with a quotation.
panel-note-nobody = Nobody spoke this round.
panel-note-granted = [P{ $seat }] granted [P{ $by }]'s point: “{ $about }”
panel-note-answered = [P{ $seat }] answered [P{ $by }] on “{ $about }”
panel-final-summary = The final evaluation reads each participant's whole debate: evidence, reasons, points taken up, sentences of substance.

## The offline moderator's final rubric
panel-rubric-none = 0/{ $max }: no speech to judge.
panel-rubric-category = { $score }/{ $max }: { $parts }.
panel-rubric-part = { $title } { $score }/{ $max } ({ $why })
panel-sub-evidence = evidence-based claims
panel-sub-logic = logical structure
panel-sub-relevance = relevance
panel-sub-comprehensiveness = comprehensiveness
panel-sub-precision = precision
panel-sub-counter_evidence = counter-evidence
panel-sub-framing = framing control
panel-sub-adaptability = adaptability
panel-sub-clarity = clarity
panel-sub-persuasiveness = persuasiveness
panel-sub-tone = tone management
panel-sub-concession = concession when appropriate
panel-sub-accuracy = accuracy
panel-m-evidence = { $n } pieces of evidence in { $speeches } speeches
panel-m-reasons = { $n } sentences with a reason
panel-m-on-motion = on the motion in { $on } of { $speeches } speeches
panel-m-substance = { $n } sentences of substance, about { $per } a speech
panel-m-precision = { $n } of { $fresh } fresh sentences of substance
panel-m-counter = { $n ->
    [1] 1 rebuttal with evidence
   *[other] { $n } rebuttals with evidence
}
panel-m-signposts = { $n ->
    [1] 1 signpost
   *[other] { $n } signposts
}
panel-m-engaged = took up { $percent }% of the points put to it
panel-m-readable = readable sentences
panel-m-readable-mostly = readable sentences mostly
panel-m-together = reasons and evidence together
panel-m-insults = { $n } insults
panel-m-no-insults = no insults
panel-m-grants = granted a point { $n } times
panel-m-no-grants = granted no point
panel-m-not-found = { $n } citations not found
panel-m-unchallenged = its evidence unchallenged
panel-m-nothing-to-check = no evidence to check

## Words the model prompts are filled with
panel-llm-none-yet = (none yet)
panel-llm-earlier-round = Round { $round }: { $summary }
panel-llm-earlier = Earlier rounds: { $earlier }
panel-llm-skipped = (skipped the turn)
panel-llm-speech = Round { $round }, { $name }: { $text }
panel-llm-labelled = [{ $label }], round { $round }: { $text }
panel-llm-task-opening = Open your case: your main claims and their evidence.
panel-llm-task-closing = Close: answer what was said against you and sum up why your side should win.
panel-llm-task-middle = Answer the strongest points made against you and advance your case.
panel-llm-grouped = grouped by sub-topic, not by participant
panel-llm-each = what each argued
panel-llm-no-citation = (no citation with a quotation)
panel-llm-nothing-yet = (nothing yet)
panel-stance-strongly-for = strongly for the motion
panel-stance-for = for the motion
panel-stance-undecided = undecided, leaning neither way
panel-stance-against = against the motion
panel-stance-strongly-against = strongly against the motion
panel-conviction-very-firm = very firm
panel-conviction-firm = firm
panel-conviction-open = open to persuasion
panel-conviction-swayed = easily swayed

## At the terminal
panel-help = How to play: when you are called, type your speech over one or more lines and end it with an empty line or a line `.` (what you have typed when the time runs out is handed in). `pass` gives up your turn.{ $concede } `help` shows this; `quit` leaves (the debate is saved); `abandon`, twice, ends it.
panel-help-concede = { " " }`concede`, twice, gives in.
panel-you-pass = You pass this round.
panel-time-up = Time is up: your turn was skipped.
panel-your-turn = >> { $name }, your speech in round { $round }: at most { $limit } words; type it over one or more lines and end it with an empty line or `.` (or `pass`). [{ $secs } s]
panel-handed-in = { $words ->
    [1] Time is nearly up: what you typed (1 word) is handed in.
   *[other] Time is nearly up: what you typed ({ $words } words) is handed in.
}
panel-too-late = Too late: that turn has closed.
panel-not-taken = Not taken: { $error }.
panel-nothing-to-pass = Not your turn: there is nothing to pass.
panel-again = Type { $word } again to be sure; anything else goes on.
panel-you-give-in = You give in.
panel-no-conceding = In a moderated debate there is no conceding: speak, or `pass`.
panel-not-your-turn = Not your turn: wait (`help` lists the commands).
panel-nothing-written = Nothing written yet: type your speech, or `pass` to give up the turn.
panel-count = ({ $words } of { $limit } words)
panel-count-over = ({ $words } of { $limit } words — over the limit)
panel-unfinished = { $words ->
    [1] Your unfinished speech (1 word) was not handed in. It read:
   *[other] Your unfinished speech ({ $words } words) was not handed in. It read:
}
panel-chart = Chart: { $path }
panel-unfinished-debate = The debate ended unfinished.
panel-sides = Sides: { $sides }.
panel-side = { $name }: { $side } the motion
panel-you-are = *** You are participant { $seat } ({ $name }), { $side }. ***
panel-you-watch = Every participant is an AI; you watch.
panel-social-session = Social debate, session { $id } (seed { $seed }): { $motion }
panel-mod-session = Moderated debate, session { $id } (seed { $seed }): { $motion }
panel-resumed-as = session { $id } (seed { $seed }): a debate, resumed; you are participant { $seat } ({ $name })
panel-resumed = session { $id } (seed { $seed }): a debate, resumed
panel-name-ai = P{ $seat } ({ $personality } AI)
panel-name-person = P{ $seat } { $name }

## Every debate's model prompts: the argument bank's headings at a table held in a language
## other than English (the English bank is written by code, unchanged)
debate-llm-bank-framing = Framing: { $framing }
debate-llm-bank-claims = Claims:
debate-llm-bank-claim = - { $claim } ({ $evidence })
debate-llm-bank-rebuttals = Rebuttals, by the other side's point:
debate-llm-bank-rebuttal = - On { $on }: { $text }
debate-llm-bank-questions = Questions you might ask:
