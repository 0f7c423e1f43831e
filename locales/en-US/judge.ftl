# The offline team-debate judge's notes on each speech and its final review.
judge-n-questions = { $n ->
    [1] 1 question
   *[other] { $n } questions
}
judge-n-points = { $n ->
    [1] 1 point
   *[other] { $n } points
}
judge-n-sentences = { $n ->
    [1] 1 sentence
   *[other] { $n } sentences
}
judge-n-pieces = { $n ->
    [1] 1 piece
   *[other] { $n } pieces
}
judge-from-questions = { $seat }'s questions
judge-from-speech = { $seat }'s speech before it
judge-from-other-side = the other side
judge-words-over = { $words } words, over the limit of { $limit }
judge-words-share = { $words } words (limit { $limit }, a fair share of the clock { $share })
judge-words = { $words } words (limit { $limit })
judge-answered = answered { $answered } of the { $asked } asked
judge-took-up = took up { $taken } of the { $raised } { $where }
judge-where-raised = raised
judge-where-in = in { $from }
judge-example = ("{ $quote }")
judge-no-new-point = no new point of substance to take up in { $from }
judge-nothing-to-answer = nothing of the other side's to answer yet
judge-pressing = { $questions } pressing a point of theirs with something of its own
judge-quoting = { $sentences } quoting the other side to answer them
judge-reasons = { $sentences } with a reason, { $pieces } of evidence (figures, sources named)
judge-repeated = { $sentences } already said in this debate, earning nothing
judge-hollow = { $n } of { $fresh } without a reason, evidence or a point of substance
judge-off-motion = nothing on the motion
judge-note = Offline judge: { $parts }.
judge-rule-compliance = Rule compliance { $score } ({ $costs })
judge-cost-over = over the limit −5
judge-review = Offline review of the debate on "{ $motion }", from the arguments each side made.
judge-review-none = { $spoke ->
    [1] { $side } gave 1 speech without pressing a clear claim.
   *[other] { $side } gave { $spoke } speeches without pressing a clear claim.
}
judge-review-ground = { $side }'s strongest ground was that { $claim } (made in { $n } of its { $spoke } speeches)
judge-review-as-often = , and, as often, that { $claim }
judge-review-behind = , with the point that { $claim } close behind (made in { $n })
judge-review-skipped = { $n ->
    [1] 1 turn was passed or missed.
   *[other] { $n } turns were passed or missed.
}
